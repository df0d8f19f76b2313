"""Couillon's own rules: the deal in twos and the stub, the round of accepting
trumps, the trump played at will, the card points, and the board of lines
with its marks, ties and doubled hands, to the end of the game."""

import pytest

import rules_engine
from rules_engine.bots import HeuristicBot, RandomBot, play_out
from rules_engine.cards import format_cards, make_deck, parse_card, parse_cards
from rules_engine.errors import IllegalMoveError
from rules_engine.game import ALL
from rules_engine.families.trick_game import DRAW
from rules_engine.games.couillon import (
    LAST_HAND, LINES, START_BOARD, add_mark, board_words, deal_in_twos, erase, settle, side_points, wins_needed)
from ends import hand_ends_explained, last_hand_played, played_to_end, sides

COUILLON = rules_engine.load_game("couillon")
FRESH = (START_BOARD, START_BOARD)

# Hand 1 of a fixed deal (seat 0 deals): seat 1 gets AS KS, seat 2 QS JS, seat 3 TS 9S, seat 0 8S 7S,
# then seat 1 AH KH, seat 2 QH JH, seat 3 TH 9H, seat 0 8H 7H; the stub is the other sixteen,
# AD on top (diamonds offered) and 7C at the bottom.
DEAL = "AS KS QS JS TS 9S 8S 7S AH KH QH JH TH 9H 8H 7H AD KD QD JD TD 9D 8D 7D AC KC QC JC TC 9C 8C 7C"


def fixed():
    return COUILLON.new(decks={"hand-1": DEAL})


def texts(cards):
    return [card.text for card in cards]


# ---- the deal ------------------------------------------------------------------------------------

def test_four_cards_each_dealt_two_at_a_time_from_the_dealers_left():
    state = fixed()
    assert state.dealer == 0
    assert [sorted(texts(hand)) for hand in state.play.hands] == [
        sorted(["8S", "7S", "8H", "7H"]), sorted(["AS", "KS", "AH", "KH"]),
        sorted(["QS", "JS", "QH", "JH"]), sorted(["TS", "9S", "TH", "9H"])]
    assert len(state.stub) == 16 and state.upcard == parse_card("AD") and state.stub[-1] == parse_card("7C")


def test_deal_in_twos_starts_left_of_any_dealer():
    hands, stub = deal_in_twos(parse_cards(DEAL), dealer=2)
    assert texts(hands[3][:2]) == ["AS", "KS"] and texts(hands[2][:2]) == ["8S", "7S"]
    assert len(stub) == 16  # interpretation.stub-size


def test_the_upcard_is_seen_by_all_and_the_rest_of_the_stub_by_no_one():
    state = fixed()
    for seat in (None, ALL, 0, 1, 2, 3):
        hidden = state.hidden_from(seat)
        assert state.upcard not in hidden
        assert set(state.stub[1:]) <= hidden
        assert state.view(seat)["table"]["upcard"] == "AD"
    stub = {z["id"]: z for z in state.table(ALL)["zones"]}["stub"]
    assert stub["cards"] == ["??"] * 15


# ---- choosing trumps -------------------------------------------------------------------------------

def test_each_player_from_the_dealers_left_accepts_or_declines():
    state = fixed()
    assert state.phase == "trumps" and state.to_act == 1
    assert [m.text for m in state.legal_moves()] == ["accept", "decline"]
    state = state.apply("decline", seat=1).apply("decline", seat=2)
    assert state.to_act == 3 and state.play.trump is None


def test_accepting_ends_the_round_and_names_the_side_that_accepted():
    state = fixed().apply("decline").apply("accept")   # seat 2, partner of the dealer
    assert state.phase == "play" and state.play.trump == "D"
    assert state.accepted_by == 2 and state.accepted_side == 0
    assert state.to_act == 1  # the dealer's left still leads (play.turn)
    assert state.view(0)["table"]["bottom"] is None
    assert "accepted by Seat 2" in " ".join(state.table(0)["headline"]["facts"])


def test_all_four_declining_turns_the_bottom_card_for_trumps():
    state = fixed()
    assert state.stub[-1] in state.hidden_from(ALL)
    for seat in (1, 2, 3, 0):
        state = state.apply("decline", seat=seat)
    assert state.play.trump == "C" and state.accepted_side is None
    assert state.view(None)["table"]["bottom"] == "7C"
    assert state.stub[-1] not in state.hidden_from(None)
    assert "bottom card of the stub" in state.table(0)["last"]


def test_a_card_before_trumps_are_settled_is_refused_and_the_state_unchanged():
    state = fixed()
    with pytest.raises(IllegalMoveError) as error:
        state.apply("play AS")
    assert error.value.rule == "play.trumps" and "'play AS'" in error.value.reason
    assert state.phase == "trumps" and state.to_act == 1 and len(state.play.hands[1]) == 4
    assert fixed().apply("accept").explain("decline").rule == "play.turn"


# ---- the play --------------------------------------------------------------------------------------

def play_state(trump_call="accept"):
    """Hand 1 of seed 7 (the page's example), hearts trumps once seat 3 accepts."""
    state = COUILLON.new(seed=7).apply("decline").apply("decline").apply(trump_call)
    assert state.play.trump == "H"
    return state


def test_a_trump_may_be_played_even_when_holding_the_suit_led():
    state = play_state().apply("play 7D")  # seat 2 holds the A♦ and the 10♥ (trump)
    assert texts(state.play.hands[2]) == ["TH", "AD", "TC", "JC"]
    assert [m.text for m in state.legal_moves()] == ["play TH", "play AD"]
    before = state.view(ALL)
    with pytest.raises(IllegalMoveError) as error:
        state.apply("play TC")
    assert error.value.rule == "play.follow-suit"
    assert "10♣" in error.value.reason and "♦" in error.value.reason
    assert state.view(ALL) == before


def test_a_player_void_in_the_suit_led_may_play_any_card():
    state = play_state()
    for move in ["play 7D", "play AD", "play AH", "play 9D", "play 7C", "play 8C"]:
        state = state.apply(move)
    assert texts(state.play.hands[1]) == ["AS", "8D", "KD"]  # no clubs
    assert [m.text for m in state.legal_moves()] == ["play AS", "play 8D", "play KD"]


def test_the_highest_trump_wins_else_the_highest_card_of_the_suit_led():
    state = play_state()
    for move in ["play 7D", "play AD", "play AH", "play 9D"]:
        state = state.apply(move)
    assert state.play.tricks[-1][0] == 3  # the A♥ trumps the A♦
    for move in ["play 7C", "play 8C", "play 8D", "play JC"]:
        state = state.apply(move)
    assert state.play.tricks[-1][0] == 2  # the J♣ is the highest club


# ---- scoring ----------------------------------------------------------------------------------------

def test_card_values():
    assert side_points([parse_cards("AS KS QS JS TS 9S 8S 7S"), []]) == (10, 0)
    assert sum(side_points([make_deck("32"), []])) == 40


def test_a_hand_won_erases_one_line():
    boards, winner, change, double = settle(FRESH, (12, 5))
    assert winner == 0 and change == (1, 0) and not double
    assert boards == ((0, 0, 0, 0), START_BOARD)


def test_a_failed_acceptance_adds_a_mark_and_a_marked_line_takes_two_wins():
    boards, winner, change, _ = settle(FRESH, (9, 8), accepted=1)
    assert winner == 0 and change == (1, -1) and boards[1] == (1, 0, 0, 0, 0)
    assert wins_needed(boards[1]) == 6
    assert erase(boards[1]) == START_BOARD and erase(erase(boards[1])) == (0, 0, 0, 0)
    # The side that accepted and won gets no mark.
    assert settle(FRESH, (8, 9), accepted=1)[2] == (0, 1)


def test_a_tie_erases_nothing_and_the_next_win_counts_double():
    boards, winner, change, double = settle(FRESH, (7, 7), accepted=0)
    assert boards == FRESH and winner is None and change == (0, 0) and double
    boards, winner, change, double = settle(boards, (10, 3), doubled=double)
    assert change == (2, 0) and boards[0] == (0, 0, 0) and not double


def test_interpretation_tie_no_mark():
    assert settle(FRESH, (4, 4), accepted=1)[0] == FRESH


def test_interpretation_double_gives_two_erasures_and_two_marks():
    boards, winner, change, _ = settle(FRESH, (3, 12), accepted=0, doubled=True)
    assert change == (-2, 2) and boards == ((1, 1, 0, 0, 0), (0, 0, 0))


def test_interpretation_ties_in_a_row_still_only_double():
    boards, _, _, double = settle(FRESH, (5, 5))
    boards, _, _, double = settle(boards, (6, 6), doubled=double)
    assert double is True
    assert settle(boards, (0, 1), doubled=double)[2] == (0, 2)


def test_interpretation_marks_go_on_plain_lines_first_then_stack():
    assert add_mark((0, 0)) == (1, 0) and add_mark((1, 0)) == (1, 1) and add_mark((1, 1)) == (2, 1)
    assert board_words((2, 1)) == "2 lines, 3 marks" and board_words((1, 0)) == "2 lines, 1 marked"
    assert board_words(()) == "all erased"


def test_interpretation_erasing_takes_a_mark_first():
    assert erase((1, 0, 0)) == (0, 0, 0) and erase((0, 0, 0)) == (0, 0) and erase((2,)) == (1,)
    for board in [(1, 0, 0), (2, 1), (0,)]:
        wins, b = 0, board
        while b:
            b, wins = erase(b), wins + 1
        assert wins == wins_needed(board)


def test_interpretation_last_line_a_doubled_win_stops_at_an_empty_board():
    boards, winner, change, _ = settle(((0,), START_BOARD), (9, 0), doubled=True)
    assert boards[0] == () and change == (1, 0)


def test_the_engine_scores_a_hand_as_settle_does():
    state = play_state()  # seats 1 and 3 accepted hearts
    for move in ["play 7D", "play AD", "play AH", "play 9D", "play 7C", "play 8C", "play 8D", "play JC",
                 "play TC", "play TS", "play 8S", "play KD", "play TH", "play 7H", "play JH", "play AS"]:
        state = state.apply(move)
    number, points, lines = state.hand_results[-1]
    assert number == 1 and points == (1, -1)
    assert "took 9 points" in lines[0] and "took 8 points" in lines[1]
    assert state.boards == ((0, 0, 0, 0), (1, 0, 0, 0, 0))
    assert state.hand_number == 2 and state.dealer == 1 and state.phase == "trumps" and state.to_act == 2
    sheet = state.table(0)["score"]
    assert sheet["rows"][0]["cells"] == ["9 pts, 1 erased", "8 pts, 1 mark"]
    assert sheet["totals"][0]["cells"] == ["4 lines", "5 lines, 1 marked"]
    assert "Boards: Seat 0 and Seat 2: 4 lines; Seat 1 and Seat 3: 5 lines, 1 marked" in \
        state.table(0)["headline"]["facts"]
    assert state.table(0)["interlude"]["title"] == "End of hand 1"


def test_a_tied_hand_makes_the_next_count_double_in_the_engine():
    state = COUILLON.new(seed=33)
    while len(state.hand_results) < 2:
        state = state.apply(state.legal_moves()[0])
    assert [points for _, points, _ in state.hand_results] == [(0, 0), (2, 0)]
    assert "Equal points" in state.hand_results[0][2][-1]


# ---- the whole game ---------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(4))
def test_a_whole_game_ends_when_a_side_has_erased_every_line(seed):
    state = COUILLON.new(seed=seed)
    dealers = []
    while not state.is_over:
        if not dealers or dealers[-1][0] != state.hand_number:
            dealers.append((state.hand_number, state.dealer))
        # Odd seeds: every player accepts at once; even seeds: all decline, so the bottom card rules.
        state = state.apply(state.legal_moves()[0 if seed % 2 else -1])
    assert [d for _, d in dealers] == [n % 4 for n in range(len(dealers))]
    winner = state.winner
    assert state.boards[winner] == () and state.boards[1 - winner] != ()
    assert state.winners == (winner, winner + 2)
    assert state.scores.game[winner] == 5
    assert all(5 - wins_needed(state.boards[s]) == state.game_scores[s] for s in range(2))
    assert "every line of their board is erased" in state.table(0)["result"]


def test_the_heuristic_partnership_beats_random_players():
    won = 0
    games = 40
    for seed in range(games):
        bots = [HeuristicBot(seed), RandomBot(seed), HeuristicBot(seed + 1), RandomBot(seed + 1)]
        won += 0 in play_out(COUILLON.new(seed=seed), bots).winners
    assert won >= 30, won


def test_a_fixed_deck_must_hold_the_pack():
    with pytest.raises(rules_engine.RulesError):
        COUILLON.new(decks={"hand-1": format_cards(make_deck("52"))})


def test_a_default_game_ends_as_its_text_says():
    final = played_to_end("couillon")
    # The first side to rub out every line of its board, marks included.
    empty = [side for side, board in enumerate(final.boards) if not board]
    assert len(empty) == 1 and final.winners == sides(empty[0])


def at_last_hand(scores):
    """A game in its last hand, the boards after ``scores`` plain wins each, played out."""
    state = COUILLON.new(seed=5)
    state.boards = tuple((0,) * (LINES - score) for score in scores)
    return last_hand_played(state, scores)


def test_a_game_not_over_after_its_last_hand_ends_there():
    """interpretation.last-hand: the team needing fewer wins wins; needing as many, a draw."""
    final = at_last_hand((2, 1))   # seat 1's side accepts and loses the hand: a win and a mark
    assert final.is_over and final.hand_number == LAST_HAND and final.game_scores == (3, 0)
    assert [wins_needed(board) for board in final.boards] == [2, 5] and final.winners == sides(0)
    assert final.table(0)["result"] == f"Seat 0 and Seat 2 win the game with 3, after {LAST_HAND} hands."
    level = at_last_hand((1, 3))
    assert level.game_scores == (2, 2) and level.winner == DRAW and level.winners == ()
    assert level.table(0)["result"] == f"After {LAST_HAND} hands the scores are level, 2 each: a draw."
    assert COUILLON.new(seed=5).move_bound() == LAST_HAND * 20


def test_each_hands_end_shows_the_erasures_and_marks_item_by_item():
    # hand_ends_explained checks that the items add up to the hand's row of the sheet.
    items = [item for shown in hand_ends_explained("couillon") for side in shown for item in side["items"]]
    won = [item for item in items if item["rule"] == "scoring.hand" and item["points"] > 0]
    assert won and all(" points to " in item["note"] for item in won)
    assert [item["points"] for item in items if item["rule"] == "scoring.mark"] != []
    assert all(item["points"] < 0 for item in items if item["rule"] == "scoring.mark")
