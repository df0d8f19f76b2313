"""Bridge Solitaire's table as its reader sees it (rules_engine/table.py): the
choice of six face-up cards, then the hand, the stock, the discard pile, the
cards turned from the stock and set aside, the house's lead, the last trick,
each side's tricks, and the rubber's score sheet. A mixin of the game's state,
kept apart so the rules module stays a summary of the rules."""

from ...cards import HIDDEN
from ...families.bridge_scoring import STRAIN_SYMBOLS
from ...table import hand_end, headline, plural, score_sheet, shown, signed, zone

PLAYER, HOUSE = 0, 1


def bid_text(bid):
    return "pass" if bid is None else f"{bid[0]}{STRAIN_SYMBOLS[bid[1]]}"


class BridgeSolitaireTable:
    def _said(self, seat):
        return self._last_sentence()

    def _log_place(self):
        parts = {"choose": "Choosing the hand", "bid": "Bidding", "play": f"Trick {len(self.tricks) + 1}"}
        return self.hand_no, parts.get(self.phase)

    def _describe(self, seat):
        return {
            "headline": headline(f"Hand {self.hand_no}", *self._facts()),
            "zones": self._zones(),
            "score": self._score_sheet(),
            "last": self._last_sentence(),
            "result": self._result_sentence(),
            "interlude": self._interlude(),
        }

    def _facts(self):
        vulnerable = [side for side, won in zip(("you", "the house"), self.games_won) if won]
        facts = [f"Vulnerable: {' and '.join(vulnerable) or 'neither side'}"]
        if self.phase == "choose":
            facts.append(f"Keep six of the face-up cards ({len(self.kept)} kept)")
        elif self.phase == "bid":
            facts.append(f"The house {'passes' if self.house_bid is None else 'bids ' + bid_text(self.house_bid)}")
        if self.contract:
            facts.append(f"Contract: {self._contract_text()}")
            facts.append(f"Tricks: you {self.won[0]}, the house {self.won[1]}")
        return facts

    def _zones(self):
        zones = []
        if self.phase == "choose":
            zones += [zone("facedown", "Face down (yours after the choice)", shown(self.facedown, False),
                           kind="hand", layout="squared", group="deal", source=False),
                      zone("faceup", "Face up: keep six", self._unkept(), kind="hand", layout="row", group="deal",
                           tries="keep {card}"),
                      zone("kept", f"Kept ({len(self.kept)} of 6)", self.kept, kind="hand", layout="row",
                           group="deal", source=False)]
        else:
            zones.append(zone("hand-0", "Your hand", self.hand, kind="hand", layout="fan", owner=PLAYER,
                              tries="play {card}"))
        turned = set(self.turned)
        top = self.discards[-1:] if self.discards and self.discards[-1] not in turned else ()
        older = [c for c in self.discards if c not in turned and c not in top]
        zones += [zone("stock", "The stock: the house's cards", shown(self.stock, False), kind="stock",
                       layout="squared", group="piles"),
                  zone("discards", "Discard pile", [HIDDEN] * len(older) + [c.text for c in top], kind="discard",
                       layout="squared", group="piles")]
        if self.trick:
            zones.append(zone("trick", "The house leads", self.trick, kind="trick", layout="row",
                              labels=["The house"], group="table"))
        if self.turned:
            zones.append(zone("turned", "Set aside from the stock in the last trick", self.turned, kind="set-aside",
                              layout="row", group="table"))
        if self.tricks:
            zones.append(self._trick_zone(self.tricks[-1], "last-trick"))
        for side, name in ((PLAYER, "Your tricks"), (HOUSE, "The house's tricks")):
            older_tricks = [c for t in self.tricks[:-1] if t[2] == side for c in t[1]]
            zones.append(zone(f"won-{('player', 'house')[side]}", name, shown(older_tricks, False),
                              kind="captured", layout="squared", group="piles",
                              note=f"{self.won[side]} trick{'' if self.won[side] == 1 else 's'}"))
        return zones

    @staticmethod
    def _trick_zone(trick, zone_id):
        leader, cards, winner = trick
        labels = [("You", "The house")[side] for side in (leader, 1 - leader)][:len(cards)]
        taken = "you" if winner == PLAYER else "the house"
        return zone(zone_id, f"Last trick, taken by {taken}", cards, kind="last-trick", layout="row",
                    labels=labels, winner=labels.index("You" if winner == PLAYER else "The house")
                    if len(cards) > 1 else 0, group="table")

    def _score_sheet(self):
        rows = [(f"{h['hand']}. {h['contract']}", [h["below"][0] + h["above"][0], h["below"][1] + h["above"][1]])
                for h in self.history]
        totals = [("Above the line", self.above)]
        totals += [(f"Game {n}, below the line", game) for n, game in enumerate(self.games, 1)]
        totals += [("Games won", self.games_won), ("Total", self.totals)]
        return score_sheet(("You", "The house"), rows, totals, caption="Rubber",
                           target="A rubber: the first side to win two games; your score is your total "
                                  "less the house's")

    def _last_sentence(self):
        if self.last_move is None:
            return None
        move = self.parse_move(self.last_move[0])
        if move.kind == "keep":
            said = f"You keep the {move.card.symbol}"
            if self.phase != "choose":
                said += "; the house " + ("passes" if self.house_bid is None else f"bids {bid_text(self.house_bid)}")
            return said + "."
        if move.kind == "pass":
            return f"You pass and defend the house's {bid_text(self.house_bid)}."
        if move.kind in ("bid", "bid-nt"):
            return f"You bid and declare: {self._contract_text()}."
        ended = self.__dict__.get("hand_end")
        trick = ended[1] if ended else self.tricks[-1]
        leader, cards, winner = trick
        taken = "you win the trick" if winner == PLAYER else "the house wins the trick"
        if leader == HOUSE:
            return f"You play the {move.card.symbol} to the house's {cards[0].symbol}: {taken}."
        turned = self.turned if not ended else ()
        set_aside = f"the house turns and sets aside {' '.join(c.symbol for c in turned)}, then " if turned else \
            "the house "
        answer = f"plays the {cards[1].symbol}" if len(cards) > 1 else "finds no card to play"
        return f"You lead the {move.card.symbol}; {set_aside}{answer}: {taken}."

    def _result_sentence(self):
        if self.result is None:
            return None
        you, house = self.totals
        return (f"Rubber over: you {self.result}, {you} points to the house's {house}; "
                f"your score is the difference, {signed(you - house)}.")

    def _interlude(self):
        ended = self.__dict__.get("hand_end")
        if not ended:
            return None
        number, last, summary, left = ended
        you, house = summary["tricks"]
        lines = [f"{summary['contract']}: you took {plural(you, 'trick')}, the house {house}",
                 f"You score {summary['below'][0]} below the line and {summary['above'][0]} above "
                 f"(honours {summary['honours']}); the house {summary['below'][1]} below and "
                 f"{summary['above'][1]} above"]
        zones = [self._trick_zone(last, "ended-trick")] if last else []
        if not left:
            ended = "you have played your last card"
        elif left == 1:
            ended = "the stock has run out, and the card left in your hand is a trick of yours"
        else:
            ended = f"the stock has run out, and the {left} cards left in your hand are tricks of yours"
        return hand_end(f"End of hand {number}", lines, zones=zones, ended=ended, state=self)
