"""The fishing family: a card played from the hand captures cards from a layout on the table.

A capture is one move built from several cards (rules_engine/selection.py): the card that
captures (from the hand, or wherever the game says it comes from) and the table card or cards it
takes, written once in records as ``capture 4H with 6S`` (the cards taken, in the layout's order,
then the capturing card). A card that captures nothing is laid on the table: ``play 4C``.
Captured cards go to their taker's won pile, face down but public (everyone saw the capture),
and each hand is scored by counting the won piles.

:class:`FishingGame` keeps what every fishing game shares: the hands, the layout, the stock, the
won piles, the last capturer (who takes what is left at the end), the hand's end with its count,
the totals carried from hand to hand, the dealer's rotation and the game's end after a number of
hands, and the table's zones, score sheet and hand's end. A game gives its deal (``_deal``),
what a card may capture (``captures``), what a card is worth (``card_points``), what follows a
card played from the hand (``_after_play``), its rule ids (``RULES``) and its headline facts.

What is computed from a state (the moves listed, the table's sums, the scores) is computed once,
when first asked, and kept on the state (``once_per_state``) for that state alone:
``apply`` does not carry it to the next state, and a move forgets it (``_forget``) before it
changes the state it is played on.
"""

from ..cards import build_deck, parse_card
from ..game import ALL, Scores, State
from ..moves import Move, MoveForm, MoveForms
from ..selection import Built
from ..table import Tally, hand_end, headline, plural, score_sheet, zone

FORMS = MoveForms(MoveForm("capture", "capture {cards} with {card}"), MoveForm("play", "play {card}"))


class once_per_state:
    """A state's property computed when first asked and kept in the state's ``__dict__`` under its
    own name, which starts ``_cached`` so that ``apply`` drops it from the next state (as
    ``functools.cached_property`` does, without its lock: a state is not shared between threads)."""

    def __init__(self, compute):
        self.compute = compute
        self.__doc__ = compute.__doc__

    def __set_name__(self, owner, name):
        assert name.startswith("_cached"), name
        self.name = name

    def __get__(self, state, owner=None):
        if state is None:
            return self
        value = state.__dict__[self.name] = self.compute(state)
        return value


def quick_maker(form):
    """``form.make`` for a form of fishing moves, twice as fast (every legal move of every state is
    written, and that counts): the form's words joined once into a pattern, its slots written as
    ``MoveForm.make`` writes them; a move of one card is made once for each card of any pack (a
    move does not change, and laying a card is listed in most states). Forms of other slots than a
    card, cards then a card, or cards, a card and a number keep their own ``make``."""
    kind = form.kind
    pattern = " ".join("{}" if part == "slot" else word for part, word in form.parts)
    slots = tuple(word for part, word in form.parts if part == "slot")
    if slots == ("card",):
        return {card: Move(kind, (card,), pattern.format(card.text)) for card in build_deck(jokers=1)}.__getitem__
    if slots == ("cards", "card"):
        return lambda cards, card: Move(kind, (tuple(cards), card),
                                        pattern.format(" ".join([c.text for c in cards]), card.text))
    if slots == ("cards", "card", "int"):
        return lambda cards, card, n: Move(kind, (tuple(cards), card, n),
                                           pattern.format(" ".join([c.text for c in cards]), card.text, n))
    return form.make


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
    _makers = {form.kind: quick_maker(form) for form in FORMS.forms}
    RULES = {"turn": "play.turn", "capture": "play.capture", "must": "play.capture", "rest": "end.rest",
             "count": "scoring.cards", "end": "end.game"}
    CAPTURE_BUTTON = "Capture"
    HAND = "hand"       # what the game calls a hand in its headline and score sheet ("deal")
    LAYS = "plays"      # the verb of a card laid on the table ("trails")

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls._makers = {form.kind: quick_maker(form) for form in cls.forms.forms}

    def _move(self, kind, *args):
        """The move of form ``kind`` made of ``args`` (``self.forms[kind].make``, quicker)."""
        return self._makers[kind](*args)

    # ---- hooks for the game --------------------------------------------------------------------

    def captures(self, card):
        """The captures ``card`` may make from the layout: tuples of layout cards, in its order."""
        raise NotImplementedError

    def card_points(self, card):
        raise NotImplementedError

    def _deal(self):
        """Deal hand ``self.hand_number`` for ``self.dealer``: fill ``hands``, ``layout`` and ``stock``."""
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
        self.layout, self.stock, self.last_capturer = [], [], None
        self.phase, self.turn = "play", (dealer + 1) % self.seats
        self._deal()

    def __copy__(self):
        # What copy.copy does for any object, without its generic path (a state is copied at every move).
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        return new

    def _copied(self):
        # map, not a comprehension: at every move, and a comprehension is a call on Python 3.11
        self.hands, self.won = list(map(list, self.hands)), list(map(list, self.won))
        self.layout, self.stock = list(self.layout), list(self.stock)

    def _forget(self):
        """Drop what was computed from this state: the move being played is about to change it."""
        for key in [key for key in self.__dict__ if key.startswith("_cached")]:
            del self.__dict__[key]

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

    def _ordered(self, cards):
        """``cards`` of the table in the order records list them."""
        return tuple(sorted(cards, key=self._cached_table_order.__getitem__))

    @once_per_state
    def _cached_table_order(self):
        return {card: i for i, card in enumerate(self._table_cards())}

    def capture_move(self, taken, card):
        return self._move("capture", self._ordered(taken), card)

    def _legal(self):
        """Each card's captures, or laying it when it captures nothing. The moves are written by
        the forms' makers directly, not through ``capture_move``: every legal move of every state
        is written."""
        capture, play, in_order = self._makers["capture"], self._makers["play"], self._ordered
        moves = []
        for card in self._capturing_cards():
            found = self.captures(card)
            if found:
                moves += [capture(in_order(taken), card) for taken in found]
            else:
                moves.append(play(card))
        return moves

    def parse_move(self, move):
        if type(move) is str and not self.over:
            known = self._cached_legal_by_text.get(move)
            if known is not None:   # a legal move's own text: no need to read it again
                return known
        elif type(move) is Move and not self.over and self._listed(move) is move:
            return move   # a legal move as listed: its cards are in order already
        move = super().parse_move(move)
        if move.kind != "play" and all(c in self._table_cards() for c in move.args[0]):
            # the cards taken in the table's order
            return self._move(move.kind, self._ordered(move.args[0]), *move.args[1:])
        return move

    def _listed(self, move):
        # A move as listed (a bot's choice) is found by what it is before its text is compared:
        # ``apply`` asks for every move made. The legal moves' texts differ, each naming its cards.
        if type(move) is Move:
            for legal in self._legal_now():
                if legal is move:
                    return move
        return super()._listed(move)

    @once_per_state
    def _cached_legal_by_text(self):
        return {m.text: m for m in self._legal_now()}

    def _capturing_card(self, move):
        return move.card if move.kind == "play" else move.args[1]

    def _why_not(self, move):
        card = self._capturing_card(move)
        if card not in self._capturing_cards():
            return self._not_yours(card)
        if move.kind == "play":
            return self._play_refusal(card)
        missing = [c for c in move.args[0] if c not in self._table_cards()]
        if missing:
            return f"the {missing[0].symbol} is not on the table", self.RULES["capture"]
        return self._taking_refusal(move, card)

    def _play_refusal(self, card):
        """Why ``card``, held, may not be laid on the table."""
        return (f"the {card.symbol} can capture {self._options_words(card)}: a card that can capture must",
                self.RULES["must"])

    def _taking_refusal(self, move, card):
        """Why ``move``, taking cards that are all on the table, is refused."""
        return self._capture_refusal(move.args[0], card)

    def _options_words(self, card):
        return " or ".join(cards_words(t) for t in self.captures(card))

    def _capture_refusal(self, taken, card):
        """Why ``card`` may not capture ``taken``, all of them on the table."""
        found = self.captures(card)
        if not found:
            return f"the {card.symbol} captures nothing on the table: it is played to the table", self.RULES["capture"]
        return (f"the {card.symbol} cannot capture {cards_words(taken)}: it captures {self._options_words(card)}",
                self.RULES["capture"])

    def candidate_moves(self):
        if self.over:
            return []
        legal = self.legal_moves()
        hand, table = self.hands[self.turn], self._table_cards()
        extra = [FORMS["play"].make(c) for c in hand]
        extra += [FORMS["capture"].make((t,), c) for c in hand[:3] for t in table[:3]]
        extra += self._more_candidates(hand, table)
        return legal + [m for m in dict.fromkeys(extra) if m not in legal]

    def _more_candidates(self, hand, table):
        """Well-formed moves worth asking ``explain`` about beside each card laid and captures of
        the first table cards: by default, cards the seat may not hold."""
        return [FORMS["play"].make(parse_card(t)) for t in ("AS", "KH", "5D")]

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
        elif move.kind == "play":
            self._release(card)
            self.layout.append(card)
            self.said = f"{name} {self.LAYS} the {card.symbol} to the table."
        else:
            self._play_own(move)
        self._after_play(seat)

    def _play_own(self, move):
        """Carry out a move of the game's own kind (a build), but for what follows it."""
        raise NotImplementedError

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
        lines = self._take_rest()
        tally = self._hand_tally()
        row = tally.points
        self.points = tuple(a + b for a, b in zip(self.points, row))
        self.hand_results += ((self.hand_number, row, tuple(lines + self._row_lines(row))),)
        # The hand's end tells what happened; its breakdown says what each scored, item by item.
        self.hand_end = (self.hand_number, tuple(lines), [list(w) for w in self.won])
        self.hand_tally = tally.breakdown(self._scorer_names(), self._members)
        winners = self._winners()
        if winners:
            self.over, self.turn, self.winners = True, None, winners
            return
        self._start_hand(self.hand_number + 1, (self.dealer + 1) % self.seats)

    def _rest_taker(self):
        """The seat that takes the cards left on the table at the hand's end: the last to capture."""
        return self.last_capturer

    def _take_rest(self):
        """The cards left on the table go to their taker: the lines that say so."""
        rest = list(self._table_cards())
        taker = self._rest_taker()
        if not rest or taker is None:
            return []
        self.won[taker] += rest
        for c in rest:
            self._take_from_table(c)
        how = "made the last capture" if self.last_capturer is not None else "dealt, nobody having captured,"
        return [f"{self.player_names()[taker]} {how} and takes {cards_words(rest)}, left on the table"]

    def _hand_tally(self):
        """The hand's points per column of ``points``, item by item (a ``table.Tally``): by default
        each won pile's count, its cards that count."""
        tally = Tally(self.seats)
        for s, pile in enumerate(self.won):
            counted = [c for c in pile if self.card_points(c)]
            tally.add(s, "Cards that count", pile_points(pile, self.card_points), self.RULES["count"], counted)
        return tally

    def _members(self, column):
        """The seats of a column of ``points``: the player, or a game's side."""
        return [column]

    def _row_lines(self, row):
        names = self.player_names()
        return [f"{names[s]} scores {plural(row[s], 'point')} for {plural(len(self.won[s]), 'card')} won"
                for s in range(self.seats)]

    def _winners(self):
        """The seats that win, once the game is over after this hand; none before. By default the
        game ends after its number of hands, the highest total winning."""
        if self.hand_number < self._hands_in_game():
            return ()
        best = max(self.points)
        return tuple(s for s in range(self.seats) if self.points[s] == best)

    @property
    def scores(self):
        return self._cached_scores

    @once_per_state
    def _cached_scores(self):
        return self._scores()

    def _scores(self):
        hand = self.hand_results[-1][1] if self.over else tuple(pile_points(w, self.card_points) for w in self.won)
        return Scores(tuple(hand), self.points)

    # ---- what each seat sees ---------------------------------------------------------------------

    def hidden_from(self, seat):
        hidden = set(self._face_down())
        if seat != ALL:
            hidden |= {c for s, hand in enumerate(self.hands) if s != seat for c in hand}
        return hidden

    def _face_down(self):
        """Cards no seat sees: the stock."""
        return list(self.stock)

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
            "stock": len(self.stock),
        }

    def stock_zone(self):
        return zone("stock", "Stock", ["??"] * len(self.stock), kind="stock", layout="squared", group="middle")

    def stock_fact(self):
        return f"Stock: {plural(len(self.stock), 'card')}"

    def _won_note(self, seat, pile):
        """The note of a won pile, drawn beside its seat's name: it says "won", lest it read as a
        count of the hand beside it."""
        return f"won {plural(pile_points(pile, self.card_points), 'point')}"

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
            zones.append(zone(f"won-{s}", f"{names[s]}'s won cards", pile, kind="captured", layout="squared",
                              owner=s, note=self._won_note(s, pile)))
        return zones

    def _title(self):
        """The headline's title: the hand and how many the game has."""
        hands = self._hands_in_game()
        return f"{self.HAND.capitalize()} {self.hand_number} of {hands}" if hands > 1 else "The deal"

    def _said(self, seat):
        return self.said

    def fishing_description(self, seat, facts, middle=()):
        names = self.player_names()
        return {
            "headline": headline(self._title(), f"Dealer: {names[self.dealer]}", *facts),
            "zones": self.fishing_zones(seat, middle),
            "dealer": self.dealer,
            "score": self._score_sheet(),
            "last": self.said,
            "result": self._result(),
            "interlude": self._interlude(),
        }

    def _target_words(self):
        """How the game is won, under the score sheet."""
        return f"{plural(self._hands_in_game(), 'hand')}, the highest total winning"

    def _score_sheet(self):
        rows = [(f"{self.HAND.capitalize()} {n}", list(p)) for n, p, _ in self.hand_results]
        return score_sheet(self._scorer_names(), rows, [("Points", list(self.points))], target=self._target_words())

    def _result(self):
        if not self.over:
            return None
        names = self.player_names()
        best = plural(self.points[self.winners[0]], "point")
        if len(self.winners) > 1:
            tied = " and ".join(names[s] for s in self.winners)
            return f"{tied} share the win with {best} each."
        return f"{names[self.winners[0]]} wins with {best}."

    ENDED = "every card of the hands is played and the stock is used up"

    def _interlude(self):
        ended = self.__dict__.get("hand_end")
        if not ended:
            return None
        number, lines, won = ended
        names = self.player_names()
        zones = [zone(f"end-won-{s}", f"{names[s]}'s won cards", pile, kind="captured", owner=s, source=False)
                 for s, pile in enumerate(won)]
        totals = [f"{name}: {plural(points, 'point')} in all" for name, points in zip(self._scorer_names(), self.points)]
        return hand_end(f"End of {self.HAND} {number}", lines, zones=zones, totals=totals, ended=self.ENDED, state=self)
