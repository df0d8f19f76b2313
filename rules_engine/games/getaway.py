"""Getaway: shedding trick play for three to eight; the last player holding
cards loses.

- The whole pack is dealt one card at a time from the dealer's left, as far
  as it goes (``setup.deal``). The holder of the A♠ leads it; everyone plays
  to the first trick, following suit if able, and it is discarded face down;
  the A♠ wins it and its holder leads (``play.first-trick``).
- From the second trick a player who cannot follow plays any card and the
  trick stops there: whoever had played the highest card of the suit led
  takes its cards into hand and leads (``play.stopped-trick``). A trick that
  everyone follows is discarded; its highest card leads (``play.complete-trick``).
- A player who runs out of cards gets away; a leader who has got away hands
  the lead to the next player still in on the left (``play.getting-away``).
- Between tricks a player may take the whole hand of the player on the left,
  who gets away (``play.take-hand``).
- Two left and one runs out: the shootout from the shuffled discards
  (``end.two-players``, ``end.shootout``). The last player with cards loses (``end.game``).

Interpretation notes (on the game's page, ``interpretation.*``):

- Only the player about to lead may take a hand, once, before leading, from
  the second trick on (``interpretation.take-hand``).
- Getting away is settled when a trick ends: a player whose last card is the
  highest of a stopped trick takes the cards back (``interpretation.getting-away``).
- With two left, whoever wins a complete trick with an empty hand faces the
  shootout, whether they led or followed (``interpretation.shootout-trigger``).
- In a shootout, a player who answers with their last card gets away
  (``interpretation.shootout-last-card``); an exhausted draw pile is made again
  from the shootout's own cards (``interpretation.shootout-pile``).
- A trick that empties every hand still in loses for its winner, who is due
  to lead (``interpretation.all-out``).
- One deal is the game; seat 0 deals (``interpretation.one-deal``).
"""

from dataclasses import dataclass, replace

from ..cards import ACES_HIGH, SUIT_SYMBOLS, parse_card
from ..families.shedding_tricks import DISCARDED, SheddingGame, names, settled_sentence
from ..game import GameSpec, Scores
from ..moves import MoveForm, MoveForms
from ..scoring import ScoreRule
from ..table import score_sheet, zone
from . import getaway_bot

ACE_OF_SPADES = parse_card("AS")

FORMS = MoveForms(
    MoveForm("play", "play {card}"),
    MoveForm("take", "take hand"),
    MoveForm("draw", "draw"),
)


@dataclass(frozen=True)
class Shootout:
    """The two-player ending: ``drawer`` has no cards and leads from ``pile``
    (the shuffled discards, face down); ``holder`` must answer each lead."""

    drawer: int
    holder: int
    pile: tuple
    aside: tuple           # the last trick's two cards, kept out of the pile
    played: tuple = ()     # earlier leads and answers, face down
    lead: object = None    # the card drawn, waiting for the holder's answer
    shuffles: int = 1

    def cards(self):
        yield from self.pile
        yield from self.aside
        yield from self.played
        if self.lead is not None:
            yield self.lead


def shootout_answer(lead, card, ranks=ACES_HIGH):
    """What the holder's answer ``card`` to the drawn ``lead`` comes to:
    ``"again"`` (lower: another draw), ``"holder loses"`` (higher) or
    ``"drawer loses"`` (when the holder has no card of that suit: ``card`` None).

    >>> shootout_answer(parse_card("9H"), parse_card("4H")), shootout_answer(parse_card("9H"), parse_card("QH"))
    ('again', 'holder loses')
    >>> shootout_answer(parse_card("9H"), None)
    'drawer loses'
    """
    if card is None:
        return "drawer loses"
    return "holder loses" if ranks.beats(card, lead) else "again"


class GetawayState(SheddingGame):
    spec = GameSpec(
        id="getaway",
        name="Getaway",
        family="trick-taking",
        seats=(3, 8),
        default_seats=4,
        deck="52",
        aliases=("Bhabhi", "Thulla"),
        summary="Follow suit or stop the trick: whoever is highest picks the cards up. "
                "Get rid of your cards; the last one holding any loses.",
        rules=("setup.deal", "play.first-trick", "play.follow-suit", "play.stopped-trick", "play.take-hand",
               "end.shootout", "interpretation.take-hand"),
        scoring=ScoreRule(wins="high", rule="scoring.loser", end_rule="end.game",
                          cites=("interpretation.one-deal",)),
    )
    forms = FORMS
    heuristic = staticmethod(getaway_bot.choose)

    def _setup(self):
        self._deal(lambda hands: next(s for s, hand in enumerate(hands) if ACE_OF_SPADES in hand),
                   stop_by_playing=True, open_tricks=1)
        self.took = False
        self.shootout = None
        self.loser = None

    # ---- moves -------------------------------------------------------------------------------

    @property
    def to_act(self):
        if self.loser is not None:
            return None
        if self.shootout is not None:
            return self.shootout.drawer if self.shootout.lead is None else self.shootout.holder
        return self.play.to_act

    def may_take(self):
        play = self.play
        return not play.trick and not play.is_open and not self.took

    def _legal(self):
        form = FORMS["play"]
        if self.shootout is not None:
            shootout = self.shootout
            if shootout.lead is None:
                return [FORMS["draw"].make()]
            hand = self.play.hands[shootout.holder]
            return [form.make(card) for card in hand if card.suit == shootout.lead.suit]
        if self.play.number == 1 and not self.play.trick:
            return [form.make(ACE_OF_SPADES)]
        moves = [form.make(card) for card in self.play.legal_cards()]
        return moves + ([FORMS["take"].make()] if self.may_take() else [])

    def _why_not(self, move):
        play, shootout = self.play, self.shootout
        if shootout is not None and shootout.lead is None:
            return ("you have no cards: draw your lead from the shuffled discards", "end.shootout")
        if move.kind == "draw":
            if shootout is not None:
                return (f"the drawn {shootout.lead.symbol} waits for an answer: there is no second draw",
                        "end.shootout")
            return ("cards are drawn only in a shootout, by the player with no cards", "end.shootout")
        if move.kind == "take":
            if shootout is not None or play.trick:
                return ("a hand is taken only between tricks, before the lead", "play.take-hand")
            if play.is_open:
                return ("the first trick is played by everyone: no hand is taken before it", "play.take-hand")
            return ("you have taken a hand already before this lead", "interpretation.take-hand")
        if move.card not in play.hands[self.to_act]:
            return (f"{move.card.symbol} is not in your hand", "play.turn")
        if play.number == 1 and not play.trick:
            return (f"the first trick is led with the A♠, not the {move.card.symbol}", "play.first-trick")
        if shootout is not None:
            suit = shootout.lead.suit
            return (f"you must follow the drawn {shootout.lead.symbol} with a {SUIT_SYMBOLS[suit]}", "end.shootout")
        return play.why_not(move.card)

    def _play(self, move):
        seat = self.to_act
        players = self.player_names()
        if self.shootout is not None:
            self._shootout_move(move, seat, players)
            return
        if move.kind == "take":
            left = self.play.next_in(seat)
            taken = len(self.play.hands[left])
            self.play = self.play.take_hand(seat)
            self.took = True
            self.said = (f"{players[seat]} takes {players[left]}'s {taken} card{'s' * (taken != 1)}: "
                         f"{players[left]} gets away.")
            self._check_end(players)
            return
        before = self.play
        self.play = before.play(move.card)
        self.said = f"{players[seat]} plays the {move.card.symbol}."
        if self.play.number == before.number:
            return
        self.took = False
        self.said = f"{players[seat]} plays the {move.card.symbol}; {settled_sentence(self.play, players)}."
        gone = [s for s in self.play.out if s not in before.out]
        if len(before.in_play()) == 2 and self._start_shootout(before, players):
            return
        if gone:
            self.said += f" {names(players, gone)} {'has' if len(gone) == 1 else 'have'} got away."
        self._check_end(players)

    def _check_end(self, players):
        left = self.play.in_play()
        if len(left) == 1:
            self.loser = left[0]
        elif not left:
            self.loser = self.play.last[1]  # interpretation.all-out: the winner is due to lead
            self.said += f" Every hand is empty: {players[self.loser]}, due to lead, loses."

    def _start_shootout(self, before, players):
        """Two were left and the winner of a complete trick has no cards, the
        other still some: the shootout (interpretation.shootout-trigger)."""
        how, winner, trick = self.play.last
        other = next(s for s in before.in_play() if s != winner)
        if how != DISCARDED or self.play.hands[winner] or not self.play.hands[other]:
            return False
        aside = tuple(card for _, card in trick)
        pile = tuple(self._shuffle("shootout", self.play.discards[: -len(aside)]))
        # The last trick's two cards now lie aside, face up, and the rest of the pile is the draw pile.
        self.play = replace(self.play, out=tuple(s for s in self.play.out if s != winner), leader=winner,
                            discards=(), last=())
        self.shootout = Shootout(drawer=winner, holder=other, pile=pile, aside=aside)
        self.said += (f" {players[winner]} has no cards but must lead: a shootout. The discards are shuffled "
                      f"and {players[winner]} draws each lead from them.")
        return True

    def _shootout_move(self, move, seat, players):
        shootout = self.shootout
        if move.kind == "draw":
            pile, played, shuffles = shootout.pile, shootout.played, shootout.shuffles
            again = ""
            if not pile:  # interpretation.shootout-pile
                shuffles += 1
                pile, played = tuple(self._shuffle(f"shootout-{shuffles}", played)), ()
                again = "The draw pile is used up: the shootout's own cards are shuffled into a new one. "
            lead = pile[0]
            self.shootout = replace(shootout, pile=pile[1:], played=played, lead=lead, shuffles=shuffles)
            self.said = f"{again}{players[seat]} draws the {lead.symbol} and leads it."
            if not self.play.holds(shootout.holder, lead.suit):
                self.loser = seat
                self.said += (f" {players[shootout.holder]} holds no {SUIT_SYMBOLS[lead.suit]} and gets away: "
                              f"{players[seat]} loses.")
            return
        card, lead = move.card, shootout.lead
        hands = list(self.play.hands)
        hands[seat] = tuple(c for c in hands[seat] if c != card)
        self.play = replace(self.play, hands=tuple(hands))
        self.said = f"{players[seat]} answers the {lead.symbol} with the {card.symbol}"
        if shootout_answer(lead, card) == "holder loses":
            self.loser = seat
            self.shootout = replace(shootout, lead=None, played=shootout.played + (lead, card))
            self.said += f", higher: {players[shootout.drawer]} gets away, and {players[seat]} loses."
            return
        self.shootout = replace(shootout, lead=None, played=shootout.played + (lead, card))
        if not hands[seat]:  # interpretation.shootout-last-card
            self.loser = shootout.drawer
            self.said += (f", lower, and has no cards left: {players[seat]} gets away, "
                          f"and {players[shootout.drawer]} loses.")
            return
        self.said += f", lower: {players[shootout.drawer]} must draw again."

    # ---- the end -----------------------------------------------------------------------------

    @property
    def winners(self):
        """Every seat but the loser, once the game is over."""
        if self.loser is None:
            return ()
        return tuple(s for s in range(self.seats) if s != self.loser)

    @property
    def scores(self):
        points = tuple(-1 if s == self.loser else 0 for s in range(self.seats))
        return Scores(points, points)

    # ---- what each seat sees -----------------------------------------------------------------

    def _extra_view(self, seat):
        shootout = self.shootout
        view = {"loser": self.loser, "may_take": self.loser is None and self.shootout is None and self.may_take(),
                "left": [None if s in self.play.out else self.play.next_in(s) for s in range(self.seats)],
                "shootout": None}
        if shootout is not None:
            view["shootout"] = {"drawer": shootout.drawer, "holder": shootout.holder, "pile": len(shootout.pile),
                                "aside": [c.text for c in shootout.aside],
                                "lead": shootout.lead.text if shootout.lead else None}
        return view

    def _extra_cards(self):
        return self.shootout.cards() if self.shootout else ()

    def _extra_hidden(self):
        shootout = self.shootout
        return (shootout.pile + shootout.played) if shootout else ()

    def _extra_zones(self, seat):
        shootout = self.shootout
        if shootout is None:
            return []
        players = self.player_names()
        return [
            zone("draw-pile", "Shootout draw pile", ["??"] * len(shootout.pile), kind="stock", layout="squared",
                 group="shootout", note=f"{len(shootout.pile)} cards face down"),
            zone("drawn", f"Drawn by {players[shootout.drawer]}", [shootout.lead] if shootout.lead else [],
                 kind="trick", layout="row", group="shootout"),
            zone("aside", "The last trick, kept out of the shootout", shootout.aside, kind="set-aside",
                 layout="row", group="shootout"),
            zone("shootout-played", "Played in the shootout", ["??"] * len(shootout.played), kind="discard",
                 layout="squared", group="shootout", note=f"{len(shootout.played)} cards face down"),
        ]

    def _title(self):
        if self.loser is not None:
            return "Game over"
        return "Shootout" if self.shootout is not None else f"Trick {self.play.number}"

    def _facts(self, players):
        facts = [f"Got away: {names(players, self.play.out)}"] if self.play.out else []
        if self.shootout is not None:
            s = self.shootout
            facts.append(f"{players[s.drawer]} has no cards and draws each lead; "
                         f"{players[s.holder]} must answer lower")
        elif self.loser is None and not self.play.trick and self.may_take():
            facts.append(f"{players[self.play.leader]} may take {players[self.play.next_in(self.play.leader)]}'s "
                         f"hand before leading")
        return facts

    def _score_sheet(self):
        players = self.player_names()
        rows = [("This deal", self.scores.game)] if self.loser is not None else []
        return score_sheet(players, rows, [("Cards in hand", [len(h) for h in self.play.hands])],
                           target="One deal: the last player holding cards loses")

    def _result_sentence(self):
        if self.loser is None:
            return None
        players = self.player_names()
        how = "is left holding cards" if self.play.hands[self.loser] else "is due to lead without a card"
        return f"{players[self.loser]} {how} and loses; {names(players, self.winners)} got away."

    def describe(self):
        return f"Getaway: {self._title()}, {len(self.play.in_play())} players still in"


GAME = GetawayState
