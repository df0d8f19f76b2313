"""Stop the Bus (Bastard): a commerce game of three-card Brag hands, played for tokens.

- Each player starts with the same number of tokens (the ``tokens`` option). Each hand the
  dealer deals three cards to each player still in and three face up to the middle; the rest
  of the pack is set aside unseen (``setup.deal``).
- From the dealer's left, in turn, a player takes one face-up card and gives one of their own
  in its place (``play.exchange``), or takes a card and puts it back, keeping their hand
  (``interpretation.keep``), or, instead of exchanging, stops the bus (``play.stop``): each
  other player then has one last turn, and the hand ends when the turn comes back to the
  caller. A hand nobody stops ends after ``ROUNDS`` rounds (``interpretation.last-stop``).
- The hands are shown; the worst Brag hand (rules_engine/hands.py) pays a token, every tied
  worst hand one each (``scoring.hand``, ``interpretation.ties``). A player with no token left
  is out; the deal passes left among those still in; the last player with a token wins, and
  players put out together in the last hand share the win (``end.game``,
  ``interpretation.all-out``).
"""

from ...cards import make_deck
from ...families.tokens import TokensGame
from ...game import ALL, GameSpec, Option
from ...hands import BRAG, hand_value, worst
from ...moves import MoveForm, MoveForms
from ...scoring import ScoreRule
from ...table import Tally, zone

ROUNDS = 15  # rounds of turns after which a hand nobody stops ends (a note on the page)


class StopTheBusState(TokensGame):
    spec = GameSpec(
        id="stop-the-bus",
        name="Stop the Bus",
        aliases=("Bastard",),
        family="commerce",
        seats=(2, 6),
        default_seats=4,
        deck="52",
        summary="Swap cards with three face up in the middle to make the best three-card Brag hand; "
                "stop the bus when yours is good enough, and the worst hand pays a token.",
        options=(
            Option("tokens", 3, tuple(range(1, 11)), "tokens each player starts with"),
        ),
        rules=("setup.deal", "play.exchange", "play.stop", "scoring.hand", "scoring.ranking",
               "interpretation.keep", "interpretation.stop-turn", "interpretation.last-stop",
               "interpretation.ties", "interpretation.all-out", "interpretation.first-dealer"),
        scoring=ScoreRule(wins="low", unit="tokens", rule="scoring.hand", end_rule="end.game", out_at=3,
                          out_at_option="tokens", tie_rule="interpretation.all-out", cells=(0, 1),
                          row_sum=(1, None)),
    )
    forms = MoveForms(MoveForm("take", "take {card} give {card}"), MoveForm("keep", "keep"),
                      MoveForm("stop", "stop"))
    LOST_WORD = "paid"

    # ---- setup ----------------------------------------------------------------------------------

    def _setup(self):
        self._start_tokens()

    def _copied(self):
        self.hands = [list(h) for h in self.hands]
        self.middle = list(self.middle)

    def _start_hand(self, number, dealer):
        """``setup.deal``: three cards each, from the dealer's left, then three face up."""
        self.stopper, self.turns = None, 0
        cards = self._deal(number, dealer, lambda seat: 3)
        self.middle = [cards.pop() for _ in range(3)]
        self.stub = tuple(cards)

    # ---- moves ----------------------------------------------------------------------------------

    def _legal(self):
        hand = self.hands[self.turn]
        moves = [self.forms["take"].make(up, own) for up in self.middle for own in hand]
        moves.append(self.forms["keep"].make())
        if self.stopper is None:
            moves.append(self.forms["stop"].make())
        return moves

    def _why_not(self, move):
        name = self.player_names()[self.turn]
        if move.kind == "stop":
            return (f"{self.player_names()[self.stopper]} has stopped the bus: {name} has a last exchange, "
                    f"and the bus is stopped once only", "play.stop")
        if move.kind == "take":
            up, own = move.args
            if up not in self.middle:
                return f"the {up.symbol} is not one of the three cards face up in the middle", "play.exchange"
            if own not in self.hands[self.turn]:
                return f"{name} does not hold the {own.symbol}", "play.exchange"
        return f"{move.text!r} is not a move now", "play.turn"

    def candidate_moves(self):
        deck = make_deck("52")
        return [self.forms["take"].make(a, b) for a in deck[:13] for b in deck[:13:4]] + [
            self.forms["take"].make(up, own) for up in self.middle for own in self.hands[self.turn]] + [
            self.forms["keep"].make(), self.forms["stop"].make()]

    def _play(self, move):
        seat, names = self.turn, self.player_names()
        name = names[seat]
        if move.kind == "take":
            up, own = move.args
            self.middle[self.middle.index(up)] = own
            self.hands[seat][self.hands[seat].index(own)] = up
            line = f"{name} takes the {up.symbol} and gives the {own.symbol}"
        elif move.kind == "keep":
            line = f"{name} keeps their hand"
        else:
            self.stopper = seat
            line = f"{name} stops the bus: each other player has one last turn"
        self.turns += 1
        self.turn = self._next(seat)
        lines = [line]
        if self.turn == self.stopper:
            lines += self._showdown(f"the turn comes back to {names[self.stopper]}")
        elif self.stopper is None and self.turns >= ROUNDS * len(self.active):
            lines += self._showdown(f"nobody has stopped the bus in {ROUNDS} rounds: the hand ends")
        self.said = "; ".join(lines) + "."

    # ---- the hand's end and the game's --------------------------------------------------------------

    def _showdown(self, why):
        """``scoring.hand``: the hands shown, the worst paying a token (each tied worst hand one,
        ``interpretation.ties``); players with none left are out (``end.game``)."""
        names = self.player_names()
        seats = self.active
        losers = [seats[i] for i in worst([self.hands[s] for s in seats], BRAG)]
        lines = [f"{names[s]} shows {hand_value(self.hands[s]).name}" for s in seats]
        lines += [f"{names[s]} has the worst hand and pays a token" for s in losers]
        if len(losers) > 1:
            lines[-len(losers):] = [f"{' and '.join(names[s] for s in losers)} tie for the worst hand "
                                    f"and pay a token each"]
        # Each hand shown is an item: the worst pays a token, every other hand nothing.
        tally = Tally(self.seats)
        for s in seats:
            worth = hand_value(self.hands[s]).name
            paid = s in losers
            tally.add(s, worth[0].upper() + worth[1:], int(paid),
                      "interpretation.ties" if paid and len(losers) > 1 else "scoring.hand", self.hands[s],
                      note=("tied for the worst hand" if len(losers) > 1 else "the worst hand") if paid else None)
        return self._end_hand(tally, lines, ended=why)

    def move_bound(self):
        """Every hand costs somebody a token, and the game ends when one player at most has one
        left: at most ``seats * tokens - 1`` hands, each of at most ``ROUNDS`` turns per player."""
        return (self.seats * self.options["tokens"] - 1) * ROUNDS * self.seats

    # ---- what each seat sees --------------------------------------------------------------------

    def _cards_in_play(self):
        return [c for hand in self.hands for c in hand] + self.middle + list(self.stub)

    def _table(self, seat):
        return self._tokens_table(seat, {"middle": [c.text for c in self.middle], "stub": len(self.stub),
                                         "stopper": self.stopper, "turns": self.turns, "rounds": ROUNDS})

    def _hand_note(self, seat, s):
        hand = self.hands[s]
        return f"; {hand_value(hand).name}" if seat in (s, ALL) and hand else ""

    def _describe(self, seat):
        names = self.player_names()
        facts = [f"Dealer: {names[self.dealer]}"]
        if self.stopper is not None and not self.over:
            facts.append(f"{names[self.stopper]} has stopped the bus: last turns")
        elif not self.over:
            facts.append(f"Round {self.turns // len(self.active) + 1} of {ROUNDS} at most")
        middle = zone("middle", "Face up", self.middle, kind="layout", layout="row", group="middle", source=True)
        return self._tokens_description(seat, facts, [middle])

    def _shown_name(self, seat, cards):
        return f"{self.player_names()[seat]}: {hand_value(cards).name}"

    # ---- what a click means -----------------------------------------------------------------------

    def _click_choice(self, move):
        if move.kind == "take":
            return f"give the {move.args[1].symbol}"
        return None

    def _button_words(self, move):
        if move.kind == "keep":
            return "Keep my hand"
        if move.kind == "stop":
            return "Stop the bus!"
        return None


GAME = StopTheBusState
