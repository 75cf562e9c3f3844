#!/usr/bin/env bash
# Builds the site and serves it locally: http://127.0.0.1:8080/ (or --port N).
#
#   scripts/play.sh [--port N]
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh

PORT=8080
while (($#)); do
  case "$1" in
    --port) PORT="${2:-}"; shift 2 || { echo "play.sh: --port needs a number" >&2; exit 2; } ;;
    --port=*) PORT="${1#--port=}"; shift ;;
    -h|--help) sed -n 2,4p "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "play.sh: unknown option '$1' (use --port N)" >&2; exit 2 ;;
  esac
done
if ! [[ "$PORT" =~ ^[0-9]+$ ]] || ((PORT < 1 || PORT > 65535)); then
  echo "play.sh: --port must be a number from 1 to 65535" >&2
  exit 2
fi

need_pkgs python3
scripts/build-site.sh
step "serving build/site"
echo "Open http://127.0.0.1:${PORT}/ in your browser (Ctrl-C to stop)."
exec python3 -m http.server "$PORT" --bind 127.0.0.1 --directory build/site
