"""How long the site takes to build: the whole strict build, and the time
spent on each game page (checking its source against the engine, then
rendering it).

    .venv/bin/python benchmarks/site_build.py [--runs N]

The build runs in this process (as ``mkdocs build --strict`` would, into a
temporary folder) N times (default 3). The first run is cold: the doctests
that passed are remembered (``build_scripts/check_cache.py``) in a folder of
the benchmark's own, empty at the start. The later runs find them there, as
a second build of a test run or ``mkdocs serve`` does; the best of them is
reported. Figures are printed, never asserted.
"""

import argparse
import logging
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")

from mkdocs.commands.build import build  # noqa: E402
from mkdocs.config import load_config  # noqa: E402

import rules_engine  # noqa: E402
from build_scripts import timing  # noqa: E402


def build_once(site_dir):
    """One strict build; returns its wall time and copies of the hooks' timings."""
    started = time.perf_counter()
    config = load_config(str(ROOT / "mkdocs.yml"), site_dir=site_dir, strict=True)
    build(config)
    elapsed = time.perf_counter() - started
    return {
        "total": elapsed,
        "validation": timing.VALIDATION["seconds"],
        "pages": dict(timing.PAGES),
        "checks": {page: dict(checks) for page, checks in timing.CHECKS.items()},
    }


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="builds to run; the best is reported (default 3)")
    args = parser.parse_args(argv)
    logging.getLogger("mkdocs").setLevel(logging.WARNING)
    os.chdir(ROOT)
    runs = []
    with tempfile.TemporaryDirectory() as site_dir, tempfile.TemporaryDirectory() as checks:
        os.environ["RULES_SITE_CHECK_CACHE"] = checks
        for _ in range(max(args.runs, 2)):
            runs.append(build_once(site_dir))
    games = [f"games/{spec.id}.md" for spec in rules_engine.list_games()]
    cold, warm = runs[0], runs[1:]
    best = min(warm, key=lambda run: run["total"])
    print(f"Site build on Python {platform.python_version()} ({platform.machine()}), {len(runs)} strict builds")
    print(f"  cold (no doctest remembered): {cold['total']:.2f} s, of which checking every source "
          f"{cold['validation']:.2f} s")
    print(f"  warm, best of {len(warm)}: {best['total']:.2f} s (median {statistics.median(r['total'] for r in warm):.2f} s), "
          f"of which checking every source {best['validation']:.2f} s")
    print(f"  {len(best['pages'])} pages")
    for title, run in (("cold", cold), ("warm", best)):
        print()
        print(f"  {title}:")
        _pages(run, games)


def _pages(best, games):
    width = max([20, *map(len, games)])
    print(f"  {'game page':<{width}} {'doctests':>9} {'examples':>9} {'diagrams':>9} {'render':>9} {'total':>9}")
    per_game = []
    for page in games:
        checks = best["checks"].get(page, {})
        render = best["pages"].get(page, 0.0)
        total = render + sum(checks.values())
        per_game.append(total)
        print(f"  {page:<{width}} " + " ".join(f"{checks.get(kind, 0.0) * 1000:>7.1f}ms"
                                          for kind in ("doctests", "examples", "diagrams"))
              + f" {render * 1000:>7.1f}ms {total * 1000:>7.1f}ms")
    others = [seconds for page, seconds in best["pages"].items() if page not in games]
    print()
    print(f"  per game page: {statistics.mean(per_game) * 1000:.1f} ms on average "
          f"(check + render); other pages: {statistics.mean(others) * 1000:.1f} ms on average "
          f"(render only, {len(others)} pages)")


if __name__ == "__main__":
    main()
