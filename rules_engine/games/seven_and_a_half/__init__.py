"""Seven and a Half: a banking game of the 40-card Italian pack, the banker against each player.

- Aces count 1, 2 to 7 their pips, the court cards ½ each, except the K♦, which is wild: any
  whole number from 1 up, counted as the best one (``play.values``). Values are kept in halves.
- Before each hand after the first, the banker keeps the limits or sets new ones in two moves,
  ``lowest N`` then ``highest M`` (``interpretation.limits``). Each hand, every player but the
  banker stakes within the limits or sits the hand out (``setup.limits``, ``play.bet``);
  everyone in the hand, the banker last, gets one card
  face down (``setup.deal``). From the banker's left each player hits (a card face up) or
  stands (``play.hit``); 8 or more busts: the hole card is shown and the stake lost at once
  (``play.bust``); 7½ in two cards is shown and stands (``play.two-card``).
- The banker then shows the hole card and hits or stands freely (``play.banker``). A banker who
  busts pays every player still in; else the higher total wins, a two-card 7½ above any other
  7½, and a tie pushes (``scoring.showdown``). A two-card 7½ is paid 2 to 1 (``scoring.two-card``),
  by a banker who busts too unless the ``bust_pays`` option says ``even`` (``interpretation.bust-pays``),
  and takes the bank for the next hand, the first such player to the banker's left, unless the
  banker had one too (``scoring.bank-passes``).
- The game lasts the ``hands`` option, and ends sooner after a hand leaving a player with no
  chips; the most chips win (``end.game``).
"""

from ...cards import make_deck, parse_card
from ...families.banking import LIMIT_FORMS, BankingGame, next_banker
from ...families.chips import chips_word
from ...game import ALL, GameSpec, Option, State
from ...moves import MoveForm, MoveForms
from ...scoring import ScoreRule
from ...table import signed, zone

WILD = parse_card("KD")
BEST = 15    # 7½, in halves
LIMITS = {"1-10": (1, 10), "1-5": (1, 5), "2-20": (2, 20), "5-25": (5, 25)}
DRAW_ORDER = "A234567JQK"   # the draw for the first banker: king high


def halves(card):
    """A card's value in half points (the K♦ apart: it is wild).

    >>> [halves(parse_card(t)) for t in ("AS", "7C", "JH", "KS")]
    [2, 14, 1, 1]
    """
    if card.rank in "JQK":
        return 1
    return 2 if card.rank == "A" else 2 * int(card.rank)


def value(cards):
    """A hand's best total in halves: the K♦ counts the largest whole number keeping the total
    at 7½ or under, 1 at least, so a total over 15 is a bust.

    >>> value(parse_cards("KD QS")), value(parse_cards("KD 3C")), value(parse_cards("KD 7C"))
    (15, 14, 16)
    """
    fixed = sum(halves(c) for c in cards if c is not WILD)
    if WILD in cards:
        return fixed + 2 * max(1, (BEST - fixed) // 2)
    return fixed


def words(total):
    """``7½``, ``½``, ``3``."""
    whole, half = divmod(total, 2)
    return f"{whole or ''}½" if half else str(whole)


def worth(cards):
    """A hand's total in words, whether it is a two-card 7½, and what the wild K♦ counts in it.

    >>> worth(parse_cards("KD 3C")), worth(parse_cards("QS 7C")), worth(parse_cards("5C 2D"))
    ('7 (the K♦ counting 4)', '7½ in two cards', '7')
    """
    total = words(value(cards)) + (" in two cards" if is_two_card(cards) else "")
    if WILD not in cards:
        return total
    counted = (value(cards) - sum(halves(c) for c in cards if c is not WILD)) // 2
    return f"{total} (the {WILD.symbol} counting {counted})"


def is_two_card(cards):
    return len(cards) == 2 and value(cards) == BEST


def rank_key(cards):
    """What a hand standing is worth at the showdown: its total, a two-card 7½ above any other."""
    return value(cards), is_two_card(cards)


def parse_cards(text):
    return [parse_card(t) for t in text.split()]


class SevenAndAHalfState(BankingGame, State):
    spec = GameSpec(
        id="seven-and-a-half",
        name="Seven and a Half",
        aliases=("Sette e mezzo", "Siete y media"),
        family="banking",
        seats=(2, 8),
        default_seats=4,
        deck="40-italian",
        summary="Draw towards 7½ without going over, against the banker; a two-card 7½ is paid double "
                "and takes the bank.",
        options=(
            Option("chips", 50, (20, 50, 100, 200), "chips each player starts with"),
            Option("limits", "1-10", tuple(LIMITS), "the smallest and largest stake the banker accepts"),
            Option("hands", 10, (5, 10, 20, 30), "hands the game lasts; it ends sooner when a player has "
                   "no chips left"),
            Option("first_banker", "draw", ("draw", "seat 0"),
                   "the first banker: by a draw of cards, or seat 0 (the reader's seat at a table on the page)"),
            Option("bust_pays", "double", ("double", "even"),
                   "what a banker who busts pays a two-card 7½: double, as a two-card 7½ is always paid, "
                   "or the stake once, as every other player still in"),
        ),
        rules=("setup.first-banker", "setup.limits", "setup.deal", "play.bet", "play.values", "play.hit",
               "play.bust", "play.two-card", "play.banker", "scoring.showdown", "scoring.two-card",
               "scoring.bank-passes", "interpretation.limits", "interpretation.end",
               "interpretation.stock-out", "interpretation.bust-pays",
               "interpretation.nobody-left", "interpretation.first-banker"),
        scoring=ScoreRule(wins="high", unit="chips", rule="scoring.showdown", end_rule="end.game",
                          start_option="chips", hands_option="hands", out_ends=True, row_sum=(0, 0)),
    )
    forms = MoveForms(MoveForm("bet", "bet {int}"), MoveForm("sit", "sit out"), MoveForm("hit", "hit"),
                      MoveForm("stand", "stand"), MoveForm("keep", "keep the limits"), *LIMIT_FORMS)

    # ---- setup ----------------------------------------------------------------------------------

    def _setup(self):
        self._open_bank(LIMITS[self.options["limits"]])
        first = self.options["first_banker"]
        if first == "draw":
            first, drawn = self._draw_for_banker()
            names = self.player_names()
            self.said = (", ".join(f"{names[s]} draws the {c.symbol}" for s, c in enumerate(drawn))
                         + f": {names[first]} is the first banker.")
        else:
            first = 0
        # The first hand's pack is shuffled now, after the draw; after a hand, its cards stay on
        # the table as they lay until the next deal gathers and shuffles them (``setup.deal``).
        self.stock = self._shuffle("hand-1", make_deck(self.pack_name()))
        self.hands = [[] for _ in range(self.seats)]
        self.shown = frozenset()        # seats whose hole card is face up
        self.status = {}                # seat: "bust", "two-card", "stood"
        self.discards = ()              # busted hands, face up
        self._start_hand(1, first)

    def _draw_for_banker(self):
        """``interpretation.first-banker``: a card each from seat 0; the highest (king high) banks,
        the first of equal cards."""
        drawn = self._shuffle("draw", make_deck(self.pack_name()))[:self.seats]
        best = max(DRAW_ORDER.index(c.rank) for c in drawn)
        return next(s for s, c in enumerate(drawn) if DRAW_ORDER.index(c.rank) == best), drawn

    def _copied(self):
        self.hands = [list(h) for h in self.hands]
        self.stock = list(self.stock)
        self.won = list(self.won)
        self.status = dict(self.status)
        self.lines = list(self.lines)

    def _start_hand(self, number, banker):
        self._open_hand(number, banker)
        self.players = ()            # who staked, from the banker's left
        if number == 1:              # the first hand's limits are the ``limits`` option
            self._open_betting()
        else:                        # ``interpretation.limits``: the banker may set new ones
            self.phase, self.turn = "choice", banker

    def in_hand(self):
        """The players who staked this hand, from the banker's left."""
        return list(self.players)

    # ---- moves ----------------------------------------------------------------------------------

    def _legal(self):
        if self.phase == "choice":
            return [self.forms["keep"].make()] + self._limit_moves()
        if self.phase == "limits":
            return self._limit_moves()
        if self.phase == "bet":
            held = self.chips.held[self.turn]
            return [self.forms["bet"].make(n) for n in self.limits.amounts(held)] + [self.forms["sit"].make()]
        moves = [self.forms["hit"].make()] if self.stock else []
        return moves + [self.forms["stand"].make()]

    def _why_not(self, move):
        names = self.player_names()
        name = names[self.turn]
        if self.phase in ("choice", "limits"):
            return self._limit_refusal(move) or (
                f"{name}, the banker, first keeps the limits or sets new ones", "interpretation.limits")
        if move.kind in ("keep", "lowest", "highest"):
            return "only the banker sets the limits, before the stakes of a hand", "interpretation.limits"
        if move.kind == "bet" and self.phase == "bet":
            refusal = self.limits.refusal(move.args[0], self.chips.held[self.turn])
            if refusal:
                return f"{name} cannot stake {move.args[0]}: {refusal[0]}", refusal[1]
        if move.kind in ("bet", "sit"):
            return "the stakes are placed before the deal, and this hand is dealt", "play.bet"
        if self.phase == "bet":
            return f"{name} stakes or sits out first: the cards are dealt once the stakes are placed", "play.bet"
        if move.kind == "hit":
            return "no card is left in the stock: the hand is played out with the cards held", \
                "interpretation.stock-out"
        return f"{move.text!r} is not a move now", "play.turn"

    def candidate_moves(self):
        low, high = self.limits.low, self.limits.high
        amounts = {0, -1, low - 1, low, high, high + 1, self.chips.held[self.turn] + 1, 999999}
        return [self.forms["bet"].make(n) for n in sorted(amounts)] + [
            self.forms[k].make() for k in ("sit", "hit", "stand", "keep")] + self._limit_candidates()

    def _play(self, move):
        seat, names = self.turn, self.player_names()
        name = names[seat]
        if move.kind in ("keep", "lowest", "highest"):
            self.said = self._limits_set(move) + "."
            return
        if move.kind == "bet":
            self._stake(seat, move.args[0])
            line = f"{name} stakes {chips_word(move.args[0])}"
        elif move.kind == "sit":
            line = f"{name} sits this hand out"
        elif move.kind == "stand":
            self.status[seat] = "stood"
            line = f"{name} stands" + ("" if seat != self.banker else f" on {words(value(self.hands[seat]))}")
        else:
            card = self.stock.pop(0)
            self.hands[seat].append(card)
            line = f"{name} hits and draws the {card.symbol}"
            line += self._after_hit(seat)
        lines = [line]
        if self.phase == "bet":
            lines += self._next_bettor()
        elif seat != self.banker:
            if move.kind == "stand" or seat in self.status:
                lines += self._next_player()
        elif seat in self.status:
            lines += self._showdown()
        self.said = "; ".join(lines) + "."

    def _limits_set(self, move):
        if move.kind == "keep":
            line, done = f"{self.player_names()[self.banker]} keeps the limits: {self.limits_words()}", True
        else:
            line, done = self._set_limit(move)
        self.phase = "limits"
        if done:
            self._open_betting()
        return line

    def _after_hit(self, seat):
        """A bust loses at once (``play.bust``); a two-card 7½ is shown and stands (``play.two-card``)."""
        cards = self.hands[seat]
        hole = cards[0].symbol
        if value(cards) > BEST:
            self.shown |= {seat}
            self.status[seat] = "bust"
            if seat == self.banker:
                return f": the banker busts with {words(value(cards))} (the hole card is the {hole})"
            name = self.player_names()[seat]
            won = self._settle(seat, "lose", why=(f"{name} busts with {worth(cards)}", "play.bust", cards))
            self.discards += tuple(cards)
            self.hands[seat] = []
            self.lines.append(f"{self.player_names()[seat]} busts: {signed(won)}")
            return f": {words(value(cards))} is a bust (the hole card was the {hole}), and the bank takes " \
                   f"{chips_word(-won)}"
        if is_two_card(cards) and seat == self.banker:
            return ": 7½ in two cards"   # the banker plays on freely (``play.banker``)
        if is_two_card(cards):
            self.shown |= {seat}
            self.status[seat] = "two-card"
            return f": 7½ in two cards with the {hole}, shown, and stands"
        return ""

    def _next_bettor(self):
        if self._pass_betting():
            return []
        players = self.players = tuple(s for s in self.players_in_order() if self.staked(s))
        if not players:
            nobody = "nobody stakes: the hand is not dealt"
            return self._end_hand([nobody], ended=nobody)
        if self.hand_number > 1:
            self.stock = self._shuffle(f"hand-{self.hand_number}", make_deck(self.pack_name()))
        self.hands = [[] for _ in range(self.seats)]
        self.shown, self.status, self.discards = frozenset(), {}, ()
        for seat in players + (self.banker,):
            self.hands[seat].append(self.stock.pop(0))
        self.phase = "play"
        self.turn = players[0]
        return ["a card face down to each player in the hand and to the banker"]

    def _next_player(self):
        players = self.in_hand()
        later = [s for s in players if players.index(s) > players.index(self.turn) and s not in self.status]
        if later:
            self.turn = later[0]
            return []
        if all(self.status.get(s) == "bust" for s in players):
            every = "every player has bust: the banker keeps the hole card unseen"
            return self._end_hand([every], ended=every)
        self.turn = self.banker
        self.phase = "banker"
        self.shown |= {self.banker}
        return [f"the banker shows the {self.hands[self.banker][0].symbol}"]

    def _showdown(self):
        """``scoring.showdown``: each bet still on the table settled against the banker's hand."""
        names = self.player_names()
        bank = self.hands[self.banker]
        bust = value(bank) > BEST
        lines = []
        for seat in self.in_hand():
            if self.status.get(seat) == "bust":
                continue
            cards = self.hands[seat]
            self.shown |= {seat}
            if bust or rank_key(cards) > rank_key(bank):
                outcome = "win"
            else:
                outcome = "push" if rank_key(cards) == rank_key(bank) else "lose"
            double = is_two_card(cards) and not (bust and self.options["bust_pays"] == "even")
            odds = (2, 1) if outcome == "win" and double else (1, 1)
            won = self._settle(seat, outcome, odds, why=self._showdown_item(seat, outcome, double, bust))
            shows = f"{names[seat]} shows {words(value(cards))}" + (" in two cards" if is_two_card(cards) else "")
            lines.append(f"{shows}: {'push' if outcome == 'push' else signed(won)}")
        return self._end_hand(lines, ended=f"the banker {'busts with' if bust else 'stands on'} {worth(bank)}")

    def _showdown_item(self, seat, outcome, double, bust):
        """A stake settled at the showdown, as an item of the player's and the banker's: the two
        hands compared, under the rule that settled it (``(label, rule, cards)``)."""
        name, cards = self.player_names()[seat], self.hands[seat]
        mine = worth(cards)
        bank = worth(self.hands[self.banker])
        if outcome == "win" and double:
            return f"{name}'s {mine}, paid 2 to 1", "scoring.two-card", cards
        if bust:
            return (f"{name}'s {mine}: the bank busts with {bank}",
                    "scoring.showdown" if not is_two_card(cards) else "interpretation.bust-pays", cards)
        against = {"win": "beats", "push": "ties with", "lose": "loses to"}[outcome]
        return f"{name}'s {mine} {against} the bank's {bank}", "scoring.showdown", cards

    def _end_hand(self, lines, ended):
        names = self.player_names()
        # Without a deal (nobody staked) the cards on the table are the last hand's.
        status = self.status if self.players else {}
        claimants = [s for s in self.players_in_order() if status.get(s) == "two-card"]
        banker_two = bool(self.players) and is_two_card(self.hands[self.banker])
        following = self.banker if banker_two else next_banker(self.banker, self.seats, claimants)
        if following != self.banker:
            lines.append(f"{names[following]} takes the bank")
        self._close_hand(lines, [(s, worth(self.hands[s]), tuple(self.hands[s])) for s in range(self.seats)
                                 if self.players and self.hands[s] and s in self.shown], ended)
        if not self.over:
            self._start_hand(self.hand_number + 1, following)
        return lines

    def move_bound(self):
        """Each hand: the banker's limits (two moves at most), a stake or a pass per player, then at
        most 13 cards a hand without busting (eleven court cards at ½ and two aces) so 13 moves
        each, banker included."""
        return self.options["hands"] * (2 + self.seats - 1 + 13 * self.seats)

    # ---- what each seat sees --------------------------------------------------------------------

    def hidden_from(self, seat):
        hidden = set(self.stock)
        if seat != ALL:
            hidden |= {h[0] for s, h in enumerate(self.hands) if h and s != seat and s not in self.shown}
        return hidden

    def _cards_in_play(self):
        return [c for h in self.hands for c in h] + list(self.stock) + list(self.discards)

    def _seen(self, seat, s):
        return seat in (s, ALL) or s in self.shown

    def _hand_texts(self, seat, s):
        cards = self.hands[s]
        return [c.text if i or self._seen(seat, s) else "??" for i, c in enumerate(cards)]

    def _table(self, seat):
        return self._bank_table({
            "new_lowest": self.new_lowest, "bust_pays": self.options["bust_pays"],
            "hands": [self._hand_texts(seat, s) for s in range(self.seats)],
            "status": [self.status.get(s) for s in range(self.seats)],
            "stock": len(self.stock), "discards": [c.text for c in self.discards],
        })

    def _note(self, seat, s):
        note = self._held_note(s)
        if s != self.banker and self.staked(s):
            note += f", stakes {self.staked(s)}"
        cards = self.hands[s]
        if cards and self._seen(seat, s):
            note += f"; {words(value(cards))}"
        elif len(cards) > 1:
            note += f"; {words(value(cards[1:]))} showing"
        status = self.status.get(s)
        if status == "two-card":
            note += ", 7½ in two cards"
        return note

    def _describe(self, seat):
        names = self.player_names()
        zones = [zone(f"hand-{s}", f"{names[s]}'s cards", self._hand_texts(seat, s), kind="hand", layout="row",
                      owner=s, backs="hidden", note=self._note(seat, s), source=False)
                 for s in range(self.seats)]
        zones += self._bank_zones()
        zones.append(zone("stock", "Stock", ["??"] * len(self.stock), kind="stock", layout="squared",
                          group="middle"))
        zones.append(zone("discards", "Busted hands", self.discards, kind="discard", layout="squared",
                          group="middle"))
        return self._bank_description(zones, {"bet": "Stakes", "play": "Players draw", "banker": "The banker draws",
                                              "choice": "The banker keeps the limits or sets new ones"})

    def _button_words(self, move):
        if move.kind == "bet":
            return f"Stake {chips_word(move.args[0])}"
        if move.kind in ("lowest", "highest"):
            return self._limit_words(move)
        if move.kind == "keep":
            return f"Keep the limits, {self.limits_words()}"
        return {"sit": "Sit this hand out", "hit": "Hit", "stand": "Stand"}.get(move.kind)


GAME = SevenAndAHalfState
