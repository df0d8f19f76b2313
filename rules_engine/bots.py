"""Bots. Each sees only ``view(seat)`` — the same JSON a widget gets — and
answers with the text of one of the moves listed in it."""

import random

from .registry import bot_module


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
        return bot_module(view["game"]).choose(view, self.rng)

    def react(self, view, seat):
        """A real-time game's reaction out of turn: ``(move, milliseconds)`` or None."""
        return bot_module(view["game"]).reaction(view, seat, self.rng)


BOTS = {"random": RandomBot, "heuristic": HeuristicBot}
# Moves without progress before a playout gives up: random Yukon games went at
# most 129 (1,000 seeds), the heuristic bot 10, so only a bot going round in circles meets it.
MAX_IDLE = 5_000
# The most moves a playout of a game that states no bound (a solitaire) may take.
MAX_MOVES = 1_000_000


class PlayoutLimitError(RuntimeError):
    """A playout that went past its limit: the game's own ``move_bound()`` (a
    game of two or more players), or ``max_moves``. A broken game, or a harness
    limit set too low, not a bad move."""


def make_bot(kind, seed=0):
    return BOTS[kind](seed)


def play_out(state, bots, max_moves=None, max_idle=MAX_IDLE):
    """Play ``state`` to the end, ``bots[seat]`` choosing for each seat.

    A game of two or more players ends within the moves its ``move_bound()``
    states, under any legal play: a playout that goes past them raises
    :class:`PlayoutLimitError`, as does one past ``max_moves`` (by default the
    game's bound, or ``MAX_MOVES`` for a solitaire), both counted from the
    game's first move.

    Some solitaires allow moves that gain nothing (Yukon's columns can be
    shuffled for ever, and a random bot may do so for a while): after
    ``max_idle`` moves in a row with ``state.progress()`` unchanged, the
    playout gives up and returns the state unfinished, as a player would. That
    is the player's choice, not a rule: the state is not over.
    """
    idle, mark = 0, state.progress()
    made = len(state.moves_made)   # the bound is on the whole game, from its first move
    bound = state.move_bound()
    limit = max_moves if max_moves is not None else bound if bound is not None else MAX_MOVES
    while not state.is_over:
        if made >= limit:
            why = (f"the {bound} moves its rules allow" if bound is not None and limit == bound
                   else f"the playout's limit of {limit} moves")
            raise PlayoutLimitError(f"{state.spec.id} ({state.seats} seats, seed {state.seed!r}): "
                                    f"not over after {made} moves, past {why}")
        seat = state.to_act
        state = state.apply(bots[seat].choose(state.view(seat)), seat=seat)
        made += 1
        now = state.progress()
        idle, mark = (idle + 1, mark) if now is not None and now == mark else (0, now)
        if idle >= max_idle:
            return state
    return state
