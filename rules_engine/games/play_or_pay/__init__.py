"""Play or Pay: a stops game for three or more, played for chips into one pot.

- The whole pack is dealt one at a time from the dealer's left, as far as it
  goes (``setup.deal``); each player starts with the same chips, and the pot
  is empty at the first deal.
- The dealer's left starts the first sequence with any card (``play.start``).
- In turn to the left, each player must play the next card of the sequence,
  one rank higher in the same suit, if they hold it (``play.sequence``); a
  player without it pays a chip to the pot and the turn passes on
  (``play.pay``). The engine makes those payments itself: nobody has a
  choice to make.
- After the king comes the ace, then the 2, and so on: the sequence ends with
  the thirteenth card of its suit, the one just below the card that started
  it, and whoever played that card starts a new sequence with any card
  (``play.thirteenth``).
- The first player out of cards wins the hand: every other player pays the
  pot a chip for each card still held, and the winner takes the whole pot
  (``scoring.hand``). The deal passes to the left.

Interpretation notes (on the game's page, ``interpretation.*``):

- The game lasts until every player has dealt once (the ``deals`` option
  makes it longer), or ends sooner after a hand that leaves a player without
  chips; the most chips wins (``interpretation.end``).
- A player who runs out of chips during a hand pays on credit until it ends
  (``interpretation.credit``).
"""

from ...cards import SUIT_SYMBOLS
from ...families.chips import chips_word
from ...families.stops import StopsPlay
from ...families.stops_game import StopsGame, stops_options, stops_sheet
from ...families.tricks import left_of
from ...game import GameSpec
from ...moves import MoveForm, MoveForms

POT = "Pot"

FORMS = MoveForms(MoveForm("play", "play {card}"))


def settlement(cards_left, winner, pot):
    """What each player pays the pot at the end of a hand, and what the winner takes: ``(payments, taken)``.

    >>> settlement([0, 3, 5, 1], winner=0, pot=40)
    ([0, 3, 5, 1], 49)
    """
    payments = [0 if seat == winner else n for seat, n in enumerate(cards_left)]
    return payments, pot + sum(payments)


class PlayOrPayState(StopsGame):
    spec = GameSpec(
        id="play-or-pay",
        name="Play or Pay",
        family="stops",
        seats=(3, 8),
        default_seats=4,
        deck="52",
        summary="Continue the suit with the next card or pay a chip to the pot; the first player "
                "out of cards takes the pot.",
        options=stops_options(100, (25, 50, 100, 200)),
        rules=("setup.deal", "play.start", "play.sequence", "play.pay", "play.thirteenth",
               "interpretation.credit"),
        scoring=stops_sheet((POT,), "scoring.hand"),
    )
    forms = FORMS
    POOLS = (POT,)
    HOLDER_PLAYS_UNSEEN = False  # play.pay: each player passed over pays at once, so all know who holds the card

    def _deal_hand(self):
        hands = self._deal_round(self._shuffle(f"hand-{self.hand_number}", self._pack()), self.seats)
        self.play = StopsPlay.deal(hands, starter=left_of(self.dealer, self.seats), wrap=True)

    def _after_card(self, seat, card, before):
        play, players = self.play, self.player_names()
        if play.stopped or not play.hands[seat]:
            return []
        passed = play.between(seat, play.to_act)
        for other in passed:
            self._pay_pool(other, POT, 1, ("Paid to the pot, lacking the next card", "play.pay", ()), (1, "time"))
        if not passed:
            return []
        self.decided_by = "play.pay"
        names = [players[s] for s in passed]
        who = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
        each = "pays a chip" if len(names) == 1 else "pay a chip each"
        return [f"{who} {each}, lacking the {play.next_card().symbol}"]

    def _stop_sentence(self, seat, card):
        return f"that is the thirteenth {SUIT_SYMBOLS[card.suit]}, and {self.player_names()[seat]} starts a new sequence"

    def _settle(self, winner):
        players = self.player_names()
        payments, _ = settlement([len(h) for h in self.play.hands], winner, self.chips.pool(POT))
        lines = []
        for seat, amount in enumerate(payments):
            if amount:
                self._pay_pool(seat, POT, amount, ("Cards left", "scoring.hand", ()), (amount, "card"))
                lines.append(f"{players[seat]} pays {chips_word(amount)} for the cards left")
        lines.append(self._collect(POT, winner, "scoring.hand") or f"{players[winner]} finds the pot empty")
        return lines

    def _why_not_start(self, card):  # any card may start a sequence
        raise AssertionError(card)


GAME = PlayOrPayState
