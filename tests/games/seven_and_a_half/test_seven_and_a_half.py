"""Seven and a Half's own rules: the values (the wild K♦), stakes within the limits and their
refusals, bad input, the deal and the hole cards, the bust and its immediate loss, the two-card
7½ (its stand, its double pay, its precedence, the bank passing to the first holder on the
banker's left), the banker's play, ties pushing, the hand's settlement recomputed independently,
the game's end (its hands, a player out of chips), the banker chosen by draw or by option, and
the banking family's ledger."""

from fractions import Fraction

import pytest

import rules_engine
from conformance import refused
from rules_engine.bots import HeuristicBot, RandomBot, play_out
from rules_engine.cards import parse_cards
from rules_engine.errors import NotationError, OptionError, RulesError
from rules_engine.families.banking import Limits, next_banker
from rules_engine.games.seven_and_a_half import BEST, is_two_card, rank_key, value
from ends import first_hand_end, played_to_end
from family_tests import check_banking_end, play, stacked

GAME = rules_engine.load_game("seven-and-a-half", first_banker="seat 0")


def dealt(order, seats=3, game=GAME, **options):
    """A game whose first hand deals ``order`` (texts, in dealing order) first."""
    g = rules_engine.load_game("seven-and-a-half", **{"first_banker": "seat 0", **options}) if options else game
    return g.new(seed=1, seats=seats, decks={"hand-1": stacked(order, "40-italian")})


# ---- values ---------------------------------------------------------------------------------------

def points(hand):
    """The best total, in points, computed independently: the K♦ tried at every whole number."""
    cards = parse_cards(hand)
    fixed = sum(Fraction(1, 2) if c.rank in "JQK" and c.text != "KD" else 1 if c.rank == "A" else int(c.rank)
                for c in cards if c.text != "KD")
    if not any(c.text == "KD" for c in cards):
        return fixed
    totals = [fixed + k for k in range(1, 9)]
    fitting = [t for t in totals if t <= Fraction(15, 2)]
    return max(fitting) if fitting else min(totals)


@pytest.mark.parametrize("hand", ["AS", "7C 6D", "JH QS KC", "KD", "KD QS", "KD 7C", "KD AS JH", "5S 3D",
                                  "JH QH KH JS QS KS JD QD JC QC KC AS AH", "KD JH QH"])
def test_values_agree_with_trying_every_value_of_the_wild_king(hand):
    assert Fraction(value(parse_cards(hand)), 2) == points(hand)


def test_a_two_card_seven_and_a_half_beats_any_other():
    two, three = parse_cards("7C QH"), parse_cards("5C 2D JH")
    assert is_two_card(two) and not is_two_card(three) and value(three) == BEST
    assert rank_key(two) > rank_key(three) > rank_key(parse_cards("7C"))
    assert is_two_card(parse_cards("KD JS")) and not is_two_card(parse_cards("KD 7S"))


# ---- stakes ---------------------------------------------------------------------------------------

def test_stakes_within_the_limits_and_the_chips_held():
    state = GAME.new(seed=1, seats=3)
    assert [m.text for m in state.legal_moves()] == [f"bet {n}" for n in range(1, 11)] + ["sit out"]
    for bad in ("bet 0", "bet 11", "bet -3", "bet 999999"):
        assert "a stake is 1 to 10 chips" in refused(state, bad, "setup.limits")
    assert refused(state, "hit", "play.bet")
    poor = GAME.new(seed=1, seats=3)
    poor.chips = poor.chips.pay(1, 0, 47)
    assert "only 3 chips are left" in refused(poor, "bet 5", "play.bet")
    assert [m.text for m in poor.legal_moves()] == ["bet 1", "bet 2", "bet 3", "sit out"]


@pytest.mark.parametrize("text", ["bet 1.0", "bet True", "bet ²", "bet " + "9" * 5000, "bet", "hit 3"])
def test_bad_input_is_a_notation_error(text):
    with pytest.raises(RulesError):
        GAME.new(seed=1, seats=3).apply(text)


def test_options_are_checked():
    with pytest.raises(OptionError):
        rules_engine.load_game("seven-and-a-half", first_banker=True)
    with pytest.raises(OptionError):
        rules_engine.load_game("seven-and-a-half", first_banker=0)
    with pytest.raises(OptionError):
        rules_engine.load_game("seven-and-a-half", limits="3-4")


# ---- a hand -----------------------------------------------------------------------------------------

def test_the_deal_gives_one_hidden_card_to_each_player_in_the_hand_and_the_banker_last():
    state = play(dealt("2D 7C 6S KS"), "sit out", "bet 3")   # seat 1 sits out: seat 2 and the banker
    assert [[c.text for c in h] for h in state.hands] == [["7C"], [], ["2D"]]
    assert state.to_act == 2 and state.in_hand() == [2]
    assert state.view(1)["table"]["hands"] == [["??"], [], ["??"]]
    assert state.view(0)["table"]["hands"] == [["7C"], [], ["??"]]
    assert refused(state, "bet 2", "play.bet")


def test_a_bust_loses_its_stake_at_once_and_shows_the_hole_card():
    state = play(dealt("4D 2C 7H 6S 5S"), "bet 5", "bet 2", "hit")
    assert state.status[1] == "bust" and state.hands[1] == [] and state.staked(1) == 0
    assert state.chips.held == (55, 45, 48) and state.chips.conserved
    assert {c.text for c in state.discards} == {"4D", "6S"}
    assert state.to_act == 2


def test_a_two_card_seven_and_a_half_stands_shown_and_is_paid_double_then_takes_the_bank():
    # Seat 1: 7♦ then J♣ (two-card 7½); seat 2: 3♣ then Q♣ and stands; the banker 5♥ then 2♥ = 7.
    state = play(dealt("7D 3C 5H JC QC 2H"), "bet 4", "bet 2", "hit")
    assert state.status[1] == "two-card" and 1 in state.shown and state.to_act == 2
    assert state.view(2)["table"]["hands"][1] == ["7D", "JC"]
    state = play(state, "hit", "stand")
    assert state.to_act == 0 and 0 in state.shown
    state = play(state, "hit", "stand")
    assert state.hand_results[0][1] == (-6, 8, -2)            # 2 to 1 on 4; 3½ loses to 7
    assert state.banker == 1 and state.hand_number == 2 and state.to_act == 1   # the new banker's limits
    state = play(state, "keep the limits")
    assert state.to_act == 2 and state.said == "Seat 1 keeps the limits: stakes 1 to 10 chips."   # left of the banker


def test_ties_push_and_a_banker_two_card_seven_and_a_half_only_pushes_with_another():
    # Seat 1 stands on 5, seat 2 on 7♣ Q♦ (two-card); the banker 4♠ A♦ = 5, then stands.
    state = play(dealt("5C 7C 4S QD AD"), "bet 3", "bet 2", "stand", "hit", "hit", "stand")
    assert state.hand_results[0][1] == (-4, 0, 4) and state.banker == 2
    # The banker makes a two-card 7½ too: a push with seat 2's, and the bank stays.
    state = play(dealt("5C 7C 7S QD JD"), "bet 3", "bet 2", "stand", "hit", "hit")
    assert state.to_act == 0 and [m.text for m in state.legal_moves()] == ["hit", "stand"]  # free to play on
    state = play(state, "stand")
    assert state.hand_results[0][1] == (3, -3, 0) and state.banker == 0
    # Drawing on, the banker loses the two-card 7½: seat 2's is paid double and takes the bank.
    state = play(dealt("5C 7C 7S QD JD 2S"), "bet 3", "bet 2", "stand", "hit", "hit", "hit")
    assert state.status[0] == "bust" and state.hand_results[0][1] == (-3 - 4, 3, 4) and state.banker == 2


def test_a_banker_who_busts_pays_every_player_still_in():
    state = play(dealt("6C 7C 4S 5D QD 6S"), "bet 3", "bet 2", "hit", "hit", "hit")
    # seat 1: 6 + 5 = 11, bust (−3); seat 2: 7 + ½ two-card; the banker 4 + 6 = 10, bust.
    assert state.hand_results[0][1] == (3 - 4, -3, 4)
    assert state.chips.conserved and sum(state.chips.held) == 150


def test_a_hands_end_shows_each_stake_settled_as_an_item_of_the_player_and_the_banker():
    state = play(dealt("6C 7C 4S 5D QD 6S"), "bet 3", "bet 2", "hit", "hit", "hit")
    end = state.table(1)["interlude"]
    assert end["ended"] == "The banker busts with 10." and end["unit"] == "chips"
    bust = {"label": "Seat 1 busts with 11", "rule": "play.bust", "cards": ["6C", "5D"]}
    double = {"label": "Seat 2's 7½ in two cards, paid 2 to 1", "rule": "scoring.two-card", "cards": ["7C", "QD"]}
    assert [g["items"] for g in end["breakdown"]] == [
        [dict(bust, points=3), dict(double, points=-4)], [dict(bust, points=-3)], [dict(double, points=4)]]
    assert [g["points"] for g in end["breakdown"]] == list(state.hand_results[0][1])
    # The wild K♦ counts as the best whole number: the end says which.
    state = play(dealt("5C KD 4S 2D 3S"), "bet 3", "bet 2", "hit", "stand", "stand", "hit", "stand")
    items = [g["items"] for g in state.table(0)["interlude"]["breakdown"]]
    assert items[2] == [{"label": "Seat 2's 7 (the K♦ counting 7) ties with the bank's 7", "points": 0,
                         "rule": "scoring.showdown", "cards": ["KD"]}]


def test_a_default_games_first_hand_end_explains_itself():
    end = first_hand_end(GAME.new(seed=3))
    assert end["ended"] and sum(g["points"] for g in end["breakdown"]) == 0


def test_a_banker_who_busts_pays_a_two_card_seven_and_a_half_once_with_the_option():
    state = play(dealt("6C 7C 4S 5D QD 6S", bust_pays="even"), "bet 3", "bet 2", "hit", "hit", "hit")
    assert state.hand_results[0][1] == (3 - 2, -3, 2) and state.chips.conserved
    # Against a banker who stands, a two-card 7½ is paid double whatever the option.
    state = play(dealt("6C 7C 4S 5D QD 2S", bust_pays="even"), "bet 3", "bet 2", "hit", "hit", "hit", "stand")
    assert state.hand_results[0][1] == (3 - 4, -3, 4)


def test_the_banker_keeps_the_limits_or_sets_new_ones_before_each_later_hand():
    state = play(dealt("7C 7D AS JH QH 2S", seats=3), "bet 1", "bet 1", "hit", "hit", "hit", "stand")
    assert state.hand_number == 2 and state.banker == 1 and state.to_act == 1
    assert [m.text for m in state.legal_moves()] == ["keep the limits"] + [f"lowest {n}" for n in range(1, 6)]
    for move in ("lowest 0", "lowest 6", "lowest 999999"):
        refused(state, move, "interpretation.limits")
    for move in ("bet 2", "highest 10", "hit"):
        refused(state, move, "interpretation.limits")
    assert [c["label"] for c in state.table(1)["moves"]][:2] == [
        "Keep the limits, stakes 1 to 10 chips", "New limits: lowest stake 1 chip"]
    state = play(state, "lowest 2")
    assert state.said == "Seat 1 sets new limits, the lowest stake 2 chips; the highest comes next."
    assert [m.text for m in state.legal_moves()] == [f"highest {n}" for n in (5, 10, 15, 20, 25)]
    assert "New limits: the lowest stake 2 chips, the highest next" in state.table(2)["headline"]["facts"]
    refused(state, "highest 7", "interpretation.limits")
    refused(state, "keep the limits", "interpretation.limits")
    state = play(state, "highest 20")
    assert state.said == "Seat 1 sets new limits: stakes 2 to 20 chips." and state.to_act == 2
    refused(state, "bet 1", "setup.limits")
    refused(state, "bet 21", "setup.limits")
    refused(state, "lowest 1", "interpretation.limits")   # only before the stakes
    state = play(state, "bet 20", "bet 2")
    assert state.phase == "play" and state.staked(2) == 20


def test_new_limits_stay_when_the_bank_passes_and_never_pass_what_the_bank_holds():
    game = rules_engine.load_game("seven-and-a-half", first_banker="seat 0", chips=20)
    state = game.new(seed=1, seats=3, decks={"hand-1": stacked("7C 7D AS JH QH 2S", "40-italian"),
                                             "hand-2": stacked("7H KC 5C JS", "40-italian")})
    state = play(state, "bet 1", "bet 1", "hit", "hit", "hit", "stand")
    assert state.banker == 1 and state.chips.held[1] == 22   # a bank of 22: 22 is a highest too
    state = play(state, "lowest 5")
    assert [m.text for m in state.legal_moves()] == [f"highest {n}" for n in (5, 10, 15, 20, 22)]
    # Seat 2 makes a two-card 7½ (7♥ J♠) and takes the bank; the limits go with it.
    state = play(state, "highest 20", "bet 5", "bet 5", "hit", "stand", "stand")
    assert state.banker == 2 and state.hand_number == 3 and state.to_act == 2
    assert (state.limits.low, state.limits.high) == (5, 20)
    assert play(state, "keep the limits").said == "Seat 2 keeps the limits: stakes 5 to 20 chips."


def test_the_first_two_card_holder_to_the_bankers_left_takes_the_bank():
    assert next_banker(2, 5, (1, 4)) == 4 and next_banker(2, 5, (1, 0)) == 0
    state = play(dealt("7C 7D AS JH QH 2S", seats=3), "bet 1", "bet 1", "hit", "hit", "hit", "stand")
    assert state.hand_results[0][1][1:] == (2, 2) and state.banker == 1


def test_nobody_staking_or_everyone_busting_ends_the_hand_at_once():
    state = play(GAME.new(seed=3, seats=3), "sit out", "sit out")
    assert state.hand_number == 2 and state.hand_results[0][1] == (0, 0, 0)
    state = play(dealt("6C 5D 3S 5S"), "sit out", "bet 2", "hit")
    assert state.hand_number == 2 and state.hand_results[0][1] == (2, 0, -2)
    assert 0 not in state.shown   # the banker's hole card stays unseen


def test_the_empty_stock_lets_players_only_stand():
    state = play(dealt("AS AD AH"), "bet 1", "bet 1")
    state.stock = []
    assert [m.text for m in state.legal_moves()] == ["stand"]
    assert refused(state, "hit", "interpretation.stock-out")


# ---- the game ----------------------------------------------------------------------------------------

def settled(state):
    """Each hand's chips recomputed from its rows: every row balances, and the totals are the chips."""
    totals = [state.options["chips"]] * state.seats
    for _, won, _ in state.hand_results:
        assert sum(won) == 0
        totals = [t + w for t, w in zip(totals, won)]
    return tuple(totals)


@pytest.mark.parametrize("seats", [2, 5, 8])
def test_whole_games_end_by_their_hands_and_balance(seats):
    final = play_out(GAME.new(seed=seats, seats=seats), [RandomBot(s) for s in range(seats)])
    assert final.is_over and settled(final) == final.chips.held
    broke = min(final.chips.held) <= 0
    assert len(final.hand_results) == final.options["hands"] or broke
    assert final.winners == tuple(s for s, c in enumerate(final.chips.held) if c == max(final.chips.held))
    assert len(final.moves_made) <= final.move_bound()


def test_a_player_out_of_chips_ends_the_game():
    state = dealt("5C 2S 6D", seats=2, chips=20, limits="2-20", hands=30)
    state = play(state, "bet 20", "hit")          # 5 + 6 = 11: bust, all 20 chips lost
    assert state.is_over and state.winners == (0,) and state.chips.held == (40, 0)
    assert "no chips left" in state.hand_results[-1][2][-1]


def test_the_first_banker_is_drawn_or_chosen():
    game = rules_engine.load_game("seven-and-a-half")
    state = game.new(seed=12, seats=4)
    assert "is the first banker" in state.said and state.to_act == (state.banker + 1) % 4
    assert {game.new(seed=s, seats=4).banker for s in range(12)} == {0, 1, 2, 3}
    assert rules_engine.load_game("seven-and-a-half", first_banker="seat 0").new(seed=12, seats=4).banker == 0


def test_the_stake_and_the_bank_are_on_the_table():
    state = play(GAME.new(seed=1, seats=3), "bet 4")
    zones = {z["id"]: z for z in state.table(2)["zones"]}
    assert zones["bank"]["owner"] == 0 and zones["bank"]["chips"] == 50
    assert zones["stake-1"]["chips"] == 4 and zones["stake-2"]["chips"] == 0


def test_the_heuristic_player_and_banker_beat_random_play():
    wins = 0
    for i in range(12):
        final = play_out(GAME.new(seed=f"h{i}", seats=3), [HeuristicBot(i), RandomBot(i), RandomBot(i + 1)])
        wins += 0 in final.winners
    assert wins >= 6


def test_limits():
    limits = Limits(2, 20)
    assert list(limits.amounts(5)) == [2, 3, 4, 5] and limits.refusal(2, 5) is None
    assert limits.refusal(1, 50)[1] == "setup.limits" and limits.refusal(6, 5)[1] == "play.bet"
    with pytest.raises(NotationError):
        GAME.new(seed=1, seats=3).apply("bet x")


def test_a_default_game_ends_as_its_text_says():
    final = played_to_end("seven-and-a-half")
    # The game's hands are played, or it ends after the first hand leaving a player with no chips;
    # the most chips win, every stake settled.
    check_banking_end(final)
