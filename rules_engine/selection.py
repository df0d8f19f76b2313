"""Moves built from several cards, step by step: a meld, a lay-off, a discard of several cards.

A reader builds such a move by picking cards one at a time, then perhaps a target (a meld on
the table to lay off onto), then pressing the button that finishes it ("Meld", "Lay off").
A game says which of its moves are built so with ``State._built(move)``, which gives a
:class:`Built`: the move's cards (texts), its target (the id of a zone of the table, or None
for a move that goes nowhere in particular, as a new meld) and the words of its finishing
button. Its records keep one canonical text per finished move (``meld 5H 6H 7H``).

:func:`answer` says, for a partial choice (the cards picked so far and the target aimed at),
which cards and targets may come next, which finished moves the choice already is, and, when
it can lead to no legal move, why not (a reason and a rule id, as ``explain`` says it). Where
the legal moves can be listed (``legal_moves()``), the answer is read from them; a game whose
built moves are too many to list overrides ``State._selection`` and says so with
``State.lists_built_moves = False``, and the conformance suite checks its answers against
brute force on small hands (tests/conformance.py, ``check_selection``).
"""

from collections import Counter, namedtuple

from .cards import HIDDEN, pack_copies, pack_words, parse_card
from .errors import NotationError, quote

Built = namedtuple("Built", "cards target button")

MAX_PICKED = 60  # more cards than any built move of any game holds


def read_choice(state, picked, target):
    """``picked`` (card texts) and ``target`` (a zone id or None) checked: a list of cards, at
    most ``MAX_PICKED``, none more often than the pack holds it (a game of two packs melds two
    7♥); raises a NotationError otherwise."""
    if not isinstance(picked, (list, tuple)):
        raise NotationError(f"bad choice {quote(picked)}: the cards picked are a list of card texts")
    if len(picked) > MAX_PICKED:
        raise NotationError(f"a choice of {len(picked)} cards is too long: at most {MAX_PICKED}")
    cards = []
    for text in picked:
        if text == HIDDEN:
            raise NotationError("a card picked must be one the player can see, not '??'")
        card = parse_card(text)
        cards.append(card.text)
        times, held = cards.count(card.text), pack_copies(state.pack_name())[card.text]
        if not held:
            raise NotationError(f"the {'joker' if card.is_joker else card.symbol} picked is no card of this "
                                f"game: its pack is {pack_words(state.pack_name())}")
        if times > held:
            raise NotationError(f"the {card.symbol} is picked {times} times: the pack holds "
                                f"{'it once' if held == 1 else f'{held} of it'}")
    if target is not None and (type(target) is not str or not 0 < len(target) <= 40):
        raise NotationError(f"bad target {quote(target)}: expected the id of a place on the table")
    return tuple(cards), target


def built_moves(state):
    """``[(move, Built)]`` for the legal moves of the seat to act that are built from cards
    (found once per state: a move built card by card asks at every card)."""
    if state.is_over:
        return []
    legal = state._legal_now()
    cached = state.__dict__.get("_cached_built")
    if cached is None or cached[0] is not legal:   # kept with the very list of legal moves it came from
        cached = state._cached_built = (legal, [(move, built) for move in legal
                                                if (built := state._built(move)) is not None])
    return cached[1]


def answer(state, picked=(), target=None):
    """What a partial choice may become: ``{"picked", "target", "next", "targets", "finish",
    "refused"}``. ``next``: the cards that may be added (texts, in the order the moves list
    them); ``targets``: the zone ids the cards picked may still go to; ``finish``: the finished
    moves the choice is now, ``{"move", "button"}``; ``refused``: None, or ``{"reason", "rule"}``
    when no legal move holds these cards (and this target)."""
    picked, target = read_choice(state, picked, target)
    if state.is_over:
        return _answer(picked, target, [], [], [], {"reason": "the game is over", "rule": "end.game"})
    result = state._selection(picked, target)
    if state.lone_card_moves_finish and len(picked) == 1 and target is None:
        # A card picked alone may also make its move alone (a discard): one more finishing button,
        # whichever way the game answers the rest.
        known = {f["move"] for f in result["finish"]}
        result["finish"] = result["finish"] + [f for f in lone_finish(state, picked[0]) if f["move"] not in known]
        if result["finish"]:
            result["refused"] = None
    if result["refused"]:   # worded for the seat that picked the cards, as every refusal is
        result["refused"] = {**result["refused"], "reason": state.addressed(result["refused"]["reason"])}
    return result


def listed_answer(state, picked, target, built=None):
    """``answer`` read from the legal moves (a game that lists its built moves), or from ``built``,
    the ``[(move, Built)]`` of the legal moves that hold the cards picked (one that does not)."""
    # The cards picked are a multiset (two packs hold two of a card); counted only where one is
    # picked twice, as sets otherwise.
    chosen, chosen_set = Counter(picked), set(picked)
    twice = len(chosen_set) < len(picked)
    reachable = [(m, b) for m, b in (built_moves(state) if built is None else built)
                 if chosen_set.issubset(b.cards) and not (twice and chosen - Counter(b.cards))]
    aimed = [(m, b) for m, b in reachable if target is None or b.target == target]
    nexts = []
    for _, built in aimed:
        if len(built.cards) == len(set(built.cards)):
            nexts += [c for c in built.cards if c not in chosen_set and c not in nexts]
        else:
            left = Counter(built.cards) - chosen
            nexts += [c for c in dict.fromkeys(built.cards) if left[c] and c not in nexts]
    targets = list(dict.fromkeys(b.target for _, b in reachable if b.target is not None))
    # A move that holds every card picked, as often, is made of them alone when it holds no more.
    finish = [{"move": m.text, "button": b.button} for m, b in aimed
              if len(b.cards) == len(picked) and picked and (b.target is None or b.target == target)]
    if state.lone_card_moves_finish and len(picked) == 1 and target is None:
        finish += lone_finish(state, picked[0])
    refused = None
    if picked and not aimed and not finish:
        reason, rule = state._selection_refusal(picked, target)
        refused = {"reason": reason, "rule": rule}
    return _answer(picked, target, nexts, targets, finish, refused)


def lone_finish(state, text):
    """The moves the card ``text`` makes alone, as finishing buttons (a discard, a card laid loose)."""
    return [{"move": m.text, "button": state._click_choice(m) or "Play"} for m in state.legal_moves()
            if state._built(m) is None and m.card is not None and m.card.text == text]


def _answer(picked, target, nexts, targets, finish, refused):
    return {"picked": list(picked), "target": target, "next": list(nexts), "targets": list(targets),
            "finish": list(finish), "refused": refused}


def described(state, table, picked=(), target=None):
    """The selection as the table describes it (``table["selection"]``): the answer with the
    places on the table of each card (``[[zone id, index], ...]``, one per copy the seat may
    pick: the first ones are those picked), for the renderers."""
    where = {}
    for z in table["zones"]:
        if z.get("source") and z["owner"] in (state.to_act, None):
            for index, text in enumerate(z["cards"]):
                if text != HIDDEN:
                    where.setdefault(text, []).append([z["id"], index])
    result = answer(state, picked, target)
    starts = []
    for _, built in built_moves(state):
        starts += [c for c in dict.fromkeys(built.cards) if c not in starts]
    if not state.lists_built_moves and not result["picked"]:
        # A game that lists only some of its built moves answers which cards start one (Triple
        # Play's wild card added to a meld, listed nowhere): those start a choice too.
        starts += [c for c in result["next"] if c not in starts]
    result["places"] = {text: where[text] for text in dict.fromkeys([*starts, *result["picked"], *result["next"]])
                        if text in where}   # in a fixed order (a set's follows the hashes, which differ by process)
    result["selectable"] = [text for text in starts if text in where]
    return result
