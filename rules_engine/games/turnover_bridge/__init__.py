"""Turnover Bridge: whist for two, nearly every card in sight (after pagat.com's rules).

- The 52-card pack, aces high; spades are always trumps (``setup.pack``).
- Each player gets 26 cards: twelve in a row face down, twelve face up, one
  on each of those, and two held in hand, the hole cards (``setup.deal``).
  Both see every face-up card; the face-down ones nobody sees.
- The non-dealer leads first, then the winner of each trick (``play.turn``).
  A player plays a face-up card of their layout or a hole card
  (``play.available``); the card under a face-up card played is turned up
  and may be played from then on (``play.turn-up``). Suit must be followed
  when possible (``play.follow-suit``); the highest spade wins, else the
  highest card of the suit led (``play.trick``).
- The deal ends as soon as one player has 14 tricks, more than half: that
  player wins the deal (``scoring.deal``). The deal alternates.

Interpretation notes (on the game's page, ``interpretation.*``):

- Seat 0 deals first (``interpretation.first-dealer``); the cards are dealt
  one at a time, the non-dealer first: the face-down rows, the face-up rows,
  then the hole cards (``interpretation.deal-order``).
- Only the cards a player may play count for following suit: a face-down card
  of the led suit does not oblige them (``interpretation.face-down``).
- Thirteen tricks each: the deal is drawn and nobody scores it
  (``interpretation.drawn-deal``).
- The reference plays each deal as a game for a stake; the site plays a
  match: the first to win three deals wins, and a match that drawn deals
  keep going ends after ``LAST_HAND`` deals, more deals won winning, level a
  drawn match (``interpretation.match``).
"""

from ...cards import ACES_HIGH, SUIT_NAMES, SUIT_SYMBOLS
from ...families.trick_game import DRAW, TrickGame
from ...families.tricks import FollowSuit, led_suit, left_of
from ...families.turnover import TurnoverPlay
from ...game import GameSpec
from ...moves import MoveForm, MoveForms
from ...scoring import ScoreRule
from ...table import plural

SEATS = 2
TRUMP = "S"
PILES = 12          # face-down cards each, each covered by a face-up card
HOLE = 2            # cards each holds in hand
TRICKS = 26
ENOUGH = TRICKS // 2 + 1   # 14: more than half the tricks ends the deal
DEALS_TO_WIN = 3
# interpretation.match: a match not over after this many deals ends there (five deals won end any
# match; 300 matches played at random went 9 deals at most, the site's bots 8).
LAST_HAND = 30


def lay_out(cards, dealer):
    """The deal: ``(piles, hole cards)`` per seat, dealt one card at a time from the
    non-dealer: twelve face down each, twelve face up on them, then two hole cards.

    >>> from rules_engine.cards import make_deck
    >>> piles, hole = lay_out(make_deck("52"), dealer=0)
    >>> [len(p) for p in piles], [len(h) for h in hole]
    ([12, 12], [2, 2])
    >>> [" ".join(c.text for c in pile) for pile in piles[1][:2]], [c.text for c in hole[1]]
    (['AS QH', '3S AD'], ['TC', 'QC'])
    """
    order = [left_of(dealer, SEATS, 1), dealer]
    dealt = 2 * PILES
    piles = [[] for _ in range(SEATS)]
    for i, (down, up) in enumerate(zip(cards[:dealt], cards[dealt:2 * dealt])):
        piles[order[i % 2]].append((down, up))
    hole = [[] for _ in range(SEATS)]
    for i, card in enumerate(cards[2 * dealt:2 * dealt + SEATS * HOLE]):
        hole[order[i % 2]].append(card)
    return piles, hole


def deal_result(counts):
    """The winner of a deal from each seat's tricks (None: drawn at thirteen each).

    >>> deal_result((14, 9)), deal_result((11, 14)), deal_result((13, 13))
    (0, 1, None)
    """
    for seat, count in enumerate(counts):
        if count >= ENOUGH:
            return seat
    return None


class FromTheLayout(FollowSuit):
    """A card must be one the player may play (a face-up card of their layout or a hole
    card), and of the suit led when they may play one."""

    def why_not(self, play, card):
        if card not in play.hands[play.to_act]:
            # The same words for any card not in play for this seat: where it lies stays unsaid.
            return (f"the {card.symbol} is not one you may play: only your face-up cards and your hole "
                    "cards may be played", "play.available")
        suit = led_suit(play.trick)
        if suit is not None and card.suit != suit and any(c.suit == suit for c in play.hands[play.to_act]):
            return (f"you must follow suit {SUIT_SYMBOLS[suit]}: you may play a card of {SUIT_NAMES[suit]}",
                    "play.follow-suit")
        return None


FROM_THE_LAYOUT = FromTheLayout()
FORMS = MoveForms(MoveForm("play", "play {card}"))


class TurnoverBridgeState(TrickGame):
    spec = GameSpec(
        id="turnover-bridge",
        name="Turnover Bridge",
        family="trick-taking",
        seats=(2, 2),
        deck="52",
        aliases=("Turn-over Bridge",),
        summary="Whist for two with nearly every card on the table, face up: spades are trumps, each "
                "card played turns up the one beneath it, and the first to 14 tricks takes the deal.",
        rules=("setup.pack", "setup.deal", "play.available", "play.turn-up", "play.follow-suit", "play.trick",
               "scoring.deal", "interpretation.first-dealer", "interpretation.deal-order",
               "interpretation.face-down", "interpretation.drawn-deal", "interpretation.match"),
        scoring=ScoreRule(wins="high", target=DEALS_TO_WIN, rule="scoring.deal", end_rule="end.game",
                          unit="deals", cells=(0, 1), row_sum=(0, 1),
                          cites=("interpretation.drawn-deal", "interpretation.match"),
                          last_hand=LAST_HAND, last_rule="interpretation.match"),
    )
    forms = FORMS
    LAST_HAND = LAST_HAND
    TARGET = f"The first to win {DEALS_TO_WIN} deals wins the match, or after {LAST_HAND} deals the one with more"
    UNIT = "deals"

    def _deal_hand(self):
        cards = self._shuffle(f"hand-{self.hand_number}", self._pack())
        piles, hole = lay_out(cards, self.dealer)
        self.play = TurnoverPlay.lay_out(piles, hole, left_of(self.dealer, SEATS), ACES_HIGH, trump=TRUMP,
                                         rules=FROM_THE_LAYOUT, enough=ENOUGH)
        self.phase = "play"

    def _score_hand(self):
        counts = self.play.trick_counts()
        winner = deal_result(counts)
        names = self.player_names()
        lines = [f"{names[s]} took {plural(counts[s], 'trick')}" for s in range(SEATS)]
        tally = self.tally()
        if winner is None:
            lines.append("Thirteen tricks each: the deal is drawn and nobody scores")
            for seat in range(SEATS):
                tally.add(seat, "A drawn deal", 0, "interpretation.drawn-deal", note=plural(counts[seat], "trick"))
        else:
            lines.append(f"{names[winner]} reached {ENOUGH} tricks and wins the deal")
            tally.add(winner, "The deal won", 1, "scoring.deal", note=plural(counts[winner], "trick"))
        return tally, lines

    def _game_winner(self):
        for seat, won in enumerate(self.game_scores):
            if won >= DEALS_TO_WIN:
                return seat
        return None

    # ---- what each seat sees -------------------------------------------------------------------

    def _view_extra(self, seat):
        return {"deals_to_win": DEALS_TO_WIN, "enough": ENOUGH}

    def _facts(self, players):
        return ["Trumps: spades, always", f"The first to {ENOUGH} tricks wins the deal"]

    def _won_notes(self):
        counts = self.play.trick_counts()
        return [plural(n, "trick") for n in counts]

    def _last_sentence(self, players):
        said = super()._last_sentence(players)
        ended = self.__dict__.get("hand_end")
        play = ended[1] if ended else self.play
        if said and play.turned:
            seat, card = play.turned
            said += f" The {card.symbol} beneath it is turned up in {players[seat]}'s layout."
        return said

    def _result_sentence(self):
        if self.winner is None:
            return None
        if self.winner == DRAW:
            return f"After {LAST_HAND} deals the match is level, {plural(self.game_scores[0], 'deal')} won each: a draw."
        after = f", after {LAST_HAND} deals" if self._last_hand_sentence() else ""
        other = 1 - self.winner
        return (f"{self.player_names()[self.winner]} wins the match, {plural(self.game_scores[self.winner], 'deal')} "
                f"to {self.game_scores[other]}{after}.")


GAME = TurnoverBridgeState
