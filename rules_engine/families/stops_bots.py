"""What a stops bot knows from its seat's view, and how it values a start.

A card no sequence can reach any more (an *orphan*: the card below it is out
of the pack, played, or known to lie in the dead hand because an earlier
sequence stopped before it) leaves a hand only when its holder starts with
it. So bots start orphans first, and among starts prefer those from which
their own hand sheds several cards in a row. Measured against random
players, this does better than playing for control (starting runs that end
in a sure stop) or than holding back cards the others could follow with.
"""

from ..cards import make_deck, parse_card

ORPHAN = 4.0  # measured against random players: starting orphans first is what wins hands


class StopsKnowledge:
    """A seat's knowledge of a stops hand, read from its view (``table.play``)."""

    def __init__(self, view, ranks, deck, interrupters=(), removed=(), held=()):
        play = view["table"]["play"]
        seat = view["seat"]
        self.ranks = ranks
        self.pack = frozenset(make_deck(deck)) - set(removed)
        self.hand = {parse_card(t) for t in play["hands"][seat]}
        self.order = [(s, parse_card(c)) for s, c in play["played"]]
        self.played = {card for _, card in self.order}
        self.dead = self._known_dead(set(interrupters)) - set(held)

    def after(self, card):
        rank = self.ranks.next_above(card)
        return parse_card(rank + card.suit) if rank else None

    def _known_dead(self, interrupters):
        """A sequence stopped before a card still to come: nobody held it, so it is dead (unless
        its holder held it back, where the game allows that: ``held``)."""
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

    def before(self, card):
        index = self.ranks.index(card)
        return parse_card(self.ranks.order[index - 1] + card.suit) if index else None

    def is_orphan(self, card):
        """No sequence can reach ``card``: the card below it is out of the pack, dead or played,
        so only a start plays it, and only this hand can start it."""
        below = self.before(card)
        return below is None or below not in self.pack or below in self.played or below in self.dead

    def start_value(self, card):
        """``(cards this hand sheds, whether play then surely stops with it, value)`` of starting with ``card``."""
        run = self.run_from(card)
        return set(run), self.surely_stops(run[-1]), len(run) + ORPHAN * self.is_orphan(card)
