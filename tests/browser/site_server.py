"""The built site, served from 127.0.0.1, and Debian's Chromium to open it.

Shared by the browser tests (``conftest.py``) and ``benchmarks/browser_speed.py``,
so both build, serve and launch the same way.
"""

import functools
import http.server
import os
import socket
import subprocess
import sys
import threading
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
]
SITE_HOST = "127.0.0.1"


class SiteBuildError(RuntimeError):
    """``mkdocs build --strict`` failed; the message holds its output."""


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with the MIME types Pyodide and module workers need, and no log lines."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm"}

    def log_message(self, *args):
        pass


class SiteServer:
    """A folder served at a free port of 127.0.0.1. The port is taken at once, so
    the site can be built for its address (``url``) before serving starts."""

    def __init__(self, directory):
        self.directory = str(directory)
        self.server = http.server.ThreadingHTTPServer(
            (SITE_HOST, 0), functools.partial(Handler, directory=self.directory))
        self.url = f"http://{SITE_HOST}:{self.server.server_address[1]}/"
        self._thread = None

    def start(self):
        self._thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self._thread.start()
        return self

    def stop(self):
        if self._thread is not None:
            self.server.shutdown()
            self._thread = None
        self.server.server_close()

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()


def build_site(out, url):
    """Build the site into ``out`` for the address ``url`` (instant navigation only
    follows links whose address, port included, is the site's); raises SiteBuildError."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "SITE_URL": url}
    result = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(out)],
                            cwd=ROOT, env=env, capture_output=True, text=True)
    if result.returncode != 0:
        raise SiteBuildError(result.stdout + result.stderr)
    return result


def is_site_request(url):
    """Whether a request stays on the site's host (or needs no network at all)."""
    return url.startswith(("data:", "blob:")) or urlparse(url).hostname == SITE_HOST


def refusing_proxy_flags():
    """Chromium flags that refuse every host but 127.0.0.1 in the network stack itself:
    all requests go to a proxy at a closed port, except those to 127.0.0.1 (``<-loopback>``
    stops Chromium's implicit bypass of ``localhost`` and ``[::1]``). Unlike ``page.route``,
    this keeps the HTTP cache on and never holds a request until the Python side answers."""
    probe = socket.socket()
    probe.bind((SITE_HOST, 0))
    port = probe.getsockname()[1]
    probe.close()  # nothing listens there now: the proxy refuses every connection
    return [f"--proxy-server=http://{SITE_HOST}:{port}", f"--proxy-bypass-list=<-loopback>;{SITE_HOST}"]


def launch_chromium(playwright, extra_flags=()):
    """Debian's Chromium, headless, with the flags this machine needs."""
    if not Path(CHROMIUM).exists():
        raise FileNotFoundError(
            f"{CHROMIUM} is missing: `make test` installs Debian's chromium (apt-get install chromium)")
    return playwright.chromium.launch(executable_path=CHROMIUM, args=[*CHROMIUM_FLAGS, *extra_flags])
