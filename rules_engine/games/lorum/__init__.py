"""Lórum: a Hungarian compendium for four, played for chips: seven contracts,
dealt by each player in turn, 28 hands in all.

- A 32-card pack, 7 to ace in each suit, aces high; each hand deals all of
  it, eight cards each from the dealer's left (``setup.deal``). Everyone
  starts with the same chips (``setup.chips``); a cut picks the first dealer
  (``setup.first-dealer``), who deals the seven contracts in order before
  the deal passes to the left (``setup.order``).
- Four contracts of tricks, led first by the dealer's left: suit must be
  followed, the highest card of the suit led wins (``play.follow-suit``).
  No hearts (no heart led to the first trick), Queens (Q♥ 4, Q♦ 3, Q♠ 2,
  Q♣ 1) and No tricks pay by who avoided what (``scoring.avoid``): into
  the pot when nobody did, to the one or two who did, or, when one player
  took it all, from the other three to that player. In the Hairy Ape the
  cards are held backwards (``contract.hairy-ape``): a trick nobody follows
  goes back to its players, and whoever takes the K♥ pays the pot 4.
- Train (``contract.train``): cards in turn, their values counted as they
  go; bringing the count to 25, 50, 75 or 100 costs 1, 2, 3 or 4 chips.
- Quart (``contract.quart``): sequences of up to four cards up a suit, the
  ace followed by the 7; the first player out collects a chip a card.
- Domino (``contract.domino``): rows built out from the first card's rank;
  the first player out takes the pot, the others first paying into it a chip
  a card.

Interpretation notes (on the game's page, ``interpretation.*``) are cited
where they decide a move or a payment.
"""

from dataclasses import dataclass

from ...cards import ACES_HIGH, RankOrder, make_deck, parse_card
from ...families.chips import chips_word
from ...families.compendium import CompendiumGame, Contract, LayoutContract, StopsContract, Takes, TrickContract, \
    hand_zones, plural, suit_weights
from ...families.ledger import ChipsLedger
from ...families.tricks import FollowSuit, TrickPlay, highest_cut, left_of, trick_winner, why_not_follow
from ...game import ALL, GameSpec, Option
from ...moves import MoveForm, MoveForms
from ...scoring import ScoreHand, ScoreRule
from ...table import zone

SEATS = 4
POT = "Pot"
SEVEN_TO_ACE = RankOrder("789TJQKA")   # Quart's and Domino's order; the ace is high in the tricks too
KING_OF_HEARTS = parse_card("KH")
HAIRY_APE_COST = 4
TRAIN_VALUES = {"A": 11, "K": 4, "Q": 3, "J": 2, "T": 1}
TRAIN_STEPS = (25, 50, 75, 100)        # reaching the n-th costs n chips
AVOIDED = ("none", "one", "two", "three")  # the page's rules for as many players as avoided them all

FORMS = MoveForms(
    MoveForm("play-place", "play card {int}"),
    MoveForm("play", "play {card}"),
    MoveForm("pass", "pass"),
)


# ---- the payments: pure functions, shown on the page ---------------------------------------------------

def avoidance_payments(taken, whole):
    """Who pays whom after No hearts, Queens or No tricks, from what each
    player ``taken`` of the ``whole`` (8 hearts, 10 in queens, 8 tricks):
    ``(payer, payee, chips)``, the payee a seat or the pot.

    >>> avoidance_payments([2, 3, 1, 2], 8)      # nobody avoided them: all into the pot
    [(0, 'Pot', 2), (1, 'Pot', 3), (2, 'Pot', 1), (3, 'Pot', 2)]
    >>> avoidance_payments([3, 0, 4, 1], 8)      # one player did: the others pay that player
    [(0, 1, 3), (2, 1, 4), (3, 1, 1)]
    >>> avoidance_payments([5, 0, 3, 0], 8)      # two did: they share the whole, four each
    [(0, 1, 4), (0, 3, 1), (2, 3, 3)]
    >>> avoidance_payments([0, 8, 0, 0], 8)      # three did, one took it all: each of them pays that one 8
    [(0, 1, 8), (2, 1, 8), (3, 1, 8)]
    """
    clean = [seat for seat, n in enumerate(taken) if n == 0]
    takers = [seat for seat, n in enumerate(taken) if n]
    if not clean:
        return [(seat, POT, taken[seat]) for seat in takers]
    if len(clean) == len(taken) - 1:
        return [(seat, takers[0], whole) for seat in clean]
    # One or two clean players share the whole, paid in turn by those who took it.
    share = {seat: whole // len(clean) for seat in clean}
    payments = []
    for payer in takers:
        owed = taken[payer]
        for payee in clean:
            amount = min(owed, share[payee])
            if amount:
                payments.append((payer, payee, amount))
                owed -= amount
                share[payee] -= amount
    return payments


def net_of(payments, seats=SEATS):
    """What ``payments`` change for each player.

    >>> net_of(avoidance_payments([5, 0, 3, 0], 8))
    (-5, 4, -3, 4)
    """
    net = [0] * seats
    for payer, payee, amount in payments:
        net[payer] -= amount
        if payee != POT:
            net[payee] += amount
    return tuple(net)


def train_value(card):
    return TRAIN_VALUES.get(card.rank, 0)


def train_charge(before, after):
    """Chips the player pays who takes the Train's count from ``before`` to ``after``.

    >>> train_charge(20, 31), train_charge(25, 36), train_charge(46, 50), train_charge(70, 81)
    (1, 0, 2, 3)
    """
    return sum(n for n, step in enumerate(TRAIN_STEPS, 1) if before < step <= after)


# ---- the trick contracts ---------------------------------------------------------------------------------

class NoHeartsLead(FollowSuit):
    """No heart may be led to the first trick, unless the leader holds nothing else."""

    def _first_lead(self, play):
        return not play.tricks and not play.trick

    def legal(self, play):
        hand = play.hands[play.to_act]
        if self._first_lead(play) and any(c.suit != "H" for c in hand):
            return [c for c in hand if c.suit != "H"]
        return super().legal(play)

    def why_not(self, play, card):
        hand = play.hands[play.to_act]
        if card in hand and card.suit == "H" and self._first_lead(play):
            return ("no heart may be led to the first trick while you hold another suit", "contract.no-hearts")
        return super().why_not(play, card)


class Backwards(FollowSuit):
    """The Hairy Ape with the cards held backwards: nobody can see what they may
    play, so any card goes; a trick that nobody follows is taken by nobody."""

    def legal(self, play):
        return list(play.hands[play.to_act])

    def why_not(self, play, card):
        return why_not_follow(card, play.hands[play.to_act], ())

    def winner(self, play, trick):
        led = trick[0][1].suit
        if not any(card.suit == led for _, card in trick[1:]):
            return None
        return trick_winner(trick, play.ranks)


@dataclass(frozen=True)
class Avoidance(TrickContract):
    """No hearts, Queens and No tricks: paid by who avoided what (``scoring.avoid``)."""

    def settle(self, game):
        taken = self.taken(game.play)
        whole = self.takes.supply(len(game.play.tricks))
        clean = sum(1 for n in taken if n == 0)
        return pay_out(game, avoidance_payments(taken, whole), rule=f"scoring.avoid-{AVOIDED[clean]}",
                       behind=dict(enumerate(self.takes.cards_taken(game.play))))


@dataclass(frozen=True)
class HairyApe(TrickContract):
    """Whoever takes the K♥ pays the pot; the hand stops there (``scoring.hairy-ape``)."""

    def settle(self, game):
        taker = next(s for s, n in enumerate(self.taken(game.play)) if n)
        return pay_out(game, [(taker, POT, HAIRY_APE_COST)], f"{game.player_names()[taker]} took the K♥",
                       rule="scoring.hairy-ape", behind={taker: [KING_OF_HEARTS]})

    def ended(self, play, players):
        taker = next(s for s, n in enumerate(self.taken(play)) if n)
        return f"{players[taker]} took the K♥ in trick {len(play.tricks)}, which stops the hand"


@dataclass(frozen=True)
class HairyApeBackwards(HairyApe):
    """Cards held backwards: each player sees every hand but their own, and
    plays a card by its place in the hand (``play card 3``), as held."""

    def deal(self, game, hands):
        # As dealt, unsorted: the order is all a player cannot see of their own cards.
        game.play = TrickPlay(hands=tuple(map(tuple, hands)), leader=left_of(game.dealer, game.seats),
                              ranks=self.ranks, rules=self.rules)

    def visible(self, game, seat):
        return lambda s: seat == ALL or (seat is not None and s != seat)

    def legal(self, game):
        return [game.forms["play-place"].make(n) for n in range(1, len(game.play.hands[game.play.to_act]) + 1)]

    def why_not(self, game, move):
        held = len(game.play.hands[game.play.to_act])
        if move.kind == "play":
            return ("your cards face away from you: choose one by its place in your hand, as 'play card 1' "
                    f"to 'play card {held}'", "contract.hairy-ape")
        if move.kind == "play-place":
            return (f"you hold {plural(held, 'card')}: choose a place from 1 to {held}", "contract.hairy-ape")
        return (f"this is the time to play a card to the trick, not {move.text!r}", "play.turn")

    def candidates(self, game):
        return [game.forms["play-place"].make(n) for n in range(0, 10)] + super().candidates(game)

    def play(self, game, move, seat):
        card = game.play.hands[seat][move.args[0] - 1]
        before = game.play
        said = super().play(game, game.forms["play"].make(card), seat)
        place = f"card {move.args[0]} of {len(before.hands[seat])}"
        return said.replace(f"plays the {card.symbol}", f"plays {place}: the {card.symbol}", 1)

    def click_source(self, game, move, where):
        if move.kind != "play-place":
            return None
        return [f"hand-{game.play.to_act}", move.args[0] - 1]


# ---- Train ---------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class TrainPlay:
    """The Train: in turn to the left, any card, its value added to the count."""

    hands: tuple
    turn: int
    played: tuple = ()

    @property
    def count(self):
        return sum(train_value(card) for _, card in self.played)

    @property
    def is_over(self):
        return not any(self.hands)

    @property
    def to_act(self):
        return None if self.is_over else self.turn

    def play(self, card):
        seat = self.turn
        hands = tuple(tuple(c for c in hand if c != card) if s == seat else hand for s, hand in enumerate(self.hands))
        return TrainPlay(hands, left_of(seat, len(hands)), self.played + ((seat, card),))

    def cards(self):
        return [c for hand in self.hands for c in hand] + [c for _, c in self.played]

    def to_json(self, seat, visible):
        return {"hands": [[c.text for c in hand] if visible(s) else len(hand) for s, hand in enumerate(self.hands)],
                "played": [[s, c.text] for s, c in self.played], "count": self.count}


@dataclass(frozen=True)
class Train(Contract):
    def deal(self, game, hands):
        game.play = TrainPlay(tuple(tuple(sorted(h, key=ACES_HIGH.sort_key)) for h in hands),
                              left_of(game.dealer, game.seats))

    def legal(self, game):
        return [game.forms["play"].make(card) for card in game.play.hands[game.play.to_act]]

    def why_not(self, game, move):
        if move.kind != "play":
            return (f"this is the time to play a card, not {move.text!r}", "play.turn")
        return (f"the {move.card.symbol} is not in your hand", "play.turn")

    def play(self, game, move, seat):
        before = game.play.count
        game.play = game.play.play(move.card)
        count, players = game.play.count, game.player_names()
        said = f"{players[seat]} plays the {move.card.symbol}: the count is {count}"
        charge = train_charge(before, count)
        if charge:
            game._pay_pool(seat, POT, charge)
            step = next(s for s in TRAIN_STEPS if before < s <= count)
            said += f", and {players[seat]} pays the pot {chips_word(charge)} for reaching {step}"
        return said + "."

    def settle(self, game):
        # The chips were paid to the pot as the count reached each step: the hand's items tell them again.
        count, charged = 0, set()
        for seat, card in game.play.played:
            before, count = count, count + train_value(card)
            charge = train_charge(before, count)
            if charge:
                step = next(s for s in TRAIN_STEPS if before < s <= count)
                game.tally.add(seat, f"Reached {step}: paid the pot", -charge, "scoring.train", [card])
                charged.add(seat)
        for seat in sorted(set(range(game.seats)) - charged):
            game.tally.add(seat, "Reached no step", 0, "scoring.train")
        return [f"the count ends at {game.play.count}"]

    def zones(self, game, seat, players):
        play = game.play
        nxt = next((s for s in TRAIN_STEPS if s > play.count), None)
        note = f"count {play.count}" + (f"; reaching {nxt} costs {chips_word(TRAIN_STEPS.index(nxt) + 1)}"
                                        if nxt else "")
        return hand_zones(play, seat, players, self.visible(game, seat)) + [
            zone("train", "The train", [c for _, c in play.played], kind="discard", layout="squared", group="play",
                 note=note)]

    def facts(self, game, players):
        return [f"Count: {game.play.count}"]

    def end_zones(self, play, players):
        return [zone("train", f"The train: count {play.count}", [c for _, c in play.played[-4:]], kind="layout",
                     layout="row", group="play", labels=[players[s] for s, _ in play.played[-4:]])]


# ---- Quart and Domino ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Quart(StopsContract):
    def settle(self, game):
        winner, play = self.winner(game), game.play
        return pay_out(game, [(seat, winner, len(hand)) for seat, hand in enumerate(play.hands) if hand],
                       f"{game.player_names()[winner]} is out of cards", rule="scoring.quart")


@dataclass(frozen=True)
class Domino(LayoutContract):
    def settle(self, game):
        winner, players = self.winner(game), game.player_names()
        lines = pay_out(game, [(seat, POT, len(hand)) for seat, hand in enumerate(game.play.hands) if hand],
                        f"{players[winner]} is out of cards", rule="scoring.domino")
        game.tally.add(winner, "Takes the pot", game.chips.pool(POT), "scoring.domino")
        return lines + [game._collect(POT, winner) or f"{players[winner]} finds the pot empty"]


def pay_out(game, payments, first=None, *, rule, behind=None):
    """Make ``payments`` in the game's chips, each an item of the hand's tally under ``rule`` (a
    seat's first with the cards ``behind`` it, by seat); what was paid, as sentences."""
    players = game.player_names()
    lines = [first] if first else []
    behind = dict(behind or {})
    for payer, payee, amount in payments:
        cards = behind.pop(payer, ())
        if payee == POT:
            game._pay_pool(payer, POT, amount)
            game.tally.add(payer, "Pays the pot", -amount, rule, cards)
            lines.append(f"{players[payer]} pays the pot {chips_word(amount)}")
        else:
            game._pay(payer, payee, amount)
            game.tally.add(payer, f"Pays {players[payee]}", -amount, rule, cards)
            game.tally.add(payee, f"From {players[payer]}", amount, rule, behind.pop(payee, ()))
            lines.append(f"{players[payer]} pays {players[payee]} {chips_word(amount)}")
    return lines


HEARTS = suit_weights("32", "H")
QUEENS = (("QH", 4), ("QD", 3), ("QS", 2), ("QC", 1))
CONTRACTS = (
    Avoidance("no-hearts", "No hearts", "contract.no-hearts", takes=Takes(weights=HEARTS), rules=NoHeartsLead(),
              ends_when_taken=True, taken_word="heart"),
    Avoidance("queens", "Queens", "contract.queens", takes=Takes(weights=QUEENS), ends_when_taken=True,
              taken_word="point"),
    Avoidance("no-tricks", "No tricks", "contract.no-tricks", takes=Takes(per_trick=1)),
    HairyApeBackwards("hairy-ape", "Hairy Ape", "contract.hairy-ape", takes=Takes(weights=(("KH", 1),)),
                      rules=Backwards(), ends_when_taken=True),
    Train("train", "Train", "contract.train"),
    Quart("quart", "Quart", "contract.quart", ranks=SEVEN_TO_ACE, wrap=True, length=4,
          sequence_rule="contract.quart"),
    Domino("domino", "Domino", "contract.domino", ranks=SEVEN_TO_ACE, layout_rule="contract.domino",
           pass_rule="interpretation.must-lay"),
)
# The sheet: each dealer's seven contracts, 28 hands; chips pass between the players and the pot,
# which the Domino ending each dealer's turn empties.
SCORING = ScoreRule(
    wins="high",
    hands=tuple(ScoreHand(c.name, c.rule, empties_pool=c.key == "domino", total_rule="scoring.domino" if
                          c.key == "domino" else "") for _ in range(SEATS) for c in CONTRACTS),
    hands_per_deal=len(CONTRACTS),
    start_option="chips",
    pool=POT,
    pool_rule="scoring.chips",
    unit="chips",
    rule="scoring.avoid",
    end_rule="end.game",
    tie_rule="interpretation.ties",
)
HAIRY_APE_FACING = HairyApe("hairy-ape", "Hairy Ape", "contract.hairy-ape", takes=Takes(weights=(("KH", 1),)),
                            ends_when_taken=True)


class LorumState(ChipsLedger, CompendiumGame):
    spec = GameSpec(
        id="lorum",
        name="Lórum",
        family="compendium",
        seats=(4, 4),
        deck="32",
        summary="Seven contracts dealt by each player in turn: avoid hearts, queens, tricks and the K♥, "
                "keep the count low, then race to be rid of your cards.",
        options=(
            Option("chips", 100, (50, 100, 200), "chips each player starts with"),
            Option("hairy_ape", "backwards", ("backwards", "facing"),
                   "how the Hairy Ape's cards are held: backwards, seen only by the others, or facing their "
                   "owner, for a plain hand of tricks"),
            Option("first_hand", 1, tuple(range(1, 29)),
                   "the hand the game starts at, to practise (or show) a later contract; the game still ends "
                   "after hand 28"),
        ),
        rules=("setup.first-dealer", "setup.order", "play.follow-suit", "scoring.avoid", "scoring.hairy-ape",
               "scoring.train", "scoring.quart", "scoring.domino", "interpretation.credit",
               "interpretation.must-lay") + tuple(c.rule for c in CONTRACTS),
        scoring=SCORING,
    )
    forms = FORMS
    CONTRACTS = CONTRACTS
    DEALS_ALL = True
    POOLS = (POT,)
    TARGET = "28 hands, each player dealing the seven contracts in turn; the most chips wins"

    def _first_dealer(self):
        self.cut = tuple(self._shuffle("first-dealer", make_deck("32"))[:SEATS])
        return highest_cut(self.cut, ACES_HIGH)

    def contract_of(self, number):
        contract = super().contract_of(number)
        if contract.key == "hairy-ape" and self.options["hairy_ape"] == "facing":
            return HAIRY_APE_FACING
        return contract

    def _facts(self, players):
        if self.hand_number != 1 or self.said is not None:
            return []
        # In display form: the cut was from another pack order, so these are no second copies.
        cut = ", ".join(f"{players[s]} {card.symbol}" for s, card in enumerate(self.cut))
        return [f"Cut for the deal: {cut}; {players[self.first_dealer]} cut highest and deals first"]


GAME = LorumState
