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
    /endless             200 with no Content-Length and a body that never ends, 64 KiB at a time
    /redirect-loop       302 to itself, forever
    /not-modified        304, whatever the request
    /gzip-feed           the /feed body gzip-compressed (Content-Encoding: gzip), ETag "v1"
    /gzip-bomb?mib=N     200, Content-Encoding: gzip, no Content-Length (close-delimited): about N KB
                         that inflate to N MiB of spaces (N from 2 to 65536; 1024, 1 GiB, by default)
    /gzip-image?mib=N    as a server that compresses what it may: to a request whose Accept-Encoding allows
                         gzip, the /gzip-bomb body (Content-Encoding: gzip); otherwise a 1x1 PNG, plain
    /huge-etag           the /feed body with a 9,000-byte ETag and a 2,000-byte Last-Modified
    /conditional-400     400 to a request with If-None-Match or If-Modified-Since; otherwise the /feed
                         body with ETag "v1" (as nginx answers validators over its 8 KiB header limit)
    /endless-headers     200, then header lines (1 KB each) that never end
    /redirect?to=URL     302 to URL (percent-decoded), such as file:///etc/passwd
    /png?n=ID            a 1x1 PNG, plain, with Content-Length (ID only keeps a feed's image URLs apart)
    /image-feed?bombs=B&good=G&mib=M
                         a feed of B announcements whose images are /gzip-bomb?mib=M on this server (sent
                         whatever the request's Accept-Encoding), then G whose images are /png (B, G from 0
                         to 64; 4, 8 and 1024 by default)
    /require-header?name=N&value=V
                         the /feed body when the request has header N with value V, otherwise 401
Standard library only.
"""
import gzip
import http.server
import socketserver
import sys
import threading
import time
import urllib.parse
import zlib

FEED = (b'{"schemaVersion": 1, "announcements": [{"id": "fault-feed", "title": "From the fault server", '
        b'"message": "ok"}]}')
HUGE = 50 * 1024 * 1024
CHUNK = b"x" * 65536
_bombs = {}


def png_1x1():
    """A valid 1x1 RGBA PNG: signature, IHDR, IDAT, IEND."""
    def chunk(kind, data):
        return (len(data).to_bytes(4, "big") + kind + data
                + zlib.crc32(kind + data).to_bytes(4, "big"))
    header = (1).to_bytes(4, "big") * 2 + bytes([8, 6, 0, 0, 0])
    pixels = zlib.compress(b"\x00\x20\x60\xc0\xff")
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")


PNG = png_1x1()
_bomb_lock = threading.Lock()


def gzip_bomb(mib):
    """`mib` MiB of spaces, gzip-compressed once (about 1 KB a MiB) and kept.

    Every MiB is compressed after a full flush, so all the blocks but the first are the same bytes:
    one is compressed and repeated, and only the CRC is computed over the whole.
    """
    with _bomb_lock:
        if mib not in _bombs:
            block = b" " * (1 << 20)
            count = mib
            compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
            first = compressor.compress(block) + compressor.flush(zlib.Z_FULL_FLUSH)
            repeated = compressor.compress(block) + compressor.flush(zlib.Z_FULL_FLUSH)
            last = compressor.flush(zlib.Z_FINISH)
            crc = 0
            for _ in range(count):
                crc = zlib.crc32(block, crc)
            header = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x02\xff"
            trailer = crc.to_bytes(4, "little") + ((count << 20) & 0xFFFFFFFF).to_bytes(4, "little")
            _bombs[mib] = header + first + repeated * (count - 1) + last + trailer
        return _bombs[mib]


def image_feed(host, query):
    """The /image-feed body: the bomb items first, so that they start first, then the good ones."""
    wanted = urllib.parse.parse_qs(query)

    def number(name, default):
        return max(0, min(int(wanted.get(name, [str(default)])[0]), 64))

    mib = max(2, min(int(wanted.get("mib", ["1024"])[0]), 65536))
    images = ["http://%s/gzip-bomb?mib=%d&n=%d" % (host, mib, i) for i in range(number("bombs", 4))]
    images += ["http://%s/png?n=%d" % (host, i) for i in range(number("good", 8))]
    items = []
    for index, url in enumerate(images):
        items.append('{"id": "image-%d", "title": "Title %d", "message": "Message %d", '
                     '"audience": {"requires": ["images"]}, "image": {"url": "%s", "alt": "Picture %d"}}'
                     % (index, index, index, url, index))
    return ('{"schemaVersion": 1, "announcements": [%s]}' % ", ".join(items)).encode()


def accepts_gzip(header):
    """Whether an Accept-Encoding value allows gzip (by name or `*`, with a q-value above 0)."""
    for item in (header or "").split(","):
        name, _, params = item.strip().lower().partition(";")
        q = params.strip()[2:] if params.strip().startswith("q=") else "1"
        try:
            allowed = float(q) > 0
        except ValueError:
            allowed = False
        if name.strip() in ("gzip", "x-gzip", "*") and allowed:
            return True
    return False


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
        path, _, query = self.path.partition("?")
        try:
            if path == "/feed":
                self.send_body(200, FEED, extra=[("ETag", '"v1"'), ("Cache-Control", "max-age=300")])
            elif path == "/gzip-feed":
                self.send_body(200, gzip.compress(FEED), extra=[("ETag", '"v1"'), ("Content-Encoding", "gzip")])
            elif path == "/png":
                self.send_body(200, PNG, content_type="image/png")
            elif path == "/image-feed":
                host = self.headers.get("Host") or "127.0.0.1:%d" % self.server.server_address[1]
                self.send_body(200, image_feed(host, query))
            elif path == "/gzip-image" and not accepts_gzip(self.headers.get("Accept-Encoding")):
                self.send_body(200, PNG, content_type="image/png")
            elif path in ("/gzip-bomb", "/gzip-image"):
                mib = int(urllib.parse.parse_qs(query).get("mib", ["1024"])[0])
                body = gzip_bomb(max(2, min(mib, 65536)))
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Encoding", "gzip")
                self.send_header("Connection", "close")
                self.end_headers()
                self.close_connection = True
                for start in range(0, len(body), 65536):
                    self.wfile.write(body[start:start + 65536])
            elif path == "/huge-etag":
                etag = '"' + "e" * 8998 + '"'
                self.send_body(200, FEED, extra=[("ETag", etag), ("Last-Modified", "m" * 2000)])
            elif path == "/endless-headers":
                self.send_response(200)
                self.close_connection = True
                while True:
                    self.send_header("X-Filler", "x" * 1000)
                    self.flush_headers()
            elif path == "/conditional-400":
                if self.headers.get("If-None-Match") or self.headers.get("If-Modified-Since"):
                    self.send_body(400, b'{"error": "request header too large"}')
                else:
                    self.send_body(200, FEED, extra=[("ETag", '"v1"')])
            elif path == "/require-header":
                wanted = urllib.parse.parse_qs(query)
                name, value = wanted.get("name", [""])[0], wanted.get("value", [""])[0]
                if name and self.headers.get(name) == value:
                    self.send_body(200, FEED)
                else:
                    self.send_body(401, b'{"error": "missing header"}')
            elif path == "/redirect":
                target = urllib.parse.parse_qs(query).get("to", ["/feed"])[0]
                self.send_response(302)
                self.send_header("Location", target)
                self.send_header("Content-Length", "0")
                self.end_headers()
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
            elif path == "/endless":
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Connection", "close")
                self.end_headers()
                self.close_connection = True
                while True:
                    self.wfile.write(CHUNK)
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
