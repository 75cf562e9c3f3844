// Command-line numbers, read the same way by every tool: a whole number in a
// range, in decimal (strtol's syntax), nothing after it; the error says the
// range and what was given.
#pragma once

#include <cerrno>
#include <cstdlib>
#include <string>

namespace gs {

// `text` as a whole number in [lo, hi] into `out`; false if it is not one.
inline bool parseWholeNumber(const std::string& text, long lo, long hi, long& out) {
  if (text.empty()) return false;
  char* end = nullptr;
  errno = 0;
  const long v = std::strtol(text.c_str(), &end, 10);
  if (errno || *end || v < lo || v > hi) return false;
  out = v;
  return true;
}

// "--depth must be a whole number from 1 to 64, not 'x'" (value nullptr: missing).
inline std::string wholeNumberError(const std::string& option, long lo, long hi, const char* value) {
  return option + " must be a whole number from " + std::to_string(lo) + " to " + std::to_string(hi) +
         (value ? ", not '" + std::string(value) + "'" : "");
}

}  // namespace gs
