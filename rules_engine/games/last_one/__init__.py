"""Last One: Crazy Eights with special cards for two to six players, scored until one is left.

- 54 cards (two jokers). Each hand the dealer deals the same number of cards to
  each player, the ``cards`` option (4 to 8; 9 by agreement); the next card is
  the first upcard, the rest the stock (``setup.deal``).
- The dealer's left plays first, in turn, a card matching the upcard in suit or
  rank, or draws one card, which ends the turn (``play.turn``, ``play.match``,
  ``play.draw``); the stock runs out: the discards under the upcard are
  shuffled into a new one (``play.stock``).
- The effects (``EFFECTS``): 2 the next draws two and is skipped; 3 its player
  may add any card; 4 starts a melee; 8 any time, a suit called; jack skip;
  ace reverse; joker any card, named. The first upcard acts as though the
  dealer had played it (``play.first-upcard``).
- A player left with one card says "last one"; with the ``forgetful`` option a
  player may forget, and draws two (``play.last-one``).
- The hand ends when a player is out of cards: everyone else but a player with
  one card scores the cards held (``scoring.hand``). The deal passes left; a
  player reaching the ``out_at`` threshold drops out; the last one left wins
  (``end.game``).
- A hand that scores nothing (everyone else holding one card or none) brings
  nobody nearer the threshold, and such hands could follow one another for
  ever: a game not over after ``LAST_HAND`` hands ends there, the lowest
  total of those still in winning (``interpretation.last-hand``).
"""

from ...errors import OptionError
from ...families.eights import Effect, EightsGame, eights_forms
from ...game import GameSpec, Option
from ...scoring import ScoreRule

EFFECTS = {
    "2": Effect(draw=2, rule="play.two"),
    "3": Effect(again=True, rule="play.three"),
    "4": Effect(melee=True, rule="play.melee"),
    "8": Effect(call=True, wild=True, rule="play.eight"),
    "J": Effect(skip=True, rule="play.jack"),
    "A": Effect(reverse=True, rule="play.ace"),
    "JK": Effect(names=True, wild=True, rule="play.joker"),
}
VALUES = {"8": 25, "A": 15, "K": 10, "Q": 10, "J": 10, "T": 10}


def card_points(card):
    """A card's value in a hand at the end: a joker 40, an 8 25, an ace 15, a face card 10, any
    other its pips.

    >>> from rules_engine.cards import parse_cards
    >>> [card_points(c) for c in parse_cards("JK 8S AH KD 7C 2S")]
    [40, 25, 15, 10, 7, 2]
    """
    if card.is_joker:
        return 40
    return VALUES.get(card.rank) or int(card.rank)


def hand_score(cards, out=False):
    """What a hand left at the end scores: the cards' values, nothing for the player out and
    for a player holding one card.

    >>> from rules_engine.cards import parse_cards
    >>> hand_score(parse_cards("JK 8S 3D")), hand_score(parse_cards("JK")), hand_score([], out=True)
    (68, 0, 0)
    """
    return 0 if out or len(cards) <= 1 else sum(card_points(c) for c in cards)


# interpretation.last-hand: a game not over after this many hands ends there: more than the hands
# that bring the end nearer in any game (``most_hands``: 755 at six players out at 500), so only
# hands that score nothing could bring a game here.
LAST_HAND = 1000


def most_hands(seats, threshold):
    """The most hands that bring the end nearer: a hand in which a player holding two cards or
    more scores at least 4; at most one hand per player puts them out, and the others add 4 or
    more to players staying below ``threshold``.

    >>> most_hands(2, 250), most_hands(6, 250)
    (127, 380)
    """
    return seats * (threshold - 1) // 4 + seats + 1


class LastOneState(EightsGame):
    spec = GameSpec(
        id="last-one",
        name="Last One",
        family="crazy eights",
        seats=(2, 6),
        default_seats=4,
        deck="54",
        summary="Crazy Eights with a card that does something in almost every rank; points for the cards "
                "left, and players drop out at 250 until the last one left wins.",
        options=(
            Option("cards", 7, (4, 5, 6, 7, 8, 9), "cards dealt to each player (the dealer's choice of 4 to 8; "
                   "9 by everyone's agreement, with five players or fewer)"),
            Option("out_at", 250, (100, 150, 200, 250, 300, 500), "points at which a player drops out"),
            Option("forgetful", False, (False, True), "a player may forget to say “last one”, and draws two"),
        ),
        rules=("setup.deal", "play.match", "play.draw", "play.stock", "play.first-upcard", "play.two",
               "play.three", "play.melee", "play.eight", "play.jack", "play.ace", "play.joker",
               "play.last-one", "scoring.hand", "interpretation.first-dealer",
               "interpretation.melee-order", "interpretation.melee-cards", "interpretation.joker",
               "interpretation.last-card", "interpretation.pass", "interpretation.blocked", "interpretation.hand-limit",
               "interpretation.all-out", "interpretation.last-hand"),
        scoring=ScoreRule(wins="low", rule="scoring.hand", end_rule="end.game", out_at=250,
                          out_at_option="out_at", tie_rule="interpretation.all-out"),
    )
    forms = eights_forms("last one")
    EFFECTS = EFFECTS
    CALL = "last one"

    def _hand_size(self):
        size = self.options["cards"]
        if size * self.seats + 1 > 54:
            raise OptionError(f"{size} cards each for {self.seats} players leave no upcard: "
                              f"at most {53 // self.seats} with {self.seats} players")
        return size

    def _points(self, card):
        return card_points(card)

    def _hand_score(self, hand):
        return hand_score(hand)

    def _most_hands(self):
        return LAST_HAND

    def _after_hand(self):
        """``end.game``: players at the threshold drop out; the last one left wins."""
        players, threshold = self.player_names(), self.options["out_at"]
        dropping = [s for s in self.active if self.points[s] >= threshold]
        self.active = tuple(s for s in self.active if s not in dropping)
        lines = [f"{players[s]} reaches {self.points[s]} and drops out" for s in dropping]
        if len(self.active) <= 1:
            self.over = True
            self.dropped_last = tuple(dropping)
        elif self.hand_number >= LAST_HAND:   # interpretation.last-hand
            self.over, self.dropped_last = True, ()
            lines.append(f"that was the game's last hand, the {LAST_HAND:,}th")
        return lines

    @property
    def winners(self):
        """The last one left; if the last players all drop out in one hand, the lowest of them
        (``interpretation.all-out``)."""
        if not self.over:
            return ()
        if len(self.active) == 1:
            return self.active
        among = self.active or self.dropped_last   # those still in after the last hand, or the last out
        best = min(self.points[s] for s in among)
        return tuple(s for s in among if self.points[s] == best)

    def _result_sentence(self):
        if not self.over:
            return None
        names = [self.player_names()[s] for s in self.winners]
        if len(self.active) > 1:
            return (f"After {LAST_HAND:,} hands {' and '.join(names)} win{'s' if len(names) == 1 else ''}, "
                    f"the lowest total of those still in, with {self.points[self.winners[0]]} points.")
        if self.active:
            return f"{names[0]} is the last one left and wins, with {self.points[self.winners[0]]} points."
        return f"{' and '.join(names)} win{'s' if len(names) == 1 else ''}: the last players all dropped out " \
               f"together, and the lowest total wins."

    def _target(self):
        return f"Out at {self.options['out_at']} points; the last one left wins"


GAME = LastOneState
