"""Seeded bot games, played the same way on CPython and under Pyodide.

The Node runner (``run_games.mjs``) runs this file's source inside Pyodide, after
``loadPackage("rules_engine")``, and calls ``main(plan_json)``; the pytest suite and the
benchmark import it on CPython and call ``run_plan(plan)``. Both get the same JSON-ready
report, so the two sides are compared field by field.

A plan is a dict (every key optional)::

    {"games": ["king", ...],               # default: every registered game
     "counts": {"random": 20, "heuristic": 10},
     "records": True}                      # include each game's record text

Game ``i`` of bot kind ``kind`` has seed ``pyodide-{kind}-{i}``; seat ``s`` is played by
``make_bot(kind, f"{seed}/{s}")``.
"""

import json
import sys
import time

DEFAULT_COUNTS = {"random": 20, "heuristic": 10}


def seed_for(kind, index):
    return f"pyodide-{kind}-{index}"


def play_one(game_id, kind, seed, with_record=True):
    """Play one seeded bot game to its end; the outcome as JSON-ready data."""
    import rules_engine
    from rules_engine.bots import make_bot, play_out

    state = rules_engine.load_game(game_id).new(seed=seed)
    bots = [make_bot(kind, f"{seed}/{seat}") for seat in range(state.seats)]
    final = play_out(state, bots)
    outcome = {
        "seed": seed,
        "moves": len(final.record.moves),
        # repr as well as the JSON value, so 3 and 3.0 (or a Fraction) would not pass as equal
        "scores": {"hand": [repr(v) for v in final.scores.hand], "game": [repr(v) for v in final.scores.game]},
    }
    if with_record:
        outcome["record"] = final.record.to_text()
    return outcome


def installed_version(name):
    """The version an installed wheel's METADATA gives, or None; read directly, since the page's cut
    library (build_scripts/stdlib_cut.py) has no importlib.metadata beyond what loadPackage uses."""
    import os

    for folder in sys.path:
        if not os.path.isdir(folder):
            continue
        for entry in os.listdir(folder):
            if entry.startswith(name + "-") and entry.endswith(".dist-info"):
                with open(os.path.join(folder, entry, "METADATA"), encoding="utf-8") as metadata:
                    for line in metadata:
                        if line.startswith("Version:"):
                            return line.split(":", 1)[1].strip()
    return None


def environment():
    import rules_engine

    return {
        "python": sys.version.split()[0],   # not platform: the page's cut library has only what the engine needs
        "implementation": sys.implementation.name,
        "platform": sys.platform,
        "engine_version": rules_engine.__version__,
        "engine_file": rules_engine.__file__,
        "engine_installed_version": installed_version("rules_engine"),
    }


def run_plan(plan=None):
    """Play the plan's games; returns ``{"environment": ..., "games": {id: {kind: {...}}}}``
    where each kind has ``seconds``, ``moves`` and ``results`` (one outcome per seed)."""
    import rules_engine

    plan = dict(plan or {})
    # Only a missing key takes the default: an empty one ({"counts": {}}) plays nothing.
    game_ids = plan["games"] if plan.get("games") is not None else [spec.id for spec in rules_engine.list_games()]
    counts = plan["counts"] if plan.get("counts") is not None else DEFAULT_COUNTS
    fewer = plan.get("fewer") or {}  # {game id: {kind: count}}, for games whose bots are slow
    with_records = plan.get("records", True)
    report = {"environment": environment(), "games": {}}
    for game_id in game_ids:
        per_kind = report["games"][game_id] = {}
        for kind, count in counts.items():
            count = min(count, fewer.get(game_id, {}).get(kind, count))
            started = time.perf_counter()
            results = [play_one(game_id, kind, seed_for(kind, i), with_records) for i in range(count)]
            per_kind[kind] = {
                "seconds": time.perf_counter() - started,
                "moves": sum(r["moves"] for r in results),
                "results": results,
            }
    return report


def main(plan_json="{}"):
    """Entry point for the Node runner: a plan as JSON in, the report as JSON out."""
    return json.dumps(run_plan(json.loads(plan_json)))
