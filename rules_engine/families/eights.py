"""The Crazy Eights family: shedding by matching the upcard, with cards that do things.

A game of the family (Last One, Crates, Bartok, Go Boom) is mostly a
table of card effects and its scoring. :class:`EightsGame` keeps, once:

- the discard pile and its upcard (the card that counts: a joker's named card),
  a called suit, the direction of play, the seats still in the game;
- the effects, as data (:class:`Effect`) keyed by rank (``"JK"`` for a joker):
  the next player draws (at once, or passed on by stacking), is skipped, play
  reverses, the player adds a free card, calls a suit, names the card a joker
  stands for, or starts a melee (the next card of the suit, up the ranks, by
  anyone, the last defender drawing its pips);
- a stock rebuilt from the discards under the upcard when it runs out;
- moves that carry a choice, one canonical text each: ``play 8S call hearts``,
  ``play JK as 7C``, and the call a player must make on being left with one card
  (``play 7C last one``; with the game's ``forgetful`` option a call may be
  left out, and the penalty draws are made);
- the hand's end, the dealer's rotation among the seats still in, the points
  carried, the score sheet and the table for the renderers.

A game sets ``EFFECTS``, ``CALL`` (the words of the one-card call, or None),
``CALL_PENALTY`` (cards drawn for a forgotten call), ``FIRST_UPCARD`` and
``REBUILD``, and writes ``_hand_size``, ``_points(card)`` (``_hand_score`` for
a hand scored otherwise), ``_most_hands`` and ``_after_hand`` (drop-outs, the
end, with ``winners``; ``_sharing_best`` for the best total winning). A game
whose hand ends otherwise writes its ``_end_hand`` with ``_record_hand`` and
``_deal_next_hand``; one that lays a card otherwise, its ``_play_card`` with
``_lay``. A game played otherwise (Go Boom's rounds) overrides ``_legal``,
``_why_not`` and ``_play`` and keeps the deal, draws and table.
"""

from dataclasses import dataclass

from ..cards import JOKER, RANKS, SUIT_NAMES, SUITS, Card, make_deck
from ..game import ALL, Scores, State
from ..moves import MoveForm, MoveForms
from ..table import Tally, hand_end, headline, plural, score_sheet, zone

MELEE_TOP = "T"   # a melee runs up the pip cards: a jack has no pips to draw


@dataclass(frozen=True)
class Effect:
    """What a card does when played. ``draw``: the next player draws so many and is skipped
    (``stack``: ranks with which they may pass the draws on instead, adding their own);
    ``skip``: the next player is skipped; ``reverse``: the direction changes; ``again``: its
    player may add any card on top; ``call``: its player names a suit; ``wild``: it may be
    played on anything; ``names``: it stands for any natural card its player names;
    ``melee``: it starts a melee. ``rule``: the id of the page's paragraph on it, which the move
    log links where the card does something."""

    draw: int = 0
    stack: tuple = ()
    skip: bool = False
    reverse: bool = False
    again: bool = False
    call: bool = False
    wild: bool = False
    names: bool = False
    melee: bool = False
    rule: str = None


NO_EFFECT = Effect()
NATURAL = tuple(Card(rank, suit) for suit in SUITS for rank in RANKS)


def eights_forms(call):
    """The family's move forms, with ``call`` (``"last one"``) added to those that may leave one card."""
    tail = f" {call}" if call else ""
    forms = [MoveForm("play", "play {card}"), MoveForm("play-call", "play {card} call {suit}"),
             MoveForm("play-as", "play {card} as {card}")]
    if call:
        forms += [MoveForm("play+said", "play {card}" + tail),
                  MoveForm("play-call+said", "play {card} call {suit}" + tail),
                  MoveForm("play-as+said", "play {card} as {card}" + tail)]
    forms += [MoveForm("draw", "draw"), MoveForm("draw-all", "draw {int}"), MoveForm("pass", "pass"),
              MoveForm("call", "call {suit}"), MoveForm("name", "name {card}")]
    return MoveForms(*forms)


def pips(card):
    """The cards a melee's last card makes its defender draw."""
    return 1 if card.rank == "A" else RANKS.index(card.rank) + 1 if card.rank in "23456789T" else 10


class EightsGame(State):
    EFFECTS = {}
    CALL = None
    CALL_PENALTY = 2
    HAND_LIMIT = 400   # moves in one hand at most (a note on the game's page)
    TOTALS = ("Points", "point", "in all")  # the sheet's total row; each player's total at a hand's end
    FIRST_UPCARD = True   # a card is turned up after the deal; without one the dealer's left leads any card
    REBUILD = True        # the discards under the upcard become the stock when it runs out

    # ---- setup ----------------------------------------------------------------------------------

    def _setup(self):
        self.points = (0,) * self.seats
        self.active = tuple(range(self.seats))
        self.hand_results = ()   # (hand number, points per seat, lines)
        self.over = False
        self.said = None
        self._start_hand(1, 0)

    def _copied(self):
        self.hands = [list(h) for h in self.hands]
        self.stock, self.discard = list(self.stock), list(self.discard)

    def _start_hand(self, number, dealer):
        self.hand_number, self.dealer = number, dealer
        self.hand_moves, self.rebuilds = 0, 0
        self.direction, self.called, self.pending, self.melee = 1, None, 0, None
        self.phase, self.stands_for, self.pending_stack, self.melee_asked = "play", None, (), ()
        self.passes = 0   # passes in a row with nothing to draw: a round of them blocks the hand
        size = self._hand_size()
        cards = self._shuffle(f"hand-{number}", make_deck(self.spec.deck_for(self.seats)))
        self.hands = [[] for _ in range(self.seats)]
        order = [self._next(dealer, k) for k in range(1, len(self.active) + 1)]
        for _ in range(size):
            for seat in order:
                self.hands[seat].append(cards.pop())
        if not self.FIRST_UPCARD:
            self.stock, self.discard, self.up = cards, [], None
            self.turn = self._next(dealer)
            return
        self.stock, self.discard = cards, [cards.pop()]
        self.up = self.discard[-1]
        self.turn = dealer
        self._after_card(dealer, self.up, first=True)

    # ---- turn order and draws ---------------------------------------------------------------------

    def _next(self, seat, steps=1):
        order = self.active
        return order[(order.index(seat) + self.direction * steps) % len(order)]

    def _draw(self, seat, count):
        """``seat`` draws ``count`` cards, the stock rebuilt from the discards as it runs out: how many came."""
        got = 0
        for _ in range(count):
            if not self.stock:
                self._rebuild()
            if not self.stock:
                break
            self.hands[seat].append(self.stock.pop())
            got += 1
        return got

    def _rebuild(self):
        """The discards under the upcard, shuffled, are the new stock (``play.stock``)."""
        if len(self.discard) < 2 or not self.REBUILD:
            return
        self.rebuilds += 1
        self.stock = self._shuffle(f"stock-{self.hand_number}-{self.rebuilds}", self.discard[:-1])
        self.discard = self.discard[-1:]

    def _can_draw(self):
        return bool(self.stock) or len(self.discard) > 1

    # ---- what may be played -------------------------------------------------------------------------

    def effect(self, card):
        return self.EFFECTS.get(JOKER if card.is_joker else card.rank, NO_EFFECT)

    def matches(self, card):
        """Whether ``card`` may go on the upcard in normal play (``play.match``)."""
        if self.effect(card).wild:
            return True
        if self.called is not None:
            return card.suit == self.called
        return card.suit == self.up.suit or card.rank == self.up.rank

    def _melee_card(self):
        last = self.melee[2]
        if last.rank == MELEE_TOP:
            return None
        return Card(RANKS[RANKS.index(last.rank) + 1], last.suit)

    @property
    def to_act(self):
        return None if self.over else self.turn

    def _legal(self):
        seat, hand = self.turn, self.hands[self.turn]
        forms = self.forms
        if self.phase == "call":
            return [forms["call"].make(suit) for suit in SUITS]
        if self.phase == "name":
            return [forms["name"].make(card) for card in NATURAL]
        if self.phase == "melee":
            wanted = self._melee_card()
            moves = self._plays(seat, [wanted], plain=True) if wanted in hand else []
            return moves + [forms["pass"].make()]
        cards = list(dict.fromkeys(hand))
        if self.phase == "draws":
            playable = [c for c in cards if c.rank in self.pending_stack]
            return self._plays(seat, playable) + [forms["draw-all"].make(self.pending)]
        playable = cards if self.phase == "again" else [c for c in cards if self.matches(c)]
        moves = self._plays(seat, playable)
        if self.phase == "again":
            return moves + [forms["pass"].make()]
        return moves + [forms["draw"].make() if self._can_draw() else forms["pass"].make()]

    def _plays(self, seat, cards, plain=False):
        """Every way to play each of ``cards``: its suit called or the card it stands for named
        (not in a melee, ``plain``), and the one-card call said (or, with the ``forgetful``
        option, not)."""
        moves = []
        leaves_one = len(self.hands[seat]) == 2
        for card in cards:
            effect = NO_EFFECT if plain else self.effect(card)
            choices = ([("-call", s) for s in SUITS] if effect.call else
                       [("-as", c) for c in NATURAL] if effect.names else [("", None)])
            for kind, choice in choices:
                args = (card,) if choice is None else (card, choice)
                if leaves_one and self.CALL:
                    moves.append(self.forms[f"play{kind}+said"].make(*args))
                    if self.options.get("forgetful"):
                        moves.append(self.forms[f"play{kind}"].make(*args))
                else:
                    moves.append(self.forms[f"play{kind}"].make(*args))
        return moves

    def _why_not(self, move):
        seat, name = self.turn, self.player_names()[self.turn]
        kind = move.kind.split("+")[0]
        if self.phase == "call":
            return (f"{name} deals and turned up the {self.up.symbol}: they call a suit first", "play.first-upcard")
        if self.phase == "name":
            return (f"{name} deals and turned up a joker: they name the card it stands for first",
                    "play.first-upcard")
        if move.kind in ("call", "name"):
            return (f"{move.text!r} answers only a first upcard that asks for it", "play.first-upcard")
        if self.phase == "melee":
            wanted = self._melee_card()
            return (f"in the melee, {name} may only play the {wanted.symbol} or pass", "play.melee")
        if kind.startswith("play") and move.card not in self.hands[seat]:
            return (f"{name} does not hold the {move.card.symbol}", "play.turn")
        if self.phase == "draws":
            return (f"{name} must draw {self.pending} or pass them on with a card that adds to them", "play.draws")
        if move.kind == "draw-all":
            return ("there are no draws to take", "play.draw")
        if kind.startswith("play"):
            card = move.card
            effect = self.effect(card)
            if self.phase != "again" and not self.matches(card):
                if self.called is not None:
                    return (f"the suit called is {SUIT_NAMES[self.called]}: the {card.symbol} does not follow it",
                            "play.eight")
                return (f"the {card.symbol} matches the upcard, the {self.up.symbol}, neither in suit nor in rank",
                        "play.match")
            if effect.call != (kind == "play-call"):
                return ((f"an {card.rank} is played with a suit called: play {card.text} call hearts", "play.eight")
                        if effect.call else ("only an 8 calls a suit", "play.eight"))
            if effect.names != (kind == "play-as"):
                return ((f"a joker is played with the card it stands for: play {card.text} as 7C", "play.joker")
                        if effect.names else ("only a joker stands for another card", "play.joker"))
            if kind == "play-as" and move.args[1].is_joker:
                return ("a joker stands for a natural card, not another joker", "play.joker")
            if len(self.hands[seat]) == 2 and self.CALL and not move.kind.endswith("+said"):
                return (f"playing your next-to-last card, you say “{self.CALL}”: {move.text} {self.CALL}",
                        "play.last-one")
            if move.kind.endswith("+said"):
                return (f"“{self.CALL}” is said only by a player left with one card", "play.last-one")
        if self.phase == "again" and move.kind == "draw":
            return (f"{name} may add any card to the 3, or pass", "play.three")
        if move.kind == "draw":
            return ("the stock and the discards under the upcard are empty: there is nothing to draw", "play.draw")
        if move.kind == "pass" and self.phase == "play":
            return ("a player who will not play draws a card; one may pass only when nothing is left to draw",
                    "play.draw")
        return (f"{move.text!r} is not a move now", "play.turn")

    def candidate_moves(self):
        forms, moves = self.forms, []
        for card in dict.fromkeys(make_deck(self.spec.deck_for(self.seats))):
            moves += [forms["play"].make(card), forms["play-call"].make(card, "H"), forms["play-as"].make(card, NATURAL[6])]
            if self.CALL:
                moves.append(forms["play+said"].make(card))
        return moves + [forms["draw"].make(), forms["pass"].make(), forms["call"].make("S"),
                        forms["name"].make(NATURAL[0]), forms["draw-all"].make(2)]

    # ---- moves ----------------------------------------------------------------------------------

    def _play(self, move):
        seat, name = self.turn, self.player_names()[self.turn]
        self.hand_moves += 1
        lines = []
        if move.kind == "call":
            self.called, self.phase = move.args[0], "play"
            lines.append(f"{name} calls {SUIT_NAMES[self.called]}")
            self._advance(seat, NO_EFFECT)
        elif move.kind == "name":
            self.up = self.stands_for = move.args[0]
            self.phase = "play"
            lines.append(f"{name} names the {self.up.symbol} for the joker")
            self._advance(seat, NO_EFFECT)
        elif move.kind == "draw":
            got = self._draw(seat, 1)
            lines.append(f"{name} draws {'a card' if got else 'nothing'}")
            self.phase = "play"
            self._advance(seat, NO_EFFECT)
        elif move.kind == "draw-all":
            got = self._draw(seat, self.pending)
            lines.append(f"{name} draws {plural(got, 'card')}")
            self.pending, self.phase = 0, "play"
            self.turn = self._next(seat)
        elif move.kind == "pass":
            blocked = self.phase == "play"
            lines += self._pass(seat, name)
            self.passes = self.passes + 1 if blocked else 0
            if blocked and self.passes >= len(self.active):
                lines.append("every player has passed in turn: the hand is blocked and ends with nobody out")
                lines += self._end_hand(None)
                self.said = "; ".join(lines) + "."
                return
        else:
            lines += self._play_card(seat, name, move)
        if move.kind != "pass":
            self.passes = 0
        if not self.over and self.hand_moves >= self.HAND_LIMIT:
            lines.append(f"the hand has lasted {self.HAND_LIMIT} moves and ends with nobody out")
            lines += self._end_hand(None)
        self.said = "; ".join(lines) + "."

    def _pass(self, seat, name):
        if self.phase == "melee":
            self.melee_asked = self.melee_asked[1:]
            if self.melee_asked:
                self.turn = self.melee_asked[0]
                return [f"{name} lets the melee go"]
            return [f"{name} lets the melee go"] + self._melee_ends()
        self.phase = "play"
        self._advance(seat, NO_EFFECT)
        return [f"{name} passes"]

    def _lay(self, seat, name, move):
        """``seat`` lays the card of ``move`` on the discard pile: the upcard it makes (a joker's
        named card), the suit it calls; the sentence that tells it."""
        card = move.card
        self.hands[seat].remove(card)
        self.discard.append(card)
        line = f"{name} plays the {card.symbol}"
        if move.kind.startswith("play-call"):
            line += f" and calls {SUIT_NAMES[move.args[1]]}"
        if move.kind.startswith("play-as"):
            line += f" as the {move.args[1].symbol}"
        if move.kind.endswith("+said"):
            line += f", saying “{self.CALL}”"
        self.up = move.args[1] if move.kind.startswith("play-as") else card
        self.stands_for = self.up if card.is_joker else None
        self.called = move.args[1] if move.kind.startswith("play-call") else None
        return line

    def _play_card(self, seat, name, move):
        card = move.card
        lines = [self._lay(seat, name, move)]
        if not self.hands[seat]:
            return lines + self._end_hand(seat)
        if len(self.hands[seat]) == 1 and self.CALL and not move.kind.endswith("+said"):
            got = self._draw(seat, self.CALL_PENALTY)
            lines.append(f"{name} did not say “{self.CALL}” and draws {plural(got, 'card')}")
        if self.phase == "melee":
            return lines + self._melee_card_played(seat, card)
        return lines + self._after_card(seat, card)

    def _after_card(self, seat, card, first=False):
        """A card's effect, ``seat`` having played it (the first upcard: the dealer, ``play.first-upcard``)."""
        effect = self.effect(card)
        self.phase = "play"
        lines = []
        if effect.rule and not first:
            self.decided_by = effect.rule
        if first and effect.names:
            self.phase = "name"
        elif first and effect.call:
            self.phase = "call"
        elif effect.again:
            self.phase = "again"
        elif effect.melee:
            self.melee = (seat, self._next(seat), card)
            self._ask_melee()
            lines.append(f"a melee: {self.player_names()[self.melee[1]]} defends")
        else:
            lines += self._advance(seat, effect)
        return lines

    def _advance(self, seat, effect):
        """The turn passes on from ``seat`` after a card with ``effect``."""
        lines, players = [], self.player_names()
        if effect.rule:
            self.decided_by = effect.rule
        if effect.reverse:
            self.direction = -self.direction
            lines.append("play changes direction")
        nxt = self._next(seat)
        if effect.draw and effect.stack:
            self.pending += effect.draw
            self.pending_stack = effect.stack
            self.phase, self.turn = "draws", nxt
            return lines
        if effect.draw:
            got = self._draw(nxt, effect.draw)
            lines.append(f"{players[nxt]} draws {plural(got, 'card')} and is skipped")
            nxt = self._next(nxt)
        elif effect.skip:
            lines.append(f"{players[nxt]} is skipped")
            nxt = self._next(nxt)
        self.turn = nxt
        return lines

    # ---- the melee -------------------------------------------------------------------------------

    def _ask_melee(self):
        """Everyone but the aggressor is asked in turn, from the defender, for the next card
        (``interpretation.melee-order``): asking all, holders or not, tells nobody who holds it."""
        aggressor, defender, _ = self.melee
        if self._melee_card() is None:
            self.melee_asked, self.phase = (), "play"
            return
        order = [self._next(defender, k) for k in range(len(self.active))]
        self.melee_asked = tuple(s for s in order if s != aggressor)
        self.phase, self.turn = "melee", self.melee_asked[0]

    def _melee_card_played(self, seat, card):
        aggressor, _, _ = self.melee
        self.melee = (seat, aggressor, card)
        lines = [f"{self.player_names()[aggressor]} now defends"]
        self._ask_melee()
        if self.phase != "melee":
            lines += self._melee_ends()
        return lines

    def _melee_ends(self):
        _, defender, last = self.melee
        count = pips(last)
        got = self._draw(defender, count)
        self.melee, self.phase = None, "play"
        self.turn = self._next(defender)
        return [f"{self.player_names()[defender]} draws {plural(got, 'card')} for the {last.symbol}"]

    # ---- the hand's end and the game's --------------------------------------------------------------

    def hand_tally(self, winner):
        """Each seat's points for the hand, item by item (a ``table.Tally``): nothing for the one out
        and those no longer in, the others ``_hand_score`` of the cards they hold (``scoring.hand``),
        shown when they score."""
        tally = Tally(self.seats)
        for seat, hand in ((s, self.hands[s]) for s in self.active if s != winner):
            points = self._hand_score(hand)
            tally.add(seat, "Cards left", points, "scoring.hand", hand if points else (), plural(len(hand), "card"))
        return tally

    def _hand_score(self, hand):
        return sum(self._points(c) for c in hand)

    def _end_hand(self, winner):
        players = self.player_names()
        tally = self.hand_tally(winner)
        won = tally.points   # the breakdown's sums, so that the hand's end and the sheet agree
        lines = [f"{players[winner]} is out of cards"] if winner is not None else []
        lines += [f"{players[s]} scores {won[s]} for {plural(len(self.hands[s]), 'card')}"
                  for s in self.active if s != winner]
        self._record_hand(won, lines, tally.breakdown(players))
        lines += self._after_hand()
        if not self.over:
            self._deal_next_hand()
        return lines

    def _record_hand(self, won, lines, breakdown):
        """The hand's points (``won``, per seat) added to the game's; the hand, the ``lines`` that
        tell it and the ``breakdown`` of its points kept for the score sheet and the hand's end."""
        self.points = tuple(a + b for a, b in zip(self.points, won))
        self.hand_results = self.hand_results + ((self.hand_number, won, tuple(lines)),)
        self.hand_end = (self.hand_number, tuple(lines), self._hands_counted(won))
        self.hand_tally = breakdown

    def _deal_next_hand(self):
        """The next hand, dealt by the next player still in to the dealer's left."""
        seats = ((self.dealer + step) % self.seats for step in range(1, self.seats + 1))
        self._start_hand(self.hand_number + 1, next(seat for seat in seats if seat in self.active))

    def _hands_counted(self, won):
        """The hands whose cards scored at a hand's end, ``(seat, cards)``: shown on the screen
        between hands, as players lay them down to be counted (the score alone would tell of them)."""
        return tuple((seat, tuple(self.hands[seat])) for seat in range(self.seats) if won[seat])

    def _counted_zones(self, counted):
        players = self.player_names()
        return [zone(f"counted-{seat}", f"{players[seat]}'s cards, counted", cards, kind="hand", owner=seat,
                     source=False) for seat, cards in counted]

    def _after_hand(self):
        """The game's own end (drop-outs, a target): sentences; sets ``over`` and ``active``."""
        return []

    def totals(self):
        """Each seat's points in the game so far."""
        return self.points

    @property
    def scores(self):
        hand = self.hand_results[-1][1] if self.over and self.hand_results else (0,) * self.seats
        return Scores(tuple(hand), self.totals())

    def _sharing_best(self, best):
        """Once the game is over, the seats whose points are the ``best`` (``max`` or ``min``) of all,
        sharing the win."""
        if not self.over:
            return ()
        top = best(self.points)
        return tuple(s for s in range(self.seats) if self.points[s] == top)

    def move_bound(self):
        """``_most_hands()`` hands, each of at most ``HAND_LIMIT`` moves."""
        return self._most_hands() * self.HAND_LIMIT

    # ---- what each seat sees --------------------------------------------------------------------

    def hidden_from(self, seat):
        hidden = set(self.stock)
        if seat != ALL:
            hidden |= {c for s, hand in enumerate(self.hands) if s != seat for c in hand}
        return hidden

    def _cards_in_play(self):
        return [c for hand in self.hands for c in hand] + self.stock + self.discard

    def _table(self, seat):
        return {
            "hand_number": self.hand_number, "dealer": self.dealer, "active": list(self.active),
            "hands": [[c.text for c in hand] if seat in (s, ALL) else len(hand) for s, hand in enumerate(self.hands)],
            "stock": len(self.stock), "discard": [c.text for c in self.discard],
            # A joker's named card as rank and suit, not as a card: it is no card of the pack on the table.
            "stands_for": [self.stands_for.rank, self.stands_for.suit] if self.stands_for else None,
            "called": SUIT_NAMES[self.called] if self.called else None, "direction": self.direction,
            "phase": self.phase, "pending": self.pending,
            "melee": None if self.melee is None else {"aggressor": self.melee[0], "defender": self.melee[1]},
            "points": list(self.points), "over": self.over,
            "hands_played": [{"number": n, "points": list(p)} for n, p, _ in self.hand_results],
        }

    def _said(self, seat):
        return self.said

    def _describe(self, seat):
        players = self.player_names()
        zones = []
        for s, hand in enumerate(self.hands):
            note = f"{plural(self.points[s], 'point')}" + ("" if s in self.active else ", out")
            zones.append(zone(f"hand-{s}", f"{players[s]}'s hand", (c.text if seat in (s, ALL) else "??" for c in hand),
                              kind="hand", layout="fan", owner=s, backs="hidden", note=note))
        zones.append(zone("stock", "Stock", ["??"] * len(self.stock), kind="stock", layout="squared", group="middle"))
        pile_note = (f"called: {SUIT_NAMES[self.called]}" if self.called else
                     f"the joker stands for the {self.stands_for.symbol}" if self.stands_for else None)
        zones.append(zone("discard", "Discard pile", self.discard, kind="discard", layout="squared", group="middle",
                          note=pile_note))
        facts = [f"Dealer: {players[self.dealer]}",
                 f"Play goes {'left' if self.direction == 1 else 'right'}"]
        if self.called:
            facts.append(f"Suit called: {SUIT_NAMES[self.called]}")
        if self.melee and not self.over:
            facts.append(f"Melee: {players[self.melee[1]]} defends, the {self.melee[2].symbol} to beat")
        if self.phase == "again" and not self.over:
            facts.append(f"{players[self.turn]} may add any card")
        if self.phase == "draws" and not self.over:
            facts.append(f"{players[self.turn]} must draw {self.pending} or pass them on")
        return {
            "headline": headline(f"Hand {self.hand_number}", *facts),
            "zones": zones,
            "dealer": self.dealer,
            "score": self._score_sheet(),
            "last": self.said,
            "result": self._result_sentence(),
            "interlude": self._interlude(),
        }

    def _score_sheet(self):
        rows = [(f"Hand {n}", list(p)) for n, p, _ in self.hand_results]
        return score_sheet(self.player_names(), rows, [(self.TOTALS[0], list(self.points))], target=self._target())

    def _interlude(self):
        ended = self.__dict__.get("hand_end")
        if not ended:
            return None
        number, lines, counted = ended
        return hand_end(f"End of hand {number}", lines or [f"Hand {number} ends with nobody out"],
                        zones=self._counted_zones(counted), totals=self._end_totals(), state=self,
                        unit=self.TOTALS[1] + "s")

    def _end_totals(self):
        """The lines that close a hand's end: each player's total."""
        players = self.player_names()
        _, unit, words = self.TOTALS
        return [f"{players[s]}: {plural(self.points[s], unit)} {words}" for s in range(self.seats)]

    # ---- choices the table offers as buttons -------------------------------------------------------

    def _click_choice(self, move):
        """The words of the choice a move makes once its card is picked (a suit called, the card
        a joker stands for, the one-card call), or None for a move that is the card alone."""
        kind = move.kind
        words = []
        if kind.startswith("play-call"):
            words.append(f"call {SUIT_NAMES[move.args[1]]}")
        if kind.startswith("play-as"):
            words.append(f"as the {move.args[1].symbol}")
        if self.CALL and self.options.get("forgetful") and kind.startswith("play") and len(self.hands[self.turn]) == 2:
            words.append(f"say “{self.CALL}”" if kind.endswith("+said") else "say nothing")
        return ", ".join(words) if words else None
