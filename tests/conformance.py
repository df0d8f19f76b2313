"""Checks of the engine's contract that hold for every game.

``check_step`` is run after every move of the conformance games; the heavier
``check_explain`` and ``check_no_mutation`` on a sample of positions.
"""

import functools
import json
import pickle
import re
from collections import Counter
from pathlib import Path

import pytest

import rules_engine
from rules_engine.cards import make_deck
from rules_engine.errors import IllegalMoveError
from rules_engine.families.chips import Chips
from rules_engine.game import ALL
from rules_engine.scoring import people_columns
from rules_engine.table import check as check_description


CARD_STRING = re.compile(r'"([2-9TJQKA][SHDC]|JK)"')


def card_tokens(view):
    """Every string in a JSON-ready view that is exactly a card's text."""
    return CARD_STRING.findall(json.dumps(view))


@functools.cache
def deck_counts(deck_name):
    return Counter(c.text for c in make_deck(deck_name))


@functools.cache
def deck_texts(deck_name):
    return tuple(c.text for c in make_deck(deck_name))


def check_cards_accounted(state):
    deck = deck_counts(state.pack_name())
    seen = Counter(c.text for c in state._cards_in_play())
    assert seen == deck, (f"{state.spec.id}: cards lost or duplicated: {(deck - seen) + (seen - deck)}; "
                          "_cards_in_play() must list every card of the pack once, wherever it lies")


def check_view_hides(state, seat):
    view = state.view(seat)
    deck = deck_counts(state.pack_name())
    hidden = Counter(c.text for c in state.hidden_from(seat))
    visible = Counter(card_tokens(view))
    leaked = {card: n for card, n in visible.items() if n > deck[card] - hidden[card]}
    assert not leaked, (f"{state.spec.id}: view({seat}) shows hidden cards {leaked}; the game's _table(seat) "
                        "must write a card that seat may not see as '??' (State._hide)")
    # Another seat's turn shows as the public one (Comet's offer of the comet; stops play's
    # holder of the next card, whom the others cannot name).
    assert view["to_act"] == state.turn_seen_by(seat), \
        f"{state.spec.id}: view({seat})'s to_act must be the turn that seat may know (_public_turn)"
    if seat in (state.to_act, ALL):
        assert view["to_act"] == state.to_act
    if seat is not None and seat in (state.to_act, ALL):
        assert view["moves"] == [m.text for m in state.legal_moves()], \
            f"{state.spec.id}: view({seat}) must list the legal moves of the seat to act, in order"
    else:
        assert view["moves"] == [], f"{state.spec.id}: view({seat}) lists moves of a seat not to act"


def check_table(state, seat):
    """The table description of ``seat``: every card of the deck once with
    ``ALL``, nothing hidden from the seat, and a click or a button for every
    legal move of the seat to act (and for no other move)."""
    table = state.table(seat)
    deck = deck_texts(state.pack_name())
    problems = check_description(table, deck, state.hidden_from(seat), whole=seat == ALL)
    assert not problems, (f"{state.spec.id}: table({seat!r}): {problems} (rules_engine/table.py's check says "
                          "what each means: the game's _describe(seat) draws the table)")
    assert state._said(seat) == table["last"], (
        f"{state.spec.id}: _said({seat!r}) is {state._said(seat)!r}, but the table's last sentence is "
        f"{table['last']!r}: the move log (rules_engine/movelog.py) tells each move by _said")
    if seat is not None and seat in (state.to_act, ALL) and not state.is_over:
        assert [click["move"] for click in table["moves"]] == [m.text for m in state.legal_moves()], (
            f"{state.spec.id}: table({seat!r}) needs a click or a button for every legal move, in order "
            "(_click_source, _click_target; a card no zone shows makes a move no click can start)")
        legal = {m.text: m for m in state.legal_moves()}   # each parses back to itself (check_explain)
        zones = {z["id"]: z for z in table["zones"]}
        for click in table["moves"]:
            move = legal[click["move"]]
            if click["card"] is not None:
                zone_id, index = click["card"]
                if move.card is None and zones[zone_id]["kind"] in ("stock", "discard"):
                    # A draw starts from the top of the pile it takes from (a rummy's stock).
                    assert index == len(zones[zone_id]["cards"]) - 1, click
                elif move.card is None:   # a card chosen by its place in a hand its owner cannot see (the Hairy Ape)
                    assert zones[zone_id]["owner"] == state.to_act and zone_id.startswith("hand"), click
                else:
                    assert zones[zone_id]["cards"][index] == move.card.text, click
    else:
        assert table["moves"] == []
    json.dumps(table)  # JSON-ready


def check_selection(state):
    """Every move built from several cards (a meld) can be built by picking its cards one by one,
    each offered in turn, and aiming at its target: the answer then finishes it. Picks that lead
    nowhere are refused with a rule the game cites. (A game that cannot list its built moves,
    ``lists_built_moves = False``, is checked against a brute force in its own tests.)"""
    from rules_engine.selection import built_moves

    for move, built in built_moves(state):
        picked = []
        for card in built.cards:
            answer = state.choose(picked)
            assert card in (answer["next"] if picked else [c for _, b in built_moves(state) for c in b.cards]), \
                (move, picked, answer)
            picked.append(card)
        answer = state.choose(picked, built.target)
        assert move.text in [f["move"] for f in answer["finish"]], (move, answer)
        if built.target is not None:
            assert built.target in state.choose(picked)["targets"]
    # A zone whose cards are one item (a build, taken whole) is picked at one click: every such move
    # holds all of its cards or none.
    wholes = [z for z in state.table(state.to_act)["zones"] if z.get("whole")] if not state.is_over else []
    for zone in wholes:
        for move, built in built_moves(state):
            held = set(zone["cards"]) & set(built.cards)
            assert not held or held == set(zone["cards"]), (state.spec.id, zone["id"], move)
    for card in "AS KH 7D 2C".split():   # pairs that lead nowhere are refused citing the game's rules
        refusal = state.choose([card, "5H" if card != "5H" else "6H"])["refused"]
        assert refusal is None or refusal["rule"] in state.spec.cited_rules, refusal
        assert refusal is None or not names_the_mover(state, refusal["reason"]), refusal


def check_chips_conserved(state):
    """A game played for chips loses and makes none: what one player pays, another
    player or a pool gains."""
    chips = getattr(state, "chips", None)
    if isinstance(chips, Chips):
        assert chips.conserved, f"{state.spec.id}: chips not conserved: {chips}"


def check_step(state, step=None):
    """The contract at one position; ``step``, a playout's move number, spreads the views of the
    seats not to act over the playout (None: every seat's view here)."""
    check_cards_accounted(state)
    check_chips_conserved(state)
    if state.is_over:
        assert state.to_act is None and state.legal_moves() == []
    else:
        assert state.legal_moves(), f"{state.spec.id}: no legal move before the end"
        assert 0 <= state.to_act < state.seats
    # Every state's view and description for the seat to act, and for a spectator and a commentator
    # at alternate steps, and the view of one more seat in turn: over a playout each seat is shown
    # many times, waiting and acting, at a fraction of the cost of showing all of them at every step.
    if step is None:
        onlookers, shown = [None, ALL], range(state.seats)
    else:
        onlookers, shown = [(None, ALL)[step % 2]], [state.to_act, _waiting_seat(state, step)]
    for seat in dict.fromkeys([*onlookers, *shown]):
        check_view_hides(state, seat)
    for seat in dict.fromkeys([*onlookers, state.to_act]):
        check_table(state, seat)
    if not state.is_over and state.lists_built_moves and any(state._built(m) for m in state.legal_moves()):
        check_selection(state)


def _waiting_seat(state, step):
    """A seat other than the one to act, each in turn as the playout goes on (the one to act
    moves on at most moves, so the turn alone would often pick it)."""
    n = state.seats
    if state.to_act is None or n == 1:
        return step % n
    return (state.to_act + 1 + (step // n) % (n - 1)) % n


def check_explain(state):
    legal = state.legal_moves()
    # A real-time game's reactions are legal too, each for its own seat only.
    reactions = {m.text: seat for seat in range(state.seats) for m in state.reactions(seat)}
    legal_texts = {m.text for m in legal} | set(reactions)
    cited = set(state.spec.cited_rules)
    for text, seat in reactions.items():
        assert state.apply(text, seat=seat).last_move == (text, seat), text
        other = (seat + 1) % state.seats
        if other != state.to_act:
            with pytest.raises(IllegalMoveError):
                state.apply(text, seat=other)
    for move in state.candidate_moves():
        explanation = state.explain(move)
        assert (explanation is None) == (move.text in legal_texts), (
            f"{state.spec.id}: explain({move.text!r}) is {explanation}, but the move is "
            f"{'' if move.text in legal_texts else 'not '}legal: _legal and _why_not must agree")
        if explanation is not None:
            assert not names_the_mover(state, explanation.reason), (
                f"{state.spec.id}: {move.text!r} is refused with {explanation.reason!r}, which names the seat that "
                "tried it: a refusal is worded for that seat (\"you must…\", State.addressed)")
            assert explanation.reason and explanation.rule in cited, (
                f"{state.spec.id}: {move.text!r} is refused with {explanation}: a refusal gives a reason and a "
                "rule the spec cites (add the rule to spec.rules, and its paragraph to the page)")
            try:
                state.apply(move)
            except IllegalMoveError as error:
                assert (error.reason, error.rule) == tuple(explanation)
            else:
                raise AssertionError(f"{move} was applied though explain refused it")
    for move in legal:
        assert state.parse_move(move.text) == move, f"{move.text!r} does not parse back to itself"


def names_the_mover(state, reason):
    """Whether a refusal names the seat to act, the one that tried the move, rather than "you"."""
    if state.to_act is None:   # the game is over: nobody tried a move
        return False
    name = state.player_names()[state.to_act]
    return name.lower() != "you" and re.search(rf"(?<![\w']){re.escape(name)}(?!\w)", reason) is not None


def snapshot(state):
    # Caches filled on demand (legal moves, Yukon's way forward) are not part of the position.
    data = {k: v for k, v in vars(state).items()
            if k not in ("_legal_cached", "game") and not k.startswith(("_cached", "_history"))}
    return pickle.dumps(data), state.moves_made, json.dumps(state.view(None), sort_keys=True)


def refused(state, move, rule):
    """``move`` is refused citing ``rule``, and ``state`` is left as it was: the refusal's reason."""
    before = snapshot(state)
    try:
        state.apply(move)
    except IllegalMoveError as error:
        assert error.rule == rule, error
        assert snapshot(state) == before
        return error.reason
    raise AssertionError(f"{move!r} was applied; it should be refused under {rule}")


def check_no_mutation(state):
    before = snapshot(state)
    for move in state.legal_moves()[:5]:
        state.apply(move)
    assert snapshot(state) == before, (f"{state.spec.id}: apply changed the state it was called on: _play "
                                       "works on a copy, so a list or dict it changes must be copied first "
                                       "(State._copied)")


# A very long game (Kaiser's random games run to its 200-hand limit, some 7,000 moves) is checked at
# every step of its first moves, then at every SAMPLE_EVERY-th and at its last step: its late hands,
# carried scores and end are still checked, at a fraction of the cost.
CHECK_EVERY_STEP_UNTIL = 1_000
SAMPLE_EVERY = 7  # prime: over a trick or a round, every seat's turn in turn


@functools.lru_cache(maxsize=None)
def page_rules(game_id):
    """The rule ids the game's page anchors (``{#scoring.hand}``)."""
    page = Path(__file__).resolve().parent.parent / "docs" / "games" / f"{game_id}.md"
    return frozenset(re.findall(r"\{#([\w.-]+)\}", page.read_text(encoding="utf-8")))


def check_hand_end(state, written):
    """At a hand's end whose scoring kept its items (``state.hand_tally``, a ``table.Tally``'s
    breakdown), the table's ``interlude`` breaks each column's points for the hand into items that
    add up to them, each under a rule of the game's page, and those points are the hand's row of
    the score sheet: what each column's game score moved by since the last hand's end
    (``written``, as tests/test_score_sheets.py writes a sheet down). Returns the scores now."""
    people = people_columns(state.spec.scoring, state.seats)
    now = list(state.scores.game[:people])  # seat c < people sits in side c
    part = state.table(ALL)["interlude"]
    where = f"{state.spec.id} ({state.seats} seats, seed {state.seed!r}), after move {len(state.moves_made)}"
    assert part and part.get("breakdown"), (f"{where}: a hand's end must show each side's points item by item "
                                            "(the interlude's breakdown, kept by the scoring code in a table.Tally)")
    groups = part["breakdown"]
    # A sheet's columns that are no player's (Bridge Solitaire's house) have their groups too, after the players'.
    assert people <= len(groups) <= people + len(state.spec.scoring.others), (where, [g["name"] for g in groups])
    rules = page_rules(state.spec.id)
    # The hand's row: what each column's score moved by since the last hand's end, or, where the next
    # deal has already moved it (the antes of a chips game), the score sheet's last row.
    moved = [now[column] - written[column] for column in range(people)]
    rows = (state.table(ALL).get("score") or {}).get("rows") or [{"cells": []}]
    sheet = [cell or 0 for cell in rows[-1]["cells"][:len(groups)]]
    sheet += [0] * (len(groups) - len(sheet))
    row = moved if [g["points"] for g in groups] == moved else sheet
    for column, group in enumerate(groups):
        assert sum(item["points"] for item in group["items"]) == group["points"], (where, group)
        assert group["points"] == row[column], (
            f"{where}: {group['name']}'s items add up to {group['points']}, but the hand's row gives "
            f"{row[column]} (the sheet's last row {sheet[column]})", group)
        unknown = [item["rule"] for item in group["items"] if item["rule"] not in rules]
        assert not unknown, f"{where}: items cite rules that are no anchor of the game's page: {unknown}"
    final = getattr(state, "final", None)
    if state.is_over and final:
        bonuses = part.get("bonuses") or []
        for column, group in enumerate(bonuses):
            assert sum(item["points"] for item in group["items"]) == group["points"] == final[column] - now[column], \
                (where, group, final)
        assert bonuses or list(final) == now, (where, final)
    return now


def play_checked(game_id, seed, bot_kind, full_every=0, seats=None):
    """Play one seeded bot game to the end (with ``seats`` players, or the
    game's default), checking the contract at every step (past
    CHECK_EVERY_STEP_UNTIL, at a sample of them) and the heavy checks every
    ``full_every`` moves; the game's stated bound on its length at every step.
    Returns the final state."""
    from rules_engine.bots import make_bot

    state = rules_engine.load_game(game_id).new(seed=seed, seats=seats)
    bots = [make_bot(bot_kind, f"{seed}/{seat}") for seat in range(state.seats)]
    step, bound = 0, state.move_bound()   # the first state's, which bounds the whole game
    # The hand ends whose scoring kept its items (a game that keeps none yet is not checked here).
    written, tallied = [0] * people_columns(state.spec.scoring, state.seats), None
    while True:
        if step < CHECK_EVERY_STEP_UNTIL or step % SAMPLE_EVERY == 0 or state.is_over:
            check_step(state, step)
        tally = state.__dict__.get("hand_tally")
        if tally is not None and tally is not tallied:
            tallied, written = tally, check_hand_end(state, written)
        assert bound is None or step <= bound, f"{game_id} ({seed}): {step} moves, past its bound of {bound}"
        if full_every and step % full_every == 0:
            check_explain(state)
            check_no_mutation(state)
        if state.is_over:
            return state
        seat = state.to_act
        reacting = [s for s in range(state.seats) if s != seat and state.reactions(s)]
        # A real-time game: now and then a seat not asked reacts first, as reactions arrive in any order.
        other = reacting[step % len(reacting)] if reacting and step % 3 == 0 else None
        if other is not None and bot_kind == "random":
            seat, move = other, bots[other].rng.choice(state.view(other)["reactions"])
        elif other is not None and (planned := bots[other].react(state.view(other), other)):
            seat, move = other, planned[0]
        else:
            move = bots[seat].choose(state.view(seat))
        state = state.apply(move, seat=seat)
        step += 1
