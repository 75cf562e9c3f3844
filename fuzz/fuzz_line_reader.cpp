// libFuzzer target: the CLI's bounded line reader over arbitrary bytes
// (no newline, huge lines, NUL bytes, CR). Every line it returns is at most
// kMaxLineLength characters, too-long lines are flagged, nothing is lost.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "protocol/line_reader.hpp"
#include "core/notation.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string input(reinterpret_cast<const char*>(data), size);
  std::istringstream in(input);
  std::string line;
  bool tooLong = false;
  std::size_t consumed = 0, lines = 0;
  while (gs::readLimitedLine(in, line, tooLong)) {
    ++lines;
    if (line.size() > gs::kMaxLineLength) __builtin_trap();
    if (tooLong && line.size() != gs::kMaxLineLength) __builtin_trap();
    if (line.find('\n') != std::string::npos) __builtin_trap();
    consumed += line.size();
    if (lines > size + 1) __builtin_trap();
  }
  if (consumed > size) __builtin_trap();
  return 0;
}
