#!/usr/bin/env bash
# One command line of a tool, checked for its exit status and its message.
#
#   tool_usage_test.sh STATUS REGEX TOOL [ARG...]
#
# Runs TOOL with the ARGs and checks that it exits with STATUS and that REGEX
# (Perl syntax, '.' matching newlines too) is found in what it prints: on
# stdout for status 0 (the help), on stderr otherwise (a usage error), so
# neither the help on stderr nor an error on stdout goes unnoticed. ctest
# runs one per case (tests/CMakeLists.txt: the help and usage errors of each
# tool). Bash rather than Python: a case takes milliseconds, not a second.
set -u
status=$1
regex=$2
shift 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$@" >"$tmp/out" 2>"$tmp/err"
code=$?
if [[ $status -eq 0 ]]; then where=stdout; else where=stderr; fi
text="$tmp/out"
[[ $status -eq 0 ]] || text="$tmp/err"
fail=0
[[ $code -eq $status ]] || { echo "exit status $code, expected $status"; fail=1; }
grep -Pzq -- "(?s)$regex" "$text" || { echo "$where does not match: $regex"; fail=1; }
if ((fail)); then
  echo "FAIL $*"
  echo "--- stdout"; cat "$tmp/out"
  echo "--- stderr"; cat "$tmp/err"
  exit 1
fi
echo "ok   $*: status $status, $where matches: $regex"
