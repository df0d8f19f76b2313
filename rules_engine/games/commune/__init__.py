"""Commune: declare ever higher poker hands that all the cards dealt, everyone's together, may hold.

- Each player starts with three tokens (the ``tokens`` option). Each hand the dealer deals every
  player still in four cards less the tokens they hold (one card with three tokens, three with
  one); the rest of the pack is set aside unseen (``setup.deal``).
- From the dealer's left, in turn, a player declares a poker hand higher than the last one
  (``play.declare``; the order in rules_engine/poker_hands.py), naming its category and then
  its ranks, one choice at a time; or, once a hand is declared, calls it (``play.call``).
- On a call every card dealt is shown: if the declared hand can be formed from them, jokers and
  2s wild, the caller loses a token, otherwise the declarer does (``scoring.call``). A player
  with no token left is out; the deal passes left among those still in; the last player with a
  token wins (``end.game``).
"""

from bisect import bisect_right

from ...families.tokens import TokensGame
from ...game import GameSpec, Option
from ...moves import MoveForm, MoveForms
from ...poker_hands import CATEGORIES, CATEGORY, DECLARATIONS, ORDER, formed, name, plural, rank_of
from ...scoring import ScoreRule
from ...table import Tally

RANK_KIND = {rank: f"rank-{rank}" for rank in ORDER}
KIND_RANK = {kind: rank for rank, kind in RANK_KIND.items()}
DECLARED = frozenset(DECLARATIONS)   # looked up at every choice: the tuple would be searched in full


def _beginning():
    """The places in ``DECLARATIONS`` of the declarations that begin with each prefix (category,
    ranks...), in order: worked out once, as every turn asks which are left above the last."""
    places = {}
    for i, declaration in enumerate(DECLARATIONS):
        for n in range(len(declaration) + 1):
            places.setdefault(declaration[:n], []).append(i)
    return places


BEGINNING = _beginning()


def cards_for(tokens):
    """``setup.deal``: four cards less the tokens held."""
    return 4 - tokens


class CommuneState(TokensGame):
    spec = GameSpec(
        id="commune",
        name="Commune",
        family="bluffing",
        seats=(2, 10),
        default_seats=4,
        deck="54",
        summary="Declare ever higher poker hands that everyone's cards together may hold, jokers and 2s "
                "wild; call a declaration you doubt, and whoever is wrong loses a token.",
        options=(
            Option("tokens", 3, (1, 2, 3), "tokens each player starts with"),
        ),
        rules=("setup.deal", "play.declare", "play.call", "scoring.call", "scoring.ranking", "end.game",
               "interpretation.few-cards", "interpretation.wild-twos", "interpretation.steps",
               "interpretation.first-call", "interpretation.top", "interpretation.first-dealer"),
        scoring=ScoreRule(wins="low", unit="tokens", rule="scoring.call", end_rule="end.game", out_at=3,
                          out_at_option="tokens", cells=(0, 1), row_sum=(1, None)),
    )
    forms = MoveForms(MoveForm("call", "call"),
                      *(MoveForm(kind, kind) for kind, *_ in CATEGORIES),
                      *(MoveForm(RANK_KIND[r], plural(r).lower()) for r in ORDER))

    # ---- setup ----------------------------------------------------------------------------------

    def _setup(self):
        self._start_tokens()

    def _copied(self):
        self.hands = [list(h) for h in self.hands]

    def _start_hand(self, number, dealer):
        self.declarations = ()   # (seat, declaration), lowest first
        self.pending = None      # (category, ranks chosen so far) while a declaration is built
        self.stub = tuple(self._deal(number, dealer, lambda seat: cards_for(self.tokens(seat))))

    def dealt(self):
        return [c for hand in self.hands for c in hand]

    # ---- moves ----------------------------------------------------------------------------------

    def _floor(self):
        return rank_of(self.declarations[-1][1]) if self.declarations else -1

    def _open(self, prefix):
        """The declarations above the last one that begin with ``prefix`` (category, ranks...)."""
        places = BEGINNING.get(prefix, [])
        return [DECLARATIONS[i] for i in places[bisect_right(places, self._floor()):]]

    def _legal(self):
        if self.pending is not None:
            prefix = self.pending
            ranks = {d[len(prefix)] for d in self._open(prefix)}
            return [self.forms[RANK_KIND[r]].make() for r in ORDER if r in ranks]
        moves = [self.forms["call"].make()] if self.declarations else []
        floor = self._floor()   # a category is open while its highest declaration is above the last one
        return moves + [self.forms[kind].make() for kind, *_ in CATEGORIES if BEGINNING[(kind,)][-1] > floor]

    def _why_not(self, move):
        last = name(self.declarations[-1][1]) if self.declarations else None
        if self.pending is not None:
            if move.kind in KIND_RANK:
                return (f"{name_so_far(self.pending)} with {plural(KIND_RANK[move.kind])} is not a hand higher "
                        f"than {last}", "play.declare")
            return f"finish declaring the {CATEGORY[self.pending[0]][1]} first: choose its rank", "play.declare"
        if move.kind == "call":
            return "nothing is declared yet: the first player declares a hand", "play.call"
        if move.kind in KIND_RANK:
            return "choose the kind of hand first, then its rank", "play.declare"
        return f"no {CATEGORY[move.kind][1]} is higher than {last}", "play.declare"

    def candidate_moves(self):
        return [form.make() for form in self.forms.forms]

    def _play(self, move):
        seat, names = self.turn, self.player_names()
        if move.kind == "call":
            self.said = self._call(seat)
            return
        prefix = (move.kind,) if move.kind in CATEGORY else self.pending + (KIND_RANK[move.kind],)
        if prefix in DECLARED:
            self.pending = None
            self.declarations += ((seat, prefix),)
            self.said = f"{names[seat]} declares {name(prefix)}."
            self.turn = self._next(seat)
        else:
            self.pending = prefix
            self.said = f"{names[seat]} is declaring {name_so_far(prefix)}..."

    # ---- the call, the hand's end and the game's ----------------------------------------------------

    def _call(self, caller):
        """``scoring.call``: the declared hand looked for among every card dealt."""
        names = self.player_names()
        declarer, declared = self.declarations[-1]
        cards = formed(declared, self.dealt())
        found = cards is not None
        loser = caller if found else declarer
        # The caller and the declarer each have an item: the hand found (its cards, and what each
        # wild card among them stands for) or not found; the loser's costs a token.
        stands = {card: played_as for card, played_as in cards or () if played_as}
        wild_words = "; ".join(f"the {card.symbol} as {played_as}" for card, played_as in stands.items())
        note = name(declared) + (f"; {wild_words}" if wild_words else "")
        held = "hold" if found else "do not hold"
        tally = Tally(self.seats)
        tally.add(declarer, f"Declares a hand the cards dealt {held}", int(not found), "scoring.call",
                  [c for c, _ in cards or ()], note)
        tally.add(caller, f"Calls a hand the cards dealt {held}", int(found), "scoring.call",
                  [c for c, _ in cards or ()], note)
        notes = {s: "; ".join(f"the {c.symbol} stands for {stands[c]}" for c in self.hands[s] if c in stands)
                 for s in self.active}
        call = f"{names[caller]} calls {names[declarer]}'s {name(declared)}"
        lines = self._end_hand(tally, [f"the cards dealt {held} it: {names[loser]} loses a token"],
                               ended=call, notes={s: note for s, note in notes.items() if note})
        return "; ".join(lines) + "."

    def move_bound(self):
        """Each call costs one token and the game ends when one player has any left: at most
        ``seats * tokens - 1`` hands, each of at most every declaration (three choices each) and
        a call."""
        return (self.seats * self.options["tokens"] - 1) * (3 * len(DECLARATIONS) + 1)

    # ---- what each seat sees --------------------------------------------------------------------

    def _cards_in_play(self):
        return self.dealt() + list(self.stub)

    def _table(self, seat):
        return self._tokens_table(seat, {"stub": len(self.stub),
                                         "declarations": [[s, list(d)] for s, d in self.declarations],
                                         "pending": list(self.pending) if self.pending else None})

    def _describe(self, seat):
        names = self.player_names()
        facts = [f"Dealer: {names[self.dealer]}", f"{len(self.dealt())} cards dealt"]
        if self.declarations:
            s, d = self.declarations[-1]
            facts.append(f"Last declared: {name(d)} by {names[s]}")
        if self.pending and not self.over:
            facts.append(f"Declaring: {name_so_far(self.pending)}...")
        return self._tokens_description(seat, facts)

    # ---- what a button says -----------------------------------------------------------------------

    def _button_words(self, move):
        if move.kind == "call":
            last = name(self.declarations[-1][1]) if self.declarations else "it"
            return f"Call ({last})"
        if move.kind in CATEGORY:
            words = CATEGORY[move.kind][1]
            return (words[0].upper() + words[1:]) + ("" if move.kind == "flush" else "...")
        if self.pending is None:
            return None
        words = name_so_far(self.pending + (KIND_RANK[move.kind],))
        return words[0].upper() + words[1:]


def name_so_far(prefix):
    """A declaration being built, in words: ``two pair, 9s and``."""
    if prefix in DECLARED:
        return name(prefix)
    kind, *ranks = prefix
    if not ranks:
        return CATEGORY[kind][1]
    joiner = "and" if kind == "two-pair" else "over"
    return f"{CATEGORY[kind][1]}, {plural(ranks[0])} {joiner}"


GAME = CommuneState
