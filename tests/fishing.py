"""What the tests of fishing games with piles on the table share: a deal set up by hand, the legal
moves as texts, and a brute force that tries every way of splitting the table's items into groups
a card takes, written from the pages rather than from the engine's own search."""

import itertools

from rules_engine.cards import make_deck, parse_cards
from rules_engine.families.fishing_piles import Pile

PIPS = {"A": 1, "T": 10, **{str(n): n for n in range(2, 10)}}


def position(game, hands, layout, piles=(), turn=1, stock=(), **more):
    """A deal of ``game`` set up as given: a hand per seat, the table's loose cards and its piles
    (``(cards, value, owner, sets)``), the seat to play and the stock; the other cards won by seat
    0, out of the way, and nobody the last to capture. ``more`` sets other attributes (``plays``)."""
    state = game.new(seed=1, seats=len(hands))
    state.hands = [parse_cards(h) for h in hands]
    state.layout = parse_cards(layout)
    state.piles = [Pile(tuple(parse_cards(c)), v, o, n) for c, v, o, n in piles]
    state.stock = parse_cards(" ".join(stock))
    used = set(state._table_cards()) | {c for h in state.hands for c in h} | set(state.stock)
    state.won = [[c for c in make_deck("52") if c not in used]] + [[] for _ in hands[1:]]
    state.turn, state.last_capturer = turn, None
    for name, value in more.items():
        setattr(state, name, value)
    return state


def moves(state):
    return [m.text for m in state.legal_moves()]


def adds_up(cards, value):
    """Whether ``cards``, all of them with pips, add up to ``value``."""
    return all(c.rank in PIPS for c in cards) and sum(PIPS[c.rank] for c in cards) == value


def pile_value(piles, cards):
    """The value of the pile of ``piles`` that holds ``cards``."""
    return next(p for p in piles if tuple(p.cards) == cards).value


def splits(items, fits):
    """Whether ``items`` split into groups that ``fits`` accepts, each group led by the first item
    not yet placed, every way tried."""
    if not items:
        return True
    first, others = items[0], items[1:]
    return any(fits((first,) + mates) and splits([i for i in others if i not in mates], fits)
               for size in range(len(others) + 1) for mates in itertools.combinations(others, size))


def every_capture(layout, piles, takes):
    """Every set of table cards a card takes, by trying every subset of the table's items (each
    loose card, and each pile whole) and every way of splitting it into groups ``takes`` accepts."""
    items = [(c,) for c in layout] + [tuple(p.cards) for p in piles]
    found = set()
    for size in range(1, len(items) + 1):
        for chosen in itertools.combinations(items, size):
            if splits(list(chosen), takes):
                found.add(frozenset(c for item in chosen for c in item))
    return found
