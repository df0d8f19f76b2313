"""Ristiseiska (Finnish for the seven of clubs): a stops layout game for three
to five, where a player who cannot go on is given a card by the neighbour.

- The whole pack is dealt one at a time from the dealer's left; some may get
  a card more (``setup.deal``). Aces are low.
- The holder of the 7♣ lays it down first; the turn then goes to the left
  (``play.turn``, ``play.first``).
- A 7 opens its suit's row; a suit's 6 and 8 go beside its 7, and the row
  then grows one card at a time down to the ace and up to the king (``play.layout``).
- A player who can play must (``play.must-play``). Unable on their first turn,
  a player passes (``play.first-turn``); on a later turn they beg: the player
  on their right chooses a card from their own hand and passes it face down,
  and the beggar's turn ends. A player holding one card is skipped, and the
  next player to the right gives (``play.beg``). Begging while able to play
  is a false beg (``play.false-beg``), which the engine refuses.
- The first player out of cards wins (``end.game``).

Interpretation notes (on the game's page, ``interpretation.*``):

- One deal is the game; seat 0 deals (``interpretation.one-deal``).
- When every other player holds a single card, nobody can give, and the
  player unable to play passes (``interpretation.no-giver``).
- Changed from the text, which plays on until someone is out of cards: a card
  can be given round the table for ever, so the deal ends once ``GIFT_LIMIT``
  cards have been given, the fewest cards winning, shared when tied
  (``interpretation.gift-limit``).
"""

from ...cards import ACES_LOW, HIDDEN, SUIT_SYMBOLS, make_deck, parse_card
from ...families.layout import SuitRows
from ...families.shedding_tricks import deal_round
from ...families.tricks import left_of
from ...game import ALL, GameSpec, Scores, State
from ...moves import MoveForm, MoveForms
from ...scoring import ScoreRule
from ...table import Tally, hand_end, headline, score_sheet, zone

SEVEN_OF_CLUBS = parse_card("7C")
# interpretation.gift-limit: 3,000 games of the site's bots and of random players gave at most 32 cards.
GIFT_LIMIT = 100

FORMS = MoveForms(
    MoveForm("play", "play {card}"),
    MoveForm("give", "give {card}"),
    MoveForm("beg", "beg"),
    MoveForm("pass", "pass"),
)


def giver_for(beggar, hand_sizes):
    """Who gives to ``beggar``: the first player to the right holding more than one card, or None.

    >>> giver_for(2, [5, 1, 4, 3]), giver_for(0, [0, 1, 1])
    (0, None)
    """
    seats = len(hand_sizes)
    for step in range(1, seats):
        seat = (beggar - step) % seats
        if hand_sizes[seat] > 1:
            return seat
    return None


class RistiseiskaState(State):
    spec = GameSpec(
        id="ristiseiska",
        name="Ristiseiska",
        family="stops",
        seats=(3, 5),
        default_seats=4,
        deck="52",
        summary="Build the suits out from the sevens; a player who cannot play is handed a card "
                "of their neighbour's choosing. The first out of cards wins.",
        rules=("setup.deal", "play.first", "play.layout", "play.must-play", "play.first-turn", "play.beg",
               "play.false-beg", "interpretation.one-deal", "interpretation.no-giver", "interpretation.gift-limit"),
        # A row is a whole deal: the winner (or the winners sharing it at the gift limit) 1.
        scoring=ScoreRule(wins="high", rule="scoring.winner", end_rule="end.game", per_game=True,
                          cells=(0, 1), row_sum=(1, None), cites=("interpretation.one-deal",)),
    )
    forms = FORMS

    def _setup(self):
        self.dealer = 0
        cards = self._shuffle("deal", make_deck("52"))
        self.hands = tuple(tuple(sorted(hand, key=ACES_LOW.sort_key))
                           for hand in deal_round(cards, self.seats, self.dealer))
        self.layout = SuitRows(ranks=ACES_LOW, start="7")
        self.turn = next(s for s, hand in enumerate(self.hands) if SEVEN_OF_CLUBS in hand)
        self.had_turn = frozenset()
        self.begging = None       # (beggar, giver) while a card is awaited
        self.given = None         # (giver, beggar, card) of the last gift, for the sentence
        self.gifts = 0            # cards given so far (interpretation.gift-limit)
        self.winners = ()
        self.said = None

    def move_bound(self):
        """52 cards laid and ``GIFT_LIMIT`` begs, each with its gift; someone can always lay a card
        or beg within a round, so at most a pass from each of the others before each of those,
        and a first-turn pass each."""
        progress = 52 + 2 * GIFT_LIMIT
        return progress * self.seats + self.seats

    # ---- moves -------------------------------------------------------------------------------

    @property
    def to_act(self):
        if self.winners:
            return None
        return self.begging[1] if self.begging else self.turn

    def _legal(self):
        if self.begging:
            return [FORMS["give"].make(card) for card in self.hands[self.begging[1]]]
        seat = self.turn
        if not self.layout.rows:
            return [FORMS["play"].make(SEVEN_OF_CLUBS)]
        playable = self.layout.playable(self.hands[seat])
        if playable:
            return [FORMS["play"].make(card) for card in playable]
        if seat not in self.had_turn or giver_for(seat, self._sizes()) is None:
            return [FORMS["pass"].make()]
        return [FORMS["beg"].make()]

    def _sizes(self):
        return [len(hand) for hand in self.hands]

    def _why_not(self, move):
        players = self.player_names()
        if self.begging:
            beggar, giver = self.begging
            if move.kind != "give":
                return (f"{players[giver]} must first give {players[beggar]} a card", "play.beg")
            return (f"the {move.card.symbol} is not in your hand", "play.turn")
        seat, hand = self.turn, self.hands[self.turn]
        if move.kind == "give":
            return ("nobody has begged for a card", "play.beg")
        if move.kind == "play":
            if move.card not in hand:
                return (f"the {move.card.symbol} is not in your hand", "play.turn")
            if not self.layout.rows:
                return ("the 7♣ must be played first", "play.first")
            return (f"the {move.card.symbol} cannot go on the layout now: {self._where(move.card)}", "play.layout")
        playable = self.layout.playable(hand)
        if playable:
            can = playable[0].symbol
            if move.kind == "beg":
                return (f"you can play the {can}: begging now would be a false beg", "play.false-beg")
            return (f"you can play the {can}, so you must play", "play.must-play")
        if move.kind == "beg":
            if seat not in self.had_turn:
                return ("on your first turn a player who cannot play passes, without begging", "play.first-turn")
            return ("every other player holds a single card, so nobody can give you one: pass", "interpretation.no-giver")
        return ("you cannot play, and this is not your first turn: you must beg a card", "play.beg")

    def _where(self, card):
        row = self.layout.row(card.suit)
        if not row:
            return f"the {SUIT_SYMBOLS[card.suit]} row opens with its 7"
        return f"the {SUIT_SYMBOLS[card.suit]} row runs from the {row[0].symbol} to the {row[-1].symbol}"

    def _play(self, move):
        players = self.player_names()
        self.given = None
        if move.kind == "give":
            beggar, giver = self.begging
            self._move_card(giver, beggar, move.card)
            self.begging = None
            self.given = (giver, beggar, move.card)
            self.turn = left_of(beggar, self.seats)
            self.gifts += 1
            if self.gifts >= GIFT_LIMIT:   # interpretation.gift-limit
                least = min(self._sizes())
                self._deal_won([s for s, n in enumerate(self._sizes()) if n == least],
                               f"Fewest cards after {GIFT_LIMIT} given", "interpretation.gift-limit")
            return
        seat = self.turn
        self.had_turn = self.had_turn | {seat}
        if move.kind == "beg":
            giver = giver_for(seat, self._sizes())
            self.begging = (seat, giver)
            self.said = f"{players[seat]} cannot play and begs a card from {players[giver]}."
            return
        if move.kind == "pass":
            self.said = f"{players[seat]} cannot play and passes."
            self.turn = left_of(seat, self.seats)
            return
        self.layout = self.layout.add(move.card)
        self.hands = tuple(tuple(c for c in hand if c != move.card) if s == seat else hand
                           for s, hand in enumerate(self.hands))
        self.said = f"{players[seat]} plays the {move.card.symbol}."
        if not self.hands[seat]:
            self._deal_won([seat], "Out of cards first", "scoring.winner")
            self.said = f"{players[seat]} plays the {move.card.symbol}, their last card."
        self.turn = left_of(seat, self.seats)

    def _told_in_part(self, move):
        # play.beg: the card passes face down; only the giver and the beggar see it.
        if move.kind == "give":
            beggar, giver = self.begging
            return "give a card", {giver, beggar}
        return None

    def _move_card(self, giver, beggar, card):
        hands = list(self.hands)
        hands[giver] = tuple(c for c in hands[giver] if c != card)
        hands[beggar] = tuple(sorted(hands[beggar] + (card,), key=ACES_LOW.sort_key))
        self.hands = tuple(hands)

    def candidate_moves(self):
        cards = make_deck("52")
        return ([FORMS["play"].make(c) for c in cards] + [FORMS["give"].make(c) for c in cards]
                + [FORMS["beg"].make(), FORMS["pass"].make()])

    # ---- the end -----------------------------------------------------------------------------

    def _deal_won(self, winners, label, rule):
        """The deal's end: each of ``winners`` scores a point, for ``label`` under ``rule``, an item
        of the end's breakdown."""
        self.winners, tally = tuple(winners), Tally(self.seats)
        for seat in winners:
            tally.add(seat, label, 1, rule)
        self.hand_tally = tally.breakdown(self.player_names())

    @property
    def scores(self):
        points = tuple(int(s in self.winners) for s in range(self.seats))
        return Scores(points, points)

    # ---- what each seat sees -----------------------------------------------------------------

    def _sees(self, seat, owner):
        return seat == ALL or seat == owner

    def _table(self, seat):
        return {
            "dealer": self.dealer,
            "hands": [[c.text for c in hand] if self._sees(seat, s) else len(hand) for s, hand in enumerate(self.hands)],
            "layout": self.layout.to_json(),
            "had_turn": sorted(self.had_turn),
            "begging": list(self.begging) if self.begging else None,
            "winners": list(self.winners),
            "gifts": self.gifts,
        }

    def _cards_in_play(self):
        return [c for hand in self.hands for c in hand] + self.layout.cards()

    def hidden_from(self, seat):
        return {c for s, hand in enumerate(self.hands) if not self._sees(seat, s) for c in hand}

    def _said(self, seat):
        return self._last_sentence(seat, self.player_names())

    def _describe(self, seat):
        players = self.player_names()
        zones = [zone(f"hand-{s}", f"{players[s]}'s hand", (c.text if self._sees(seat, s) else HIDDEN for c in hand),
                      kind="hand", layout="fan", owner=s, backs="hidden",
                      note=f"{len(hand)} card{'' if len(hand) == 1 else 's'}")
                 for s, hand in enumerate(self.hands)]
        zones += self.layout.zones()
        facts = []
        if self.begging and not self.winners:
            facts.append(f"{players[self.begging[1]]} gives {players[self.begging[0]]} a card")
        return {
            "headline": headline("The layout", f"Dealer: {players[self.dealer]}", *facts),
            "zones": zones,
            "dealer": self.dealer,
            "score": score_sheet(players, (), [("Cards in hand", self._sizes())],
                                 target="One deal: the first player out of cards wins"),
            "last": self._last_sentence(seat, players),
            "result": self._result_sentence(players),
            "interlude": self._interlude(players),
        }

    def _interlude(self, players):
        if not self.winners:
            return None
        first = self.winners[0]
        ended = f"{players[first]} is out of cards" if not self.hands[first] else f"{GIFT_LIMIT} cards have been given"
        return hand_end("End of the deal", zones=self.layout.zones(), state=self, ended=ended)

    def _result_sentence(self, players):
        if not self.winners:
            return None
        if not self.hands[self.winners[0]]:
            return f"{players[self.winners[0]]} has no cards left and wins."
        held = len(self.hands[self.winners[0]])
        verb = "wins" if len(self.winners) == 1 else "share the win"
        who = ", ".join(players[s] for s in self.winners)
        return f"After {GIFT_LIMIT} cards given, {who}, holding the fewest cards ({held}), {verb}."

    def _last_sentence(self, seat, players):
        if not self.given:
            return self.said
        giver, beggar, card = self.given
        # Only the two of them see the card that changed hands.
        what = f"the {card.symbol}" if seat in (giver, beggar, ALL) else "a card"
        said = f"{players[giver]} gives {players[beggar]} {what}, face down."
        if self.winners:
            said += f" That was card {GIFT_LIMIT} given, the last: the fewest cards win."
        return said


GAME = RistiseiskaState
