"""Kaiser's own rules: the pack, one round of bidding with the dealer's right
to equal, "no" bids, misdeals, the dealer's forced bid, the scoring of
declarers (the text's and the common rule) and defenders (with the rule above
45), and the game's end: at 52, after the last hand, and at −52 only with the option."""

import pytest

import rules_engine
from rules_engine import IllegalMoveError
from rules_engine.bots import HeuristicBot, RandomBot, play_out
from rules_engine.cards import format_cards, make_deck
from rules_engine.game import ALL
from rules_engine.games.kaiser import DRAW, LAST_HAND, game_winner, hand_value, may_call_misdeal, score_hand
from ends import hand_ends_explained, played_to_end, sides

KAISER = rules_engine.load_game("kaiser")
MINUS_52 = rules_engine.load_game("kaiser", minus_52=True)


def deal(hands):
    """The deck whose deal gives seat s ``hands[s]`` (seat 0 deals: card i goes to seat (i + 1) % 4)."""
    split = {seat: text.split() for seat, text in hands.items()}
    return " ".join(split[(i + 1) % 4][i // 4] for i in range(32))


WEAK = {1: "7C 8C 9D TD 8H 9H TS 8S", 2: "AS KS QS JS 9S AH KH QH", 3: "JH TH 7D 8D 9C TC AD KD",
        0: "3S 5H QD JD AC KC QC JC"}


def test_the_first_dealer_is_cut_for():
    dealers = {KAISER.new(seed=seed).dealer for seed in range(12)}
    assert dealers == {0, 1, 2, 3}
    state = KAISER.new(seed=6)
    assert state.dealer == 0 and state.cut[0].text == "AS"


def test_the_pack_and_the_deal():
    assert sorted(c.text for c in make_deck("kaiser-32")) == sorted(
        [r + s for s in "SHDC" for r in "89TJQKA"] + ["7C", "7D", "5H", "3S"])
    state = KAISER.new(seed=6)
    assert [len(h) for h in state.play.hands] == [8] * 4 and state.to_act == 1 and state.phase == "bid"


def test_one_round_of_bidding_no_bids_rank_above_and_the_dealer_may_equal():
    state = KAISER.new(seed=6).apply("bid 7")
    assert state.explain("bid 7").rule == "bidding.round"
    for out_of_range in ("bid 5", "bid 13"):
        assert state.explain(out_of_range) == ("a bid is from 6 to 12 points, not " + out_of_range[4:], "bidding.round")
    state = state.apply("bid 7 no")  # "7 no" tops 7
    before = state.view(ALL)
    with pytest.raises(IllegalMoveError, match="top the high bid of 7 no"):
        state.apply("bid 7")
    assert state.view(ALL) == before
    state = state.apply("pass")
    assert state.to_act == 0 == state.dealer
    assert "bid 7 no" in [m.text for m in state.legal_moves()] and "bid 7" not in [m.text for m in state.legal_moves()]
    state = state.apply("bid 7 no")  # the dealer takes it over by equalling it
    assert state.contract == (0, (7, True), 0)
    assert state.phase == "play" and state.play.trump is None  # no trumps: nothing to name


def test_the_high_bidder_names_trumps_and_the_dealers_left_leads():
    state = KAISER.new(seed=6)
    for move in ("pass", "bid 6", "pass", "pass"):
        state = state.apply(move)
    assert state.phase == "trumps" and state.to_act == 2
    assert state.explain("play " + state.play.hands[1][0].text).rule == "bidding.trumps"
    state = state.apply("trumps spades")
    assert state.play.trump == "S" and state.to_act == 1


def test_a_misdeal_is_called_in_turn_and_the_same_dealer_deals_again():
    state = KAISER.new(seed=3, decks={"hand-1": deal(WEAK)})
    assert may_call_misdeal(state.play.hands[1]) and "misdeal" in [m.text for m in state.legal_moves()]
    state = state.apply("pass")
    assert state.explain("misdeal").rule == "setup.misdeal"
    redealt = KAISER.new(seed=3, decks={"hand-1": deal(WEAK)}).apply("misdeal")
    assert redealt.dealer == 0 and redealt.hand_number == 1 and redealt.calls == ()
    assert redealt.play.hands != KAISER.new(seed=3, decks={"hand-1": deal(WEAK)}).play.hands
    assert redealt.table(0)["last"] == "Seat 1 calls a misdeal; the same dealer deals again."


def test_when_the_other_three_pass_the_dealer_must_bid():
    """interpretation.all-pass"""
    state = KAISER.new(seed=6)
    for _ in range(3):
        state = state.apply("pass")
    assert state.to_act == state.dealer == 0
    moves = [m.text for m in state.legal_moves()]
    assert "pass" not in moves and moves[:2] == ["bid 6", "bid 6 no"] and moves[-1] == "bid 12 no"
    assert state.explain("pass") == ("the other three have passed, so the dealer must bid", "interpretation.all-pass")
    before = state.view(ALL)
    with pytest.raises(IllegalMoveError, match="dealer must bid"):
        state.apply("pass")
    assert state.view(ALL) == before
    state = state.apply("bid 6")
    assert state.contract == (0, (6, False), 0) and state.phase == "trumps"
    # A dealer whose hand allows it may still call a misdeal instead.
    weak = KAISER.new(seed=3, decks={"hand-1": deal({0: WEAK[1], 1: WEAK[0], 2: WEAK[2], 3: WEAK[3]})})
    for _ in range(3):
        weak = weak.apply("pass")
    assert weak.to_act == 0 and [m.text for m in weak.legal_moves()][-1] == "misdeal"
    # One pass before the dealer is no reason to bid.
    assert "pass" in [m.text for m in KAISER.new(seed=6).apply("bid 6").apply("pass").apply("pass").legal_moves()]


def test_the_value_of_a_sides_tricks():
    assert hand_value(set(), 0) == 0
    assert hand_value({make_deck("kaiser-32")[0]}, 3) == 3
    from rules_engine.cards import parse_cards
    assert hand_value(parse_cards("3S 8C 9C TC"), 1) == -2
    assert hand_value(parse_cards("5H 8C 9C TC"), 1) == 6


@pytest.mark.parametrize("values, declarers, bid, before, broken, change", [
    ((9, 4), 0, (8, False), (10, 20), "tricks", (9, 4)),       # made
    ((8, 5), 0, (8, True), (10, 20), "tricks", (16, 5)),       # made at no trumps: doubled
    ((7, 6), 0, (8, False), (10, 20), "tricks", (-7, 6)),      # broken: what the tricks are worth is lost
    ((7, 6), 0, (8, True), (10, 20), "tricks", (-14, 6)),      # broken at no trumps: twice that
    ((0, 10), 0, (6, False), (10, 20), "tricks", (0, 10)),     # tricks worth nothing cost nothing
    ((12, -2), 1, (6, True), (10, 20), "tricks", (12, -4)),    # worth less than nothing: lost as it is
    ((7, 6), 0, (8, False), (10, 20), "bid", (-8, 6)),         # the common rule: the bid is lost
    ((7, 6), 0, (8, True), (10, 20), "bid", (-16, 6)),         # twice the bid at no trumps
    ((12, -2), 1, (6, False), (10, 20), "bid", (12, -6)),
    ((9, 4), 0, (8, False), (10, 46), "tricks", (9, 0)),       # defenders above 45 gain nothing
    ((9, 4), 0, (8, False), (10, 45), "tricks", (9, 4)),       # at 45 they still do
    ((12, -2), 0, (8, False), (10, 47), "tricks", (12, -2)),   # a negative hand counts even above 45
])
def test_declarers_and_defenders_scores(values, declarers, bid, before, broken, change):
    assert score_hand(values, declarers, bid, before, broken) == change


def test_the_broken_contract_option_scores_the_issues_hand_both_ways():
    """interpretation.broken-contract: seed 1, bid 12 in spades, every player's first legal card."""
    results = {}
    for broken in ("tricks", "bid"):
        state = rules_engine.load_game("kaiser", broken_contract=broken).new(seed=1)
        for move in ("bid 12", "pass", "pass", "pass", "trumps spades"):
            state = state.apply(move)
        while state.hand_number == 1:
            state = state.apply(state.legal_moves()[0])
        results[broken] = state.game_scores
        assert state.record.options == ({} if broken == "tricks" else {"broken_contract": "bid"})
    assert results == {"tricks": (-2, 8), "bid": (-12, 8)}


def test_the_game_ends_at_52_with_the_higher_score_and_plays_on_when_level():
    assert game_winner((52, 10)) == 0 and game_winner((60, 61)) == 1
    assert game_winner((51, 51)) is None and game_winner((52, 52)) is None
    # The text plays on "until one team reaches a score of 52 or more": a side far below nothing too.
    assert game_winner((-52, 30)) is None and game_winner((10, -60)) is None and game_winner((60, -60)) == 0


def test_the_minus_52_option_also_ends_the_game_at_minus_52():
    assert game_winner((-52, 30), True) == 1 and game_winner((10, -60), True) == 0
    assert game_winner((-51, 51), True) is None and game_winner((-55, -53), True) == 1
    assert game_winner((-53, -53), True) is None and game_winner((60, -60), True) == 0
    assert [o.default for o in KAISER.spec.options if o.name == "minus_52"] == [False]


def test_whole_games_rotate_the_deal_and_end_as_the_text_says():
    for seed in range(4):
        state = KAISER.new(seed=f"whole-{seed}")
        final = play_out(state, [HeuristicBot(seat) for seat in range(4)])
        scores = final.game_scores
        assert max(scores) >= 52 and scores[0] != scores[1]
        assert final.winners == ((0, 2) if scores[0] > scores[1] else (1, 3))
        assert final.scores.game == (scores[0], scores[1], scores[0], scores[1])
        assert [sum(col) for col in zip(*[points for _, points, _ in final.hand_results])] == list(scores)
        assert final.hand_number == len(final.hand_results)
        assert final.dealer == (state.dealer + final.hand_number - 1) % 4
        assert final.table(0)["result"].endswith(f"win the game with {max(scores)}.")


def test_sides_that_keep_breaking_their_contracts_play_on_to_the_last_hand():
    """Players who always make the last legal move (the dealer bids 12 no) sink below −52 and play
    on: by default the game ends only at 52 or after the last hand; with the option, at −52."""
    state = KAISER.new(seed=1)
    while not state.is_over:
        state = state.apply(state.legal_moves()[-1])
    assert state.hand_number == LAST_HAND and max(state.game_scores) < -52 and state.winners == (1, 3)
    assert state.table(0)["result"] == f"Seat 1 and Seat 3 win the game with −480, after {LAST_HAND} hands."
    final = play_out(KAISER.new(seed=1), [RandomBot(seat) for seat in range(4)])
    assert final.is_over and (max(final.game_scores) >= 52 or final.hand_number == LAST_HAND)
    state = MINUS_52.new(seed=1)
    while not state.is_over:
        state = state.apply(state.legal_moves()[-1])
    assert state.hand_number == 23 and state.game_scores == (-44, -52) and state.winners == (0, 2)
    assert state.table(0)["result"] == "Seat 0 and Seat 2 win the game with −44; Seat 1 and Seat 3 fell to −52."
    assert state.record.options == {"minus_52": True}
    assert "a side at −52 loses" in state.table(0)["score"]["target"]
    assert "−52" not in KAISER.new(seed=1).table(0)["score"]["target"]


def at_last_hand(scores):
    """A game in its last hand, ``LAST_HAND``, with ``scores`` before it, bid 6 in spades by seat 1."""
    state = KAISER.new(seed=6)
    state.hand_number, state.game_scores = LAST_HAND, scores
    for move in ("pass", "bid 6", "pass", "pass", "trumps spades"):
        state = state.apply(move)
    return state


def test_a_game_not_over_after_the_last_hand_ends_there():
    """interpretation.last-hand: the higher score wins, level scores draw."""
    state = at_last_hand((10, 40))
    while not state.is_over:
        state = state.apply(state.legal_moves()[0])
    assert state.hand_number == LAST_HAND and max(state.game_scores) < 52
    high = 0 if state.game_scores[0] > state.game_scores[1] else 1
    assert state.winners == (high, high + 2)
    assert state.table(0)["result"].endswith(f"after {LAST_HAND} hands.")
    change = [b - a for a, b in zip((10, 40), state.game_scores)]
    level = at_last_hand((-change[0], -change[1]))
    while not level.is_over:
        level = level.apply(level.legal_moves()[0])
    assert level.game_scores == (0, 0) and level.winner == DRAW and level.winners == ()
    assert level.table(0)["result"] == f"After {LAST_HAND} hands the scores are level, 0 each: a draw."
    assert level.scores.game == (0, 0, 0, 0)


def test_the_bound_on_a_games_length_counts_the_misdeals_its_deals_allow_from_the_first_state():
    assert KAISER.new(seed=1).move_bound() == LAST_HAND * 37
    first = KAISER.new(seed=3, decks={"hand-1": deal(WEAK)})
    assert first.move_bound() == LAST_HAND * 37 + 4   # the weak hand may call a misdeal, once
    assert first.apply("misdeal").move_bound() == first.move_bound()


def test_the_heuristic_side_beats_random_players():
    wins = 0
    for i in range(20):
        state = KAISER.new(seed=f"bot-{i}")
        bots = [HeuristicBot(i) if seat % 2 == 0 else RandomBot(i * 4 + seat) for seat in range(4)]
        wins += 0 in play_out(state, bots).winners
    assert wins >= 16   # a random side's share is 10 of 20


def test_a_misdeal_hand_in_the_deck_text_is_a_whole_pack():
    assert sorted(deal(WEAK).split()) == sorted(format_cards(make_deck("kaiser-32")).split())


def test_a_default_game_ends_as_its_text_says():
    final = played_to_end("kaiser")
    # Play on until a side has 52 or more; the higher score wins.
    scores = final.game_scores
    assert max(scores) >= 52 and scores[0] != scores[1]
    assert final.winners == sides(0 if scores[0] > scores[1] else 1)


def test_each_hands_end_shows_the_tricks_and_the_two_special_cards_item_by_item():
    # hand_ends_explained checks that the items add up to the hand's row of the sheet.
    items = [item for shown in hand_ends_explained("kaiser") for side in shown for item in side["items"]]
    five, three = ([item for item in items if item["cards"] == [card]] for card in ("5H", "3S"))
    assert five and three
    assert {item["points"] for item in five} <= {5, 10} and {item["points"] for item in three} <= {-3, -6}
    assert any(item["rule"] == "interpretation.broken-contract" for item in items)
