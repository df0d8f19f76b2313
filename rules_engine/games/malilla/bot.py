"""Malilla's heuristic bot, from its seat's view only.

It counts the cards: which trumps and point cards are still out, which of
its own cards are masters (no higher card of the suit unseen), and which
players have shown a void. With that it draws trumps when it holds the
best of them and several more, cashes its masters, plays points onto a
trick its partner is sure to win, beats an opponent with the cheapest card
that does, throws worthless cards otherwise, and keeps its 7s back for as
long as it can.
"""

from ...cards import RankOrder, make_deck
from ...families.trick_bots import card_moves, own_hand, played, would_win
from ...families.tricks import trick_winner

RANKS = RankOrder("23456JQKA7")
VALUES = {"7": 5, "A": 4, "K": 3, "Q": 2, "J": 1}
PACK = tuple(make_deck("40-spanish"))


def _value(card):
    return VALUES.get(card.rank, 0)


class _Count:
    """What the seat knows: the cards not yet seen and the voids shown."""

    def __init__(self, view):
        table = view["table"]
        self.seat = view["seat"]
        self.trump = table["trump"]
        play = table["play"]
        self.hand = own_hand(view)
        self.trick = played(play["trick"])
        seen = set(self.hand) | {card for _, card in self.trick}
        self.voids = {s: set() for s in range(4)}
        done_tricks = [t["cards"] for t in table["earlier_tricks"]] + ([play["last_trick"]] if play["last_trick"] else [])
        for done in done_tricks:
            cards = played(done)
            seen.update(card for _, card in cards)
            self._note_voids(cards)
        self._note_voids(self.trick)
        self.unseen = [card for card in PACK if card not in seen]

    def _note_voids(self, cards):
        """Who failed to follow suit is void in it; who then neither trumped an
        opponent's plain winning card (which the duty to beat would demand) is void in trumps."""
        for i, (s, card) in enumerate(cards[1:], 1):
            led = cards[0][1].suit
            if card.suit == led:
                continue
            self.voids[s].add(led)
            before = cards[:i]
            winner = trick_winner(before, RANKS, self.trump)
            if card.suit != self.trump and winner % 2 != s % 2 and dict(before)[winner].suit != self.trump:
                self.voids[s].add(self.trump)

    def master(self, card):
        """No unseen card of its suit ranks higher."""
        return not any(c.suit == card.suit and RANKS.beats(c, card) for c in self.unseen)

    def unseen_of(self, suit):
        return [c for c in self.unseen if c.suit == suit]

    def may_ruff(self, seat, suit):
        """``seat`` might trump a trick of ``suit``: it showed a void and may hold trumps."""
        return suit in self.voids[seat] and self.trump not in self.voids[seat] and bool(self.unseen_of(self.trump))

    def secure(self, card, led, after):
        """A card winning a trick of ``led`` stays winning whatever the seats ``after`` play."""
        if not after:
            return True
        if card.suit == self.trump:
            return self.master(card)
        if card.suit != led or not self.master(card):
            return False
        return not any(self.may_ruff(s, led) for s in after)


def choose(view, rng):
    moves = view["moves"]
    if len(moves) == 1:
        return moves[0]
    options = card_moves(moves)
    know = _Count(view)
    cards = sorted(options, key=lambda c: (c.suit == know.trump, RANKS.index(c)))
    if not know.trick:
        return options[_lead(know, cards)]
    return options[_follow(know, cards)]


def _low(cards, trump):
    """The card cheapest to give away: no points, not a 7, not a trump, low."""
    return min(cards, key=lambda c: (_value(c), c.rank == "7", c.suit == trump, RANKS.index(c)))


def _lead(know, cards):
    trump = know.trump
    trumps = [c for c in cards if c.suit == trump]
    out = know.unseen_of(trump)
    if trumps and out and know.master(trumps[-1]) and len(trumps) >= 3:
        return trumps[-1]                        # draw the opponents' trumps with the best one
    masters = [c for c in cards if c.suit != trump and know.master(c) and len(know.unseen_of(c.suit)) >= 2
               and not any(know.may_ruff(s, c.suit) for s in range(4) if s % 2 != know.seat % 2)]
    if masters:
        return max(masters, key=lambda c: (_value(c), len(know.unseen_of(c.suit))))
    plain = [c for c in cards if c.suit != trump and not know.master(c)] or cards
    return _low(plain, trump)


def _follow(know, cards):
    trick, trump = know.trick, know.trump
    led = trick[0][1].suit
    seat = know.seat
    after = [(seat + i) % 4 for i in range(1, 4 - len(trick))]
    opponents_after = [s for s in after if s % 2 != seat % 2]
    winner = trick_winner(trick, RANKS, trump)
    best = dict(trick)[winner]

    def wins(card):
        return would_win(card, trick, trump, RANKS, seat)

    at_stake = sum(_value(c) for _, c in trick) + 1
    if winner % 2 == seat % 2:
        if know.secure(best, led, opponents_after):
            late = len(know.hand) <= 3
            return max(cards, key=lambda c: (_value(c) if c.rank != "7" or late else 0, c.rank != "7",
                                             c.suit != trump, -RANKS.index(c)))
        saving = [c for c in cards if wins(c) and know.secure(c, led, opponents_after) and c.rank != "7"]
        if saving and at_stake >= 3:
            return min(saving, key=lambda c: (RANKS.index(c), _value(c)))
        return _low(cards, trump)
    winners = [c for c in cards if wins(c)]
    if winners:
        if not opponents_after:
            return min(winners, key=lambda c: (_value(c), c.suit == trump, RANKS.index(c)))
        sure = [c for c in winners if know.secure(c, led, opponents_after)]
        if sure:
            return min(sure, key=lambda c: (c.suit == trump, RANKS.index(c)))
        if len(winners) == len(cards) or at_stake >= 4:
            return min(winners, key=lambda c: (_value(c), c.suit == trump, RANKS.index(c)))
    return _low(cards, trump)
