"""Vazhushal's rearranging: a player's melds taken up into a pool and laid again, meld by meld.

Once in a turn, after drawing, a player may take up the melds they laid before (all but the one
just laid with a card taken from the line, which stays a new meld) into a *pool* on the table.
They then lay new melds one at a time, each holding at least one card of the pool and perhaps
cards from the hand, until the pool is empty; pool cards never go to the hand. A meld is offered
when the rest of the pool can still be laid, in melds each holding a pool card, with the pool's
cards and those left in hand (each hand card once, the hand keeping a card to discard), the
melds keeping a natural sequence among the player's melds and no two identical. A meld the
search cannot settle within its budget is offered too: the player may always ``put back``,
every meld taken up returning as it was and the hand with it (``put_back``).

A meld's cards come from the pool where it holds them, the rest from the hand: taking a card
from the pool rather than its twin from the hand loses nothing, as the twin may stand in for it
later.

>>> from rules_engine.cards import parse_card, parse_cards
>>> neg = parse_card("JK")
>>> pool = parse_cards("5H 6H 7H 8H 9H")   # one sequence taken up: 5H 6H 7H would strand 8H 9H
>>> [" ".join(c.text for c in m.cards) for m in offered(pool, parse_cards("5S 5C 2D"), neg, set(), True, 1)]
['5H 6H 7H 8H 9H', '6H 7H 8H 9H', '5S 5H 5C']
>>> pool = parse_cards("4H 5H 6H 7H 8H 9H")   # 8H 9H may wait for the 10H of the hand
>>> melds = offered(pool, parse_cards("3H 6S 6C 7S 7C TH 2D"), neg, set(), True, 1)
>>> [" ".join(c.text for c in m.cards) for m in melds if len(m.cards) == 3]
['3H 4H 5H', '4H 5H 6H', '7H 8H 9H', '8H 9H TH', '6S 6H 6C', '7S 7H 7C']
"""

from collections import Counter

from .melds import identity, melds_from

# The work of the search (melds looked at), for one meld offered and for all, to settle whether a
# meld leaves the pool able to be finished. A pool of thirty cards or more with jokers (seen in
# random play, hardly at a real table) may need far more for some melds: those are offered
# unsettled, so that a turn stays quick, and the player may put the melds back if no way on is found.
SEARCH_BUDGET, TOTAL_BUDGET = 4000, 40000


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


def _natural_run(meld):
    return meld.kind == "run" and meld.natural


class _Search:
    """The melds of pool and hand that hold a pool card, found once (those of the same cards
    together: jokers make many), and the answers for what is left of them. What is left of the
    pool, and of the hand, is a number holding four bits per card: how many copies of it (up to
    four), and a guard bit that a subtraction taking more copies than there are clears."""

    def __init__(self, pool, hand, negative, keep, melds=None):
        self.memo, self.keep = {}, keep
        self.work, self.budget = 0, float("inf")
        self.cards = sorted(set(pool) | set(hand), key=lambda c: c.text)
        self.slot = {card: 4 * i for i, card in enumerate(self.cards)}
        self.guard = sum(8 << s for s in self.slot.values())
        self.low = self.guard >> 3   # the lowest bit of each card's count
        in_pool = set(pool)
        groups = {}
        for meld in melds_from(list(pool) + list(hand), negative) if melds is None else melds:
            if not in_pool.isdisjoint(meld.cards):
                groups.setdefault(self.encode(meld.cards), {})[identity(meld)] = _natural_run(meld)
        self.pool_cards = sorted(in_pool, key=lambda c: c.text)
        self.by_card = {card: [] for card in self.pool_cards}
        for need, idents in groups.items():
            entry = (need, tuple(idents.items()))
            for card in self.pool_cards:
                if need >> self.slot[card] & 7:
                    self.by_card[card].append(entry)

    def encode(self, cards):
        return sum(1 << self.slot[c] for c in cards)

    def _count(self, have):
        low = self.low
        return (have & low).bit_count() + 2 * (have & low << 1).bit_count() + 4 * (have & low << 2).bit_count()

    def completable(self, pool, hand, placed, need_natural):
        """Whether ``pool`` can all be laid in melds each holding a card of it, with cards of
        ``hand`` (the hand keeping ``keep``), none identical to another or to ``placed``
        (identities), and, if ``need_natural``, one of them a natural sequence."""
        return self._from(self.encode(pool), self.encode(hand), len(hand), frozenset(placed), need_natural)

    def _from(self, pool, hand, in_hand, placed, need_natural):
        if not pool:
            return not need_natural
        slot = self.slot
        # Only a meld sharing a card with what is left can be identical to one laid from it: the key
        # leaves the others out, so that the melds offered share their searches.
        left = pool | hand
        near = frozenset(i for i in placed if any(left >> slot[c] & 7 for c in i[1] if c in slot))
        key = (pool, hand, near, need_natural)
        found = self.memo.get(key)
        if found is not None:
            return found
        guard, spare = self.guard, in_hand - self.keep
        top, whole = (pool + hand) | guard, pool | guard
        # Each card of the pool goes into one of the melds that fit it now, and the card with the
        # fewest is placed first. A meld takes a card from the pool where it can (where the pool
        # holds as many as the meld needs, all; elsewhere what the pool holds), the rest from the hand.
        fits, fewest = [], None
        for card in self.pool_cards:
            if not pool >> slot[card] & 7:
                continue
            fit, entries = [], self.by_card[card]
            self.work += len(entries)
            if self.work > self.budget:
                raise _OverBudget
            for need, idents in entries:
                if (top - need) & guard != guard:
                    continue
                enough = ((whole - need) & guard) >> 3
                from_pool = (need & enough * 7) | (pool & (self.low - enough) * 7)
                from_hand = need - from_pool
                if from_hand and self._count(from_hand) > spare:
                    continue
                fit.append((from_pool, from_hand, idents))
            if not fit:
                self.memo[key] = False
                return False
            fits.append(fit)
            if fewest is None or len(fit) < len(fewest):
                fewest = fit
        if need_natural:   # the natural sequence chosen first, then the rest freely
            steps = {(p, h): idents for fit in fits for p, h, idents in fit}
            choices = [(p, h, ident) for (p, h), idents in steps.items() for ident, natural in idents if natural]
        else:
            choices = [(p, h, ident) for p, h, idents in fewest for ident, _ in idents]
        found = False
        for from_pool, from_hand, ident in choices:
            if ident not in near and self._from(pool - from_pool, hand - from_hand,
                                                in_hand - self._count(from_hand), near | {ident}, False):
                found = True
                break
        self.memo[key] = found
        return found


def offered(pool, hand, negative, placed, need_natural, keep):
    """The melds that may be laid next while rearranging, in ``melds_from``'s order: each holds a
    card of ``pool`` and leaves the rest of it able to be laid (``_Search.completable``), or could
    not be settled within the search's budget."""
    melds = melds_from(list(pool) + list(hand), negative)
    search = _Search(pool, hand, negative, keep, melds)
    out, spent = [], 0
    for meld in melds:
        from_pool, from_hand = split(meld.cards, pool)
        if not from_pool or len(hand) - len(from_hand) < keep or identity(meld) in placed:
            continue
        spent += search.work
        search.work, search.budget = 0, min(SEARCH_BUDGET, max(TOTAL_BUDGET - spent, 0))
        try:
            settled = search.completable(_less(pool, from_pool), _less(hand, from_hand), placed | {identity(meld)},
                                         need_natural and not _natural_run(meld))
        except _OverBudget:
            settled = True   # not proven a dead end: offered, and ``put back`` stays open
        if settled:
            out.append(meld)
    return out


class _OverBudget(Exception):
    pass


def brute_force_offered(pool, hand, negative, placed, need_natural, keep):
    """``offered`` by trying every sequence of melds to the end: slow, for the tests."""
    def ends(pool, hand, placed, need):
        if not pool:
            return not need
        return any(ends(_less(pool, p), _less(hand, h), placed | {identity(m)}, need and not _natural_run(m))
                   for m, p, h in steps(pool, hand, placed))

    def steps(pool, hand, placed):
        for meld in melds_from(list(pool) + list(hand), negative):
            p, h = split(meld.cards, pool)
            if p and len(hand) - len(h) >= keep and identity(meld) not in placed:
                yield meld, p, h

    return [m for m, p, h in steps(pool, hand, placed)
            if ends(_less(pool, p), _less(hand, h), placed | {identity(m)}, need_natural and not _natural_run(m))]


# ---- the state's side: taking up, the melds open, refusals --------------------------------------

def take_up(state):
    """The seat to act takes up its melds (all but the one just laid taking from the line) into
    the pool, to lay them again."""
    seat = state.turn
    kept = [(n, m) for n, m in enumerate(state.melds, 1) if m[0] != seat or n == state.taken_meld]
    taken = [c for n, (o, m) in enumerate(state.melds, 1) if o == seat and n != state.taken_meld for c in m.cards]
    state.before_rearrange = (tuple(state.melds), tuple(state.hands[seat]), state.taken_meld)
    state.pool = sorted(taken, key=_held)
    state.melds = [m for _, m in kept]
    state.after_pool, state.phase, state.rearranged, state.taken_meld = state.phase, "rearrange", True, None
    state.said = (f"{state.player_names()[seat]} takes up their melds to rearrange them: every card taken up "
                  f"is laid again in new melds, perhaps with cards from the hand.")


def put_back(state):
    """The seat rearranging puts every meld taken up back as it was, and every card laid from its
    hand back in it; its rearranging for the turn is spent (``interpretation.rearrange-pool``)."""
    seat = state.turn
    melds, hand, state.taken_meld = state.before_rearrange
    state.melds, state.hands[seat], state.pool = list(melds), list(hand), []
    state.phase, state.after_pool, state.before_rearrange = state.after_pool, None, None
    state.said = f"{state.player_names()[seat]} puts their melds back as they were, and the cards laid from the hand."


def finish(state):
    """The pool laid again: the turn goes on where it was."""
    state.phase, state.after_pool, state.before_rearrange = state.after_pool, None, None


def _held(card):
    from ...families.rummy import held_order

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
    return ("the other cards taken up could no longer all be laid in melds, with the cards left in hand, "
            "that keep a natural sequence and no two identical", "play.rearrange")
