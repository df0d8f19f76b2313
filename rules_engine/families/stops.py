"""Stops play: runs of one suit that go up a card at a time until the next
card cannot be played, then start again from the player who stopped them.

Newmarket and its relatives (Spinado, Comet, Pope Joan) and Play or Pay share
this shape. A player starts a *sequence* with a card; the next card of the
same suit, one rank higher, follows, played by whoever holds it; and so on
until the next card is not to be had: past the top of the suit, lying in a
dead hand or stub, already played, or (with ``wrap``, Play or Pay) the card
the sequence began with. That is a *stop*: the player who played last starts
a new sequence with any card the game allows.

:class:`StopsPlay` keeps the cards of one deal and knows only this much; the
game decides what may start a sequence, who pays whom for what, special
cards, and what the end of the hand is worth.

>>> from ..cards import parse_cards, ACES_LOW
>>> play = StopsPlay.deal([parse_cards("4H 5H 9C"), parse_cards("6H KC")], starter=0, ranks=ACES_LOW,
...                       dead=parse_cards("7H"))
>>> play = play.play(parse_cards("4H")[0])
>>> play.to_act, play.next_card().symbol
(0, '5♥')
>>> play = play.play(parse_cards("5H")[0]).play(parse_cards("6H")[0])
>>> play.stopped, play.to_act, play.sequence
(True, 1, ())
"""

from dataclasses import dataclass, fields

from ..cards import ACES_LOW, SUITS, Card, RankOrder
from ..table import zone
from .tricks import left_of


class computed_once:
    """``functools.cached_property`` without the lock CPython 3.11 takes at each first reading,
    which costs more than what a deal works out: a value read off an object that never changes,
    worked out at its first reading and then kept in the object's own ``__dict__``."""

    def __init__(self, compute):
        self.compute, self.name, self.__doc__ = compute, compute.__name__, compute.__doc__

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        value = instance.__dict__[self.name] = self.compute(instance)
        return value


@dataclass(frozen=True)
class StopsPlay:
    """One deal of stops play (see the module's docstring).

    ``sequence`` holds ``(seat, card)`` for the sequence under way, () when
    ``starter`` is to start a new one; ``played`` every card played this
    deal, in order, as ``(seat, card)``; ``stopped`` tells whether the last
    card ended its sequence; ``dead`` the cards dealt to no one; ``length``,
    if set, the most cards a sequence holds (Lórum's Quart stops at four).
    """

    hands: tuple
    starter: int
    ranks: RankOrder = ACES_LOW
    wrap: bool = False
    dead: tuple = ()
    sequence: tuple = ()
    played: tuple = ()
    stopped: bool = False
    closed: tuple = ()   # the sequence the last stop ended, to show until the next card
    length: int = None

    @classmethod
    def deal(cls, hands, starter, ranks=ACES_LOW, **kwargs):
        hands = tuple(tuple(sorted(hand, key=ranks.sort_key)) for hand in hands)
        return cls(hands=hands, starter=starter, ranks=ranks, dead=tuple(kwargs.pop("dead", ())), **kwargs)

    @property
    def seats(self):
        return len(self.hands)

    # ---- where the cards are --------------------------------------------------------------------

    def holder(self, card):
        """The seat holding ``card``, or None (dead, played, or not in the pack)."""
        found = self._holders.get(card, self)
        if found is self:
            found = None
            for seat, hand in enumerate(self.hands):
                if card in hand:
                    found = seat
                    break
            self._holders[card] = found
        return found

    @computed_once
    def _holders(self):
        """The holders found so far (the turn, and a game's special card, ask again and again)."""
        return {}

    def is_played(self, card):
        return any(c == card for _, c in self.played)

    def cards(self):
        """Every card of the deal, wherever it lies."""
        return [c for hand in self.hands for c in hand] + list(self.dead) + [c for _, c in self.played]

    # ---- the sequence ----------------------------------------------------------------------------

    def card_after(self, card):
        """The card one rank above ``card`` in its suit (with ``wrap``, the king
        is followed by the ace, then the 2), or None past the top."""
        rank = self.ranks.next_above(card)
        if rank is None and self.wrap:
            rank = self.ranks.order[0]
        return Card(rank, card.suit) if rank is not None else None

    def next_card(self):
        """The card that would continue the sequence, whoever holds it (None
        when no sequence is under way, or the sequence has reached its end)."""
        return self._next_card

    # A deal never changes, so what is asked of it several times a move (the turn, the next
    # card) is worked out once, when first asked.
    @computed_once
    def _next_card(self):
        if not self.sequence or (self.length and len(self.sequence) >= self.length):
            return None
        after = self.card_after(self.sequence[-1][1])
        if after is None or (self.wrap and after == self.sequence[0][1]):
            return None
        return after

    @property
    def last_player(self):
        return self.played[-1][0] if self.played else None

    @computed_once
    def to_act(self):
        """Who plays next: the starter of a new sequence, else the holder of the next card."""
        if not self.sequence:
            return self.starter
        return self.holder(self._next_card)

    def between(self, seat, other):
        """The seats after ``seat`` and before ``other`` in turn to the left
        (everyone else when they are the same seat): those passed over when
        the turn goes round from one to the other."""
        seats, out, step = self.seats, [], 1
        while len(out) < seats - 1:
            s = left_of(seat, seats, step)
            if s == other:
                break
            out.append(s)
            step += 1
        return out

    # ---- playing ---------------------------------------------------------------------------------

    def playable(self, starts):
        """The cards the player to act may play: the next card of the sequence, or when
        a new one is to start, those of ``starts`` (the game's choice)."""
        return list(starts) if not self.sequence else [self.next_card()]

    def why_not(self, card, rule="play.sequence"):
        """Why the player to act may not play ``card``, if the sequence is the reason:
        ``(reason, rule)``, or None (the game then judges a start)."""
        if card not in self.hands[self.to_act]:
            return (f"the {card.symbol} is not in your hand", "play.turn")
        if self.sequence:
            return (f"the sequence needs the {self.next_card().symbol}, which you hold: you must play it", rule)
        return None

    def play(self, card, seat=None, settle=True):
        """``card`` played by ``seat`` (the player to act by default), starting
        a sequence or continuing it. A stop is settled at once: the player
        who played last starts the next sequence (not with ``settle=False``,
        when another card goes down with this one, as Spinado's spinado does)."""
        seat = self.to_act if seat is None else seat
        after = self._replace(hands=self._without(seat, card), sequence=self.sequence + ((seat, card),),
                              played=self.played + ((seat, card),), stopped=False, closed=())
        nxt = after.next_card()
        # A player out of cards ends the hand: whether the sequence would have stopped is not
        # told, as it would tell whether the next card lies in a hand.
        if settle and after.hands[seat] and (nxt is None or after.holder(nxt) is None):
            after = after.stop(seat)
        return after

    def interrupt(self, card, seat):
        """``seat`` plays ``card``, which is not the next card, out of sequence, and it stops play."""
        return self._replace(hands=self._without(seat, card), sequence=self.sequence + ((seat, card),),
                             played=self.played + ((seat, card),)).stop(seat)

    def _without(self, seat, card):
        """The hands, with ``card`` gone from ``seat``'s."""
        hands = list(self.hands)
        hand = hands[seat]
        if hand.count(card) == 1:
            at = hand.index(card)
            hands[seat] = hand[:at] + hand[at + 1:]
        else:  # not there, or twice over
            hands[seat] = tuple(c for c in hand if c != card)
        return tuple(hands)

    def stop(self, seat):
        """End the sequence now; ``seat`` starts the next (also for a card that stops play by itself)."""
        return self._replace(sequence=(), starter=seat, stopped=True, closed=self.sequence or self.closed)

    def __getstate__(self):
        """The deal's fields alone, for pickling and copying: what was worked out for it is not the deal."""
        return {name: self.__dict__[name] for name in _FIELDS}

    def _replace(self, **changes):
        """``dataclasses.replace(self, **changes)`` without its checks and its ``__init__`` (a deal
        has no field worked out at init): play makes one or two at every card. What was worked
        out for this deal (``cached_property``) is not carried over."""
        new = object.__new__(self.__class__)
        fields = new.__dict__
        fields.update(self.__dict__)
        for name in _WORKED_OUT:
            fields.pop(name, None)
        fields.update(changes)
        return new

    def played_by_suit(self):
        """The cards played this deal, per suit in the pack's order, each low to high."""
        return {suit: sorted((c for _, c in self.played if c.suit == suit), key=self.ranks.index)
                for suit in SUITS}

    def to_json(self, seat, visible):
        """The deal as ``seat`` sees it: its own hand (or every hand, per ``visible(s)``), counts of the others."""
        return {
            "hands": [[c.text for c in hand] if visible(s) else len(hand) for s, hand in enumerate(self.hands)],
            "dead": len(self.dead),
            # Each card once (the views are checked for hidden cards by counting them):
            # the sequence under way is the last ``sequence`` cards of ``played``.
            "played": [[s, c.text] for s, c in self.played],
            "sequence": len(self.sequence),
            "starter": self.starter,
            "stopped": self.stopped,
        }


_FIELDS = tuple(field.name for field in fields(StopsPlay))
_WORKED_OUT = tuple(name for name, value in vars(StopsPlay).items() if isinstance(value, computed_once))


def sequence_zone(play, players, ended=False):
    """The sequence under way, or the one that has just stopped, for the table description;
    ``ended``: the last one of a hand that someone has gone out of (whether it would have
    stopped there is not told: it would tell whether its next card was held)."""
    cards = play.sequence or play.closed
    if ended:
        label = "The last sequence"
    else:
        label = "The sequence" if play.sequence or not cards else "The sequence (stopped)"
    return zone("sequence", label, [c for _, c in cards], kind="layout", layout="row",
                group="play", labels=[players[s] for s, _ in cards])
