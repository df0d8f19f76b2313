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
- Between tricks any player may take the whole hand of the player on the
  left, who gets away (``play.take-hand``).
- Two left and one runs out: the shootout from the shuffled discards
  (``end.two-players``, ``end.shootout``). The last player with cards loses (``end.game``).

Interpretation notes (on the game's page, ``interpretation.*``):

- After each trick the players still in are asked in turn, from the left of
  the player due to lead round to that player, whether to take; each may take
  once between two tricks, and the leader answers by leading
  (``interpretation.take-hand``).
- Getting away is settled when a trick ends: a player whose last card is the
  highest of a stopped trick takes the cards back (``interpretation.getting-away``).
- With two left, whoever wins a complete trick with an empty hand faces the
  shootout, whether they led or followed (``interpretation.shootout-trigger``).
- In a shootout, a player who answers with their last card gets away
  (``interpretation.shootout-last-card``); an exhausted draw pile is made again
  from the shootout's own cards (``interpretation.shootout-pile``).
- A trick that empties every hand still in loses for its winner, who is due
  to lead (``interpretation.all-out``).
- One deal is the game; the first jack turned up finds the dealer
  (``interpretation.one-deal``).
- Changed from the text, which plays on until one player holds cards: play can
  go round in circles for ever, so after ``TRICK_LIMIT`` tricks the most cards
  lose, shared when tied (``interpretation.trick-limit``).
"""

from dataclasses import dataclass, replace

from ...cards import ACES_HIGH, SUIT_SYMBOLS, parse_card
from ...families.shedding_tricks import DISCARDED, SheddingGame, names, settled_sentence
from ...families.tricks import left_of
from ...game import GameSpec, Scores
from ...moves import MoveForm, MoveForms
from ...scoring import ScoreRule
from ...table import plural, zone

ACE_OF_SPADES = parse_card("AS")
# interpretation.trick-limit: random and heuristic games took at most 59 tricks (3,000 games).
TRICK_LIMIT = 200
# The most moves of a shootout: the holder's cards (at most 51), each answering a draw, and a last draw.
SHOOTOUT_MOVES = 2 * 51 + 1

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh")
FORMS = MoveForms(
    MoveForm("play", "play {card}"),
    MoveForm("take", "take hand"),
    MoveForm("pass", "pass"),
    MoveForm("draw", "draw"),
)


def most_cards(hands, seats):
    """Among ``seats``, those holding the most cards: the losers of a game stopped at the trick limit.

    >>> most_cards([[1, 2], [3], [4, 5], []], [0, 1, 2])
    (0, 2)
    """
    most = max(len(hands[s]) for s in seats)
    return tuple(s for s in seats if len(hands[s]) == most)


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
               "end.shootout", "interpretation.take-hand", "interpretation.trick-limit"),
        # A row is a whole game: the loser (or the losers sharing it at the trick limit) -1.
        scoring=ScoreRule(wins="high", rule="scoring.loser", end_rule="end.game", per_game=True,
                          cells=(-1, 0), row_sum=(None, -1), cites=("interpretation.one-deal",)),
    )
    forms = FORMS

    def _setup(self):
        self._deal(lambda hands: next(s for s, hand in enumerate(hands) if ACE_OF_SPADES in hand),
                   stop_by_playing=True, open_tricks=1)
        self.between = False          # a trick is over and the next not led: players may take hands
        self.answered = frozenset()   # the seats asked since that trick (interpretation.take-hand)
        self.shootout = None
        self.losers = ()
        self.at_limit = False

    def move_bound(self):
        """A trick is a card from each player still in, and between two tricks each of them answers
        once, the leader by leading or by taking and then leading: at most two moves a player a trick.
        Then ``TRICK_LIMIT`` tricks, and a shootout."""
        return TRICK_LIMIT * 2 * self.seats + SHOOTOUT_MOVES

    # ---- moves -------------------------------------------------------------------------------

    @property
    def to_act(self):
        if self.losers:
            return None
        if self.shootout is not None:
            return self.shootout.drawer if self.shootout.lead is None else self.shootout.holder
        if self.between:
            return self._asked()
        return self.play.to_act

    def _asked(self):
        """Between tricks, the player asked now: each player still in from the leader's left, in
        turn, then the leader, who answers by leading (interpretation.take-hand)."""
        play = self.play
        for step in range(1, self.seats):
            seat = left_of(play.leader, self.seats, step)
            if seat not in play.out and seat not in self.answered:
                return seat
        return play.leader

    def may_take(self):
        """Whether the seat to act may take its left neighbour's hand now."""
        return self.between and self.shootout is None and not self.losers and self.to_act not in self.answered

    def _legal(self):
        form = FORMS["play"]
        if self.shootout is not None:
            shootout = self.shootout
            if shootout.lead is None:
                return [FORMS["draw"].make()]
            hand = self.play.hands[shootout.holder]
            return [form.make(card) for card in hand if card.suit == shootout.lead.suit]
        if self.between and self.to_act != self.play.leader:
            return [FORMS["pass"].make(), FORMS["take"].make()]
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
            return ("you have had your chance to take a hand between these tricks", "interpretation.take-hand")
        if move.kind == "pass":
            if self.between and shootout is None:
                return ("you are to lead: play a card, or take the hand on your left first", "interpretation.take-hand")
            return ("there is nothing to pass on: play a card", "play.turn")
        if self.between and self.to_act != play.leader:
            return ("between tricks you may take the hand on your left, or pass; "
                    f"{self.player_names()[play.leader]} leads the next trick", "interpretation.take-hand")
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
        if move.kind in ("take", "pass"):
            self._answer(move, seat, players)
            return
        before = self.play
        self.play = before.play(move.card)
        self.between, self.answered = False, frozenset()
        self.said = f"{players[seat]} plays the {move.card.symbol}."
        if self.play.number == before.number:
            return
        self.said = f"{players[seat]} plays the {move.card.symbol}; {settled_sentence(self.play, players)}."
        gone = [s for s in self.play.out if s not in before.out]
        if len(before.in_play()) == 2 and self._start_shootout(before, players):
            return
        if gone:
            self.said += f" {names(players, gone)} {'has' if len(gone) == 1 else 'have'} got away."
        self._check_end(players)
        if not self.losers and self.play.number > TRICK_LIMIT:   # interpretation.trick-limit
            self.at_limit = True
            self.losers = most_cards(self.play.hands, self.play.in_play())
            held = len(self.play.hands[self.losers[0]])
            self.said += f" That was trick {TRICK_LIMIT}, the last: the most cards, {held}, lose."
        self.between = not self.losers

    def _answer(self, move, seat, players):
        """A player asked between tricks takes the hand on their left, or passes."""
        left = self.play.next_in(seat)
        self.answered = self.answered | {seat}
        if move.kind == "pass":
            self.said = f"{players[seat]} does not take {players[left]}'s hand."
            return
        taken = len(self.play.hands[left])
        leader = self.play.leader
        self.play = self.play.take_hand(seat)
        self.said = (f"{players[seat]} takes {players[left]}'s {taken} card{'s' * (taken != 1)}: "
                     f"{players[left]} gets away.")
        if left == leader and self.play.in_play():   # the player due to lead got away: the next one leads
            self.play = replace(self.play, leader=self.play.next_in(leader))
            self.said += f" {players[self.play.leader]} leads instead."
        self._check_end(players)
        self.between = not self.losers

    def _check_end(self, players):
        left = self.play.in_play()
        if len(left) == 1:
            self.losers = (left[0],)
        elif not left:
            self.losers = (self.play.last[1],)  # interpretation.all-out: the winner is due to lead
            self.said += f" Every hand is empty: {players[self.losers[0]]}, due to lead, loses."

    @property
    def loser(self):
        """The loser once the game is over (None before, and for a loss shared at the trick limit)."""
        return self.losers[0] if len(self.losers) == 1 else None

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
                self.losers = (seat,)
                self.said += (f" {players[shootout.holder]} holds no {SUIT_SYMBOLS[lead.suit]} and gets away: "
                              f"{players[seat]} loses.")
            return
        card, lead = move.card, shootout.lead
        hands = list(self.play.hands)
        hands[seat] = tuple(c for c in hands[seat] if c != card)
        self.play = replace(self.play, hands=tuple(hands))
        self.said = f"{players[seat]} answers the {lead.symbol} with the {card.symbol}"
        if shootout_answer(lead, card) == "holder loses":
            self.losers = (seat,)
            self.shootout = replace(shootout, lead=None, played=shootout.played + (lead, card))
            self.said += f", higher: {players[shootout.drawer]} gets away, and {players[seat]} loses."
            return
        self.shootout = replace(shootout, lead=None, played=shootout.played + (lead, card))
        if not hands[seat]:  # interpretation.shootout-last-card
            self.losers = (shootout.drawer,)
            self.said += (f", lower, and has no cards left: {players[seat]} gets away, "
                          f"and {players[shootout.drawer]} loses.")
            return
        self.said += f", lower: {players[shootout.drawer]} must draw again."

    # ---- the end -----------------------------------------------------------------------------

    @property
    def winners(self):
        """Every seat but the loser (or losers), once the game is over."""
        if not self.losers:
            return ()
        return tuple(s for s in range(self.seats) if s not in self.losers)

    @property
    def scores(self):
        points = tuple(-1 if s in self.losers else 0 for s in range(self.seats))
        return Scores(points, points)

    def _tally_end(self, tally):
        """The loser's -1 (``scoring.loser``) with the cards left in their hand, counted; everyone
        else 0, having got away in the order they did (the shootout's winner last)."""
        got_away = [s for s in self.play.out if s not in self.losers]
        for order, seat in enumerate(got_away, 1):
            tally.add(seat, f"Got away {ORDINALS[min(order, len(ORDINALS)) - 1]}", 0, "play.getting-away")
        for seat in (s for s in range(self.seats) if s not in got_away):
            hand = self.play.hands[seat]
            held = plural(len(hand), "card")
            if seat in self.losers:
                how = "Lost the shootout" if self.shootout is not None else \
                    f"Most cards after trick {TRICK_LIMIT}" if self.at_limit else \
                    "Left holding cards" if hand else "Due to lead without a card"
                tally.add(seat, how, -1, "scoring.loser", note=held)
            elif self.shootout is not None:
                tally.add(seat, "Got away in the shootout", 0, "end.shootout", note=f"{held} left")
            else:   # interpretation.trick-limit: fewer cards than the most
                tally.add(seat, f"Fewer cards after trick {TRICK_LIMIT}", 0, "interpretation.trick-limit", note=held)

    def _ended(self):
        players = self.player_names()
        if self.at_limit:
            return f"trick {TRICK_LIMIT} was the last, and the most cards lose"
        loser = players[self.losers[0]]
        if self.shootout is not None:
            return f"the shootout is settled: {loser} loses it"
        if not self.play.hands[self.losers[0]]:
            return f"every hand is empty, and {loser}, due to lead, loses"
        return f"everyone else has got away, and {loser} is left holding cards"

    # ---- what each seat sees -----------------------------------------------------------------

    def _extra_view(self, seat):
        shootout = self.shootout
        view = {"loser": self.loser, "losers": list(self.losers), "between": self.between,
                "may_take": self.may_take(), "answered": sorted(self.answered),
                "left": [None if s in self.play.out else self.play.next_in(s) for s in range(self.seats)],
                "trick_limit": TRICK_LIMIT, "shootout": None}
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
                 group="shootout", note=f"{plural(len(shootout.pile), 'card')} face down"),
            zone("drawn", f"Drawn by {players[shootout.drawer]}", [shootout.lead] if shootout.lead else [],
                 kind="trick", layout="row", group="shootout"),
            zone("aside", "The last trick, kept out of the shootout", shootout.aside, kind="set-aside",
                 layout="row", group="shootout"),
            zone("shootout-played", "Played in the shootout", ["??"] * len(shootout.played), kind="discard",
                 layout="squared", group="shootout", note=f"{plural(len(shootout.played), 'card')} face down"),
        ]

    def _title(self):
        if self.losers:
            return "Game over"
        return "Shootout" if self.shootout is not None else f"Trick {self.play.number}"

    def _facts(self, players):
        facts = [f"Got away: {names(players, self.play.out)}"] if self.play.out else []
        if self.shootout is not None:
            s = self.shootout
            facts.append(f"{players[s.drawer]} has no cards and draws each lead; "
                         f"{players[s.holder]} must answer lower")
        elif self.may_take():
            seat = self.to_act
            left = players[self.play.next_in(seat)]
            facts.append(f"Between tricks: {players[seat]} may take {left}'s hand before leading"
                         if seat == self.play.leader else
                         f"Between tricks: {players[seat]} may take {left}'s hand, or pass; "
                         f"{players[self.play.leader]} leads next")
        if not self.losers and self.shootout is None:
            facts.append(self._limit_fact(TRICK_LIMIT, "the most cards lose"))
        return facts

    def _target(self):
        return f"One deal: the last player holding cards loses (after {TRICK_LIMIT} tricks, the most cards)"

    def _result_sentence(self):
        if not self.losers:
            return None
        players = self.player_names()
        if self.at_limit:
            held = len(self.play.hands[self.losers[0]])
            verb = "loses" if len(self.losers) == 1 else "share the loss"
            return f"After {TRICK_LIMIT} tricks {names(players, self.losers)}, holding the most cards ({held}), {verb}."
        loser = self.losers[0]
        how = "is left holding cards" if self.play.hands[loser] else "is due to lead without a card"
        return f"{players[loser]} {how} and loses; {names(players, self.winners)} got away."


GAME = GetawayState
