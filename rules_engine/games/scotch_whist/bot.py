"""Scotch Whist's heuristic bot: every card taken beyond those dealt is a
point, and the trump honours are worth more, so it takes tricks cheaply,
wins any trick holding the 10 of trumps or an honour, never throws the 10 of
trumps to another player's trick, and draws trumps when it holds the jack."""

from ...cards import ACES_HIGH, RankOrder
from ...families.trick_bots import card_moves, played, would_win

TRUMP_RANKS = RankOrder("6789TQKAJ")
VALUE = {"T": 10, "J": 11, "A": 4, "K": 3, "Q": 2}


def _order(card, trump):
    return (card.suit == trump, (TRUMP_RANKS if card.suit == trump else ACES_HIGH).index(card))


def _value(card, trump):
    return VALUE.get(card.rank, 0) if card.suit == trump else 0


def choose(view, rng):
    moves = view["moves"]
    if len(moves) == 1:
        return moves[0]
    table = view["table"]
    trump = table["trump"]
    options = card_moves(moves)
    cards = sorted(options, key=lambda c: _order(c, trump))
    trick = played(table["play"]["trick"])
    seats = len(table["play"]["hands"])
    if not trick:
        trumps = [c for c in cards if c.suit == trump]
        if trumps and trumps[-1].rank == "J":
            return options[trumps[-1]]           # the jack cannot lose: draw trumps with it
        plain = [c for c in cards if c.suit != trump and c.rank == "A"]
        if plain:
            return options[plain[0]]
        return options[min(cards, key=lambda c: (_value(c, trump), _order(c, trump)))]

    def wins(card):
        return would_win(card, trick, trump, trump_ranks=TRUMP_RANKS)

    at_stake = sum(_value(c, trump) for _, c in trick) + 1
    winners = [c for c in cards if wins(c)]
    if winners:
        last = len(trick) == seats - 1
        # Last to play, or a prize on the table: take it with the cheapest winner.
        cheap = min(winners, key=lambda c: (_value(c, trump) if not last else 0, _order(c, trump)))
        if last or at_stake > 1 or _value(cheap, trump) == 0:
            return options[cheap]
    losers = [c for c in cards if not wins(c)] or cards
    return options[min(losers, key=lambda c: (_value(c, trump), _order(c, trump)))]
