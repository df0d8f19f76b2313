"""Go Boom: Crazy Eights played in rounds, the highest card of each round leading the next.

- 52 cards, two to six players, seven cards each; the rest is the stock, and no
  card is turned up (``setup.deal``).
- The dealer's left leads any card (``play.lead``). Each other player in turn
  plays a card of the suit or rank of the card led (``play.match``), or draws
  from the stock until they can; with the stock empty, a player who cannot
  play passes (``play.draw``).
- Once everyone has had a turn, the round's highest card (aces high; of equal
  ranks, the first played) wins it, and its player leads the next
  (``play.round``).
- The first player out of cards wins (``end.game``); with the ``settle``
  option, they collect the value of every card left in the others' hands
  (``scoring.settle``).
"""

from ...cards import RANKS
from ...families.eights import EightsGame
from ...game import GameSpec, Option, Scores
from ...moves import MoveForm, MoveForms
from ...scoring import ScoreRule
from ...table import Tally, plural, zone

FORMS = MoveForms(MoveForm("play", "play {card}"), MoveForm("draw", "draw"), MoveForm("pass", "pass"))
ACES_HIGH = RANKS[1:] + RANKS[:1]


def card_value(card):
    """What a card left in a hand costs under the ``settle`` option: an ace 1, a face card 10,
    any other its pips.

    >>> from rules_engine.cards import parse_cards
    >>> [card_value(c) for c in parse_cards("AS KH QD JC TS 7H 2C")]
    [1, 10, 10, 10, 10, 7, 2]
    """
    return 1 if card.rank == "A" else 10 if card.rank in "TJQK" else int(card.rank)


def round_winner(plays):
    """The index of the play that wins a round: the highest card, aces high, the first of equals.

    >>> from rules_engine.cards import parse_cards
    >>> round_winner(list(zip([1, 2, 3, 0], parse_cards("5S KS 5H KD"))))
    1
    """
    best = max(ACES_HIGH.index(card.rank) for _, card in plays)
    return next(i for i, (_, card) in enumerate(plays) if ACES_HIGH.index(card.rank) == best)


def settlement(hands, winner):
    """Each seat's score under the ``settle`` option: the winner collects the value of every
    card left in the others' hands, which each of them pays.

    >>> from rules_engine.cards import parse_cards
    >>> settlement([[], parse_cards("AS KH"), parse_cards("7D")], winner=0)
    (18, -11, -7)
    """
    owed = [sum(card_value(c) for c in hand) for hand in hands]
    return tuple(sum(owed) - owed[seat] if seat == winner else -owed[seat] for seat in range(len(hands)))


class GoBoomState(EightsGame):
    spec = GameSpec(
        id="go-boom",
        name="Go Boom",
        family="crazy eights",
        seats=(2, 6),
        default_seats=4,
        deck="52",
        summary="Follow the card led by suit or rank or draw until you can; the round's highest card "
                "leads the next, and the first player out of cards wins.",
        options=(Option("settle", "none", ("none", "collect"),
                        "none: the first out wins; collect: they also collect the value of the cards left "
                        "in the others' hands"),),
        rules=("setup.deal", "play.lead", "play.match", "play.draw", "play.round", "scoring.settle",
               "interpretation.first-dealer", "interpretation.unwilling", "interpretation.match-led"),
        scoring=ScoreRule(wins="high", rule="scoring.settle", end_rule="end.game", per_game=True),
    )
    forms = FORMS
    FIRST_UPCARD = False
    REBUILD = False

    def _hand_size(self):
        return 7

    def _points(self, card):
        return card_value(card)

    def _start_hand(self, number, dealer):
        super()._start_hand(number, dealer)
        self.round_number, self.round_plays, self.round_turns = 1, (), 0
        self.phase = "lead"

    def move_bound(self):
        """Each card is played once and drawn at most once; each round has a card led, so at most
        52 rounds, in which each other player passes at most once."""
        return 52 * (self.seats + 1)

    # ---- moves ------------------------------------------------------------------------------

    def _playable(self, seat):
        hand = self.hands[seat]
        if self.phase == "lead":
            return list(hand)
        return [c for c in hand if c.suit == self.up.suit or c.rank == self.up.rank]

    def _legal(self):
        seat = self.turn
        moves = [FORMS["play"].make(card) for card in self._playable(seat)]
        if self.phase == "lead":
            return moves
        if self.stock:
            return moves + [FORMS["draw"].make()]
        return moves or [FORMS["pass"].make()]

    def _why_not(self, move):
        seat, name = self.turn, self.player_names()[self.turn]
        if move.kind == "play":
            if move.card not in self.hands[seat]:
                return (f"{name} does not hold the {move.card.symbol}", "play.turn")
            return (f"the {move.card.symbol} matches the card led, the {self.up.symbol}, neither in suit nor in rank",
                    "play.match")
        if self.phase == "lead":
            return (f"{name} leads this round with any card", "play.lead")
        if move.kind == "draw":
            return ("the stock is empty: there is nothing to draw", "play.draw")
        return ("a player who can play, or draw, may not pass", "play.draw")

    def candidate_moves(self):
        from ...cards import make_deck

        return [FORMS["play"].make(c) for c in make_deck("52")] + [FORMS["draw"].make(), FORMS["pass"].make()]

    def _play(self, move):
        seat, players = self.turn, self.player_names()
        name = players[seat]
        lines = []
        if move.kind == "draw":
            self.hands[seat].append(self.stock.pop())
            self.said = f"{name} draws a card."
            return
        if move.kind == "play":
            card = move.card
            self.hands[seat].remove(card)
            self.round_plays += ((seat, card),)
            if self.phase == "lead":
                self.up, self.phase = card, "follow"
                lines.append(f"{name} leads the {card.symbol}")
            else:
                lines.append(f"{name} plays the {card.symbol}")
            if not self.hands[seat]:
                self.said = "; ".join(lines + self._end_hand(seat)) + "."
                return
        else:
            lines.append(f"{name} cannot play and passes")
        self.round_turns += 1
        if self.round_turns < len(self.active):
            self.turn = self._next(seat)
        else:
            lines += self._end_round()
        self.said = "; ".join(lines) + "."

    def _log_place(self):
        return self.hand_number, f"Round {self.round_number}"

    def _end_round(self):
        winner, card = self.round_plays[round_winner(self.round_plays)]
        self.discard += [c for _, c in self.round_plays]
        self.round_number += 1
        self.round_plays, self.round_turns, self.phase, self.up = (), 0, "lead", None
        self.turn = winner
        return [f"the {card.symbol} wins the round, and {self.player_names()[winner]} leads"]

    def _end_hand(self, winner):
        self.over, self.winner = True, winner
        players = self.player_names()
        name, tally = players[winner], Tally(self.seats)
        if self.options["settle"] == "collect":
            for seat, points in enumerate(settlement(self.hands, winner)):
                if seat != winner:   # the cards are not shown: their count and value are
                    held = plural(len(self.hands[seat]), "card")
                    tally.add(seat, "Cards left", points, "scoring.settle", note=held)
                    tally.add(winner, f"{players[seat]}'s cards left", -points, "scoring.settle", note=held)
        else:
            tally.add(winner, "Out of cards first", 1, "end.game")
        self.final = self.points = tally.points
        self.hand_results = ((1, self.final, ()),)
        lines = [f"{name} is out of cards and wins"]
        if self.options["settle"] == "collect":
            lines.append(f"{name} collects {plural(self.final[winner], 'point')}")
        self.hand_end, self.hand_tally = (1, tuple(lines), ()), tally.breakdown(players)   # shown at the game's end
        return lines

    @property
    def winners(self):
        return (self.winner,) if self.over else ()

    @property
    def scores(self):
        points = self.final if self.over else (0,) * self.seats
        return Scores(points, points)

    def _result_sentence(self):
        if not self.over:
            return None
        name = self.player_names()[self.winner]
        if self.options["settle"] == "collect":
            return f"{name} goes out first and wins, collecting {plural(self.final[self.winner], 'point')}."
        return f"{name} goes out first and wins."

    def _target(self):
        return "The first player out of cards wins"

    # ---- what each seat sees ------------------------------------------------------------------

    def _cards_in_play(self):
        return super()._cards_in_play() + [c for _, c in self.round_plays]

    def _table(self, seat):
        table = super()._table(seat)
        # The card led is the round's first: named once, as every card of the view is.
        table.update(round=[[s, c.text] for s, c in self.round_plays], round_number=self.round_number)
        return table

    def _describe(self, seat):
        described = super()._describe(seat)
        players = self.player_names()
        described["zones"].append(zone("round", f"Round {self.round_number}", [c for _, c in self.round_plays],
                                       kind="trick", layout="trick", by=[s for s, _ in self.round_plays],
                                       labels=[players[s] for s, _ in self.round_plays], group="round"))
        for z in described["zones"]:
            if z["id"] == "discard":
                z["label"] = "Earlier rounds"
            if z["kind"] == "hand" and not self.over:
                z.pop("note", None)   # no points before the end
        facts = [f"Dealer: {players[self.dealer]}"]
        if not self.over:
            facts.append(f"Led: the {self.up.symbol}" if self.up else f"{players[self.turn]} leads")
        described["headline"] = {"title": f"Round {self.round_number}", "facts": facts}
        return described


GAME = GoBoomState
