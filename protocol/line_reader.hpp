// Bounded line reading for tools that read positions from a stream: a line
// longer than kMaxLineLength is read to its end (nothing of the next line is
// lost) but only its first kMaxLineLength characters are kept, and it is
// flagged, so a huge line can neither exhaust memory nor be half-accepted.
#pragma once

#include <istream>
#include <string>

#include "core/notation.hpp"

namespace gs {

// Reads the next line (without its '\n') into `line`. Returns false at the
// end of input when nothing was read.
inline bool readLimitedLine(std::istream& in, std::string& line, bool& tooLong) {
  line.clear();
  tooLong = false;
  std::streambuf* buf = in.rdbuf();
  bool any = false;
  for (int ch; (ch = buf->sbumpc()) != std::char_traits<char>::eof();) {
    any = true;
    if (ch == '\n') return true;
    if (line.size() < kMaxLineLength) line.push_back(static_cast<char>(ch));
    else tooLong = true;
  }
  return any;
}

}  // namespace gs
