"""Scotch Whist (Catch the 10): tricks for two to seven, each playing alone.

- The pack is 36 cards, 6 to ace; with five or seven players the 6♣ is left
  out (35). All of it is dealt, one at a time from the dealer's left; the
  dealer's last card is shown and its suit is trumps (``setup.trumps``).
- In trumps the jack ranks highest: J A K Q 10 9 8 7 6; other suits run ace
  high (``setup.ranks``). The dealer's left leads; suit must be followed.
- A hand scores, in this order: the 10 of trumps 10, the trick score (one
  point a card taken beyond the cards dealt to the player), the ace of trumps
  4, king 3, queen 2, jack 11 (``scoring.order``).
- The first player to reach 41 wins; when several reach it in one hand, the
  first to do so in that order wins (``end.game``). The deal passes left.

Interpretation notes (on the game's page, ``interpretation.*``):

- Within the trick-score step, players count in turn from the dealer's left,
  as they played (``interpretation.trick-score-order``).
- Reaching 41 is enough (the text's object says "41 points or more")
  (``interpretation.reaching``).
- Seat 0 deals the first hand (``interpretation.first-dealer``).
"""

from ...cards import ACES_HIGH, SUIT_NAMES, RankOrder, parse_card
from ...families.trick_game import TrickGame
from ...families.tricks import TrickPlay, left_of
from ...game import GameSpec
from ...moves import MoveForm, MoveForms
from ...scoring import ScoreRule

TARGET = 41
TRUMP_RANKS = RankOrder("6789TQKAJ")
# The honours of the trump suit, in the order they are scored (the trick score comes after the 10).
TEN_POINTS = 10
HONOURS = (("A", 4), ("K", 3), ("Q", 2), ("J", 11))
HONOUR_NAMES = {"T": "10", "A": "ace", "K": "king", "Q": "queen", "J": "jack"}
HAND_POINTS = TEN_POINTS + sum(points for _, points in HONOURS)   # scored in every hand: 30
CARDS_EACH = {2: 18, 3: 12, 4: 9, 5: 7, 6: 6, 7: 5}


def scoring_steps(won, dealt, trump, dealer):
    """A hand's points in the order the text scores them, as ``(seat, what, points)``.

    ``won[seat]`` are the cards a seat took in tricks, ``dealt`` the cards each
    was dealt. In the four-player game five tricks are 20 cards: 11 points
    beyond the 9 dealt.

    >>> from rules_engine.cards import parse_cards
    >>> won = [parse_cards("AH KH QH JH TS 9S 8S 7S 6S AC KC QC JC TC 9C 8C 7C 6C AD KD"), [], [], []]
    >>> scoring_steps(won, 9, "H", 3)
    [(0, 'trick score', 11), (0, 'ace of trumps', 4), (0, 'king of trumps', 3), (0, 'queen of trumps', 2), (0, 'jack of trumps', 11)]
    """
    seats = len(won)
    order = [left_of(dealer, seats, i) for i in range(1, seats + 1)]
    holder = {card: seat for seat, cards in enumerate(won) for card in cards}
    steps = []
    ten = parse_card("T" + trump)
    if ten in holder:
        steps.append((holder[ten], "10 of trumps", TEN_POINTS))
    for seat in order:
        extra = len(won[seat]) - dealt
        if extra > 0:
            steps.append((seat, "trick score", extra))
    for rank, points in HONOURS:
        card = parse_card(rank + trump)
        if card in holder:
            steps.append((holder[card], f"{HONOUR_NAMES[rank]} of trumps", points))
    return steps


def first_to_reach(scores, steps, target=TARGET):
    """Who reaches ``target`` first when ``steps`` are added to ``scores`` in order, or None.

    >>> first_to_reach([38, 31], [(1, "10 of trumps", 10), (0, "trick score", 5)])
    1
    >>> first_to_reach([38, 30], [(0, "trick score", 2)]) is None
    True
    """
    running = list(scores)
    for seat, _, points in steps:
        running[seat] += points
        if running[seat] >= target:
            return seat
    return None


def most_hands(seats, target=TARGET):
    """The most hands a game can last: each scores ``HAND_POINTS`` at least, and the game goes
    on only while everyone is below ``target``, so while the total is at most ``(target - 1) * seats``.

    >>> [most_hands(n) for n in (2, 4, 7)]
    [3, 6, 10]
    """
    return (target - 1) * seats // HAND_POINTS + 1


FORMS = MoveForms(MoveForm("play", "play {card}"))


class ScotchWhistState(TrickGame):
    spec = GameSpec(
        id="scotch-whist",
        name="Scotch Whist",
        family="trick-taking",
        seats=(2, 7),
        default_seats=4,
        deck="36",
        deck_by_seats=((5, "35"), (7, "35")),
        aliases=("Catch the 10",),
        summary="Whist for two to seven, each alone: take tricks, and above all the trump honours, "
                "to reach 41 first.",
        rules=("setup.trumps", "play.follow-suit", "scoring.order", "interpretation.trick-score-order",
               "interpretation.reaching", "interpretation.first-dealer"),
        scoring=ScoreRule(wins="high", target=TARGET, rule="scoring.order", end_rule="end.game",
                          ties="first", tie_rule="interpretation.reaching"),
    )
    forms = FORMS
    TARGET = f"The first to reach {TARGET} wins, counting in the order of scoring"

    def _deal_hand(self):
        cards = self._shuffle(f"hand-{self.hand_number}", self._pack())
        hands = self._deal_round(cards)
        self.turned = cards[-1]  # the dealer's last card, shown to all
        self.play = TrickPlay.deal(hands, left_of(self.dealer, self.seats), ACES_HIGH, trump=self.turned.suit,
                                   trump_ranks=TRUMP_RANKS)
        self.phase = "play"

    def _most_hands(self):
        """Every hand scores 30 at least (the 10, ace, king, queen and jack of trumps are always
        dealt), and nobody has 41 while the total is at most 40 a player."""
        return most_hands(self.seats)

    @property
    def dealt_each(self):
        return CARDS_EACH[self.seats]

    def _score_hand(self):
        steps = scoring_steps(self.play.won_cards(), self.dealt_each, self.play.trump, self.dealer)
        tally = self.tally()
        honours = {f"{name} of trumps": parse_card(rank + self.play.trump) for rank, name in HONOUR_NAMES.items()}
        for seat, what, value in steps:
            # An honour is its card; the trick score counts the cards taken beyond those dealt.
            if what in honours:
                tally.add(seat, what.capitalize(), value, "scoring.order", [honours[what]])
            else:
                tally.add(seat, what.capitalize(), value, "scoring.trick-score",
                          note=f"{value} cards beyond the {self.dealt_each} dealt")
        self.first_out = first_to_reach(self.game_scores, steps)
        names = self.player_names()
        lines = [f"{names[seat]}: {what}, {value}" for seat, what, value in steps]
        return tally, lines

    def _game_winner(self):
        return self.first_out

    def hidden_from(self, seat):
        # The turned card was shown to everyone; it is no secret while the dealer holds it.
        return super().hidden_from(seat) - {self.turned}

    def _view_extra(self, seat):
        # The turned card in display form: public, and not a second copy of a card in the hands.
        return {"turned": self.turned.symbol, "dealt_each": self.dealt_each}

    def _facts(self, players):
        return [f"Trumps: {SUIT_NAMES[self.play.trump]} (the dealer's {self.turned.symbol} was turned; "
                "the jack is the highest trump)"]

    def _won_notes(self):
        won = self.play.won_cards()
        return [f"{len(cards) // self.seats} trick{'' if len(cards) == self.seats else 's'}, "
                f"{len(cards)} cards" for cards in won]


GAME = ScotchWhistState
