// An independent check of a board's value for docs/board-sizes.md: Connect
// Four's empty W x H board solved by plain alpha-beta over a naive grid (no
// bitboards, no engine code), win/draw/loss only, with a table of bounds
// keyed by the board's cells in base 3. Small boards only (6x4: 3 s).
//
//   g++ -O2 -o /tmp/brute_value bench/brute_value.cpp && /tmp/brute_value 6 4
#include <cstdio>
#include <cstdlib>
#include <unordered_map>
#include <cstdint>
int W, H;
int cell[16][16], height[16];
struct B { signed char lo, hi; };
std::unordered_map<unsigned __int128, B> memo;
bool wins(int c, int r, int p) {
  const int d[4][2] = {{1,0},{0,1},{1,1},{1,-1}};
  for (auto& v : d) {
    int n = 1;
    for (int s = -1; s <= 1; s += 2)
      for (int k = 1; k < 4; ++k) {
        int cc = c + s*k*v[0], rr = r + s*k*v[1];
        if (cc < 0 || cc >= W || rr < 0 || rr >= H || cell[cc][rr] != p) break;
        ++n;
      }
    if (n >= 4) return true;
  }
  return false;
}
unsigned __int128 code() {
  unsigned __int128 k = 0;
  for (int c = 0; c < W; ++c) for (int r = 0; r < H; ++r) k = k * 3 + cell[c][r];
  return k;
}
// The value for the side to move at `ply`: 1 win, 0 draw, -1 loss.
int solve(int ply, int alpha, int beta) {
  int p = ply % 2 + 1;
  if (ply == W * H) return 0;
  for (int c = 0; c < W; ++c) if (height[c] < H && wins(c, height[c], p)) return 1;
  auto key = code();
  auto it = memo.find(key);
  if (it != memo.end()) {
    if (it->second.lo >= beta) return it->second.lo;
    if (it->second.hi <= alpha) return it->second.hi;
    if (it->second.lo == it->second.hi) return it->second.lo;
  }
  int a0 = alpha, best = -2;
  int order[16]; for (int i = 0; i < W; ++i) order[i] = W/2 + (1-2*(i%2))*(i+1)/2;
  for (int i = 0; i < W; ++i) {
    int c = order[i];
    if (height[c] >= H) continue;
    cell[c][height[c]++] = p;
    int v = -solve(ply + 1, -beta, -alpha);
    cell[c][--height[c]] = 0;
    if (v > best) best = v;
    if (v > alpha) alpha = v;
    if (alpha >= beta) break;
  }
  B b = it != memo.end() ? it->second : B{-1, 1};
  if (best <= a0) b.hi = best; else if (best >= beta) b.lo = best; else b.lo = b.hi = best;
  memo[key] = b;
  return best;
}
int main(int argc, char** argv) {
  W = atoi(argv[1]); H = atoi(argv[2]);
  int v = solve(0, -1, 1);
  printf("%dx%d %s (memo %zu)\n", W, H, v > 0 ? "first" : v < 0 ? "second" : "draw", memo.size());
}
