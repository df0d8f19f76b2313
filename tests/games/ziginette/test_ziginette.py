"""Ziginette's own rules: the playette redeal, wagers within the limits, the bank's cover and one
wager a card (each refusal with its rule, the state unchanged), matches and dead ranks, the
banker's match paying every wager and passing the bank to the right, the hand's other ends and
the banker's choice, chips carried between hands, the game's end, and every hand's chips
recomputed independently from the record."""

import random

import pytest

import rules_engine
from conformance import refused
from rules_engine.bots import HeuristicBot, RandomBot, play_out
from ends import first_hand_end, played_to_end
from family_tests import check_banking_end, play, stacked

# The shared conformance suite (tests/test_conformance.py) plays fewer of this game's games a batch
# than of most: a game is many hands of wagers, each of them a move, and its bots weigh every wager.
CONFORMANCE_GAMES_PER_BATCH = {"random": 2, "heuristic": 2}

GAME = rules_engine.load_game("ziginette")


def dealt(order, seats=3, game=GAME, label="hand-1"):
    """A game whose first hand deals ``order`` (texts, in dealing order) first."""
    return game.new(seed=1, seats=seats, decks={label: stacked(order, "40-italian")})


def test_a_playette_is_dealt_again_and_said():
    state = GAME.new(seed=2, seats=3)
    assert state.playettes == 1 and state.said == "A playette dealt again."
    ranks = {c.rank for c in state.board} | {state.banker_card.rank}
    assert len(ranks) == 3 and len(state.stock) == 37


def test_the_board_and_the_bankers_card_and_the_first_bettor():
    state = dealt("5D 2C AD")
    assert [c.text for c in state.board] == ["5D", "2C"] and state.banker_card.text == "AD"
    assert state.banker == 0 and state.to_act == 1 and state.hidden_from(1) == set(state.stock)


@pytest.mark.parametrize("move, rule", [
    ("wager 11 on 5D", "setup.limits"), ("wager 0 on 5D", "setup.limits"), ("wager 3 on 7C", "play.bet"),
    ("wager 3 on AD", "play.bet"), ("deal again", "play.banker-choice"), ("pass the bank", "play.banker-choice"),
])
def test_refusals_cite_their_rule_and_change_nothing(move, rule):
    refused(dealt("5D 2C AD"), move, rule)


def test_one_wager_a_card_and_the_banks_cover():
    state = play(dealt("5D 2C AD", game=rules_engine.load_game("ziginette", chips=20)), "wager 10 on 5D")
    refused(state, "wager 2 on 5D", "interpretation.one-wager")
    state = play(state, "done", "wager 10 on 5D")
    assert state.room() == 0
    refused(state, "wager 1 on 2C", "interpretation.bank-room")
    assert [m.text for m in state.legal_moves()] == ["done"]


def test_a_match_takes_the_wagers_on_its_card_and_its_rank_is_dead():
    state = play(dealt("5D 2C AD 5C 5H 7H AC"), "wager 4 on 5D", "wager 2 on 2C", "done", "wager 3 on 5D", "done")
    table = state.view(0)["table"]
    assert table["board"] == ["2C"] and table["dead"] == ["5"] and state.chips.held == (57, 44, 47)
    state = play(state, "done", "done")   # the 5♥ is dead; the 7♥ joins the board
    assert "the 5♥ is dead" in state.said and [c.text for c in state.board] == ["2C", "7H"]
    state = play(state, "wager 1 on 7H", "done", "done")   # the A♣: the banker's match
    assert state.hand_results[0][1] == (4, -1, -3) and state.banker == 2
    assert state.chips.held == (54, 49, 47) and state.chips.conserved


def test_a_hands_end_shows_the_cards_that_decided_each_wager():
    state = play(dealt("5D 2C AD 5C 5H 7H AC"), "wager 4 on 5D", "wager 2 on 2C", "done", "wager 3 on 5D", "done",
                 "done", "done", "wager 1 on 7H", "done", "done")
    end = state.table(1)["interlude"]
    assert end["ended"] == "The banker turns up the A♣, matching the banker's card."
    assert [(z["owner"], z["cards"]) for z in end["zones"]] == [(0, ["AD"])]
    lost = ("Seat 1's wager on the 5♦: the 5♣ matches it first", "scoring.match", ["5D", "5C"])
    won = ("Seat 1's wager on the 7♥: the A♣ matches the banker's A♦ first", "scoring.banker-match",
           ["7H", "AD", "AC"])
    seat_1 = [(i["label"], i["rule"], i["cards"], i["points"]) for i in end["breakdown"][1]["items"]]
    assert seat_1 == [(*lost, -4), (won[0].replace("7♥", "2♣"), won[1], ["2C", "AD", "AC"], 2), (*won, 1)]
    assert [g["points"] for g in end["breakdown"]] == [4, -1, -3] == list(state.hand_results[0][1])
    assert (*lost, 4) in [(i["label"], i["rule"], i["cards"], i["points"]) for i in end["breakdown"][0]["items"]]


def test_a_default_games_first_hand_end_explains_itself():
    end = first_hand_end(GAME.new(seed=2))
    assert end["ended"] and sum(g["points"] for g in end["breakdown"]) == 0


def test_the_hand_ends_without_wagers_and_the_banker_chooses():
    state = play(dealt("5D 2C AD"), "done", "done")
    assert state.phase == "choice" and state.to_act == 0 and state.hand_results[0][1] == (0, 0, 0)
    again = play(state, "deal again")
    assert again.banker == 0 and again.hand_number == 2 and again.to_act == 1
    passed = play(state, "pass the bank")
    assert passed.banker == 2 and passed.hand_number == 2


def test_a_board_emptied_by_matches_ends_the_hand():
    state = play(dealt("5D 2C AD 5C 2H"), "wager 3 on 5D", "done", "wager 3 on 2C", "done")
    assert state.phase == "bet" and [c.text for c in state.board] == ["2C"]
    state = play(state, "done", "done")
    assert state.phase == "choice" and state.chips.held == (56, 47, 47) and not state.wagers


def test_the_game_ends_after_its_hands_and_when_a_player_has_no_chips():
    short = rules_engine.load_game("ziginette", hands=6)
    state = short.new(seed=3, seats=2)
    while not state.is_over:
        state = state.apply("done" if state.phase == "bet" else "deal again")
    assert len(state.hand_results) == 6
    broke = play(dealt("5D 2C AD 5C 2H", seats=2, game=rules_engine.load_game("ziginette", chips=20)),
                 "wager 10 on 5D", "wager 10 on 2C", "done", "done")
    assert broke.is_over and broke.chips.held == (40, 0) and broke.hand_number == 1


def test_the_bank_passes_right_after_a_loss():
    state = play(dealt("5D 2C AD AC", seats=4), "wager 1 on 5D", "done", "done", "done")
    assert state.banker == 3 and state.to_act == 0


@pytest.mark.parametrize("seats, seed", [(2, 5), (5, 8)])
def test_whole_games_conserve_chips_and_end(seats, seed):
    bots = [HeuristicBot(seed) if s % 2 else RandomBot(seed + s) for s in range(seats)]
    final = play_out(GAME.new(seed=seed, seats=seats), bots)
    assert final.is_over and final.chips.conserved and not any(final.staked(s) for s in range(seats))
    rows = [w for _, w, _ in final.hand_results]
    assert all(sum(r) == 0 for r in rows)
    assert [sum(col) for col in zip(*rows)] == [c - 50 for c in final.chips.held]
    assert list(final.scores.game) == [c - 50 for c in final.chips.held]


def test_a_banker_dealing_again_sets_new_limits_in_two_steps():
    state = play(dealt("5D 2C AD"), "done", "done")
    assert [m.text for m in state.legal_moves()] == ["deal again", "pass the bank"] + [f"lowest {n}" for n in range(1, 6)]
    for move in ("lowest 0", "lowest 6", "lowest 999999"):
        refused(state, move, "interpretation.limits")
    refused(state, "highest 10", "play.banker-choice")
    assert [(c["label"], c["card"]) for c in state.table(0)["moves"]][:3] == [
        ("Deal again, wagers 1 to 10 chips as now", None), ("Pass the bank", None),
        ("Deal again with new limits: lowest wager 1 chip", None)]
    state = play(state, "lowest 3")
    assert [c["label"] for c in state.table(0)["moves"]][-1] == "Highest wager 25 chips"
    assert state.phase == "limits" and state.to_act == 0 and state.hand_number == 1
    assert "lowest wager 3 chips" in state.said and "New limits" in state.table(0)["headline"]["facts"][-1]
    assert [m.text for m in state.legal_moves()] == [f"highest {n}" for n in (5, 10, 15, 20, 25)]
    for move, rule in [("highest 2", "interpretation.limits"), ("highest 7", "interpretation.limits"),
                       ("highest 30", "interpretation.limits"), ("deal again", "interpretation.limits"),
                       ("pass the bank", "interpretation.limits"), ("lowest 2", "interpretation.limits")]:
        refused(state, move, rule)
    state = play(state, "highest 15")
    assert state.said.startswith("Seat 0 deals again with new limits: wagers 3 to 15 chips")
    assert state.hand_number == 2 and state.banker == 0 and state.phase == "bet"
    table = state.table(1)
    assert table["headline"]["facts"][1] == "Wagers 3 to 15 chips" and state.view(1)["table"]["limits"] == [3, 15]
    card = state.board[0].text
    assert refused(state, f"wager 2 on {card}", "setup.limits").endswith("a stake is 3 to 15 chips, not 2")
    refused(state, f"wager 16 on {card}", "setup.limits")
    assert {m.text for m in state.legal_moves() if m.text.endswith(card)} == {f"wager {n} on {card}" for n in range(3, 16)}
    # A plain deal again keeps them; so does the bank passing.
    again = play(state, "done", "done", "deal again")
    assert again.said.startswith("Seat 0 deals again") and again.limits.low == 3 and again.limits.high == 15
    passed = play(state, "done", "done", "pass the bank")
    assert passed.banker == 2 and (passed.limits.low, passed.limits.high) == (3, 15)


def test_new_limits_never_pass_what_the_bank_holds():
    game = rules_engine.load_game("ziginette", chips=20)
    state = play(dealt("5D 2C AD 5C 2H", game=game), "wager 1 on 5D", "done", "wager 2 on 2C", "done", "done", "done")
    assert state.phase == "choice" and state.chips.held[0] == 23
    state = play(state, "lowest 2")
    assert [m.text for m in state.legal_moves()] == [f"highest {n}" for n in (5, 10, 15, 20, 23)]
    assert "5, 10, 15, 20 or 23" in refused(state, "highest 25", "interpretation.limits")
    state = play(dealt("5D 2C AD", game=game), "done", "done", "lowest 5")
    assert [m.text for m in state.legal_moves()] == ["highest 5", "highest 10", "highest 15", "highest 20"]


@pytest.mark.parametrize("move", ["lowest 2", "highest 10"])
def test_only_the_banker_sets_limits_after_the_hand(move):
    refused(dealt("5D 2C AD"), move, "interpretation.limits")


def test_a_default_game_ends_as_its_text_says():
    final = played_to_end("ziginette")
    # A banking game's end, as Seven and a Half's; the bank stays or passes to the right, one seat a hand.
    check_banking_end(final)
    assert all(b in (a, (a - 1) % final.seats) for a, b in zip(final.bankers, final.bankers[1:]))


def test_the_bots_wager_varies_and_is_sized_by_its_standing():
    """The bot's choice is also the reader's Hint: level with everyone at the start, it wagers an
    amount of the upper half drawn at random, not always the most allowed; behind, enough to close
    the gap, and at least the middle amount."""
    from rules_engine.games.ziginette import bot

    hints = set()
    for seed in range(16):
        state = GAME.new(seed=seed, seats=3)
        hints.add(bot.choose(state.view(state.to_act), random.Random(seed)).split(" on ")[0])
    assert len(hints) >= 3, hints
    assert bot._wager(["wager 1 on 5D", "wager 5 on 5D", "wager 10 on 5D", "wager 1 on 2C", "wager 5 on 2C",
                       "wager 10 on 2C"], behind=18, rng=None) == "wager 10 on 5D"
    assert bot._wager(["wager 1 on 5D", "wager 5 on 5D", "wager 10 on 5D"], behind=3, rng=None) == "wager 5 on 5D"
