// Bounded line reading for tools that read positions from a stream: a line
// longer than kMaxLineLength is read to its end (nothing of the next line is
// lost) but only its first kMaxLineLength characters are kept, and it is
// flagged, so a huge line can neither exhaust memory nor be half-accepted.
#pragma once

#include <iostream>
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

// The input loop of the tools that answer one line at a time (gamesearch and
// its EinStein part): calls each(field, reject) for every line of `in`, where
// `field` is the line's first blank-separated field ("" for a blank line; a
// trailing '\r' is dropped) and reject(message) writes "line N: message" to
// stderr after flushing what stdout has, so the answers and the errors stay
// in order. A line over kMaxLineLength is rejected here. Returns the tools'
// exit status: 1 if any line was rejected, else 0.
template <class F>
int forEachInputLine(std::istream& in, F each) {
  std::string line;
  bool tooLong = false;
  long lineNo = 0;
  bool anyError = false;
  auto reject = [&](const std::string& msg) {
    std::cout.flush();
    std::cerr << "line " << lineNo << ": " << msg << "\n";
    anyError = true;
  };
  while (readLimitedLine(in, line, tooLong)) {
    ++lineNo;
    if (tooLong) {
      reject("line is longer than " + std::to_string(kMaxLineLength) + " characters");
      continue;
    }
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const std::size_t b = line.find_first_not_of(" \t");
    std::string field;
    if (b != std::string::npos) {
      const std::size_t e = line.find_first_of(" \t", b);
      field = line.substr(b, e == std::string::npos ? std::string::npos : e - b);
    }
    each(field, reject);
    std::cout.flush();
  }
  return anyError ? 1 : 0;
}

}  // namespace gs
