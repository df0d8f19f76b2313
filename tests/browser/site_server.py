"""The built site, served from 127.0.0.1, and Debian's Chromium to open it.

Shared by the browser tests (``conftest.py``) and ``benchmarks/browser_speed.py``,
so both build, serve and launch the same way. The server behaves as Netlify or Cloudflare
Pages do: every response says ``Cache-Control: public, max-age=0, must-revalidate`` (so a
browser asks again each time, and the tests never depend on a file's age), unless the site's
``_headers`` (build_scripts/headers.py) asks otherwise, and carries the other headers it asks
for (the content security policy). ``honour_headers = False`` ignores ``_headers``, for
comparison.
"""

import functools
import http.server
import os
import socket
import subprocess
import sys
import threading
from pathlib import Path
from urllib.parse import unquote, urlparse

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from build_scripts import check_cache  # noqa: E402
from build_scripts import headers as site_headers  # noqa: E402

# Debian's Chromium as its headless shell (package chromium-headless-shell; the Makefile installs it):
# the full browser's headless mode now and then stops drawing a page's frames, and a click or a wait
# on that page then hangs until its timeout.
CHROMIUM = "/usr/bin/chromium-headless-shell"
CHROMIUM_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
]
SITE_HOST = "127.0.0.1"
# The bots' pace a test page starts with (widgets/pace.js keeps the reader's in localStorage), as an
# init script: a test of something else does not wait for the bots' pauses.
INSTANT_PACE = "try { localStorage.setItem('rules-bots-pace', 'instant'); } catch {}"
HOST_DEFAULT_CACHE = "public, max-age=0, must-revalidate"


class SiteBuildError(RuntimeError):
    """``mkdocs build --strict`` failed; the message holds its output."""


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with the MIME types Pyodide and module workers need, a host's headers (see
    above), and no log lines."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm"}

    def end_headers(self):
        requested = getattr(self.server, "requested", None)
        if requested is not None:
            requested.append(urlparse(self.path).path)
        rules = getattr(self.server, "site_headers", None)
        found = []
        if rules is not None and getattr(self.server, "honour_headers", False):
            found = rules.for_path(unquote(urlparse(self.path).path))
        if not any(name.lower() == "cache-control" for name, _ in found):
            found = [("Cache-Control", HOST_DEFAULT_CACHE), *found]
        for name, value in found:
            self.send_header(name, value)
        super().end_headers()

    def log_message(self, *args):
        pass


class HeadersFile:
    """A site's ``_headers``, read again whenever it changes (the site may be built after the
    server is made); none while the file is missing."""

    def __init__(self, directory):
        self.path = Path(directory) / site_headers.HEADERS_FILE
        self._seen = None
        self._rules = []
        self._lock = threading.Lock()

    def for_path(self, path):
        with self._lock:
            try:
                stamp = self.path.stat().st_mtime_ns
            except FileNotFoundError:
                return []
            if stamp != self._seen:
                self._rules = site_headers.parse(self.path.read_text(encoding="utf-8"))
                self._seen = stamp
            return site_headers.headers_for(self._rules, path)


class SiteServer:
    """A folder served at a free port of 127.0.0.1. The port is taken at once, so
    the site can be built for its address (``url``) before serving starts."""

    def __init__(self, directory, handler=None):
        self.directory = str(directory)
        self.server = http.server.ThreadingHTTPServer(
            (SITE_HOST, 0), functools.partial(handler or Handler, directory=self.directory))
        self.server.site_headers = HeadersFile(self.directory)
        self.server.honour_headers = True
        self.server.requested = []  # every path answered, in order (tests may clear it)
        self.url = f"http://{SITE_HOST}:{self.server.server_address[1]}/"
        self._thread = None

    @property
    def requested(self):
        return self.server.requested

    @property
    def honour_headers(self):
        """Whether responses carry the site's ``_headers`` (True) or only a plain server's."""
        return self.server.honour_headers

    @honour_headers.setter
    def honour_headers(self, value):
        self.server.honour_headers = bool(value)

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
    with check_cache.one_build_at_a_time():
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
            f"{CHROMIUM} is missing: `make test` installs Debian's Chromium headless shell (apt-get install chromium-headless-shell)")
    return playwright.chromium.launch(executable_path=CHROMIUM, args=[*CHROMIUM_FLAGS, *extra_flags])
