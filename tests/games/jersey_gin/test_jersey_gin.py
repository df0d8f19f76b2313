"""Jersey Gin's own rules: the deal and the deal passing left, draw and discard, the knock at 10,
lay-offs by both other players onto the knocker's melds only (none on gin), knock, underknock and
gin scores recomputed by hand, the break at three cards (no knock, the discard pile only to meld,
melds laid face up in turn and lay-offs onto any meld, its end and its ties), the hands that
score nothing, the game's end with its bonuses; the step-by-step answers against a brute force."""

import pytest

import rules_engine
from conformance import check_step, refused
from rules_engine.bots import HeuristicBot, RandomBot, play_out
from rules_engine.cards import parse_cards
from rules_engine.families.rummy import least_deadwood, pips
from rules_engine.games.jersey_gin import MAX_HANDS, TURN_LIMIT, hand_row, hand_score
from rules_engine.scoring import ScoreError
from ends import most, played_to_end
from knock_rummies import check_choices, knock_discard, moves
from knock_rummies import position as knock_position

JERSEY = rules_engine.load_game("jersey-gin")


def position(hands, stock=15, breaker=None, **given):
    """A hand set up as given; the stock is filled with cards held by no one."""
    return knock_position(JERSEY, hands, stock=stock, breaker=breaker, **given)


def points(cards):
    return least_deadwood(parse_cards(cards)).points


def test_the_deal_and_the_first_turn_go_left_of_the_dealer():
    state = JERSEY.new(seed=13)
    assert [len(h) for h in state.hands] == [10, 10, 10] and len(state.stock) == 21 and len(state.discard) == 1
    assert state.dealer == 0 and state.to_act == 1 and moves(state) == ["draw stock", "draw discard"]
    assert "you first draw" in refused(state, "discard " + state.hands[1][0].text, "play.draw")
    check_step(state)


def test_a_turn_draws_then_discards_never_the_card_just_taken():
    state = position(["2C 3C 4C 9H 9D JS QS KS 5D 6H", "AS 2S 3S 4H 5H 8D 9S TC JC QD",
                      "AH 2H 3H 4D 6D 8H 7S TH JH KH"], phase="draw", discard="7C")
    state = state.apply("draw discard")
    assert "just taken from the discard pile" in refused(state, "discard 7C", "play.discard")
    assert "you do not hold" in refused(state, "discard KS", "play.turn")
    state = state.apply("discard QD")
    assert state.to_act == 2 and state.phase == "draw" and state.discard[-1].text == "QD"


KNOCKER = "2C 3C 4C 7S 7H 7C 5D 6D 7D AS"   # three melds and the A♠: 1 in deadwood
LEFT = "8C 9C JH QH KH 2S 3S 8D 9D KD"      # seat 2: lays off the 8♦ 9♦, melds J♥ Q♥ K♥
RIGHT = "5C 6C TS TH TD 4D 3D KS QS 2H"     # seat 0: lays off the 5♣ (onto 2-4♣) and the 4♦


def laid_out(hands=(RIGHT, KNOCKER, LEFT)):
    """The knocker (seat 1) has laid out its three melds and shows the A♠."""
    state = position(list(hands), phase="lay", knocker=1)
    for meld in ("2C 3C 4C", "7S 7H 7C", "5D 6D 7D"):
        state = state.apply(f"meld {meld}")
    return state.apply("done")


def test_a_knock_needs_ten_or_less_and_goes_face_down():
    state = position([RIGHT, "2C 3C 4C AS AH AD 5D 6D 7D JC QD", LEFT])
    assert [m for m in moves(state) if m.startswith("knock")] == ["knock JC", "knock QD"]
    assert "more than 10" in refused(state, "knock 2C", "play.knock")
    state = state.apply("knock QD")
    assert state.phase == "lay" and state.knocker == 1 and state.to_act == 1
    for seat in (0, 2):
        assert state.view(seat)["table"]["knock_card"] == "??" and "QD" not in str(state.table(seat))
        assert state.last_move_seen_by(seat) == ("knock", 1)
        assert knock_discard(state, seat) == ("Knocker's discard, face down", ["??"])
    assert state.view(1)["table"]["knock_card"] == "QD"
    assert knock_discard(state, 1) == ("Knocker's discard, face down to the others", ["QD"])


def test_both_others_lay_off_onto_the_knockers_melds_only_in_turn_from_its_left():
    state = laid_out()
    assert state.phase == "answer" and state.to_act == 2 and state.view(0)["table"]["hands"][1] == ["AS"]
    assert "layoff 8D on meld 3" in moves(state) and "layoff 9D on meld 3" not in moves(state)
    assert "does not extend" in refused(state, "layoff 9D on meld 3", "play.lay-off")
    state = state.apply("meld JH QH KH").apply("layoff 8D on meld 3").apply("layoff 9D on meld 3")
    assert "not the knocker's" in refused(state, "layoff KD on meld 4", "play.lay-off")
    state = state.apply("done")
    assert state.to_act == 0 and state.phase == "answer"
    state = state.apply("meld TS TH TD").apply("layoff 5C on meld 1").apply("layoff 4D on meld 3")
    assert "not the knocker's" in refused(state, "layoff KS on meld 4", "play.lay-off")
    assert state.melds[2] == (1, parse_cards("4D 5D 6D 7D 8D 9D"))
    state = state.apply("done")
    # Seat 2: 8♣ 9♣ 2♠ 3♠ K♦ = 32; seat 0: 6♣ 3♦ K♠ Q♠ 2♥ = 31; the knocker 1.
    assert state.hand_results[-1][1] == (0, 31 - 1 + 32 - 1, 0) == (0, 61, 0)
    assert state.boxes == (0, 1, 0) and state.hand_number == 2 and state.dealer == 1
    assert "scores 61 points for the knock" in state.table(0)["interlude"]["lines"][0]


def test_an_underknock_scores_as_a_knock_and_ten_more():
    hands = ["2S 3S 4S 8C 9C TC 5H 5D 5S AC", "2C 3C 4C 9S 9H 9D 5C 6C 7C TH", "JS QS 2D 3D 4H 6H 8H JD QC KD"]
    state = position(hands, phase="lay", knocker=1)
    state = state.apply("meld 2C 3C 4C").apply("meld 9S 9H 9D").apply("meld 5C 6C 7C").apply("done")   # the 10♥
    state = state.apply("done")                                                                        # 73
    state = state.apply("meld 2S 3S 4S").apply("meld 8C 9C TC").apply("meld 5S 5H 5D").apply("done")  # the A♣
    assert state.hand_results[-1][1] == ((10 - 1) + (73 - 1) + 10, 0, 0)
    assert "underknock" in state.hand_results[-1][2][0]


def test_gin_takes_no_lay_off_and_scores_both_others_and_40():
    state = position([RIGHT, "AC 2C 3C 4C 7S 7H 7C 5D 6D 7D", LEFT], phase="lay", knocker=1)
    for meld in ("AC 2C 3C 4C", "7S 7H 7C", "5D 6D 7D"):
        state = state.apply(f"meld {meld}")
    state = state.apply("done")
    assert state.gin and state.phase == "answer" and state.to_act == 2
    assert "no card is laid off on gin" in refused(state, "layoff 8D on meld 3", "play.gin")
    state = state.apply("meld JH QH KH").apply("done").apply("meld TS TH TD").apply("done")
    right, left = points("5C 6C 4D 3D KS QS 2H"), points("8C 9C 2S 3S 8D 9D KD")
    assert state.hand_results[-1][1] == (0, right + left + 40, 0)


def test_the_score_of_a_hand_recomputed_by_hand():
    assert hand_score((9, 11, 14), knocker=0) == (0, 7, "scoring.knock")             # the text's example
    assert hand_score((9, 9, 14), knocker=0) == (0, 5, "scoring.knock")              # a tie keeps the knock
    assert hand_score((9, 4, 4), knocker=0) == (1, 5 + 0 + 10, "scoring.underknock")  # first from the left
    assert hand_score((12, 20, 12), knocker=1, broke=True) == (2, 8, "scoring.break")
    assert hand_score((12, 12, 12), knocker=1, broke=True) == (1, 0, "scoring.break")


def test_the_break_comes_at_three_cards_with_no_knock_and_the_discard_only_to_meld():
    state = position([RIGHT, "2C 3C 4C AS AH AD 5D 6D 7D JC", LEFT], phase="draw", turn=0, stock=4)
    state = state.apply("draw stock")
    assert len(state.stock) == 3 and state.breaker is None
    state = state.apply("discard KS")
    assert state.breaker == 1 and state.to_act == 1 and "the break" in state.said
    # The K♠ makes no meld with seat 1's cards and extends no meld: the stock only.
    assert moves(state) == ["draw stock"]
    assert "taken only to meld it" in refused(state, "draw discard", "play.break-draw")
    state = state.apply("draw stock")
    assert not [m for m in moves(state) if m.startswith("knock")]
    assert "nobody knocks" in refused(state, "knock JC", "play.break")


def test_after_the_break_melds_are_laid_face_up_in_turn_and_cards_laid_off_onto_any():
    state = position(["5C 6C TS TH TD 8S 3D KS QS 2H", "2C 3C 4C AS AH AD 5D 6D 7D JC", LEFT], phase="draw",
                     stock=3, breaker=1, discard="4D")
    assert moves(state) == ["draw stock", "draw discard"]    # the 4♦ goes below the 5♦ 6♦ 7♦
    state = state.apply("draw discard").apply("discard JC")
    assert state.phase == "break-lay" and state.to_act == 1
    state = state.apply("meld 4D 5D 6D 7D").apply("meld AS AH AD").apply("done")
    assert state.to_act == 2 and state.phase == "draw" and state.view(0)["table"]["hands"][1] == 3
    state = state.apply("draw stock").apply("discard KD").apply("layoff 8D on meld 1").apply("done")
    assert state.melds[0] == (1, parse_cards("4D 5D 6D 7D 8D"))
    state = state.apply("draw stock").apply("discard KS").apply("meld TS TH TD").apply("done")
    state = state.apply("draw stock").apply("discard 2C")
    assert state.to_act == 1 and state.phase == "break-lay" and not state.stock
    hands = [list(h) for h in state.hands]
    state = state.apply("done")   # the stock is gone: least deadwood wins, as if it had knocked
    counts = [least_deadwood(h).points for h in hands]
    low = min(counts)
    winner = next(s for s in (1, 2, 0) if counts[s] == low)
    assert state.hand_results[-1][1] == tuple(sum(c - low for c in counts) if s == winner else 0 for s in range(3))
    assert state.hand_number == 2 and state.dealer == 1


def test_gin_after_the_break_ends_the_hand():
    state = position([RIGHT, "AC 2C 3C 4C AS AH AD 5D 6D 7D", LEFT], phase="draw", stock=3, breaker=1)
    state = state.apply("draw stock")
    drawn = next(c for c in state.hands[1] if c.text not in "AC 2C 3C 4C AS AH AD 5D 6D 7D".split())
    assert f"knock {drawn.text}" in moves(state)
    state = state.apply(f"knock {drawn.text}")
    assert state.phase == "lay" and "lays more melds" in refused(state, "done", "play.knocker-melds")
    for meld in ("AC 2C 3C 4C", "AS AH AD", "5D 6D 7D"):
        state = state.apply(f"meld {meld}")
    state = state.apply("done").apply("done").apply("done")   # the others lay out nothing: all their cards count
    right, left = sum(map(pips, parse_cards(RIGHT))), sum(map(pips, parse_cards(LEFT)))
    assert state.hand_results[-1][1] == (0, right + left + 40, 0)


def test_a_hand_of_too_many_turns_before_the_break_scores_nothing_and_the_deal_passes():
    state = position([RIGHT, KNOCKER, LEFT], phase="discard")
    state.turns = TURN_LIMIT - 1
    state = state.apply("discard AS")
    assert state.hand_number == 2 and state.hand_results[-1][1] == (0, 0, 0) and state.dealer == 1
    assert "scores nothing" in state.table(0)["interlude"]["lines"][0]


def test_the_game_ends_at_100_with_the_game_bonus_and_the_boxes():
    state = laid_out()
    state.points, state.boxes = (10, 80, 30), (1, 3, 1)
    state = state.apply("done").apply("done")   # 79 and 70 against 1
    assert state.is_over and state.winners == (1,) and state.points == (10, 80 + 78 + 69, 30)
    assert state.final == (10 + 25, 227 + 100 + 4 * 25, 30 + 25)
    assert state.table(None)["result"] == "Seat 1 wins the game, 427 to 55 to 35 with the bonuses."
    assert state.legal_moves() == [] and state.to_act is None


def test_the_game_ends_after_its_last_hand_level_totals_sharing_it():
    state = position([RIGHT, KNOCKER, LEFT], phase="discard")
    state.turns, state.hand_number, state.points, state.boxes = TURN_LIMIT - 1, MAX_HANDS, (40, 40, 20), (2, 2, 1)
    state = state.apply("discard AS")
    assert state.is_over and state.winners == (0, 1) and state.final == (90, 90, 45)
    assert "level" in state.table(None)["result"]
    assert state.move_bound() >= len(state.moves_made)


def test_the_score_pads_row_from_the_deadwood_counts():
    row = lambda **facts: hand_row(None, {"knocker": None, "breaker": None, "deadwood": None, **facts}, {})  # noqa
    assert row(knocker=0, deadwood=(9, 11, 14))["points"] == [7, 0, 0]
    assert row(knocker=0, deadwood=(9, 11, 6))["points"] == [0, 0, 18]
    assert row(knocker=2, deadwood=(20, 15, 0))["points"] == [0, 0, 75]
    assert row(breaker=1, deadwood=(12, 12, 20))["points"] == [0, 8, 0]
    assert row(breaker=0, knocker=2, deadwood=(20, 15, 0))["points"] == [0, 0, 75]
    assert row()["points"] == [0, 0, 0]
    for bad in ({"knocker": 0, "deadwood": (11, 20, 30)}, {"knocker": 0}, {"deadwood": (1, 2, 3)},
                {"knocker": 0, "breaker": 1, "deadwood": (5, 20, 30)}):
        with pytest.raises(ScoreError):
            row(**bad)


def test_heuristic_and_random_players_finish_their_games():
    for seed in range(3):
        final = play_out(JERSEY.new(seed=seed), [HeuristicBot(seed), RandomBot(seed), HeuristicBot(seed + 1)])
        assert final.is_over and final.winners
        assert len(final.moves_made) <= final.move_bound()


def test_the_step_by_step_answers_agree_with_a_brute_force_over_the_hand():
    found = {"answer": [], "break-lay": []}
    for seed in range(100):
        state = JERSEY.new(seed=seed)
        bots = [HeuristicBot(seat) for seat in range(3)]
        while not state.is_over and state.hand_number == 1:
            if state.phase in found and state.melds and len(found[state.phase]) < 5:
                found[state.phase].append(state)
            state = state.apply(bots[state.to_act].choose(state.view(state.to_act)))
        if all(len(f) == 5 for f in found.values()):
            break
    assert all(len(f) == 5 for f in found.values())
    for state in found["answer"] + found["break-lay"]:
        check_choices(state, most=2)


def test_a_default_game_ends_as_its_text_says():
    final = played_to_end("jersey-gin")
    # The first to 100 wins (only the hand's scorer can reach it), or after 30 hands the highest
    # total; the final count adds 100 for reaching 100 and 25 a hand won, for every player.
    reached = [seat for seat in range(3) if final.points[seat] >= 100]
    assert len(reached) <= 1 and (reached or len(final.hand_results) == 30)
    assert final.winners == (tuple(reached) if reached else most(final.points))
    assert final.points == tuple(sum(p[s] for _, p, _ in final.hand_results) for s in range(3))
    assert final.final == tuple(final.points[s] + 25 * final.boxes[s] + 100 * (s in reached) for s in range(3))


# A sheet the score pad must end and total as the engine does (tests/test_score_sheets.py): 105 with
# the 100 bonus and 25 for each of two hands won make 255; the other player's hand won makes 20 45.
PAD_SHEETS = [
    {"seats": 3, "rows": [[20, 0, 0], [0, 60, 0], [0, 45, 0]], "final": [45, 255, 0]},
]
