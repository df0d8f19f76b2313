"""Rolling Stone (Enflé, Schwellen): shedding trick play for four to six;
the first player out of cards wins.

- The pack holds eight cards a player: 32 (7 to ace) for four, 40 (5 to ace)
  for five, 48 (3 to ace) for six; eight each, dealt one at a time from the
  dealer's left (``setup.pack``, ``setup.deal``).
- The dealer's left leads any card; each player in turn must follow suit
  (``play.follow-suit``). A player who cannot picks up the trick so far into
  hand and leads the next (``play.pick-up``). A trick everyone follows is
  discarded face down; its highest card (aces high) leads (``play.complete-trick``).
- The first player with no cards wins (``end.game``).

Interpretation notes (on the game's page, ``interpretation.*``):

- The game is won the moment a player's last card is played, even to a
  trick not yet complete (``interpretation.last-card``).
- One deal is the game; the first jack turned up finds the dealer
  (``interpretation.one-deal``).
- Changed from the text, which plays on until someone is out of cards: cards
  come back into hands, so play can go round in circles for ever; after
  ``TRICK_LIMIT`` tricks the fewest cards win, shared when tied
  (``interpretation.trick-limit``).
"""

from ...cards import SUIT_SYMBOLS
from ...families.shedding_tricks import SheddingGame, settled_sentence
from ...families.tricks import left_of
from ...game import GameSpec, Scores
from ...moves import MoveForm, MoveForms
from ...scoring import ScoreRule
from ...table import plural, tally_first_out

CARDS_EACH = 8
# interpretation.trick-limit: 1,000 random games at each number of players took at most 167 tricks.
TRICK_LIMIT = 200


def fewest_cards(hands):
    """The seats holding the fewest cards: the winners of a game stopped at the trick limit.

    >>> fewest_cards([[1, 2], [3], [4, 5], [6]])
    (1, 3)
    """
    least = min(len(hand) for hand in hands)
    return tuple(seat for seat, hand in enumerate(hands) if len(hand) == least)

FORMS = MoveForms(
    MoveForm("play", "play {card}"),
    MoveForm("pick-up", "pick up"),
)


class RollingStoneState(SheddingGame):
    spec = GameSpec(
        id="rolling-stone",
        name="Rolling Stone",
        family="trick-taking",
        seats=(4, 6),
        deck="32",
        deck_by_seats=((5, "40"), (6, "48")),
        aliases=("Enflé", "Schwellen"),
        summary="Follow suit or pick up the trick: hands swell and shrink until one player "
                "runs out of cards and wins.",
        rules=("setup.pack", "play.follow-suit", "play.pick-up", "interpretation.last-card",
               "interpretation.trick-limit"),
        # A row is a whole game: the winner (or the winners sharing it at the trick limit) 1.
        scoring=ScoreRule(wins="high", rule="scoring.winner", end_rule="end.game", per_game=True,
                          cells=(0, 1), row_sum=(1, None), cites=("interpretation.one-deal",)),
    )
    forms = FORMS

    def _setup(self):
        self._deal(lambda hands: left_of(self.dealer, self.seats), stop_by_playing=False)
        self.winners = ()

    # ---- moves -------------------------------------------------------------------------------

    @property
    def to_act(self):
        return None if self.winners else self.play.to_act

    def move_bound(self):
        """A trick takes at most a move a player, and the game at most ``TRICK_LIMIT`` tricks."""
        return TRICK_LIMIT * self.seats

    def _legal(self):
        cards = self.play.legal_cards()
        if not cards:
            return [FORMS["pick-up"].make()]
        return [FORMS["play"].make(card) for card in cards]

    def _why_not(self, move):
        play = self.play
        suit = play.led()
        if move.kind == "pick-up":
            if suit is None:
                return ("there is nothing to pick up: you lead this trick", "play.pick-up")
            return (f"you hold a {SUIT_SYMBOLS[suit]}, so you must follow suit, not pick up", "play.pick-up")
        if move.card not in play.hands[self.to_act]:
            return (f"{move.card.symbol} is not in your hand", "play.turn")
        if suit is not None and not play.holds(self.to_act, suit):
            return (f"you hold no {SUIT_SYMBOLS[suit]}: you must pick up the trick, not play the "
                    f"{move.card.symbol}", "play.pick-up")
        return play.why_not(move.card)

    def _play(self, move):
        seat = self.to_act
        players = self.player_names()
        before = self.play
        if move.kind == "pick-up":
            self.play = before.pick_up()
            self.said = f"{settled_sentence(self.play, players)}, and leads next."
        else:
            self.play = before.play(move.card)
            self.said = f"{players[seat]} plays the {move.card.symbol}"
            if self.play.number != before.number:
                self.said += f"; {settled_sentence(self.play, players)}"
            if not self.play.hands[seat]:  # interpretation.last-card
                self.winners = (seat,)
                self.said += f". That was {players[seat]}'s last card."
                return
            self.said += "."
        if self.play.number > TRICK_LIMIT:   # interpretation.trick-limit
            self.winners = fewest_cards(self.play.hands)
            self.said += (f" That was trick {TRICK_LIMIT}, the last: the fewest cards, "
                          f"{len(self.play.hands[self.winners[0]])}, win.")

    # ---- the end -----------------------------------------------------------------------------

    @property
    def scores(self):
        points = tuple(int(s in self.winners) for s in range(self.seats))
        return Scores(points, points)

    def _tally_end(self, tally):
        tally_first_out(tally, [len(hand) for hand in self.play.hands], self.winners,
                        f"Fewest cards after trick {TRICK_LIMIT}")

    def _ended(self):
        players = self.player_names()
        if len(self.winners) == 1 and not self.play.hands[self.winners[0]]:
            return f"{players[self.winners[0]]} played their last card, and the first out of cards wins"
        return f"trick {TRICK_LIMIT} was the last, and the fewest cards win"

    def _hand_notes(self):
        return [(("no cards: wins" if not hand else f"{plural(len(hand), 'card')}: wins") if s in self.winners
                 else plural(len(hand), "card")) for s, hand in enumerate(self.play.hands)]

    def _extra_view(self, seat):
        return {"winners": list(self.winners), "trick_limit": TRICK_LIMIT}

    def _facts(self, players):
        return [] if self.winners else [self._limit_fact(TRICK_LIMIT, "the fewest cards win")]

    def _title(self):
        return "Game over" if self.winners else f"Trick {self.play.number}"

    def _target(self):
        return f"One deal: the first player out of cards wins (after {TRICK_LIMIT} tricks, the fewest cards)"

    def _result_sentence(self):
        if not self.winners:
            return None
        players = self.player_names()
        if len(self.winners) == 1 and not self.play.hands[self.winners[0]]:
            return f"{players[self.winners[0]]} has no cards left and wins."
        held = len(self.play.hands[self.winners[0]])
        who = ", ".join(players[s] for s in self.winners)
        verb = "wins" if len(self.winners) == 1 else "share the win"
        return f"After {TRICK_LIMIT} tricks {who}, holding the fewest cards ({held}), {verb}."


GAME = RollingStoneState
