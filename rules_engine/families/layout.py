"""A stops layout: a row for each suit, opened by a card of the start rank
and built outwards from it one rank at a time, down and up.

Ristiseiska (Sevens, Fan Tan) opens rows with the 7s and builds down to the
ace and up to the king. Lórum's Domino hand is the same with the start rank
set by the first card played. :class:`SuitRows` knows only where a card may
go; the game decides who plays, what a player unable to play does, and who
wins. :class:`LayoutPlay` is the plainest such hand: in turn to the left,
lay a card if you can, else pass, until someone is out of cards.

>>> from ..cards import ACES_LOW, parse_card
>>> rows = SuitRows(ranks=ACES_LOW, start="7").add(parse_card("7C"))
>>> rows.can_take(parse_card("6C")), rows.can_take(parse_card("6H")), rows.can_take(parse_card("7H"))
(True, False, True)
>>> rows = rows.add(parse_card("6C")).add(parse_card("8C"))
>>> [card.text for card in rows.row("C")], [card.text for card in rows.playable(parse_card(t) for t in "5C 9C 9H".split())]
(['6C', '7C', '8C'], ['5C', '9C'])
"""

from dataclasses import dataclass, replace

from ..cards import RANK_NAMES, SUIT_SYMBOLS, SUITS, Card, RankOrder
from ..table import article, zone
from .tricks import left_of


@dataclass(frozen=True)
class SuitRows:
    ranks: RankOrder
    start: str = None           # the rank that opens a row; None: the first card's rank
    rows: tuple = ()            # ((suit, lowest rank index, highest rank index), ...) in the order opened

    @classmethod
    def from_json(cls, ranks, start, rows):
        """The layout a view shows (``to_json``: each open suit's cards, low to high)."""
        built = tuple((suit, ranks.index(cards[0][0]), ranks.index(cards[-1][0])) for suit, cards in rows.items())
        start = start if start is not None or not built else ranks.order[built[0][1]]
        return cls(ranks=ranks, start=start, rows=built)

    def _row(self, suit):
        return next((r for r in self.rows if r[0] == suit), None)

    def can_take(self, card):
        """Whether ``card`` may go on the layout now."""
        if self.start is None:
            return True
        row = self._row(card.suit)
        if row is None:
            return card.rank == self.start
        index = self.ranks.index(card)
        return index in (row[1] - 1, row[2] + 1)

    def playable(self, cards):
        return [card for card in cards if self.can_take(card)]

    def add(self, card):
        assert self.can_take(card), card
        index = self.ranks.index(card)
        row = self._row(card.suit)
        start = self.start if self.start is not None else card.rank
        if row is None:
            return replace(self, start=start, rows=self.rows + ((card.suit, index, index),))
        _, low, high = row
        new = (card.suit, min(low, index), max(high, index))
        return replace(self, rows=tuple(new if r[0] == card.suit else r for r in self.rows))

    def row(self, suit):
        """The cards of ``suit``'s row, low to high (empty if it is not open)."""
        row = self._row(suit)
        if row is None:
            return []
        return [Card(self.ranks.order[i], suit) for i in range(row[1], row[2] + 1)]

    def cards(self):
        return [card for suit, _, _ in self.rows for card in self.row(suit)]

    def is_closed(self, suit, end):
        """Whether ``suit``'s row has reached its ``"low"`` or ``"high"`` end (nothing more goes there)."""
        row = self._row(suit)
        return row is not None and (row[1] == 0 if end == "low" else row[2] == len(self.ranks.order) - 1)

    def steps_to(self, card):
        """How many cards must go down before ``card`` can: 0 if it can go now."""
        row = self._row(card.suit)
        index = self.ranks.index(card)
        if row is None:
            return abs(index - self.ranks.index(self.start)) if self.start is not None else 0
        if row[1] <= index <= row[2]:
            return 0
        return row[1] - 1 - index if index < row[1] else index - row[2] - 1

    def zones(self):
        """A row zone for each suit, in the pack's order, for the table description."""
        out = []
        for suit in SUITS:
            cards = self.row(suit)
            ends = [RANK_NAMES.get(rank, rank) for rank, end in ((self.ranks.order[0], "low"), (self.ranks.order[-1], "high"))
                    if self.is_closed(suit, end)]
            note = f"closed at the {' and the '.join(ends)}" if ends else None
            # Overlapped like a hand, so that a whole suit of thirteen fits on one line.
            out.append(zone(f"row-{suit}", f"{SUIT_SYMBOLS[suit]} row", cards, kind="layout", layout="fan",
                            group="layout", note=note, empty=SUIT_SYMBOLS[suit]))
        return out

    def to_json(self):
        return {suit: [card.text for card in self.row(suit)] for suit in SUITS if self._row(suit)}


def opened_by(card, start, ranks):
    """The cards of ``card``'s suit that it opens the way to on rows started at rank
    ``start``: those beyond it, away from the start (both ways from a start card).

    >>> from ..cards import ACES_LOW, parse_card
    >>> [c.text for c in opened_by(parse_card("5H"), "7", ACES_LOW)]
    ['AH', '2H', '3H', '4H']
    """
    index, middle = ranks.index(card), ranks.index(start)
    order = ranks.order
    beyond = order[:index] if index < middle else order[index + 1:] if index > middle else order
    return [Card(rank, card.suit) for rank in beyond if rank != card.rank]


@dataclass(frozen=True)
class LayoutPlay:
    """A hand of layout play: in turn to the left, each player lays a card on
    the rows if they can (and must), or passes; it ends when someone is out
    of cards. ``played`` holds ``(seat, card)`` for each card laid, and
    ``(seat, None)`` for each pass.

    >>> from ..cards import RankOrder, parse_cards
    >>> play = LayoutPlay.deal([parse_cards("9H 7S"), parse_cards("8H TS")], 0, SuitRows(RankOrder("789TJQKA")))
    >>> [c.text for c in play.playable()], play.play(parse_cards("9H")[0]).playable()
    (['7S', '9H'], [Card('8H')])
    """

    hands: tuple
    rows: SuitRows
    turn: int
    played: tuple = ()

    @classmethod
    def deal(cls, hands, first, rows):
        return cls(hands=tuple(tuple(sorted(h, key=rows.ranks.sort_key)) for h in hands), rows=rows, turn=first)

    @property
    def seats(self):
        return len(self.hands)

    @property
    def is_over(self):
        return any(not hand for hand in self.hands)

    @property
    def to_act(self):
        return None if self.is_over else self.turn

    @property
    def winner(self):
        return next((s for s, hand in enumerate(self.hands) if not hand), None)

    def playable(self):
        return self.rows.playable(self.hands[self.turn])

    def play(self, card):
        seat = self.turn
        hands = tuple(tuple(c for c in hand if c != card) if s == seat else hand for s, hand in enumerate(self.hands))
        return replace(self, hands=hands, rows=self.rows.add(card), turn=left_of(seat, self.seats),
                       played=self.played + ((seat, card),))

    def pass_turn(self):
        return replace(self, turn=left_of(self.turn, self.seats), played=self.played + ((self.turn, None),))

    def where(self, card):
        """Where ``card``'s row stands, in words, to say why it cannot go there now."""
        row = self.rows.row(card.suit)
        if self.rows.start is None:
            return "the layout is empty: any card starts it"
        if not row:
            return f"the {SUIT_SYMBOLS[card.suit]} row has not been started: only {article(RANK_NAMES.get(self.rows.start, self.rows.start))} starts it"
        return f"the {SUIT_SYMBOLS[card.suit]} row runs from the {row[0].symbol} to the {row[-1].symbol}"

    def cards(self):
        return [c for hand in self.hands for c in hand] + self.rows.cards()

    def to_json(self, seat, visible):
        """The hand as ``seat`` sees it: the hands ``visible(s)``, counts of the others."""
        return {
            "hands": [[c.text for c in hand] if visible(s) else len(hand) for s, hand in enumerate(self.hands)],
            "layout": self.rows.to_json(),
            "start": self.rows.start,
            "turn": self.turn,
        }
