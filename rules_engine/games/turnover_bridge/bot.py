"""Turnover Bridge's heuristic bot. Nearly all the opponent's playable cards lie
face up, so it reads them: it leads a card the opponent's face-up cards cannot
beat (the two hole cards aside), keeping its spades for ruffing; second to
play, it wins as cheaply as it can, or else throws its least useful card,
preferring one that turns up a new card from its layout."""

from ...cards import ACES_HIGH, parse_card
from ...families.trick_bots import card_moves, would_win

TRUMP = "S"


def _rank(card):
    return ACES_HIGH.index(card)


def _lead_risk(card, opponent, hole_count):
    """How likely a lead of ``card`` is to lose: 0 when no face-up card of the opponent can
    beat it and it cannot follow, so only its hole cards could; more as they can."""
    following = [c for c in opponent if c.suit == card.suit]
    if following:
        return 1.0 if any(_rank(c) > _rank(card) for c in following) else 0.1 * hole_count
    if card.suit != TRUMP and any(c.suit == TRUMP for c in opponent):
        return 0.9
    return 0.15 * hole_count


def choose(view, rng):
    moves = view["moves"]
    if len(moves) == 1:
        return moves[0]
    table = view["table"]
    play = table["play"]
    me = view["seat"]
    opp = 1 - me
    options = card_moves(moves)
    cards = sorted(options, key=lambda c: (c.suit == TRUMP, _rank(c)))
    covering = {parse_card(pile[-1]) for pile in play["piles"][me] if len(pile) > 1}
    opponent = [parse_card(pile[-1]) for pile in play["piles"][opp]]
    hole_count = len(play["hands"][opp])
    trick = [(item["seat"], parse_card(item["card"])) for item in play["trick"]]

    def cheapness(card):
        # Low cards first, plain suits before trumps; a card lying on a face-down one turns
        # that card up when played, which is worth a little.
        return (card.suit == TRUMP, _rank(card) - (0.5 if card in covering else 0))

    if trick:
        winners = [c for c in cards if would_win(c, trick, TRUMP)]
        if winners:
            return options[min(winners, key=cheapness)]
        return options[min(cards, key=cheapness)]
    # Leading: the safest card, and among the safe ones a plain card before a trump, the
    # lowest that is still safe (the high ones stay to guard the suit).
    best = min(cards, key=lambda c: (_lead_risk(c, opponent, hole_count), c.suit == TRUMP, _rank(c)))
    if _lead_risk(best, opponent, hole_count) >= 0.9:
        # Nothing is safe: give the trick away as cheaply as possible.
        return options[min(cards, key=cheapness)]
    return options[best]
