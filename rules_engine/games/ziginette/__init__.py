"""Ziginette: an Italian banking game of the 40-card pack, the players betting that their board
card is matched after the banker's own card.

- The banker's limits bound each wager (``setup.limits``). Each hand two board cards and the
  banker's card are dealt face up; a pair among the three is a playette: the pack is gathered,
  shuffled and the three dealt again (``setup.playette``).
- In a betting round each player from the banker's left wagers on any board cards they have no
  wager on yet, then says ``done`` (``play.bet``). The banker then turns cards from the stock
  (``play.turn-up``): a card of the banker's rank ends the hand and the banker pays every wager on
  the board at even money (``scoring.banker-match``), and the bank passes to the right
  (``scoring.bank-passes``); a card matching a board card wins the bank every wager on that card,
  both cards go out and the rank is dead (``scoring.match``, ``play.dead``); any other card is a
  new board card, and a betting round follows.
- A board emptied by matches, or a betting round leaving no wager on the board, ends the hand:
  the banker deals again or passes the bank to the right (``play.banker-choice``). Dealing again,
  the banker may keep the limits or set new ones in two steps, ``lowest N`` then ``highest N``
  (``interpretation.limits``): the lowest 1 to 5, the highest a multiple of 5 from it to 25, or
  the most the bank holds when that is less.
- The game lasts the ``hands`` option and ends sooner after a hand leaving a player without
  chips; the most chips win (``end.game``).
"""

from ...cards import make_deck
from ...families.banking import LIMIT_FORMS, BankingGame
from ...families.chips import chips_word
from ...game import GameSpec, Option, State
from ...moves import MoveForm, MoveForms
from ...scoring import ScoreRule
from ...table import signed, zone

LIMITS = {"1-10": (1, 10), "1-5": (1, 5), "2-20": (2, 20), "5-25": (5, 25)}
RANK_NAMES = {"A": "aces", "J": "jacks", "Q": "queens", "K": "kings"}


def rank_words(rank):
    return RANK_NAMES.get(rank, f"{rank}s")


class ZiginetteState(BankingGame, State):
    spec = GameSpec(
        id="ziginette",
        name="Ziginette",
        aliases=("Zecchinetta",),
        family="banking",
        seats=(2, 8),
        default_seats=4,
        deck="40-italian",
        summary="Bet on the cards on the board: a card matched before the banker's own loses its bets "
                "to the bank, and the banker's match pays every bet left.",
        options=(
            Option("chips", 50, (20, 50, 100, 200), "chips each player starts with"),
            Option("limits", "1-10", tuple(LIMITS), "the smallest and largest wager the banker accepts"),
            Option("hands", 12, (6, 12, 24, 36), "hands the game lasts; it ends sooner when a player has "
                   "no chips left"),
            Option("first_banker", "seat 0", ("seat 0", "seat 1"),
                   "the first banker (seat 0 is the reader's seat at a table on the page)"),
        ),
        rules=("setup.first-banker", "setup.limits", "setup.playette", "play.bet", "play.turn-up",
               "scoring.match", "play.dead", "scoring.banker-match", "scoring.bank-passes",
               "play.banker-choice", "end.game", "interpretation.limits", "interpretation.bank-room",
               "interpretation.one-wager", "interpretation.end"),
        scoring=ScoreRule(wins="high", unit="chips", rule="scoring.match", end_rule="end.game",
                          start_option="chips", hands_option="hands", out_ends=True, row_sum=(0, 0)),
    )
    forms = MoveForms(MoveForm("wager", "wager {int} on {card}"), MoveForm("done", "done"),
                      MoveForm("deal", "deal again"), MoveForm("pass", "pass the bank"), *LIMIT_FORMS)
    BET_WORD, NEW_LIMITS_BUTTON = "wager", "Deal again with new limits"

    # ---- setup ----------------------------------------------------------------------------------

    def _setup(self):
        self._open_bank(LIMITS[self.options["limits"]])
        self._start_hand(1, int(self.options["first_banker"].split()[1]) % self.seats)
        if self.playettes:
            self.said = self._playette_line()[0].capitalize() + "."

    def _copied(self):
        self.stock = list(self.stock)
        self.board = list(self.board)
        self.wagers = dict(self.wagers)
        self.won = list(self.won)
        self.lines = list(self.lines)

    def _start_hand(self, number, banker):
        self._open_hand(number, banker)
        self.wagers = {}            # (seat, board card): chips
        self.dead = frozenset()     # ranks matched this hand
        self.discards = ()
        playettes = 0
        while True:                 # ``setup.playette``: a pair among the three is dealt again
            self.stock = self._shuffle(f"hand-{number}" + (f"-{playettes}" if playettes else ""),
                                       make_deck(self.pack_name()))
            first = [self.stock.pop(0) for _ in range(3)]
            if len({c.rank for c in first}) == 3:
                break
            playettes += 1
        self.board, self.banker_card = first[:2], first[2]
        self.playettes = playettes
        self._open_betting()

    def room(self):
        """``interpretation.bank-room``: the chips the bank can still cover."""
        return self.chips.held[self.banker] - sum(self.wagers.values())

    def open_cards(self, seat):
        """The board cards ``seat`` has no wager on yet."""
        return [c for c in self.board if (seat, c) not in self.wagers]

    # ---- moves ----------------------------------------------------------------------------------

    def _amounts(self, seat):
        return self.limits.amounts(min(self.chips.held[seat], self.room()))

    def _legal(self):
        if self.phase == "choice":
            return [self.forms["deal"].make(), self.forms["pass"].make()] + self._limit_moves()
        if self.phase == "limits":
            return self._limit_moves()
        amounts = self._amounts(self.turn)
        return [self.forms["wager"].make(n, c) for c in self.open_cards(self.turn) for n in amounts] + [
            self.forms["done"].make()]

    def _why_not(self, move):
        name = self.player_names()[self.turn]
        if self.phase in ("choice", "limits"):
            return self._limit_refusal(move) or (
                "the hand is over: the banker deals again or passes the bank", "play.banker-choice")
        if move.kind in ("lowest", "highest"):
            return "only the banker sets new limits, dealing again once the hand is over", "interpretation.limits"
        if move.kind in ("deal", "pass"):
            return "only the banker decides, once the hand is over", "play.banker-choice"
        if move.kind == "wager":
            amount, card = move.args
            if card not in self.board:
                return f"the {card.symbol} is not a board card", "play.bet"
            if (self.turn, card) in self.wagers:
                return f"{name} already has a wager on the {card.symbol}", "interpretation.one-wager"
            refusal = self.limits.refusal(amount, self.chips.held[self.turn])
            if refusal:
                return f"{name} cannot wager {amount}: {refusal[0]}", refusal[1]
            return (f"the bank can cover only {chips_word(max(0, self.room()))} more, not {amount}",
                    "interpretation.bank-room")
        return f"{move.text!r} is not a move now", "play.bet"

    def candidate_moves(self):
        low, high = self.limits.low, self.limits.high
        cards = self.board + [self.banker_card] + list(self.stock[:1])
        return [self.forms["wager"].make(n, c) for c in cards for n in sorted({0, low, high, high + 1})] + [
            self.forms[k].make() for k in ("done", "deal", "pass")] + self._limit_candidates()

    def _play(self, move):
        seat, names = self.turn, self.player_names()
        if move.kind == "wager":
            amount, card = move.args
            self._stake(seat, amount)
            self.wagers[(seat, card)] = amount
            lines = [f"{names[seat]} wagers {chips_word(amount)} on the {card.symbol}"]
        elif move.kind == "done":
            lines = [f"{names[seat]} is done betting"] + self._next_bettor()
        elif move.kind in ("lowest", "highest"):
            line, done = self._set_limit(move, "will deal again with new limits", "deals again with new limits")
            lines = [line]
            self.phase = "limits"
            if done:
                self._start_hand(self.hand_number + 1, self.banker)
                lines += self._playette_line()
        else:
            lines = self._banker_decides(move.kind == "deal")
        self.said = "; ".join(lines) + "."

    def _next_bettor(self):
        if self._pass_betting():
            return []
        if not self.wagers:
            nothing = "no wager is on the board"
            return self._end_hand([nothing], forced=False, ended=nothing)
        return self._turn_up()

    def _turn_up(self):
        """``play.turn-up``: cards from the stock until one changes the board."""
        lines = []
        while True:
            card = self.stock.pop(0)
            if card.rank == self.banker_card.rank:
                self.discards += (card,)
                return lines + self._banker_match(card)
            if card.rank in self.dead:
                self.discards += (card,)
                lines.append(f"the {card.symbol} is dead")
                continue
            matched = next((c for c in self.board if c.rank == card.rank), None)
            if matched is None:
                self.board.append(card)
                self._open_betting()
                return lines + [f"the banker turns up the {card.symbol}, a new board card"]
            lines.append(f"the banker turns up the {card.symbol}, matching the {matched.symbol}")
            lines += self._match(matched, card)
            if not self.board:
                every = "every board card is matched"
                return self._end_hand(lines + [every], forced=False, ended=every)
            self._open_betting()
            return lines

    def _match(self, matched, card):
        """``scoring.match``: the bank takes every wager on the matched card."""
        names, lines = self.player_names(), []
        for seat in self.players_in_order():
            amount = self.wagers.pop((seat, matched), 0)
            if amount:
                why = (f"{names[seat]}'s wager on the {matched.symbol}: the {card.symbol} matches it first",
                       "scoring.match", (matched, card))
                won = self._settle(seat, "lose", amount=amount, why=why)
                lines.append(f"the bank takes {names[seat]}'s {chips_word(amount)}")
                self.lines.append(f"{names[seat]} loses on the {matched.symbol}: {signed(won)}")
        self.board.remove(matched)
        self.discards += (matched, card)
        self.dead |= {card.rank}
        return lines

    def _banker_match(self, turned):
        """``scoring.banker-match``: the ``turned`` card matches the banker's, and the banker pays
        every wager on the board at even money."""
        names, paid = self.player_names(), 0
        matching = f"the banker turns up the {turned.symbol}, matching the banker's card"
        for (seat, card), amount in sorted(self.wagers.items(), key=lambda w: (self.players_in_order().index(w[0][0]),
                                                                                 self.board.index(w[0][1]))):
            why = (f"{names[seat]}'s wager on the {card.symbol}: the {turned.symbol} matches the banker's "
                   f"{self.banker_card.symbol} first", "scoring.banker-match", (card, self.banker_card, turned))
            won = self._settle(seat, "win", amount=amount, why=why)
            paid += won
            self.lines.append(f"{names[seat]} wins on the {card.symbol}: {signed(won)}")
        self.wagers = {}
        return [matching] + self._end_hand([f"the bank pays {chips_word(paid)}"], forced=True, ended=matching)

    def _end_hand(self, lines, forced, ended):
        """The hand ends (``ended`` says why), shown with the banker's card; the bank passes
        (``forced``) or the banker chooses. Each wager's item shows the cards that settled it: the
        cards turned up, which one move may turn few or many, are not a zone of the end (the leak
        check asks a hand's end to show as many cards whatever the order of the stock)."""
        banker_card = zone("end-banker-card", f"{self.player_names()[self.banker]}'s card (the banker's)",
                           [self.banker_card], kind="hand", owner=self.banker, source=False)
        self._close_hand(lines, ended=ended, zones=[banker_card])
        if self.over:
            return lines
        if forced:
            return lines + self._pass_bank()
        self.phase, self.turn = "choice", self.banker
        return lines

    def _pass_bank(self):
        following = (self.banker - 1) % self.seats
        self._start_hand(self.hand_number + 1, following)
        return [f"{self.player_names()[following]} takes the bank"] + self._playette_line()

    def _banker_decides(self, again):
        name = self.player_names()[self.banker]
        if again:
            self._start_hand(self.hand_number + 1, self.banker)
            return [f"{name} deals again"] + self._playette_line()
        return [f"{name} passes the bank"] + self._pass_bank()

    def _playette_line(self):
        n = self.playettes
        return [f"{'a playette' if n == 1 else f'{n} playettes'} dealt again"] if n else []

    def move_bound(self):
        """Each hand: at most 28 board cards turned up, each followed by a betting round of a
        wager per board card and a ``done`` per player, and the banker's choice (two moves with new limits)."""
        return self.options["hands"] * (2 + 29 * (self.seats - 1) * 11)

    # ---- what each seat sees --------------------------------------------------------------------

    def hidden_from(self, seat):
        return set(self.stock)

    def _cards_in_play(self):
        return list(self.board) + [self.banker_card] + list(self.stock) + list(self.discards)

    def _table(self, seat):
        return self._bank_table({
            "room": self.room(), "new_lowest": self.new_lowest,
            "board": [c.text for c in self.board], "banker_card": self.banker_card.text,
            "wagers": [[s, self.board.index(c), n] for (s, c), n in self.wagers.items()],   # seat, board index
            "dead": sorted(self.dead), "stock": len(self.stock), "discards": [c.text for c in self.discards],
        })

    def _board_note(self, card):
        names = self.player_names()
        bets = [f"{names[s]} {n}" for s in self.players_in_order() for (t, c), n in self.wagers.items()
                if t == s and c == card]
        return "wagers: " + ", ".join(bets) if bets else "no wagers"

    def _seat_note(self, s):
        bets = [f"{n} on the {c.symbol}" for (t, c), n in self.wagers.items() if t == s and s != self.banker]
        return self._held_note(s) + (f"; wagers {', '.join(bets)}" if bets else "")

    def _describe(self, seat):
        names = self.player_names()
        zones = [zone(f"hand-{s}", f"{names[s]}'s card (the banker's)" if s == self.banker else names[s],
                      [self.banker_card] if s == self.banker else [], kind="hand", owner=s, source=False,
                      note=self._seat_note(s)) for s in range(self.seats)]
        zones += [zone(f"board-{c.text}", f"Board: {c.symbol}", [c], kind="layout", group="middle",
                       note=self._board_note(c), source=True) for c in self.board]
        zones += self._bank_zones()
        zones.append(zone("stock", "Stock", ["??"] * len(self.stock), kind="stock", layout="squared",
                          group="middle"))
        zones.append(zone("discards", "Matched and dead cards", self.discards, kind="discard", layout="squared",
                          group="middle"))
        dead = ", ".join(rank_words(r) for r in sorted(self.dead))
        return self._bank_description(zones, {"bet": "Wagers", "choice": "The banker deals again or passes the bank"},
                                      f"Dead: {dead}" if dead else None)

    def _click_choice(self, move):
        """A wager is made in two steps: its board card picked, then its amount."""
        return f"wager {chips_word(move.args[0])}" if move.kind == "wager" else None

    def _button_words(self, move):
        if move.kind == "wager":
            return f"Wager {chips_word(move.args[0])} on the {move.args[1].symbol}"
        if move.kind in ("lowest", "highest"):
            return self._limit_words(move)
        if move.kind == "deal":
            return f"Deal again, {self.limits_words()} as now"
        return {"done": "Done betting", "pass": "Pass the bank"}.get(move.kind)


GAME = ZiginetteState
