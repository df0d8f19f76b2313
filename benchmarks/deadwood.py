"""The rummy family's least deadwood (rules_engine/families/rummy.py): time per hand of 10
and of 11 cards, the 11-card turn's every discard from one search, and the brute force over
every arrangement beside it, on seeded random hands. Figures are printed, never asserted.

    .venv/bin/python benchmarks/deadwood.py [--hands N]
"""

import argparse
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from rules_engine.cards import make_deck  # noqa: E402
from rules_engine.families.rummy import brute_force_deadwood, deadwood_after_discard, least_deadwood  # noqa: E402


def timed(function, hands):
    """Microseconds per hand: the median and the 99th percentile."""
    times = []
    for hand in hands:
        started = time.perf_counter()
        function(hand)
        times.append((time.perf_counter() - started) * 1e6)
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.99)]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=5000)
    args = parser.parse_args()
    rng = random.Random("deadwood-benchmark")
    deck = make_deck("52")
    print(f"{args.hands} seeded random hands each; microseconds per hand (median, 99th percentile)\n")
    for label, size, function in (("least deadwood", 10, least_deadwood), ("least deadwood", 11, least_deadwood),
                                  ("every discard", 11, deadwood_after_discard),
                                  ("brute force", 10, brute_force_deadwood)):
        hands = [rng.sample(deck, size) for _ in range(args.hands)]
        median, p99 = timed(function, hands)
        print(f"{label:<16} {size:>2} cards  {median:8.1f}  {p99:8.1f}")


if __name__ == "__main__":
    main()
