"""A throttled server for benchmarks/link_speed.py: the built site served from 127.0.0.1 as it
would come over a reader's link.

- Every response waits one round trip before its first byte (the request's way there and the
  answer's way back; the TCP and TLS handshakes of new connections are not added).
- Then every body goes through one shared link: a token bucket of the profile's bandwidth that all
  responses draw from in 16 KB chunks, first come first served, so the page, its scripts and the
  worker's downloads share it as they would on a phone's link.
- What the host compresses is a mode: ``"all"`` gzips every response the browser accepts gzip for
  (as a host that compresses everything would; the gzip of each file is made once and kept, as a
  host's cache or a pre-compressed copy would be); ``"text"`` gzips only text (HTML, CSS,
  JavaScript, JSON, SVG, plain text) and sends WebAssembly, zips, ``.snapshot``, wheels and
  ``application/octet-stream`` as they are, as common static hosts do. A ``.gz`` file is
  ``application/gzip``, never compressed again.
- The site's ``_headers`` apply (the content security policy covers the worker), as in
  tests/browser/site_server.py, whose handler this one extends.

The server counts the bytes it sends (headers and bodies, as sent: compressed where it
compresses) since the last ``reset()``, which also drops whatever an earlier run still had on the
link. CPU throttling is not emulated: this machine's CPU runs the page.
"""

import functools
import gzip
import os
import threading
import time
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parents[1]
import sys  # noqa: E402

sys.path[:0] = [str(ROOT / "tests" / "browser")]
from site_server import Handler, SiteServer  # noqa: E402

CHUNK = 16 * 1024
TEXT_TYPES = ("text/", "application/json", "application/javascript", "image/svg+xml", "application/xml",
              "application/manifest+json")


class Profile:
    """A link: its round trip and bandwidth (None: unlimited, loopback)."""

    def __init__(self, name, rtt_ms, mbit):
        self.name, self.rtt_ms, self.mbit = name, rtt_ms, mbit

    @property
    def bytes_per_second(self):
        return None if self.mbit is None else self.mbit * 1e6 / 8

    def __str__(self):
        return self.name


PROFILES = {
    "loopback": Profile("loopback", 0, None),
    "20mbit": Profile("20 Mbit/s, 40 ms", 40, 20),
    "5mbit": Profile("5 Mbit/s, 80 ms", 80, 5),
    "1.6mbit": Profile("1.6 Mbit/s, 150 ms", 150, 1.6),
}
MODES = {"all": "every file compressed", "text": "host compresses only text"}


class Link:
    """One link's bandwidth, shared: each chunk books the next free slot of the link and waits for it."""

    def __init__(self):
        self.lock = threading.Lock()
        self.free_at = 0.0
        self.generation = 0

    def reset(self):
        with self.lock:
            self.free_at = 0.0
            self.generation += 1

    def send(self, size, bytes_per_second):
        if bytes_per_second is None:
            return
        with self.lock:
            start = max(time.monotonic(), self.free_at)
            self.free_at = start + size / bytes_per_second
            until = self.free_at
        delay = until - time.monotonic()
        if delay > 0:
            time.sleep(delay)


class ThrottledHandler(Handler):
    extensions_map = {**Handler.extensions_map, ".gz": "application/gzip", ".snapshot": "application/octet-stream",
                      ".whl": "application/octet-stream"}

    def do_GET(self):
        server = self.server
        generation = server.link.generation
        if server.profile.rtt_ms:
            time.sleep(server.profile.rtt_ms / 1000)
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            if not urlparse(self.path).path.endswith("/"):
                self.send_response(301)
                parts = urlparse(self.path)
                self.send_header("Location", parts.path + "/" + (f"?{parts.query}" if parts.query else ""))
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            path = os.path.join(path, "index.html")
        if not os.path.isfile(path):
            self.send_error(404, "File not found")
            return
        content_type = self.guess_type(path)
        body, compressed = server.body(path, content_type, "gzip" in self.headers.get("Accept-Encoding", ""))
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        if compressed:
            self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        server.count(self.path, 300)  # the status line and headers, about
        for start in range(0, len(body), CHUNK):
            if server.link.generation != generation:
                return  # the run this response belonged to is over
            chunk = body[start:start + CHUNK]
            server.link.send(len(chunk), server.profile.bytes_per_second)
            try:
                self.wfile.write(chunk)
            except OSError:
                return
            server.count(self.path, len(chunk))


class ThrottledServer(SiteServer):
    """The site in ``directory`` at a free port of 127.0.0.1, through one link (``profile``) with a
    host that compresses ``mode`` ("all" or "text"); both may be changed between runs."""

    def __init__(self, directory, profile=PROFILES["loopback"], mode="all"):
        super().__init__(directory, handler=ThrottledHandler)
        self.server.daemon_threads = True
        self.server.requested = None
        self.server.profile = profile
        self.server.mode = mode
        self.server.link = Link()
        self.server.gzipped = {}
        self.server.gzip_lock = threading.Lock()
        self.server.sent = {}
        self.server.sent_lock = threading.Lock()
        self.server.body = functools.partial(_body, self.server)
        self.server.count = functools.partial(_count, self.server)

    def configure(self, profile, mode):
        self.server.profile, self.server.mode = profile, mode
        self.reset()

    def reset(self):
        """A new run: the link is idle again (responses of earlier runs stop) and the count restarts."""
        self.server.link.reset()
        with self.server.sent_lock:
            self.server.sent = {}

    @property
    def sent(self):
        """Bytes sent since the last reset, by path."""
        with self.server.sent_lock:
            return dict(self.server.sent)

    def precompress(self, directory):
        """Make every file's gzip now, so no run pays for it."""
        for path in Path(directory).rglob("*"):
            if path.is_file():
                _gzipped(self.server, str(path))

    def stop(self):
        # Responses still waiting for the link give up, so the server's shutdown is not held.
        self.server.link.reset()
        super().stop()


def compresses(mode, content_type):
    if content_type == "application/gzip":
        return False
    return mode == "all" or content_type.startswith(TEXT_TYPES)


def _gzipped(server, path):
    stamp = os.stat(path).st_mtime_ns
    with server.gzip_lock:
        found = server.gzipped.get(path)
    if found and found[0] == stamp:
        return found[1]
    data = gzip.compress(Path(path).read_bytes(), 6, mtime=0)
    with server.gzip_lock:
        server.gzipped[path] = (stamp, data)
    return data


def _body(server, path, content_type, accepts_gzip):
    if accepts_gzip and compresses(server.mode, content_type):
        return _gzipped(server, path), True
    return Path(path).read_bytes(), False


def _count(server, path, size):
    key = urlparse(path).path
    with server.sent_lock:
        server.sent[key] = server.sent.get(key, 0) + size
