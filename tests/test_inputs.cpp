// The page's two parsers of outside input that run in WebAssembly: links
// (protocol/link.hpp, the URL hash) and worker requests (protocol/request.hpp).
// Their libFuzzer targets are fuzz/fuzz_link.cpp and fuzz/fuzz_request.cpp;
// these are the contracts by example.
#include <catch2/catch.hpp>

#include "protocol/link.hpp"
#include "protocol/request.hpp"

using namespace gs;

namespace {
const std::vector<std::string> kLevelNames = {"beginner", "casual", "strong", "perfect"};
LinkResult link(const std::string& hash) { return parseLink(hash, kLevelNames, "casual"); }
}  // namespace

TEST_CASE("Links: good links are read", "[inputs]") {
  LinkResult r = link("#game=connect4&moves=4453&time=1000&ai=2");
  CHECK(r.errors.empty());
  CHECK(r.settings.moves == "4453");
  CHECK(r.settings.level == "custom");  // a time without a level
  CHECK((r.settings.game == "connect4" && r.settings.time == 1000 && r.settings.ai == "2"));
  r = link("#game=connect4&moves=44&time=300&ai=1&level=strong");
  CHECK((r.errors.empty() && r.settings.level == "strong" && r.settings.ai == "1" && r.settings.time == 300));
  CHECK(link("").settings.level == "casual");
  CHECK(link("#game=connect4&moves=4453&ai=none&analysis=1").settings.analysis);
  CHECK(!link("#analysis=0").settings.analysis);
  CHECK(!link("").settings.analysis);
  CHECK(link("#algorithm=mcts&time=500").settings.algorithm == "mcts");
  CHECK(link("").settings.algorithm == "alphabeta");
  CHECK(link("#game=tictactoe").settings.level == "casual");
  CHECK(link("#").errors.empty());
  CHECK(link("#%%%&x=1").errors.empty());  // unknown keys are ignored
  // URLSearchParams syntax: escapes, '+', the first of a repeated key.
  r = link("#game=%74ictactoe&moves=5&game=connect4&ai=none");
  CHECK((r.errors.empty() && r.settings.game == "tictactoe" && r.settings.moves == "5" && r.settings.ai == "none"));
  CHECK(parseQuery("a=b+c&d=%41%zz&e").size() == 3);
  CHECK(parseQuery("a=b+c&d=%41%zz&e")[1].second == "A%zz");
}

TEST_CASE("Links: every bad field is a sentence; the rest of the link is used", "[inputs]") {
  for (const char* h : {"#game=connect4&moves=4489", "#time=49", "#time=10001", "#time=1e3", "#ai=3", "#game=",
                        "#moves=0", "#game=tictactoe&moves=55", "#moves=%", "#game=connect4&moves=1111111",
                        "#game=__proto__", "#game=constructor&ai=toString", "#time=-5", "#time= 100",
                        "#level=Strong", "#level=", "#level=custom%00", "#game=chess&moves=44"}) {
    LinkResult r = link(h);
    INFO(h);
    CHECK(!r.errors.empty());
    CHECK(r.settings.moves.empty());
  }
  // One bad field does not throw the valid moves away (only an unknown game does).
  for (const char* h : {"#game=connect4&moves=4453&time=99999", "#level=godlike&moves=4453", "#view=bogus&moves=4453",
                        "#analysis=yes&moves=4453", "#moves=4453&ai=3"}) {
    LinkResult r = link(h);
    INFO(h);
    CHECK(r.errors.size() == 1);
    CHECK(r.settings.moves == "4453");
  }
  CHECK(link("#moves=4453&time=99999").settings.time == 1000);  // the default
  CHECK(parseLink("#level=strong", {}, "casual").errors.size() == 1);  // a level the engine does not know
  CHECK(link("#moves=" + std::string(5000, '4')).errors.at(0).find("longer than") != std::string::npos);
  CHECK(link("#game=chess").errors.at(0) == "unknown game 'chess' (use connect4 or tictactoe)");
  CHECK(link("#game=connect4&moves=12121212").errors.at(0) ==
        "the moves '12121212' are not a valid Connect Four game: move 2 at position 8 comes after the game has ended");
  CHECK(link("#game=constructor&ai=toString").errors.size() == 2);
  // Long and strange values are clipped and made printable.
  std::string e = link("#game=" + std::string(100, 'x') + "%0A%FF").errors.at(0);
  CHECK(e == "unknown game '" + std::string(24, 'x') + "\xE2\x80\xA6' (use connect4 or tictactoe)");
  CHECK(link("#ai=%FF%0A").errors.at(0) == "ai '\xEF\xBF\xBD ' must be 1, 2, none or both");
  CHECK(link("#moves=4%EF%BC%94").errors.at(0) ==
        "the moves '4\xEF\xBC\x94' are not a valid Connect Four game: '\xEF\xBC\x94' at position 2 is not a move "
        "(moves are digits 1-7)");
  CHECK(link("#moves=%00").errors.at(0).find("a control character at position 1") != std::string::npos);
  CHECK(link("#analysis=2").errors.at(0) == "analysis '2' must be 0 or 1");
  CHECK(link("#algorithm=uct").errors.at(0) == "algorithm 'uct' must be alphabeta or mcts");
  // An unknown view names the page's views.
  CHECK(link("#view=bogus").errors.at(0) == "unknown view 'bogus' (use play)");
  CHECK(parseLink("#view=bogus", kLevelNames, "casual", {"tree", "study"}).errors.at(0) ==
        "unknown view 'bogus' (use play, tree or study)");
  // An unknown game names the games the page plays elsewhere too.
  CHECK(parseLink("#game=chess", kLevelNames, "casual", {}, {"einstein", "connect3p"}).errors.at(0) ==
        "unknown game 'chess' (use connect4, tictactoe, einstein or connect3p)");
  CHECK(parseLink("#view=bogus&game=einstein", kLevelNames, "casual", {}, {"einstein"}).errors.at(1) ==
        "the game 'einstein' has a page of its own (a link with #game=einstein)");
}

TEST_CASE("Requests: good requests are accepted with their fields", "[inputs]") {
  Request r = checkRequest(R"({"type":"search","id":7,"game":"connect4","moves":"4453","timeMs":100,"seed":42})");
  CHECK(r.error.empty());
  CHECK((r.type == "search" && r.game == "connect4" && r.moves == "4453" && r.timeMs == 100 && r.maxDepth == 0));
  CHECK((!r.randomTies && r.seed == 42 && r.temperature == 0));
  r = checkRequest(R"({"type":"search","game":"tictactoe","moves":"","level":"beginner"})");
  CHECK((r.error.empty() && r.timeMs == 0 && r.maxDepth == 2 && r.temperature == 40 && r.randomTies));
  r = checkRequest(R"({"type":"search","game":"connect4","moves":"","level":"perfect","randomTies":false})");
  CHECK((r.error.empty() && r.timeMs == 1000 && !r.randomTies));
  r = checkRequest(R"({"type":"search","game":"connect4","moves":"4","timeMs":0,"maxDepth":6,"seed":-1})");
  CHECK((r.error.empty() && r.maxDepth == 6 && r.seed == 1));  // a bad seed falls back to 1
  CHECK(checkRequest(R"( { "type" : "analyze", "game":"connect4", "moves":"44", "timeMs": 5e1 } )").timeMs == 50);
  r = checkRequest(R"({"type":"search","game":"connect4","moves":"4","algorithm":"mcts","playouts":500})");
  CHECK((r.error.empty() && r.algorithm == "mcts" && r.playouts == 500 && r.timeMs == 0 && !r.usesBook));
  r = checkRequest(R"({"type":"search","game":"connect4","moves":"4","algorithm":"mcts","timeMs":200,"seed":9})");
  CHECK((r.error.empty() && r.algorithm == "mcts" && r.playouts == 0 && r.timeMs == 200 && r.seed == 9));
  CHECK(checkRequest(R"({"type":"search","game":"connect4","moves":"4","timeMs":10})").algorithm == "alphabeta");
  CHECK(checkRequest(R"({"type":"newgame"})").error.empty());
  r = checkRequest(R"({"type":"solve","game":"connect4","moves":"4453","threads":2})");
  CHECK((r.error.empty() && r.type == "solve" && r.moves == "4453" && r.threads == 2 && !r.usesBook));
  CHECK(checkRequest(R"({"type":"solve","game":"connect4","moves":""})").threads == 1);
  CHECK(checkRequest(R"({"type":"book","extra":[1,{"a":null},"\u00e9\ud83d\ude00"]})").error.empty());
}

TEST_CASE("Requests: each accepted request says what answers it", "[inputs]") {
  auto runner = [](const std::string& json) {
    const Request r = checkRequest(json);
    INFO(r.error);
    return r.runner;
  };
  CHECK(runner(R"({"type":"search","game":"connect4","moves":"4","timeMs":10})") == "session");
  CHECK(runner(R"({"type":"newgame"})") == "session");
  CHECK(runner(R"({"type":"solve","game":"connect4","moves":""})") == "session");
  CHECK(runner(R"({"type":"levels"})") == "engine");
  CHECK(runner(R"({"type":"games"})") == "engine");
  CHECK(runner(R"({"type":"state","game":"connect4","position":"44"})") == "engine");
  CHECK(runner(R"({"type":"search","game":"einstein","position":"123456/654321:6","level":"casual"})") == "engine");
  CHECK(runner(R"({"type":"search","game":"connect3p","position":"5","maxDepth":2})") == "engine");
  CHECK(runner(R"({"type":"isready"})") == "worker");
  CHECK(runner(R"({"type":"memory"})") == "worker");
  CHECK(runner(R"({"type":"book"})") == "worker");
  // The tree explorer's traces, with their fields.
  Request r = checkRequest(R"({"type":"trace","game":"tictactoe","moves":"1524","algorithm":"ordered","depth":0,"cap":50})");
  CHECK((r.error.empty() && r.runner == "trace" && r.algorithm == "ordered" && r.depth == 0 && r.cap == 50));
  r = checkRequest(R"({"type":"counts","game":"connect4","moves":"44","depth":4})");
  CHECK((r.error.empty() && r.runner == "trace" && r.depth == 4));
  r = checkRequest(R"({"type":"mcts","game":"connect4","moves":"","playouts":300,"seed":5})");
  CHECK((r.error.empty() && r.playouts == 300 && r.seed == 5));
  r = checkRequest(R"({"type":"chanceTrace","game":"einstein","position":"123456/654321:6","algorithm":"star1","depth":2})");
  CHECK((r.error.empty() && r.runner == "trace" && r.position == "123456/654321:6" && r.algorithm == "star1"));
  r = checkRequest(R"({"type":"multiTree","game":"connect3p","position":"996997118","depth":3})");
  CHECK((r.error.empty() && r.runner == "trace" && r.depth == 3));
  // Their refusals.
  auto error = [](const std::string& json) { return checkRequest(json).error; };
  CHECK(error(R"({"type":"mcts","game":"connect4","moves":"","playouts":1.5,"seed":1})") ==
        "mcts needs whole numbers for playouts and seed");
  CHECK(error(R"({"type":"trace","game":"connect4","moves":"","depth":3})") ==
        "algorithm must be a string (minimax, alphabeta, ordered or table)");
  CHECK(error(R"({"type":"counts","game":"connect4","moves":"","depth":65})") == "depth must be an integer from 0 to 64");
  CHECK(error(R"({"type":"counts","game":"einstein","moves":"","depth":2})") ==
        "game 'einstein' (a game with dice) has no 'counts' requests: it answers state, search and levels");
  CHECK(error(R"({"type":"multiTree","game":"einstein","position":"123456/654321","depth":2})") ==
        "game 'einstein' (a game with dice) has no 'multiTree' requests");
}

TEST_CASE("Requests: malformed requests are rejected with a reason", "[inputs]") {
  auto error = [](const std::string& json) { return checkRequest(json).error; };
  CHECK(error("") == "a request must be an object with a string `type`");
  CHECK(error("null") == "a request must be an object with a string `type`");
  CHECK(error(R"({"type":5})") == "a request must be an object with a string `type`");
  CHECK(error(R"({"type":"search",})") == "a request must be an object with a string `type`");  // not JSON
  CHECK(error(std::string(100, '[') + std::string(100, ']')) == "a request must be an object with a string `type`");
  CHECK(error(R"({"type":"fly"})") == "unknown request type 'fly'");
  CHECK(error(R"({"type":"search","game":"chess","moves":"","timeMs":10})") == "unknown game 'chess'");
  CHECK(error(R"({"type":"search","game":"connect4","moves":44,"timeMs":10})") == "moves must be a string of digits");
  CHECK(error(R"({"type":"search","game":"connect4","moves":"48","timeMs":10})") ==
        "column 8 at position 2 is out of range 1-7");
  CHECK(error(R"({"type":"search","game":"connect4","moves":"4","timeMs":0})") ==
        "timeMs must be an integer from 1 to 60000");
  CHECK(error(R"({"type":"search","game":"connect4","moves":"4","timeMs":1.5})") ==
        "timeMs must be an integer from 1 to 60000");
  CHECK(error(R"({"type":"search","game":"connect4","moves":"4","timeMs":10,"maxDepth":65})") ==
        "maxDepth must be an integer from 0 to 64");
  CHECK(error(R"({"type":"search","game":"connect4","moves":"4","timeMs":10,"temperature":-1})") ==
        "temperature must be an integer from 0 to 1000");
  CHECK(error(R"({"type":"search","game":"connect4","moves":"4","level":"godlike"})") ==
        "unknown level 'godlike' (use beginner, casual, strong, perfect)");
  CHECK(error(R"({"type":"analyze","game":"connect4","moves":"4"})") == "timeMs must be an integer from 1 to 60000");
  CHECK(error(R"({"type":"search","game":"connect4","moves":"4","algorithm":"uct","timeMs":10})") ==
        "unknown algorithm 'uct' (use alphabeta or mcts)");
  CHECK(error(R"({"type":"search","game":"connect4","moves":"4","algorithm":"mcts"})") ==
        "timeMs must be an integer from 1 to 60000");
  CHECK(error(R"({"type":"search","game":"connect4","moves":"4","algorithm":"mcts","playouts":0})") ==
        "playouts must be an integer from 1 to 100000000");
  CHECK(error(R"({"type":"search","game":"connect4","moves":"4","algorithm":"mcts","level":"strong","timeMs":50})") ==
        "level sets the budget of algorithm mcts (no timeMs or playouts with it)");
  CHECK(error(R"({"type":"search","game":"connect4","moves":"4","algorithm":"mcts","level":"expert"})") ==
        "unknown level 'expert' (use beginner, casual, strong, perfect)");
  CHECK(error(R"({"type":"search","game":"connect4","moves":"4","algorithm":"mcts","maxDepth":3,"timeMs":50})") ==
        "maxDepth is not for algorithm mcts (it takes timeMs and playouts, or a level)");
  CHECK(error(R"({"type":"search","game":"connect4","moves":"4","timeMs":10,"playouts":5})") ==
        "playouts is for algorithm mcts");
  CHECK(error(R"({"type":"newgame","game":"go"})") == "unknown game 'go'");
  CHECK(error(R"({"type":"solve","game":"connect4","moves":"4","threads":0})") == "threads must be an integer from 1 to 64");
  CHECK(error(R"({"type":"solve","game":"connect4","moves":"4","threads":1.5})") ==
        "threads must be an integer from 1 to 64");
  CHECK(error(R"({"type":"analyze","game":"connect4","moves":"4","timeMs":10,"threads":65})") ==
        "threads must be an integer from 1 to 64");
  for (const char* lines : {"6", "-1", "2.5", "\"2\"", "true"})
    CHECK(error(std::string(R"({"type":"analyze","game":"connect4","moves":"4","timeMs":10,"lines":)") + lines + "}") ==
          "lines must be an integer from 0 to 5");
  CHECK(error(R"({"type":"solve","game":"connect4","moves":"48"})") == "column 8 at position 2 is out of range 1-7");
  CHECK(error(std::string(70000, ' ')) == "the request is too large");
}

TEST_CASE("Requests: only RFC 8259 JSON is a request; a repeated key's last value counts", "[inputs]") {
  const std::string malformed = "a request must be an object with a string `type`";
  auto search = [](const std::string& fields) {
    return checkRequest(R"({"type":"search","game":"connect4","moves":"4",)" + fields + "}");
  };
  CHECK(search(R"("timeMs":1e400)").error == malformed);  // beyond the double range
  CHECK(search(R"("timeMs":10,"x":"\ud800")").error == malformed);  // a lone surrogate
  CHECK(search("\"timeMs\":10,\"x\":\"\xff\"").error == malformed);  // not UTF-8
  CHECK(search(R"("timeMs":10,"x":"\ud83d\ude00 \u00e9")").error.empty());
  // As JavaScript's JSON.parse reads it (JSON.stringify never repeats a key).
  CHECK(search(R"("timeMs":0,"timeMs":20)").timeMs == 20);
}

TEST_CASE("Requests: values nested deeper than kRequestMaxDepth are refused", "[inputs]") {
  // The request object is at depth 0, its fields at depth 1.
  auto nested = [](int arrays) {
    return R"({"type":"book","x":)" + std::string(arrays, '[') + "0" + std::string(arrays, ']') + "}";
  };
  CHECK(checkRequest(nested(kRequestMaxDepth - 1)).error.empty());  // the 0 at depth kRequestMaxDepth
  CHECK(checkRequest(nested(kRequestMaxDepth)).error == "a request must be an object with a string `type`");
}
