"""Salute the King: a reaction game for three or more players; the first out of cards wins.

- The pack (two packs for nine players or more) is dealt out as evenly as it goes, from the
  dealer's left; nobody looks at their cards, each keeps them as a face-down pile
  (``setup.deal``).
- From the dealer's left, in turn, each player turns the top card of their pile face up onto
  the middle (``play.turn``).
- An ace, king, queen or jack calls for its gesture from every player, the turner too: stand,
  salute, bow, applaud (``play.gestures``); with the ``triggers`` option the dealer first picks
  the four ranks (``setup.triggers``). A reaction is a move that names its seat. At the page's
  tables it is a race: any seat still to react may make it at any moment (``_reactions``), the
  host taking them as they arrive (``rhythm``; widgets/timing.js). Played turn by turn (records,
  bots, the command line), the players are asked in turn, from a seat that moves round one
  place with every card turned (``play.reaction``), each making a gesture or letting the beat
  pass. The last to make the gesture takes the middle pile under their own (``play.last``):
  once all but one have made it, that one is last; a player who lets the beat pass is last at
  once (``interpretation.beat``). A wrong gesture takes the pile at once (``play.wrong``); so
  does any player's gesture at a card that calls for none, until the next card is turned
  (``interpretation.false-alarm``).
- A player whose last card is turned and who does not take the pile back is out and wins
  (``end.game``); after ``TURN_LIMIT`` turns the fewest cards win (``interpretation.turn-limit``).
"""

from ...cards import make_deck
from ...game import GameSpec, Scores, State
from ...moves import MoveForm, MoveForms
from ...scoring import ScoreRule
from ...spec import Option
from ...table import GameEnd, headline, plural, score_sheet, tally_first_out, zone

# The gestures in the order of the buttons, each with the rank that calls for it by default.
GESTURES = (("stand", "A", "Stand up"), ("salute", "K", "Salute"), ("bow", "Q", "Bow"), ("applaud", "J", "Applaud"))
VERBS = {"stand": "stands", "salute": "salutes", "bow": "bows", "applaud": "applauds"}
GESTURE_OF = {rank: gesture for gesture, rank, _ in GESTURES}
RANKS = "AKQJT98765432"
RANK_WORDS = {"A": "aces", "K": "kings", "Q": "queens", "J": "jacks", "T": "10s",
              **{r: f"{r}s" for r in "98765432"}}
TURN_LIMIT = 600  # turns after which the fewest cards win (a note on the page)
BEAT_MS = 1200    # the real-time tables' rhythm: a card turned every beat while nobody has to react

FORMS = MoveForms(MoveForm("turn", "turn"), MoveForm("beat", "beat"),
                  *(MoveForm(gesture, f"{{seat}} {VERBS[gesture]}") for gesture, *_ in GESTURES),
                  # the dealer's triggers (option ``triggers``): "stand for 7s"
                  *(MoveForm(f"{gesture}-{rank}", f"{gesture} for {RANK_WORDS[rank]}")
                    for gesture, *_ in GESTURES for rank in RANKS))


def gesture_for(card, triggers=None):
    """The gesture a card calls for (``triggers``: rank → gesture, the standard four unless
    given), or None.

    >>> from rules_engine.cards import parse_cards
    >>> [gesture_for(c) for c in parse_cards("AS KD QH JC TC 2S")]
    ['stand', 'salute', 'bow', 'applaud', None, None]
    >>> [gesture_for(c, {"7": "bow"}) for c in parse_cards("7H QH")]
    ['bow', None]
    """
    return (GESTURE_OF if triggers is None else triggers).get(card.rank)


def deal_sizes(cards, seats):
    """How many cards each seat gets, from the dealer's (seat 0's) left: as even as they go.

    >>> deal_sizes(52, 5), deal_sizes(52, 3)
    ([10, 11, 11, 10, 10], [17, 18, 17])
    """
    sizes = [cards // seats] * seats
    for k in range(cards % seats):
        sizes[(1 + k) % seats] += 1
    return sizes


class SaluteTheKingState(GameEnd, State):
    spec = GameSpec(
        id="salute-the-king",
        name="Salute the King",
        family="reaction",
        seats=(3, 9),
        default_seats=4,
        deck="52",
        deck_by_seats=((9, "104"),),
        summary="Turn cards from face-down piles in rhythm; stand for an ace, salute a king, bow to a "
                "queen, applaud a jack — the last or wrong to react takes the pile, and the first out wins.",
        rules=("setup.deal", "play.turn", "play.gestures", "play.reaction", "play.last", "play.wrong",
               "interpretation.beat", "interpretation.false-alarm", "interpretation.pile",
               "interpretation.out", "interpretation.turn-limit", "interpretation.one-deal", "interpretation.variants",
               "setup.triggers"),
        options=(Option("triggers", "standard", ("standard", "dealer"),
                        "standard: aces and court cards call for the gestures; dealer: the dealer "
                        "picks the four ranks and the gesture of each before the first card"),),
        scoring=ScoreRule(wins="high", rule="scoring.winner", end_rule="end.game", per_game=True,
                          cells=(0, 1), row_sum=(1, None), cites=("interpretation.turn-limit",)),
    )
    forms = FORMS
    rhythm = {"beat_ms": BEAT_MS}

    # ---- setup ----------------------------------------------------------------------------------

    def _setup(self):
        self.dealer = 0
        cards = self._shuffle("deal", make_deck(self.pack_name()))
        self.piles = [[] for _ in range(self.seats)]
        seat = self.dealer
        while cards:  # one at a time from the dealer's left; a pile's top card is its first
            seat = (seat + 1) % self.seats
            self.piles[seat].insert(0, cards.pop())
        self.middle = []
        self.turner = (self.dealer + 1) % self.seats
        self.window = None      # (card, the seats still to react, in the order the engine asks them)
        self.alarm = False      # the top card of the middle called for nothing: a gesture now is false
        self.turns = 0
        self.winners = ()
        self.said = None
        # rank → gesture; with the dealer's triggers, filled by the dealer's first four moves
        self.triggers = dict(GESTURE_OF) if self.options["triggers"] == "standard" else {}

    def _copied(self):
        self.piles = [list(p) for p in self.piles]
        self.middle = list(self.middle)
        self.triggers = dict(self.triggers)

    @property
    def choosing(self):
        """The gesture the dealer is choosing a rank for (``setup.triggers``), or None."""
        return next((g for g, *_ in GESTURES if g not in self.triggers.values()), None)

    def gesture_for(self, card):
        return gesture_for(card, self.triggers)

    def _from_left(self, seat):
        return [(seat + k) % self.seats for k in range(1, self.seats + 1)]

    # ---- moves ----------------------------------------------------------------------------------

    @property
    def to_act(self):
        if self.winners:
            return None
        if self.choosing:
            return self.dealer
        return self.window[1][0] if self.window else self.turner

    def _gestures(self, seats):
        return [FORMS[g].make(s) for s in seats for g, *_ in GESTURES]

    def _legal(self):
        # Turn by turn, only the seat asked acts: its own gestures, or the beat let pass (no seat
        # reacts for another). The others' gestures are theirs to make out of turn (``_reactions``).
        if self.choosing:
            return [FORMS[f"{self.choosing}-{r}"].make() for r in RANKS if r not in self.triggers]
        if self.window:
            return self._gestures(self.window[1][:1]) + [FORMS["beat"].make()]
        moves = [FORMS["turn"].make()]
        if self.alarm:
            moves += self._gestures([self.turner])
        return moves

    def _reactions(self, seat):
        """A seat still to react to a card that calls for a gesture, or any seat at a card that
        calls for none (a false alarm, ``interpretation.false-alarm``), may make one at any moment."""
        if self.window:
            return self._gestures([seat]) if seat in self.window[1] else []
        return self._gestures([seat]) if self.alarm else []

    def _reaction_key(self, move):
        gesture = move.kind
        return next((r for r, g in self.triggers.items() if g == gesture), None)

    def _why_not(self, move):
        names = self.player_names()
        if "-" in move.kind:
            gesture, rank = move.kind.split("-")
            if not self.choosing:
                return "the triggers are chosen only by the dealer, before the first card is turned", "setup.triggers"
            if rank in self.triggers:
                return f"{RANK_WORDS[rank]} already call for “{self.triggers[rank]}”", "setup.triggers"
            return f"the dealer chooses the rank for “{self.choosing}” now", "setup.triggers"
        if self.choosing:
            return (f"the dealer is choosing the four triggers: the rank for “{self.choosing}” comes next",
                    "setup.triggers")
        if move.kind == "turn":
            return (f"a reaction to the {self.window[0].symbol} is open: the next card is turned once it "
                    f"closes", "play.reaction")
        if move.kind == "beat":
            return "no reaction is open: the beat passes only while players are still to react", "interpretation.beat"
        seat = move.args[0]
        if not 0 <= seat < self.seats:
            return f"there is no seat {seat}: seats are 0 to {self.seats - 1}", "play.reaction"
        if self.window and seat not in self.window[1]:
            return f"{names[seat]} has already reacted to the {self.window[0].symbol}", "play.reaction"
        return "no card has been turned since the middle pile was taken: there is nothing to react to", "play.reaction"

    def candidate_moves(self):
        return [FORMS["turn"].make(), FORMS["beat"].make()] + self._gestures(range(self.seats + 1)) + \
            [FORMS[f"{g}-{r}"].make() for g, *_ in GESTURES for r in RANKS]

    def _play(self, move):
        names = self.player_names()
        if move.kind == "turn":
            self._turn()
            return
        if "-" in move.kind:
            gesture, rank = move.kind.split("-")
            self.triggers[rank] = gesture
            self.said = f"{names[self.dealer]} chooses {RANK_WORDS[rank]} for “{gesture}”"
            return
        if move.kind == "beat":
            last = self.window[1][0]
            self.said = f"{names[last]} lets the beat pass without reacting, is last and takes the pile"
            self._take(last)
            return
        seat, gesture = move.args[0], move.kind
        if self.alarm:
            self.said = f"{names[seat]} {VERBS[gesture]} at the {self.middle[-1].symbol}, which calls for nothing, " \
                        f"and takes the pile"
            self._take(seat, turn_passes=False)
            return
        card, pending = self.window
        wanted = self.gesture_for(card)
        if gesture != wanted:
            self.said = f"{names[seat]} {VERBS[gesture]} at the {card.symbol} (it calls for “{wanted}”) " \
                        f"and takes the pile"
            self._take(seat)
            return
        pending = tuple(s for s in pending if s != seat)
        self.said = f"{names[seat]} {VERBS[gesture]}"
        if len(pending) == 1:
            self.said += f"; {names[pending[0]]} is last and takes the pile"
            self._take(pending[0])
        else:
            self.window = (card, pending)

    def _turn(self):
        names, seat = self.player_names(), self.turner
        card = self.piles[seat].pop(0)
        self.middle.append(card)
        self.turns += 1
        gesture = self.gesture_for(card)
        self.said = f"{names[seat]} turns the {card.symbol}" + (f": everyone must {gesture}" if gesture else "")
        if gesture:
            # Every seat reacts; the engine asks them from a seat that moves round one place with
            # every card turned, so that each is asked last (and so is last) in turn.
            pending = self._from_left(seat)
            pending = pending[self.turns % self.seats:] + pending[:self.turns % self.seats]
            self.window = (card, tuple(pending))
            self.alarm = False
            return
        self.alarm = True
        self._next_turn()

    def _take(self, seat, turn_passes=True):
        """``play.last``: the middle pile goes under the taker's pile, face down, in the order it lay
        (``interpretation.pile``); the next turn follows the turner's (after a false alarm the turn
        has passed already, to the player about to turn)."""
        self.piles[seat].extend(self.middle)
        self.middle = []
        self.window, self.alarm = None, False
        if turn_passes:
            self._next_turn()

    def _next_turn(self):
        turner = self.turner
        if self.window:
            return
        if not self.piles[turner]:
            self.winners = (turner,)
            self.said += f". {self.player_names()[turner]} has turned their last card and wins"
            return
        self.turner = (turner + 1) % self.seats
        while not self.piles[self.turner]:   # only the turner ever runs out; kept safe all the same
            self.turner = (self.turner + 1) % self.seats
        if self.turns >= TURN_LIMIT:
            fewest = min(len(p) for p in self.piles)
            self.winners = tuple(s for s in range(self.seats) if len(self.piles[s]) == fewest)
            self.said += f". {TURN_LIMIT} cards have been turned: the fewest cards win"

    @property
    def scores(self):
        points = tuple(int(s in self.winners) for s in range(self.seats))
        return Scores(points, points)

    def move_bound(self):
        """Each turn is followed by at most ``seats - 1`` reactions or one false one, and the game
        ends after ``TURN_LIMIT`` turns."""
        return TURN_LIMIT * (self.seats + 1) + 1

    # ---- what each seat sees --------------------------------------------------------------------

    def hidden_from(self, seat):
        return [c for pile in self.piles for c in pile]   # a list: two packs hold two of each card

    def _cards_in_play(self):
        return [c for pile in self.piles for c in pile] + self.middle

    def _table(self, seat):
        return {
            "dealer": self.dealer, "turner": self.turner, "turns": self.turns, "turn_limit": TURN_LIMIT,
            "piles": [len(p) for p in self.piles], "middle": [c.text for c in self.middle],
            "reaction": ({"gesture": self.gesture_for(self.window[0]),
                          "pending": list(self.window[1])} if self.window else None),
            "alarm": self.alarm, "winners": list(self.winners),
            "triggers": {g: r for r, g in self.triggers.items()},
        }

    def _said(self, seat):
        return self.said and self.said + "."

    def _describe(self, seat):
        names = self.player_names()
        zones = [zone(f"hand-{s}", f"{names[s]}'s pile", ["??"] * len(pile), kind="hand", layout="squared",
                      owner=s, note=plural(len(pile), "card") + (": wins" if s in self.winners else ""),
                      source=False) for s, pile in enumerate(self.piles)]
        zones.append(zone("middle", "Middle", self.middle, kind="discard", layout="squared", group="middle",
                          source=False))
        facts = [f"Turn {self.turns + 1} of {TURN_LIMIT} at most"]
        if self.choosing:
            facts.append(f"{names[self.dealer]} chooses the rank for “{self.choosing}”")
        elif self.window:
            facts.append(f"The {self.window[0].symbol}: {self.gesture_for(self.window[0])}! Still to react: "
                         + ", ".join(names[s] for s in self.window[1]))
        else:
            facts.append(f"{names[self.turner]} turns next")
        if self.options["triggers"] != "standard":
            facts.append("; ".join(f"{RANK_WORDS[r].capitalize()}: {g}" for r, g in self.triggers.items()) or
                         "No triggers chosen yet")
        rows = [("Won", self.scores.game)] if self.winners else []
        return {
            "headline": headline("Salute the King", *facts),
            "zones": zones,
            "dealer": self.dealer,
            "score": score_sheet(names, rows, [("Cards", [len(p) for p in self.piles])],
                                 target="One deal: the first player out of cards wins"),
            "last": self.said and self.said + ".",
            "result": self._result(),
            # The next card is turned on the beat while nobody has to react; ``beat`` counts the cards
            # turned, so that a page plans the bots' reactions to each card once.
            "rhythm": {"beat": self.turns, "live": not (self.choosing or self.winners),
                       "on_beat": None if self.choosing or self.window else "turn",
                       "buttons": [FORMS[g].make(seat) for g, *_ in GESTURES] if isinstance(seat, int) else []},
            "interlude": self._end_interlude(zones),
        }

    def _tally_end(self, tally):
        tally_first_out(tally, [len(pile) for pile in self.piles], self.winners, f"Fewest cards after {TURN_LIMIT} turns")

    def _ended(self):
        if len(self.winners) == 1 and not self.piles[self.winners[0]]:
            return f"{self.player_names()[self.winners[0]]} turned their last card, and the first out of cards wins"
        return f"{TURN_LIMIT} cards have been turned, and the fewest cards win"

    def _result(self):
        if not self.winners:
            return None
        names = [self.player_names()[s] for s in self.winners]
        if len(self.winners) == 1 and not self.piles[self.winners[0]]:
            return f"{names[0]} is out of cards and wins."
        return f"{' and '.join(names)} hold{'s' if len(names) == 1 else ''} the fewest cards after " \
               f"{TURN_LIMIT} turns and win{'s' if len(names) == 1 else ''}."

    def _button_words(self, move):
        if move.kind in VERBS:
            seat, rank = move.args[0], self._reaction_key(move)
            label = next(lab for g, _, lab in GESTURES if g == move.kind)
            return f"{label} ({rank}), {self.player_names()[seat]}" if rank else f"{label}, {self.player_names()[seat]}"
        if "-" in move.kind:
            gesture, rank = move.kind.split("-")
            return f"{RANK_WORDS[rank].capitalize()} for “{gesture}”"
        if move.kind == "beat":
            return "Let the beat pass"
        if move.kind == "turn":
            return "Turn a card"
        return None


GAME = SaluteTheKingState
