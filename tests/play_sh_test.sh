#!/usr/bin/env bash
# scripts/play.sh refuses a port in use or a bad address at once, before it
# builds anything, with a sentence instead of a traceback.
set -u
root="$(cd "$(dirname "$0")/.." && pwd)"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -m http.server "$port" --bind 127.0.0.1 >/dev/null 2>&1 &
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
exit $fail
