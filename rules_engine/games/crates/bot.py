"""Crates' heuristic bot, from its seat's view only.

It sheds its costliest cards, keeps its 8s (which go on anything) for when
nothing else will do, and keeps its 3s, which cover other cards at the end and
score −50 each when they are all it holds. It aims its draws at the opponents:
a 2, a 4, a 5 or a 7 is worth more when an opponent close to going out feels
it, and a 7 or a jack that would make its partner draw is held back. It plays a
6 only with a card to follow it, calls the suit it holds most of (a 9 calls
the better of its colour), keeps a 2-sequence going whenever it can, and
always says "one card".
"""

from ...cards import SUIT_NAMES, parse_card
from ...families.eights_bots import (
    best_play, called_suit, followers, hand_sizes, nearness, own_hand, seat_after, suit_counts,
)
from . import OTHER_DRAWS, VALUES


def _value(card):
    return VALUES.get(card.rank, 0)


def _side(seat, table):
    return seat % table["sides"]


def _drawer(card, me, table):
    """The seat a 7 or a jack makes draw, or None."""
    steps = OTHER_DRAWS.get(card.rank, {}).get(len(table["active"]))
    return None if steps is None else seat_after(table, me, steps)


def _kept(card):
    """The 8s go on anything and the 3s cover other cards at the end: kept, not counted for a call."""
    return card.rank in "83"


def _score(move, hand, table, me):
    card = parse_card(move.split()[1])
    rest = [c for c in hand if c != card]
    sizes = hand_sizes(table)
    active = table["active"]
    nxt = seat_after(table, me)
    mine = _side(me, table)

    def threat(seat):
        return 0 if _side(seat, table) == mine else nearness(sizes[seat], 5)

    score = _value(card)
    if card.rank == "8" and any(c.rank != "8" for c in rest):
        score -= 70
    if card.rank == "3" and any(c.rank != "3" for c in rest):
        score -= 25          # a 3 covers a costly card at the end
    if card.rank == "6":
        follow = [c for c in rest if c.suit == card.suit or c.rank in "68"]
        score += 10 if follow else -60
    if card.rank in ("2", "4"):
        score += 4 + 5 * threat(nxt)
    if card.rank == "5" and table["stock"] >= len(active):
        # With the stock too thin for everyone's draw, a 5 only passes pressures round the table.
        score += sum(4 + 3 * threat(s) if _side(s, table) != mine else -6 for s in active if s != me)
    if card.rank in ("7", "J"):
        victim = _drawer(card, me, table)
        if victim is not None:
            score += (4 + 5 * threat(victim)) if _side(victim, table) != mine else -30 - 10 * nearness(sizes[victim], 5)
    suit = called_suit(move)
    if suit:
        score += 4 * suit_counts(hand, card, _kept)[suit]
    score += followers(card, rest)
    if move.endswith("one card"):
        score += 200
    return score


def choose(view, rng):
    moves = view["moves"]
    if len(moves) == 1:
        return moves[0]
    table, me = view["table"], view["seat"]
    if table["phase"] == "call":
        # The dealer calls before looking at the hand: the upcard's own suit, which a 9 allows.
        up = parse_card(table["discard"][-1])
        return f"call {SUIT_NAMES[up.suit]}"
    hand = own_hand(view)
    return best_play(moves, lambda m: _score(m, hand, table, me), rng)
