"""Commune's heuristic bot, from its seat's view only.

It estimates the chance that a declaration is present among all the cards dealt by dealing the
unseen cards at random many times (``SAMPLES`` deals of the cards it does not see, as many as
the others hold), its own cards always included. It calls the last declaration when that chance
is below ``CALL``; otherwise it declares a hand above the last one (the middle one of those within
``WINDOW`` above it) that is present in at least ``DECLARE`` of its deals, now and then (``BLUFF``) one it believes less. When nothing
above the last looks likely enough, it calls unless the last is nearly sure. Its random draws are
seeded by what it sees (its cards and the declarations), so a declaration built in several
choices aims at the same hand at each choice.
"""

import random
from functools import lru_cache

from ...cards import make_deck, parse_card
from ...poker_hands import DECLARATIONS, Holding, plural, rank_of

SAMPLES = 20
CALL = 0.45
DECLARE = 0.6
BLUFF = 0.1
WINDOW = 30   # declarations above the last one considered


def deals(own, unseen_count, rng):
    """``SAMPLES`` guesses at all the cards dealt: its own and random unseen ones."""
    pool = [c for c in make_deck("54") if c not in own]
    return [Holding(own + rng.sample(pool, unseen_count)) for _ in range(SAMPLES)]


def chance(declaration, holdings):
    return sum(h.holds(declaration) for h in holdings) / len(holdings)


@lru_cache(maxsize=64)
def target(own_texts, unseen, said, pending):
    """What to do, from its cards (texts), the count of cards it cannot see, the declarations so
    far and the declaration it is building: ``"call"`` or a declaration."""
    own = [parse_card(t) for t in own_texts]
    rng = random.Random(" ".join(own_texts) + "|" + repr(said))
    holdings = deals(own, unseen, rng)
    floor = rank_of(said[-1]) if said else -1
    above = [d for d in DECLARATIONS[floor + 1:] if d[:len(pending)] == pending]
    if not pending and said and chance(said[-1], holdings) < CALL:
        return "call"
    need = DECLARE * (0.5 if rng.random() < BLUFF else 1)
    odds = [chance(d, holdings) for d in above[:WINDOW]]
    likely = [d for d, p in zip(above, odds) if p >= need]
    if likely:
        return likely[-1] if pending or len(likely) < 2 else likely[len(likely) // 2]
    if not pending and said and (chance(said[-1], holdings) < 0.9 or not above):
        return "call"
    return max(zip(odds, above), key=lambda x: x[0])[1] if odds else (above[0] if above else "call")


def choose(view, rng):
    moves, table, me = view["moves"], view["table"], view["seat"]
    pending = tuple(table["pending"] or ())
    unseen = sum(n for s, n in enumerate(table["hands"]) if s != me and isinstance(n, int))
    aim = target(tuple(sorted(table["hands"][me])), unseen, tuple(tuple(d) for _, d in table["declarations"]),
                 pending)
    if aim == "call":
        return "call" if "call" in moves else rng.choice(moves)
    step = aim[len(pending)]
    text = step if not pending else plural(step).lower()
    return text if text in moves else rng.choice(moves)
