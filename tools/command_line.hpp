// The command-line conventions the tools share, over CLI11 (Debian
// libcli11-dev, header-only): each option is declared once, with its type,
// its range check and its help text, and CLI11 writes the help from those
// declarations.
//
//   - A bad command line prints "<tool>: <what is wrong>" and
//     "Try '<tool> --help'." on stderr and exits with status 2; --help (-h)
//     prints the help on stdout and exits 0.
//   - Numbers are checked by wholeNumber / realNumber, whose error names
//     the range and the value given:
//       "--depth: must be a whole number from 0 to 42, not '43'".
//   - An option given twice keeps the last value (as the hand-written
//     parsers did), except options that collect a list.
//   - A tool with commands lists every command's own help under its own
//     (commandsFooter), so "<tool> --help" is the whole manual and
//     "<tool> <command> --help" that command's part.
#pragma once

#include <CLI/CLI.hpp>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <string>

namespace gs::cli {

// "<tool>: <msg>" and the hint, on stderr, then exit status 2: the usage
// error of every tool, for CLI11's errors and for the checks after parsing.
[[noreturn]] inline void usageError(const std::string& tool, const std::string& msg) {
  std::cerr << tool << ": " << msg << "\nTry '" << tool << " --help'.\n";
  std::exit(2);
}

// A bound in the validators' messages and help: "42", "0.5", "1e+15".
inline std::string formatBound(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", v);
  return text;
}

// A whole number in decimal (strtol's syntax, nothing after it) from lo to
// hi. The value is rewritten in plain decimal before CLI11 converts it (so
// declare it with transform(), not check(), which throws the rewrite away):
// CLI11 alone would read "010" as octal and "0x10" as hex.
inline CLI::Validator wholeNumber(long lo, long hi) {
  const std::string range = std::to_string(lo) + ".." + std::to_string(hi);
  return CLI::Validator(
      [lo, hi](std::string& text) -> std::string {
        char* end = nullptr;
        errno = 0;
        const long v = text.empty() ? 0 : std::strtol(text.c_str(), &end, 10);
        if (text.empty() || errno || *end || v < lo || v > hi)
          return "must be a whole number from " + std::to_string(lo) + " to " + std::to_string(hi) + ", not '" +
                 text + "'";
        text = std::to_string(v);
        return std::string();
      },
      range);
}

// A finite number (strtod's syntax: "2e7", "0.5") from lo to hi.
inline CLI::Validator realNumber(double lo, double hi) {
  const std::string range = formatBound(lo) + ".." + formatBound(hi);
  return CLI::Validator(
      [lo, hi](std::string& text) -> std::string {
        char* end = nullptr;
        const double v = text.empty() ? 0 : std::strtod(text.c_str(), &end);
        if (text.empty() || *end || !(v >= lo && v <= hi))
          return "must be a number from " + formatBound(lo) + " to " + formatBound(hi) + ", not '" + text + "'";
        return std::string();
      },
      range);
}

// CLI11's help layout, with the default after the help text, from the
// option's own value ("games in parallel (default 2)"), instead of
// CLI11's "--threads N=2".
class Formatter : public CLI::Formatter {
 public:
  std::string make_option_opts(const CLI::Option* opt) const override {
    std::string out;
    if (opt->get_type_size() != 0 && !opt->get_type_name().empty()) out += " " + opt->get_type_name();
    if (opt->get_required()) out += " (required)";
    return out;
  }
  // A blank line between the description and the usage line.
  std::string make_description(const CLI::App* app) const override {
    const std::string text = CLI::Formatter::make_description(app);
    return text.empty() ? text : text + "\n";
  }
  std::string make_option_desc(const CLI::Option* opt) const override {
    const std::string value = opt->get_default_str();
    return opt->get_description() + (value.empty() ? "" : " (default " + value + ")");
  }
};

// The shared conventions on a tool's app (before its commands are added:
// they inherit them): the failure message above, the help layout, the
// last of a repeated option wins.
inline void setConventions(CLI::App& app) {
  app.failure_message([](const CLI::App* a, const CLI::Error& e) {
    return a->get_name() + ": " + e.what() + "\nTry '" + a->get_name() + " --help'.\n";
  });
  app.option_defaults()->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  app.formatter(std::make_shared<Formatter>());
  app.get_formatter()->column_width(32);
}

// Parses argv; on --help prints the help and exits 0, on a bad command line
// prints the error (setConventions' message) and exits 2.
inline void parseOrExit(CLI::App& app, int argc, char** argv) {
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int status = app.exit(e);
    std::exit(status == 0 ? 0 : 2);
  }
}

// A footer for a tool with commands: each command's own help, so that
// "<tool> --help" shows every option of every command.
inline void commandsFooter(CLI::App& app) {
  const CLI::App* tool = &app;
  app.footer([tool] {
    std::string out;
    for (const CLI::App* sub : tool->get_subcommands([](const CLI::App*) { return true; })) {
      std::string text = sub->help(tool->get_name());
      text.erase(text.find_last_not_of('\n') + 1);
      out += (out.empty() ? "" : "\n\n") + text;
    }
    return out;
  });
}

}  // namespace gs::cli
