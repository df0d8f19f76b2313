"""Triple Play's refusals: why a move is not allowed now, in words, with the rule it breaks (the
turn's order, the pickup, the first meld's minimum, a meld's make-up, the card a player keeps)."""

from .melds import CANASTA, WILD, book_missing, count_card, is_wild, meld_verdict, most_points, remove_card, value


def side_of(seat):
    """The partnership of ``seat``: partners sit opposite."""
    return seat % 2


class Refusals:
    """The state's refusals (mixed into TriplePlayState, whose turn, hands and melds they read)."""

    def _refusal(self, move):
        """Why ``move`` is refused now, ``(reason, rule)``, or None when it is legal."""
        seat, phase, kind = self.turn, self.phase, move.kind
        side, hand = side_of(seat), self.hands[seat]
        if phase == "answer":
            partner = self.player_names()[self.to_act]
            return None if kind in ("yes", "no") else (
                f"{partner} answers whether {self._who()} may go out: yes or no", "play.ask")
        if kind in ("yes", "no"):
            return "nobody has asked to go out", "play.ask"
        if phase == "draw":
            if kind == "draw":
                return None if self.stock else ("the stock is empty: the deal stops", "interpretation.stock-out")
            if kind == "stop":
                return None if not self.stock else ("the stock is not empty: draw", "interpretation.stock-out")
            if kind == "pickup":
                return self._pickup_refusal(move.args[0])
            return f"{self._who()} first draws two cards, or takes the discard pile", "play.draw"
        if kind in ("draw", "stop", "pickup"):
            return f"{self._who()} has drawn already", "play.draw"
        cards = move.args[0] if kind in ("meld", "add") else (move.card,) if move.card else ()
        missing = self._lacking(tuple(cards)) if cards else None
        if missing:
            return (f"{self._who()} does not hold {'another' if missing in hand else 'the'} {missing.symbol}",
                    "play.turn")
        if kind in ("meld", "add"):
            return self._meld_refusal(move)
        if kind == "takeback":
            return None if not self.opened[side] and self.turn_points else (
                "only a first meld short of its minimum is taken back", "interpretation.short-opening")
        if kind == "ask":
            if not self.foot_taken[seat]:
                return f"{self._who()} asks to go out only once the foot is picked up", "play.ask"
            if self.asked:
                return f"{self._who()} has asked this turn already", "play.ask"
            missing = book_missing(self.melds[side])
            return None if not missing else (f"the basic book still lacks {missing[0]}", "play.book")
        if not self._may_end_turn():
            return (f"the first meld counts {self.turn_points}, short of {self.minimum}: meld more, or take it "
                    "back", "play.opening")
        if kind == "done":
            return None if self.drew == "pile" else (
                f"{self._who()} drew from the stock and ends the turn with a discard", "play.discard")
        if kind == "discard":
            if self.drew == "pile":
                return f"{self._who()} took the discard pile: no discard this turn", "play.discard"
            return None
        return "that move is not open now", "play.turn"

    def _who(self):
        """The name of the player to act, for a refusal's words."""
        return self.player_names()[self.turn]

    def _lacking(self, cards):
        """A card of ``cards`` the seat to act does not hold as often, or None."""
        hand = self.hands[self.turn]
        return next((c for c in dict.fromkeys(cards) if count_card(hand, c) < count_card(cards, c)), None)

    def _pickup_refusal(self, cards):
        if not self.discard:
            return "the discard pile is empty", "play.pickup"
        top = self.discard[-1]
        if top.rank == "3":
            return "a black 3 on top of the pile stops it being taken", "play.pickup"
        if self._lacking(tuple(cards)):
            return f"{self._who()} does not hold {' and '.join(c.symbol for c in cards)}", "play.pickup"
        if len(cards) != 2 or any(c.rank != top.rank or (top.rank is not None and c.rank is None) for c in cards):
            what = "jokers" if top.rank is None else f"{top.rank.replace('T', '10')}s"
            return f"the pile is taken with two natural {what}, to meld with the {top.symbol}", "play.pickup"
        side = side_of(self.turn)
        rank = WILD if is_wild(top) else top.rank
        number = self._open_meld(side, rank)
        size = 3 + (len(self.melds[side][number - 1][1]) if number else 0)
        if size > CANASTA:
            return f"meld {number} has no room for three more cards", "play.canasta"
        if not self.opened[side] and self._short_of_opening(cards, rank, number, top):
            return (f"the first meld of this deal needs {self.minimum} points: the hand cannot make them up",
                    "play.opening")
        return None

    def _short_of_opening(self, cards, rank, number, top=None):
        """Whether an unopened partnership's first melds, with ``cards`` from the hand (and the
        pile's ``top`` card) melded now into its meld ``number`` (0: a new meld of ``rank``), count
        less than the minimum and the rest of the hand cannot make it up (``play.opening``)."""
        laid = list(cards) + ([top] if top else [])
        points = self.turn_points + sum(map(value, laid))
        if points >= self.minimum:
            return False
        melds = [(r, held + laid if n == number else held)
                 for n, (r, held) in enumerate(self.melds[side_of(self.turn)], 1)]
        if not number:
            melds.append((rank, laid))
        rest = list(self.hands[self.turn])
        for card in cards:
            remove_card(rest, card)
        return points + most_points(rest, melds) < self.minimum

    def _meld_refusal(self, move):
        seat, side = self.turn, side_of(self.turn)
        hand = self.hands[seat]
        if self.taken_back:
            return f"{self._who()} took a first meld back: no more melds this turn", "interpretation.short-opening"
        cards = move.args[0]
        if move.kind == "add":
            number = move.args[1]
            if not 1 <= number <= len(self.melds[side]):
                return f"the partnership has no meld {number}", "play.meld"
            rank, held = self.melds[side][number - 1]
            whole = (*held, *cards)
            if len(held) >= CANASTA:
                return f"meld {number} is a canasta: it takes no more cards", "play.canasta"
            made, problem = meld_verdict(whole)
        else:
            whole = tuple(cards)
            made, problem = meld_verdict(whole)
            rank = made
            number = self._short_melds(side).get(rank) if rank != "3" else None
            if number:
                return f"the partnership has a meld of that rank short of a canasta: add to meld {number}", "play.meld"
        if problem:
            return problem
        if made != rank:
            return "cards added to a meld are of its rank, or wild", "play.meld"
        left = len(hand) - len(cards)
        if left > 1 and self.opened[side]:   # no opening to make up, no card to keep
            return None
        completes = len(whole) == CANASTA
        first_canasta = completes and not any(len(held) == CANASTA for _, held in self.melds[side])
        if not self.opened[side]:
            if self._short_of_opening(cards, rank, move.args[1] if move.kind == "add" else 0):
                return (f"the first meld of this deal needs {self.minimum} points, and the hand cannot make them "
                        "up", "play.opening")
            first_canasta = first_canasta and self.turn_points + sum(map(value, cards)) >= self.minimum
        knee_now = first_canasta and not self.knee_taken[seat]
        if left == 0 and not knee_now and not self._may_empty(seat):
            return self._keep_refusal(seat)
        if left == 1 and self.drew == "stock" and not knee_now and not self._may_empty(seat):
            return self._keep_refusal(seat)
        return None

    def _may_empty(self, seat):
        """Whether ``seat``'s hand may run out now: to pick up the foot, or to go out."""
        if not self.knee_taken[seat]:
            return False
        if not self.foot_taken[seat]:
            return True
        return self.allowed and not book_missing(self.melds[side_of(seat)])

    def _keep_refusal(self, seat):
        name = self.player_names()[seat]
        if not self.knee_taken[seat]:
            return f"{name} keeps a card: the knee comes only with the partnership's first canasta", "play.keep-card"
        if book_missing(self.melds[side_of(seat)]):
            return f"{name} keeps a card: the basic book is not complete", "play.book"
        return f"{name} keeps a card: going out needs the partner's yes", "play.ask"
