"""Ristiseiska's own rules: the 7♣ first, the rows built out from the 7s,
the duty to play, the pass on a first turn, begging and the gift chosen by
the player on the right (seen only by the two of them), one-card hands
skipped, the false beg refused with its rule, and the first out winning."""

import random

import pytest

import rules_engine
from conformance import check_step, snapshot
from rules_engine.bots import HeuristicBot, RandomBot, play_out
from rules_engine.cards import ACES_LOW, parse_card, parse_cards
from rules_engine.errors import IllegalMoveError
from rules_engine.families.layout import SuitRows
from rules_engine.games.ristiseiska import bot as ristiseiska_bot
from rules_engine.games.ristiseiska import GIFT_LIMIT, giver_for
from ends import played_to_end

RISTI = rules_engine.load_game("ristiseiska")


def refused(state, move, rule):
    before = snapshot(state)
    with pytest.raises(IllegalMoveError) as info:
        state.apply(move)
    assert info.value.rule == rule, info.value
    assert snapshot(state) == before
    return info.value.reason


def opening(seed=7):
    state = RISTI.new(seed=seed)
    for move in ["play 7C", "pass", "play 8C", "play 7H", "play 6H"]:
        state = state.apply(move)
    return state


def test_the_seven_of_clubs_opens_and_its_holder_plays_first():
    for seats in (3, 4, 5):
        state = RISTI.new(seed=seats, seats=seats)
        assert parse_card("7C") in state.hands[state.to_act]
        assert [m.text for m in state.legal_moves()] == ["play 7C"]
        assert sum(map(len, state.hands)) == 52
        check_step(state)


def test_rows_open_with_a_seven_and_grow_one_card_at_a_time_both_ways():
    rows = SuitRows(ranks=ACES_LOW, start="7")
    assert not rows.can_take(parse_card("6C"))
    rows = rows.add(parse_card("7C"))
    assert [rows.can_take(parse_card(t)) for t in ("6C", "8C", "5C", "9C", "7D", "6D")] == [
        True, True, False, False, True, False]
    for text in "6C 5C 4C 3C 2C AC".split():
        rows = rows.add(parse_card(text))
    assert rows.is_closed("C", "low") and not rows.is_closed("C", "high")
    assert rows.steps_to(parse_card("TC")) == 2 and rows.steps_to(parse_card("4H")) == 3
    assert SuitRows.from_json(ACES_LOW, "7", rows.to_json()) == rows


def test_a_player_who_can_play_must_and_a_false_beg_is_refused_with_its_rule():
    state = RISTI.new(seed=7).apply("play 7C").apply("pass")
    assert [m.text for m in state.legal_moves()] == ["play 8C"]
    assert "must play" in refused(state, "pass", "play.must-play")
    assert "false beg" in refused(state, "beg", "play.false-beg")
    assert "cannot go on the layout" in refused(state, "play AD", "play.layout")
    assert "not in your hand" in refused(state, "play 7H", "play.turn")


def test_unable_on_the_first_turn_passes_and_later_begs():
    state = RISTI.new(seed=7).apply("play 7C")
    assert [m.text for m in state.legal_moves()] == ["pass"]
    assert refused(state, "beg", "play.first-turn")
    state = opening()
    assert state.to_act == 3 and [m.text for m in state.legal_moves()] == ["beg"]
    assert refused(state, "pass", "play.beg")


def test_the_player_on_the_right_chooses_the_gift_and_only_the_two_of_them_see_it():
    state = opening().apply("beg")
    assert state.to_act == 2 and len(state.legal_moves()) == len(state.hands[2])
    assert refused(state, "play 5H", "play.beg")
    before = [len(h) for h in state.hands]
    state = state.apply("give KH")
    assert [len(h) for h in state.hands] == [before[0], before[1], before[2] - 1, before[3] + 1]
    assert parse_card("KH") in state.hands[3] and state.to_act == 0
    assert "K♥" in state.table(3)["last"] and "K♥" in state.table(2)["last"]
    for seat in (0, 1, None):
        assert "K♥" not in state.table(seat)["last"]
    check_step(state)


def test_one_card_hands_are_skipped_and_nobody_able_to_give_means_a_pass():
    assert giver_for(2, [5, 1, 4, 3]) == 0
    assert giver_for(1, [1, 4, 1]) is None
    state = RISTI.new(seed=7, seats=3)
    state.layout = SuitRows(ranks=ACES_LOW, start="7").add(parse_card("7C"))
    state.hands = (tuple(parse_cards("KS")), tuple(parse_cards("2H 3H")), tuple(parse_cards("QD")))
    state.turn, state.had_turn = 1, frozenset({0, 1, 2})
    assert [m.text for m in state.legal_moves()] == ["pass"]
    assert refused(state, "beg", "interpretation.no-giver")


def test_the_first_player_out_wins():
    final = play_out(RISTI.new(seed=2), [HeuristicBot(s) for s in range(4)])
    assert final.winners == (3,) and final.hands[3] == () and final.scores.game == (0, 0, 0, 1)
    assert "wins" in final.table(None)["result"]
    for seats in (3, 5):
        state = RISTI.new(seed=seats, seats=seats)
        bots = [RandomBot(s) for s in range(seats)]
        while not state.is_over:
            state = state.apply(bots[state.to_act].choose(state.view(state.to_act)))
        assert sum(len(h) == 0 for h in state.hands) == 1


def test_the_bot_gives_the_card_furthest_from_the_layout():
    state = opening().apply("beg")
    give = ristiseiska_bot.choose(state.view(2), random.Random(1))
    assert give in ("give KH", "give QS")   # five cards must go down before either can


def test_the_bot_plays_towards_its_own_cards():
    state = RISTI.new(seed=7).apply("play 7C")
    state.hands = (state.hands[0], state.hands[1], state.hands[2], tuple(parse_cards("5C 6C 8C")))
    state.had_turn = frozenset({3})
    view = state.view(3)           # the 6♣ opens the way to its own 5♣; the 8♣ only to the others' clubs
    assert view["moves"] == ["play 6C", "play 8C"]
    assert ristiseiska_bot.choose(view, random.Random(1)) == "play 6C"


def late_position(hands, turn):
    """Three players holding ``hands`` (texts), every other card of the pack laid out, ``turn`` to act."""
    from rules_engine.cards import make_deck

    state = RISTI.new(seed=1, seats=len(hands))
    held = [parse_cards(h) for h in hands]
    inside = {c for hand in held for c in hand}
    layout = SuitRows(ranks=ACES_LOW, start="7")
    for card in sorted((c for c in make_deck("52") if c not in inside),
                       key=lambda c: (c.suit, abs(ACES_LOW.index(c) - ACES_LOW.index(parse_card("7C"))))):
        layout = layout.add(card)
    state.layout, state.turn = layout, turn
    state.hands = tuple(tuple(sorted(hand, key=ACES_LOW.sort_key)) for hand in held)
    state.had_turn = frozenset(range(len(hands)))
    return state


def test_a_card_given_round_for_ever_ends_the_deal_at_the_gift_limit():
    """interpretation.gift-limit: the 4♥ goes from hand to hand, always just after its taker's turn."""
    state = late_position(["4H AH", "2H", "3H"], turn=1)
    start = (state.hands, state.turn)
    for move in ["beg", "give 4H", "beg", "give 4H", "beg", "give 4H"]:
        state = state.apply(move)
    assert (state.hands, state.turn) == start and state.gifts == 3
    while not state.is_over:
        state = state.apply("beg" if state.begging is None else "give 4H")
    assert state.gifts == GIFT_LIMIT and state.layout.cards() == late_position(["4H AH", "2H", "3H"], 1).layout.cards()
    assert [len(h) for h in state.hands] == [1, 2, 1] and state.winners == (0, 2) and state.scores.game == (1, 0, 1)
    assert state.table(None)["result"] == "After 100 cards given, Seat 0, Seat 2, holding the fewest cards (1), share the win."
    assert state.table(None)["last"].endswith("That was card 100 given, the last: the fewest cards win.")
    assert len(state.record.moves) <= state.move_bound()
    check_step(state)


def test_a_default_game_ends_as_its_text_says():
    final = played_to_end("ristiseiska")
    # One deal: the first player out of cards wins.
    assert len(final.winners) == 1 and not final.hands[final.winners[0]] and final.gifts < 100


def test_the_deals_end_shows_the_winners_point_as_an_item_that_makes_the_score():
    final = play_out(RISTI.new(seed=3), [HeuristicBot(s) for s in range(4)])
    end = final.table(0)["interlude"]
    assert end["ended"] == f"Seat {final.winners[0]} is out of cards."
    assert [group["points"] for group in end["breakdown"]] == list(final.scores.hand)
    assert [item for group in end["breakdown"] for item in group["items"]] == [
        {"label": "Out of cards first", "points": 1, "rule": "scoring.winner", "cards": []}]
