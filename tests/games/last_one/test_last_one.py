"""Last One's own rules, and the Crazy Eights family's invariants checked on it: the deal, matching,
drawing, the stock rebuilt from the discards with every card kept, each special card, the first
upcard, the melee, the one-card call and its option, the scoring, players dropping out, the
last one left winning, the hand limit and the bot. The direction, skips and forced draws of
whole games are checked against an independent replay of the effects."""

import random

import pytest

import rules_engine
from conformance import check_step, refused
from rules_engine.bots import HeuristicBot, RandomBot
from rules_engine.cards import make_deck, parse_card, parse_cards
from rules_engine.errors import OptionError
from rules_engine.games.last_one import bot as last_one_bot
from rules_engine.games.last_one import LAST_HAND, card_points, hand_score, most_hands
from ends import first_hand_end, played_to_end
from family_tests import eights_position, heads_up_wins, turning_up

# The shared conformance suite (tests/test_conformance.py) plays fewer of this game's games a batch
# than of most: random players draw as often as they play, some 1,500 moves a game (300 for the
# bots); this file replays the effects of whole games independently.
CONFORMANCE_GAMES_PER_BATCH = {"random": 2, "heuristic": 5}

LAST_ONE = rules_engine.load_game("last-one")


def position(hands, up, stock="", discard="", turn=1, game=LAST_ONE, **fields):
    """A hand set up as given (``up`` the upcard, on top of ``discard``), ``turn`` to play."""
    return eights_position(game, hands, up, stock, discard, turn, **{"melee": None, "stands_for": None, **fields})


def moves(state):
    return [m.text for m in state.legal_moves()]


# ---- the deal and plain play ---------------------------------------------------------------------

def test_the_deal_the_cards_option_and_its_limit():
    for seats in range(2, 7):
        state = LAST_ONE.new(seed=seats, seats=seats)
        assert [len(h) for h in state.hands] == [7] * seats and len(state.discard) == 1
        assert len(state.stock) == 54 - 7 * seats - 1 and state.dealer == 0
        check_step(state)
    nine = rules_engine.load_game("last-one", cards=9).new(seed=1, seats=5)
    assert len(nine.hands[0]) == 9 and sum(map(len, nine.hands)) + len(nine.stock) + len(nine.discard) == 54
    with pytest.raises(OptionError, match="at most 8 with 6 players"):
        rules_engine.load_game("last-one", cards=9).new(seed=1, seats=6)


def test_a_card_must_match_the_upcard_by_suit_or_rank_or_the_player_draws():
    state = position(["2C 3C", "9S 5H KD 8D", "QC 4C", "TC 6C"], up="5S", stock="7D 7H")
    assert moves(state) == ["play 9S", "play 5H", "play 8D call spades", "play 8D call hearts",
                            "play 8D call diamonds", "play 8D call clubs", "draw"]
    assert "neither in suit nor in rank" in refused(state, "play KD", "play.match")
    assert "you do not hold" in refused(state, "play 2C", "play.turn")
    state = state.apply("draw")
    assert state.to_act == 2 and parse_card("7H") in state.hands[1] and state.table(2)["last"] == "Seat 1 draws a card."


def test_the_stock_is_rebuilt_from_the_discards_under_the_upcard_and_no_card_is_lost():
    state = position(["2C 3C", "9H 5H", "QC 4C", "TC 6C"], up="5S", stock="", discard="KD QD JD")
    state = state.apply("draw")
    assert state.up.text == "5S" and state.discard == [parse_card("5S")]
    assert len(state.hands[1]) == 3 and len(state.stock) == 2 and state.rebuilds == 1
    # Nothing under the upcard, nothing in the stock: pass.
    state = position(["2C 3C", "9H KH", "QC 4C", "TC 6C"], up="5S")
    assert moves(state) == ["pass"]
    assert refused(state, "draw", "play.draw")
    assert state.apply("pass").to_act == 2


def test_cards_are_conserved_and_the_effects_replay_independently_through_whole_games():
    """Each move's effect on the turn, the direction and the hands, recomputed from the move and the
    family's rules alone, agrees with the engine; every card of the 54 lies somewhere at every step,
    through every rebuild of the stock."""
    pack = sorted(c.text for c in make_deck("54"))
    rebuilds = 0
    for seed in range(6):
        seats = 2 + seed % 5
        state = LAST_ONE.new(seed=f"replay-{seed}", seats=seats)
        bots = [RandomBot(seed) if seed % 2 else HeuristicBot(seed) for _ in range(seats)]
        while not state.is_over:
            assert sorted(c.text for c in state._cards_in_play()) == pack
            move = state.parse_move(bots[state.to_act].choose(state.view(state.to_act)))
            after = state.apply(move)
            rebuilds += after.rebuilds > state.rebuilds
            if len(after.hand_results) == len(state.hand_results):
                expect_turn(state, move, after)
            state = after
    assert rebuilds > 0


def expect_turn(before, move, after):
    """The seat to act, direction and hand sizes after ``move``, from Last One's effects."""
    seat, active, direction = before.turn, before.active, before.direction

    def nxt(s, d, k=1):
        return active[(active.index(s) + d * k) % len(active)]

    sizes = [len(h) for h in before.hands]
    if move.kind == "draw" and before.phase == "play":
        assert after.turn == nxt(seat, direction) and len(after.hands[seat]) == sizes[seat] + 1
        return
    if move.kind == "pass" and before.phase in ("play", "again"):
        assert after.turn == nxt(seat, direction)
        return
    if not move.kind.startswith("play") or before.phase == "melee" or after.phase == "melee":
        return
    card = move.card
    left = sizes[seat] - 1 + (2 if after.options["forgetful"] and not move.kind.endswith("+said") and sizes[seat] == 2 else 0)
    assert len(after.hands[seat]) == left
    rank = "JK" if card.is_joker else card.rank
    if rank == "3":
        assert after.turn == seat and after.phase == "again"
    elif rank == "A":
        assert after.direction == -direction and after.turn == nxt(seat, -direction)
    elif rank == "J":
        assert after.turn == nxt(seat, direction, 2)
    elif rank == "2":
        victim = nxt(seat, direction)
        assert after.turn == nxt(seat, direction, 2)
        assert len(after.hands[victim]) == sizes[victim] + min(2, len(before.stock) + len(before.discard))
    else:
        assert after.turn == nxt(seat, direction) and after.direction == direction


# ---- the special cards ---------------------------------------------------------------------------

def test_a_two_makes_the_next_draw_two_and_lose_the_turn():
    state = position(["2C 3C", "2S 5H KH", "QC 4C", "TC 6C"], up="5S", stock="AD AH 7S")
    state = state.apply("play 2S")
    assert len(state.hands[2]) == 4 and state.to_act == 3
    assert state.table(None)["last"] == "Seat 1 plays the 2♠; Seat 2 draws 2 cards and is skipped."


def test_a_three_gives_a_free_card_of_any_kind_or_a_pass():
    state = position(["2C 3C", "3S KH QD", "QC 4C", "TC 6C"], up="5S").apply("play 3S")
    assert state.to_act == 1 and moves(state) == ["play KH last one", "play QD last one", "pass"]
    assert refused(state, "draw", "play.three")
    state = state.apply("play KH last one")
    assert state.up.text == "KH" and state.to_act == 2


def test_an_eight_goes_on_anything_and_calls_a_suit():
    state = position(["2C 3C", "8S KH QD", "QC 4C", "TC 6C"], up="5C").apply("play 8S call hearts")
    assert state.called == "H" and state.to_act == 2
    assert "suit called is hearts" in refused(state, "play QC", "play.eight")
    assert refused(position(["2C", "8S KH QD", "QC", "TC"], up="5C"), "play 8S", "play.eight")


def test_a_jack_skips_and_an_ace_reverses():
    assert position(["2C", "JS KH QD", "QC", "TC"], up="5S").apply("play JS").to_act == 3
    state = position(["2C", "AS KH QD", "QC", "TC"], up="5S").apply("play AS")
    assert state.direction == -1 and state.to_act == 0
    assert position(["2C", "AS KH QD"], up="5S", turn=1).apply("play AS").to_act == 0


def test_a_joker_goes_on_anything_as_any_natural_card_and_has_no_effect_of_its_own():
    state = position(["2C", "JK KH QD", "QC 2S", "TC"], up="5C")
    plays = [m for m in moves(state) if m.startswith("play JK")]
    assert len(plays) == 52 and "play JK as 2S" in plays
    state = state.apply("play JK as 2S")
    assert state.up.text == "2S" and state.to_act == 2 and len(state.hands[2]) == 2   # nobody draws
    assert moves(state)[0] == "play 2S last one"
    assert refused(position(["2C", "JK KH QD", "QC", "TC"], up="5C"), "play JK as JK", "play.joker")


def test_the_melee_goes_up_the_suit_by_anyone_and_the_last_defender_draws_the_pips():
    # Seat 1 plays the 4♠; seat 3 holds the 5♠, seat 1 the 6♠.
    state = position(["2C 9D", "4S 6S KH QD", "QC 3C", "5S TC 7H"], up="4H", stock="AC AD AH 2D 2H 3D 3H 7D 7C")
    state = state.apply("play 4S")
    assert state.phase == "melee" and state.to_act == 2 and moves(state) == ["pass"]
    state = state.apply("pass")
    assert state.to_act == 3 and moves(state) == ["play 5S", "pass"]
    state = state.apply("play 5S")             # seat 3 attacks; seat 1 defends and is asked first
    assert state.melee[:2] == (3, 1) and state.to_act == 1 and moves(state) == ["play 6S", "pass"]
    state = state.apply("play 6S")             # seat 1 attacks again; seat 3 defends
    assert state.melee[:2] == (1, 3) and state.to_act == 3
    for _ in range(3):                          # seats 3, 0 and 2 let it go
        state = state.apply("pass")
    assert state.phase == "play" and len(state.hands[3]) == 2 + 6 and state.to_act == 0
    assert state.up.text == "6S"
    assert "in the melee" in refused(position(["2C 9D", "4S KH 7D", "5S QC"], up="4H").apply("play 4S"), "play QC",
                                     "play.melee")


def test_the_first_upcard_acts_as_though_the_dealer_played_it():
    def first(card, seats=4):
        return turning_up(LAST_ONE, card, seats, 7)
    assert first("2S").to_act == 2 and len(first("2S").hands[1]) == 9
    assert first("JS").to_act == 2
    assert first("AS").to_act == 3 and first("AS").direction == -1
    assert first("3S").to_act == 0 and first("3S").phase == "again"
    assert first("4S").phase == "melee" and first("4S").melee[:2] == (0, 1)
    eight = first("8S")
    assert eight.to_act == 0 and moves(eight) == ["call spades", "call hearts", "call diamonds", "call clubs"]
    assert "call a suit" in refused(eight, "play " + eight.hands[0][0].text, "play.first-upcard")
    called = eight.apply("call clubs")
    assert called.called == "C" and called.phase == "play" and called.to_act == 1
    assert "suit called is clubs" in refused(called, "play " + next(c.text for c in called.hands[1]
                                                                   if c.suit != "C" and c.rank != "8" and not c.is_joker),
                                             "play.eight")
    joker = first("JK")
    named = joker.apply("name 7C")
    assert len(moves(joker)) == 52 and named.up.text == "7C" and named.phase == "play" and named.to_act == 1


# ---- the call and its option ---------------------------------------------------------------------

def test_the_last_one_call_is_part_of_the_move_that_leaves_one_card():
    state = position(["2C 3C", "9S 5H", "QC 4C", "TC 6C"], up="5S", stock="7D")
    assert moves(state) == ["play 9S last one", "play 5H last one", "draw"]
    assert "last one" in refused(state, "play 9S", "play.last-one")
    assert refused(position(["2C", "9S 5H KH", "QC", "TC"], up="5S"), "play 9S last one", "play.last-one")


def test_with_the_forgetful_option_a_forgotten_call_costs_two_cards():
    forgetful = rules_engine.load_game("last-one", forgetful=True)
    state = position(["2C 3C", "9S 5H", "QC 4C", "TC 6C"], up="5S", stock="AD AH 7S", game=forgetful)
    assert moves(state)[:2] == ["play 9S last one", "play 9S"]
    clicks = {c["move"]: c.get("choice") for c in state.table(1)["moves"]}
    assert clicks["play 9S"] == "say nothing" and clicks["play 9S last one"] == "say “last one”"
    after = state.apply("play 9S")
    assert len(after.hands[1]) == 3 and "did not say" in after.table(None)["last"]
    assert len(state.apply("play 9S last one").hands[1]) == 1


def test_each_move_from_a_card_carries_its_choice_for_the_table():
    state = position(["2C", "8S KH QD", "QC", "TC"], up="5C")
    clicks = [c for c in state.table(1)["moves"] if c["move"].startswith("play 8S")]
    assert [c["choice"] for c in clicks] == ["call spades", "call hearts", "call diamonds", "call clubs"]
    assert len({tuple(c["card"]) for c in clicks}) == 1 and all(c["to"] is None for c in clicks)
    assert "choice" not in [c for c in state.table(1)["moves"] if c["move"] == "pass"][0]


# ---- scoring and the end -------------------------------------------------------------------------

def test_card_values_and_a_hands_score():
    assert [card_points(c) for c in parse_cards("JK 8S AH KD QC JS TC 9H 2S")] == [40, 25, 15, 10, 10, 10, 10, 9, 2]
    assert hand_score(parse_cards("JK 8S 3D")) == 68 and hand_score(parse_cards("AS")) == 0


def test_the_hand_ends_when_a_player_goes_out_and_one_card_scores_nothing():
    state = position(["2C 3C", "9S", "QC", "TC 6C KH"], up="5S", turn=1)
    state = state.apply("play 9S")
    number, won, lines = state.hand_results[0]
    assert won == (5, 0, 0, 26) and state.points == (5, 0, 0, 26) and state.hand_number == 2 and state.dealer == 1


def test_players_drop_out_at_the_threshold_and_the_last_one_left_wins():
    state = position(["2C 3C", "9S", "QC", "TC 6C KH"], up="5S", turn=1, points=(250 - 5, 0, 100, 0))
    state = state.apply("play 9S")
    assert state.active == (1, 2, 3) and not state.is_over and state.dealer == 1
    assert [len(h) for h in state.hands] == [0, 7, 7, 7]
    state = position(["", "9S", "QC 8C", "TC 6C KH"], up="5S", turn=1, points=(260, 0, 220, 230),
                     active=(1, 2, 3))
    state = state.apply("play 9S")
    assert state.is_over and state.winners == (1,) and state.active == (1,)
    assert state.table(None)["result"] == "Seat 1 is the last one left and wins, with 0 points."


def test_interpretation_all_out_the_lowest_of_the_last_wins():
    # A hand of 400 moves ends with both players still in over the limit: the lower total wins.
    state = position(["QD 2D", "9S 7S", "QC 8C", "TC 6C KH"], up="5H", turn=2, points=(300, 300, 240, 240),
                     active=(2, 3), hand_moves=399)
    state = state.apply("pass")
    assert state.is_over and state.points[2:] == (275, 266) and state.winners == (3,) and state.active == ()
    assert "lowest total wins" in state.table(None)["result"]


def test_interpretation_blocked_a_round_of_passes_ends_the_hand():
    state = position(["2C 3C", "9H KH", "QC 4C", "TC 6C"], up="5S", turn=1)
    for seat in (1, 2, 3):
        state = state.apply("pass")
        assert state.hand_number == 1 and state.to_act == (seat + 1) % 4
    state = state.apply("pass")
    assert state.hand_results[0][1] == (5, 19, 14, 16) and state.hand_number == 2
    assert "blocked" in state.table(None)["last"]


def test_a_hand_of_400_moves_ends_with_nobody_out():
    state = position(["2C 3C", "9H KH", "QC 4C", "TC 6C"], up="5S", hand_moves=399)
    state = state.apply("pass")
    assert state.hand_results[0][1] == (5, 19, 14, 16) and state.hand_number == 2
    assert "400 moves" in state.table(None)["last"]


def test_the_move_bound_holds_for_players_that_always_draw():
    for seats in (2, 6):
        state = LAST_ONE.new(seed=seats, seats=seats)
        last = lambda s: s.legal_moves()[-1]   # noqa: E731 — draws whenever it may
        made = 0
        while not state.is_over:
            state = state.apply(last(state))
            made += 1
        assert made <= state.move_bound() and most_hands(seats, 250) * 400 <= state.move_bound()


def test_a_game_not_over_after_its_last_hand_ends_there():
    """interpretation.last-hand: the lowest total of those still in wins, above any game's hands."""
    assert LAST_HAND > most_hands(6, 500) == max(most_hands(n, t) for n in range(2, 7) for t in (100, 250, 500))
    state = LAST_ONE.new(seed=4, seats=3)
    state.hand_number, state.points = LAST_HAND, (100, 20, 60)
    while not state.is_over:
        state = state.apply(state.legal_moves()[0])
    assert state.hand_number == LAST_HAND and len(state.active) > 1
    lowest = min(state.points[s] for s in state.active)
    assert state.winners == tuple(s for s in state.active if state.points[s] == lowest)
    assert state.table(0)["result"].startswith(f"After {LAST_HAND:,} hands Seat ")
    assert state.move_bound() == LAST_HAND * 400


# ---- the bot -------------------------------------------------------------------------------------

def choice(state, seed=1):
    return last_one_bot.choose(state.view(state.to_act), random.Random(seed))


def test_the_bot_keeps_its_eight_for_later_and_always_says_last_one():
    state = position(["2C", "8S KH 5H", "QC", "TC"], up="5C")
    assert choice(state) == "play 5H"
    assert choice(position(["2C", "8S KH", "QC", "TC"], up="5C")).endswith("last one")


def test_the_bot_calls_the_suit_it_holds_most_of_and_plays_in_a_melee():
    state = position(["2C", "8S KH QH 3H 2C", "QC", "TC"], up="5D")
    assert choice(state) == "play 8S call hearts"
    state = position(["2C 9D", "4S KH QD", "QC 5S", "TC"], up="4H").apply("play 4S")
    assert choice(state) == "play 5S last one"


def test_the_bot_beats_random_players():
    assert heads_up_wins(LAST_ONE, 30) >= 20


def test_a_default_game_ends_as_its_text_says():
    final = played_to_end("last-one")
    # Players reaching the limit drop out; the last one left wins.
    threshold = final.options["out_at"]
    assert len(final.active) <= 1 and all(final.points[s] < threshold for s in final.active)
    if final.active:
        assert final.winners == tuple(final.active)
    else:  # the last players all dropped out in one hand: the lowest total of them wins
        last = final.dropped_last
        assert final.winners == tuple(s for s in last if final.points[s] == min(final.points[t] for t in last))
    assert sum(1 for p in final.points if p < threshold) == len(final.active)


def test_a_hands_end_shows_the_cards_left_that_score():
    end = first_hand_end(LAST_ONE.new(seed=3))
    items = [item for group in end["breakdown"] for item in group["items"]]
    assert items and all(item["label"] == "Cards left" and item["rule"] == "scoring.hand" for item in items)
    assert any(item["points"] and item["cards"] for item in items)
