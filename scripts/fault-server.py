#!/usr/bin/env python3
"""A small HTTP server on 127.0.0.1 that misbehaves on purpose, for the remote provider's tests.

    scripts/fault-server.py [PORT]     PORT 0 or absent: a free port; prints "PORT <n>" on stdout

The path selects the fault:
    /feed                a valid feed, ETag "v1", Cache-Control: max-age=300
    /status/<code>       that status with a short body (503 adds Retry-After: 120, 429 Retry-After: 7)
    /hang                accepts the request and never answers
    /trickle             200 with Content-Length 100000, then one byte a second
    /truncated           Content-Length 5000, then 100 bytes and the connection closes
    /invalid-json        200 with a body that is not JSON
    /huge                200 with 50 MB and no Content-Length (close-delimited), 64 KiB at a time
    /huge-declared       200 with Content-Length 52428800 (and the same body)
    /redirect-loop       302 to itself, forever
    /not-modified        304, whatever the request
Standard library only.
"""
import http.server
import socketserver
import sys
import time

FEED = (b'{"schemaVersion": 1, "announcements": [{"id": "fault-feed", "title": "From the fault server", '
        b'"message": "ok"}]}')
HUGE = 50 * 1024 * 1024
CHUNK = b"x" * 65536


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "fault-server"

    def log_message(self, format, *args):  # keep test output quiet
        pass

    def send_body(self, status, body, content_type="application/json", extra=()):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in extra:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        path = self.path.split("?", 1)[0]
        try:
            if path == "/feed":
                self.send_body(200, FEED, extra=[("ETag", '"v1"'), ("Cache-Control", "max-age=300")])
            elif path.startswith("/status/"):
                code = int(path.rsplit("/", 1)[1])
                extra = {503: [("Retry-After", "120")], 429: [("Retry-After", "7")]}.get(code, [])
                self.send_body(code, b'{"error": "fault %d"}' % code, extra=extra)
            elif path == "/hang":
                time.sleep(3600)
            elif path == "/trickle":
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", "100000")
                self.end_headers()
                self.wfile.flush()
                for _ in range(100000):
                    self.wfile.write(b" ")
                    self.wfile.flush()
                    time.sleep(1)
            elif path == "/truncated":
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", "5000")
                self.send_header("Connection", "close")
                self.end_headers()
                self.wfile.write(FEED[:100])
                self.wfile.flush()
                self.close_connection = True
            elif path == "/invalid-json":
                self.send_body(200, b'{"announcements": [ {"id": "x", ')
            elif path in ("/huge", "/huge-declared"):
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                if path == "/huge-declared":
                    self.send_header("Content-Length", str(HUGE))
                self.send_header("Connection", "close")
                self.end_headers()
                self.close_connection = True
                sent = 0
                while sent < HUGE:
                    self.wfile.write(CHUNK)
                    sent += len(CHUNK)
            elif path == "/redirect-loop":
                self.send_response(302)
                self.send_header("Location", "/redirect-loop")
                self.send_header("Content-Length", "0")
                self.end_headers()
            elif path == "/not-modified":
                self.send_response(304)
                self.send_header("ETag", '"v1"')
                self.end_headers()
            else:
                self.send_body(404, b'{"error": "unknown fault"}')
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def main():
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 0
    server = Server(("127.0.0.1", port), Handler)
    print("PORT %d" % server.server_address[1], flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
