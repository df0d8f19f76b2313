"""Bartok: Crazy Eights whose rules grow, each hand's winner adding one for the session.

- 52 cards, washed face down: each player takes seven, the flipper (seat 0 first,
  then round to the left) turns the first upcard (``setup.deal``).
- The opening: the first to play a card that follows the upcard opens; the table asks
  the players in turn from the flipper's left, each playing or letting it go; when all
  let it go, the flipper's left plays or draws as on any turn (``play.opening``). Either
  neighbour of the opener may follow, and play goes on that way: the left neighbour is
  asked first, then the right (``play.follow``, ``interpretation.opening``).
- On a turn, a card that matches the upcard in suit or rank, or a draw (``play.match``,
  ``play.draw``); the stock rebuilt from the discards (``play.stock``); "Bartok" said
  with the next-to-last card (``play.bartok``; the ``forgetful`` option, a penalty card).
- After each hand its winner adds a rule from the catalogue (``bartok_rules``), which
  binds the rest of the session (``rules.new``, ``rules.conflict``, ``catalogue.*``).
- With the ``wrong_card`` option an illegal card costs a penalty card instead of being
  refused (``penalty.wrong-card``).
- Each hand won counts one; the session ends after the ``hands`` option's hands, when the
  rules leave a card nothing could follow (``end.no-play``), or when a winner stops
  instead of adding a rule (``end.stop``); most hands won wins (``end.game``).
"""

from ...cards import make_deck
from ...errors import NotationError
from ...families.eights import EightsGame, eights_forms
from ...game import GameSpec, Option
from ...moves import MoveForm, MoveForms
from ...scoring import ScoreRule
from ...table import Tally, headline, plural
from .catalogue import CATALOGUE, KIND_WORDS, RULES, addable, conflict, dead_ends, effect_of, follows, unmet

RULE_FORMS = tuple(MoveForm(f"rule-{rule.id}", f"rule {rule.id}") for rule in CATALOGUE)


class BartokForms(MoveForms):
    """The family's forms and one a catalogue rule: a bad move's message names the rules as one form."""

    def parse(self, text, game_name=""):
        try:
            return super().parse(text, game_name)
        except NotationError as error:
            message = str(error)
            if "expected one of: " not in message:
                raise
            base = "; ".join(form.template for form in self.forms if not form.kind.startswith("rule-"))
            raise NotationError(message.split("expected one of: ")[0] +
                                f"expected one of: {base}; rule <a rule of the catalogue>") from None
CARD_PHASES = ("open", "follow", "play", "again", "draws")


class BartokState(EightsGame):
    spec = GameSpec(
        id="bartok",
        name="Bartok",
        family="crazy eights",
        seats=(2, 6),
        default_seats=4,
        deck="52",
        summary="Crazy Eights that grows: the winner of each hand adds a rule from a catalogue, and the rules "
                "bind the rest of the session, until play runs out of room.",
        options=(
            Option("hands", 6, (3, 4, 5, 6, 8, 10), "hands in the session at most"),
            Option("forgetful", False, (False, True), "a player may forget to say “Bartok”, and draws a penalty card"),
            Option("wrong_card", False, (False, True), "an illegal card is taken back with a penalty card "
                   "instead of being refused"),
        ),
        rules=("setup.deal", "play.opening", "play.follow", "play.match", "play.draw", "play.stock", "play.bartok",
               "play.draws", "play.again", "rules.new", "rules.conflict", "penalty.wrong-card", "end.no-play",
               "end.stop", "interpretation.opening", "interpretation.flipper", "interpretation.catalogue",
               "interpretation.wild", "interpretation.even", "interpretation.first-upcard", "interpretation.no-winner",
               "interpretation.blocked", "interpretation.hand-limit", "interpretation.session",
               "interpretation.wrong-card")
        + tuple(f"catalogue.{rule.id}" for rule in CATALOGUE),
        scoring=ScoreRule(wins="high", rule="scoring.hand", end_rule="end.game", hands_option="hands",
                          ties="share", tie_rule="end.game", cells=(0, 1), row_sum=(0, 1), unit="hands"),
    )
    forms = BartokForms(*eights_forms("Bartok").forms, *RULE_FORMS, MoveForm("stop", "stop"))
    CALL = "Bartok"
    CALL_PENALTY = 1
    HAND_LIMIT = 200       # interpretation.hand-limit: 2% of the bots' hands are longer
    TOTALS = ("Hands won", "hand", "won")
    FIRST_UPCARD = False   # Bartok turns its upcard itself, with no effect (interpretation.first-upcard)

    # ---- setup and the rule between hands ----------------------------------------------------------

    def _setup(self):
        self.in_force, self.chooser, self.ended_by = (), None, None
        self.opened, self.asked = False, ()
        super()._setup()

    def _hand_size(self):
        return 7

    def _points(self, card):
        return 0

    def _most_hands(self):
        return self.options["hands"]

    def _start_hand(self, number, dealer):
        """Before a hand its last winner adds a rule; the pool lies face down meanwhile."""
        if self.chooser is None:
            return self._deal(number, dealer)
        self.hand_number, self.dealer = number, dealer
        self.hand_moves, self.rebuilds, self.passes = 0, 0, 0
        self.direction, self.called, self.pending, self.melee = 1, None, 0, None
        self.stands_for, self.pending_stack, self.melee_asked = None, (), ()
        self.hands = [[] for _ in range(self.seats)]
        self.stock, self.discard, self.up = make_deck("52"), [], None
        self.phase, self.turn, self.opened, self.asked = "rule", self.chooser, False, ()

    def _deal(self, number, dealer):
        super()._start_hand(number, dealer)
        self.discard = [self.stock.pop()]
        self.up = self.discard[-1]
        self.phase, self.opened = "open", False
        self.asked = tuple(self._next(dealer, k) for k in range(1, len(self.active) + 1))
        self.turn = self.asked[0]

    # ---- what may be played --------------------------------------------------------------------------

    def effect(self, card):
        return effect_of(card, self.in_force)

    def matches(self, card):
        return follows(card, self.up, self.in_force)

    def _fits(self, card):
        """Whether ``card`` may be played now, in this phase."""
        if self.phase == "draws":
            return card.rank in self.pending_stack and unmet(card, self.up, self.in_force) is None
        return self.matches(card)

    def _legal(self):
        seat, forms = self.turn, self.forms
        if self.phase == "rule":
            return [forms[f"rule-{r}"].make() for r in addable(self.in_force)] + [forms["stop"].make()]
        cards = list(dict.fromkeys(self.hands[seat]))
        moves = self._plays(seat, [c for c in cards if self._fits(c)])
        if self.options["wrong_card"]:
            moves += [forms["play"].make(c) for c in cards if not self._fits(c)]
        if self.phase == "draws":
            return moves + [forms["draw-all"].make(self.pending)]
        if self.phase in ("open", "follow", "again"):
            return moves + [forms["pass"].make()]
        return moves + [forms["draw"].make() if self._can_draw() else forms["pass"].make()]

    def _why_not(self, move):
        seat, name = self.turn, self.player_names()[self.turn]
        kind = move.kind.split("+")[0]
        if self.phase == "rule":
            if kind.startswith("rule-"):
                rule_id = kind[5:]
                if rule_id in self.in_force:
                    return (f"the rule {rule_id} is already in force", "rules.new")
                clash = next(r for r in self.in_force if conflict(rule_id, r))
                return (f"the rule {rule_id} would contradict {clash}, in force: a rule may not repeal "
                        f"or contradict another", "rules.conflict")
            return (f"{name} won the last hand and adds a rule before the deal (rule club-even), or stops",
                    "rules.new")
        if kind.startswith("rule-") or kind == "stop":
            return ("a rule is added, or the session stopped, only before a hand, by the last hand's winner",
                    "rules.new")
        if kind in ("call", "name", "play-call", "play-as"):
            return ("in Bartok a card is played alone: no card calls a suit or stands for another", "play.match")
        if kind == "play":
            card = move.card
            if card not in self.hands[seat]:
                return (f"{name} does not hold the {card.symbol}", "play.turn")
            if self.phase == "draws" and card.rank not in self.pending_stack:
                return (f"{name} must draw {self.pending} or pass them on with a card that adds to them", "play.draws")
            broken = unmet(card, self.up, self.in_force)
            if broken is not None:
                return (f"after the {self.up.symbol}, the rule {broken.id} asks for {KIND_WORDS[broken.asks]}: "
                        f"the {card.symbol} is not", f"catalogue.{broken.id}")
            if self.phase != "draws" and not self.matches(card):
                return (f"the {card.symbol} matches the upcard, the {self.up.symbol}, neither in suit nor in rank",
                        "play.match")
            if len(self.hands[seat]) == 2 and not move.kind.endswith("+said"):
                return (f"playing your next-to-last card, you say “Bartok”: {move.text} bartok", "play.bartok")
            if move.kind.endswith("+said"):
                return ("“Bartok” is said only by a player left with one card", "play.bartok")
        if self.phase == "draws":
            return (f"{name} must draw {self.pending} or pass them on with a card that adds to them", "play.draws")
        if move.kind == "draw-all":
            return ("there are no draws to take", "play.draw")
        if move.kind == "draw" and self.phase in ("open", "follow"):
            return ("while the first play is open, a player plays or lets it go (pass)", "play.opening")
        if move.kind == "draw" and self.phase == "again":
            return (f"{name} may add a card that follows the jack, or pass", "play.again")
        if move.kind == "draw":
            return ("the stock and the discards under the upcard are empty: there is nothing to draw", "play.draw")
        if move.kind == "pass":
            return ("a player who will not play draws a card; one may pass only when nothing is left to draw",
                    "play.draw")
        return (f"{move.text!r} is not a move now", "play.turn")

    def candidate_moves(self):
        moves = super().candidate_moves()
        return moves + [self.forms[f"rule-{r.id}"].make() for r in CATALOGUE[:4]] + [self.forms["stop"].make()]

    # ---- moves ---------------------------------------------------------------------------------------------

    def _play(self, move):
        seat, name = self.turn, self.player_names()[self.turn]
        if move.kind.startswith("rule-") or move.kind == "stop":
            self.said = self._rule_move(move, name) + "."
            return
        if move.kind.startswith("play") and not self._fits(move.card):
            self.hand_moves += 1
            got = self._draw(seat, 1)
            lines = [f"{name} tries the {move.card.symbol}, which may not be played: a penalty of "
                     f"{plural(got, 'card')}, and {name} plays on"]
            return self._after_own(lines)
        if self.phase in ("open", "follow") and move.kind == "pass":
            self.hand_moves += 1
            return self._after_own(self._let_go(seat, name))
        if self.phase == "follow":
            self.direction = 1 if seat == self._next(self.discard_seat) else -1   # asked while play went left
            self.phase = "play"
        super()._play(move)

    def _after_own(self, lines):
        if not self.over and self.hand_moves >= self.HAND_LIMIT:
            lines.append(f"the hand has lasted {self.HAND_LIMIT} moves and ends with nobody out")
            lines += self._end_hand(None)
        self.said = "; ".join(lines) + "."

    def _let_go(self, seat, name):
        """A pass while the first play or its follower is awaited."""
        self.asked = self.asked[1:]
        if self.asked:
            self.turn = self.asked[0]
            return [f"{name} lets it go"]
        self.direction, self.phase = 1, "play"
        if self.opened:   # neither neighbour followed: play goes on to the left
            self.turn = self._next(self.discard_seat)
            return [f"{name} lets it go: neither neighbour follows, and play goes on to the left"]
        self.turn = self._next(self.dealer)
        return [f"{name} lets it go: nobody opened, and each player in turn now plays or draws, to the left"]

    def _after_card(self, seat, card, first=False):
        if self.opened:
            return super()._after_card(seat, card, first)
        self.opened, self.discard_seat = True, seat
        effect = self.effect(card)
        moves_turn = effect.skip or effect.draw or effect.reverse or effect.again
        left, right = self._next(seat, 1), self._next(seat, -1)
        if moves_turn or left == right:
            self.direction = 1
            return super()._after_card(seat, card, first)
        self.phase, self.asked, self.turn = "follow", (left, right), left
        players = self.player_names()
        return [f"the hand is open: {players[left]} or {players[right]} may follow"]

    def _rule_move(self, move, name):
        if move.kind == "stop":
            self.over, self.ended_by = True, "stop"
            return f"{name} stops the session instead of adding a rule"
        rule = RULES[move.kind[5:]]
        self.in_force = self.in_force + (rule.id,)
        self.chooser = None
        line = f"{name} adds the rule {rule.id}: {rule.text[0].lower()}{rule.text[1:-1]}"
        stuck = dead_ends(self.in_force)
        if stuck:
            self.over, self.ended_by = True, "no-play"
            return (f"{line}; no card could ever follow the {stuck[0].symbol} now, so the rules allow no "
                    f"further play and the session ends")
        self._deal(self.hand_number, self.dealer)
        return line

    # ---- the hand's end and the session's -------------------------------------------------------------

    def _hands_counted(self, won):
        return ()   # a hand won is a point: no hand is counted

    def _end_hand(self, winner):
        players = self.player_names()
        tally = Tally(self.seats)
        if winner is not None:
            tally.add(winner, "Out of cards first", 1, "scoring.hand")
        lines = [f"{players[winner]} is out of cards and wins the hand"] if winner is not None else []
        self._record_hand(tally.points, lines, tally.breakdown(players))
        if self.hand_number >= self.options["hands"]:
            self.over, self.ended_by = True, "hands"
            return lines + [f"that was the session's last hand, the {self.hand_number}th"
                            if self.hand_number > 3 else "that was the session's last hand"]
        self.chooser = winner if winner is not None and addable(self.in_force) else None
        if winner is not None and self.chooser is None:
            lines.append("every rule left contradicts one in force: no rule is added")
        self._deal_next_hand()
        return lines

    @property
    def winners(self):
        """Most hands won; equal counts share the win (``end.game``)."""
        return self._sharing_best(max)

    def move_bound(self):
        """``hands`` hands of at most ``HAND_LIMIT`` moves, each after one rule added."""
        return self.options["hands"] * (self.HAND_LIMIT + 1)

    # ---- the table -------------------------------------------------------------------------------------

    def _table(self, seat):
        table = super()._table(seat)
        table.update(rules=list(self.in_force), asked=list(self.asked), opened=self.opened,
                     ended_by=self.ended_by)
        return table

    def _describe(self, seat):
        described = super()._describe(seat)
        players = self.player_names()
        for z in described["zones"]:
            if z["id"].startswith("hand-"):
                s = int(z["id"][5:])
                z["note"] = plural(self.points[s], "hand") + " won"
        facts = [f"Flipper: {players[self.dealer]}"]
        if self.phase == "rule" and not self.over:
            facts.append(f"{players[self.turn]} adds a rule from the catalogue (on the game's page) before the deal")
        elif self.phase == "open" and not self.over:
            facts.append("Nobody has played yet: the first to follow the upcard opens")
        elif self.phase == "follow" and not self.over:
            facts.append("Either neighbour of the opener may follow")
        elif self.opened:
            facts.append(f"Play goes {'left' if self.direction == 1 else 'right'}")
        if self.phase == "draws" and not self.over:
            facts.append(f"{players[self.turn]} must draw {self.pending} or pass them on")
        if self.phase == "again" and not self.over:
            facts.append(f"{players[self.turn]} may add a card")
        # Each rule in force in words: the table is where a reader must remember them.
        facts += [f"Rule {r}: {RULES[r].text[0].lower()}{RULES[r].text[1:-1]}" for r in self.in_force] \
            or ["No rule added yet"]
        described["headline"] = headline(f"Hand {self.hand_number} of {self.options['hands']}", *facts)
        return described

    def _target(self):
        return f"{self.options['hands']} hands at most; most hands won wins"

    def _result_sentence(self):
        if not self.over:
            return None
        why = {"hands": f"after {plural(len(self.hand_results), 'hand')}",
               "no-play": "when the rules left no further play", "stop": "when its players stopped"}[self.ended_by]
        names = [self.player_names()[s] for s in self.winners]
        count = plural(self.points[self.winners[0]], "hand")
        if len(names) == 1:
            return f"The session ends {why}: {names[0]} wins, with {count} won."
        return f"The session ends {why}: {' and '.join(names)} share the win, with {count} won each."

    def _click_choice(self, move):
        kind = move.kind
        if self.options["forgetful"] and kind.startswith("play") and len(self.hands[self.turn]) == 2 \
                and self._fits(move.card):   # a wrong card, taken back, leaves nothing to say
            return "say “Bartok”" if kind.endswith("+said") else "say nothing"
        return None

    def _button_words(self, move):
        if move.kind.startswith("rule-"):
            text = RULES[move.kind[len("rule-"):]].text
            return f"Add the rule: {text[0].lower()}{text[1:]}"
        return "Stop the session here" if move.kind == "stop" else None


GAME = BartokState
