"""The fishing family: a card played from the hand captures cards from a layout on the table.

A capture is one move built from several cards (rules_engine/selection.py): the card that
captures (from the hand, or wherever the game says it comes from) and the table card or cards it
takes, written once in records as ``capture 4H with 6S`` (the cards taken, in the layout's order,
then the capturing card). A card that captures nothing is laid on the table: ``play 4C``.
Captured cards go to their taker's won pile, face down but public (everyone saw the capture),
and each hand is scored by counting the won piles.

:class:`FishingGame` keeps what every fishing game shares: the hands, the layout, the won piles,
the last capturer (who takes what is left at the end, where a game says so), the hand's end
with its count, the totals carried from hand to hand, the dealer's rotation and the game's end
after a number of hands, and the table's zones, score sheet and hand's end. A game gives its
deal (``_deal``), what a card may capture (``captures``), what a card is worth (``card_points``),
what follows a card played from the hand (``_after_play``), its rule ids (``RULES``) and its
headline facts.
"""

from ..cards import parse_card
from ..game import ALL, Scores, State
from ..moves import MoveForm, MoveForms
from ..selection import Built
from ..table import headline, plural, score_sheet, zone

FORMS = MoveForms(MoveForm("capture", "capture {cards} with {card}"), MoveForm("play", "play {card}"))


def cards_words(cards):
    """``the 4♥``, ``the 4♥ and the 6♠``, ``the K♥, the K♦ and the K♠``."""
    named = [f"the {c.symbol}" for c in cards]
    return named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]


def pile_points(cards, value):
    """The points of a won pile: the sum of ``value(card)`` over its cards."""
    return sum(value(c) for c in cards)


class FishingGame(State):
    """A fishing game played hand after hand, ``hands`` of them, the deal passing to the left.

    Rule ids the family cites are the game's ``RULES`` mapping: ``turn`` (who plays),
    ``capture`` (what a card captures), ``must`` (a card that can capture must), ``rest`` (the
    cards left at the end), ``count`` (the hand's count) and ``end`` (the game's end)."""

    forms = FORMS
    RULES = {"turn": "play.turn", "capture": "play.capture", "must": "play.capture", "rest": "end.rest",
             "count": "scoring.cards", "end": "end.game"}
    REST_TO_LAST_CAPTURER = True
    CAPTURE_BUTTON = "Capture"

    # ---- hooks for the game --------------------------------------------------------------------

    def captures(self, card):
        """The captures ``card`` may make from the layout: tuples of layout cards, in its order."""
        raise NotImplementedError

    def card_points(self, card):
        raise NotImplementedError

    def _deal(self):
        """Deal hand ``self.hand_number`` for ``self.dealer``: fill ``hands`` and ``layout``."""
        raise NotImplementedError

    def _after_play(self, seat):
        """What follows a card played from the hand; by default the turn passes to the left."""
        self._next_turn()

    def _hands_in_game(self):
        return self.options.get("hands", 1)

    # ---- setup ---------------------------------------------------------------------------------

    def _setup(self):
        self.points = (0,) * self.seats
        self.hand_results = ()   # (hand number, points per seat, lines)
        self.over, self.winners, self.said = False, (), None
        self._start_hand(1, 0)

    def _start_hand(self, number, dealer):
        self.hand_number, self.dealer = number, dealer
        self.hands = [[] for _ in range(self.seats)]
        self.won = [[] for _ in range(self.seats)]
        self.layout, self.last_capturer = [], None
        self.phase, self.turn = "play", (dealer + 1) % self.seats
        self._deal()

    def _copied(self):
        self.hands = [list(h) for h in self.hands]
        self.won = [list(w) for w in self.won]
        self.layout = list(self.layout)

    @property
    def to_act(self):
        return None if self.over else self.turn

    # ---- moves ---------------------------------------------------------------------------------

    def _table_cards(self):
        """Every card on the table a capture may name, in the order records list them (the
        layout's, by default; a game with piles on the table adds theirs)."""
        return self.layout

    def _take_from_table(self, card):
        self.layout.remove(card)

    def capture_move(self, taken, card):
        order = self._table_cards()
        return FORMS["capture"].make(tuple(sorted(taken, key=order.index)), card)

    def _moves_for(self, card):
        """The legal moves of ``card``: its captures, or laying it when it captures nothing."""
        found = self.captures(card)
        if found:
            return [self.capture_move(t, card) for t in found]
        return [FORMS["play"].make(card)]

    def _legal(self):
        return [m for card in self._capturing_cards() for m in self._moves_for(card)]

    def parse_move(self, move):
        move = super().parse_move(move)
        if move.kind == "capture" and all(c in self._table_cards() for c in move.args[0]):
            return self.capture_move(move.args[0], move.args[1])   # the cards taken in the layout's order
        return move

    def _capturing_card(self, move):
        return move.args[1] if move.kind == "capture" else move.card

    def _why_not(self, move):
        card = self._capturing_card(move)
        if card not in self._capturing_cards():
            return self._not_yours(card)
        if move.kind == "play":
            return (f"the {card.symbol} can capture {self._options_words(card)}: a card that can capture must",
                    self.RULES["must"])
        return self._capture_refusal(move.args[0], card)

    def _options_words(self, card):
        return " or ".join(cards_words(t) for t in self.captures(card))

    def _capture_refusal(self, taken, card):
        missing = [c for c in taken if c not in self._table_cards()]
        if missing:
            return f"the {missing[0].symbol} is not on the table", self.RULES["capture"]
        found = self.captures(card)
        if not found:
            return f"the {card.symbol} captures nothing on the table: it is played to the table", self.RULES["capture"]
        return (f"the {card.symbol} cannot capture {cards_words(taken)}: it captures {self._options_words(card)}",
                self.RULES["capture"])

    def candidate_moves(self):
        if self.over:
            return []
        legal = self.legal_moves()
        hand = self.hands[self.turn]
        extra = [FORMS["play"].make(c) for c in hand]
        extra += [FORMS["capture"].make((t,), c) for c in hand[:3] for t in self.layout[:3]]
        extra += [FORMS["play"].make(parse_card(t)) for t in ("AS", "KH", "5D")]
        return legal + [m for m in dict.fromkeys(extra) if m not in legal]

    # ---- moves built from several cards ----------------------------------------------------------

    def _built(self, move):
        if move.kind == "capture":
            return Built((move.args[1].text,) + tuple(c.text for c in move.args[0]), None, self.CAPTURE_BUTTON)
        return None

    def _selection_refusal(self, picked, target):
        cards = [parse_card(t) for t in picked]
        if target is not None:
            return "a capture goes to the captor's won pile: it has no place to aim at", self.RULES["capture"]
        sources = self._capturing_cards()
        own = [c for c in cards if c in sources]
        name = self.player_names()[self.turn]
        strange = [c for c in cards if c not in sources and c not in self._table_cards()]
        if strange:
            return f"the {strange[0].symbol} is neither {name}'s to play nor on the table", self.RULES["turn"]
        if len(own) > 1:
            return "a capture is made with one card", self.RULES["capture"]
        if not own:
            return f"no card {name} may play now captures {cards_words(cards)}", self.RULES["capture"]
        return self._capture_refusal([c for c in cards if c not in own], own[0])

    def _capturing_cards(self):
        """The cards the seat to act may capture with now (its hand, by default)."""
        return self.hands[self.turn]

    def _not_yours(self, card):
        """Why ``card`` may not be played or capture now: ``(reason, rule)``."""
        return f"{self.player_names()[self.turn]} does not hold the {card.symbol}", self.RULES["turn"]

    def _release(self, card):
        """Take ``card`` from where it is played from (the hand, by default)."""
        self.hands[self.turn].remove(card)

    # ---- playing a move --------------------------------------------------------------------------

    def _play(self, move):
        seat = self.turn
        card = self._capturing_card(move)
        name = self.player_names()[seat]
        if move.kind == "capture":
            self.said = self._capture_said(name, card, move.args[0])
            self._release(card)
            self._capture(seat, card, move.args[0])
        else:
            self._release(card)
            self.layout.append(card)
            self.said = f"{name} plays the {card.symbol} to the table."
        self._after_play(seat)

    def _capture_said(self, name, card, taken):
        return f"{name} captures {cards_words(taken)} with the {card.symbol}."

    def _capture(self, seat, card, taken):
        for c in taken:
            self._take_from_table(c)
        self.won[seat] += [card, *taken]
        self.last_capturer = seat

    def _next_turn(self):
        self.phase = "play"
        self.turn = (self.turn + 1) % self.seats
        if not any(self.hands) and self._hand_is_done():
            self._end_hand()

    def _hand_is_done(self):
        return True

    # ---- the hand's end and the game's ---------------------------------------------------------

    def seat_points(self, seat):
        """The game's points of ``seat`` (its side's, in a game of sides)."""
        return self.points[seat]

    def _scorer_names(self):
        """The names of the columns of ``points``: the players, or a game's sides."""
        return self.player_names()

    def _end_hand(self):
        names = self.player_names()
        lines = []
        rest = list(self._table_cards())
        if rest and self.REST_TO_LAST_CAPTURER and self.last_capturer is not None:
            self.won[self.last_capturer] += rest
            for c in rest:
                self._take_from_table(c)
            lines.append(f"{names[self.last_capturer]} made the last capture and takes {cards_words(rest)}, "
                         f"left on the table")
        row = tuple(pile_points(w, self.card_points) for w in self.won)
        lines += [f"{names[s]} scores {plural(row[s], 'point')} for {plural(len(self.won[s]), 'card')} won"
                  for s in range(self.seats)]
        self.points = tuple(a + b for a, b in zip(self.points, row))
        self.hand_results += ((self.hand_number, row, tuple(lines)),)
        self.hand_end = (self.hand_number, tuple(lines), [list(w) for w in self.won])
        if self.hand_number >= self._hands_in_game():
            self.over, self.turn = True, None
            best = max(self.points)
            self.winners = tuple(s for s in range(self.seats) if self.points[s] == best)
            return
        self._start_hand(self.hand_number + 1, (self.dealer + 1) % self.seats)

    @property
    def scores(self):
        hand = self.hand_results[-1][1] if self.over else tuple(pile_points(w, self.card_points) for w in self.won)
        return Scores(tuple(hand), self.points)

    # ---- what each seat sees ---------------------------------------------------------------------

    def hidden_from(self, seat):
        hidden = set(self._face_down())
        if seat != ALL:
            hidden |= {c for s, hand in enumerate(self.hands) if s != seat for c in hand}
        return hidden

    def _face_down(self):
        """Cards no seat sees (a stock)."""
        return []

    def _cards_in_play(self):
        return ([c for h in self.hands for c in h] + list(self._table_cards()) + [c for w in self.won for c in w]
                + self._face_down())

    def _table(self, seat):
        return {
            "hand_number": self.hand_number, "hands_in_game": self._hands_in_game(), "dealer": self.dealer,
            "phase": self.phase,
            "hands": [[c.text for c in h] if seat in (s, ALL) else len(h) for s, h in enumerate(self.hands)],
            "layout": [c.text for c in self.layout],
            "won": [[c.text for c in w] for w in self.won],
            "points": list(self.points), "over": self.over,
            "hands_played": [{"number": n, "points": list(p)} for n, p, _ in self.hand_results],
        }

    def fishing_zones(self, seat, middle=()):
        """The hands, the zones of the middle the game adds (a stock), the layout and the won piles."""
        names = self.player_names()
        carried = self.hand_number > 1 or None
        zones = []
        for s, hand in enumerate(self.hands):
            visible = seat in (s, ALL)
            zones.append(zone(f"hand-{s}", f"{names[s]}'s hand", (c.text if visible else "??" for c in hand),
                              kind="hand", layout="fan", owner=s, backs="hidden", tries="play {card}",
                              note=carried and f"{plural(self.seat_points(s), 'point')} from earlier hands"))
        zones += list(middle)
        zones.append(zone("layout", "Table", self.layout, kind="layout", layout="row", group="middle", source=True))
        for s, pile in enumerate(self.won):
            points = pile_points(pile, self.card_points)
            zones.append(zone(f"won-{s}", f"{names[s]}'s won cards", pile, kind="captured", layout="squared",
                              owner=s, note=f"{plural(points, 'point')} won"))
        return zones

    def _said(self, seat):
        return self.said

    def fishing_description(self, seat, facts, middle=()):
        names = self.player_names()
        title = f"Hand {self.hand_number} of {self._hands_in_game()}" if self._hands_in_game() > 1 else "The deal"
        return {
            "headline": headline(title, f"Dealer: {names[self.dealer]}", *facts),
            "zones": self.fishing_zones(seat, middle),
            "dealer": self.dealer,
            "score": self._score_sheet(),
            "last": self.said,
            "result": self._result(),
            "interlude": self._interlude(),
        }

    def _score_sheet(self):
        rows = [(f"Hand {n}", list(p)) for n, p, _ in self.hand_results]
        hands = self._hands_in_game()
        return score_sheet(self.player_names(), rows, [("Points", list(self.points))],
                           target=f"{plural(hands, 'hand')}, the highest total winning")

    def _result(self):
        if not self.over:
            return None
        names = self.player_names()
        best = plural(self.points[self.winners[0]], "point")
        if len(self.winners) > 1:
            tied = " and ".join(names[s] for s in self.winners)
            return f"{tied} share the win with {best} each."
        return f"{names[self.winners[0]]} wins with {best}."

    def _interlude(self):
        ended = self.__dict__.get("hand_end")
        if not ended:
            return None
        number, lines, won = ended
        names = self.player_names()
        zones = [zone(f"end-won-{s}", f"{names[s]}'s won cards", pile, kind="captured", owner=s, source=False)
                 for s, pile in enumerate(won)]
        totals = [f"{name}: {plural(points, 'point')} in all" for name, points in zip(self._scorer_names(), self.points)]
        return {"title": f"End of hand {number}", "zones": zones,
                "lines": [line[0].upper() + line[1:] for line in lines] + totals}
