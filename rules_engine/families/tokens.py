"""Games played for tokens (Stop the Bus, Commune): each player starts with the same few
(``options["tokens"]``), every hand costs its loser or losers one, a player with none left is
out, the deal passes to the left among the players still in, and the last player with a token
wins. Losers who go out together at the end share the win.

A game keeps ``self.lost`` (tokens lost per seat), ``self.active`` (the seats still in, in turn
order) and ``self.hand_results`` (hand number, tokens lost in it per seat, the sentences that
told it); it deals each hand in ``_start_hand(number, dealer)`` (the family's ``_deal`` gives
each player still in their cards, face down, the rest of the pack set aside unseen as
``self.stub``) and ends one by ``_end_hand``, given the hand's score item by item (a
``table.Tally`` of the tokens each player loses, with the rules and cards behind them). The table
shows each hand, the game's own zones, the stub, and the tokens the hands cost (``LOST_WORD``:
lost, or paid).
"""

from ..cards import make_deck
from ..game import ALL, Scores, State
from ..table import hand_end, headline, plural, score_sheet, zone


class TokensGame(State):
    LOST_WORD = "lost"   # what a hand does to its losers' tokens, on the score sheet and in the view

    def _start_tokens(self):
        self.lost = (0,) * self.seats
        self.active = tuple(range(self.seats))
        self.hand_results = ()
        self.over = False
        self.winners = ()
        self.said = None
        self._start_hand(1, 0)

    def _deal(self, number, dealer, cards_for):
        """Hand ``number``, dealt by ``dealer``: a card at a time from the dealer's left, round after
        round, until each player still in holds ``cards_for(seat)``; the first to play is the
        dealer's left. The rest of the pack, to set aside."""
        self.hand_number, self.dealer = number, dealer
        cards = self._shuffle(f"hand-{number}", make_deck(self.pack_name()))
        self.hands = [[] for _ in range(self.seats)]
        order = [self._next(dealer, k) for k in range(1, len(self.active) + 1)]
        for _ in range(max(cards_for(seat) for seat in order)):
            for seat in order:
                if len(self.hands[seat]) < cards_for(seat):
                    self.hands[seat].append(cards.pop())
        self.turn = self._next(dealer)
        return cards

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

    def _end_hand(self, tally, lines, ended=None, notes=None):
        """Each player loses the tokens ``tally`` (a ``table.Tally``) scored them, item by item;
        ``ended`` says what ended it and ``lines`` the rest, to which the players going out are
        added; ``notes`` (seat: words) are what the end says beside a player's cards shown. Deals
        the next hand, or ends the game when one player at most is left. Returns the hand's lines,
        ``ended`` first, as the hand's record keeps them."""
        names = self.player_names()
        lost = tally.points
        self.lost = tuple(a + b for a, b in zip(self.lost, lost))
        out = [s for s in self.active if self.tokens(s) <= 0]
        lines = [*lines, *(f"{names[s]} has no token left and is out" for s in out)]
        self.hand_end = (self.hand_number, tuple(lines), tuple((s, tuple(self.hands[s])) for s in self.active),
                         ended, dict(notes or {}))
        self.hand_tally = tally.breakdown(names)
        lines = [ended, *lines] if ended else lines
        self.hand_results += ((self.hand_number, lost, tuple(lines)),)
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

    # ---- what each seat sees --------------------------------------------------------------------

    def hidden_from(self, seat):
        """The stub, and every hand but the seat's own."""
        hidden = set(self.stub)
        if seat != ALL:
            hidden |= {c for s, hand in enumerate(self.hands) if s != seat for c in hand}
        return hidden

    def _tokens_table(self, seat, own):
        """The view's table: the hand, the dealer, the players still in and their hands (the seat's
        own cards, the others' counted), the game's ``own`` part, the tokens, each hand's losers."""
        return {
            "hand_number": self.hand_number, "dealer": self.dealer, "active": list(self.active),
            "hands": [[c.text for c in hand] if seat in (s, ALL) else len(hand) for s, hand in enumerate(self.hands)],
            **own,
            "tokens": [self.tokens(s) for s in range(self.seats)], "over": self.over,
            "hands_played": [{"number": n, self.LOST_WORD: list(p)} for n, p, _ in self.hand_results],
        }

    def _hand_note(self, seat, s):
        """What ``seat`` is told beside player ``s``'s hand, after the tokens it holds."""
        return ""

    def _said(self, seat):
        return self.said

    def _tokens_description(self, seat, facts, middle=()):
        """The table described: each hand, with its tokens; the game's ``middle`` zones; the stub;
        the headline of the hand and the game's ``facts``; the tokens lost hand by hand."""
        names = self.player_names()
        zones = []
        for s, hand in enumerate(self.hands):
            seen = seat in (s, ALL)
            note = plural(self.tokens(s), "token") + ("" if s in self.active else ", out") + self._hand_note(seat, s)
            zones.append(zone(f"hand-{s}", f"{names[s]}'s hand", (c.text if seen else "??" for c in hand),
                              kind="hand", layout="fan", owner=s, backs="hidden", note=note, source=False))
        zones += middle
        zones.append(zone("stub", "Set aside", ["??"] * len(self.stub), kind="set-aside", layout="squared",
                          group="middle"))
        return {
            "headline": headline(f"Hand {self.hand_number}", *facts),
            "zones": zones,
            "dealer": self.dealer,
            "score": self._token_sheet(names),
            "last": self.said,
            "result": self._result(),
            "interlude": self._interlude(),
        }

    def _token_sheet(self, names):
        """The score sheet: a row per hand of the tokens lost in it, then the totals."""
        lost_word = self.LOST_WORD
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
        number, lines, shown, why, notes = ended
        names = self.player_names()
        # A note goes in the label, which the renderers draw with the zone wherever it lies.
        zones = [zone(f"end-hand-{s}", self._shown_name(s, cards) + (f" ({notes[s]})" if s in notes else ""), cards,
                      kind="hand", owner=s, source=False) for s, cards in shown]
        totals = [f"{names[s]}: {plural(self.tokens(s), 'token')} left" for s in range(self.seats)]
        # The items count tokens lost: "+1 lost token" beside the worst hand reads as it is meant.
        return hand_end(f"End of hand {number}", lines, zones=zones, totals=totals, ended=why, state=self,
                        unit=f"{self.LOST_WORD} tokens")
