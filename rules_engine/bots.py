"""Bots. Each sees only ``view(seat)`` — the same JSON a widget gets — and
answers with the text of one of the moves listed in it."""

import random

from .registry import state_class


class RandomBot:
    """Plays a uniformly random legal move."""

    def __init__(self, seed=0):
        self.rng = random.Random(f"random-bot/{seed}")

    def choose(self, view):
        return self.rng.choice(view["moves"])


class HeuristicBot:
    """Plays the game's own heuristic: plausible, quick, and never peeking."""

    def __init__(self, seed=0):
        self.rng = random.Random(f"heuristic-bot/{seed}")

    def choose(self, view):
        return state_class(view["game"]).heuristic(view, self.rng)


BOTS = {"random": RandomBot, "heuristic": HeuristicBot}
# Moves without progress before a playout gives up: random Yukon games went at
# most 129 (1,000 seeds), the heuristic bot 10, so only a bot going round in circles meets it.
MAX_IDLE = 5_000


def make_bot(kind, seed=0):
    return BOTS[kind](seed)


def play_out(state, bots, max_moves=1_000_000, max_idle=MAX_IDLE):
    """Play ``state`` to the end, ``bots[seat]`` choosing for each seat.

    Some games allow moves that gain nothing (Yukon's columns can be shuffled
    for ever, and a random bot may do so for a while): after ``max_idle``
    moves in a row with ``state.progress()`` unchanged, the playout gives up
    and returns the state unfinished, as a player would. That is the
    player's choice, not a rule: the state is not over.
    """
    idle, mark = 0, state.progress()
    for _ in range(max_moves):
        if state.is_over:
            return state
        seat = state.to_act
        state = state.apply(bots[seat].choose(state.view(seat)), seat=seat)
        now = state.progress()
        idle, mark = (idle + 1, mark) if now is not None and now == mark else (0, now)
        if idle >= max_idle:
            return state
    raise RuntimeError(f"{state.spec.id}: no end after {max_moves} moves")
