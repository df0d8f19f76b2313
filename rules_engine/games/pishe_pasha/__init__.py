"""Pishe Pasha: a competitive patience for two, first out of cards wins.

- The pack is dealt out: 26 cards each, a face-down stock (``setup.deal``). The
  dealer is cut for, or set by the ``dealer`` option (``interpretation.one-deal``).
- The non-dealer turns up their first card; an ace goes to the middle as a
  foundation and the next card is turned, as long as each can be built; the first
  that cannot starts their discard pile (``setup.opening``). The engine does this
  as part of the deal: it holds no choice.
- Foundations, one a suit, are shared and built up from the ace, aces low
  (``play.foundations``). A card that can be built must be built before anything
  else (``play.duty``).
- A turn (``play.turn``): the dealer starts. The player may build or load the top
  card of their own discard pile; they turn the top card of their stock
  (``turn``) and build it, load it onto the other's discard pile one rank above or
  below, suit aside (``play.load``), or put it on their own discard pile, which ends
  the turn (``play.discard``); loading is never compulsory (``interpretation.load-optional``).
  An empty stock is refilled by turning the discard pile over, so that its first
  card comes up first (``play.stock``).
- The first player with no card in stock, discard pile or hand wins (``end.game``).
- The ``stop`` option (``play.stop``): a player may skip a foundation play (at most
  ``MISS_LIMIT`` times a deal), and the other may then call Stop: the card goes to
  its foundation (``stop build``), or the offender's turn ends and the caller plays
  (``stop turn``); or let it pass (``pass``).
"""

from ...cards import ACES_LOW, SUITS, make_deck
from ...families.solitaire import FoundationRule
from ...game import GameSpec, Option, Scores, State
from ...moves import MoveForm, MoveForms
from ...scoring import ScoreRule
from ...table import GameEnd

FORMS = MoveForms(
    MoveForm("build", "build {card}"), MoveForm("load", "load {card}"), MoveForm("discard", "discard {card}"),
    MoveForm("turn", "turn"), MoveForm("stop-build", "stop build"), MoveForm("stop-turn", "stop turn"),
    MoveForm("pass", "pass"),
)
FOUNDATIONS = FoundationRule()
DECK = "52"
MISS_LIMIT = 3   # foundation plays a seat may let pass in a deal with the stop option (interpretation.miss-limit)
CARDS = 52
# play.turn: a turn moves each card its player holds at most once after turning it at most once,
# and ends with one discard: at most 2 * 52 + 1 moves.
TURN_MOVES = 2 * CARDS + 1
# interpretation.no-repetition: the next card a foundation needs lies with one player, who turns it
# up within 2 * 52 of their turns (their stock, then the discard pile turned over) and must build it.
SEGMENT_TURNS = 2 * (2 * CARDS + 1) + 1


def neighbours(card, onto):
    """Whether ``card`` may be loaded onto ``onto``: one rank above or below, suit aside, aces low
    (``play.load``, ``interpretation.no-wrap``).

    >>> from rules_engine.cards import parse_card
    >>> [neighbours(parse_card(c), parse_card("7S")) for c in ("6H", "8C", "7D", "9S")]
    [True, True, False, False]
    >>> neighbours(parse_card("AH"), parse_card("KS")), neighbours(parse_card("2H"), parse_card("AS"))
    (False, True)
    """
    return abs(ACES_LOW.index(card) - ACES_LOW.index(onto)) == 1


def stacked(dealer, other):
    """A deck (texts, in deal order) that puts ``dealer``'s and ``other``'s cards, each given from
    the top of the stock down, on top of the two stocks, the rest of the pack beneath in pack order
    (and under the shorter list, so that each card lands in its stock): for the page's examples and
    the tests.

    >>> deck = stacked(["6H", "8C"], ["AS", "7S"])
    >>> len(deck), deck[-4:]
    (52, ['7S', '8C', 'AS', '6H'])
    """
    named = set(dealer) | set(other)
    spare = iter([c.text for c in make_deck(DECK) if c.text not in named])
    depth = max(len(dealer), len(other))
    dealer = list(dealer) + [next(spare) for _ in range(depth - len(dealer))]
    other = list(other) + [next(spare) for _ in range(depth - len(other))]
    top = [card for pair in zip(dealer, other) for card in pair][::-1]
    return list(spare) + top


class PishePashaState(GameEnd, State):
    spec = GameSpec(
        id="pishe-pasha",
        name="Pishe Pasha",
        family="competitive patience",
        seats=(2, 2),
        deck=DECK,
        summary="Two players turn up their stocks, build shared foundations by suit and load cards onto each "
                "other's discard pile: the first out of cards wins.",
        options=(
            Option("dealer", "cut", ("cut", "seat 0", "seat 1"),
                   "who deals: the lower card of a cut, or a given seat (in a session the deal alternates)"),
            Option("stop", False, (False, True),
                   "a foundation play may be missed, and the other player may call “Stop!”"),
        ),
        rules=("setup.deal", "setup.opening", "play.foundations", "play.duty", "play.load", "play.discard",
               "play.stock", "play.stop", "scoring.winner", "interpretation.one-deal", "interpretation.no-wrap",
               "interpretation.empty-pile", "interpretation.miss-limit", "interpretation.no-repetition"),
        scoring=ScoreRule(wins="high", rule="scoring.winner", end_rule="end.game", per_game=True,
                          cells=(0, 1), row_sum=(1, 1), cites=("interpretation.one-deal",)),
    )
    forms = FORMS

    # ---- setup ------------------------------------------------------------------------------------

    def _setup(self):
        self.dealer = self._choose_dealer()
        cards = self._shuffle("deal", make_deck(DECK))
        self.stocks = [[], []]
        for i, card in enumerate(cards):  # one at a time, the non-dealer first; the last card dealt is the top
            self.stocks[(1 - self.dealer + i) % 2].append(card)
        self.discards, self.turned = [[], []], [None, None]
        self.foundations = [[] for _ in SUITS]
        self.misses, self.missed, self.offender, self.turn_over = [0, 0], (), None, False
        self.winner, self.phase, self.turns = None, "play", 1
        self.opening = self._open()
        names = self.player_names()
        built = [c.symbol for c in self.opening if c not in self.discards[1 - self.dealer]]
        self.said = f"{names[self.dealer]} deals. {names[1 - self.dealer]} turns up "
        if built:
            self.said += f"the {' and the '.join(built)}, which go{'es' * (len(built) == 1)} to the foundations, then "
        self.said += (f"the {self.opening[-1].symbol}, which starts their discard pile."
                      if self.discards[1 - self.dealer] else "their last card.")
        self.turn = self.dealer
        self._check_out(1 - self.dealer)

    def _choose_dealer(self):
        """``interpretation.one-deal``: each cuts a card (seat 0 first); the lower deals, ties cut again."""
        choice, self.cut = self.options["dealer"], None
        if choice != "cut":
            return int(choice[-1])
        cut = self._shuffle("cut", make_deck(DECK))
        for a, b in zip(cut[::2], cut[1::2]):
            if ACES_LOW.index(a) != ACES_LOW.index(b):
                self.cut = (a, b)
                return 0 if ACES_LOW.index(a) < ACES_LOW.index(b) else 1
        raise AssertionError("a pack cannot tie in every pair")  # pragma: no cover

    def _open(self):
        """``setup.opening``: the non-dealer's cards turned and built until one cannot be."""
        seat, shown = 1 - self.dealer, []
        stock = self.stocks[seat]
        while stock:
            card = stock.pop()
            shown.append(card)
            if not self._fits(card):
                self.discards[seat].append(card)
                break
            self.foundations[SUITS.index(card.suit)].append(card)
        return tuple(shown)

    def _copied(self):
        self.stocks = [list(s) for s in self.stocks]
        self.discards = [list(d) for d in self.discards]
        self.turned, self.misses = list(self.turned), list(self.misses)
        self.foundations = [list(f) for f in self.foundations]

    def move_bound(self):
        """Each stretch between two foundation plays or missed ones lasts at most ``SEGMENT_TURNS``
        turns of at most ``TURN_MOVES`` moves (``interpretation.no-repetition``); there are 52 cards
        to build and at most ``MISS_LIMIT`` misses a seat, each with one call."""
        stretches = CARDS + 2 * MISS_LIMIT + 1
        return stretches * SEGMENT_TURNS * TURN_MOVES + 2 * MISS_LIMIT

    # ---- the rules ---------------------------------------------------------------------------------

    @property
    def to_act(self):
        return None if self.winner is not None else self.turn

    def _fits(self, card):
        return FOUNDATIONS.fits(card, self.foundations[SUITS.index(card.suit)])

    def _sources(self, seat):
        """The cards ``seat`` may move: the card it turned, then the top of its discard pile."""
        out = [self.turned[seat]] if self.turned[seat] is not None else []
        return out + self.discards[seat][-1:]

    def _buildable(self, seat):
        return [c for c in self._sources(seat) if self._fits(c)]

    def _duty_binds(self, seat):
        return not self.options["stop"] or self.misses[seat] >= MISS_LIMIT

    def misses_left(self, seat):
        """Foundation plays ``seat`` may still let pass with the stop option (``interpretation.miss-limit``)."""
        return max(MISS_LIMIT - self.misses[seat], 0) if self.options["stop"] else 0

    def _legal(self):
        seat = self.turn
        if self.phase == "stop":
            return ([FORMS["stop-build"].make()] + ([] if self.turn_over else [FORMS["stop-turn"].make()])
                    + [FORMS["pass"].make()])
        builds = [FORMS["build"].make(c) for c in self._buildable(seat)]
        if builds and self._duty_binds(seat):
            return builds
        onto = self.discards[1 - seat][-1:]
        loads = [FORMS["load"].make(c) for c in self._sources(seat) if onto and neighbours(c, onto[0])]
        turned = self.turned[seat]
        if turned is not None:
            return builds + loads + [FORMS["discard"].make(turned)]
        return builds + loads + [FORMS["turn"].make()]

    def _why_not(self, move):
        seat, kind = self.turn, move.kind
        name = self.player_names()[seat]
        if self.phase == "stop":
            if kind == "stop-turn":
                return "the turn is already over: Stop may only send the missed card to its foundation", "play.stop"
            return f"{name} calls “Stop!” or lets the missed foundation play pass", "play.stop"
        if kind in ("stop-build", "stop-turn", "pass"):
            why = "only with the stop option, " if not self.options["stop"] else ""
            return f"“Stop!” is called {why}right after the other player misses a foundation play", "play.stop"
        sources, turned = self._sources(seat), self.turned[seat]
        builds = self._buildable(seat)
        if kind in ("build", "load", "discard") and move.card not in sources:
            return (f"{name} may move only the card just turned and the top of their own discard pile, "
                    f"not the {move.card.symbol}", "play.turn")
        if kind == "turn" and turned is not None:
            return f"the {turned.symbol} is placed before another card is turned", "play.discard"
        if kind == "discard" and move.card is not turned:
            return "only the card just turned goes onto the discard pile", "play.discard"
        if builds and self._duty_binds(seat) and kind != "build":
            cards = " and the ".join(c.symbol for c in builds)
            return f"the {cards} can go to the foundations, and that comes first", "play.duty"
        if kind == "build":
            pile = self.foundations[SUITS.index(move.card.suit)]
            return FOUNDATIONS.why_not(move.card, pile), "play.foundations"
        if kind == "load":
            onto = self.discards[1 - seat][-1:]
            if not onto:
                return "the other player's discard pile is empty: nothing shows to load onto", "interpretation.empty-pile"
            return (f"the {move.card.symbol} is not one rank above or below the {onto[0].symbol} "
                    "(aces low, no turning the corner)", "play.load")
        return "not now", "play.turn"  # pragma: no cover

    def candidate_moves(self):
        if self.is_over:
            return []
        seat = self.turn
        extra = [FORMS[k].make() for k in ("turn", "stop-build", "stop-turn", "pass")]
        cards = self._sources(seat) + self.discards[1 - seat][-1:] + make_deck(DECK)[::9]
        extra += [FORMS[k].make(c) for k in ("build", "load", "discard") for c in cards]
        legal = self.legal_moves()
        return legal + [m for m in dict.fromkeys(extra) if m not in legal]

    # ---- playing a move ------------------------------------------------------------------------------

    def _play(self, move):
        seat, kind = self.turn, move.kind
        names = self.player_names()
        name, other = names[seat], 1 - seat
        if self.phase == "stop":
            self._call(move)
            return
        missed = () if kind == "build" else tuple(self._buildable(seat))
        if kind in ("build", "load"):
            self._take(seat, move.card)
            if kind == "build":
                self.foundations[SUITS.index(move.card.suit)].append(move.card)
                self.said = f"{name} builds the {move.card.symbol}."
            else:
                onto = self.discards[other][-1]
                self.discards[other].append(move.card)
                self.said = f"{name} loads the {move.card.symbol} onto {names[other]}'s {onto.symbol}."
        elif kind == "turn":
            flipped = not self.stocks[seat]
            if flipped:  # play.stock: turned over, not shuffled
                self.stocks[seat] = self.discards[seat][::-1]
                self.discards[seat] = []
            self.turned[seat] = self.stocks[seat].pop()
            self.said = (f"{name} turns the discard pile over and " if flipped else f"{name} ") + \
                f"turns up the {self.turned[seat].symbol}."
        else:
            self.discards[seat].append(move.card)
            self.turned[seat] = None
            self.said = f"{name} puts the {move.card.symbol} on their discard pile; {names[other]} to play."
            self.turn, self.turns = other, self.turns + 1
        if self._check_out(seat):
            return
        if missed:
            self.misses[seat] += 1
            self.said += f" That skips a foundation play ({', '.join(c.symbol for c in missed)})."
            self.phase, self.missed, self.offender = "stop", missed, seat
            self.turn_over, self.turn = kind == "discard", other

    def _take(self, seat, card):
        if self.turned[seat] is card:
            self.turned[seat] = None
        else:
            self.discards[seat].pop()

    def _call(self, move):
        names = self.player_names()
        caller, offender = self.turn, self.offender
        self.phase = "play"
        if move.kind == "pass":
            self.said = f"{names[caller]} lets it pass."
            self.turn = caller if self.turn_over else offender
        elif move.kind == "stop-turn":
            turned = self.turned[offender]
            if turned is not None:
                self.discards[offender].append(turned)
                self.turned[offender] = None
            self.said = f"{names[caller]} calls “Stop!”: {names[offender]}'s turn ends" + \
                (f", the {turned.symbol} on their discard pile." if turned else ".")
            self.turns += 1
        else:
            moved = []
            for card in self.missed:
                if self._fits(card) and self._lift(card):
                    self.foundations[SUITS.index(card.suit)].append(card)
                    moved.append(card.symbol)
            self.said = f"{names[caller]} calls “Stop!”: " + \
                (f"the {' and the '.join(moved)} go{'es' * (len(moved) == 1)} to the foundations." if moved else
                 "the missed card has gone from where it could be taken.")
            self.turn = caller if self.turn_over else offender
            for seat in (offender, caller):
                if self._check_out(seat):
                    return
        self.missed, self.offender, self.turn_over = (), None, False

    def _lift(self, card):
        """Take ``card`` from wherever it lies (its face was seen when it was missed)."""
        for seat in (0, 1):
            if self.turned[seat] is card:
                self.turned[seat] = None
                return True
            for pile in (self.discards[seat], self.stocks[seat]):
                if card in pile:
                    pile.remove(card)
                    return True
        return False

    def _check_out(self, seat):
        """``end.game``: a player with no card left wins at once."""
        if self.stocks[seat] or self.discards[seat] or self.turned[seat] is not None:
            return False
        self.winner = seat
        self.said += f" {self.player_names()[seat]} has no cards left and wins."
        return True

    # ---- what each seat sees -------------------------------------------------------------------------

    @property
    def winners(self):
        return () if self.winner is None else (self.winner,)

    @property
    def scores(self):
        points = tuple(int(s == self.winner) for s in range(2))
        return Scores(points, points)

    def hidden_from(self, seat):
        return {c for stock in self.stocks for c in stock}

    def _cards_in_play(self):
        return ([c for pile in self.stocks + self.discards + self.foundations for c in pile]
                + [c for c in self.turned if c is not None])

    def _table(self, seat):
        return {
            "dealer": self.dealer, "phase": self.phase, "turns": self.turns,
            "stocks": [len(s) for s in self.stocks],
            "discards": [[c.text for c in d] for d in self.discards],
            "turned": [c.text if c is not None else None for c in self.turned],
            "foundations": [[c.text for c in f] for f in self.foundations],
            # The cards missed lie elsewhere on the table, named there: here by their suits alone.
            "missed": [c.suit for c in self.missed], "offender": self.offender, "turn_over": self.turn_over,
            "misses": list(self.misses), "miss_limit": MISS_LIMIT if self.options["stop"] else 0,
            "winner": self.winner,
        }

    def _said(self, seat):
        return self.said

    def _describe(self, seat):
        from .table import describe

        return describe(self, seat)

    def _tally_end(self, tally):
        from .table import tally_end

        tally_end(self, tally)

    def _ended(self):
        return f"{self.player_names()[self.winner]} has played their last card, and the first out of cards wins"

    def _button_words(self, move):
        missed = " and the ".join(c.symbol for c in self.missed)
        return {"stop-build": f"Stop! The {missed} to the foundations",
                "stop-turn": f"Stop! {self.player_names()[self.offender]}'s turn ends" if self.offender is not None else None,
                "pass": "Let it pass", "turn": "Turn up a card"}.get(move.kind)

    def _click_target(self, move, table):
        if move.kind == "build":
            return f"foundation-{move.card.suit}"
        if move.kind == "load":
            return f"discard-{1 - self.turn}"
        if move.kind == "discard":
            return f"discard-{self.turn}"
        return None


GAME = PishePashaState
