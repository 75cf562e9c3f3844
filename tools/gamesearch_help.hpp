// gamesearch's help: the text around the option declarations of
// gamesearch_args.cpp (what the tool reads, what each command prints, what
// the scores mean, the exit status), filled in from the game registry and
// the level table so no game or level is spelled here.
#pragma once

#include <cstddef>
#include <string>

namespace gs::cli {

std::string helpIntro();                        // before the options
std::string commandHelp(const std::string& command);  // what it does and prints, wrapped
std::string commandText(const std::string& command);  // the same, unwrapped
std::string helpFooter();                       // after the commands
std::string solveFromText();                    // where play's solver starts, per game
std::string levelsText();                       // the levels and their budgets
std::string algorithmsHelp();                   // --algorithm's names, per kind
std::string featuresText();
// `text` word-wrapped to `width` columns; its own line breaks are kept.
std::string wrapText(const std::string& text, std::size_t width);                     // each game's evaluation features and weights

}  // namespace gs::cli
