"""How well the heuristic bots play: for every game, at every player count
it allows, the heuristic side (seat 0, and its partners in a partnership
game) against random players, beside the same seats played by a random bot
in the same run (the floor), and games per second. A solitaire's line is its
win rate with the heuristic bot beside a random player's.

    .venv/bin/python benchmarks/bots_vs_random.py [--games N] [--game ID]

A game's final state names its ``winners``; a side wins when seat 0 is among
them (a solitaire, when its ``result`` is "won"). Figures are printed, never
asserted; each comes with a 95% Wilson interval, so a difference that is
only noise shows as overlapping intervals.
"""

import argparse
import math
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import rules_engine  # noqa: E402
from rules_engine.bots import make_bot, play_out  # noqa: E402
from rules_engine.scoring import people_columns  # noqa: E402


def wilson(wins, games, z=1.96):
    if not games:
        return 0.0, 0.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def side_of_seat_0(spec, seats):
    """Seat 0 and its partners: with ``n`` sides, every ``n``-th seat; alone at a player count
    the game plays without partners (a game played in partnerships only by four)."""
    sides = people_columns(spec.scoring, seats)
    if sides >= seats:
        return {0}
    return set(range(0, seats, sides))


def run(game_id, seats, kind, games):
    """``(wins of seat 0's side, elapsed)`` with ``kind`` bots on that side and random bots elsewhere."""
    game = rules_engine.load_game(game_id)
    side = side_of_seat_0(game.spec, seats)
    wins = 0
    started = time.perf_counter()
    for i in range(games):
        seed = f"versus-{i}"
        state = game.new(seed=seed, seats=seats)
        bots = [make_bot(kind if seat in side else "random", f"{seed}-{seat}") for seat in range(seats)]
        final = play_out(state, bots)
        wins += 0 in getattr(final, "winners", ()) or (seats == 1 and getattr(final, "result", None) == "won")
    return wins, time.perf_counter() - started


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="seeded games per game, player count and bot kind")
    parser.add_argument("--game", action="append", help="only this game (may be repeated)")
    args = parser.parse_args(argv)
    specs = [s for s in rules_engine.list_games() if not args.game or s.id in args.game]
    print(f"{args.games} seeded games each; win rate of seat 0's side, 95% interval\n")
    print(f"{'game':<16}{'seats':>6}{'heuristic side':>26}{'random side (floor)':>26}{'games/s':>9}")
    for spec in specs:
        for seats in spec.player_counts:
            rows = {}
            for kind in ("heuristic", "random"):
                wins, elapsed = run(spec.id, seats, kind, args.games)
                low, high = wilson(wins, args.games)
                rows[kind] = (f"{100 * wins / args.games:5.1f}% ({100 * low:4.1f}-{100 * high:4.1f})",
                              args.games / elapsed)
            print(f"{spec.id:<16}{seats:>6}{rows['heuristic'][0]:>26}{rows['random'][0]:>26}"
                  f"{rows['heuristic'][1]:>9.1f}", flush=True)


if __name__ == "__main__":
    main()
