"""The banker's edge at Seven and a Half: over many hands with every seat played by the
heuristic bot (players and banker alike), the chips the bank wins per chip staked against it,
with a 95% interval (hands treated as independent), at each number of players.

    .venv/bin/python benchmarks/seven_and_a_half_edge.py [--games N] [--seats 2 4 8]

Figures are printed, never asserted.
"""

import argparse
import math
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import rules_engine  # noqa: E402
from rules_engine.bots import make_bot  # noqa: E402


def hands_played(seats, games, kind="heuristic"):
    """``(banker's chips won, chips staked)`` for every hand of ``games`` games, hands with no
    stake left out."""
    game = rules_engine.load_game("seven-and-a-half", hands=30)
    out = []
    for i in range(games):
        state = game.new(seed=f"edge-{i}", seats=seats)
        bots = [make_bot(kind, f"edge-{i}-{s}") for s in range(seats)]
        staked = 0
        while not state.is_over:
            banker, hands = state.banker, len(state.hand_results)
            move = bots[state.to_act].choose(state.view(state.to_act))
            if move.startswith("bet "):
                staked += int(move.split()[1])
            state = state.apply(move)
            if len(state.hand_results) > hands:
                if staked:
                    out.append((state.hand_results[-1][1][banker], staked))
                staked = 0
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seats", type=int, nargs="*", default=[2, 3, 4, 6, 8])
    args = parser.parse_args(argv)
    print(f"{'players':>7} {'hands':>6} {'staked':>7} {'bank won':>8} {'edge':>7}  95% interval   seconds")
    for seats in args.seats:
        started = time.perf_counter()
        hands = hands_played(seats, args.games)
        won = sum(w for w, _ in hands)
        staked = sum(s for _, s in hands)
        edge = won / staked
        # Ratio estimator: the spread of each hand's won - edge * staked.
        n = len(hands)
        spread = math.sqrt(sum((w - edge * s) ** 2 for w, s in hands) / (n - 1)) / (staked / n) / math.sqrt(n)
        print(f"{seats:>7} {n:>6} {staked:>7} {won:>8} {edge:>7.1%}  {edge - 1.96 * spread:+.1%} to "
              f"{edge + 1.96 * spread:+.1%}  {time.perf_counter() - started:6.1f}")


if __name__ == "__main__":
    main()
