#!/usr/bin/env python3
"""Serves a folder over HTTP as `python3 -m http.server` does, with the two
headers that make the page cross-origin isolated, so that the worker can run
the threaded engine (SharedArrayBuffer; docs/hosting.md):

    Cross-Origin-Opener-Policy: same-origin
    Cross-Origin-Embedder-Policy: require-corp

and Cross-Origin-Resource-Policy: same-origin on every file (the site loads
nothing from another origin).

    scripts/serve.py [--port N] [--bind ADDRESS] [--directory DIR] [--no-isolation]

--no-isolation serves without the three headers: a host that sends none
(the browser tests of the single-threaded fallback and of the service
worker's headers). Used by scripts/play.sh and tests/web/lib.mjs.
"""
import argparse
import functools
import http.server
import socket
import sys

ISOLATION_HEADERS = (
    ('Cross-Origin-Opener-Policy', 'same-origin'),
    ('Cross-Origin-Embedder-Policy', 'require-corp'),
    ('Cross-Origin-Resource-Policy', 'same-origin'),
)


class Handler(http.server.SimpleHTTPRequestHandler):
    isolation = True

    def end_headers(self):
        if self.isolation:
            for name, value in ISOLATION_HEADERS:
                self.send_header(name, value)
        super().end_headers()


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
