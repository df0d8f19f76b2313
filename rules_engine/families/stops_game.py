"""A game of stops hands played for chips, dealt round the table.

Play or Pay, Spinado and Pope Joan share this shape: ante, deal, play
sequences (:class:`~.stops.StopsPlay`) until a player is out of cards, settle
the hand in chips (``ChipsLedger``, rules_engine/families/ledger.py), pass
the deal to the left. A game subclasses
:class:`StopsGame` and writes only what is its own:

- ``POOLS``: the pools on the table, in the board's order (what is left in
  them carries over to the next hand);
- ``_deal_hand()``: the ante and the deal (``self.play``);
- ``_starts()``: the cards that may start a sequence (any card by default);
- ``_after_card(seat, card, before)``: what a card played costs or wins,
  as sentences (payments for passing, a pool collected);
- ``_settle(winner)``: the end of the hand, as sentences;

every chip that changes hands goes with its reason (``why``: a label, a rule, the cards behind
it), so that the hand's end shows each player's row item by item (``Ledger._hand_tally``);
- special moves, if any: ``_extra_legal()``, ``_extra_play(move)``,
  ``_extra_why_not(move)`` and ``_extra_candidates()``.

The game ends once every player has dealt ``deals`` times (an option), or
earlier at the end of a hand after which a player has no chips left
(``end.game``). The base keeps the dealer's rotation, the chips, what each
seat sees, the table for the renderers and the score sheet.
:class:`StopsPointsGame` is the same for a game scored in points on paper,
to a target (Comet).
"""

from ..cards import make_deck
from ..game import ALL, Option, Scores, State
from ..scoring import ScoreRule
from ..table import hand_end, headline, score_sheet, zone
from .ledger import ChipsLedger, PointsLedger
from .stops import sequence_zone
from .tricks import left_of


def stops_options(chips_default, chips_choices, deals_default=1):
    """The options every stops game for chips has: the chips each player starts with and the deals."""
    return (
        Option("chips", chips_default, tuple(chips_choices), "chips each player starts with"),
        Option("deals", deals_default, (1, 2, 3, 5), "times each player deals; the game may end sooner "
               "when a player runs out of chips"),
    )


def stops_sheet(pools, pool_rule):
    """The score sheet of a stops game for chips: a row a hand, every chip won or lost passing
    to or from ``pools`` (one column, named after the pool if there is one), the game's end as
    ``StopsGame._game_ends`` has it, and the most chips winning, shared when equal."""
    return ScoreRule(wins="high", rule="scoring.hand", end_rule="interpretation.end", unit="chips",
                     start_option="chips", deals_option="deals", out_ends=True,
                     pool=pools[0] if len(pools) == 1 else "Pools", pool_rule=pool_rule)


class StopsGame(ChipsLedger, State):
    DEAD_HAND_LABEL = "Dead hand"
    UNIT = "chips"
    # Whoever holds the next card of a sequence plays it, and the others learn who when it is
    # played; False where the turn goes round and each player passed over says so (Play or Pay).
    HOLDER_PLAYS_UNSEEN = True

    # ---- setup ------------------------------------------------------------------------------

    def _setup(self):
        self._issue()
        self.hand_results = ()   # (hand number, chips or points won or lost per seat, lines), one per hand
        self.over = False
        self.said = None
        self.last_winner = None   # of the hand before, for games whose ante depends on it
        self._start_hand(1, self._first_dealer())

    def _first_dealer(self):
        return 0

    @property
    def hands_in_game(self):
        return self.seats * self.options["deals"]

    def move_bound(self):
        """``hands_in_game`` hands (the most there can be) of at most ``_hand_moves()`` moves."""
        return self.hands_in_game * self._hand_moves()

    def _hand_moves(self):
        """The most moves a hand takes: a move a card dealt to the players, unless the game
        has moves that play no card."""
        return sum(len(hand) for hand in self.play.hands) + len(self.play.played)

    def _start_hand(self, number, dealer):
        self.hand_number = number
        self.dealer = dealer
        self.totals_at_deal = self._totals()
        self.hand_items = ()   # what made each player's row so far (Ledger._item)
        self._deal_hand()

    def _pack(self):
        return make_deck(self.spec.deck_for(self.seats))

    def _deal_round(self, cards, piles):
        """``cards`` dealt one at a time into ``piles`` piles, as far as they go: the
        seats from the dealer's left round to the dealer, then (with one pile more
        than seats) the dead hand, last in each round as the texts deal it."""
        hands = [[] for _ in range(piles)]
        for i, card in enumerate(cards):
            turn = i % piles
            hands[self.seats if turn == self.seats else left_of(self.dealer, self.seats, turn + 1)].append(card)
        return hands

    # ---- moves -------------------------------------------------------------------------------

    @property
    def to_act(self):
        return None if self.over else self.play.to_act

    def _public_turn(self):
        if self.over:
            return None
        if self.HOLDER_PLAYS_UNSEEN and self.play.sequence:
            return None
        return self.play.to_act

    def _waiting(self):
        return f"the holder of the {self.play.next_card().symbol}"

    def _legal(self):
        cards = self.play.playable(self._starts() if not self.play.sequence else ())
        return [self.forms["play"].make(card) for card in cards] + self._extra_legal()

    def _starts(self):
        return list(self.play.hands[self.play.to_act])

    def _why_not(self, move):
        if move.kind != "play":
            return self._extra_why_not(move)
        return self.play.why_not(move.card) or self._why_not_start(move.card)

    def _why_not_start(self, card):
        return (f"the {card.symbol} may not start a sequence", "play.start")

    def _play(self, move):
        seat = self.to_act
        players = self.player_names()
        lines = self._extra_play(move) if move.kind != "play" else self._play_card(seat, move.card)
        if not self.play.hands[seat]:
            lines.append(f"{players[seat]} is out of cards")
            lines += self._end_hand(seat)
        self.said = "; ".join(lines) + "."

    def _play_card(self, seat, card, settle=True):
        """``seat`` plays ``card`` to the sequence, or to start one: what it cost or won, in
        sentences (``settle=False``: another card goes down with it, see ``StopsPlay.play``)."""
        before = self.play
        self.play = before.play(card, seat, settle)
        lines = [f"{self.player_names()[seat]} plays the {card.symbol}"]
        lines += self._after_card(seat, card, before)
        if settle and self.play.stopped and self.play.hands[seat]:
            lines.append(self._stop_sentence(seat, card))
        return lines

    def _after_card(self, seat, card, before):
        return []

    def _stop_sentence(self, seat, card):
        return f"that stops the sequence, and {self.player_names()[seat]} starts the next"

    def _end_hand(self, winner):
        lines = self._settle(winner)
        won = tuple(after - before for after, before in zip(self._totals(), self.totals_at_deal))
        self.hand_end = (self.hand_number, self.play, tuple(lines), self.player_names()[winner])
        self.hand_tally = self._hand_tally().breakdown(self.player_names())
        self.hand_results = self.hand_results + ((self.hand_number, won, tuple(lines)),)
        self.last_winner = winner
        if self._game_ends():
            self.over = True
            return lines
        self._start_hand(self.hand_number + 1, left_of(self.dealer, self.seats))
        return lines

    def candidate_moves(self):
        return [self.forms["play"].make(card) for card in self._pack()] + self._extra_candidates()

    # Special moves: a game with none keeps these.
    def _extra_legal(self):
        return []

    def _extra_why_not(self, move):
        return (f"{move.text!r} is not a move of this game now", "play.turn")

    def _extra_play(self, move):
        raise AssertionError(move)

    def _extra_candidates(self):
        return []

    # ---- the game's end, by the ledger (rules_engine/families/ledger.py) -------------------------

    def _game_ends(self):
        broke = [s for s, chips in enumerate(self.chips.held) if chips <= 0]
        return self.hand_number >= self.hands_in_game or bool(broke)

    def _target(self):
        deals = self.options["deals"]
        return (f"{self.hands_in_game} hands ({deals} deal{'s' if deals > 1 else ''} each), "
                f"or until a player runs out of chips; the most chips wins")

    @property
    def scores(self):
        hand = (self.hand_results[-1][1] if self.over else
                tuple(a - b for a, b in zip(self._totals(), self.totals_at_deal)))
        return Scores(tuple(hand), self._game_scores())

    # ---- what each seat sees ---------------------------------------------------------------------

    def _visible(self, seat):
        return lambda s: seat == ALL or s == seat

    def _table(self, seat):
        return {
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "play": self.play.to_json(seat, self._visible(seat)),
            **self._ledger_view(),
            "hands": [{"number": n, "won": list(won), "lines": list(lines)} for n, won, lines in self.hand_results],
            "over": self.over,
            **self._view_extra(seat),
        }

    def _view_extra(self, seat):
        return {}

    def _cards_in_play(self):
        return self.play.cards()

    def hidden_from(self, seat):
        hidden = set(self.play.dead)
        if seat != ALL:
            hidden |= {c for s, hand in enumerate(self.play.hands) if s != seat for c in hand}
        return hidden

    # ---- the table, described for the renderers ---------------------------------------------

    def _said(self, seat):
        return self.said

    def _describe(self, seat):
        players = self.player_names()
        return {
            "headline": headline(f"Hand {self.hand_number}" + (f" of {self.hands_in_game}" if self.hands_in_game else ""),
                                 f"Dealer: {players[self.dealer]}",
                                 *self._facts(players)),
            "zones": self._zones(seat, players),
            "dealer": self.dealer,
            "score": self._score_sheet(),
            "last": self.said,
            "result": self._result_sentence(),
            "interlude": self._interlude(players),
        }

    def _facts(self, players):
        play = self.play
        if self.over:
            return []
        if not play.sequence:
            return [f"{players[play.starter]} starts a sequence"]
        return [f"Next: the {play.next_card().symbol}"]

    def _zones(self, seat, players):
        play, visible = self.play, self._visible(seat)
        zones = [zone(f"hand-{s}", f"{players[s]}'s hand", (c.text if visible(s) else "??" for c in hand),
                      kind="hand", layout="fan", owner=s, backs="hidden", note=self._amount_word(self._totals()[s]))
                 for s, hand in enumerate(play.hands)]
        zones.append(sequence_zone(play, players))
        shown = len(play.sequence or play.closed)
        earlier = [c for _, c in play.played[: len(play.played) - shown]]
        zones.append(zone("played", "Played before", earlier, kind="discard", layout="squared", group="play"))
        if play.dead:
            zones.append(zone("dead", self.DEAD_HAND_LABEL, ["??"] * len(play.dead), kind="set-aside",
                              layout="squared", group="play"))
        zones += self._pool_zones()
        return zones + self._zones_aside(seat)

    def _zones_aside(self, seat):
        return []

    def _score_sheet(self):
        rows = [(f"Hand {n}", list(won)) for n, won, _ in self.hand_results]
        return score_sheet(self.player_names(), rows, [(self.TOTALS_LABEL, list(self._totals()))],
                           caption=self.SHEET_CAPTION, target=self._target())

    def _interlude(self, players):
        ended = self.__dict__.get("hand_end")
        if not ended:
            return None
        number, play, lines, winner = ended
        return hand_end(f"End of hand {number}", lines, zones=[sequence_zone(play, players, ended=True)],
                        totals=self._standings(self.hand_results[-1][1]), ended=f"{winner} is out of cards",
                        state=self, unit=self.UNIT)


class StopsPointsGame(PointsLedger, StopsGame):
    """A stops game scored in points on paper rather than played for chips
    (Comet): ``TARGET`` points end the game, after the hand that reaches them;
    ``_settle(winner)`` scores the hand with ``_score(points)``."""

    TARGET = 100
    UNIT = "points"

    def _game_ends(self):
        return max(self.points) >= self.TARGET

    def _target(self):
        return f"The first to {self.TARGET} points wins"

    @property
    def hands_in_game(self):
        return None
