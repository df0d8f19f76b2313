"""Rewrite the golden records from the engine as it is now.

Run only when a change of the rules is intended; the diff of the golden files
then shows exactly which games play out differently.

    .venv/bin/python tests/golden/regenerate.py [RECORD ...]

Named records (``salute-the-king-full``) are rewritten alone, the others' entries kept.
"""

import json
import pathlib

import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2]))

import rules_engine  # noqa: E402
from rules_engine.bots import HeuristicBot, play_out  # noqa: E402

HERE = pathlib.Path(__file__).parent
GAMES = [
    ("yukon", "yukon-won", 1), ("yukon", "yukon-lost", 4), ("king", "king-full", 2026),
    ("bridge-solitaire", "bridge-solitaire-won", 14), ("bridge-solitaire", "bridge-solitaire-lost", 2),
    ("the-clock", "the-clock-won", 9), ("the-clock", "the-clock-lost", 306),
    ("scotch-whist", "scotch-whist-full", 41),
    ("malilla", "malilla-full", 46),
    ("couillon", "couillon-full", 2026),
    ("kaiser", "kaiser-full", 2026),
    ("getaway", "getaway-full", 51),
    ("rolling-stone", "rolling-stone-full", 1),
    ("play-or-pay", "play-or-pay-full", 3),
    ("spinado", "spinado-full", 19),
    ("pope-joan", "pope-joan-full", 1),
    ("comet", "comet-full", 1),
    ("ristiseiska", "ristiseiska-full", 7),
    ("lorum", "lorum-full", 3),
    ("mate", "mate-full", 2026),
    ("pyramid", "pyramid-won", 6), ("pyramid", "pyramid-lost", 13),
    ("forty-thieves", "forty-thieves-won", 11), ("forty-thieves", "forty-thieves-lost", 6),
    ("turnover-bridge", "turnover-bridge-full", 5),
    ("last-one", "last-one-full", 2),
    ("go-boom", "go-boom-full", 3),
    ("crates", "crates-full", 4),
    ("bartok", "bartok-full", 2),
    ("gin-rummy", "gin-rummy-full", 7),
    ("jersey-gin", "jersey-gin-full", 15),
    ("chinese-ten", "chinese-ten-full", 3),
    ("yaniv", "yaniv-full", 28),
    ("black-hole", "black-hole-won", 1), ("black-hole", "black-hole-lost", 5),
    ("pishe-pasha", "pishe-pasha-full", 1),
    ("stop-the-bus", "stop-the-bus-full", 2),
    ("commune", "commune-full", 2),
    ("diloti", "diloti-full", 3),
    ("umtali", "umtali-full", 8),
    ("cassino", "cassino-full", 11),
    ("zetema", "zetema-full", 3),
    ("vazhushal", "vazhushal-full", 2),
    ("seven-and-a-half", "seven-and-a-half-full", 5),
    ("ziginette", "ziginette-full", 2),
    ("salute-the-king", "salute-the-king-full", 2),
    ("triple-play", "triple-play-one-deal", 2, {"deals": 1}),   # a deal of 324 cards: one is long enough
]


def main(names=()):
    unknown = set(names) - {name for _, name, *_ in GAMES}
    if unknown:
        raise SystemExit(f"no golden record named {', '.join(sorted(unknown))}")
    expected = json.loads((HERE / "expected.json").read_text()) if names else {}
    for game_id, name, seed, *options in GAMES:
        if names and name not in names:
            continue
        state = rules_engine.load_game(game_id, **(options[0] if options else {})).new(seed=seed)
        final = play_out(state, [HeuristicBot(seed + seat) for seat in range(state.seats)])
        (HERE / f"{name}.txt").write_text(final.record.to_text())
        expected[name] = {"scores": list(final.scores.game), "moves": len(final.record.moves)}
        if getattr(final, "result", None) is not None:
            expected[name]["result"] = final.result
    (HERE / "expected.json").write_text(json.dumps(expected, indent=2, ensure_ascii=False) + "\n")
    print(json.dumps({name: expected[name] for name in names} if names else expected, indent=2))


if __name__ == "__main__":
    main(sys.argv[1:])
