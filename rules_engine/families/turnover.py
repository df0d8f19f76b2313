"""Trick play from a turnover layout: most of each player's cards lie on the
table in piles, face down, each covered by a face-up card; a few more are
held in hand, unseen by the opponent.

Two-player versions of many trick games are played so (Turnover Bridge). A
player may play the top card of any of their piles or a card held; when the
top of a pile is played, the card beneath it is turned face up and may be
played in its turn. Face-down cards are seen by nobody, not even their
owner, and do not count as cards a player has (to follow suit, say): only
the cards that may be played do.

:class:`TurnoverPlay` is a :class:`~rules_engine.families.tricks.TrickPlay`
whose ``hands`` are the cards each seat may play now (the tops of its piles
and the cards it holds); it keeps the piles and the cards held, turns cards
up as they are uncovered, describes the layout for the renderers (three
zones a seat: the face-up cards covering a face-down one, those with nothing
beneath, and the face-down cards) and may end the play as soon as a seat
has taken ``enough`` tricks.
"""

from dataclasses import dataclass, replace

from ..cards import HIDDEN
from .tricks import TrickPlay, seeing_own_hand


@dataclass(frozen=True)
class TurnoverPlay(TrickPlay):
    """``piles[seat]``: that seat's piles, each bottom to top (the top face up,
    the cards under it face down); ``held[seat]``: its cards in hand;
    ``enough``: the tricks that end the play as soon as a seat has taken them
    (None: every card is played)."""

    piles: tuple = ()
    held: tuple = ()
    enough: int = None
    turned: tuple = ()   # (seat, card) turned up by the last card played, if any

    @classmethod
    def lay_out(cls, piles, held, leader, ranks, trump=None, rules=None, enough=None):
        """The play of a fresh deal: ``piles[seat]`` bottom to top, ``held[seat]`` in hand."""
        piles = tuple(tuple(tuple(pile) for pile in seat_piles) for seat_piles in piles)
        held = tuple(tuple(sorted(cards, key=ranks.sort_key)) for cards in held)
        hands = tuple(_playable(seat_piles, cards, ranks) for seat_piles, cards in zip(piles, held))
        extra = {"rules": rules} if rules is not None else {}
        return cls(hands=hands, leader=leader, ranks=ranks, trump=trump, piles=piles, held=held,
                   enough=enough, **extra)

    @property
    def is_over(self):
        if self.trick:
            return False
        if not any(self.hands):
            return True
        return self.enough is not None and max(self.trick_counts()) >= self.enough

    def in_hand(self, seat):
        return self.held[seat]

    def hand_label(self, name):
        return f"{name}'s hole cards"

    def exposed(self, seat):
        """The face-up cards of ``seat``'s piles, as laid out."""
        return tuple(pile[-1] for pile in self.piles[seat] if pile)

    def covering(self, seat):
        """The face-up cards of ``seat`` that lie on a face-down card."""
        return tuple(pile[-1] for pile in self.piles[seat] if len(pile) > 1)

    def turned_up(self, seat):
        """The face-up cards of ``seat`` with nothing beneath (turned up, or laid alone)."""
        return tuple(pile[-1] for pile in self.piles[seat] if len(pile) == 1)

    def face_down(self, seat=None):
        seats = range(self.seats) if seat is None else (seat,)
        return tuple(card for s in seats for pile in self.piles[s] for card in pile[:-1])

    def play(self, card):
        seat = self.to_act
        after = super().play(card)
        held, piles, turned = list(self.held), list(self.piles), ()
        if card in held[seat]:
            held[seat] = tuple(c for c in held[seat] if c != card)
        else:
            # The top of a pile: the card beneath, if any, is turned up and may be played.
            pile = next(p for p in piles[seat] if p and p[-1] == card)
            if len(pile) > 1:
                turned = (seat, pile[-2])
            piles[seat] = tuple(p[:-1] if p is pile else p for p in piles[seat])
        hands = list(after.hands)
        hands[seat] = _playable(piles[seat], held[seat], self.ranks)
        return replace(after, hands=tuple(hands), held=tuple(held), piles=tuple(piles), turned=turned)

    def cards(self):
        yield from super().cards()
        yield from self.face_down()

    def to_json(self, seat, visible=None):
        """As :meth:`TrickPlay.to_json`, with ``hands`` the cards held (``??`` for the others'),
        ``piles`` each seat's piles, bottom to top, the face-down cards as ``??``, and
        ``enough``. Each card shows once: a seat's playable cards are its piles' tops and its
        cards held."""
        visible = visible or seeing_own_hand(seat)
        out = super().to_json(seat, visible)
        out["hands"] = [[c.text for c in self.held[s]] if visible(s) else [HIDDEN] * len(self.held[s])
                        for s in range(self.seats)]
        out["piles"] = [[[HIDDEN] * (len(pile) - 1) + [pile[-1].text] for pile in self.piles[s] if pile]
                        for s in range(self.seats)]
        out["enough"] = self.enough
        return out

    def seat_zones(self, seat, players, viewer, visible):
        from ..table import zone

        name = players[seat]
        return [
            zone(f"covering-{seat}", f"{name}'s face-up cards, each on a face-down card", self.covering(seat),
                 kind="hand", layout="row", owner=seat, tries="play {card}"),
            zone(f"turned-{seat}", f"{name}'s face-up cards with nothing beneath", self.turned_up(seat),
                 kind="hand", layout="row", owner=seat, tries="play {card}"),
            zone(f"face-down-{seat}", f"{name}'s face-down cards", [HIDDEN] * len(self.face_down(seat)),
                 kind="layout", layout="squared", owner=seat, backs="down"),
        ]


def _playable(piles, held, ranks):
    return tuple(sorted([pile[-1] for pile in piles if pile] + list(held), key=ranks.sort_key))
