"""Spinado: Newmarket's stops play for three to five, with three pots and the A♦.

- The pack has 47 cards: no 2s and no 8♦ (``setup.pack``). Aces are low.
- Every player antes a chip to each pot, Matrimony, Intrigue and Game;
  after the first hand, everyone but the last hand's winner (``setup.ante``).
- The cards are dealt into one hand more than there are players, all of
  equal size, the cards left over going to the extra hand, which is dead
  (``setup.deal``).
- The dealer's left starts a sequence with any card (``play.start``); the
  holder of the next card of the suit may play it (``play.sequence``); when the
  next card is dead, out of the pack or past the king, the last player starts
  a new sequence (``play.stop``).
- A holder who does not play the next card passes, and play stops as if it
  were dead: the last player starts a new sequence (``play.hold-back``).
- The A♦, the spinado, may go down with any valid play of its holder; it
  stops play, so they start the next sequence (``play.spinado``).
- A player who plays both the K♦ and Q♦ takes Matrimony; the Q♦ and J♦,
  Intrigue (``scoring.pots``).
- The first player out takes Game; a player still holding the spinado pays
  the winner two chips a card held; the other pots carry over (``scoring.hand``).

Interpretation notes (on the game's page, ``interpretation.*``):

- A pot of a pair goes to the player who has played both its cards in the
  hand, when the second goes down (``interpretation.pairs``).
- The spinado goes down after the card it comes with; played alone it is a
  card like any other (``interpretation.spinado``).
- The end, and credit, as in every stops game for chips here
  (``interpretation.end``, ``interpretation.credit``).
- Nobody sees who keeps a card back, nor whether a card that stops play was
  dead or kept: the table says only that nobody played it
  (``interpretation.hold-back``).
"""

from ...cards import parse_card
from ...families.chips import chips_word
from ...families.stops import StopsPlay
from ...families.stops_game import StopsGame, stops_options, stops_sheet
from ...families.tricks import left_of
from ...game import ALL, GameSpec
from ...moves import MoveForm, MoveForms

SPINADO = parse_card("AD")
MATRIMONY, INTRIGUE, GAME_POT = "Matrimony", "Intrigue", "Game"
POTS = (MATRIMONY, INTRIGUE, GAME_POT)
PAIRS = {MATRIMONY: (parse_card("KD"), parse_card("QD")), INTRIGUE: (parse_card("QD"), parse_card("JD"))}

FORMS = MoveForms(
    MoveForm("spinado", "play {card} with {card}"),
    MoveForm("play", "play {card}"),
    MoveForm("pass", "pass"),
)


def equal_hands(cards, hands):
    """``cards`` dealt into ``hands`` hands of equal size, the extra cards to the last (dead) hand.

    >>> [len(hand) for hand in equal_hands(list(range(47)), 5)]
    [9, 9, 9, 9, 11]
    """
    size = len(cards) // hands
    piles = [list(cards[i:size * hands:hands]) for i in range(hands)]
    piles[-1] += cards[size * hands:]
    return piles


def spinado_penalty(cards_held):
    """What the holder of the unplayed spinado pays the winner.

    >>> spinado_penalty(3)
    6
    """
    return 2 * cards_held


class SpinadoState(StopsGame):
    spec = GameSpec(
        id="spinado",
        name="Spinado",
        family="stops",
        seats=(3, 5),
        default_seats=4,
        deck="47",
        summary="Newmarket's stops play for three pots, with the A♦ that stops play whenever its holder likes.",
        options=stops_options(50, (20, 50, 100)),
        rules=("setup.pack", "setup.ante", "setup.deal", "play.start", "play.sequence", "play.stop",
               "play.hold-back", "play.spinado", "scoring.pots", "interpretation.pairs", "interpretation.spinado",
               "interpretation.credit"),
        scoring=stops_sheet(POTS, "scoring.pots"),
    )
    forms = FORMS
    POOLS = POTS

    def _click_choice(self, move):
        """A card that may go alone or with the A♦ is picked, then played one way or the other."""
        if move.text.endswith(" with AD"):
            return "with the A♦"
        if any(other.text == f"{move.text} with AD" for other in self.legal_moves()):
            return "alone"
        return None

    def _deal_hand(self):
        for seat in range(self.seats):
            if seat != self.last_winner:
                for pot in self.POOLS:
                    self._pay_pool(seat, pot, 1, ("Ante to the pots", "setup.ante", ()))
        # The deal goes round from the dealer's left; the dead hand is dealt last in each round.
        piles = equal_hands(self._shuffle(f"hand-{self.hand_number}", self._pack()), self.seats + 1)
        hands = [piles[(seat - self.dealer - 1) % self.seats] for seat in range(self.seats)]
        self.play = StopsPlay.deal(hands, starter=left_of(self.dealer, self.seats), dead=piles[-1])
        self.held_back = ()   # (seat, card) for each next card its holder did not play, this hand

    def _hand_moves(self):
        """Each card held back is followed by a card played, so twice the cards dealt."""
        return 2 * super()._hand_moves()

    # ---- the spinado and holding back ----------------------------------------------------------

    def _extra_legal(self):
        seat = self.play.to_act
        moves = []
        if SPINADO in self.play.hands[seat]:
            plain = [m.card for m in self._plain_moves() if m.card != SPINADO]
            moves = [FORMS["spinado"].make(card, SPINADO) for card in plain]
        if self.play.sequence:   # play.hold-back: the next card may be kept
            moves.append(FORMS["pass"].make())
        return moves

    def _plain_moves(self):
        play = self.play
        cards = self._starts() if not play.sequence else [play.next_card()]
        return [FORMS["play"].make(card) for card in cards]

    def _why_not(self, move):
        needed = self.play.next_card() if self.play.sequence else None
        if move.kind == "play" and needed is not None and move.card in self.play.hands[self.to_act]:
            return (f"the sequence needs the {needed.symbol}, which you hold: play it, or pass and keep it",
                    "play.sequence")
        return super()._why_not(move)

    def _extra_why_not(self, move):
        if move.kind == "pass":
            return ("you are starting a sequence: play any card", "play.start")
        card, extra = move.args
        if extra != SPINADO:
            return (f"only the spinado, the A♦, goes down with another card, not the {extra.symbol}", "play.spinado")
        if SPINADO not in self.play.hands[self.to_act]:
            return ("you do not hold the spinado", "play.spinado")
        if card == SPINADO:
            return ("the spinado goes down with another card", "play.spinado")
        return self._why_not(FORMS["play"].make(card))

    def _extra_play(self, move):
        seat = self.to_act
        if move.kind == "pass":
            card, last = self.play.next_card(), self.play.last_player
            self.held_back = self.held_back + ((seat, card),)
            self.play = self.play.stop(last)
            players = self.player_names()
            # interpretation.hold-back: nobody sees who kept it, nor whether it was dead.
            return [f"Nobody plays the {card.symbol}, which stops play, and "
                    f"{players[last]}, who played last, starts the next sequence"]
        # Whether the card would have stopped play by itself is not told: the spinado stops it anyway.
        lines = self._play_card(seat, move.card, settle=False)
        self.play = self.play.interrupt(SPINADO, seat)
        lines.append(f"with it the spinado, which stops play: {self.player_names()[seat]} starts the next sequence"
                     if self.play.hands[seat] else "with it the spinado")
        return lines

    def _extra_candidates(self):
        return [FORMS["spinado"].make(card, SPINADO) for card in self._pack() if card != SPINADO] + [
            FORMS["pass"].make()]

    def _told_in_part(self, move):
        # interpretation.hold-back: to the others the card might as well be dead; they learn no more.
        return ("pass", {self.to_act}) if move.kind == "pass" else None

    def _view_extra(self, seat):
        # Each seat knows the cards it kept back itself.
        return {"held_back": [[s, card.symbol] for s, card in self.held_back if seat in (s, ALL)]}

    # ---- pots ----------------------------------------------------------------------------------

    def _after_card(self, seat, card, before):
        mine = {c for s, c in self.play.played if s == seat}
        lines = []
        for pot, pair in PAIRS.items():
            if card in pair and all(c in mine for c in pair):  # interpretation.pairs
                lines.append(self._collect(pot, seat, "scoring.pots", pair) or f"{self.player_names()[seat]} finds {pot} empty")
        return lines

    def _settle(self, winner):
        players = self.player_names()
        lines = [self._collect(GAME_POT, winner, "scoring.hand") or f"{players[winner]} finds Game empty"]
        for seat, hand in enumerate(self.play.hands):
            if SPINADO in hand:
                amount = spinado_penalty(len(hand))
                self._pay(seat, winner, amount, (f"The spinado left in {players[seat]}'s hand", "scoring.hand",
                                                 [SPINADO]), (len(hand), "card"))
                lines.append(f"{players[seat]} still holds the spinado ({SPINADO.symbol}) and pays {players[winner]} "
                             f"{chips_word(amount)}")
        return lines


GAME = SpinadoState
