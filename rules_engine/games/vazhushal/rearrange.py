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

from ...bitmask import bits
from .melds import held_key, identity, melds_from

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


class PoolMelds:
    """The melds of the cards a rearranging player may lay (the pool and the hand), each with its
    cards encoded as the search counts them (``_Search``). Found once when the melds are taken up,
    then narrowed as melds are laid: cards only leave, and the melds of fewer cards are those of
    these that the cards left still hold, in the same order (``melds_from`` finds them so).

    The melds of the same cards make a group (jokers make many melds of the same cards); the
    search looks at the groups as bits of a number, in the order the melds were found: for each
    card, the groups holding it, and the groups needing ``j`` copies of it or more."""

    def __init__(self, cards, negative):
        self.cards = sorted(set(cards), key=lambda c: c.text)
        self.slot = {card: 4 * i for i, card in enumerate(self.cards)}
        self.bit = {card: 1 << s for card, s in self.slot.items()}
        self.guard = sum(8 << s for s in self.slot.values())
        self.low = self.guard >> 3   # the lowest bit of each card's count
        self.have = self.encode(cards)
        # (meld, its cards encoded, its identity, whether a natural sequence); the groups.
        bit = self.bit.__getitem__
        entries = []
        numbers, groups = {}, []   # each group: its cards encoded, {identity: natural sequence}, its cards once
        for meld in melds_from(list(cards), negative):
            need, ident, natural = sum(map(bit, meld.cards)), identity(meld), meld.kind == "run" and meld.natural
            entries.append((meld, need, ident, natural))
            number = numbers.get(need)
            if number is None:
                number = numbers[need] = len(groups)
                groups.append((need, {}, meld.cards))
            groups[number][1][ident] = natural
        self.entries = tuple(entries)
        self._group(groups)

    def _group(self, groups):
        self.groups = [(need, tuple(idents.items())) for need, idents, _ in groups]
        self.natural = 0     # the groups holding a natural sequence
        exactly = {}         # (card, copies): the groups holding that many copies of it
        slot = self.slot
        for number, (need, idents, once) in enumerate(groups):
            bit = 1 << number
            if True in idents.values():
                self.natural |= bit
            for card in set(once):
                key = (card, need >> slot[card] & 7)
                exactly[key] = exactly.get(key, 0) | bit
        self.holding = dict.fromkeys(self.cards, 0)   # card: the groups holding it
        # By card (in the order of ``cards``): [0, the groups holding it once or more, twice or more, ...].
        self.at_least = [[0] for _ in self.cards]
        for (card, copies), owned in sorted(exactly.items(), key=lambda kv: -kv[0][1]):
            masks = self.at_least[slot[card] // 4]
            masks.extend([0] * (copies + 1 - len(masks)))
            for j in range(1, copies + 1):
                masks[j] |= owned
            self.holding[card] |= owned
        # The most copies of each card a group holds, encoded as the counts are.
        self.most = sum(len(masks) - 1 << 4 * i for i, masks in enumerate(self.at_least))

    def encode(self, cards):
        return sum(map(self.bit.__getitem__, cards))

    def narrowed(self, cards):
        """These melds for ``cards``, which must be among these melds' cards; None if they are not."""
        if any(c not in self.slot for c in cards):
            return None
        have, guard = self.encode(cards), self.guard
        if have == self.have:
            return self
        if ((self.have | guard) - have) & guard != guard:
            return None
        narrow = object.__new__(PoolMelds)
        narrow.__dict__.update(self.__dict__)
        narrow.have = have
        top = have | guard
        narrow.entries = tuple(e for e in self.entries if (top - e[1]) & guard == guard)
        return narrow

    def fitting(self, pool, hand, spare):
        """The groups whose cards ``pool`` and ``hand`` hold, taking at most ``spare`` from the hand
        (a meld takes a card from the pool where it can)."""
        at_least, have, bad = self.at_least, pool + hand, 0
        # Only the cards held fewer times than some group needs them can leave a group out.
        for place in bits(~((have | self.guard) - self.most) & self.guard):
            index = place >> 2
            bad |= at_least[index][(have >> (place - 3) & 7) + 1]
        more = []   # a group for each copy of a card it takes from the hand: the hand's cards
        for place in bits((hand | hand >> 1 | hand >> 2) & self.low):
            masks = at_least[place >> 2]
            more.extend(masks[(pool >> place & 7) + 1:(have >> place & 7) + 1])
        if len(more) > spare:   # at least spare + 1 copies from the hand, counted for each group
            counts = [0] * (spare + 2)
            for mask in more:
                for k in range(spare + 1, 0, -1):
                    counts[k] |= counts[k - 1] & mask if k > 1 else mask
            bad |= counts[spare + 1]
        return ((1 << len(self.groups)) - 1) & ~bad


class _Search:
    """The answers for what is left of the pool and the hand, as the melds of ``PoolMelds`` take
    it up. What is left of the pool, and of the hand, is a number holding four bits per card: how
    many copies of it (up to four), and a guard bit that a subtraction taking more copies than
    there are clears."""

    def __init__(self, pool, hand, keep, known):
        self.memo, self.keep, self.known = {}, keep, known
        self.steps = None   # {key: (group, identity, the next call's arguments)}, to follow a way found
        self.known_pools = set()   # the pools the memo holds answers for
        self.work, self.budget = 0, float("inf")
        self.slot, self.guard, self.low = known.slot, known.guard, known.low
        # The groups looked at for each card of the pool: those of the cards in pool and hand.
        holding = known.fitting(known.encode(pool), known.encode(hand), len(hand))
        self.pool_cards = [(card, known.holding[card] & holding) for card in sorted(set(pool), key=lambda c: c.text)]
        self.looked = {card: groups.bit_count() for card, groups in self.pool_cards}
        self.masks = {}   # each identity's cards, as bits
        self.fits = {}    # (pool, hand): the groups that fit

    def _count(self, have):
        low = self.low
        return (have & low).bit_count() + 2 * (have & low << 1).bit_count() + 4 * (have & low << 2).bit_count()

    def _mask(self, ident):
        mask = self.masks.get(ident)
        if mask is None:
            slot = self.slot
            mask = self.masks[ident] = sum(7 << slot[c] for c in set(ident[1]) if c in slot)
        return mask

    def _from(self, pool, hand, in_hand, placed, need_natural):
        """Whether ``pool`` can all be laid in melds each holding a card of it, with cards of
        ``hand`` (``in_hand`` of them; the hand keeping ``keep``), none identical to another or to
        ``placed`` (identities), and, if ``need_natural``, one of them a natural sequence."""
        if not pool:
            return not need_natural
        slot = self.slot
        if not self.budget and pool not in self.known_pools:
            # No work left to spend, and nothing known of this pool: the first card of it settles
            # the answer as the search below would (a card no meld holds, a dead end; else over).
            for card, _ in self.pool_cards:
                if pool >> slot[card] & 7:
                    self.work += self.looked[card]
                    if self.looked[card]:
                        raise _OverBudget
                    break
        key = self._key(pool, hand, placed, need_natural)
        near = key[2]
        found = self.memo.get(key)
        if found is not None:
            return found
        # Each card of the pool goes into one of the melds that fit it now, and the card with the
        # fewest is placed first; the work counts the melds looked at for each card.
        fitting = self.fits.get((pool, hand))
        if fitting is None:
            fitting = self.fits[(pool, hand)] = self.known.fitting(pool, hand, in_hand - self.keep)
        fits, fewest, least = [], 0, None
        for card, holding in self.pool_cards:
            if not pool >> slot[card] & 7:
                continue
            self.work += self.looked[card]
            if self.work > self.budget:
                raise _OverBudget
            fit = holding & fitting
            if not fit:
                self._remember(key, False)
                return False
            fits.append(fit)
            size = fit.bit_count()
            if least is None or size < least:
                fewest, least = fit, size
        groups = self.known.groups
        if need_natural:   # the natural sequence chosen first, then the rest freely
            seen, chosen = 0, []
            for fit in fits:
                chosen += bits(fit & ~seen & self.known.natural)
                seen |= fit
            choices = [(g, ident) for g in chosen for ident, natural in groups[g][1] if natural]
        else:
            choices = [(g, ident) for g in bits(fewest) for ident, _ in groups[g][1]]
        found, whole, low = False, pool | self.guard, self.low
        for number, ident in choices:
            if ident in near:
                continue
            need = groups[number][0]   # the pool's copies first, the rest from the hand
            enough = ((whole - need) & self.guard) >> 3
            from_pool = (need & enough * 7) | (pool & (low - enough) * 7)
            from_hand = need - from_pool
            after = (pool - from_pool, hand - from_hand, in_hand - self._count(from_hand), near | {ident}, False)
            if self._from(*after):
                found = True
                if self.steps is not None:
                    self.steps[key] = (number, ident, after)
                break
        self._remember(key, found)
        return found

    def _key(self, pool, hand, placed, need_natural):
        # Only a meld sharing a card with what is left can be identical to one laid from it: the key
        # leaves the others out, so that the melds offered share their searches.
        left = pool | hand
        return pool, hand, frozenset(i for i in placed if left & self._mask(i)), need_natural

    def way(self, pool, hand, in_hand, placed, need_natural):
        """The melds of the way the search found from these arguments (it answered True)."""
        by_group = {}
        for meld, need, ident, _ in self.known.entries:
            by_group.setdefault((need, ident), meld)
        melds, args = [], (pool, hand, in_hand, placed, need_natural)
        while args[0]:
            number, ident, args = self.steps[self._key(*args[:2], *args[3:])]
            melds.append(by_group[(self.known.groups[number][0], ident)])
        return melds

    def _remember(self, key, found):
        self.memo[key] = found
        self.known_pools.add(key[0])


def offered(pool, hand, negative, placed, need_natural, keep, known=None):
    """The melds that may be laid next while rearranging, in ``melds_from``'s order: each holds a
    card of ``pool`` and leaves the rest of it able to be laid (``_Search._from``), or could not
    be settled within the search's budget. ``known``: the ``PoolMelds`` of pool and hand, if
    found already."""
    known = known or PoolMelds(list(pool) + list(hand), negative)
    search = _Search(pool, hand, keep, known)
    guard, low = known.guard, known.low
    pool_left, hand_left, in_hand = known.encode(pool), known.encode(hand), len(hand)
    whole = pool_left | guard
    out, spent = [], 0
    for meld, need, ident, natural in known.entries:
        # The meld's cards from the pool where it holds them (split), the rest from the hand.
        enough = ((whole - need) & guard) >> 3
        from_pool = (need & enough * 7) | (pool_left & (low - enough) * 7)
        if not from_pool:
            continue
        from_hand = need - from_pool
        taken = search._count(from_hand)
        if in_hand - taken < keep or ident in placed:
            continue
        spent += search.work
        search.work, search.budget = 0, min(SEARCH_BUDGET, max(TOTAL_BUDGET - spent, 0))
        try:
            settled = search._from(pool_left - from_pool, hand_left - from_hand, in_hand - taken,
                                   frozenset(placed | {ident}), need_natural and not natural)
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


# ---- the state's side: taking up, the way listed, the melds open, refusals ----------------------

def take_up(state):
    """The seat to act takes up its melds (all but the one just laid taking from the line) into
    the pool, to lay them again. Those melds, laid again as they were, are one way to lay every
    card taken up: the moves listed (``state.way``)."""
    seat = state.turn
    kept = [(n, m) for n, m in enumerate(state.melds, 1) if m[0] != seat or n == state.taken_meld]
    taken = [m for n, (o, m) in enumerate(state.melds, 1) if o == seat and n != state.taken_meld]
    state.before_rearrange = (tuple(state.melds), tuple(state.hands[seat]), state.taken_meld)
    state.pool = sorted((c for m in taken for c in m.cards), key=held_key)
    state.melds = [m for _, m in kept]
    state.after_pool, state.phase, state.rearranged, state.taken_meld = state.phase, "rearrange", True, None
    state.way = tuple(taken)
    state.said = (f"{state.player_names()[seat]} takes up their melds to rearrange them: every card taken up "
                  f"is laid again in new melds, perhaps with cards from the hand.")


def put_back(state):
    """The seat rearranging puts every meld taken up back as it was, and every card laid from its
    hand back in it; its rearranging for the turn is spent (``interpretation.rearrange-pool``)."""
    seat = state.turn
    melds, hand, state.taken_meld = state.before_rearrange
    state.melds, state.hands[seat], state.pool = list(melds), list(hand), []
    finish(state)
    state.said = f"{state.player_names()[seat]} puts their melds back as they were, and the cards laid from the hand."


def finish(state):
    """The pool laid again (or put back): the turn goes on where it was."""
    state.phase, state.after_pool, state.before_rearrange, state.way = state.after_pool, None, None, None


def laid_again(state, meld):
    """``meld`` laid while rearranging: the rest of the way listed, if it was one of its melds, or
    another way found by the search (none, if it finds none within its budget: then only putting
    back is listed); or, the pool laid, the turn goes on where it was (``finish``)."""
    if not state.pool:
        finish(state)
        return
    rest = list(state.way)
    for i, other in enumerate(rest):
        if other.cards == meld.cards:
            del rest[i]
            state.way = tuple(rest)
            return
    hand = state.hands[state.turn]
    placed, need_natural, keep = _rules_now(state)
    known = PoolMelds(state.pool + hand, state.negative)
    search = _Search(state.pool, hand, keep, known)
    search.budget, search.steps = TOTAL_BUDGET, {}
    start = (known.encode(state.pool), known.encode(hand), len(hand), frozenset(placed), need_natural)
    try:
        found = search._from(*start)
    except _OverBudget:
        found = False
    state.way = tuple(search.way(*start)) if found else ()


def _rules_now(state):
    """``(identities of the player's melds on the table, whether they lack a natural sequence, the
    cards the hand keeps)`` for the seat rearranging."""
    mine = [m for _, m in state.own_melds(state.turn)]
    return ({identity(m) for m in mine}, not any(_natural_run(m) for m in mine),
            0 if state.after_pool == "final" else 1)


def open_melds(state):
    """Every meld open to the seat to act while rearranging (``play.rearrange``), as the search
    settles them (``offered``): with the melds of the cards taken up and the hand as they were
    when the melds were taken up, narrowed to the cards left, so that a meld the search leaves
    unsettled is the same whichever moves came before. Found once a state, for a meld not listed
    and for the cards picked one by one."""
    cached = state.__dict__.get("_cached_open_melds")
    if cached is None:
        seat, hand = state.turn, state.hands[state.turn]
        melds, held, taken_meld = state.before_rearrange
        taken = [c for n, (o, m) in enumerate(melds, 1) if o == seat and n != taken_meld for c in m.cards]
        cards = state.pool + hand
        known = PoolMelds(taken + list(held), state.negative).narrowed(cards) or PoolMelds(cards, state.negative)
        placed, need_natural, keep = _rules_now(state)
        cached = state._cached_open_melds = offered(state.pool, hand, state.negative, placed, need_natural, keep,
                                                    known)
    return cached


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
