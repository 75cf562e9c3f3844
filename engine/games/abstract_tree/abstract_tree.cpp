// The text form of an abstract game tree (abstract_tree.hpp): a recursive
// descent over "(", ",", ")" and integers, with the limits checked as it goes.
#include "games/abstract_tree/abstract_tree.hpp"

#include <string>

namespace gs {

namespace {

class TreeReader {
 public:
  TreeReader(std::string_view text, AbstractTreeShape& out) : text_(text), out_(out) {}

  std::string read() {
    out_ = AbstractTreeShape();
    if (text_.size() > AbstractTree::kMaxText)
      return "the tree is too long (" + std::to_string(text_.size()) + " characters, at most " +
             std::to_string(AbstractTree::kMaxText) + ")";
    if (!node(0)) return error_;
    skipSpaces();
    if (at_ < text_.size()) return where() + "the tree ends before this ('" + std::string(1, text_[at_]) + "')";
    return "";
  }

 private:
  // Reads one node at `ply` (and its subtree); false with error_ set.
  bool node(int ply) {
    skipSpaces();
    if (out_.size() >= AbstractTree::kMaxNodes)
      return fail("more than " + std::to_string(AbstractTree::kMaxNodes) + " nodes");
    const int self = out_.size();
    out_.children.emplace_back();
    out_.value.push_back(0);
    if (at_ < text_.size() && text_[at_] == '(') {
      if (ply >= AbstractTree::kMaxPlies)
        return fail("deeper than " + std::to_string(AbstractTree::kMaxPlies) + " plies (leaves at most " +
                    std::to_string(AbstractTree::kMaxPlies) + " moves from the root)");
      ++at_;
      for (;;) {
        if (out_.children[self].size() >= static_cast<std::size_t>(AbstractTree::kMoveSlots))
          return fail("more than " + std::to_string(AbstractTree::kMoveSlots) + " children in one node");
        const int child = out_.size();
        if (!node(ply + 1)) return false;
        out_.children[self].push_back(child);
        skipSpaces();
        if (at_ < text_.size() && text_[at_] == ',') { ++at_; continue; }
        if (at_ < text_.size() && text_[at_] == ')') { ++at_; return true; }
        return fail("',' or ')' expected");
      }
    }
    return leaf(self);
  }

  bool leaf(int self) {
    const std::size_t start = at_;
    bool negative = false;
    if (at_ < text_.size() && text_[at_] == '-') negative = true, ++at_;
    int v = 0, digits = 0;
    while (at_ < text_.size() && text_[at_] >= '0' && text_[at_] <= '9') {
      if (++digits > 3) {
        at_ = start;
        return fail("a leaf's value must be from -" + std::to_string(AbstractTree::kMaxValue) + " to " +
                    std::to_string(AbstractTree::kMaxValue));
      }
      v = v * 10 + (text_[at_++] - '0');
    }
    if (digits == 0) {
      at_ = start;
      return fail("a number or '(' expected");
    }
    out_.value[self] = negative ? -v : v;
    return true;
  }

  void skipSpaces() {
    while (at_ < text_.size() && text_[at_] == ' ') ++at_;
  }
  std::string where() const { return "character " + std::to_string(at_ + 1) + ": "; }
  bool fail(const std::string& message) {
    error_ = at_ < text_.size() ? where() + message : "at the end: " + message;
    return false;
  }

  std::string_view text_;
  AbstractTreeShape& out_;
  std::size_t at_ = 0;
  std::string error_;
};

void write(const AbstractTreeShape& t, int n, std::string& out) {
  if (t.children[n].empty()) {
    out += std::to_string(t.value[n]);
    return;
  }
  out += '(';
  for (std::size_t i = 0; i < t.children[n].size(); ++i) {
    if (i) out += ',';
    write(t, t.children[n][i], out);
  }
  out += ')';
}

}  // namespace

std::string parseAbstractTree(std::string_view text, AbstractTreeShape& out) {
  return TreeReader(text, out).read();
}

std::string abstractTreeText(const AbstractTreeShape& t) {
  std::string out;
  if (t.size() > 0) write(t, 0, out);
  return out;
}

}  // namespace gs
