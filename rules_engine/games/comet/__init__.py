"""Comet (Commit): stops play for four to eight, with the 9♦ as a wild comet, scored to 100.

- The pack has 51 cards, without the 8♦; aces are low (``setup.pack``).
- Each player gets the same number of cards. By default the cards left
  over are a stub set aside unseen, whose cards are stops nobody knows; with
  ``deal="even"`` more 8s are taken out, face up, until the pack divides
  evenly, so every stop is known (``setup.deal``).
- The dealer's left starts with any card (``play.start``); the holder of the
  next card of the suit plays it (``play.sequence``); a king, a card in the
  stub or taken out, or one already played stops play, and the last player
  starts again (``play.stop``).
- The holder of the 9♦, the comet, may play it at any time, even out of turn
  (``play.comet``). Play then stops: the player on the comet player's left
  must play the 10♦ or the next card of the sequence it interrupted; if
  unable, the next player to the left, and so on; play goes on from the card
  played (``play.after-comet``).
- The first player out scores 1, plus 1 for each card in the others' hands,
  plus 2 for each king not played; a player still holding the comet loses 1
  (``scoring.hand``). The deal passes left; the first to 100 wins (``end.game``).

Interpretation notes (on the game's page, ``interpretation.*``):

- ``interpretation.first-dealer``: seat 0 deals first.
- ``interpretation.comet-turn``: the comet's holder is offered it before the
  hand's first card and after every card, whenever someone else plays next
  (on their own turn it is one of their cards); they may play it, pass (be
  offered it again after the next card) or wait for their own turn.
- ``interpretation.no-answer``: a comet none of the others can answer stops
  play, and its player starts; a comet on no sequence is answered by the 10♦ alone.
- ``interpretation.kings``: an unplayed king counts wherever it lies.
- ``interpretation.even-deal``: the 8♣, 8♥ and 8♠ go, in that order.
- ``interpretation.end``: points come only at a hand's end, and only the
  hand's winner gains, so the game ends after that hand with one winner.
"""

from ...cards import parse_card
from ...families.stops import StopsPlay
from ...families.stops_game import StopsPointsGame
from ...families.tricks import left_of
from ...game import ALL, GameSpec, Option
from ...moves import MoveForm, MoveForms
from ...scoring import ScoreRule
from ...table import zone

COMET, TEN_OF_DIAMONDS = parse_card("9D"), parse_card("TD")
EXTRA_EIGHTS = tuple(parse_card(c) for c in ("8C", "8H", "8S"))  # taken out in this order for an even deal

FORMS = MoveForms(
    MoveForm("play", "play {card}"),
    MoveForm("pass", "pass"),
    MoveForm("wait", "wait for my turn"),
)


def hand_points(cards_left, kings_unplayed, comet_holder=None, winner=0):
    """A hand's points: the winner's 1, a point a card left in the other hands, 2 a king not
    played; the comet's holder loses 1.

    >>> hand_points([0, 3, 5, 1], kings_unplayed=2, comet_holder=2)
    [14, 0, -1, 0]
    """
    points = [0] * len(cards_left)
    points[winner] = 1 + sum(n for seat, n in enumerate(cards_left) if seat != winner) + 2 * kings_unplayed
    if comet_holder is not None:
        points[comet_holder] -= 1
    return points


def most_hands(seats, target=100):
    """The most hands a game can last. Each hand's winner scores 1 and a point for each card the
    others still hold (one at least each), and only the comet's holder loses, one point: so the
    scores' total grows by ``seats - 1`` a hand at least, and it stays below ``target`` times the
    players only while nobody has reached the target.

    >>> most_hands(4), most_hands(8)
    (133, 114)
    """
    return (target - 1) * seats // (seats - 1) + 1


def taken_out(seats):
    """The 8s an even deal takes out for ``seats`` players (51 cards less these divide evenly).

    >>> [len(taken_out(n)) for n in range(4, 9)]
    [3, 1, 3, 2, 3]
    """
    return EXTRA_EIGHTS[: 51 % seats]


class CometState(StopsPointsGame):
    spec = GameSpec(
        id="comet",
        name="Comet",
        family="stops",
        aliases=("Commit",),
        seats=(4, 8),
        deck="51",
        summary="Newmarket's stops play with a wild card, the 9♦, that its holder plays whenever they like; "
                "the first out scores for everyone's cards left.",
        options=(Option("deal", "stub", ("stub", "even"),
                        "stub: the cards left over are set aside unseen; even: 8s are taken out, face up, "
                        "until the pack divides evenly"),),
        rules=("setup.pack", "setup.deal", "play.start", "play.sequence", "play.stop", "play.comet",
               "play.after-comet", "interpretation.first-dealer", "interpretation.comet-turn",
               "interpretation.no-answer", "interpretation.kings", "interpretation.even-deal",
               "interpretation.end"),
        scoring=ScoreRule(wins="high", target=100, rule="scoring.hand", end_rule="end.game"),
    )
    forms = FORMS
    TARGET = 100
    DEAD_HAND_LABEL = "The stub"

    def _deal_hand(self):
        self.removed = taken_out(self.seats) if self.options["deal"] == "even" else ()
        cards = self._shuffle(f"hand-{self.hand_number}", [c for c in self._pack() if c not in self.removed])
        each = len(cards) // self.seats
        hands = self._deal_round(cards[: each * self.seats], self.seats)
        self.play = StopsPlay.deal(hands, starter=left_of(self.dealer, self.seats), dead=cards[each * self.seats:])
        self.waiting = False  # the comet's holder asked not to be offered it again before their own turn
        self.answer = None    # after the comet: (the comet player, the cards held that may answer it)
        self.asked = ()       # the cards that answer it, as far as everyone knows: none is played or out
        self._open_window()   # interpretation.comet-turn: even before the first card

    # ---- who acts --------------------------------------------------------------------------------

    @property
    def to_act(self):
        if self.over:
            return None
        if self.answer:
            return self._answerer()
        if self.window:
            return self.play.holder(COMET)
        return self.play.to_act

    # interpretation.comet-turn: the others must not learn who is offered the comet, or they would
    # know who holds it. They see play wait on the player who plays next, and a pass is not told.
    def _private_turn(self):
        return self.window and not self.over

    def _public_turn(self):
        # The answer to the comet goes round from its player's left, each player saying whether
        # they can: who answers is known to all.
        return self._answerer() if self.answer and not self.over else super()._public_turn()

    def _keeps_private(self, move):
        return move.kind != "play"

    def _answerer(self):
        """The first player to the left of the comet's holding a card that answers it."""
        comet_player, cards = self.answer
        for step in range(1, self.seats):
            seat = left_of(comet_player, self.seats, step)
            if any(card in self.play.hands[seat] for card in cards):
                return seat
        raise AssertionError("an answer is only awaited when someone holds one")

    def _legal(self):
        seat, play = self.to_act, FORMS["play"]
        if self.answer:
            return [play.make(card) for card in self.answer[1] if card in self.play.hands[seat]]
        if self.window:
            return [play.make(COMET), FORMS["pass"].make(), FORMS["wait"].make()]
        moves = super()._legal()
        if COMET in self.play.hands[seat] and play.make(COMET) not in moves:
            moves.append(play.make(COMET))  # play.comet: at any time
        return moves

    def _why_not(self, move):
        seat, players = self.to_act, self.player_names()
        if self.answer:
            cards = " or the ".join(c.symbol for c in self.answer[1] if c in self.play.hands[seat])
            return (f"after the comet, {players[seat]} must play the {cards}", "play.after-comet")
        if self.window:
            return (f"{players[seat]} may play the comet now, let play go on (pass) or wait for their own turn, "
                    "nothing else", "play.comet")
        if move.kind == "wait":
            return ("waiting is a choice only when you are offered the comet out of turn",
                    "interpretation.comet-turn")
        if move.kind == "pass":
            needed = self.play.next_card()
            if needed is not None:
                return (f"you hold the {needed.symbol}, which the sequence needs: you must play it", "play.sequence")
            return ("you must start a sequence: there is nothing to pass", "play.start")
        return super()._why_not(move)

    # ---- moves ---------------------------------------------------------------------------------

    def _play(self, move):
        seat, players = self.to_act, self.player_names()
        if move.kind in ("pass", "wait"):
            self.window = False
            self.waiting = move.kind == "wait"
            return  # nothing to tell: the others must not learn that anyone was asked
        if move.card == COMET:
            lines = self._play_comet(seat)
        else:
            self.answer = None
            lines = self._play_card(seat, move.card)
            if self.play.hands[seat]:
                self._open_window()
        if not self.play.hands[seat]:
            lines.append(f"{players[seat]} is out of cards")
            lines += self._end_hand(seat)
        self.said = "; ".join(lines) + "."

    def _open_window(self):
        """After a card (and before the first), the comet's holder may play it out of turn, unless
        they play next anyway or have asked to wait for their own turn, which is now when it comes."""
        holder = self.play.holder(COMET)
        if holder == self.play.to_act:
            self.waiting = False
        self.window = holder is not None and holder != self.play.to_act and not self.waiting

    def _play_comet(self, seat):
        players = self.player_names()
        interrupted = self.play.next_card()
        self.window = False
        self.play = self.play.interrupt(COMET, seat)
        # interpretation.no-answer: the others answer, in turn from the left; the comet's player does not.
        cards = tuple(c for c in (TEN_OF_DIAMONDS, interrupted)
                      if c is not None and self.play.holder(c) not in (None, seat))
        # What the table says is said to every seat: a card that may lie in the stub is named too,
        # or the list would tell who may hold it.
        self.asked = tuple(c for c in dict.fromkeys((TEN_OF_DIAMONDS, interrupted))
                           if c is not None and not self.play.is_played(c) and c not in self.removed)
        line = f"{players[seat]} plays the comet, the 9♦"
        if not self.play.hands[seat]:
            return [line]
        if not cards:  # interpretation.no-answer
            self.answer = None
            return [line, f"nobody can answer it, so {players[seat]} starts the next sequence"]
        self.answer = (seat, cards)
        wanted = " or the ".join(c.symbol for c in self.asked)
        return [line, f"{players[left_of(seat, self.seats)]} must answer with the {wanted} if able"]

    def candidate_moves(self):
        return [FORMS["play"].make(card) for card in self._pack()] + [FORMS["pass"].make(), FORMS["wait"].make()]

    def move_bound(self):
        """``most_hands`` hands, each of a move a card dealt and at most one answer to an offer of
        the comet before the first card and after each."""
        return most_hands(self.seats, self.TARGET) * (2 * self._hand_moves() + 1)

    # ---- the hand's end --------------------------------------------------------------------------

    def _settle(self, winner):
        players = self.player_names()
        left = [len(hand) for hand in self.play.hands]
        kings = sum(1 for c in self._pack() if c.rank == "K" and not self.play.is_played(c))
        holder = self.play.holder(COMET)
        points = hand_points(left, kings, holder, winner)
        self._item(winner, 1, ("Going out", "scoring.hand", ()))
        self._item(winner, sum(left), ("Cards left in the other hands", "scoring.hand", ()), (sum(left), "card"))
        self._item(winner, 2 * kings, ("Kings not played", "interpretation.kings", ()), (kings, "king"))
        if holder is not None:
            self._item(holder, -1, ("The comet still held", "scoring.hand", [COMET]))
        self._score(points)
        lines = [f"{players[winner]} scores {points[winner]}: 1 for going out, "
                 f"{sum(left)} for the cards left in the other hands, {2 * kings} for {kings} "
                 f"king{'' if kings == 1 else 's'} not played"]
        if holder is not None:
            lines.append(f"{players[holder]} still holds the comet ({COMET.symbol}) and loses a point")
        return lines

    # ---- what each seat sees -------------------------------------------------------------------

    def _cards_in_play(self):
        return self.play.cards() + list(self.removed)

    def _view_extra(self, seat):
        # Whether an answer to the comet is awaited, not which cards: the seat to act sees its own in its moves.
        # The window only to the one offered the comet (interpretation.comet-turn).
        window = self.window and seat in (self.to_act, ALL)
        return {"removed": [c.text for c in self.removed], "window": window, "answering": bool(self.answer)}

    def _zones_aside(self, seat):
        if not self.removed:
            return []
        return [zone("removed", "Taken out", self.removed, kind="set-aside", layout="row", group="play")]

    def _facts(self, players):
        if self.answer and not self.over:
            return [f"After the comet: the {' or the '.join(c.symbol for c in self.asked)}"]
        return super()._facts(players)  # not who is offered the comet: that would tell who holds it


GAME = CometState
