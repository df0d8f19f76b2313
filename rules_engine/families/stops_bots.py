"""What a stops bot knows from its seat's view, and how it values a start.

In a stops hand the player whose card stops play starts the next sequence
and goes on shedding, so bots value a move by the cards their own hand
sheds in a row from it, by whether play then surely stops with them (the
next card is out of the pack, past the top, already played, or known to lie
in the dead hand because an earlier sequence stopped before it), and by
what the others may shed after them.
"""

from ..cards import make_deck, parse_card

CONTROL, OTHERS = 3.0, 0.7


class StopsKnowledge:
    """A seat's knowledge of a stops hand, read from its view (``table.play``)."""

    def __init__(self, view, ranks, deck, interrupters=()):
        play = view["table"]["play"]
        seat = view["seat"]
        self.ranks = ranks
        self.pack = frozenset(make_deck(deck))
        self.hand = {parse_card(t) for t in play["hands"][seat]}
        self.order = [(s, parse_card(c)) for s, c in play["played"]]
        self.played = {card for _, card in self.order}
        self.dead = self._known_dead(set(interrupters))
        opponents = sum(n for s, n in enumerate(play["hands"]) if s != seat)
        unknown_dead = max(0, play["dead"] - len(self.dead))
        self.held_by_others = opponents / max(1, opponents + unknown_dead)

    def after(self, card):
        rank = self.ranks.next_above(card)
        return parse_card(rank + card.suit) if rank else None

    def _known_dead(self, interrupters):
        """A sequence stopped before a card still to come: nobody held it, so it is dead."""
        dead, gone = set(), set()
        for (_, card), (_, nxt) in zip(self.order, self.order[1:]):
            gone.add(card)
            follows = self.after(card)
            if nxt != follows and nxt not in interrupters and follows in self.pack and follows not in gone:
                dead.add(follows)
        return dead

    def run_from(self, card):
        """``card`` and the cards of this hand that follow it in a row."""
        run = [card]
        while (nxt := self.after(run[-1])) is not None and nxt in self.hand:
            run.append(nxt)
        return run

    def surely_stops(self, card):
        nxt = self.after(card)
        return nxt is None or nxt not in self.pack or nxt in self.played or nxt in self.dead

    def others_after(self, card):
        """How many cards the others may play after ``card`` before play stops (an expectation)."""
        others, chance, nxt = 0.0, 1.0, self.after(card)
        while nxt is not None and nxt in self.pack and nxt not in self.played and nxt not in self.dead:
            if nxt not in self.hand:
                chance *= self.held_by_others
                others += chance
            nxt = self.after(nxt)
        return others

    def start_value(self, card):
        """``(cards this hand sheds, whether play then surely stops with it, value)`` of starting with ``card``."""
        run = self.run_from(card)
        control = self.surely_stops(run[-1])
        others = 0.0 if control else self.others_after(run[-1])
        return set(run), control, len(run) + CONTROL * control - OTHERS * others
