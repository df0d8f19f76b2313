"""A game of hands of trick play, dealt round the table until someone has won.

Kaiser, Scotch Whist, Malilla and Couillon share this shape: deal, perhaps
settle trumps or a contract, play the tricks, score the hand, pass the deal
to the left, and stop when a side or a player has won. A game subclasses
:class:`TrickGame` and writes only what is its own:

- ``SIDES = 2`` for partnerships (partners sit opposite; one pile of tricks
  and one score per side), or None when each plays alone;
- ``_deal_hand()``: deal ``self.play`` (a :class:`TrickPlay`) and set
  ``self.phase`` (``"play"``, or a phase of its own before the play);
- for phases of its own: ``_call_legal()``, ``_call_why_not(move)``,
  ``_call_play(move)`` and ``_call_to_act()``;
- ``_score_hand()``: the hand's points per scorer item by item (a
  ``table.Tally``, ``self.tally()``) and lines saying why, as ``(tally,
  lines)``; ``_game_winner()``: the winning scorer once the game is over, or
  None to deal again; a deal that scores at once (Malilla's turned card) adds
  its item to ``self.closing_tally``, the hand just ended, or at the first deal
  sets ``self.carried`` to the items the first hand's end shows;
- ``_most_hands()``: the most hands the game can last (``State.move_bound``),
  and ``CALLS``, the most moves of a hand before its cards are played; a game
  whose hands can leave its end no nearer (a tied hand) sets ``LAST_HAND``, the
  hand after which it ends whatever the scores: the higher wins, level is a draw.

The base keeps the dealer's rotation, the scores carried from hand to hand,
what each seat sees, the table for the renderers and the score sheet.
"""

from ..cards import make_deck
from ..game import Scores, State
from ..table import Tally, hand_end, headline, plain, score_sheet
from .tricks import last_trick_zone, left_of, seeing_own_hand, strain_name, trick_sentence, trick_zones


DRAW = "draw"   # the winner of a game that ends with the scores level


class TrickGame(State):
    SIDES = None
    LAST_HAND = None     # the hand after which the game ends at the latest (a note on its page)
    TARGET = ""          # the game's end in words, for the score sheet
    UNIT = "points"      # what the game's scores count, as a hand's end names it
    CALLS = 0            # the most moves of a hand before its first card: bids, trumps

    # ---- setup ------------------------------------------------------------------------------

    def _setup(self):
        self.game_scores = (0,) * self.scorers
        self.hand_results = ()   # (hand number, points per scorer, lines), one per hand played
        self.winner = None
        self._start_hand(1, self._first_dealer())

    def _first_dealer(self):
        """Seat 0 deals first unless the game says otherwise."""
        return 0

    def _start_hand(self, number, dealer):
        self.hand_number = number
        self.dealer = dealer
        self._deal_hand()

    def _pack(self):
        return make_deck(self.spec.deck_for(self.seats))

    def _deal_round(self, cards, per_seat=None):
        """``cards`` dealt one at a time from the dealer's left, ``per_seat`` each (all by default)."""
        per_seat = per_seat or len(cards) // self.seats
        hands = [[] for _ in range(self.seats)]
        for i, card in enumerate(cards[: per_seat * self.seats]):
            hands[left_of(self.dealer, self.seats, i % self.seats + 1)].append(card)
        return hands

    # ---- who scores --------------------------------------------------------------------------

    @property
    def scorers(self):
        return self.SIDES or self.seats

    def scorer_of(self, seat):
        return seat % self.SIDES if self.SIDES else seat

    def scorer_names(self):
        players = self.player_names()
        if not self.SIDES:
            return players
        return tuple(" and ".join(players[s] for s in range(side, self.seats, self.SIDES))
                     for side in range(self.SIDES))

    # ---- moves -------------------------------------------------------------------------------

    @property
    def to_act(self):
        if self.winner is not None:
            return None
        if self.phase == "play":
            return self.play.to_act
        return self._call_to_act()

    def _legal(self):
        if self.phase == "play":
            return [self.forms["play"].make(card) for card in self.play.legal_cards()]
        return self._call_legal()

    def _why_not(self, move):
        if self.phase == "play":
            if move.kind != "play":
                return (f"this is the time to play a card to the trick, not {move.text!r}", "play.turn")
            return self.play.why_not(move.card)
        return self._call_why_not(move)

    def _play(self, move):
        if self.phase != "play":
            self._call_play(move)
            return
        self.play = self.play.play(move.card)
        if self.play.is_over:
            self._end_hand()

    def tally(self):
        """An empty ``table.Tally`` of this game's scorers, for ``_score_hand`` to fill."""
        return Tally(self.scorers)

    def scorer_seats(self, scorer):
        """The seats of a scorer: a player, or a side's partners."""
        return [s for s in range(self.seats) if self.scorer_of(s) == scorer]

    def _end_hand(self):
        tally, lines = self._score_hand()
        points = tally.points
        # Points scored since the last hand's end, as this hand was dealt (Malilla's turned card at the
        # first deal): already in the game's scores, and shown among this hand's items.
        for item in self.__dict__.get("carried", ()):
            tally.add(*item)
        self.carried = ()
        # Kept for one move, so the table can show the hand's last trick and result before the next deal.
        self.hand_end = (self.hand_number, self.play, lines)
        self.hand_results = self.hand_results + ((self.hand_number, tuple(points), tuple(lines)),)
        self.game_scores = tuple(a + b for a, b in zip(self.game_scores, points))
        self.winner = self._game_winner()
        if self.winner is None and self._at_last_hand():
            best = max(self.game_scores)
            leaders = [scorer for scorer, score in enumerate(self.game_scores) if score == best]
            self.winner = leaders[0] if len(leaders) == 1 else DRAW
        if self.winner is None:
            # The next deal may score at once (Malilla's turned card): it adds to this hand's items.
            self.closing_tally = tally
            self._start_hand(self.hand_number + 1, left_of(self.dealer, self.seats))
            del self.closing_tally
        self.hand_tally = tally.breakdown(self.scorer_names(), self.scorer_seats)

    def _at_last_hand(self):
        return self.LAST_HAND is not None and self.hand_number >= self.LAST_HAND

    def candidate_moves(self):
        return [self.forms["play"].make(card) for card in self._pack()] + self._call_candidates()

    # ---- the game's length ---------------------------------------------------------------------

    def move_bound(self):
        """``_most_hands()`` hands of at most ``_hand_moves()`` moves each (see ``State.move_bound``)."""
        return self._most_hands() * self._hand_moves()

    def _hand_moves(self):
        """A card each dealt to the players, and the calls before them."""
        return len(list(self.play.cards())) + self.CALLS

    def _most_hands(self):
        """``LAST_HAND``, for a game that sets it; a game whose every hand brings its end nearer
        works out how many it can last."""
        if self.LAST_HAND is None:
            raise NotImplementedError
        return self.LAST_HAND

    # Phases before the play: a game with none keeps these.
    def _call_to_act(self):
        raise AssertionError(f"no phase {self.phase!r}")

    def _call_legal(self):
        raise AssertionError(f"no phase {self.phase!r}")

    def _call_why_not(self, move):
        raise AssertionError(f"no phase {self.phase!r}")

    def _call_play(self, move):
        raise AssertionError(f"no phase {self.phase!r}")

    def _call_candidates(self):
        return []

    # ---- scores ------------------------------------------------------------------------------

    @property
    def scores(self):
        hand = self.hand_results[-1][1] if self.winner is not None else self._points_so_far()
        return Scores(self._per_seat(hand), self._per_seat(self.game_scores))

    def _per_seat(self, values):
        return tuple(values[self.scorer_of(seat)] for seat in range(self.seats))

    def _points_so_far(self):
        """What the hand has scored so far, per scorer: nothing until it is scored."""
        return (0,) * self.scorers

    @property
    def winners(self):
        """The seats that won the game (both partners of a side), once it is over."""
        if self.winner is None:
            return ()
        return tuple(seat for seat in range(self.seats) if self.scorer_of(seat) == self.winner)

    # ---- what each seat sees -----------------------------------------------------------------

    def _table(self, seat):
        return {
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "phase": self.phase,
            "sides": self.SIDES,
            "trump": self.play.trump,
            "play": self.play.to_json(seat, self._sees_hand(seat)),
            "game_scores": list(self.game_scores),
            "hands": [{"number": n, "points": list(points), "lines": list(lines)}
                      for n, points, lines in self.hand_results],
            "winner": self.winner,
            **self._view_extra(seat),
        }

    def _view_extra(self, seat):
        """The game's own part of the view (a contract, an upcard), JSON-ready."""
        return {}

    def _cards_in_play(self):
        return list(self.play.cards()) + list(self._cards_aside())

    def _cards_aside(self):
        """Cards dealt to no hand (a stub, a turned-up card)."""
        return ()

    def _sees_hand(self, seat):
        """Whose hands ``seat`` sees: ``f(s)`` is True for each hand shown to it; its own, as usual
        (a game of open hands says otherwise, and its ``hidden_from`` agrees)."""
        return seeing_own_hand(seat)

    def hidden_from(self, seat):
        sees = self._sees_hand(seat)
        return ({card for s in range(self.seats) if not sees(s) for card in self.play.in_hand(s)}
                | set(self.play.face_down()) | set(self._hidden_aside(seat)))

    def _hidden_aside(self, seat):
        return ()

    # ---- the table, described for the renderers ---------------------------------------------

    def _said(self, seat):
        return self._last_sentence(self.player_names())

    CALL_PARTS = {"bid": "Bidding", "trumps": "Trumps"}  # the log's names of the phases before the play

    def _log_place(self):
        if self.phase == "play":
            return self.hand_number, f"Trick {len(self.play.tricks) + 1}"
        return self.hand_number, self.CALL_PARTS.get(self.phase, self.phase.capitalize())

    def _describe(self, seat):
        players = self.player_names()
        zones = trick_zones(self.play, seat, players, self._won_notes(), self.SIDES,
                            self.scorer_names() if self.SIDES else None, visible=self._sees_hand(seat))
        zones += self._zones_aside(seat)
        return {
            "headline": headline(f"Hand {self.hand_number}", f"Dealer: {players[self.dealer]}",
                                 *self._facts(players)),
            "zones": zones,
            "dealer": self.dealer,
            "score": self._score_sheet(),
            "last": self._last_sentence(players),
            "result": self._result_sentence(),
            "interlude": self._interlude(players),
        }

    def _facts(self, players):
        """Lines of the headline after the dealer: trumps, the contract."""
        if self.phase != "play":
            return []
        return [f"Trumps: {strain_name(self.play.trump)}"]

    def _won_notes(self):
        counts = self.play.trick_counts(self.SIDES)
        return [f"{n} trick{'' if n == 1 else 's'}" for n in counts]

    def _zones_aside(self, seat):
        """Zones of the game's own (an upcard, a stub)."""
        return []

    def _score_sheet(self):
        rows = [(f"Hand {n}", points) for n, points, _ in self.hand_results]
        return score_sheet(self.scorer_names(), rows, [("Game", self.game_scores)], target=self.TARGET)

    def _last_sentence(self, players):
        last = self.last_move
        if last is None:
            return None
        text, seat = last
        move = self.parse_move(text)
        if move.kind != "play":
            return self._call_sentence(move, seat, players)
        ended = self.__dict__.get("hand_end")
        return trick_sentence(ended[1] if ended else self.play, players, seat, move.card)

    def _call_sentence(self, move, seat, players):
        return f"{players[seat]}: {move.text}."

    def _result_sentence(self):
        if self.winner is None:
            return None
        return self._last_hand_sentence() or self._winner_sentence()

    def _winner_sentence(self, after=""):
        name = self.scorer_names()[self.winner]
        verb = "win" if self.SIDES else "wins"
        return f"{name} {verb} the game with {plain(self.game_scores[self.winner])}{after}."

    def _last_hand_sentence(self):
        """The result of a game that ended at its ``LAST_HAND`` without its own end, else None."""
        if self.winner is None or not self._at_last_hand() or self._game_winner() is not None:
            return None
        if self.winner == DRAW:
            return (f"After {self.LAST_HAND} hands the scores are level, {plain(self.game_scores[0])} each: "
                    f"a draw.")
        return self._winner_sentence(f", after {self.LAST_HAND} hands")

    def _interlude(self, players):
        ended = self.__dict__.get("hand_end")
        if not ended:
            return None
        number, play, lines = ended
        return hand_end(f"End of hand {number}", lines, zones=self._end_zones(play, players),
                        totals=self._standings(), ended=self._ended_words(play, players), state=self, unit=self.UNIT)

    def _end_zones(self, play, players):
        """The cards a hand's end shows: by default, its last trick."""
        return [last_trick_zone(play, players)]

    def _standings(self):
        """Where each scorer stands after a hand, a line each: by default, the game's scores."""
        names = self.scorer_names()
        return [f"{names[s]}: {plain(self.game_scores[s])} in all" for s in range(self.scorers)]

    def _ended_words(self, play, players):
        """What ended the hand, in words: by default, its last trick."""
        return "every trick of the hand is played"
