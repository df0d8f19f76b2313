"""Triple Play's table as a seat sees it (hands, knees and feet face down, the stock, the
discard pile, each partnership's red 3s and melds, the score sheet), and the answers to a move
built card by card (``state.choose``), worked out here since the melds are too many to list."""

from collections import Counter

from ...cards import parse_card
from ...game import ALL
from ...selection import _answer
from ...table import hand_end, headline, plural, score_sheet, zone
from .melds import CANASTA, NO_WILDS, SIDES, WILD, is_wild, meld_problem, meld_rank, rank_words, value, wild_limit


def describe(state, seat):
    names = state.player_names()
    zones = []
    for s, hand in enumerate(state.hands):
        visible = seat in (s, ALL)
        zones.append(zone(f"hand-{s}", f"{names[s]}'s hand", (c.text if visible else "??" for c in hand),
                          kind="hand", layout="fan", owner=s, backs="hidden"))
        if not state.knee_taken[s]:
            zones.append(zone(f"knee-{s}", f"{names[s]}'s knee", ["??"] * len(state.knees[s]), kind="set-aside",
                              layout="squared", owner=s))
        if not state.foot_taken[s]:
            zones.append(zone(f"foot-{s}", f"{names[s]}'s foot", ["??"] * len(state.feet[s]), kind="set-aside",
                              layout="squared", owner=s))
    zones.append(zone("stock", "Stock", ["??"] * len(state.stock), kind="stock", layout="squared", group="middle"))
    zones.append(zone("discard", "Discard pile", state.discard, kind="discard", layout="squared", group="middle"))
    for side in range(2):
        zones.append(zone(f"red-threes-{side}", f"{SIDES[side]}'s red 3s", state.red_threes[side], kind="set-aside",
                          owner=side))
        for number, (rank, cards) in enumerate(state.melds[side], 1):
            label = f"{SIDES[side]}'s meld {number}" + (" (canasta)" if len(cards) == CANASTA else "")
            zones.append(zone(f"meld-{side}-{number}", label, cards, kind="meld", owner=side))
    return {"headline": headline(f"Deal {state.deal_number} of {state.options['deals']}", *_facts(state)),
            "zones": zones, "dealer": state.dealer, "score": _score_sheet(state), "last": state.said,
            "result": _result(state), "interlude": _interlude(state)}


def _facts(state):
    names = state.player_names()
    facts = [f"Dealer: {names[state.dealer]}", f"First meld: {state.minimum} points"]
    if not state.over:
        turn = names[state.to_act]
        facts.append({"draw": f"{turn} draws or takes the pile", "play": f"{turn} melds, then ends the turn",
                      "answer": f"{turn} answers the partner's request to go out"}[state.phase])
    return facts


def _score_sheet(state):
    rows = [(f"Deal {n}", [p[0], p[1]]) for n, p, _ in state.hand_results]
    return score_sheet(list(SIDES), rows, [("Total", list(state.totals))],
                       target=f"{plural(state.options['deals'], 'deal')}, the higher total wins")


def _result(state):
    if not state.over:
        return None
    if state.totals[0] == state.totals[1]:
        return f"The partnerships are level on {plural(state.totals[0], 'point')}."
    best = 0 if state.totals[0] > state.totals[1] else 1
    return f"{SIDES[best]} win, {max(state.totals)} to {min(state.totals)}."


def _interlude(state):
    """A deal's end: each partnership's melds, whose each is, and each player's cards left in
    hand, knee and foot, face up as they are counted, with the items of the deal's score."""
    ended = state.__dict__.get("hand_end")
    if not ended:
        return None
    number, row, lines, _, melds, left, what = ended
    names = state.player_names()
    zones = []
    for side in range(2):
        for n, (rank, cards) in enumerate(melds[side], 1):
            label = f"{SIDES[side]}'s meld {n}: {rank_words(rank)}" + (" (canasta)" if len(cards) == CANASTA else "")
            zones.append(zone(f"end-meld-{side}-{n}", label, cards, kind="meld", owner=side))
    for seat, cards in enumerate(left):
        zones.append(zone(f"end-left-{seat}", f"{names[seat]}'s cards left: {plural(sum(map(value, cards)), 'point')}",
                          cards, kind="hand", owner=seat, source=False))
    return hand_end(f"End of deal {number}", [f"{SIDES[s]}: {plural(row[s], 'point')} ({lines[s]})" for s in range(2)],
                    zones=zones, ended=what, state=state)


# ---- moves built card by card ---------------------------------------------------------------------

def selection(state, picked, target):
    """``selection.answer`` for Triple Play: the cards that may follow those picked, the melds
    (or the discard pile) they may go to, the moves they already make, or why none."""
    cards = [parse_card(t) for t in picked]
    seat = state.turn
    side, hand = state.side_of(seat), state.hands[seat]
    if state.phase not in ("draw", "play"):
        return _answer(picked, target, [], [], [], {"reason": "no move of this turn is made of cards",
                                                    "rule": "play.ask"} if picked else None)
    held = Counter(c.text for c in hand)   # six packs: a card may be held, and picked, several times
    texts = list(held)
    chosen = Counter(picked)
    missing = [c for c in cards if chosen[c.text] > held[c.text]]
    if missing:
        name = state.player_names()[seat]
        times = "" if not held[missing[0].text] else f" {chosen[missing[0].text]} times"
        return _answer(picked, target, [], [], [], {"reason": f"{name} does not hold the {missing[0].symbol}{times}",
                                                    "rule": "play.turn"})
    ranks_held = Counter(c.rank for c in hand)
    places = ["discard"] if state.phase == "draw" else [None] + [
        f"meld-{side}-{n}" for n in range(1, len(state.melds[side]) + 1)]

    def make(place, chosen):
        if place == "discard":
            return state.forms["pickup"].make(chosen)
        if place is None:
            return state.forms["meld"].make(chosen)
        return state.forms["add"].make(chosen, int(place.rsplit("-", 1)[1]))

    def could_grow(place, chosen):
        """Whether some cards of the hand could join ``chosen`` to make a meld at ``place`` (the
        opening's minimum and the card kept aside: the finished move is checked for those)."""
        if place == "discard":
            return len(chosen) <= 2 and all(c.rank == state.discard[-1].rank for c in chosen) if state.discard else False
        held = [] if place is None else state.melds[side][int(place.rsplit("-", 1)[1]) - 1][1]
        whole = held + list(chosen)
        if meld_problem(whole, size_matters=False):
            return False
        rank = meld_rank(whole)
        if place is not None and rank not in (WILD, state.melds[side][int(place.rsplit("-", 1)[1]) - 1][0]):
            return False
        rest = ranks_held.copy()
        rest.subtract(c.rank for c in chosen)
        wild_now = sum(map(is_wild, whole))
        wild_more = rest[None] + rest["2"]
        if place is not None:
            return possible(state.melds[side][int(place.rsplit("-", 1)[1]) - 1][0], whole, wild_now, wild_more, rest)
        # Wild cards alone may still become a meld of wild cards, or join natural cards of a rank.
        ranks = [rank] if rank != WILD else [WILD] + [r for r, n in rest.items() if n > 0 and r not in (None, "2")]
        return any(not state._open_meld(side, r) and possible(r, whole, wild_now, wild_more, rest)
                   for r in ranks if r != "3")

    def possible(rank, whole, wild_now, wild_more, rest):
        if rank == WILD:
            return len(whole) == wild_now and len(whole) + wild_more >= 3 and len(whole) <= CANASTA
        natural_now = len(whole) - wild_now
        natural_more = rest[rank]
        for naturals in range(max(natural_now, 1), natural_now + natural_more + 1):
            for wilds in range(wild_now, wild_now + wild_more + 1):
                size = naturals + wilds
                if 3 <= size <= CANASTA and (not wilds or rank not in NO_WILDS and wilds <= wild_limit(size)):
                    return True
        return False

    by_rank = {}   # suits never matter to a meld: one answer for each rank held
    for text in texts:
        by_rank.setdefault(parse_card(text).rank, []).append(text)

    aims = places if target is None else [target] if target in places else []
    nexts, targets, finish = [], [], []
    for place in places:
        if cards and could_grow(place, cards) and place is not None:
            targets.append(place)
    for place in aims:
        if cards and not could_grow(place, cards):
            continue
        for rank, group in by_rank.items():
            fresh = [t for t in group if held[t] > chosen[t] and t not in nexts]
            if fresh and could_grow(place, cards + [parse_card(fresh[0])]):
                nexts += fresh
        if cards and (place is None or place == target):
            move = state.parse_move(make(place, cards))
            if state._refusal(move) is None:
                button = {"discard": "Take the pile", None: "Meld"}.get(place, "Add")
                finish.append({"move": move.text, "button": button})
    refused = None
    if cards and not nexts and not finish and not targets:
        move = state.parse_move(make(aims[0] if aims else places[0], cards))
        reason, rule = state._refusal(move) or ("these cards make no move now", "play.meld")
        refused = {"reason": reason, "rule": rule}
    return _answer(picked, target, nexts, targets, finish, refused)
