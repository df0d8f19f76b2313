"""Couillon's heuristic bot, from its seat's view only.

- Trumps: it accepts the upcard's suit when its trumps (counted by rank, and
  by how few higher trumps are still unseen) and its other aces and kings
  make a hand likely to take most of the points; a side that accepts and
  loses gets a mark, so it declines anything weaker.
- Play: it counts the cards it has seen (its hand, the tricks, the upcard and
  a turned bottom card) to know which of its cards no one can beat. It
  leads a trump no one can beat, to draw the others' trumps; otherwise a
  cheap card. When its partner's card will win the trick, it throws its
  aces and kings on it; when an opponent's card is winning, it takes the
  trick with its cheapest card that will hold (a trump if need be, since a
  trump may always be played), and otherwise throws its cheapest card.
"""

from ...cards import ACES_HIGH, make_deck, parse_card
from ...families.trick_bots import card_moves
from ...families.tricks import trick_winner

VALUES = {"A": 4, "K": 3, "Q": 2, "J": 1}
TRUMP_WEIGHT = {"A": 3.0, "K": 2.5, "Q": 2.0, "J": 1.6}
ACCEPT_AT = 4.5


def _value(card):
    return VALUES.get(card.rank, 0)


def _rank(card):
    return ACES_HIGH.index(card)


def unseen_cards(table, seat):
    """The cards this seat has not seen: in the other hands or face down in the stub."""
    seen = {parse_card(t) for t in table["play"]["hands"][seat]}
    seen |= {parse_card(t) for t in table["earlier_tricks"]}
    seen |= {parse_card(item["card"]) for item in table["play"]["last_trick"]}
    seen |= {parse_card(item["card"]) for item in table["play"]["trick"]}
    seen.add(parse_card(table["upcard"]))
    if table["bottom"]:
        seen.add(parse_card(table["bottom"]))
    return [card for card in make_deck("32") if card not in seen]


def trump_strength(hand, suit, upcard):
    """How much a hand is worth with ``suit`` as trumps: trumps by rank and by
    how many higher trumps are still out, then plain aces and kings."""
    out = [c for c in make_deck("32") if c.suit == suit and c not in hand and c != upcard]
    strength = 0.0
    for card in hand:
        if card.suit == suit:
            higher = sum(1 for c in out if _rank(c) > _rank(card))
            strength += max(1.0, TRUMP_WEIGHT.get(card.rank, 1.0)) + max(0, 2 - higher) * 0.5
        elif card.rank == "A":
            strength += 1.5
        elif card.rank == "K":
            strength += 0.5
    return strength


def beatable(card, trick_suit, trump, unseen):
    """Whether some unseen card could beat ``card`` in a trick led in ``trick_suit``."""
    if card.suit == trump:
        return any(c.suit == trump and _rank(c) > _rank(card) for c in unseen)
    if card.suit != trick_suit:
        return False   # it wins nothing anyway
    return any(c.suit == trump or (c.suit == card.suit and _rank(c) > _rank(card)) for c in unseen)


def _cost(card, trump):
    """What playing ``card`` gives up: its points, and a trump's power to win later."""
    return (card.suit == trump, _value(card), _rank(card))


def choose(view, rng):
    moves = view["moves"]
    if len(moves) == 1:
        return moves[0]
    table = view["table"]
    seat = view["seat"]
    if table["phase"] == "trumps":
        hand = [parse_card(t) for t in table["play"]["hands"][seat]]
        upcard = parse_card(table["upcard"])
        return "accept" if trump_strength(hand, upcard.suit, upcard) >= ACCEPT_AT else "decline"
    return card_moves(moves)[_play(table, seat, list(card_moves(moves)))]


def _play(table, seat, cards):
    trump = table["trump"]
    trick = [(item["seat"], parse_card(item["card"])) for item in table["play"]["trick"]]
    unseen = unseen_cards(table, seat)
    if not trick:
        return _lead(cards, trump, unseen)
    suit = trick[0][1].suit
    later = [(seat + i) % 4 for i in range(1, 4 - len(trick))]
    opponents_later = any(s % 2 != seat % 2 for s in later)
    winning = trick_winner(trick, ACES_HIGH, trump)
    at_stake = sum(_value(c) for _, c in trick)

    def holds(card):
        return not opponents_later or not beatable(card, suit, trump, unseen)

    if winning % 2 == seat % 2 and holds(dict(trick)[winning]):
        # The partner takes it: feed it points, keeping trumps.
        return max(cards, key=lambda c: (c.suit != trump, _value(c) if c.suit != trump else -_rank(c), -_rank(c)))
    winners = [c for c in cards if trick_winner(trick + [(seat, c)], ACES_HIGH, trump) == seat]
    safe = [c for c in winners if holds(c)]
    if safe:
        best = min(safe, key=lambda c: _cost(c, trump))
        if at_stake > 0 or best.suit != trump or not opponents_later:
            return best
    elif winners and at_stake >= 3:
        cheap = min(winners, key=lambda c: _cost(c, trump))
        if _value(cheap) <= 1:
            return cheap
    return min(cards, key=lambda c: (c.suit == trump, _value(c), _rank(c)))


def _lead(cards, trump, unseen):
    trumps = sorted((c for c in cards if c.suit == trump), key=_rank)
    if trumps and not beatable(trumps[-1], trump, trump, unseen) and any(c.suit == trump for c in unseen):
        return trumps[-1]   # no one can beat it: draw the others' trumps
    plain = [c for c in cards if c.suit != trump]
    sure = [c for c in plain if not beatable(c, c.suit, trump, unseen)]
    if sure:
        return max(sure, key=_value)
    if plain:
        return min(plain, key=lambda c: (_value(c), _rank(c)))
    return trumps[-1]
