"""How fast the one DOM renderer draws a frame, per game, and how much the
widgets' scripts weigh.

    .venv/bin/python benchmarks/table_render.py [--runs N]

Replays each golden record (tests/games/*/golden/) into the table descriptions the
stepper draws, builds and serves the site from 127.0.0.1 (as the browser tests
do) and, in Debian's Chromium, times ``renderTable`` on every frame of every
record (after one warm-up pass), attached to the page so layout counts. Each
figure is the median over N runs (default 3) of that run's p50 and p95, with
the runs' min and max. Then, for each real-time game (a table with a rhythm),
its first table played live for 15 s, the beat started and the bots reacting:
the long tasks on the page's thread (over 50 ms, by the wall clock, as a
reader's browser counts them) and the longest drawing of a reply. Printed,
never asserted.
"""

import argparse
import gzip
import statistics
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "browser")]

from playwright.sync_api import sync_playwright  # noqa: E402
from site_server import SiteServer, build_site, launch_chromium  # noqa: E402

from rules_engine import list_games, replay, state_class  # noqa: E402
from rules_engine.prepared import frames_of  # noqa: E402

TIMING = """async (tables) => {
  const { renderInterlude, renderTable } = await import("/widgets/tables.js");
  const host = document.createElement("div");
  host.className = "rw-play";
  document.querySelector("article, body").append(host);
  const times = [];
  for (const pass of [0, 1]) {
    for (const table of tables) {
      const started = performance.now();
      host.replaceChildren(table.interlude ? renderInterlude(table) : renderTable(table, { viewer: 0 }));
      host.getBoundingClientRect();  // layout, as the reader's screen needs it
      if (pass) times.push(performance.now() - started);
    }
  }
  return times;
}"""


LIVE_SECONDS = 15
WATCH_LIVE = """() => { window.rwLong = []; window.rwShows = [];
  const w = document.querySelector('#play-1').rwWidget, show = w.show.bind(w);
  w.show = (reply, end) => { const t = performance.now(); show(reply, end); window.rwShows.push(performance.now() - t); };
  new PerformanceObserver((list) => window.rwLong.push(...list.getEntries().map((e) => e.duration)))
    .observe({ type: "longtask" }); }"""


def live_table(browser, url):
    """One run of a real-time game's first table, live for LIVE_SECONDS: (long tasks in ms, the
    longest drawing of a reply in ms, replies drawn)."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.set_default_timeout(120_000)
    page.goto(url)
    page.locator("#play-1").scroll_into_view_if_needed()
    page.wait_for_function("() => document.querySelector('#play-1').matches('.rw-play--live')")
    page.evaluate(WATCH_LIVE)
    page.locator("#play-1 .rw-rhythm__toggle").click()
    page.wait_for_timeout(LIVE_SECONDS * 1000)
    long, shows = page.evaluate("[window.rwLong, window.rwShows]")
    page.close()
    return long, max(shows, default=0.0), len(shows)


def percentile(values, fraction):
    values = sorted(values)
    return values[min(len(values) - 1, int(fraction * len(values)))]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    games = {}
    for path in sorted((ROOT / "tests" / "games").glob("*/golden/*.txt")):
        states = list(replay(path.read_text()))
        games.setdefault(states[0].spec.id, []).extend(frame["table"] for frame in frames_of(states))
    with tempfile.TemporaryDirectory() as out:
        server = SiteServer(Path(out))
        build_site(Path(out), server.url)
        widgets = {path.name: path.read_bytes() for path in (Path(out) / "widgets").glob("*.js")}
        with server, sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            figures = {game: [] for game in games}
            live = {spec.id: [live_table(browser, server.url + f"games/{spec.id}/") for _ in range(args.runs)]
                    for spec in list_games() if state_class(spec.id).rhythm}
            for _ in range(args.runs):
                for game, tables in games.items():
                    page = browser.new_page(viewport={"width": 1280, "height": 900})
                    page.goto(server.url + f"games/{game}/")
                    times = page.evaluate(TIMING, tables)
                    figures[game].append((percentile(times, .5), percentile(times, .95), len(times)))
                    page.close()
            browser.close()
    print(f"DOM render time per frame (median of {args.runs} runs; min-max), target: p95 under 16 ms (one frame)")
    print(f"{'game':<18}{'frames':>7}{'p50 ms':>10}{'p95 ms':>10}{'p95 range':>16}")
    for game, runs in figures.items():
        p50 = statistics.median(r[0] for r in runs)
        p95s = [r[1] for r in runs]
        print(f"{game:<18}{runs[0][2]:>7}{p50:>10.2f}{statistics.median(p95s):>10.2f}"
              f"{f'{min(p95s):.2f}-{max(p95s):.2f}':>16}")
    for game, runs in live.items():
        counts = [len(long) for long, _, _ in runs]
        longest = [max(long, default=0.0) for long, _, _ in runs]
        shows = [show for _, show, _ in runs]
        print(f"{game}, played live for {LIVE_SECONDS} s ({statistics.median(n for _, _, n in runs):.0f} replies a run; "
              f"median of {len(runs)} runs, min-max): long tasks {statistics.median(counts):.0f} "
              f"({min(counts)}-{max(counts)}), the longest {statistics.median(longest):.0f} ms "
              f"({min(longest):.0f}-{max(longest):.0f}); a reply drawn in at most {statistics.median(shows):.1f} ms "
              f"({min(shows):.1f}-{max(shows):.1f}); target: no long task (over 50 ms)")
    raw = sum(map(len, widgets.values()))
    zipped = sum(len(gzip.compress(data, 9)) for data in widgets.values())
    print(f"widget scripts ({len(widgets)} files, widgets/*.js as built): {raw / 1024:.1f} KB, "
          f"{zipped / 1024:.1f} KB gzipped")


if __name__ == "__main__":
    main()
