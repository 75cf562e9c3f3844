// The protocol's JSON library: nlohmann/json (docs/protocol.md, "The JSON
// library"), for the worker's requests (request.cpp) and every reply
// (replies.cpp, the EinStein and three-player pages' answers). Private to
// protocol/: its users include it from their .cpp files only.
//
//   Json o;
//   o["type"] = "bestmove";
//   o["timeMs"] = jsonNumber(12.5);
//   std::string text = jsonText(o);   // {"type":"bestmove","timeMs":12.5}
#pragma once

#include <cmath>
#include <cstddef>
#include <string>

#include <nlohmann/json.hpp>

namespace gs {

// Objects keep their keys in the order written (the order docs/protocol.md
// lists them in). One type for requests and replies alike: one copy of the
// library's code in the WebAssembly module.
using Json = nlohmann::ordered_json;

// A double as JavaScript's JSON.stringify writes it: a whole number without
// ".0" (the library writes 3.0 for a double), NaN and the infinities as null.
inline Json jsonNumber(double v) {
  if (!std::isfinite(v)) return nullptr;
  if (std::floor(v) == v && std::fabs(v) < 9007199254740992.0) return static_cast<long long>(v);
  return v;
}

// `text` as JSON, or a discarded value (is_discarded()) when it is not JSON
// (RFC 8259: a number beyond the double range, invalid UTF-8 or a lone
// surrogate escape is not JSON either) or nests a value deeper than
// `maxDepth` (the outermost value is at depth 0). Never throws.
inline Json parseJson(const std::string& text, int maxDepth) {
  bool tooDeep = false;
  Json value = Json::parse(
      text,
      [&tooDeep, maxDepth](int depth, Json::parse_event_t, Json&) {
        tooDeep = tooDeep || depth > maxDepth;
        return !tooDeep;
      },
      false);
  return tooDeep ? Json(Json::value_t::discarded) : value;
}

// `v` as compact JSON text. Text that is not UTF-8 (a page's position string
// can carry anything) is written with U+FFFD in its place instead of throwing.
inline std::string jsonText(const Json& v) { return v.dump(-1, ' ', false, Json::error_handler_t::replace); }

// {"ok":false,"error":message[,"position":position]}: the pages' refusal
// (the tree explorer's JSON of the dice and three-player games); position 0
// is left out.
inline std::string jsonFailure(const std::string& message, std::size_t position = 0) {
  Json o;
  o["ok"] = false;
  o["error"] = message;
  if (position) o["position"] = position;
  return jsonText(o);
}

}  // namespace gs
