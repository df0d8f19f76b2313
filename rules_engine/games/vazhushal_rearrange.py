"""Vazhushal's rearranging: a player's melds taken up into a pool and laid again, meld by meld.

Once in a turn, after drawing, a player may take up the melds they laid before (all but the one
just laid with a card taken from the line, which stays a new meld) into a *pool* on the table.
They then lay new melds one at a time, each holding at least one card of the pool and perhaps
cards from the hand, until the pool is empty; pool cards never go to the hand. The table's cards
always stay melds by the rules: a meld is offered only when the rest of the pool could still be
laid by itself in melds that keep a natural sequence among the player's melds and no two
identical. So the rearranging always ends, each meld shrinking the pool.

A meld's cards come from the pool where it holds them, the rest from the hand: taking a card
from the pool rather than its twin from the hand loses nothing, as the twin may stand in for it
later.

>>> from rules_engine.cards import parse_card, parse_cards
>>> neg = parse_card("JK")
>>> pool = parse_cards("5H 6H 7H 8H 9H")            # one sequence taken up: 5♥ alone would strand
>>> [" ".join(c.text for c in m.cards) for m in offered(pool, parse_cards("5S 5C 2D"), neg, set(), True, 1)]
['5H 6H 7H 8H 9H', '5S 5H 5C']
"""

from collections import Counter

from .vazhushal_melds import identity, melds_from

# The positions searched (for one meld, and for all) to settle whether a meld leaves the pool able to be finished. A pool
# of thirty cards or more with jokers (seen in random play, hardly at a real table) may need far
# more for some melds: those are not offered, so that a turn stays quick; one meld that can be
# laid is always offered.
SEARCH_BUDGET, TOTAL_BUDGET = 300, 6000


def split(cards, pool):
    """``(from the pool, from the hand)``: the cards of a meld, the pool's taken first."""
    left = Counter(pool)
    from_pool, from_hand = [], []
    for card in cards:
        if left[card] > 0:
            left[card] -= 1
            from_pool.append(card)
        else:
            from_hand.append(card)
    return from_pool, from_hand


def _less(cards, taken):
    out = list(cards)
    for card in taken:
        out.remove(card)
    return out


def _key(cards):
    return tuple(sorted(c.text for c in cards))


def completable(pool, negative, placed, need_natural, memo=None):
    """Whether the cards of ``pool`` can by themselves all be laid in melds, none identical to
    another or to those of ``placed`` (identities), and, if ``need_natural``, one of them a
    natural sequence."""
    return _Search(pool, negative, memo).completable(pool, placed, need_natural)


class _Search:
    """The melds of a pool found once, those of the same cards together (jokers make many), and
    the answers for the pool's parts. A part of the pool is a number holding four bits per card
    of the pool: how many copies of it (jokers: up to four), and a guard bit that a subtraction taking
    more copies than there are clears."""

    def __init__(self, pool, negative, memo=None):
        self.memo = {} if memo is None else memo
        self.nodes, self.budget = 0, float("inf")
        self.steps = {}   # a part of the pool that can be finished: the first meld of one way
        self.cards = sorted(set(pool), key=lambda c: c.text)
        self.slot = {card: 4 * i for i, card in enumerate(self.cards)}
        self.guard = sum(8 << s for s in self.slot.values())
        groups = {}
        for meld in melds_from(pool, negative):
            groups.setdefault(self.encode(meld.cards), {})[identity(meld)] = meld.kind == "run" and meld.natural
        self.by_card = {card: [] for card in self.cards}
        for need, idents in groups.items():
            entry = (need, tuple(idents.items()))
            for card in self.cards:
                if need >> self.slot[card] & 7:
                    self.by_card[card].append(entry)

    def encode(self, cards):
        return sum(1 << self.slot[c] for c in cards)

    def completable(self, pool, placed, need_natural):
        return self._from(self.encode(pool), frozenset(placed), need_natural)

    def _from(self, have, placed, need_natural):
        if not have:
            return not need_natural
        cards = [c for c in self.cards if have >> self.slot[c] & 7]
        # Only a meld sharing a card with the pool can be identical to one the pool makes: the key
        # leaves the others out, so that the melds offered share their searches.
        near = frozenset(i for i in placed if not set(cards).isdisjoint(i[1]))
        key = (have, near, need_natural)
        if key in self.memo:
            return self.memo[key]
        self.nodes += 1
        if self.nodes > self.budget:
            raise _OverBudget
        guard, top = self.guard, have | self.guard
        # Each card of the pool goes into one of the melds that fit it now: none strands the pool,
        # and the card with the fewest is placed first.
        fits = [[e for e in self.by_card[c] if (top - e[0]) & guard == guard] for c in cards]
        if not all(fits):
            found = False
        else:
            if need_natural:   # the natural sequence chosen first, then the rest freely
                choices = [(need, ident) for need, idents in {e[0]: e for f in fits for e in f}.values()
                           for ident, natural in idents if natural]
            else:
                choices = [(need, ident) for need, idents in min(fits, key=len) for ident, _ in idents]
            found = False
            for need, ident in choices:
                if ident not in near and self._from(have - need, near | {ident}, False):
                    found, self.steps[key] = True, (need, ident)
                    break
        self.memo[key] = found
        return found


def offered(pool, hand, negative, placed, need_natural, keep):
    """The melds that may be laid next while rearranging: each holds a card of ``pool`` and leaves
    the rest of it completable (``completable``), in ``melds_from``'s order."""
    search = _Search(pool, negative)
    candidates = []
    for meld in melds_from(list(pool) + list(hand), negative):
        from_pool, from_hand = split(meld.cards, pool)
        if from_pool and len(hand) - len(from_hand) >= keep and identity(meld) not in placed:
            candidates.append((meld, _less(pool, from_pool), placed | {identity(meld)},
                               need_natural and not (meld.kind == "run" and meld.natural)))
    out, unsettled, spent = [], [], 0
    for candidate in candidates:
        spent += search.nodes
        search.nodes, search.budget = 0, min(SEARCH_BUDGET, max(TOTAL_BUDGET - spent, 0))
        try:
            if search.completable(*candidate[1:]):
                out.append(candidate[0])
        except _OverBudget:
            unsettled.append(candidate)
    if not out and pool:   # the pool can always be finished: the first meld of one way of doing it is offered
        search.nodes, search.budget = 0, float("inf")
        if not search.completable(pool, placed, need_natural):
            return []   # a pool no rearranging leaves (as tests make)
        key = next(k for k in search.steps if k[0] == search.encode(pool))
        need, ident = search.steps[key]
        out = [m for m, rest, _, _ in candidates
               if identity(m) == ident and len(rest) == len(pool) - len(m.cards)
               and search.encode(m.cards) == need][:1]
    return out


class _OverBudget(Exception):
    pass


def brute_force_offered(pool, hand, negative, placed, need_natural, keep):
    """``offered`` by trying every sequence of melds to the end: slow, for the tests."""
    def ends(pool, hand, placed, need):
        if not pool:
            return not need
        return any(ends(_less(pool, p), [], placed | {identity(m)}, need and not (m.kind == "run" and m.natural))
                   for m, p, h in steps(pool, hand, placed, 0))

    def steps(pool, hand, placed, keep):   # after the first meld, the pool alone
        for meld in melds_from(list(pool) + list(hand), negative):
            p, h = split(meld.cards, pool)
            if p and len(hand) - len(h) >= keep and identity(meld) not in placed:
                yield meld, p, h

    return [m for m, p, h in steps(pool, hand, placed, keep)
            if ends(_less(pool, p), [], placed | {identity(m)},
                    need_natural and not (m.kind == "run" and m.natural))]


# ---- the state's side: taking up, the melds open, refusals --------------------------------------

def take_up(state):
    """The seat to act takes up its melds (all but the one just laid taking from the line) into
    the pool, to lay them again."""
    seat = state.turn
    kept = [(n, m) for n, m in enumerate(state.melds, 1) if m[0] != seat or n == state.taken_meld]
    taken = [c for n, (o, m) in enumerate(state.melds, 1) if o == seat and n != state.taken_meld for c in m.cards]
    state.pool = sorted(taken, key=_held)
    state.melds = [m for _, m in kept]
    state.after_pool, state.phase, state.rearranged, state.taken_meld = state.phase, "rearrange", True, None
    state.said = (f"{state.player_names()[seat]} takes up their melds to rearrange them: every card taken up "
                  f"is laid again in new melds, perhaps with cards from the hand.")


def _held(card):
    from ..families.rummy import held_order

    return (4, 0) if card.is_joker else held_order(card)


def open_melds(state):
    """The melds open to the seat to act while rearranging (``play.rearrange``)."""
    seat = state.turn
    mine = [m for _, m in state.own_melds(seat)]
    keep = 0 if state.after_pool == "final" else 1
    return offered(state.pool, state.hands[seat], state.negative, {identity(m) for m in mine},
                   not any(m.kind == "run" and m.natural for m in mine), keep)


def refusal(state, cards):
    """``(reason, rule)``: why ``cards`` are no meld the seat to act may lay while rearranging."""
    seat, hand = state.turn, state.hands[state.turn]
    from_pool, from_hand = split(cards, state.pool)
    missing = Counter(from_hand) - Counter(hand)
    if missing:
        return f"the {next(iter(missing)).symbol} is neither in hand nor among the cards taken up", "play.turn"
    if not from_pool:
        return "a meld laid while rearranging holds a card taken up", "play.rearrange"
    problem = state._meld_problem(cards, seat, False)
    if problem:
        return problem
    if len(hand) - len(from_hand) < (0 if state.after_pool == "final" else 1):
        return "a card must be kept to discard", "play.keep-one"
    return ("the other cards taken up could no longer all be laid in melds that keep a natural "
            "sequence and no two identical", "play.rearrange")
