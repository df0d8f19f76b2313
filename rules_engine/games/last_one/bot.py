"""Last One's heuristic bot, from its seat's view only.

It sheds its costliest cards while keeping its 8s and jokers, which go on
anything, for when nothing else will do or for its last card; it turns the 2s,
jacks and 4s on a next player close to going out, calls the suit it holds most
of, names for a joker the card its hand follows best, always plays in a melee,
always adds a card to a 3, and says "last one".
"""

from ...cards import SUIT_NAMES, parse_card
from ...families.eights_bots import (
    best_play, called_suit, followers, hand_sizes, nearness, own_hand, seat_after, suit_counts,
)
from . import card_points as points


def card_points(card):
    return points(card)


def _move_card(move):
    words = move.split()
    return parse_card(words[1]) if len(words) > 1 and words[0] == "play" else None


def _wild(card):
    return card.is_joker or card.rank == "8"


def _value(move, hand, table, me):
    """How good a play is: the points shed, less the worth of keeping a wild card, more for an
    effect on a next player who is close to going out."""
    card = _move_card(move)
    words = move.split()
    score = card_points(card)
    rest = [c for c in hand if c != card]
    if _wild(card) and any(not _wild(c) for c in rest):
        score -= 60
    threat = nearness(hand_sizes(table)[seat_after(table, me)], 4)
    if card.rank in ("2", "J", "4") and not card.is_joker:
        score += 6 + 6 * threat
    if card.rank == "3" and rest:
        score += 8   # a free card follows
    suit = called_suit(move)
    if suit:
        score += 3 * suit_counts(hand, card, _wild)[suit]
    if "as" in words:
        named = parse_card(words[words.index("as") + 1])
        score += 3 * followers(named, rest)
    # A card whose suit the hand can follow again keeps play in its hands.
    if not card.is_joker:
        score += followers(card, rest)
    if move.endswith("last one"):
        score += 100
    return score


def choose(view, rng):
    moves = view["moves"]
    if len(moves) == 1:
        return moves[0]
    table, me = view["table"], view["seat"]
    hand = own_hand(view)
    if table["phase"] == "melee":
        return next((m for m in moves if m.startswith("play")), "pass")
    if table["phase"] == "call":
        counts = suit_counts(hand, None, _wild)
        best = max(counts, key=lambda s: (counts[s], rng.random()))
        return f"call {SUIT_NAMES[best]}"
    if table["phase"] == "name":
        natural = [c for c in hand if not c.is_joker]
        return max(moves, key=lambda m: (followers(parse_card(m.split()[1]), natural), rng.random()))
    return best_play(moves, lambda m: _value(m, hand, table, me), rng)
