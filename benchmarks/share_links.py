"""How long a share link takes to open: the page protocol's ``open`` with a
``share`` code, which replays every move it names, for a reader in seat 0 (the
reply carries the move log of every move that seat was told of).

    .venv/bin/python benchmarks/share_links.py [--repeat N] [--game ID]

For every game, the longest code among a few seeded bot games (random and
heuristic bots, at every player count) and a code that always takes the
first legal move (a solitaire can shuffle cards for ever: Yukon's longest
codes are of this kind), cut to the longest code the host accepts; then
the issue's case, a 10,000-character Yukon code. Each figure is the median
of ``--repeat`` runs (default 3) of the process's CPU time, which another
busy process on the machine disturbs less than the wall clock. Figures are
printed, never asserted.
"""

import argparse
import os
import platform
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import rules_engine  # noqa: E402
from rules_engine import host as host_module  # noqa: E402
from rules_engine.bots import make_bot, play_out  # noqa: E402

# The most moves a share code may name (older engines had only a limit in characters).
LIMIT = getattr(host_module, "MAX_SHARE_MOVES", host_module.MAX_SHARE)


def indexes_of(game, state):
    """The share indexes of the moves that led to ``state``."""
    indexes, current = [], game.new(seed=state.seed, seats=state.seats)
    for text, _, _ in state.moves_made:
        indexes.append([m.text for m in current.legal_moves()].index(text))
        current = current.apply(text)
    return indexes


def first_moves(game, seats, limit):
    """Indexes of a game that always takes the first legal move, up to ``limit`` moves."""
    state = game.new(seed=1, seats=seats)
    indexes = []
    while not state.is_over and len(indexes) < limit:
        state = state.apply(state.legal_moves()[0])
        indexes.append(0)
    return indexes


def longest_code(game_id, games):
    """``(seats, seed, indexes)`` of the longest code found for ``game_id``."""
    game = rules_engine.load_game(game_id)
    low, high = game.spec.seats
    best = (low, 1, first_moves(game, low, LIMIT))
    for seats in sorted({low, high}):
        for kind in ("random", "heuristic"):
            for n in range(games):
                seed = f"share-{n}"
                state = game.new(seed=seed, seats=seats)
                state = play_out(state, [make_bot(kind, f"{seed}-{seat}") for seat in range(state.seats)])
                if len(state.moves_made) > len(best[2]):
                    best = (seats, seed, indexes_of(game, state)[:LIMIT])
    return best


def open_time(game_id, seats, seed, code, repeat):
    """``(median seconds, the reply)`` of opening ``code``."""
    times, reply = [], None
    for _ in range(repeat):
        host = host_module.Host()
        started = time.process_time()
        reply = host.handle({"v": 1, "id": 1, "op": "open", "session": "s", "game": game_id, "seed": seed,
                             "seats": seats, "human": 0, "share": code})
        times.append(time.process_time() - started)
    return statistics.median(times), reply


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure, of which the median (default 3)")
    parser.add_argument("--games", type=int, default=5, help="bot games per kind and player count (default 5)")
    parser.add_argument("--game", action="append", help="only this game (may be repeated)")
    args = parser.parse_args(argv)
    print(f"{platform.python_implementation()} {platform.python_version()} on {platform.machine()}, "
          f"a share code names at most {LIMIT} moves; medians of {args.repeat}\n")
    print(f"{'game':<18}{'seats':>6}{'moves':>7}{'chars':>7}{'CPU s':>9}{'us/move':>9}")
    for game_id in args.game or [spec.id for spec in rules_engine.list_games()]:
        seats, seed, indexes = longest_code(game_id, args.games)
        code = host_module.encode_share(indexes)
        seconds, reply = open_time(game_id, seats, seed, code, args.repeat)
        status = "" if reply["ok"] else f"  refused: {reply['error']['message'][:80]}"
        print(f"{game_id:<18}{seats:>6}{len(indexes):>7}{len(code):>7}{seconds:>9.3f}"
              f"{1e6 * seconds / max(1, len(indexes)):>9.0f}{status}", flush=True)
    code = "0" * 10_000
    seconds, reply = open_time("yukon", 1, 1, code, args.repeat)
    status = "opened" if reply["ok"] else f"refused: {reply['error']['message'][:100]}"
    print(f"\nYukon, a 10,000-character code of first moves: {seconds:.3f} s, {status}")


if __name__ == "__main__":
    main()
