"""How the site does in a real browser: page weight, main-thread long tasks, time
to the reader's first legal move, bot latency, and the engine's speed in Pyodide.

    .venv/bin/python benchmarks/browser_speed.py [--runs N] [--moves N] [--pyodide-games N]

Builds the site into a temporary folder, serves it from 127.0.0.1 (as the browser
tests do, with tests/browser/site_server.py) and opens it in Debian's Chromium
(its headless shell, /usr/bin/chromium-headless-shell) through Playwright. Every request to another host is refused
by Chromium itself and listed at the end. It starts with the targets, run by run,
each figure beside its target and the bare loadPyodide() floor of the same run: the cold
first legal move (the page's own start, and the normal start forced), the second visit in a new tab
with the cache warm, and the page weight. The server sends what the site's ``_headers`` asks
(as Netlify or Cloudflare Pages would); the second visit is also timed from a plain server
(no Cache-Control) and with an emulated 50 ms round trip. Each later figure is the median of N runs
(default 3) with its min and max, each run in a fresh browser context (no HTTP
cache); the bot latencies come from one King game of --moves reader moves (default
40). Figures are printed, never asserted; the targets are printed beside them.
About four minutes for --runs 3 on two cores.
"""

import argparse
import datetime
import gzip
import importlib.metadata
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlparse

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:0] = [str(HERE), str(ROOT), str(ROOT / "tests" / "browser")]

from playwright.sync_api import TimeoutError as PlaywrightTimeout  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from browser_report import (  # noqa: E402
    print_first_move, print_latency, print_long_tasks, print_pyodide_speed, print_targets, print_weight,
)
from build_scripts.browser import installed_folders  # noqa: E402
from site_server import (  # noqa: E402
    CHROMIUM, CHROMIUM_FLAGS, INSTANT_PACE, SiteBuildError, SiteServer, build_site, is_site_request, launch_chromium,
    refusing_proxy_flags,
)

PLAY = "[data-widget=play]"
READER_CARD = ".rw-card--legal[data-key^=\"hand-0/\"]"  # the reader is seat 0
YUKON_LINK = ".md-sidebar--primary a[href$='games/yukon/']"
VIEWPORT = {"width": 1280, "height": 1000}
TIMEOUT_MS = 60_000
SETTLE_MS = 2_000          # "page loaded, wait 2 s" before any interaction

# Installed in every measured page before its own scripts: long tasks and long
# animation frames (buffered), the moments the reader's turn begins, clicks, and
# the worker's messages (round trip and the worker's own time per request).
INSTRUMENT = r"""
(() => {
  const bench = window.__bench = {
    longtasks: [], frames: [], yourTurn: [], firstDeal: [], mounted: [], clicks: [],
    sent: {}, replies: [], errors: [],
  };
  const observe = (type, keep) => {
    try {
      new PerformanceObserver((list) => { for (const e of list.getEntries()) keep(e); })
        .observe({ type, buffered: true });
    } catch (error) { bench.errors.push(`${type}: ${error}`); }
  };
  observe("longtask", (e) => bench.longtasks.push({ start: e.startTime, duration: e.duration }));
  observe("long-animation-frame", (e) => bench.frames.push({
    start: e.startTime, duration: e.duration, blocking: e.blockingDuration,
    renderStart: e.renderStart,
    scripts: (e.scripts || []).map((s) => ({
      url: s.sourceURL, fn: s.sourceFunctionName, invoker: s.invoker, type: s.invokerType,
      duration: s.duration, forced: s.forcedStyleAndLayoutDuration,
    })),
  }));
  const state = new WeakMap();
  const scan = () => {
    const now = performance.now();
    for (const root of document.querySelectorAll("[data-widget=play]")) {
      const seen = state.get(root) || { mounted: false, turn: false };
      if (!seen.mounted && root.classList.contains("rw-play")) {
        seen.mounted = true;
        bench.mounted.push({ at: now, game: root.dataset.game });
        // A reader who came for this widget scrolls to it once the page is there.
        if (bench.scrollOnMount === root.dataset.game) {
          bench.scrollOnMount = null;
          requestAnimationFrame(() => {
            root.scrollIntoView({ block: "center" });
            bench.scrolledAt = performance.now();
          });
        }
      }
      const turn = root.classList.contains("rw-play--your-turn");
      if (turn && !seen.turn) bench.yourTurn.push({ at: now, game: root.dataset.game });
      seen.turn = turn;
      // The block's first deal drawn from the build, before the engine is ready (first-deal.js).
      if (root.classList.contains("rw-play--early") && !seen.early) bench.firstDeal.push({ at: now, game: root.dataset.game });
      seen.early ||= root.classList.contains("rw-play--early");
      state.set(root, seen);
    }
  };
  new MutationObserver(scan).observe(document, {
    subtree: true, childList: true, attributes: true, attributeFilter: ["class"],
  });
  document.addEventListener("click", (event) => bench.clicks.push(event.timeStamp), true);
  const NativeWorker = window.Worker;
  if (NativeWorker) {
    window.Worker = class extends NativeWorker {
      constructor(url, options) {
        super(url, options);
        this.addEventListener("message", (event) => {
          const data = event.data || {};
          if (data.type !== "reply") return;
          const sent = bench.sent[data.id];
          const at = performance.now();
          bench.replies.push({ op: sent ? sent.op : null, at, roundTrip: sent ? at - sent.at : null,
                               worker: data.ms });
        });
      }
      postMessage(message, ...rest) {
        if (message && message.op) bench.sent[message.id] = { op: message.op, at: performance.now() };
        return super.postMessage(message, ...rest);
      }
    };
  }
})();
"""

# When the page's own parts arrived and ran (seconds from navigation start).
PAGE_START = r"""() => {
  const nav = performance.getEntriesByType("navigation")[0];
  const resources = performance.getEntriesByType("resource");
  const end = (pattern) => Math.max(0, ...resources.filter((r) => pattern.test(r.name)).map((r) => r.responseEnd));
  return { html: nav.responseEnd / 1000, bundle: end(/javascripts\/bundle\.[^/]*\.js$/) / 1000,
           widgets: end(/\/widgets\/[^/]*\.js$/) / 1000, dcl: nav.domContentLoadedEventEnd / 1000,
           load: nav.loadEventEnd / 1000 };
}"""

SCROLL_TO_YUKON = """() => {
  document.querySelector('[data-widget=play][data-game=yukon]').scrollIntoView({ block: 'center' });
  return performance.now();
}"""

BARE_PAGE = """<!doctype html>
<meta charset="utf-8">
<title>Bare loadPyodide()</title>
<link rel="icon" href="data:,">
<p>A module worker that only runs <code>loadPyodide()</code> from the site's bundle.</p>
<script type="module" src="bare-page.mjs"></script>
"""

# A file, not an inline script: the server sends the site's content security policy.
BARE_SCRIPT = """const createdAt = performance.now();
const worker = new Worker(new URL("./bare-worker.mjs", import.meta.url), { type: "module" });
worker.onmessage = (event) => { window.bareResult = { createdAt, doneAt: performance.now(), ...event.data }; };
worker.onerror = (event) => { window.bareResult = { error: event.message || "the worker failed" }; };
"""

BARE_WORKER = """import { loadPyodide } from "../pyodide/pyodide.mjs";
const started = performance.now();
try {
  const indexURL = new URL("../pyodide/", import.meta.url).href;
  const pyodide = await loadPyodide({ indexURL, lockFileURL: indexURL + "ENGINE/pyodide-lock.json" });
  self.postMessage({ loadPyodide: performance.now() - started, version: pyodide.version });
} catch (error) {
  self.postMessage({ error: String(error) });
}
"""


def add_bench_pages(site_dir):
    """The benchmark's own pages in the built site, under _bench/: the bare loadPyodide() page and
    an empty page. Returns the engine's folder of the site's bundle."""
    (site_dir / "_bench").mkdir()
    (site_dir / "_bench" / "bare-pyodide.html").write_text(BARE_PAGE)
    (site_dir / "_bench" / "bare-page.mjs").write_text(BARE_SCRIPT)
    # pyodide/<runtime>/<engine>/: Pyodide's files, and the engine's (the lock among them) inside.
    runtime, bundle = installed_folders(site_dir)
    (site_dir / "_bench" / "bare-worker.mjs").write_text(
        BARE_WORKER.replace("../pyodide/", f"../pyodide/{runtime.name}/").replace("ENGINE", bundle.name))
    (site_dir / "_bench" / "empty.html").write_text('<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,">')
    return bundle


# ---- the browser --------------------------------------------------------------------

class Session:
    """The browser and what its pages did that the report must show: requests to other
    hosts (refused by Chromium's proxy settings) and console errors."""

    def __init__(self, playwright):
        self.flags = refusing_proxy_flags()
        self.browser = launch_chromium(playwright, self.flags)
        self.foreign = []
        self.errors = []
        self.failed = []

    def context(self, instrument=True):
        return self._watch(self.browser.new_context(viewport=VIEWPORT), instrument)

    def persistent_context(self, profile):
        """A browser of its own with a profile (and so an HTTP cache) on disk."""
        context = self.browser.browser_type.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=[*CHROMIUM_FLAGS, *self.flags], viewport=VIEWPORT)
        return self._watch(context, True)

    def _watch(self, context, instrument):
        context.set_default_timeout(TIMEOUT_MS)
        # The bots at once: the figures time the engine and the page, not the reader's pace.
        context.add_init_script(INSTANT_PACE)
        if instrument:
            context.add_init_script(INSTRUMENT)
        context.on("request", self._request)
        context.on("response", self._response)
        context.on("page", self._page)
        return context

    def _response(self, response):
        if response.status >= 400:
            self.failed.append(f"{response.status} {response.url}")

    def _request(self, request):
        if not is_site_request(request.url):
            self.foreign.append(request.url)

    def check_refusal(self, site):
        """Ask a page for other hosts and see each refused (outside the report's listeners)."""
        port = urlparse(site).port
        probes = ["http://example.com/", "http://192.0.2.1/", f"http://localhost:{port}/"]
        context = self.browser.new_context()
        page = context.new_page()
        page.goto(site + "_bench/empty.html")
        refused = page.evaluate("""async (urls) => {
          const out = {};
          for (const url of urls) {
            try { await fetch(url, { mode: "no-cors", cache: "no-store" }); out[url] = false; }
            catch { out[url] = true; }
          }
          return out;
        }""", probes)
        context.close()
        return refused

    def _page(self, page):
        page.on("console", lambda message: message.type == "error" and self.errors.append(message.text))
        page.on("pageerror", lambda error: self.errors.append(str(error)))


def bench(page, expression="window.__bench"):
    return page.evaluate(expression)


def engine_status(page):
    return page.evaluate("""() => {
      const s = window.rulesEngineStatus;
      return s && { state: s.state, workersStarted: s.workersStarted, startedAt: s.startedAt,
                    readyAt: s.readyAt, timings: s.timings, python: s.python, latencies: s.latencies,
                    start: s.start, fallback: s.fallback };
    }""")


def wait_your_turn(page, game, after, timeout=TIMEOUT_MS):
    """The first moment after ``after`` (page time) that the reader can move in ``game``."""
    page.wait_for_function(
        "([game, after]) => window.__bench.yourTurn.some((t) => t.game === game && t.at >= after)",
        arg=[game, after], timeout=timeout)
    return next(t["at"] for t in bench(page)["yourTurn"] if t["game"] == game and t["at"] >= after)


def engine_breakdown(status, data, started_from):
    """Where the time to the first legal move went, in seconds (page clock)."""
    timings = status.get("timings") or {}
    opens = [r for r in data["replies"] if r["op"] == "open"]
    first_open = opens[0] if opens else None
    turn = next((t["at"] for t in data["yourTurn"]), None)
    worker_boot = None
    if status.get("readyAt") and status.get("startedAt") and timings:
        worker_boot = status["readyAt"] - status["startedAt"] - timings["runtime"] - timings["engine"]
    return {
        "to_start": (status["startedAt"] - started_from) / 1000 if status.get("startedAt") else None,
        "worker_boot": worker_boot / 1000 if worker_boot is not None else None,
        "runtime": timings.get("runtime", 0) / 1000 if timings else None,
        "engine": timings.get("engine", 0) / 1000 if timings else None,
        "open": first_open["roundTrip"] / 1000 if first_open else None,
        "bots": (turn - first_open["at"]) / 1000 if first_open and turn else None,
        "bot_moves": sum(1 for r in data["replies"] if r["op"] == "bot" and first_open and turn
                         and first_open["at"] <= r["at"] <= turn),
    }


def reader_move(page, moves_so_far):
    """Play the reader's first legal move (a card of their hand, else the first choice
    offered; past a hand's end first) and wait until it is their turn again, bots'
    replies included, or the hand's end is shown."""
    widget = page.locator(PLAY).first
    if widget.locator(".rw-interlude").count():  # a hand's end, shown until the reader goes on
        widget.get_by_role("button", name="Next hand", exact=True).click()
        page.wait_for_selector(f"{PLAY}.rw-play--your-turn", timeout=TIMEOUT_MS)
    card = widget.locator(READER_CARD).first
    if card.count():
        card.click()
    elif widget.locator(".rw-actions button").count():
        widget.locator(".rw-actions button").first.click()
    else:
        widget.get_by_role("button", name="Play", exact=True).click()
    page.wait_for_function("""([n, sel]) => {
      const replies = window.__bench.replies.filter((r) => r.op === "move").length;
      const root = document.querySelector(sel);
      const status = root.querySelector(".rw-status").textContent;
      const idle = !root.querySelector(".rw-toolbar button").disabled;
      const paused = root.querySelector(".rw-interlude") !== null;
      return replies > n && idle && (root.classList.contains("rw-play--your-turn") || paused || status.includes("Game over"));
    }""", arg=[moves_so_far, PLAY], timeout=TIMEOUT_MS)
    return "Game over" not in widget.locator(".rw-status").inner_text()


def tasks_between(data, start, end):
    return [t for t in data["longtasks"] if start <= t["start"] < end]


def frames_between(data, start, end):
    return [f for f in data["frames"] if start <= f["start"] < end and f["blocking"] > 0]


def body_of(response):
    """The response's body (as served: uncompressed here), or None if the browser kept
    none; then its size is the Content-Length."""
    try:
        body = response.body()
        return len(body), body
    except Exception:  # noqa: BLE001 - some bodies (a worker's) may not be kept by the browser
        length = response.headers.get("content-length")
        return (int(length) if length and length.isdigit() else 0), None


def kind_of(path, content_type):
    content_type = (content_type or "").split(";")[0].strip()
    if content_type == "text/html" or path.endswith(("/", ".html")):
        return "html"
    if content_type == "text/css" or path.endswith(".css"):
        return "css"
    if "javascript" in content_type or path.endswith((".js", ".mjs")):
        return "js"
    return "svg/other"


def weigh(responses, site_url, keep_bodies=False):
    """Bytes by kind, with /pyodide/ apart; and the bodies of HTML pages when asked."""
    base = urlparse(site_url).path
    out = {"site": {"total": 0, "html": 0, "css": 0, "js": 0, "svg/other": 0, "requests": 0, "gzip": 0,
                    "no_body": 0},
           "pyodide": {"total": 0, "requests": 0, "files": {}}, "html_bodies": {}, "files": {}}
    for response in responses:
        if not is_site_request(response.url) or response.url.startswith(("data:", "blob:")):
            continue
        path = urlparse(response.url).path
        size, body = body_of(response)
        if path.startswith(base + "pyodide/"):
            out["pyodide"]["total"] += size
            out["pyodide"]["requests"] += 1
            name = path.rsplit("/", 1)[-1]
            out["pyodide"]["files"][name] = out["pyodide"]["files"].get(name, 0) + size
            continue
        kind = kind_of(path, response.headers.get("content-type"))
        out["site"][kind] += size
        out["site"]["total"] += size
        out["site"]["requests"] += 1
        out["files"][path[len(base):] or "/"] = size
        if body is None:
            out["site"]["gzip"] += size
            out["site"]["no_body"] += 1
            continue
        out["site"]["gzip"] += len(gzip.compress(body, 6))
        if kind == "html" and keep_bodies:
            out["html_bodies"][path] = body
    return out



# ---- one run --------------------------------------------------------------------------

def run_cold_then_instant(session, site):
    """(a) a fresh context opens games/king/#play-1; then (c) from that page, with its
    engine ready, click Yukon in the primary sidebar and scroll its widget into view;
    then (d) a second visit: a new tab of the same context (the HTTP cache warm) opens
    games/king/#play-1 again."""
    context = session.context()
    page = context.new_page()
    page.goto(site + "games/king/#play-1")
    turn_at = wait_your_turn(page, "king", 0)
    status = engine_status(page)
    data = bench(page)
    cold = {"turn": turn_at / 1000, "breakdown": engine_breakdown(status, data, 0), "python": status.get("python"),
            "page": page.evaluate(PAGE_START), "start": status.get("start"), "fallback": status.get("fallback")}

    clicks = len(data["clicks"])
    link = page.locator(YUKON_LINK)
    link.scroll_into_view_if_needed()
    page.evaluate("window.__bench.scrollOnMount = 'yukon'; window.__sameDocument = true")
    link.click()
    page.wait_for_function("() => window.__bench.scrolledAt")
    click_at = bench(page)["clicks"][clicks]
    rescrolls = 0
    while True:
        try:
            yukon_at = wait_your_turn(page, "yukon", click_at, timeout=10_000)
            break
        except PlaywrightTimeout:
            # Should the page's own scroll restoration have undone ours, scroll again.
            if rescrolls == 2:
                raise
            rescrolls += 1
            page.evaluate(SCROLL_TO_YUKON)
    data = bench(page)
    mounted_at = next(m["at"] for m in data["mounted"] if m["game"] == "yukon")
    scroll_at = data["scrolledAt"]
    fetched_at = page.evaluate("""after => {
      const entries = performance.getEntriesByType("resource")
        .filter((r) => r.name.endsWith("games/yukon/") && r.startTime >= after);
      return entries.length ? entries[0].responseEnd : null;
    }""", click_at)
    open_reply = next((r for r in data["replies"] if r["op"] == "open" and r["at"] >= click_at), None)
    # A mark set before the click survives only an instant navigation.
    same_document = page.evaluate("location.pathname.endsWith('games/yukon/') && window.__sameDocument === true")
    instant = {
        "total": (yukon_at - click_at) / 1000,
        "to_page": (mounted_at - click_at) / 1000,
        "fetched": (fetched_at - click_at) / 1000 if fetched_at else None,
        "open": open_reply["roundTrip"] / 1000 if open_reply else None,
        "open_worker": open_reply["worker"] / 1000 if open_reply else None,
        "to_scroll": (scroll_at - mounted_at) / 1000,
        "to_turn": (yukon_at - scroll_at) / 1000,
        "workers": engine_status(page)["workersStarted"],
        "same_document": same_document,
        "rescrolls": rescrolls,
        "tasks": tasks_between(data, click_at, yukon_at),
        "frames": frames_between(data, click_at, yukon_at),
    }
    second = context.new_page()
    second.goto(site + "games/king/#play-1")
    turn_at = wait_your_turn(second, "king", 0)
    status = engine_status(second)
    warm = {"turn": turn_at / 1000, "breakdown": engine_breakdown(status, bench(second), 0),
            "start": status.get("start")}
    context.close()
    return cold, instant, warm


def run_second_visit(session, site, server, honour_headers, round_trip_ms):
    """(d') a returning reader: a browser with a new profile on disk (a disk cache, as a reader's
    own browser has; a new context's cache is in memory and drops files as large as the
    snapshot) opens games/king/#play-1, then a new tab opens it again. The server sends the site's
    ``_headers`` or only a host's default (max-age=0, must-revalidate: asked for again each time);
    the new tab's requests are delayed by an emulated round trip."""
    server.honour_headers = honour_headers
    try:
        with tempfile.TemporaryDirectory(prefix="browser-profile-") as profile:
            context = session.persistent_context(profile)
            page = context.new_page()
            page.goto(site + "games/king/#play-1")
            wait_your_turn(page, "king", 0)
            second = context.new_page()
            if round_trip_ms:
                cdp = context.new_cdp_session(second)
                cdp.send("Network.enable")
                cdp.send("Network.emulateNetworkConditions", {
                    "offline": False, "latency": round_trip_ms, "downloadThroughput": -1, "uploadThroughput": -1})
            server.requested.clear()
            second.goto(site + "games/king/#play-1")
            turn_at = wait_your_turn(second, "king", 0)
            start = engine_status(second).get("start")
            asked = sum(1 for path in server.requested if path.startswith("/pyodide/"))
            context.close()
    finally:
        server.honour_headers = True
    return {"turn": turn_at / 1000, "start": start, "bundle_requests": asked}


SECOND_VISITS = [(honour, delay) for delay in (0, 50) for honour in (True, False)]  # (_headers?, round trip ms)


def run_cold_normal(session, site):
    """(a') as (a), with the normal start forced (?engine-start=normal): the fallback's time."""
    context = session.context()
    page = context.new_page()
    page.goto(site + "games/king/?engine-start=normal#play-1")
    turn_at = wait_your_turn(page, "king", 0)
    status = engine_status(page)
    out = {"turn": turn_at / 1000, "breakdown": engine_breakdown(status, bench(page), 0), "start": status.get("start")}
    context.close()
    return out


def run_bare(session, site):
    """A page whose module worker only runs loadPyodide() from the site's bundle."""
    context = session.context(instrument=False)
    page = context.new_page()
    page.goto(site + "_bench/bare-pyodide.html")
    page.wait_for_function("() => window.bareResult", timeout=TIMEOUT_MS)
    result = page.evaluate("window.bareResult")
    context.close()
    if result.get("error"):
        raise RuntimeError(f"the bare loadPyodide() page failed: {result['error']}")
    return {"done": result["doneAt"] / 1000, "loadPyodide": result["loadPyodide"] / 1000,
            "created": result["createdAt"] / 1000, "version": result.get("version")}


def run_on_view(session, site, moves, latency_moves, first):
    """King without a hash: page weight and long tasks before any interaction; wait 2 s,
    scroll the widget into view, time the first legal move (b); play ``moves`` reader
    moves (long tasks), then on to ``latency_moves`` in all for the engine's latencies."""
    context = session.context()
    responses = []
    context.on("response", lambda response: responses.append(response))
    page = context.new_page()
    page.goto(site + "games/king/")
    page.wait_for_timeout(SETTLE_MS)
    before = list(responses)
    status = engine_status(page)
    weight = weigh(before, site, keep_bodies=first)
    scroll_at = page.evaluate("""() => {
      document.querySelector('[data-widget=play]').scrollIntoView({ block: 'center' });
      return performance.now();
    }""")
    turn_at = wait_your_turn(page, "king", scroll_at)
    page.wait_for_timeout(100)  # let the first deal paint before the reader's first click
    data = bench(page)
    on_view = {"turn": (turn_at - scroll_at) / 1000,
               "breakdown": engine_breakdown(engine_status(page), data, scroll_at)}
    engine_files = weigh([r for r in responses if r not in before], site) if first else None

    moves_start = page.evaluate("performance.now()")
    played = 0
    for _ in range(moves):
        if not reader_move(page, played):
            break
        played += 1
    moves_end = page.evaluate("performance.now()")
    for _ in range(latency_moves - moves):
        if not reader_move(page, played):
            break
        played += 1
    more_end = page.evaluate("performance.now()")
    data = bench(page)
    final = engine_status(page)
    context.close()
    return {
        "weight": weight,
        "engine_files": engine_files,
        "engine_before": status,
        "on_view": on_view,
        "phases": {
            "King: page load (navigation + 2 s)": (tasks_between(data, 0, scroll_at),
                                                    frames_between(data, 0, scroll_at)),
            "King: engine load and first deal": (tasks_between(data, scroll_at, moves_start),
                                                 frames_between(data, scroll_at, moves_start)),
            f"King: {moves} reader moves with bot replies": (tasks_between(data, moves_start, moves_end),
                                                             frames_between(data, moves_start, moves_end)),
        },
        "latency_game": {
            "played": played,
            "latencies": final["latencies"],
            "replies": data["replies"],
            "tasks": tasks_between(data, moves_start, more_end),
        },
        "observer_errors": data["errors"],
    }


def run_page_weight(session, site, path, first):
    """Another page opened and left alone for 2 s: its weight and long tasks."""
    context = session.context()
    responses = []
    context.on("response", lambda response: responses.append(response))
    page = context.new_page()
    page.goto(site + path)
    page.wait_for_timeout(SETTLE_MS)
    before = list(responses)
    status = engine_status(page)
    weight = weigh(before, site, keep_bodies=first)
    data = bench(page)
    end = page.evaluate("performance.now()")
    context.close()
    return {"weight": weight, "engine_before": status,
            "tasks": tasks_between(data, 0, end), "frames": frames_between(data, 0, end)}


# ---- the report -------------------------------------------------------------------------

def versions(bundle_dir, browser):
    manifest = bundle_dir / "bundle-manifest.json"
    pyodide = "unknown"
    if manifest.exists():
        pyodide = json.loads(manifest.read_text()).get("pyodide", pyodide)
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                                text=True, check=False).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain"], cwd=ROOT, capture_output=True,
                               text=True, check=False).stdout.strip()
        commit = f"{commit}{' with local changes' if dirty else ''}" if commit else "unknown"
    except OSError:
        commit = "unknown"
    return {
        "python": platform.python_version(),
        "chromium": browser.version,
        "playwright": importlib.metadata.version("playwright"),
        "pyodide": pyodide,
        "commit": commit,
    }



def progress(text):
    print(f"browser_speed: {text}", file=sys.stderr, flush=True)


# ---- main ----------------------------------------------------------------------------

def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="fresh-context runs per figure (default 3)")
    parser.add_argument("--moves", type=int, default=40,
                        help="reader moves of the King game for the bot latencies (default 40)")
    parser.add_argument("--pyodide-games", type=int, default=30,
                        help="games per game and bot kind for the Pyodide/CPython table (default 30; 0 skips)")
    args = parser.parse_args(argv)
    runs_wanted = max(args.runs, 1)
    started = time.perf_counter()

    with tempfile.TemporaryDirectory(prefix="browser-speed-") as tmp:
        site_dir = Path(tmp) / "site"
        site_dir.mkdir()
        server = SiteServer(site_dir)
        build_started = time.perf_counter()
        try:
            build_site(site_dir, server.url)
        except SiteBuildError as error:
            server.stop()
            print(f"browser_speed: the site does not build:\n{error}", file=sys.stderr)
            return 1
        build_seconds = time.perf_counter() - build_started
        bundle = add_bench_pages(site_dir)
        site = server.url

        with server, sync_playwright() as playwright:
            session = Session(playwright)
            info = versions(bundle, session.browser)
            refusal = session.check_refusal(site)
            runs = []
            for index in range(runs_wanted):
                first = index == 0
                progress(f"run {index + 1}/{runs_wanted}: King cold, instant navigation to Yukon, "
                         "King again in a new tab")
                cold, instant, warm = run_cold_then_instant(session, site)
                progress(f"run {index + 1}/{runs_wanted}: a returning reader, by the host's headers and round trip")
                visits = {key: run_second_visit(session, site, server, *key) for key in SECOND_VISITS}
                progress(f"run {index + 1}/{runs_wanted}: bare loadPyodide()")
                bare = run_bare(session, site)
                progress(f"run {index + 1}/{runs_wanted}: King cold, the normal start forced")
                cold_normal = run_cold_normal(session, site)
                progress(f"run {index + 1}/{runs_wanted}: King started on view, reader moves"
                         + (f" (then {args.moves} in all, for the latencies)" if first else ""))
                king = run_on_view(session, site, 5, args.moves if first else 5, first)
                progress(f"run {index + 1}/{runs_wanted}: Yukon page weight")
                yukon = run_page_weight(session, site, "games/yukon/", first)
                king["phases"]["Yukon: page load (navigation + 2 s)"] = (yukon["tasks"], yukon["frames"])
                king["phases"]["(c) instant navigation King → Yukon, to your turn"] = (
                    instant.pop("tasks"), instant.pop("frames"))
                runs.append({
                    "cold": cold, "instant": instant, "bare": bare, "on_view": king["on_view"],
                    "warm": warm, "cold_normal": cold_normal, "visits": visits,
                    "weights": {"games/king/": king["weight"], "games/yukon/": yukon["weight"]},
                    "engine_before": {"games/king/": king["engine_before"], "games/yukon/": yukon["engine_before"]},
                    "engine_files": king["engine_files"], "phases": king["phases"],
                    "latency_game": king["latency_game"], "observer_errors": king["observer_errors"],
                })
            session.browser.close()

    now = datetime.datetime.now().astimezone()
    print(f"Browser speed of the rules site, {now:%Y-%m-%d %H:%M %Z}")
    print(f"  Python {info['python']} (driver), Chromium {info['chromium']} (Debian, headless), "
          f"Playwright {info['playwright']}")
    print(f"  Pyodide {info['pyodide']} (Python {runs[0]['cold']['python']} in the page's worker), "
          f"commit {info['commit']}, {os.cpu_count()} cores, {platform.machine()}")
    print(f"  Site built in {build_seconds:.1f} s and served at {site}; {runs_wanted} run(s): "
          f"median (min–max), each in a fresh browser context, viewport {VIEWPORT['width']}×{VIEWPORT['height']}")
    print("  Other hosts are refused by Chromium (a closed proxy for all but 127.0.0.1); checked: "
          + ", ".join(f"{url} {'refused' if ok else 'NOT REFUSED'}" for url, ok in refusal.items()))
    print()
    print_targets(runs)
    print_weight(runs, site)
    print_long_tasks(runs, site)
    print_first_move(runs)
    print_latency(runs[0]["latency_game"])
    browser_seconds = time.perf_counter() - started
    print_pyodide_speed(args.pyodide_games)

    problems = sorted({e for run in runs for e in run["observer_errors"]})
    print(f"Requests to hosts other than 127.0.0.1: {len(session.foreign)} (refused)"
          + "".join(f"\n  {url}" for url in sorted(set(session.foreign))))
    print(f"HTTP errors: {len(session.failed)}" + "".join(f"\n  {e}" for e in sorted(set(session.failed))))
    print(f"Console errors: {len(session.errors)}" + "".join(f"\n  {e}" for e in sorted(set(session.errors))))
    if problems:
        print("Observers the browser refused: " + "; ".join(problems))
    print(f"Browser part {browser_seconds:.0f} s, whole run {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
