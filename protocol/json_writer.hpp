// A JSON object or array written field by field, for the engine's replies
// (protocol/replies.cpp) and the EinStein page's answers (einstein_json.cpp).
//
//   JsonWriter o('{');
//   o.key("type").str("bestmove");
//   o.key("nodes").num(123);
//   std::string text = o.done();     // {"type":"bestmove","nodes":123}
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace gs {

class JsonWriter {
 public:
  explicit JsonWriter(char open) : close_(open == '{' ? '}' : ']') { text_ += open; }

  JsonWriter& key(const char* k) {
    comma();
    text_ += '"';
    text_ += k;
    text_ += "\":";
    pending_ = true;
    return *this;
  }
  JsonWriter& raw(const std::string& json) {
    comma();
    text_ += json;
    return *this;
  }
  JsonWriter& str(const std::string& s) {
    comma();
    text_ += '"';
    for (unsigned char c : s) {
      if (c == '"' || c == '\\') {
        text_ += '\\';
        text_ += static_cast<char>(c);
      } else if (c < 0x20) {
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\u%04x", c);
        text_ += buf;
      } else {
        text_ += static_cast<char>(c);
      }
    }
    text_ += '"';
    return *this;
  }
  JsonWriter& num(long long v) { return raw(std::to_string(v)); }
  // Shortest text that reads back as the same double (as JavaScript prints it).
  JsonWriter& real(double v) {
    if (!std::isfinite(v)) return raw("null");
    char buf[32];
    for (int digits = 15; digits <= 17; ++digits) {
      std::snprintf(buf, sizeof buf, "%.*g", digits, v);
      if (std::strtod(buf, nullptr) == v) break;
    }
    return raw(buf);
  }
  JsonWriter& boolean(bool b) { return raw(b ? "true" : "false"); }
  std::string done() { return text_ + close_; }

 private:
  void comma() {
    if (pending_) {
      pending_ = false;
      return;
    }
    if (text_.size() > 1) text_ += ',';
  }
  std::string text_;
  char close_;
  bool pending_ = false;  // a key was written: its value follows without a comma
};

// {"ok":false,"error":message[,"position":position]}: the pages' refusal
// (einstein_json.hpp, connect3p_json.hpp); position 0 is left out.
inline std::string jsonFailure(const std::string& message, std::size_t position = 0) {
  JsonWriter o('{');
  o.key("ok").boolean(false);
  o.key("error").str(message);
  if (position) o.key("position").num(static_cast<long long>(position));
  return o.done();
}

}  // namespace gs
