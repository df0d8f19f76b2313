"""Yaniv's own rules: the discards a hand allows against a brute force over every order of its
cards, the order records keep, each refusal with its rule (the state unchanged), the draw from
either end of the previous discard only, the stock rebuilt, the call at five or less, the
penalty, the resets at 100 and 200, players out above 200, the dealer's rotation past them, the
game's end and its winners; whole games' scores recomputed independently from their hands;
the discard built step by step; the score pad's rows."""

import random
from itertools import permutations

import pytest

import rules_engine
from conformance import check_step, refused
from rules_engine.bots import HeuristicBot, RandomBot, play_out
from rules_engine.cards import format_cards, make_deck, parse_cards
from rules_engine.errors import NotationError
from rules_engine.games.yaniv import (MAX_HANDS, ROUND_LIMIT, canonical, discard_kind, discards, hand_row,
                                      hand_value)
from rules_engine.scoring import ScoreError, score_row
from ends import first_hand_end, played_to_end

# The shared conformance suite (tests/test_conformance.py) plays fewer of this game's games a batch
# than of most: a game runs to some 30 hands, 1,300 moves for the bots and 700 to 1,900 for random
# players; this file recomputes whole games' scores.
CONFORMANCE_GAMES_PER_BATCH = {"random": 1, "heuristic": 1}

YANIV = rules_engine.load_game("yaniv")


def position(hands, previous="5S", turn=1, phase="discard", points=None, active=None, stock=20, seats=None):
    """A hand set up as given; the stock and the older discards hold the cards no one holds."""
    state = YANIV.new(seed=1, seats=seats or len(hands))
    state.hands = [parse_cards(h) for h in hands]
    state.previous = tuple(parse_cards(previous))
    left = make_deck("54")
    for card in [c for h in state.hands for c in h] + list(state.previous):
        left.remove(card)
    state.stock, state.pile = left[:stock], left[stock:]
    state.turn, state.phase, state.fresh = turn, phase, ()
    if points is not None:
        state.points = tuple(points)
    if active is not None:
        state.active = tuple(active)
    return state


def moves(state):
    return [m.text for m in state.legal_moves()]


def test_the_discards_of_a_hand_are_every_single_set_and_run_in_any_order():
    rng = random.Random(3)
    deck = make_deck("54") + make_deck("54")
    for _ in range(600):
        hand = rng.sample(deck, rng.randint(1, 5))
        brute = {canonical(p) for k in range(1, len(hand) + 1) for p in permutations(hand, k) if discard_kind(list(p))}
        assert set(discards(hand)) == brute, format_cards(hand)


def test_a_discard_is_recorded_in_one_order():
    state = position(["3S 3H 7D QD KC", "AC 8D 9D TD JD"])
    assert state.parse_move("discard JD TD 9D 8D").text == "discard 8D 9D TD JD"
    three = position(["3S 3H 3D QD KC", "AC 8D 9D TD JD"], turn=0)
    sets = [m for m in moves(three) if m.count("3") == 3]
    # A set of three: which card lies between the two the next player may take.
    assert sets == ["discard 3S 3D 3H", "discard 3S 3H 3D", "discard 3H 3S 3D"]
    assert three.parse_move("discard 3D 3H 3S").text == "discard 3S 3H 3D"


def test_refusals_name_their_rule_and_leave_the_state_as_it_was():
    state = position(["3S 3H 7D QD KC", "AC 8D 9D TD JK"])
    assert "you discard first" in refused(state, "draw", "play.discard-first")
    assert refused(state, "take 5S", "play.discard-first")
    assert "no Yaniv" in refused(state, "yaniv", "play.yaniv")
    assert "you do not hold" in refused(state, "discard KS", "play.discard-first")
    assert "wild in runs only" in refused(state, "discard AC JK", "play.joker")
    assert refused(state, "discard 8D 9D AC", "play.set")
    assert "in order" in refused(state, "discard 8D TD 9D JK", "play.run")
    assert refused(state, "discard AC 8D", "play.set")
    kings = position(["3S 3H 7D QD KC", "AS QS KS 2C 4C"])
    assert "Q-K-A" in refused(kings, "discard QS KS AS", "play.run")
    drawing = state.apply("discard 8D 9D TD JK")
    assert "now draw," in refused(drawing, "discard AC", "play.draw")
    assert "the 5♠" in refused(drawing, "take 9D", "play.draw")
    two_jokers = position(["3S 3H 7D QD KC", "JK JK 4C 5D 9H"])
    assert "alone" in refused(two_jokers, "discard JK JK", "interpretation.joker-set")


def test_the_next_player_takes_the_first_or_last_card_of_a_run_only():
    state = position(["3S 3H 7D QD KC", "AC 8D 9D TD JD"], previous="5S")
    state = state.apply("discard 8D 9D TD JD")
    assert moves(state) == ["draw", "take 5S"]
    state = state.apply("take 5S").apply("discard KC")
    assert moves(state) == ["draw", "take 8D", "take JD"]
    reason = refused(state, "take 9D", "play.draw")
    assert "the 8♦ or the J♦" in reason
    after = state.apply("take JD")
    assert parse_cards("JD")[0] in after.hands[0]
    assert after.pile[-3:] == parse_cards("8D 9D TD") and after.previous == tuple(parse_cards("KC"))


def test_an_empty_stock_is_rebuilt_from_the_older_discards():
    state = position(["3S 3H 7D QD KC", "AC 8D 9D TD JD"], stock=1)
    older = len(state.pile)
    state = state.apply("discard 8D 9D TD JD").apply("draw")
    assert len(state.stock) == older + 1 and not state.pile   # the turned-up 5♠ too
    assert state.previous == tuple(parse_cards("8D 9D TD JD"))


@pytest.mark.parametrize("hands, expected", [
    (("AS 2S", "5C 7C", "KH KD 5H"), (0, 12, 25)),    # lowest: the caller scores nothing
    (("AS 2S", "AH 2H", "KH KD 5H"), (0, 3, 25)),     # a tie is no lower hand (interpretation.tie)
    (("2S 2D", "AH AD", "KH KD 5H"), (34, 2, 25)),    # a lower hand: the caller scores 4 and 30
])
def test_a_call_scores_the_hands_and_the_penalty(hands, expected):
    state = position(hands, turn=0)
    ended = state.apply("yaniv")
    assert ended.hand_results[-1][1] == expected and ended.points == expected
    assert ended.hand_number == 2 and ended.dealer == 1 and ended.to_act == 2


def test_totals_of_exactly_100_and_200_fall_back_and_players_above_200_are_out():
    state = position(["AS 2S", "KH KD", "5C 5D", "QH JH KS"], turn=0, points=(0, 80, 195, 150))
    ended = state.apply("yaniv")
    assert ended.points == (0, 50, 205, 180)
    assert ended.hand_results[-1][1] == (0, -30, 10, 30)
    assert ended.active == (0, 1, 3) and not ended.is_over
    assert len(ended.hands[2]) == 0 and ended.dealer == 1 and ended.to_act == 3   # seat 2 is skipped
    lines = ended.table(None)["interlude"]["lines"]
    assert any("exactly 100, which falls to 50" in line for line in lines)
    assert any("above 200, and is out" in line for line in lines)
    items = [[(i["label"], i["points"], i["rule"]) for i in g["items"]] for g in ended.hand_tally]
    assert items[1] == [("Cards held", 20, "scoring.hand"), ("Exactly 100: down to 50", -50, "scoring.reset")]
    assert items[2] == [("Cards held", 10, "scoring.hand")]
    again = position(["AS 2S", "KH KD", "QH JH KS"], turn=0, points=(10, 180, 10), seats=3)
    assert again.apply("yaniv").points == (10, 100, 40)


def test_the_last_player_left_wins_and_players_all_out_at_once_go_to_the_lowest():
    last = position(["AS 2S", "KH KD", "5C 5D"], turn=0, points=(150, 190, 300), active=(0, 1), seats=3)
    ended = last.apply("yaniv")
    assert ended.is_over and ended.winners == (0,) and ended.active == (0,)
    assert ended.table(None)["result"] == "Seat 0 is the last player left and wins, with 150 points."
    fail = position(["4S AS", "AH 2C", "QH QD"], turn=0, points=(199, 200, 300), active=(0, 1), seats=3)
    out = fail.apply("yaniv")   # seat 1 counts 3 < 5: seat 0 scores 35 (234), seat 1 3 (203)
    assert out.points[:2] == (234, 203) and out.is_over and out.winners == (1,) and out.active == ()
    assert "went out together" in out.table(None)["result"]


def test_a_hands_end_shows_each_players_cards_and_the_call_item_by_item():
    # first_hand_end checks that the items add up to the hand's row of the sheet, under the page's rules.
    end = first_hand_end(YANIV.new(seed=3))
    assert end["ended"] == "Seat 3 called Yaniv with 3."
    shown = {z["owner"]: z["cards"] for z in end["zones"]}
    for group in end["breakdown"]:
        (item,) = group["items"]
        assert item["cards"] == shown[group["seats"][0]]
    assert end["breakdown"][3]["items"][0]["label"] == "Yaniv: nobody counts less"
    failed = position(["2S 2D", "AH AD", "KH KD 5H"], turn=0).apply("yaniv").hand_tally[0]
    assert [(i["label"], i["points"], i["cards"]) for i in failed["items"]] == [
        ("Cards held", 4, ["2S", "2D"]), ("A lower hand: the call fails", 30, [])]


def test_a_hand_without_a_call_ends_after_the_turn_limit():
    state = position(["3S 3H 7D QD KC", "AC 8D 9D TD JD"], turn=0)
    state.turns = ROUND_LIMIT * 2 - 1
    ended = state.apply("discard KC").apply("draw")
    assert ended.hand_number == 2
    shown = ended.hand_end[2]
    assert ended.hand_results[-1][1] == ended.points == tuple(hand_value(h) for h in shown)
    assert shown[1] == parse_cards("AC 8D 9D TD JD") and len(shown[0]) == 5
    assert "rounds without a call" in ended.said


def recomputed(final):
    """Each hand's row and the game's winners worked out again from the record's moves and the
    hands shown at each hand's end (every hand lies face up then)."""
    totals, active = [0] * final.seats, list(range(final.seats))
    for state in rules_engine.replay(final.record):
        ended = state.__dict__.get("hand_end")
        if not ended:
            continue
        number, _, hands, playing = ended[:4]
        assert list(playing) == active
        counts = [sum(0 if c.is_joker else min("A23456789TJQK".index(c.rank) + 1, 10) for c in h) for h in hands]
        text, seat = state.last_move
        caller = seat if text == "yaniv" else None
        won = [counts[s] if s in active else 0 for s in range(final.seats)]
        if caller is not None:
            if any(counts[s] < counts[caller] for s in active if s != caller):
                won[caller] += 30
            else:
                won[caller] = 0
        for s in active:
            totals[s] += won[s]
            totals[s] = {100: 50, 200: 100}.get(totals[s], totals[s])
        active = [s for s in active if totals[s] <= 200]
    return tuple(totals), active


@pytest.mark.parametrize("seats", [2, 3, 5])
def test_whole_games_score_as_recomputed(seats):
    final = play_out(YANIV.new(seed=seats, seats=seats), [HeuristicBot(seats * 10 + s) for s in range(seats)])
    totals, active = recomputed(final)
    assert final.points == totals and list(final.active) == active
    assert final.is_over and (len(active) == 1 and final.winners == tuple(active) or not active)
    assert final.hand_number < MAX_HANDS


def test_random_games_end_within_their_bound():
    for seed in range(2):
        state = YANIV.new(seed=seed, seats=2 + seed * 3)
        final = play_out(state, [RandomBot(seed * 7 + s) for s in range(state.seats)])
        assert final.is_over and len(final.moves_made) <= state.move_bound()


def test_the_dealer_passes_left_past_players_who_are_out():
    state = YANIV.new(seed=4, seats=4)
    dealers = []
    while not state.is_over:
        if not dealers or state.hand_number != dealers[-1][0]:
            dealers.append((state.hand_number, state.dealer, state.active))
            check_step(state)
        state = state.apply(HeuristicBot(1).choose(state.view(state.to_act)))
    skipped = 0
    for (_, dealer, _), (_, after, active) in zip(dealers, dealers[1:]):
        expected = (dealer + 1) % 4
        while expected not in active:
            expected = (expected + 1) % 4
            skipped += 1
        assert after == expected
    assert skipped   # the deal went past a player who was out


def test_a_discard_is_built_card_by_card():
    state = position(["3S 3H 7D QD KC", "JK 8D 9D TD 3C"])
    answer = state.choose(["9D"])
    assert set(answer["next"]) == {"JK", "8D", "TD"}
    assert answer["finish"] == [{"move": "discard 9D", "button": "Discard 9♦"}]
    finish = state.choose(["9D", "TD", "JK"])["finish"]
    assert [f["move"] for f in finish] == ["discard JK 9D TD", "discard 9D TD JK"]
    assert state.choose(["3C", "8D"])["refused"]["rule"] == "play.set"
    with pytest.raises(NotationError, match="picked 3 times: the pack holds 2 of it"):
        state.choose(["JK", "JK", "JK"])
    table = state.table(1)
    assert {"move": "yaniv", "card": None, "to": None} not in table["moves"]
    # Two equal cards (the pack's two jokers) are picked one after the other, each at its own place.
    double = position(["3S 3H 7D QD KC", "JK JK 8D 2C 3C"])
    assert "JK" in double.choose(["JK"])["next"]
    assert "discard JK JK 8D" in [f["move"] for f in double.choose(["JK", "8D", "JK"])["finish"]]
    places = double.table(1, picked=["JK"])["selection"]["places"]["JK"]
    assert places == [["hand-1", 0], ["hand-1", 1]]


def test_two_packs_build_a_discard_of_two_equal_cards():
    state = rules_engine.load_game("yaniv", packs=2).new(seed=0, seats=5)
    assert "discard 9C 9C" in [m.text for m in state.legal_moves()]
    assert state.choose(["9C"])["next"] == ["9C"]
    assert [f["move"] for f in state.choose(["9C", "9C"])["finish"]] == ["discard 9C 9C"]
    check_step(state)   # every built move built card by card (conformance's check_selection)


def test_the_score_pads_rows_follow_the_engine():
    row = score_row("yaniv", {"caller": 0, "counts": [4, 3, 12]}, columns=3)
    assert row["points"] == [34, 3, 12] and row["rule"] == "scoring.assaf"
    row = score_row("yaniv", {"caller": 2, "counts": [20, 30, 1]}, context={"totals": [80, 170, 5]}, columns=3)
    assert row["points"] == [-30, -70, 0] and row["state"] == {"totals": [50, 100, 5]}
    assert score_row("yaniv", {"caller": None, "counts": [7, 8]})["points"] == [7, 8]
    with pytest.raises(ScoreError):
        hand_row(None, {"caller": 0, "counts": [9, 3]}, {})
    with pytest.raises(ScoreError):
        hand_row(None, {"caller": 0, "counts": [1, 3]}, {"totals": [250, 3]})


def test_a_default_game_ends_as_its_text_says():
    final = played_to_end("yaniv")
    # Players above 200 are out; the last one left wins, or, when the last ones all go out in one
    # hand, the lowest of them; after 100 hands the lowest total still in.
    out = [s for s in range(final.seats) if final.points[s] > 200]
    assert tuple(final.active) == tuple(s for s in range(final.seats) if s not in out)
    if len(final.active) == 1:
        assert final.winners == tuple(final.active)
    elif not final.active:
        rows = final.hand_results[-1][1]
        last = [s for s in out if final.points[s] - rows[s] <= 200]
        assert final.winners == tuple(s for s in last if final.points[s] == min(final.points[t] for t in last))
    else:
        assert final.hand_number == 100
        assert final.winners == tuple(s for s in final.active
                                      if final.points[s] == min(final.points[t] for t in final.active))
