"""Rewrite the golden records from the engine as it is now.

Each game's golden records lie in its test folder, ``tests/games/<game>/golden/``, with
``expected.json``: for each record its seed (and options, if any) and what the whole game
comes to (the final scores, the number of moves, a solitaire's result). A record is the
heuristic bots' game from that seed, seat ``s`` played by ``HeuristicBot(seed + s)``.

Run only when a change of the rules is intended; the diff of the golden files then shows
exactly which games play out differently.

    .venv/bin/python tests/regenerate_golden.py [RECORD ...]

Named records (``salute-the-king-full``) are rewritten alone. To add one, give it an entry
``{"seed": N}`` (and ``"options"``) in its game's ``expected.json`` and name it here.
"""

import json
import pathlib
import sys

sys.path[:0] = [str(pathlib.Path(__file__).resolve().parents[1]), str(pathlib.Path(__file__).resolve().parent)]

import rules_engine  # noqa: E402
from rules_engine.bots import HeuristicBot, play_out  # noqa: E402

from game_tests import golden_records  # noqa: E402


def play(game_id, entry):
    """The bots' whole game of a golden record's entry, from its first state."""
    state = rules_engine.load_game(game_id, **entry.get("options", {})).new(seed=entry["seed"])
    return play_out(state, [HeuristicBot(entry["seed"] + seat) for seat in range(state.seats)])


def main(names=()):
    records = golden_records()
    unknown = set(names) - set(records)
    if unknown:
        raise SystemExit(f"no golden record named {', '.join(sorted(unknown))} in tests/games/*/golden/expected.json")
    for name, golden in records.items():
        if names and name not in names:
            continue
        final = play(golden.game_id, golden.expected)
        golden.path.write_text(final.record.to_text())
        entry = {key: golden.expected[key] for key in ("seed", "options") if key in golden.expected}
        entry.update(scores=list(final.scores.game), moves=len(final.record.moves))
        if getattr(final, "result", None) is not None:
            entry["result"] = final.result
        path = golden.path.parent / "expected.json"
        listed = json.loads(path.read_text())
        listed[name] = entry
        path.write_text(json.dumps(listed, indent=2, ensure_ascii=False) + "\n")
        print(name, json.dumps(entry, ensure_ascii=False))


if __name__ == "__main__":
    main(sys.argv[1:])
