"""Couillon: a Belgian game of four tricks for two partnerships, scored on a board of lines.

- A 32-card pack (7 to ace); partners sit opposite. Each player gets four
  cards, dealt two at a time from the dealer's left; the cards left over are
  the stub, whose top card is turned up (``setup.deal``, ``setup.stub``).
- From the dealer's left, each player in turn accepts the upcard's suit as
  trumps or declines it; the first to accept ends the round and that side has
  *accepted* (``play.trumps``). If all four decline, the stub's bottom card is
  turned and its suit is trumps, with no side accepting (``play.bottom-card``).
- The dealer's left leads. A trump may be played to any trick; otherwise suit
  must be followed when possible; only a player void in the suit led may play
  any other card (``play.follow-suit``). Aces are high; the highest trump, or
  else the highest card of the suit led, wins (``play.trick``).
- Cards taken count A 4, K 3, Q 2, J 1 (``scoring.card-values``). The side
  with more erases one of its five lines (``scoring.hand``); a side that
  accepted and lost adds a mark to a line, which then takes two wins to go
  (``scoring.mark``). Equal points: nothing is erased, and the next hand with
  a winner counts double (``scoring.tie``). The first side with no line left
  wins (``end.game``).

Interpretation notes (on the game's page, ``interpretation.*``):

- Seat 0 deals first; the deal passes to the left (``interpretation.first-dealer``).
- The text speaks of an eight-card stub, which is what four hands of four
  leave from a 24-card pack; from the 32-card pack it prescribes they leave
  sixteen, and all sixteen are the stub (``interpretation.stub-size``).
- The upcard and the bottom card only show the suit: they stay in the stub,
  which takes no part in the play (``interpretation.stub``).
- A tied hand is lost by nobody: a side that accepted gets no mark
  (``interpretation.tie-no-mark``).
- A doubled hand counts twice over: two erasures for the winner and, if the
  losers had accepted, two marks for them (``interpretation.double``).
- Ties in a row do not add up: the next hand with a winner counts double,
  never triple (``interpretation.ties-in-a-row``).
- A mark goes on a line that has none; when every line left is marked, it
  goes on a line already marked, which then carries two (``interpretation.marks``).
- A win first wipes out a mark, if the board has one, and otherwise erases a
  plain line; a side needs as many wins as it has lines and marks
  (``interpretation.erasing``). A doubled win that needs only one erasure to
  finish the board ends the game; the spare erasure is lost
  (``interpretation.last-line``).
- Ties, and sides that accept and lose, could leave the boards as they were
  for ever: a game not over after ``LAST_HAND`` hands ends there, the side
  with fewer wins still needed winning, a draw if level
  (``interpretation.last-hand``).

The game's score per side is the net count of erasures (a mark counts −1),
so a side wins when it reaches 5: the score sheet shows each board.
"""

from dataclasses import replace

from ...cards import ACES_HIGH, SUIT_NAMES, SUIT_SYMBOLS
from ...families.trick_game import TrickGame
from ...families.tricks import FollowSuit, TrickPlay, card_points, led_suit, left_of
from ...game import GameSpec
from ...moves import MoveForm, MoveForms
from ...scoring import ScoreRule
from ...table import shown, zone

SEATS = 4
LINES = 5
CARDS_EACH = 4
CARD_VALUES = {"A": 4, "K": 3, "Q": 2, "J": 1}
START_BOARD = (0,) * LINES   # a board: the marks on each line left, marked lines first
# interpretation.last-hand: a game not over after this many hands ends there (300 games played at
# random went 25 hands at most; the site's bots, 12).
LAST_HAND = 100


# ---- the play: a trump may go to any trick -------------------------------------------------------

class TrumpAtWill(FollowSuit):
    """Couillon's duty: a trump may always be played; any other card must
    follow the suit led when the player holds it (``play.follow-suit``)."""

    def legal(self, play):
        hand = play.hands[play.to_act]
        suit = led_suit(play.trick)
        if suit is None or not any(card.suit == suit for card in hand):
            return list(hand)
        return [card for card in hand if card.suit in (suit, play.trump)]

    def why_not(self, play, card):
        hand = play.hands[play.to_act]
        if card not in hand:
            return (f"the {card.symbol} is not in your hand", "play.turn")
        suit = led_suit(play.trick)
        if suit is not None and card.suit not in (suit, play.trump) and any(c.suit == suit for c in hand):
            return (f"you hold {SUIT_NAMES[suit]}, so the {card.symbol} may not be played to a "
                    f"{SUIT_SYMBOLS[suit]} lead: follow suit or play a trump ({SUIT_SYMBOLS[play.trump]})",
                    "play.follow-suit")
        return None


TRUMP_AT_WILL = TrumpAtWill()


def deal_in_twos(cards, dealer, seats=SEATS, each=CARDS_EACH):
    """Each seat's cards, dealt two at a time from the dealer's left, and the stub left over.

    >>> from rules_engine.cards import parse_cards
    >>> hands, stub = deal_in_twos(parse_cards("AS KS QS JS TS 9S 8S 7S AH KH QH JH TH 9H 8H 7H"), 3)
    >>> [" ".join(c.text for c in hand) for hand in hands]
    ['AS KS AH KH', 'QS JS QH JH', 'TS 9S TH 9H', '8S 7S 8H 7H']
    """
    hands = [[] for _ in range(seats)]
    dealt = seats * each
    for i in range(0, dealt, 2):
        hands[left_of(dealer, seats, (i // 2) % seats + 1)].extend(cards[i:i + 2])
    return hands, list(cards[dealt:])


# ---- scoring: pure functions on points and boards ------------------------------------------------

def side_points(won):
    """The card points of each side's tricks (``won``: the cards each side took).

    >>> from rules_engine.cards import parse_cards
    >>> side_points([parse_cards("AS KS QS JS TS 9S 8S 7S"), parse_cards("AH 7H 8H 9H")])
    (10, 4)
    """
    return tuple(card_points(cards, CARD_VALUES) for cards in won)


def erase(board):
    """A board after one win: a mark wiped out if there is one, else a plain line erased."""
    lines = list(board)
    if lines and lines[0]:
        lines[0] -= 1
    elif lines:
        lines.pop()
    return tuple(sorted(lines, reverse=True))


def add_mark(board):
    """A board with one more mark: on a plain line if there is one, else on a line with the fewest."""
    lines = list(board)
    lines[lines.index(min(lines))] += 1
    return tuple(sorted(lines, reverse=True))


def wins_needed(board):
    return len(board) + sum(board)


def board_words(board):
    """A board in words: ``5 lines``, ``3 lines, 1 marked``, ``1 line, 2 marks``, ``all erased``."""
    if not board:
        return "all erased"
    words = f"{len(board)} line{'' if len(board) == 1 else 's'}"
    marked = sum(1 for m in board if m)
    if any(m > 1 for m in board):
        return words + f", {sum(board)} marks"
    return words + (f", {marked} marked" if marked else "")


def settle(boards, points, accepted=None, doubled=False):
    """The result of a hand: ``(boards, winner, change, next_doubled)``.

    ``boards`` are both sides' boards, ``points`` their card points,
    ``accepted`` the side that accepted trumps (None if all declined) and
    ``doubled`` whether this hand counts double. ``change`` is each side's
    net count of erasures (a mark counts −1); ``winner`` is None for a tie.
    """
    if points[0] == points[1]:
        return tuple(boards), None, (0, 0), True
    winner = 0 if points[0] > points[1] else 1
    times = 2 if doubled else 1
    new, change = list(boards), [0, 0]
    for _ in range(times):
        if new[winner]:
            new[winner] = erase(new[winner])
            change[winner] += 1
    if accepted is not None and accepted != winner:
        for _ in range(times):
            new[accepted] = add_mark(new[accepted])
            change[accepted] -= 1
    return tuple(new), winner, tuple(change), False


FORMS = MoveForms(MoveForm("play", "play {card}"), MoveForm("accept", "accept"), MoveForm("decline", "decline"))


class CouillonState(TrickGame):
    spec = GameSpec(
        id="couillon",
        name="Couillon",
        family="trick-taking",
        seats=(4, 4),
        deck="32",
        summary="Four tricks for two partnerships: take the aces and court cards, and dare to "
                "accept the trumps only with a hand to back them; the first side to erase its "
                "five lines wins.",
        rules=("setup.deal", "setup.stub", "play.trumps", "play.bottom-card", "play.follow-suit", "play.trick",
               "scoring.card-values", "scoring.hand", "scoring.mark", "scoring.tie",
               "interpretation.first-dealer", "interpretation.stub-size", "interpretation.stub",
               "interpretation.tie-no-mark",
               "interpretation.double", "interpretation.ties-in-a-row", "interpretation.marks",
               "interpretation.erasing", "interpretation.last-line", "interpretation.last-hand"),
        scoring=ScoreRule(wins="high", target=LINES, partnerships=2, rule="scoring.hand", end_rule="end.game",
                          unit="lines", last_hand=LAST_HAND, last_rule="interpretation.last-hand",
                          cites=("scoring.mark", "scoring.tie", "interpretation.double", "interpretation.marks")),
    )
    forms = FORMS
    CALLS = 4   # each player accepts or declines the upcard
    SIDES = 2
    LAST_HAND = LAST_HAND
    TARGET = f"The first side to erase all {LINES} of its lines wins; a marked line takes two wins"
    UNIT = "erasures"

    # ---- setup and the trump decision ----------------------------------------------------------

    def _setup(self):
        self.boards = (START_BOARD, START_BOARD)
        self.doubled = False       # this hand counts double (after a tie)
        self.sheet = ()            # (hand number, card points, cells), one per hand
        super()._setup()

    def _deal_hand(self):
        cards = self._shuffle(f"hand-{self.hand_number}", self._pack())
        hands, stub = deal_in_twos(cards, self.dealer)
        self.stub = tuple(stub)    # top first: stub[0] is the upcard, stub[-1] the bottom card
        self.calls = ()            # (seat, "accept" | "decline")
        self.accepted_by = None
        self.play = TrickPlay.deal(hands, left_of(self.dealer, SEATS), ACES_HIGH, rules=TRUMP_AT_WILL)
        self.phase = "trumps"

    @property
    def upcard(self):
        return self.stub[0]

    @property
    def bottom_turned(self):
        return self.phase == "play" and self.accepted_by is None

    @property
    def accepted_side(self):
        return None if self.accepted_by is None else self.scorer_of(self.accepted_by)

    def _call_to_act(self):
        return left_of(self.dealer, SEATS, len(self.calls) + 1)

    def _call_legal(self):
        return [FORMS["accept"].make(), FORMS["decline"].make()]

    def _call_candidates(self):
        return self._call_legal()

    def _call_why_not(self, move):
        return (f"{move.text!r} must wait: first {SUIT_NAMES[self.upcard.suit]}, the suit of the upcard "
                f"{self.upcard.symbol}, is accepted or declined as trumps", "play.trumps")

    def _call_play(self, move):
        seat = self._call_to_act()
        self.calls = self.calls + ((seat, move.kind),)
        if move.kind == "accept":
            self.accepted_by = seat
            self._start_play(self.upcard.suit)
        elif len(self.calls) == SEATS:
            self._start_play(self.stub[-1].suit)

    def _start_play(self, trump):
        self.play = replace(self.play, trump=trump)
        self.phase = "play"

    # ---- scoring -------------------------------------------------------------------------------

    def _score_hand(self):
        points = side_points(self.play.won_cards(self.SIDES))
        accepted, doubled = self.accepted_side, self.doubled
        self.boards, winner, change, self.doubled = settle(self.boards, points, accepted, doubled)
        names = self.scorer_names()
        tally = self.tally()
        if winner is not None:
            tally.add(winner, "Hand won" + (", counting double" if doubled else ""), change[winner], "scoring.hand",
                      note=f"{points[winner]} points to {points[1 - winner]}")
            if accepted == 1 - winner:
                tally.add(accepted, "Accepted trumps and lost", change[accepted], "scoring.mark")
            else:
                tally.add(1 - winner, "Hand lost: nothing erased", 0, "scoring.hand")
        else:
            for side in range(2):
                tally.add(side, "Equal card points: nothing erased", 0, "scoring.tie", note=f"{points[side]} each")
        lines = [f"{names[s]} took {points[s]} point{'' if points[s] == 1 else 's'}" for s in range(2)]
        times = "two erasures (the hand counts double)" if doubled else "one erasure"
        if winner is None:
            lines.append("Equal points: nothing is erased, and the next hand with a winner counts double")
        else:
            lines.append(f"{names[winner]} win the hand: {times}")
            if accepted is not None and accepted != winner:
                lines.append(f"{names[accepted]} accepted trumps and lost: "
                             f"{'two marks go' if doubled else 'a mark goes'} on their board")
        cells = []
        for s in range(2):
            cell = f"{points[s]} pts"
            if winner is None:
                cell += ", tie"
            elif s == winner:
                cell += f", {change[s]} erased"
            elif s == accepted:
                cell += f", {-change[s]} mark{'' if change[s] == -1 else 's'}"
            cells.append(cell)
        self.sheet = self.sheet + ((self.hand_number, points, tuple(cells)),)
        return tally, lines

    def _game_winner(self):
        for side, board in enumerate(self.boards):
            if not board:
                return side
        return None

    # ---- what each seat sees -------------------------------------------------------------------

    def _played_before_last(self):
        """The cards of the tricks before the last (the view shows the last trick already)."""
        return [card for _, trick in self.play.tricks[:-1] for _, card in trick]

    def _view_extra(self, seat):
        return {
            "upcard": self.upcard.text,
            "bottom": self.stub[-1].text if self.bottom_turned else None,
            "calls": [{"seat": s, "call": call} for s, call in self.calls],
            "accepted_by": self.accepted_by,
            "accepted_side": self.accepted_side,
            "boards": [list(board) for board in self.boards],
            "wins_needed": [wins_needed(board) for board in self.boards],
            "double": self.doubled,
            "card_points": list(side_points(self.play.won_cards(self.SIDES))),
            "earlier_tricks": [card.text for card in self._played_before_last()],
        }

    def _cards_aside(self):
        return self.stub

    def _hidden_aside(self, seat):
        return self.stub[1:] if not self.bottom_turned else self.stub[1:-1]

    def _zones_aside(self, seat):
        hidden = set(self._hidden_aside(seat))
        face_down = [card for card in self.stub if card in hidden]
        turned = [card for card in self.stub if card not in hidden]
        note = "bottom card: trumps" if self.bottom_turned else "top card: the suit offered"
        return [zone("stub", "The stub, out of play", shown(face_down, False), kind="stock", layout="squared",
                     group="stub"),
                zone("turned", "Turned up from the stub", turned, kind="set-aside", layout="row", group="stub",
                     note=note)]

    # ---- the table, described for the renderers -------------------------------------------------

    def _facts(self, players):
        names = self.scorer_names()
        if self.phase == "trumps":
            facts = [f"Offered as trumps: {SUIT_NAMES[self.upcard.suit]} (the {self.upcard.symbol} turned up)"]
        elif self.accepted_by is not None:
            facts = [f"Trumps: {SUIT_NAMES[self.play.trump]}, accepted by {players[self.accepted_by]} "
                     f"for {names[self.accepted_side]}"]
        else:
            facts = [f"Trumps: {SUIT_NAMES[self.play.trump]}, from the bottom of the stub "
                     f"({self.stub[-1].symbol}): all four declined"]
        facts.append("Boards: " + "; ".join(f"{names[s]}: {board_words(self.boards[s])}" for s in range(2)))
        if self.doubled:
            facts.append("This hand counts double: the last one was tied")
        return facts

    def _won_notes(self):
        counts = self.play.trick_counts(self.SIDES)
        points = side_points(self.play.won_cards(self.SIDES))
        return [f"{n} trick{'' if n == 1 else 's'}, {p} point{'' if p == 1 else 's'}" for n, p in zip(counts, points)]

    def _score_sheet(self):
        from ...table import score_sheet

        rows = [(f"Hand {n}", cells) for n, _, cells in self.sheet]
        totals = [("Board", [board_words(board) for board in self.boards]),
                  ("Wins still needed", [wins_needed(board) for board in self.boards])]
        return score_sheet(self.scorer_names(), rows, totals, caption="Board", target=self.TARGET)

    def _call_sentence(self, move, seat, players):
        suit = SUIT_NAMES[self.upcard.suit] if self.phase == "trumps" or move.kind == "accept" else None
        if move.kind == "accept":
            return f"{players[seat]} accepts {suit} as trumps."
        if self.phase == "trumps":
            return f"{players[seat]} declines {suit}."
        if self.bottom_turned and not self.play.trick and not self.play.tricks:
            return (f"{players[seat]} declines too; the bottom card of the stub, the {self.stub[-1].symbol}, "
                    f"makes {SUIT_NAMES[self.play.trump]} trumps.")
        return f"{players[seat]} declines."

    def _result_sentence(self):
        if self.winner is None:
            return None
        return (self._last_hand_sentence()
                or f"{self.scorer_names()[self.winner]} win the game: every line of their board is erased.")

    def _standings(self):
        names = self.scorer_names()
        return [f"{names[s]}: {board_words(self.boards[s])}" for s in range(2)]

GAME = CouillonState
