"""How fast the engine plays: full bot games per second and moves per second,
for every registered game, with random bots and with the heuristic bots; and the
engine's own random turns per second, as a share of King's measured in the same run.

    .venv/bin/python benchmarks/engine_speed.py [--seconds T] [--game ID] [--bots KIND]

Figures are printed, never asserted: they depend on the machine. Each game and
bot kind plays seeded games (``bench-0``, ``bench-1``, ...) for about T seconds
(default 2), always finishing the game under way, so a slow game still counts
at least one.

A random turn is the rules engine's part of a turn alone: ``legal_moves()``, one of
them chosen at random, ``apply`` (a bot's turn adds its ``view``, which every game
builds the same way), timed in CPU seconds. King is the yardstick: each game's random turns are timed in
three runs of T/3 seconds, each beside a run of King's as long, so both meet the same
load on a shared machine; ``×king`` is the median of the three runs' ratios, and
their lowest and highest say how noisy it was. A game is held to half of King's; one
whose legal moves need a search may be held to less by declaring in its test module
(tests/games/<game>/test_<game>.py) ``ENGINE_SPEED = (share, "why")``, and the reason
is printed beside its figure.
"""

import argparse
import os
import platform
import random
import statistics
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "tests"))   # game_tests: what each game's test module declares

import rules_engine  # noqa: E402
from game_tests import declared  # noqa: E402
from rules_engine.bots import MAX_IDLE, make_bot, play_out  # noqa: E402

YARDSTICK = "king"
DEFAULT_TARGET = 0.5   # of the yardstick's random turns per second
RUNS = 3


def timed(play_game, seconds, clock=time.perf_counter):
    """``(games, moves, elapsed)``: ``play_game(seed)``, which returns the moves it made, for the
    seeds ``bench-0``, ``bench-1``, ... until ``seconds`` have passed on ``clock``."""
    games = moves = 0
    started = clock()
    while True:
        moves += play_game(f"bench-{games}")
        games += 1
        elapsed = clock() - started
        if elapsed >= seconds:
            return games, moves, elapsed


def measure(game_id, kind, seconds):
    """``(games, moves, elapsed)`` for bots of ``kind`` playing ``game_id`` for about ``seconds``."""
    game = rules_engine.load_game(game_id)

    def play_game(seed):
        state = game.new(seed=seed)
        state = play_out(state, [make_bot(kind, f"{seed}-{seat}") for seat in range(state.seats)])
        return len(state.moves_made)

    return timed(play_game, seconds)


def random_turns(game_id, seconds):
    """``(games, moves, elapsed)`` for random turns of the engine alone (no bot, no view) playing
    ``game_id`` for about ``seconds``; a solitaire gone ``MAX_IDLE`` moves without progress is
    given up, as ``play_out`` gives it up. Timed in CPU seconds of this process, which the
    other processes of a shared machine disturb less than they do the clock on the wall."""
    game = rules_engine.load_game(game_id)

    def play_game(seed):
        state = game.new(seed=seed)
        rng = random.Random(f"random-turns/{seed}")
        moves = idle = 0
        mark = state.progress()
        while not state.is_over and idle < MAX_IDLE:
            state = state.apply(rng.choice(state.legal_moves()))
            moves += 1
            now = state.progress()
            idle, mark = (idle + 1, mark) if now is not None and now == mark else (0, now)
        return moves

    return timed(play_game, seconds, time.process_time)


def beside_yardstick(game_id, seconds):
    """``(moves per second, shares)``: ``game_id``'s random turns in ``RUNS`` runs of ``seconds /
    RUNS``, each after a run of the yardstick's as long; ``shares`` holds each run's moves per
    second over the yardstick's, sorted."""
    moves = elapsed = 0
    shares = []
    for _ in range(RUNS):
        _, king_moves, king_elapsed = random_turns(YARDSTICK, seconds / RUNS)
        _, run_moves, run_elapsed = random_turns(game_id, seconds / RUNS)
        moves, elapsed = moves + run_moves, elapsed + run_elapsed
        shares.append((run_moves / run_elapsed) / (king_moves / king_elapsed))
    return moves / elapsed, sorted(shares)


def target(game_id):
    """``(share of the yardstick's speed, why less than the default or None)`` for ``game_id``."""
    held = declared(game_id, "ENGINE_SPEED", None)
    if held is None:
        return DEFAULT_TARGET, None
    share, why = held
    return share, why


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per game and bot kind (default 2)")
    parser.add_argument("--game", action="append", help="only this game (may be repeated)")
    parser.add_argument("--bots", choices=("random", "heuristic"), action="append",
                        help="only this bot kind (default both)")
    args = parser.parse_args(argv)
    print(f"{platform.python_implementation()} {platform.python_version()} on {platform.machine()} "
          f"({platform.system()}), rules_engine {rules_engine.__version__}")
    print(f"about {args.seconds:g} s per game and bot kind, and as long for random turns beside {YARDSTICK}'s")
    print(f"turns/s: random turns of the engine alone, per CPU second; ×{YARDSTICK}: their share of {YARDSTICK}'s, the median "
          f"of {RUNS} runs (lowest-highest)\n")
    ids = args.game or [spec.id for spec in rules_engine.list_games()]
    kinds = args.bots or ("random", "heuristic")
    width = max(len(game_id) for game_id in ids) + 2
    print(f"{'game':<{width}}{'bots':<11}{'games':>7}{'games/s':>10}{'moves/game':>12}{'moves/s':>10}"
          f"{'ms/move':>9}{'turns/s':>9}{f'×{YARDSTICK}':>7}{'(spread)':>13}{'target':>7}  verdict")
    short = []
    for game_id in ids:
        for kind in kinds:
            games, moves, elapsed = measure(game_id, kind, args.seconds)
            line = (f"{game_id:<{width}}{kind:<11}{games:>7}{games / elapsed:>10.1f}{moves / games:>12.1f}"
                    f"{moves / elapsed:>10.0f}{1000 * elapsed / moves:>9.3f}")
            if kind == "random":
                turns, shares = beside_yardstick(game_id, args.seconds)
                share, (held, why) = statistics.median(shares), target(game_id)
                if share < held:
                    short.append(game_id)
                verdict = ("meets it" if share >= held else "SHORT") + (f" (held to less: {why})" if why else "")
                line += (f"{turns:>9.0f}{share:>7.2f}{f'({shares[0]:.2f}-{shares[-1]:.2f})':>13}{held:>7.2f}"
                         f"  {verdict}")
            print(line, flush=True)
    if "random" in kinds:
        print(f"\n{len(short)} of {len(ids)} games below their target" + (f": {', '.join(short)}" if short else ""))


if __name__ == "__main__":
    main()
