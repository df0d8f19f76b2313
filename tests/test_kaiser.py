"""Kaiser's own rules: the pack, one round of bidding with the dealer's right
to equal, "no" bids, misdeals, a hand thrown in, the scoring of declarers and
defenders (with the rule above 45), the end at 52 and the hand limit."""

import pytest

import rules_engine
from rules_engine import IllegalMoveError
from rules_engine.bots import HeuristicBot, RandomBot, play_out
from rules_engine.cards import format_cards, make_deck
from rules_engine.game import ALL
from rules_engine.games.kaiser import game_winner, hand_value, may_call_misdeal, score_hand

KAISER = rules_engine.load_game("kaiser")


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


def test_when_all_four_pass_the_hand_is_thrown_in_and_the_deal_moves_on():
    state = KAISER.new(seed=6)
    for _ in range(4):
        state = state.apply("pass")
    assert state.hand_number == 2 and state.dealer == 1 and state.game_scores == (0, 0)
    assert state.hand_results[-1][2] == ("All four passed: thrown in",)
    assert "next player deals" in state.table(0)["last"]


def test_the_value_of_a_sides_tricks():
    assert hand_value(set(), 0) == 0
    assert hand_value({make_deck("kaiser-32")[0]}, 3) == 3
    from rules_engine.cards import parse_cards
    assert hand_value(parse_cards("3S 8C 9C TC"), 1) == -2
    assert hand_value(parse_cards("5H 8C 9C TC"), 1) == 6


@pytest.mark.parametrize("values, declarers, bid, before, change", [
    ((9, 4), 0, (8, False), (10, 20), (9, 4)),       # made
    ((8, 5), 0, (8, True), (10, 20), (16, 5)),       # made at no trumps: doubled
    ((7, 6), 0, (8, False), (10, 20), (-8, 6)),      # broken: the bid is lost
    ((7, 6), 0, (8, True), (10, 20), (-16, 6)),      # broken at no trumps: twice the bid
    ((9, 4), 0, (8, False), (10, 46), (9, 0)),       # defenders above 45 gain nothing
    ((9, 4), 0, (8, False), (10, 45), (9, 4)),       # at 45 they still do
    ((12, -2), 0, (8, False), (10, 47), (12, -2)),   # a negative hand counts even above 45
])
def test_declarers_and_defenders_scores(values, declarers, bid, before, change):
    assert score_hand(values, declarers, bid, before) == change


def test_the_game_ends_at_52_with_the_higher_score_and_plays_on_when_level():
    assert game_winner((52, 10)) == 0 and game_winner((60, 61)) == 1
    assert game_winner((51, 51)) is None and game_winner((52, 52)) is None


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


def test_the_hand_limit_ends_a_runaway_game_and_can_be_lifted():
    final = play_out(KAISER.new(seed=1), [RandomBot(seat) for seat in range(4)])
    assert final.is_over and final.hand_number == 60 and max(final.game_scores) < 52
    short = rules_engine.load_game("kaiser", hand_limit=30).new(seed=1)
    assert play_out(short, [RandomBot(seat) for seat in range(4)]).hand_number == 30


def test_the_heuristic_side_beats_random_players():
    wins = 0
    for i in range(20):
        state = KAISER.new(seed=f"bot-{i}")
        bots = [HeuristicBot(i) if seat % 2 == 0 else RandomBot(i * 4 + seat) for seat in range(4)]
        wins += 0 in play_out(state, bots).winners
    assert wins >= 16   # a random side's share is 10 of 20


def test_a_misdeal_hand_in_the_deck_text_is_a_whole_pack():
    assert sorted(deal(WEAK).split()) == sorted(format_cards(make_deck("kaiser-32")).split())
