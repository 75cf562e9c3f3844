#!/usr/bin/env python3
"""Serves a folder over HTTP as `python3 -m http.server` does, with the two
headers that make the page cross-origin isolated, so that the worker can run
the threaded engine (SharedArrayBuffer; docs/hosting.md):

    Cross-Origin-Opener-Policy: same-origin
    Cross-Origin-Embedder-Policy: require-corp

and Cross-Origin-Resource-Policy: same-origin on every file (the site loads
nothing from another origin).

Text, scripts, WebAssembly and the opening book go out gzip-compressed to a
browser that accepts it (Content-Encoding: gzip), as real static hosts send
them; each file is compressed once and kept while it is unchanged.

    scripts/serve.py [--port N] [--bind ADDRESS] [--directory DIR] [--no-isolation]

--no-isolation serves without the three headers: a host that sends none
(the browser tests of the single-threaded fallback and of the service
worker's headers). Used by scripts/play.sh and tests/web/lib.mjs.
"""
import argparse
import email.utils
import functools
import gzip
import http.server
import io
import os
import socket
import sys
import threading

ISOLATION_HEADERS = (
    ('Cross-Origin-Opener-Policy', 'same-origin'),
    ('Cross-Origin-Embedder-Policy', 'require-corp'),
    ('Cross-Origin-Resource-Policy', 'same-origin'),
)


# The file endings sent compressed: what compresses well (images other than
# SVG are compressed already).
COMPRESSIBLE = ('.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.svg', '.wasm', '.bin', '.txt', '.md')

# path -> (mtime, size, gzip bytes): each file compressed once while unchanged.
_compressed = {}
_compressed_lock = threading.Lock()


def gzipped(path, stat):
    key = (stat.st_mtime_ns, stat.st_size)
    with _compressed_lock:
        hit = _compressed.get(path)
    if hit and hit[0] == key:
        return hit[1]
    with open(path, 'rb') as f:
        data = gzip.compress(f.read(), compresslevel=6, mtime=0)
    with _compressed_lock:
        _compressed[path] = (key, data)
    return data


class Handler(http.server.SimpleHTTPRequestHandler):
    isolation = True

    def end_headers(self):
        if self.isolation:
            for name, value in ISOLATION_HEADERS:
                self.send_header(name, value)
        super().end_headers()

    def send_head(self):
        """A compressible file, to a client that accepts gzip: the gzip bytes
        (Content-Encoding: gzip, Vary: Accept-Encoding); anything else as
        SimpleHTTPRequestHandler sends it."""
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split('?', 1)[0].endswith('/'):
            path = os.path.join(path, 'index.html')   # a folder's page, as the parent class serves it
        accepts = 'gzip' in self.headers.get('Accept-Encoding', '')
        if not accepts or not path.endswith(COMPRESSIBLE) or not os.path.isfile(path):
            return super().send_head()
        try:
            stat = os.stat(path)
            data = gzipped(path, stat)
        except OSError:
            return super().send_head()
        self.send_response(200)
        self.send_header('Content-Type', self.guess_type(path))
        self.send_header('Content-Encoding', 'gzip')
        self.send_header('Vary', 'Accept-Encoding')
        self.send_header('Content-Length', str(len(data)))
        self.send_header('Last-Modified', email.utils.formatdate(stat.st_mtime, usegmt=True))
        self.end_headers()
        return io.BytesIO(data)


class Server(http.server.ThreadingHTTPServer):
    def __init__(self, address, handler):
        # An IPv6 address needs an IPv6 socket.
        if ':' in address[0]:
            self.address_family = socket.AF_INET6
        super().__init__(address, handler)


def main():
    parser = argparse.ArgumentParser(description='Serves a folder with the cross-origin isolation headers.')
    parser.add_argument('--port', type=int, default=8000, help='port (default 8000)')
    parser.add_argument('--bind', default='127.0.0.1', help='address (default 127.0.0.1)')
    parser.add_argument('--directory', default='.', help='folder to serve (default: the current one)')
    parser.add_argument('--no-isolation', action='store_true', help='send no cross-origin isolation headers')
    args = parser.parse_args()
    port = args.port
    handler = functools.partial(type('IsolatingHandler', (Handler,), {'isolation': not args.no_isolation}),
                                directory=args.directory)
    try:
        server = Server((args.bind, port), handler)
    except OSError as e:
        sys.exit(f'serve.py: cannot serve on {args.bind}:{port}: {e.strerror or e}')
    with server:
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass


if __name__ == '__main__':
    main()
