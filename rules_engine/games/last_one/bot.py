"""Last One's heuristic bot, from its seat's view only.

It sheds its costliest cards while keeping its 8s and jokers, which go on
anything, for when nothing else will do or for its last card; it turns the 2s,
jacks and 4s on a next player close to going out, calls the suit it holds most
of, names for a joker the card its hand follows best, always plays in a melee,
always adds a card to a 3, and says "last one".
"""

from ...cards import SUIT_NAMES, parse_card
from . import card_points as points


SUIT_WORDS = {name: suit for suit, name in SUIT_NAMES.items()}


def card_points(card):
    return points(card)


def _move_card(move):
    words = move.split()
    return parse_card(words[1]) if len(words) > 1 and words[0] == "play" else None


def _suit_counts(hand, playing):
    counts = dict.fromkeys("SHDC", 0)
    for card in hand:
        if card is not playing and not card.is_joker and card.rank != "8":
            counts[card.suit] += 1
    return counts


def _value(move, hand, table, me):
    """How good a play is: the points shed, less the worth of keeping a wild card, more for an
    effect on a next player who is close to going out."""
    card = _move_card(move)
    words = move.split()
    score = card_points(card)
    wild = card.is_joker or card.rank == "8"
    rest = [c for c in hand if c != card]
    if wild and any(not (c.is_joker or c.rank == "8") for c in rest):
        score -= 60
    sizes = [n if isinstance(n, int) else len(n) for n in table["hands"]]
    active, direction = table["active"], table["direction"]
    nxt = active[(active.index(me) + direction) % len(active)]
    threat = 4 - min(sizes[nxt], 4)
    if card.rank in ("2", "J", "4") and not card.is_joker:
        score += 6 + 6 * threat
    if card.rank == "3" and rest:
        score += 8   # a free card follows
    if "call" in words:
        counts = _suit_counts(hand, card)
        suit = SUIT_WORDS[words[words.index("call") + 1]]
        score += 3 * counts[suit]
    if "as" in words:
        named = parse_card(words[words.index("as") + 1])
        follow = sum(1 for c in rest if c.suit == named.suit or c.rank == named.rank)
        score += 3 * follow
    # A card whose suit the hand can follow again keeps play in its hands.
    if not card.is_joker:
        score += sum(1 for c in rest if c.suit == card.suit or c.rank == card.rank)
    if move.endswith("last one"):
        score += 100
    return score


def choose(view, rng):
    moves = view["moves"]
    if len(moves) == 1:
        return moves[0]
    table, me = view["table"], view["seat"]
    hand = [parse_card(t) for t in table["hands"][me]]
    plays = [m for m in moves if m.startswith("play")]
    if table["phase"] == "melee":
        return plays[0] if plays else "pass"
    if table["phase"] in ("call", "name"):
        if table["phase"] == "call":
            counts = _suit_counts(hand, None)
            best = max(counts, key=lambda s: (counts[s], rng.random()))
            return f"call {SUIT_NAMES[best]}"
        def follows(move):
            named = parse_card(move.split()[1])
            return sum(1 for c in hand if not c.is_joker and (c.suit == named.suit or c.rank == named.rank))
        return max(moves, key=lambda m: (follows(m), rng.random()))
    if not plays:
        return moves[0]
    return max(plays, key=lambda m: (_value(m, hand, table, me), rng.random()))
