"""Triple Play (Hand, Knee, and Foot): a Canasta for four in two partnerships, each player with
a hand, a knee and a foot to play through. Rules: docs/games/triple-play.md.

- 324 cards (six packs, twelve jokers); 15 cards to each hand, 13 to each knee, 11 to each
  foot; the upcard turned (a wild card, red 3, 5 or 7 buried in the stock) (``setup.deal``).
- Red 3s are laid apart as they come, and replaced from the stock until the player has picked
  up the knee (``play.red-threes``), all automatically.
- A turn: draw two (``play.draw``), or take the discard pile with two natural cards of its top
  card's rank, melded with it at once (``play.pickup``); meld (``play.meld``, built card by card:
  ``meld 8H 8S 2C``, ``add 8D to meld 2``); then discard (``play.discard``), or, after taking the
  pile, ``done``.
- Wild-card limits (``play.wild-limit``), canastas of seven (``play.canasta``), the first meld's
  minimum (``play.opening``: ``takeback`` returns a first meld that falls short), the knee taken
  with the partnership's first canasta (``play.knee``), the foot when the hand runs out
  (``play.foot``), the basic book (``play.book``) and asking the partner (``play.ask``).
- The deal ends when a player goes out, or when the stock is empty at a draw
  (``interpretation.stock-out``); four deals (``end.game``).
"""

from ...cards import make_deck
from ...game import ALL, GameSpec, Option, Scores, State
from ...moves import Move, MoveForm, MoveForms
from ...selection import Built
from .melds import (CANASTA, MELD_GROUP, NO_WILDS, OPENING, RED_THREES, SCORING, SIDES, WILD, add_move, book_missing,
                    canastas, deal_tally, discard_move, is_red_three, meld_move, meld_rank, remove_card, value)
from .refusals import Refusals, side_of

FORMS = MoveForms(
    MoveForm("draw", "draw"), MoveForm("stop", "stop"), MoveForm("pickup", "pickup {cards}"),
    MoveForm("meld", "meld {cards}"), MoveForm("add", "add {cards} to meld {int}"),
    MoveForm("discard", "discard {card}"), MoveForm("done", "done"), MoveForm("takeback", "takeback"),
    MoveForm("ask", "ask"), MoveForm("yes", "yes"), MoveForm("no", "no"),
)
HAND, KNEE, FOOT = 15, 13, 11
BURIED = ("2", "5", "7", None)     # an upcard of these ranks (or a red 3) goes back into the stock
# A deal's moves at most: every turn draws from the stock or takes a pile that a discard from a
# draw made, so a deal has at most twice as many turns as the pack has cards; a turn has a draw,
# an ask and its answer, a takeback and a discard, and its melds and additions each take a card
# at least from a hand of at most 324 cards (after a takeback, none).
DEAL_MOVES = 2 * 324 * (5 + 324)
ORDER = "3A456789TJQK2"


def meld_order(card):
    return MELD_ORDER[card]


# Each card's place in a meld's written order: by rank (3s first, wild 2s last), then suit; jokers at the end.
MELD_ORDER = {card: 4 * (ORDER.index(card.rank) if card.rank else len(ORDER))
                    + ("SHDC".index(card.suit) if card.suit else 0) for card in set(make_deck("324"))}
DISCARDS = {card: discard_move(card) for card in MELD_ORDER}   # listed at every turn that ends with a discard


class TriplePlayState(Refusals, State):
    spec = GameSpec(
        id="triple-play",
        name="Triple Play",
        aliases=("Hand, Knee, and Foot",),
        family="rummy",
        seats=(4, 4),
        deck="324",
        summary="Canasta for two partnerships, each player with a hand, a knee and a foot to play "
                "through: build canastas of 7s, 5s, wild cards and more towards a basic book.",
        options=(Option("deals", 4, (1, 2, 3, 4), "how many of the four deals to play"),),
        rules=("setup.deal", "play.turn", "play.red-threes", "play.draw", "play.pickup", "play.meld",
               "play.threes", "play.wild-limit", "play.opening", "play.canasta", "play.discard", "play.knee",
               "play.foot", "play.book", "play.ask", "play.keep-card", "scoring.deal", "scoring.red-threes",
               "end.game", "interpretation.stock-out", "interpretation.short-opening"),
        scoring=SCORING,
    )
    forms = FORMS
    side_of = staticmethod(side_of)   # for the table's answers to a move built card by card
    lists_built_moves = False
    lone_card_moves_finish = True   # a card picked alone may be discarded as well as added to a meld

    # ---- setup ------------------------------------------------------------------------------

    def _setup(self):
        self.totals, self.hand_results = (0, 0), ()
        self.over, self.said, self.winners = False, None, ()
        self._deal(1, 3)

    def _deal(self, number, dealer):
        self.deal_number, self.dealer = number, dealer
        cards = self._shuffle(f"deal-{number}", make_deck("324"))
        self.hands = [[cards.pop() for _ in range(HAND)] for _ in range(4)]
        self.knees = [[cards.pop() for _ in range(KNEE)] for _ in range(4)]
        self.feet = [[cards.pop() for _ in range(FOOT)] for _ in range(4)]
        self.stock = cards
        self.discard = []
        while True:   # setup.deal: an upcard that is wild, a red 3, a 5 or a 7 goes into the stock
            card = self.stock.pop()
            if card.rank in BURIED or is_red_three(card):
                self.stock.insert(len(self.stock) // 2, card)
                continue
            self.discard.append(card)
            break
        self.knee_taken, self.foot_taken, self.foot_due = [False] * 4, [False] * 4, [False] * 4
        self.melds = [[], []]          # per side: [rank, [cards]]
        self.red_threes = [[], []]
        self.opened = [False, False]
        self.out = None
        for step in range(4):
            self._lay_red_threes((dealer + 1 + step) % 4)
        self.turn = (dealer + 1) % 4
        self._start_turn()

    def _start_turn(self):
        self.phase, self.drew, self.turn_points, self.asked, self.allowed, self.taken_back = \
            "draw", None, 0, False, False, False
        if self.foot_due[self.turn]:
            self._take_foot(self.turn)

    def _copied(self):
        # A knee or a foot is only ever replaced whole, and a side's melds as they grow
        # (_add_to_melds): the lists themselves are shared with the states before.
        self.hands = [list(h) for h in self.hands]
        self.knees, self.feet = list(self.knees), list(self.feet)
        self.stock, self.discard = list(self.stock), list(self.discard)
        self.melds = list(self.melds)
        self.red_threes = [list(r) for r in self.red_threes]
        self.opened, self.knee_taken = list(self.opened), list(self.knee_taken)
        self.foot_taken, self.foot_due = list(self.foot_taken), list(self.foot_due)

    def move_bound(self):
        """At most ``deals`` deals of ``DEAL_MOVES`` each."""
        return self.options["deals"] * DEAL_MOVES

    @property
    def minimum(self):
        return OPENING[self.deal_number - 1]

    # ---- red 3s, knee and foot ------------------------------------------------------------------

    def _lay_red_threes(self, seat):
        """play.red-threes: red 3s in hand are laid apart; replaced from the stock until the knee."""
        hand = self.hands[seat]
        while not RED_THREES.isdisjoint(hand):
            threes = [c for c in hand if c in RED_THREES]
            for card in threes:
                remove_card(hand, card)
                self.red_threes[side_of(seat)].append(card)
                if not self.knee_taken[seat] and self.stock:
                    hand.append(self.stock.pop())

    def _take_knee(self, seat):
        self.knee_taken[seat] = True
        self.hands[seat] += self.knees[seat]
        self.knees[seat] = []
        self._lay_red_threes(seat)

    def _take_foot(self, seat):
        self.foot_taken[seat], self.foot_due[seat] = True, False
        self.hands[seat] += self.feet[seat]
        self.feet[seat] = []
        self._lay_red_threes(seat)

    # ---- moves ----------------------------------------------------------------------------------

    @property
    def to_act(self):
        return None if self.over else (self.turn + 2) % 4 if self.phase == "answer" else self.turn

    def parse_move(self, move):
        listed = self._listed_move(move)
        if listed is not None:
            return listed
        move = super().parse_move(move)
        if move.kind in ("meld", "pickup", "add"):   # cards written in one order, whatever order given
            cards = tuple(sorted(move.args[0], key=meld_order))
            return FORMS[move.kind].make(cards, *move.args[1:])
        return move

    def _listed_move(self, text):
        """The legal move written ``text`` (or handed back, as a bot or a list does), if the legal
        moves are listed already: read once, its cards not sorted again."""
        listed = self.__dict__.get("_legal_cached")
        if listed is None:
            return None
        if isinstance(text, Move):
            return next((move for move in listed if move is text), None)
        if not isinstance(text, str):
            return None
        by_text = self.__dict__.get("_cached_by_text")
        if by_text is None:
            by_text = self._cached_by_text = {m.text: m for m in listed}
        return by_text.get(text)

    def _legal(self):
        if self.phase == "answer":
            return [FORMS["yes"].make(), FORMS["no"].make()]
        seat, side = self.turn, side_of(self.turn)
        hand = self.hands[seat]
        if self.phase == "draw":
            moves = [FORMS["draw"].make() if self.stock else FORMS["stop"].make()]
            pair = self._pickup_pair(hand)
            if pair and self._refusal(FORMS["pickup"].make(pair)) is None:
                moves.append(FORMS["pickup"].make(pair))
            return moves
        held = sorted(set(hand), key=MELD_ORDER.__getitem__)   # each card once, in meld order
        # The representatives are of cards held, each once: only the meld rules can refuse them.
        moves = [m for m in self._representative_melds(held, side) if self._meld_refusal(m) is None]
        if not self.opened[side] and self.turn_points:
            moves.append(FORMS["takeback"].make())
        if self._may_end_turn():
            if self.drew == "stock":
                moves += map(DISCARDS.__getitem__, held)
            else:
                moves.append(FORMS["done"].make())
        if self.foot_taken[seat] and not self.asked and not self._books()[side]:
            moves.append(FORMS["ask"].make())
        return moves

    def _pickup_pair(self, hand):
        if not self.discard:
            return None
        top = self.discard[-1]
        same = [c for c in hand if (c.rank == top.rank if top.rank != "2" else c.rank == "2")]
        return tuple(sorted(same[:2], key=meld_order)) if len(same) >= 2 else None

    def _representative_melds(self, held, side):
        """A few melds and additions for each rank held (every natural card of it, and with one
        wild card, each card once; ``held`` the cards held, each once, in meld order), for bots
        and lists: any other meld is legal too (``_unlisted_legal``)."""
        by_rank = {}
        # Each card once: a few representatives are enough for bots and lists, and any other meld
        # (two copies of a card in it too) is built card by card on the table.
        for card in held:
            by_rank.setdefault(MELD_GROUP[card], []).append(card)
        wilds = by_rank.get(WILD, [])
        moves = []
        short = self._short_melds(side)
        for rank, cards in by_rank.items():
            number = short.get(rank, 0)
            if number:
                room = CANASTA - len(self.melds[side][number - 1][1])
                moves.append(add_move(tuple(cards[:room]), number))
                if rank != WILD and wilds:
                    moves.append(add_move((wilds[0],), number))
            elif len(cards) >= 3:
                moves.append(meld_move(tuple(cards[:CANASTA])))
            if not number and rank not in (WILD, "3") and rank not in NO_WILDS and len(cards) == 2 and wilds:
                moves.append(meld_move(tuple(cards) + (wilds[0],)))
        return moves

    def _short_melds(self, side):
        """``{rank: number}`` of the side's melds short of a canasta (``_open_meld``), worked out
        once for a state whose moves are listed or checked (never while a move is played)."""
        short = self.__dict__.setdefault("_cached_short_melds", [None, None])
        by_rank = short[side]
        if by_rank is None:   # the side to act's alone, as a rule: the other's is not asked
            by_rank = short[side] = {}
            for number, (rank, cards) in enumerate(self.melds[side], 1):
                if len(cards) < CANASTA:
                    by_rank.setdefault(rank, number)
        return by_rank

    def _open_meld(self, side, rank):
        """The number of the side's meld of ``rank`` that is not yet a canasta, or 0."""
        for number, (r, cards) in enumerate(self.melds[side], 1):
            if r == rank and len(cards) < CANASTA:
                return number
        return 0

    def _may_end_turn(self):
        side = side_of(self.turn)
        return self.opened[side] or not self.turn_points

    def _unlisted_legal(self, move):
        return move.kind in ("meld", "add", "pickup") and self._refusal(move) is None

    def _why_not(self, move):
        return self._refusal(move) or ("that move is not open now", "play.turn")

    def _books(self):
        """What each side's basic book still lacks (``book_missing``), worked out once for a state
        whose moves are listed or whose table is drawn."""
        books = self.__dict__.get("_cached_books")
        if books is None:
            books = self._cached_books = tuple(book_missing(side) for side in self.melds)
        return books

    # ---- playing a move ---------------------------------------------------------------------------

    def _play(self, move):
        seat, kind = self.turn, move.kind
        name, side = self.player_names()[seat], side_of(seat)
        hand = self.hands[seat]
        if kind in ("yes", "no"):
            self.allowed, self.phase = kind == "yes", "play"
            partner = self.player_names()[(seat + 2) % 4]
            self.said = f"{partner} {'lets' if self.allowed else 'does not let'} {name} go out."
        elif kind == "ask":
            self.asked, self.phase = True, "answer"
            self.said = f"{name} asks to go out."
        elif kind == "stop":
            self.said = "The stock is empty: the deal ends."
            self._end_deal()
        elif kind == "draw":
            drawn = [self.stock.pop() for _ in range(min(2, len(self.stock)))]
            hand += drawn
            self._lay_red_threes(seat)
            self.phase, self.drew = "play", "stock"
            self.said = f"{name} draws {len(drawn)} card{'s' if len(drawn) > 1 else ''}."
            self._partner_knee(seat)
        elif kind == "pickup":
            top = self.discard.pop()
            for card in move.args[0]:
                remove_card(hand, card)
            hand += self.discard
            self.discard = []
            self.phase, self.drew = "play", "pile"
            self._add_to_melds(seat, (top, *move.args[0]))
            self.said = f"{name} takes the discard pile with {self._words(move.args[0])}."
            self._partner_knee(seat)
            self._aftermeld_move(seat)
        elif kind in ("meld", "add"):
            for card in move.args[0]:
                remove_card(hand, card)
            number = self._add_to_melds(seat, move.args[0], move.args[1] if kind == "add" else None)
            verb = "melds" if kind == "meld" else f"adds to meld {number}"
            self.said = f"{name} {verb} {self._words(move.args[0])}."
            self._aftermeld_move(seat)
        elif kind == "takeback":
            for _, cards in self.melds[side]:
                hand += cards
            self.melds[side], self.turn_points, self.taken_back = [], 0, True
            self.said = f"{name} takes back a first meld short of {self.minimum}."
        elif kind == "discard":
            remove_card(hand, move.card)
            self.discard.append(move.card)
            self.said = f"{name} discards the {move.card.symbol}."
            self._turn_over(seat)
        else:
            self.said = f"{name} is done."
            self._turn_over(seat)

    @staticmethod
    def _words(cards):
        return " ".join(c.symbol for c in cards)

    def _add_to_melds(self, seat, cards, number=None):
        side = side_of(seat)
        melds = self.melds[side] = list(self.melds[side])   # the states before keep theirs
        if number is None:
            rank = meld_rank(cards)
            number = self._open_meld(side, rank)
            if not number:
                melds.append([rank, []])
                number = len(melds)
        rank, held = melds[number - 1]
        melds[number - 1] = [rank, held + sorted(cards, key=meld_order)]
        if not self.opened[side]:
            self.turn_points += sum(map(value, cards))
            if self.turn_points >= self.minimum:
                self.opened[side] = True
        return number

    def _partner_knee(self, seat):
        """play.knee: once the partnership has a canasta, a player picks up the knee after drawing."""
        if not self.knee_taken[seat] and self.opened[side_of(seat)] and canastas(self.melds[side_of(seat)]):
            self._take_knee(seat)

    def _aftermeld_move(self, seat):
        side = side_of(seat)
        if not self.knee_taken[seat] and self.opened[side] and canastas(self.melds[side]):
            self._take_knee(seat)
            self.said = self.said[:-1] + ", and picks up the knee."
        if not self.hands[seat]:
            if self.foot_taken[seat]:
                self.out = seat
                self.said = self.said[:-1] + ", and goes out."
                self._end_deal()
            else:
                self._take_foot(seat)
                self.said = self.said[:-1] + ", and picks up the foot."

    def _turn_over(self, seat):
        if not self.hands[seat]:
            if self.foot_taken[seat] and self._may_empty(seat):
                self.out = seat
                self.said = self.said[:-1] + ", and goes out."
                self._end_deal()
                return
            # play.keep-card: a last card discarded with nothing to pick up (red 3s laid from a
            # draw left no other) leaves the hand empty until the next draw.
            self.foot_due[seat] = self.knee_taken[seat] and not self.foot_taken[seat]
        self.turn = (seat + 1) % 4
        self._start_turn()

    # ---- the deal's end ---------------------------------------------------------------------------

    def _end_deal(self):
        left = [h + k + f for h, k, f in zip(self.hands, self.knees, self.feet)]
        out = None if self.out is None else side_of(self.out)
        tally, lines = deal_tally(self.melds, self.red_threes, left, out, self.player_names())
        row = tally.points
        self.totals = tuple(a + b for a, b in zip(self.totals, row))
        self.hand_results += ((self.deal_number, row, lines),)
        ended = f"{self.player_names()[self.out]} went out" if self.out is not None else "the stock ran out"
        self.hand_end = (self.deal_number, row, lines, [list(h) for h in self.hands],
                         [[[r, list(c)] for r, c in side] for side in self.melds], left, ended)
        self.hand_tally = tally.breakdown(SIDES, lambda side: (side, side + 2))
        if self.deal_number >= self.options["deals"]:
            self.over, self.phase = True, "over"
            best = max(self.totals)
            self.winners = tuple(s for s in range(4) if self.totals[side_of(s)] == best)
            return
        self._deal(self.deal_number + 1, (self.dealer + 1) % 4)

    # ---- what each seat sees ---------------------------------------------------------------------

    @property
    def scores(self):
        hand = self.hand_results[-1][1] if self.hand_results and self.over else (0, 0)
        return Scores(tuple(hand[side_of(s)] for s in range(4)), tuple(self.totals[side_of(s)] for s in range(4)))

    def hidden_from(self, seat):
        hidden = set(self.stock) | {c for pile in self.knees + self.feet for c in pile}
        if seat != ALL:
            hidden |= {c for s, hand in enumerate(self.hands) if s != seat for c in hand}
        return hidden

    def _cards_in_play(self):
        return ([c for h in self.hands + self.knees + self.feet for c in h] + self.stock + self.discard
                + [c for side in self.melds for _, cards in side for c in cards]
                + [c for side in self.red_threes for c in side])

    def _table(self, seat):
        return {
            "deal": self.deal_number, "dealer": self.dealer, "phase": self.phase, "minimum": self.minimum,
            "hands": [[c.text for c in h] if seat in (s, ALL) else len(h) for s, h in enumerate(self.hands)],
            "knees": [len(k) if not self.knee_taken[s] else None for s, k in enumerate(self.knees)],
            "feet": [len(f) if not self.foot_taken[s] else None for s, f in enumerate(self.feet)],
            "stock": len(self.stock), "discard": [c.text for c in self.discard],
            "melds": [[{"number": n, "rank": r, "cards": [c.text for c in cards]}
                       for n, (r, cards) in enumerate(side, 1)] for side in self.melds],
            "red_threes": [len(r) for r in self.red_threes], "opened": list(self.opened),
            "turn_points": self.turn_points, "drew": self.drew, "asked": self.asked, "allowed": self.allowed,
            "book_missing": list(self._books()),
            "totals": list(self.totals), "over": self.over,
            "deals_played": [{"number": n, "points": list(p)} for n, p, _ in self.hand_results],
        }

    # ---- moves built from several cards -----------------------------------------------------------

    def _built(self, move):
        if move.kind == "meld":
            return Built(tuple(c.text for c in move.args[0]), None, "Meld")
        if move.kind == "add":
            return Built(tuple(c.text for c in move.args[0]), f"meld-{side_of(self.turn)}-{move.args[1]}", "Add")
        if move.kind == "pickup":
            return Built(tuple(c.text for c in move.args[0]), "discard", "Take the pile")
        return None

    def _selection(self, picked, target):
        from .table import selection

        return selection(self, picked, target)

    def _said(self, seat):
        return self.said

    def _log_place(self):
        return self.deal_number, None

    def _describe(self, seat):
        from .table import describe

        return describe(self, seat)


GAME = TriplePlayState
