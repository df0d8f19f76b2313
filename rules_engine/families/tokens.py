"""Games played for tokens (Stop the Bus, Commune): each player starts with the same few
(``options["tokens"]``), every hand costs its loser or losers one, a player with none left is
out, the deal passes to the left among the players still in, and the last player with a token
wins. Losers who go out together at the end share the win.

A game keeps ``self.lost`` (tokens lost per seat), ``self.active`` (the seats still in, in turn
order) and ``self.hand_results`` (hand number, tokens lost in it per seat, the sentences that
told it); it deals each hand in ``_start_hand(number, dealer)`` and ends one by ``_end_hand``.
"""

from ..game import Scores, State
from ..table import plural, score_sheet, zone


class TokensGame(State):
    def _start_tokens(self):
        self.lost = (0,) * self.seats
        self.active = tuple(range(self.seats))
        self.hand_results = ()
        self.over = False
        self.winners = ()
        self.said = None
        self._start_hand(1, 0)

    def _next(self, seat, steps=1):
        """The player ``steps`` places to the left of ``seat`` among those still in."""
        order = self.active
        return order[(order.index(seat) + steps) % len(order)]

    def tokens(self, seat):
        return self.options["tokens"] - self.lost[seat]

    @property
    def to_act(self):
        return None if self.over else self.turn

    @property
    def scores(self):
        hand = self.hand_results[-1][1] if self.over else (0,) * self.seats
        return Scores(tuple(hand), self.lost)

    def _end_hand(self, losers, lines):
        """Each of ``losers`` loses a token; ``lines`` tell the hand, to which the players going
        out are added. Deals the next hand, or ends the game when one player at most is left."""
        names = self.player_names()
        lost = tuple(1 if s in losers else 0 for s in range(self.seats))
        self.lost = tuple(a + b for a, b in zip(self.lost, lost))
        out = [s for s in self.active if self.tokens(s) <= 0]
        lines = [*lines, *(f"{names[s]} has no token left and is out" for s in out)]
        self.hand_results += ((self.hand_number, lost, tuple(lines)),)
        self.hand_end = (self.hand_number, tuple(lines), tuple((s, tuple(self.hands[s])) for s in self.active))
        left = tuple(s for s in self.active if s not in out)
        if len(left) <= 1:
            self.over = True
            self.winners = left or tuple(out)
            self.active = left or self.active
            return lines
        dealer = self.dealer
        while True:
            dealer = (dealer + 1) % self.seats
            if dealer in left:
                break
        self.active = left
        self._start_hand(self.hand_number + 1, dealer)
        return lines

    def _token_sheet(self, names, lost_word):
        """The score sheet: a row per hand of the tokens lost in it, then the totals."""
        return score_sheet(names, [(f"Hand {n}", list(p)) for n, p, _ in self.hand_results],
                           [(f"Tokens {lost_word}", list(self.lost)),
                            ("Tokens left", [self.tokens(s) for s in range(self.seats)])],
                           target=f"Out when {plural(self.options['tokens'], 'token')} are {lost_word}; "
                                  f"the last with a token wins")

    def _result(self):
        if not self.over:
            return None
        names = [self.player_names()[s] for s in self.winners]
        if len(self.winners) == 1 and self.tokens(self.winners[0]) > 0:
            return f"{names[0]} is the last with a token and wins."
        return f"{' and '.join(names)} lose their last tokens together and share the win."

    def _shown_name(self, seat, cards):
        """How the end of a hand names a player's cards shown."""
        return f"{self.player_names()[seat]}'s cards"

    def _interlude(self):
        ended = self.__dict__.get("hand_end")
        if not ended:
            return None
        number, lines, shown = ended
        names = self.player_names()
        zones = [zone(f"end-hand-{s}", self._shown_name(s, cards), cards, kind="hand", owner=s, source=False)
                 for s, cards in shown]
        totals = [f"{names[s]}: {plural(self.tokens(s), 'token')} left" for s in range(self.seats)]
        return {"title": f"End of hand {number}", "zones": zones,
                "lines": [line[0].upper() + line[1:] for line in lines] + totals}
