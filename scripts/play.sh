#!/usr/bin/env bash
# Builds the site and serves it locally: http://127.0.0.1:8080/ (or --port N;
# --host 0.0.0.0 serves it to the local network too, to try it on a phone),
# with the cross-origin isolation headers (scripts/serve.py), so the engine
# runs with several threads.
#
#   scripts/play.sh [--port N] [--host ADDRESS]
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh

PORT=8080
HOST=127.0.0.1
while (($#)); do
  case "$1" in
    --port) PORT="${2:-}"; shift 2 || { echo "play.sh: --port needs a number" >&2; exit 2; } ;;
    --port=*) PORT="${1#--port=}"; shift ;;
    --host) HOST="${2:-}"; shift 2 || { echo "play.sh: --host needs an address" >&2; exit 2; } ;;
    --host=*) HOST="${1#--host=}"; shift ;;
    -h|--help) sed -n 2,7p "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "play.sh: unknown option '$1' (use --port N, --host ADDRESS)" >&2; exit 2 ;;
  esac
done
if ! [[ "$PORT" =~ ^[0-9]+$ ]] || ((PORT < 1 || PORT > 65535)); then
  echo "play.sh: --port must be a number from 1 to 65535" >&2
  exit 2
fi

need_pkgs python3
# Before the build: the address must be free, else say so (not a traceback
# after a minute of building).
if ! why=$(python3 - "$HOST" "$PORT" 2>&1 <<'PY'
import socket, sys
host, port = sys.argv[1], int(sys.argv[2])
try:
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as s:
        s.bind((host, port))
except OSError as e:
    print(e.strerror or e)
    sys.exit(1)
PY
); then
  echo "play.sh: cannot serve on ${HOST}:${PORT}: ${why} (choose another --port or --host)" >&2
  exit 2
fi
scripts/build-site.sh
step "serving build/site"
if [[ "$HOST" == 0.0.0.0 || "$HOST" == "::" ]]; then
  echo "Open http://127.0.0.1:${PORT}/ here, or http://<this machine's address>:${PORT}/ from another device (Ctrl-C to stop)."
else
  echo "Open http://${HOST}:${PORT}/ in your browser (Ctrl-C to stop)."
fi
exec python3 scripts/serve.py --port "$PORT" --bind "$HOST" --directory build/site
