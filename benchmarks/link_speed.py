"""The reader's first legal move over a phone's link: the page's own start, the fast and normal
starts forced, and the bare loadPyodide() floor, cold, through a throttled server
(benchmarks/link_server.py), profile by profile, with the bytes each sent.

    .venv/bin/python benchmarks/link_speed.py [--runs N] [--profiles loopback,20mbit,5mbit]
                                              [--slow] [--slow-runs N] [--modes all,text] [--cpu 1,4]

Profiles (every response waits one round trip, then all of a page's responses, the worker's
included, share one link's bandwidth): loopback (no throttle); 20 Mbit/s, 40 ms; 5 Mbit/s, 80 ms;
and, with --slow (or named in --profiles), 1.6 Mbit/s, 150 ms, left out by default because one run
of it takes several minutes (--slow-runs, default 1). Each in two modes: "every file compressed"
(gzip) and "host compresses only text" (wasm, zip, .snapshot, wheels and octet-stream sent as is).

For each: the cold first legal move (King, games/king/#play-1, in a fresh browser context: no HTTP
cache) of the page's own start (the worker chooses: widgets/engine-start.js, chooseStart), of the
fast start (the memory snapshot, ?engine-start=snapshot) and of the normal start
(?engine-start=normal), each forced, and of a bare loadPyodide() in a module worker; the median
of --runs runs (default 3) with min-max; and the bytes the server sent for each, up to that
moment; beside the engine's starts, when the block's first deal, drawn from the build while the
engine loads (widgets/first-deal.js), was on the table and in view, and when the engine was ready. A page
that gives up (widgets/engine.js stops waiting for the engine after 60 s without a sign of life
from the worker) counts as a failed run. For the page's own start it also plays the first legal card
as soon as one is offered in view (on the deal drawn from the build, if the engine is not up yet),
tapped where it lies from the page's first bytes on (answer_first_move), and times
when the table answered it: from the build's answer to that card (rules_engine.prepared.answers) or, if
the engine came first, live; each beside the bare loadPyodide() of the same profile (× bare).
``--cpu 1,4`` runs every profile also with Chromium's CPU throttled 4× (a mid-range phone's;
Emulation.setCPUThrottlingRate). About 17 minutes for the default profiles and 3 runs, and 6 more with
--slow (one run); on a shared machine the figures are noisy, so read the differences.
"""

import argparse
import datetime
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:0] = [str(HERE), str(ROOT), str(ROOT / "tests" / "browser")]

from playwright.sync_api import sync_playwright  # noqa: E402
from browser_report import fmt_bytes, fmt_range  # noqa: E402
from browser_speed import Session, add_bench_pages, engine_status, versions, wait_your_turn  # noqa: E402
from link_server import MODES, PROFILES, ThrottledServer  # noqa: E402
from site_server import SiteBuildError, build_site  # noqa: E402

DEFAULT_PROFILES = ("loopback", "20mbit", "5mbit")
TIMEOUT_MS = 600_000
STARTS = (("chosen", "the page's start (chosen)"), ("fast", "fast start (forced)"), ("normal", "normal start (forced)"),
          ("bare", "bare loadPyodide()"))
QUERIES = {"chosen": "", "fast": "?engine-start=snapshot", "normal": "?engine-start=normal"}


def progress(text):
    print(f"link_speed: {text}", file=sys.stderr, flush=True)


# When the reader can see the first deal drawn from the build: the page's clock once the table is
# drawn from the build (rw-play--early) and in the window (the browser scrolls to a link's table only
# once the page has parsed; widgets/table-link.js puts it in view when made). Watched by observers,
# not at every frame: a loop of animation frames would make the browser draw the page at each frame
# while it parses, and put the table 0.2-0.4 s later with the CPU 4× slower.
SEEN = """(() => {
  let visible = false, drawn = false;
  const seen = () => { if (visible && drawn && window.__seenAt === undefined) window.__seenAt = performance.now(); };
  const watch = () => {
    const root = document.getElementById("play-1");
    if (!root) return false;
    new IntersectionObserver((entries) => { visible = entries.at(-1).isIntersecting; seen(); }).observe(root);
    new MutationObserver(() => { drawn ||= root.classList.contains("rw-play--early"); seen(); })
      .observe(root, { attributes: true, attributeFilter: ["class"] });
    return true;
  };
  const parsing = new MutationObserver(() => watch() && parsing.disconnect());
  parsing.observe(document, { childList: true, subtree: true });
})();"""
# The reader's first move on the deal drawn from the build: a card offered there, in view, and the
# page's clock when it is offered and when it is answered (from the build's answer, or live if the
# engine came first).
OFFERED = """() => { const w = document.querySelector("#play-1")?.rwWidget, early = w?.early;
    if (early && early.state === "drawn" && !early.answering && w.desc === early.reply.table
        && window.__seenAt !== undefined && w.table.querySelector(".rw-card--legal")) return "early";
    return window.__bench.yourTurn.length ? "live" : (window.rulesEngineStatus || {}).state === "failed" ? "failed" : false; }"""
ANSWERED = """(step) => { const w = document.querySelector("#play-1").rwWidget;
    return w.step > step && !w.busy && !(w.early && w.early.answering) && w.desc.to_act !== null; }"""


# Where the reader taps: the middle of the first legal card of the reader's hand (page coordinates).
TAP_POINT = """() => { const w = document.querySelector("#play-1").rwWidget;
    const box = w.table.querySelector("[data-zone=hand-0] .rw-card--legal").getBoundingClientRect();
    return [w.step, box.left + box.width / 2, box.top + box.height / 2]; }"""


def poll(page, expression, every=0.02):
    """Asks the page ``expression`` (a function) until it answers something true, from the moment
    the page's document exists (page.goto returned at "commit"); that answer."""
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    while time.monotonic() < deadline:
        try:
            found = page.evaluate(f"window.__bench && ({expression})()")
        except Exception as error:  # the document not there yet, or replaced meanwhile
            if "context was destroyed" not in str(error) and "__bench" not in str(error):
                raise
            found = None
        if found:
            return found
        time.sleep(every)
    raise TimeoutError(f"waited {TIMEOUT_MS / 1000:.0f} s for {expression}")


def answer_first_move(page):
    """Plays the first legal card as soon as one is offered: the page's clock (s) when it was
    offered and when the table had answered it, and whether the answer came before the engine.
    The page is asked from the moment its document exists, not from its load event, and the card
    is tapped where it lies (page.mouse), as a reader's finger does: Playwright's click first waits
    for two still frames and checks what is under the point, each a round trip to a main thread the
    theme's script may be holding (0.4-0.5 s with the CPU 4× slower)."""
    way = poll(page, OFFERED)
    if way == "failed":
        return {}
    offered = page.evaluate("performance.now()")
    step, x, y = page.evaluate(TAP_POINT)
    page.mouse.click(x, y)
    page.wait_for_function(ANSWERED, arg=step, timeout=TIMEOUT_MS, polling=50)
    answered = page.evaluate("performance.now()")
    before = page.evaluate("(window.rulesEngineStatus || {}).state !== 'ready'")
    return {"offered": offered / 1000, "answered": answered / 1000, "answered_early": before}


def first_move(session, site, server, start, cpu=1):
    """One cold run of ``start``: seconds from navigation to the reader's first legal move (to the
    end of loadPyodide() for the bare page), the bytes sent by then and the start the worker took;
    for the page's own start, also when a first move was offered and answered (``answer_first_move``).
    ``cpu``: Chromium's CPU throttling rate (4: a mid-range phone's)."""
    context = session.context(instrument=start != "bare")
    context.set_default_timeout(TIMEOUT_MS)
    context.add_init_script(SEEN)
    server.reset()
    table = {}
    try:
        page = context.new_page()
        if cpu > 1:
            context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": cpu})
        if start == "bare":
            page.goto(site + "_bench/bare-pyodide.html")
            page.wait_for_function("() => window.bareResult", timeout=TIMEOUT_MS, polling=100)
            result = page.evaluate("window.bareResult")
            if result.get("error"):
                raise RuntimeError(f"the bare loadPyodide() page failed: {result['error']}")
            seconds, way = result["doneAt"] / 1000, "bare"
        else:
            query = QUERIES[start]
            # The reader's first move is timed from the page's first bytes on (answer_first_move).
            page.goto(site + f"games/king/{query}#play-1", wait_until="commit" if start == "chosen" else "load")
            if start == "chosen":
                table.update(answer_first_move(page))
            # The reader's turn, or the page giving up (widgets/engine.js: 60 s without a sign of life).
            page.wait_for_function(
                "() => window.__bench.yourTurn.length || (window.rulesEngineStatus || {}).state === 'failed'",
                timeout=TIMEOUT_MS, polling=100)
            status = engine_status(page)
            if status.get("state") == "failed":
                error = page.evaluate("rulesEngineStatus.error")
                seconds, way = None, f"FAILED after {page.evaluate('performance.now()') / 1000:.0f} s: {error}"
            else:
                seconds = wait_your_turn(page, "king", 0, timeout=TIMEOUT_MS) / 1000
                # The deal drawn from the build while the engine loads, in view, and the engine ready (page clock).
                drawn = page.evaluate("window.__seenAt ?? null")
                ready = page.evaluate("rulesEngineStatus.readyAt")
                table.update(drawn=drawn / 1000 if drawn is not None else None,
                             ready=ready / 1000 if ready is not None else None)
                way = status.get("start") or "?"
                fetched = page.evaluate("rulesEngineStatus.fetched")
                if fetched:
                    way += f", snapshot {fetched.get('snapshot')}, wasm {fetched.get('wasm')}"
                if status.get("fallback"):
                    way += f" (fallback: {status['fallback']})"
                chosen = page.evaluate("rulesEngineStatus.chosen") or ""
                if start == "chosen":
                    # The link's measure varies run to run; the verdict is what to show.
                    way += f", chosen: {chosen.split(' (')[0]}"
        sent = server.sent
    finally:
        context.close()
        server.reset()
    return {"seconds": seconds, "bytes": sum(sent.values()), "files": sent, "way": way, **table}


def largest(files, count=4):
    names = sorted(files, key=files.get, reverse=True)[:count]
    return ", ".join(f"{name.rsplit('/', 1)[-1]} {fmt_bytes(files[name])}" for name in names)


def median(found):
    """The median of the runs' seconds; a failed run counts as endless."""
    return statistics.median(r["seconds"] if r["seconds"] is not None else float("inf") for r in found)


def print_profile(profile, mode, by_start, runs, slowed=""):
    print(f"\n  {PROFILES[profile]}, {MODES[mode]}{slowed} ({runs} run{'s' if runs > 1 else ''})")
    bare = median(by_start["bare"])
    for start, label in STARTS:
        found = by_start[start]
        seconds = fmt_range([r["seconds"] for r in found])
        failed = sum(1 for r in found if r["seconds"] is None)
        if failed:
            seconds += f", {failed} failed"
        sent = fmt_bytes(int(statistics.median(r["bytes"] for r in found)))
        ways = sorted({r["way"] for r in found})
        versus = "" if start == "bare" else f"  {median(found) - bare:+.2f} s vs bare"
        print(f"    {label:<24}{seconds:<22}{sent:>10}{versus}  [{'; '.join(ways)}]")
        print(f"      {'':<22}largest: {largest(found[0]['files'])}")
        if start != "bare":
            print(f"      {'':<22}first deal drawn from the build: {fmt_range([r.get('drawn') for r in found])},"
                  f" engine ready: {fmt_range([r.get('ready') for r in found])}")
        if start == "chosen":
            answered = [r.get("answered") for r in found]
            early = sum(1 for r in found if r.get("answered_early"))
            share = [a / bare for a in answered if a is not None] if bare not in (0, float("inf")) else []
            print(f"      {'':<22}first move offered: {fmt_range([r.get('offered') for r in found])}, answered: "
                  f"{fmt_range(answered)} ({early} of {len(found)} before the engine; "
                  f"{fmt_range(share, unit='×')} bare), drawn {fmt_range([(r.get('drawn') or 0) / bare for r in found], unit='×')} bare")
    sys.stdout.flush()


def print_summary(results):
    print()
    print("  Summary (medians, s; inf: the page gave up): the page's start, fast forced, normal forced, bare;"
          "\n  the page's start before bare? no slower than the faster forced start (within 0.1 s)?"
          "\n  then the first deal drawn and the first move answered (the page's start), each × bare")
    for (profile, mode), by_start in results.items():
        med = {start: median(by_start[start]) for start, _ in STARTS}
        best = min(med["fast"], med["normal"])
        found = by_start["chosen"]
        drawn = statistics.median([r.get("drawn") or float("inf") for r in found])
        answered = statistics.median([r.get("answered") or float("inf") for r in found])
        print(f"    {str(PROFILES[profile]):<20} {mode:<5} {med['chosen']:7.2f} {med['fast']:7.2f} {med['normal']:7.2f}"
              f" {med['bare']:7.2f}   {'yes' if med['chosen'] < med['bare'] else 'NO'},"
              f" {'yes' if med['chosen'] <= best + 0.1 else 'NO'} ({med['chosen'] - best:+.2f} s);"
              f" drawn {drawn:.2f} ({drawn / med['bare']:.2f}×), answered {answered:.2f} ({answered / med['bare']:.2f}×)")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="cold runs per start and profile (default 3)")
    parser.add_argument("--profiles", default=",".join(DEFAULT_PROFILES),
                        help=f"comma-separated, of {', '.join(PROFILES)} (default {','.join(DEFAULT_PROFILES)})")
    parser.add_argument("--slow", action="store_true", help="add the 1.6 Mbit/s, 150 ms profile")
    parser.add_argument("--slow-runs", type=int, default=1, help="runs of the 1.6 Mbit/s profile (default 1)")
    parser.add_argument("--modes", default="all,text", help="comma-separated, of all, text (default both)")
    parser.add_argument("--cpu", default="1", help="Chromium's CPU throttling rates, comma-separated: 1,4 runs "
                        "every profile also with the CPU slowed 4× (a mid-range phone's); default 1")
    args = parser.parse_args(argv)
    profiles = [name for name in args.profiles.split(",") if name]
    if args.slow and "1.6mbit" not in profiles:
        profiles.append("1.6mbit")
    modes = [name for name in args.modes.split(",") if name]
    try:
        cpus = [int(rate) for rate in args.cpu.split(",") if rate]
    except ValueError:
        parser.error(f"--cpu takes whole rates such as 1,4, not {args.cpu!r}")
    for name in profiles:
        if name not in PROFILES:
            parser.error(f"no profile {name!r}: choose among {', '.join(PROFILES)}")
    for name in modes:
        if name not in MODES:
            parser.error(f"no mode {name!r}: choose among {', '.join(MODES)}")
    runs_by_profile = {name: max(1, args.slow_runs if name == "1.6mbit" else args.runs) for name in profiles}
    started = time.perf_counter()

    with tempfile.TemporaryDirectory(prefix="link-speed-") as tmp:
        site_dir = Path(tmp) / "site"
        site_dir.mkdir()
        server = ThrottledServer(site_dir)
        try:
            build_site(site_dir, server.url)
        except SiteBuildError as error:
            server.stop()
            print(f"link_speed: the site does not build:\n{error}", file=sys.stderr)
            return 1
        bundle = add_bench_pages(site_dir)
        server.precompress(site_dir)
        site = server.url
        results = {}
        with server, sync_playwright() as playwright:
            session = Session(playwright)
            info = versions(bundle, session.browser)
            print(f"Link speed of the rules site, {datetime.datetime.now().astimezone():%Y-%m-%d %H:%M %Z}: "
                  f"Chromium {info['chromium']}, Pyodide {info['pyodide']}, commit {info['commit']}")
            print("  Throttled server on 127.0.0.1 (benchmarks/link_server.py): each response one round trip late, "
                  "then one shared link (a token bucket); no TCP/TLS handshakes added")
            print("  Cold first legal move (seconds from navigation; median (min–max); bytes sent by then, median)."
                  "\n  Without --cpu 1,4 the CPU is not throttled: a phone's is slower still than this machine's.", flush=True)
            for profile, mode, cpu in [(p, m, c) for p in profiles for m in modes for c in cpus]:
                server.configure(PROFILES[profile], mode)
                by_start = {start: [] for start, _ in STARTS}
                slowed = f", CPU {cpu}× slower" if cpu > 1 else ""
                for index in range(runs_by_profile[profile]):
                    # The starts take turns, so a change in the machine's load touches each.
                    for start, label in STARTS:
                        progress(f"{PROFILES[profile]}, {MODES[mode]}{slowed}: run {index + 1}/{runs_by_profile[profile]}, {label}")
                        by_start[start].append(first_move(session, site, server, start, cpu))
                results[(profile, mode + slowed)] = by_start
                print_profile(profile, mode, by_start, runs_by_profile[profile], slowed)
            session.browser.close()

    print_summary(results)
    print(f"\n  Requests to other hosts (refused): {len(session.foreign)}; HTTP errors: {len(session.failed)};"
          f" console errors: {len(session.errors)}")
    for line in sorted(set(session.failed))[:5] + sorted(set(session.errors))[:5]:
        print(f"    {line}")
    print(f"\nWhole run {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
