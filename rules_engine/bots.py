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


def make_bot(kind, seed=0):
    return BOTS[kind](seed)


def play_out(state, bots, max_moves=1_000_000):
    """Play ``state`` to the end, ``bots[seat]`` choosing for each seat."""
    for _ in range(max_moves):
        if state.is_over:
            return state
        seat = state.to_act
        state = state.apply(bots[seat].choose(state.view(seat)), seat=seat)
    raise RuntimeError(f"{state.spec.id}: no end after {max_moves} moves")
