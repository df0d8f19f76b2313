"""How fast the engine plays: full bot games per second and moves per second,
for every registered game, with random bots and with the heuristic bots.

    .venv/bin/python benchmarks/engine_speed.py [--seconds T] [--game ID]

Figures are printed, never asserted: they depend on the machine. Each game and
bot kind plays seeded games (``bench-0``, ``bench-1``, ...) for about T seconds
(default 2), always finishing the game under way, so a slow game still counts
at least one.
"""

import argparse
import os
import platform
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import rules_engine  # noqa: E402
from rules_engine.bots import make_bot, play_out  # noqa: E402


def measure(game_id, kind, seconds):
    """``(games, moves, elapsed)`` for bots of ``kind`` playing ``game_id`` for about ``seconds``."""
    game = rules_engine.load_game(game_id)
    games = moves = 0
    started = time.perf_counter()
    while True:
        seed = f"bench-{games}"
        state = game.new(seed=seed)
        state = play_out(state, [make_bot(kind, f"{seed}-{seat}") for seat in range(state.seats)])
        games += 1
        moves += len(state.moves_made)
        elapsed = time.perf_counter() - started
        if elapsed >= seconds:
            return games, moves, elapsed


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per game and bot kind (default 2)")
    parser.add_argument("--game", action="append", help="only this game (may be repeated)")
    args = parser.parse_args(argv)
    print(f"{platform.python_implementation()} {platform.python_version()} on {platform.machine()} "
          f"({platform.system()}), rules_engine {rules_engine.__version__}")
    print(f"about {args.seconds:g} s per game and bot kind\n")
    ids = args.game or [spec.id for spec in rules_engine.list_games()]
    width = max(len(game_id) for game_id in ids) + 2
    print(f"{'game':<{width}}{'bots':<11}{'games':>7}{'games/s':>10}{'moves/game':>12}{'moves/s':>10}{'ms/move':>9}")
    for game_id in ids:
        for kind in ("random", "heuristic"):
            games, moves, elapsed = measure(game_id, kind, args.seconds)
            print(f"{game_id:<{width}}{kind:<11}{games:>7}{games / elapsed:>10.1f}{moves / games:>12.1f}"
                  f"{moves / elapsed:>10.0f}{1000 * elapsed / moves:>9.3f}", flush=True)


if __name__ == "__main__":
    main()
