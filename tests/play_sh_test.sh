#!/usr/bin/env bash
# scripts/play.sh refuses a port in use or a bad address at once, before it
# builds anything, with a sentence instead of a traceback; its server
# (scripts/serve.py) sends the cross-origin isolation headers, and none with
# --no-isolation.
set -u
root="$(cd "$(dirname "$0")/.." && pwd)"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 "$root/scripts/serve.py" --port "$port" --bind 127.0.0.1 --directory "$root/web" >/dev/null 2>&1 &
holder=$!
trap 'kill $holder 2>/dev/null' EXIT
for _ in $(seq 50); do
  python3 -c "import socket,sys; socket.create_connection(('127.0.0.1', $port), 0.2)" 2>/dev/null && break
  sleep 0.1
done
fail=0
out=$(timeout 60 "$root/scripts/play.sh" --port "$port" 2>&1); code=$?
if [[ $code -ne 2 || "$out" != *"cannot serve on 127.0.0.1:$port"* || "$out" == *Traceback* || "$out" == *"wasm build"* ]]; then
  echo "FAIL port in use: exit $code: $out"; fail=1
else
  echo "ok   port in use: $out"
fi
out=$(timeout 60 "$root/scripts/play.sh" --host 256.1.1.1 --port "$port" 2>&1); code=$?
if [[ $code -ne 2 || "$out" != *"cannot serve on 256.1.1.1"* ]]; then
  echo "FAIL bad address: exit $code: $out"; fail=1
else
  echo "ok   bad address: $out"
fi
# The headers, read from the server holding the port, and from one without them.
headers() {
  python3 - "$1" <<'PY'
import sys, urllib.request
with urllib.request.urlopen(f'http://127.0.0.1:{sys.argv[1]}/index.html', timeout=10) as r:
    print(r.status, r.headers.get('Cross-Origin-Opener-Policy'), r.headers.get('Cross-Origin-Embedder-Policy'))
PY
}
got=$(headers "$port")
if [[ "$got" != "200 same-origin require-corp" ]]; then
  echo "FAIL isolation headers: $got"; fail=1
else
  echo "ok   isolation headers: $got"
fi
port2=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 "$root/scripts/serve.py" --port "$port2" --directory "$root/web" --no-isolation >/dev/null 2>&1 &
plain=$!
trap 'kill $holder $plain 2>/dev/null' EXIT
for _ in $(seq 50); do
  python3 -c "import socket,sys; socket.create_connection(('127.0.0.1', $port2), 0.2)" 2>/dev/null && break
  sleep 0.1
done
got=$(headers "$port2")
if [[ "$got" != "200 None None" ]]; then
  echo "FAIL --no-isolation: $got"; fail=1
else
  echo "ok   --no-isolation: $got"
fi
exit $fail
