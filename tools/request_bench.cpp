// Times the worker's request check (protocol/request.hpp) natively: N rounds
// of checkRequest over eight typical requests (the same list
// bench/request_benchmark.mjs times in the wasm module), and prints the time
// per request (docs/protocol.md, "The JSON library").
//
//   build/native/bin/request_bench [rounds, default 100000]
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "command_line.hpp"
#include "protocol/request.hpp"

namespace {

// A search at a level, a timed search, an MCTS search, an analysis, a solve,
// newgame, games and one refused request (kept equal to
// bench/request_benchmark.mjs's list).
const std::vector<std::string> kRequests = {
    R"({"type":"search","id":12,"game":"connect4","moves":"4453","level":"casual","seed":1234567})",
    R"({"type":"search","id":13,"game":"connect4","moves":"44536","timeMs":1000,"randomTies":true,"seed":42})",
    R"({"type":"search","id":14,"game":"connect4","moves":"4","algorithm":"mcts","timeMs":500,"seed":9})",
    R"({"type":"analyze","id":15,"game":"connect4","moves":"445334","timeMs":3000,"threads":2})",
    R"({"type":"solve","id":16,"game":"tictactoe","moves":"15"})",
    R"({"type":"newgame","id":17,"game":"connect4"})",
    R"({"type":"games","id":18})",
    R"({"type":"search","id":19,"game":"connect4","moves":"48","timeMs":10})",
};

}  // namespace

int main(int argc, char** argv) {
  CLI::App app("Times the worker's request check (protocol/request.hpp) natively: ROUNDS rounds of checkRequest "
               "over eight typical requests (bench/request_benchmark.mjs times the same list in wasm).",
               "request_bench");
  gs::cli::setConventions(app);
  long rounds = 100000;
  app.add_option("rounds", rounds, "rounds over the eight requests")->transform(gs::cli::wholeNumber(1, 100000000));
  gs::cli::parseOrExit(app, argc, argv);
  std::size_t accepted = 0;
  const auto t0 = std::chrono::steady_clock::now();
  for (long i = 0; i < rounds; ++i)
    for (const std::string& text : kRequests) accepted += gs::checkRequest(text).error.empty();
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  const double n = static_cast<double>(rounds) * kRequests.size();
  std::printf("native checkRequest: %.0f requests in %.1f ms, %.3f us per request (%zu accepted)\n", n, ms,
              ms * 1000 / n, accepted);
  return 0;
}
