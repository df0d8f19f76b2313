"""Pope Joan: Newmarket's stops play for three to eight, with a board of eight pools.

- The pack has 51 cards, without the 8♦; aces are high (``setup.pack``).
- The first dealer is found by dealing cards face up round the table until
  a jack turns up (``setup.first-dealer``). Only the dealer antes: six chips
  to Pope, two each to Matrimony and Intrigue, one each to Ace, King, Queen,
  Jack and Game (``setup.ante``).
- The cards are dealt one at a time into one hand more than there are
  players, the dead hand taking its card after the dealer in each round; the
  last card dealt is turned face up, and its suit is trumps for the hand. If
  it would win a pool, the dealer takes that pool at once (``setup.deal``).
- The dealer's left starts; a new sequence starts with the starter's lowest
  card of a suit of their choice (``play.start``); the holder of the next card
  of the suit plays it (``play.sequence``); an ace, the 7♦, a dead card or
  one already played stops play, and the last player starts (``play.stop``).
- The ace, king, queen and jack of trumps take their pools; king and queen of
  trumps played by one player, Matrimony; queen and jack, Intrigue; the 9♦,
  Pope (``scoring.pools``).
- The first player out takes Game and a chip for each card (the 9♦ apart)
  left in each other hand; what is left in the pools carries over
  (``scoring.hand``).

Interpretation notes (on the game's page, ``interpretation.*``):

- Three to eight players (``interpretation.players``); the turned card stays
  in the hand it was dealt to, face up for all (``interpretation.turned-card``);
  pairs as in Spinado (``interpretation.pairs``); the end and credit as in
  every stops game for chips here (``interpretation.end``, ``interpretation.credit``).
"""

from ...cards import ACES_HIGH, HIDDEN, SUIT_NAMES, Card, parse_card
from ...families.chips import chips_word
from ...families.stops import StopsPlay
from ...families.stops_game import StopsGame, stops_options, stops_sheet
from ...families.tricks import left_of
from ...game import ALL, GameSpec
from ...moves import MoveForm, MoveForms

POPE = parse_card("9D")
BOARD = ("Pope", "Matrimony", "Intrigue", "Ace", "King", "Queen", "Jack", "Game")
ANTE = {"Pope": 6, "Matrimony": 2, "Intrigue": 2, "Ace": 1, "King": 1, "Queen": 1, "Jack": 1, "Game": 1}
HONOURS = {"A": "Ace", "K": "King", "Q": "Queen", "J": "Jack"}
PAIRS = {"Matrimony": ("K", "Q"), "Intrigue": ("Q", "J")}

FORMS = MoveForms(MoveForm("play", "play {card}"))


def pools_won_by(card, trump):
    """The pools that playing (or turning up) ``card`` takes on its own, with ``trump`` the trump suit.

    >>> pools_won_by(parse_card("QH"), "H"), pools_won_by(parse_card("9D"), "S"), pools_won_by(parse_card("QS"), "H")
    (['Queen'], ['Pope'], [])
    """
    pools = []
    if card == POPE:
        pools.append("Pope")
    if card.suit == trump and card.rank in HONOURS:
        pools.append(HONOURS[card.rank])
    return pools


def payments_to_winner(hands):
    """What each other player pays the first one out: a chip a card, the 9♦ not counted.

    >>> from rules_engine.cards import parse_cards
    >>> payments_to_winner([[], parse_cards("9D 3C"), parse_cards("AS KS 2H")])
    [0, 1, 3]
    """
    return [sum(1 for card in hand if card != POPE) for hand in hands]


class PopeJoanState(StopsGame):
    spec = GameSpec(
        id="pope-joan",
        name="Pope Joan",
        family="stops",
        seats=(3, 8),
        default_seats=4,
        deck="51",
        summary="Newmarket's stops play on a board of eight pools: the trump honours, Matrimony, "
                "Intrigue, the Pope (the 9♦) and Game.",
        options=stops_options(50, (30, 50, 100)),
        rules=("setup.pack", "setup.first-dealer", "setup.ante", "setup.deal", "play.start", "play.sequence",
               "play.stop", "scoring.pools", "interpretation.players", "interpretation.turned-card",
               "interpretation.pairs", "interpretation.credit"),
        scoring=stops_sheet(BOARD, "scoring.pools"),
    )
    forms = FORMS
    POOLS = BOARD

    def _first_dealer(self):
        cards = self._shuffle("first-dealer", self._pack())
        turned = next(i for i, card in enumerate(cards) if card.rank == "J") + 1
        self.dealer_turned = tuple(cards[:turned])
        return (turned - 1) % self.seats

    def _deal_hand(self):
        for pool, amount in ANTE.items():
            self._pay_pool(self.dealer, pool, amount, ("Ante to the board", "setup.ante", ()))
        cards = self._shuffle(f"hand-{self.hand_number}", self._pack())
        piles = self._deal_round(cards, self.seats + 1)
        self.turned = cards[-1]
        self.trump = self.turned.suit
        self.play = StopsPlay.deal(piles[:-1], starter=left_of(self.dealer, self.seats), ranks=ACES_HIGH,
                                   dead=piles[-1])
        self.turn_up_lines = tuple(self._collect(pool, self.dealer, "setup.deal", [self.turned]) or f"{self.player_names()[self.dealer]} "
                                   f"finds {pool} empty" for pool in pools_won_by(self.turned, self.trump))

    # ---- moves ---------------------------------------------------------------------------------

    def _starts(self):
        """The lowest card of each suit in the starter's hand."""
        lowest = {}
        for card in self.play.hands[self.play.to_act]:
            if card.suit not in lowest or ACES_HIGH.index(card) < ACES_HIGH.index(lowest[card.suit]):
                lowest[card.suit] = card
        return sorted(lowest.values(), key=ACES_HIGH.sort_key)

    def _why_not_start(self, card):
        lower = min((c for c in self.play.hands[self.to_act] if c.suit == card.suit), key=ACES_HIGH.index)
        return (f"a sequence starts with your lowest card of a suit: in {SUIT_NAMES[card.suit]}, the "
                f"{lower.symbol}, not the {card.symbol}", "play.start")

    def _after_card(self, seat, card, before):
        players = self.player_names()
        lines = []
        won = [(pool, [card]) for pool in pools_won_by(card, self.trump)]
        for pool, ranks in PAIRS.items():  # interpretation.pairs
            pair = [Card(rank, self.trump) for rank in ranks]
            if card in pair and all((seat, c) in self.play.played for c in pair):
                won.append((pool, pair))
        for pool, cards in won:
            lines.append(self._collect(pool, seat, "scoring.pools", cards) or f"{players[seat]} finds {pool} empty")
        return lines

    def _settle(self, winner):
        players = self.player_names()
        lines = [self._collect("Game", winner, "scoring.hand") or f"{players[winner]} finds Game empty"]
        for seat, amount in enumerate(payments_to_winner(self.play.hands)):
            # The 9♦ left in a hand is shown, to be let off: the payment alone would tell who holds it.
            pope = POPE in self.play.hands[seat]
            if amount and seat != winner:
                self._pay(seat, winner, amount, (f"{players[seat]}'s cards left", "scoring.hand", ()),
                          (amount, "card"))
                lines.append(f"{players[seat]} pays {players[winner]} {chips_word(amount)} for the cards left"
                             + (f", shows the {POPE.symbol} and is let off it" if pope else ""))
            elif pope and seat != winner:
                lines.append(f"{players[seat]} holds only the {POPE.symbol}, shows it and pays nothing")
        return lines

    # ---- what each seat sees -------------------------------------------------------------------

    def _public(self):
        """The turned card, face up wherever it lies (interpretation.turned-card)."""
        return {self.turned}

    def hidden_from(self, seat):
        return super().hidden_from(seat) - self._public()

    def _zones(self, seat, players):
        zones = super()._zones(seat, players)
        for z in zones:
            if z["id"].startswith("hand-") and seat != ALL and z["owner"] != seat:
                hand = self.play.hands[z["owner"]]
                if self.turned in hand:  # first, so that its place tells nothing of the hidden cards
                    z["cards"] = [self.turned.text] + [HIDDEN] * (len(hand) - 1)
            if z["id"] == "dead" and self.turned in self.play.dead:
                z["cards"] = [HIDDEN] * (len(self.play.dead) - 1) + [self.turned.text]
        return zones

    def _view_extra(self, seat):
        """Trumps, and the turned card while it lies face up in a hand this seat does not see
        (the 51st card always falls to a player: interpretation.turned-card)."""
        holder = self.play.holder(self.turned)
        hidden_hand = holder is not None and not self._visible(seat)(holder)
        return {"trump": self.trump, "turned": {"card": self.turned.text, "in": holder} if hidden_hand else None}

    def _facts(self, players):
        facts = [f"Trumps: {SUIT_NAMES[self.trump]} (the {self.turned.symbol} turned up)"]
        if self.turn_up_lines and not self.play.played:
            facts.append(f"The turned card: {'; '.join(self.turn_up_lines)}")
        return facts + super()._facts(players)


GAME = PopeJoanState
