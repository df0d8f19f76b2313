"""Black Hole's solver over many seeded deals: the share of deals it can win
(with a 95% Wilson interval, beside the published figures), how many it could
not decide within its limit, and its time per deal (median and slowest).

    .venv/bin/python benchmarks/black_hole_solver.py [--deals N] [--seed S] [--bots]

With ``--bots``, it also plays each deal with the heuristic bot (which plays the
solver's move, with its own lower limit) and with a random bot, and prints
their win rates beside the solver's share.

Deal ``i`` is the engine's deal from seed ``S-i``, as ``simulate`` plays them,
so the share here is the share of the bot's wins there (the bot plays the
solver's move). Figures are printed, never asserted.
"""

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import rules_engine  # noqa: E402
from rules_engine.bots import make_bot, play_out  # noqa: E402
from rules_engine.games.black_hole.search import UNKNOWN, Solver, layout_ranks  # noqa: E402

from bots_vs_random import wilson  # noqa: E402


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", default="1")
    parser.add_argument("--bots", action="store_true", help="also play each deal with the heuristic and random bots")
    args = parser.parse_args(argv)
    game = rules_engine.load_game("black-hole")
    won = lost = unknown = 0
    bot_wins = {"heuristic": 0, "random": 0}
    times, sizes, slowest = [], [], (0, None)
    for i in range(args.deals):
        seed = f"{args.seed}-{i}"
        state = game.new(seed=seed)
        solver = Solver(layout_ranks([[c.text for c in fan] for fan in state.fans]))
        start = time.perf_counter()
        line = solver.winning_line([len(fan) for fan in state.fans], 0)
        took = time.perf_counter() - start
        times.append(took)
        sizes.append(solver.visited)
        slowest = max(slowest, (took, seed))
        if line is UNKNOWN:
            unknown += 1
        elif line is None:
            lost += 1
        else:
            won += 1
        if args.bots:
            for kind in bot_wins:
                bot_wins[kind] += play_out(state, [make_bot(kind, seed)]).result == "won"
    decided = won + lost
    low, high = wilson(won, decided)
    print(f"Black Hole's solver: {args.deals} deals, seeds {args.seed}-0 to {args.seed}-{args.deals - 1}")
    print(f"winnable: {won} of {decided} decided ({100 * won / max(decided, 1):.1f}%; "
          f"95% interval {100 * low:.1f}% to {100 * high:.1f}%); undecided within the limit: {unknown}")
    print("published: 86.9% (Shlomi Fish's solver, 869,413 of the first million PySolFC deals); "
          "about 87.5% (Gent et al., 2,500 deals); the seed articles' estimate, 86%")
    print(f"time per deal: median {1000 * statistics.median(times):.1f} ms, "
          f"90th percentile {1000 * sorted(times)[int(0.9 * len(times))]:.1f} ms, "
          f"slowest {1000 * slowest[0]:.0f} ms (seed {slowest[1]})")
    for kind, wins in bot_wins.items() if args.bots else ():
        low, high = wilson(wins, args.deals)
        print(f"{kind} bot: won {wins} of {args.deals} ({100 * wins / args.deals:.1f}%; "
              f"95% interval {100 * low:.1f}% to {100 * high:.1f}%)")
    print(f"positions searched per deal: median {statistics.median(sizes):.0f}, most {max(sizes)}")


if __name__ == "__main__":
    main()
