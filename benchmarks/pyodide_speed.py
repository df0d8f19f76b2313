"""How fast the engine plays under Pyodide (in Node) compared with CPython here:
the same seeded bot games on both, in games per second, plus Pyodide's start-up.

    .venv/bin/python benchmarks/pyodide_speed.py [--games N] [--game ID]

Builds (or reuses) the bundle in build/pyodide, then plays N games (default 30) per game
and bot kind with the seeds the engine-in-Pyodide test uses, through the same Node runner
(tests/pyodide/run_games.mjs). Figures are printed, never asserted.
"""

import argparse
import os
import platform
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "pyodide")]

import rules_engine  # noqa: E402
from build_scripts.pyodide_bundle import BundleError, build_bundle  # noqa: E402
from node_runner import PyodideRunError, run_in_pyodide  # noqa: E402
from pyodide_games import run_plan  # noqa: E402


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30, help="games per game and bot kind (default 30)")
    parser.add_argument("--game", action="append", help="only this game (may be repeated)")
    args = parser.parse_args(argv)
    plan = {
        "games": args.game or [spec.id for spec in rules_engine.list_games()],
        "counts": {"random": args.games, "heuristic": args.games},
        "records": False,
    }
    try:
        bundle = build_bundle()
        pyodide = run_in_pyodide(bundle, plan)
    except (BundleError, PyodideRunError) as error:
        print(f"pyodide_speed: {error}", file=sys.stderr)
        return 1
    cpython = run_plan(plan)

    env, run = pyodide["environment"], pyodide["pyodide"]
    node = subprocess.run(["node", "--version"], capture_output=True, text=True, check=False).stdout.strip()
    print(f"CPython {platform.python_version()} here vs Pyodide {run['version']} "
          f"(CPython {env['python']}, wasm32) in Node {node}, "
          f"rules_engine {rules_engine.__version__}, {os.cpu_count()} cores")
    timings = run["timings"]
    print(f"Pyodide start-up: loadPyodide {timings['loadPyodide']:.2f} s, "
          f"loadPackage('rules_engine') {timings['loadPackage']:.2f} s\n")
    width = max([10, *(len(game_id) + 2 for game_id in plan["games"])])
    print(f"{'game':<{width}}{'bots':<11}{'games':>6}{'CPython g/s':>13}{'Pyodide g/s':>13}"
          f"{'slower':>8}{'Pyodide ms/move':>17}")
    for game_id in plan["games"]:
        for kind, count in plan["counts"].items():
            ours, theirs = cpython["games"][game_id][kind], pyodide["games"][game_id][kind]
            assert ours["moves"] == theirs["moves"], "the two sides played different games"
            print(f"{game_id:<{width}}{kind:<11}{count:>6}{count / ours['seconds']:>13.1f}"
                  f"{count / theirs['seconds']:>13.1f}{theirs['seconds'] / ours['seconds']:>7.1f}x"
                  f"{1000 * theirs['seconds'] / theirs['moves']:>17.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
