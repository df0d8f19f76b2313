"""Vazhushal's moves of several cards, its melds and its takes from the discard line with their
meld: the few the legal moves list, how one they do not list is checked, and the answers to
cards picked one by one (``state.choose``).

A hand with wild cards makes hundreds of melds, and a rearranging's pool and hand thousands: too
many to list at every turn. The legal moves list, of the melds open to the player, a longest one
for each card that one of them holds, so that every such card starts a meld on the table and a
bot finds the longest; of the takes, a longest one from each card of the line a take may start
from; while rearranging, the melds of one way to lay every card taken up again (rearrange.py).
Any other meld or take is legal as the rules allow it (``built_open``), and the cards picked are
answered from every meld and take that holds them.
"""

from collections import Counter

from ...cards import parse_card
from ...selection import listed_answer
from .melds import identity, in_no_meld, is_wild, meld_move, melds_from, read_meld, take_move
from .rearrange import open_melds, split


def _natural_run(meld):
    return meld.kind == "run" and meld.natural


def hand_melds(state, keep, must=None):
    """The melds the seat to act may lay from its hand now (holding ``must``, if given): a natural
    sequence only until it has melded, a card kept to discard (``keep``), none identical to one of
    its melds; the natural ones first, as a player looks for them."""
    seat, hand = state.turn, state.hands[state.turn]
    mine = state._identities(seat)
    melds = melds_from(hand, state.negative, must=must, natural_runs_only=not state.has_melded(seat))
    melds = [m for m in melds if len(hand) - len(m.cards) >= keep and identity(m) not in mine]
    melds.sort(key=lambda m: not m.natural)
    return melds


def takes(state):
    """``[(line place, meld)]``: the takes from the line open to the seat to act (``play.line``)."""
    seat, hand, line = state.turn, state.hands[state.turn], state.line
    melded, mine = state.has_melded(seat), state._identities(seat)
    out = []
    lone = in_no_meld(line, hand + line, state.negative, not melded)
    for index, card in enumerate(line):
        if card in lone:
            continue   # in no meld of all the cards, nor of fewer
        pool = hand + line[index:]
        for meld in melds_from(pool, state.negative, must=card, natural_runs_only=not melded):
            if len(pool) - len(meld.cards) >= 1 and identity(meld) not in mine:
                out.append((index + 1, meld))
    return out


def longest_each(melds):
    """Of ``melds``, for each card one of them holds, the first of the longest holding it, in the
    order of ``melds``."""
    best = {}
    for meld in melds:
        for card in meld.cards:
            known = best.get(card)
            if known is None or len(meld.cards) > len(known.cards):
                best[card] = meld
    chosen = {id(m) for m in best.values()}
    return [m for m in melds if id(m) in chosen]


def listed_takes(state):
    """``[(line place, meld)]``: for each card of the line a take may start from, a longest take."""
    best = {}
    for place, meld in takes(state):
        if place not in best or len(meld.cards) > len(best[place].cards):
            best[place] = meld
    return sorted(best.items())


# ---- a move not listed -------------------------------------------------------------------------

def _meld_of(cards, pool, negative):
    """The meld ``cards`` make in their written order, if they are one, written so, and ``pool``
    holds them."""
    cards = tuple(cards)
    if Counter(cards) - Counter(pool):
        return None
    meld = read_meld(cards, negative)
    return meld if meld is not None and meld.cards == cards else None


def built_open(state, move):
    """Whether ``move``, a meld or a take from the line that the legal moves need not list, is
    legal now: one that a full list of them would hold."""
    phase, seat = state.phase, state.turn
    hand, melded = state.hands[seat], state.has_melded(seat)
    if move.kind == "take":
        place, cards = move.args
        if phase != "draw" or not 1 <= place <= len(state.line):
            return False
        pool = hand + state.line[place - 1:]
        meld = _meld_of(cards, pool, state.negative)
        return (meld is not None and state.line[place - 1] in meld.cards and (melded or _natural_run(meld))
                and len(pool) - len(cards) >= 1 and identity(meld) not in state._identities(seat))
    if move.kind != "meld" or phase == "throw-in":
        return False
    cards = tuple(move.args[0])
    if phase == "rearrange":
        return _open_while_rearranging(state, cards)
    meld = _meld_of(cards, hand, state.negative)
    if meld is None or not (melded or _natural_run(meld)):
        return False
    if phase == "draw":   # a first natural sequence, laid before drawing (play.meld-first)
        return not melded
    keep = 0 if phase == "final" else 1
    return len(hand) - len(cards) >= keep and identity(meld) not in state._identities(seat)


def _open_while_rearranging(state, cards):
    hand = state.hands[state.turn]
    from_pool, from_hand = split(cards, state.pool)
    if not from_pool or Counter(from_hand) - Counter(hand) or _meld_of(cards, state.pool + hand, state.negative) is None:
        return False   # settled without the search
    return any(m.cards == cards for m in open_melds(state))


# ---- cards picked one by one ------------------------------------------------------------------

def selection(state, picked, target):
    """``selection.answer`` for Vazhushal: with no card picked, from the moves listed (whose cards
    are those that may start one); else from every meld, take and lay-off holding the cards picked."""
    if not picked:
        return listed_answer(state, picked, target)
    moves = holding(state, picked)
    return listed_answer(state, picked, target, built=[(m, state._built(m)) for m in moves])


def holding(state, picked):
    """The legal moves built from cards (melds, takes, lay-offs) that hold every card of ``picked``
    (texts, a card picked twice held twice)."""
    want = Counter(picked)

    def holds(cards):
        return not want - Counter(c.text for c in cards)

    phase = state.phase
    if phase == "throw-in":
        return []
    if phase == "rearrange":
        return [meld_move(m.cards) for m in open_melds(state) if holds(m.cards)]
    cards = [parse_card(t) for t in want]
    anchor = next((c for c in cards if not is_wild(c, state.negative)), cards[0])   # fixes the melds looked at
    if phase == "draw":
        moves = [take_move(place, m.cards) for place, m in takes(state) if holds(m.cards)]
        if not state.has_melded(state.turn):
            moves += [meld_move(m.cards) for m in hand_melds(state, 0, anchor) if holds(m.cards)]
        return moves
    keep = 0 if phase == "final" else 1
    moves = [meld_move(m.cards) for m in hand_melds(state, keep, anchor) if holds(m.cards)]
    return moves + [m for m in state.legal_moves() if m.kind == "layoff" and holds((m.card,))]
