"""Comet's own rules: the 51-card pack, the stub or the even deal, stops,
the comet played at any time (its holder asked after every card), the
answer to it by the 10♦ or the interrupted sequence's next card, the
hand's points, the game to 100, and the interpretation notes."""

import random

import pytest

import rules_engine
from conformance import check_step, snapshot
from rules_engine.bots import HeuristicBot, RandomBot, play_out
from rules_engine.cards import parse_cards
from rules_engine.errors import IllegalMoveError
from rules_engine.families.stops import StopsPlay
from rules_engine.games import comet_bot
from rules_engine.games.comet import hand_points, taken_out

COMET = rules_engine.load_game("comet")
TEXT_DECK = ("AC 2C 3C 4C 5C 6C 6H 9D TD 9S 7H 4D 7C TS 8H 5D AS JS 9H 6D 2S QS TH 7D 3S KS JH JD 4S AH "
             "QH QD 5S 2H KH KD 6S 3H AD 8C 7S 4H 2D 9C 8S 5H 3D TC JC QC KC")
TO_THE_SIX = ["play AC", "pass", "play 2C", "pass", "play 3C", "play 4C", "pass", "play 5C", "pass", "play 6C"]


def refused(state, move, rule):
    before = snapshot(state)
    with pytest.raises(IllegalMoveError) as info:
        state.apply(move)
    assert info.value.rule == rule, info.value
    assert snapshot(state) == before
    return info.value.reason


def text_example():
    state = COMET.new(seats=4, decks={"hand-1": TEXT_DECK})
    for move in TO_THE_SIX:
        state = state.apply(move)
    return state


def position(hands, dead="", starter=1):
    state = COMET.new(seed=1, seats=len(hands))
    state.play = StopsPlay.deal([parse_cards(h) for h in hands], starter=starter, dead=parse_cards(dead))
    return state


def test_the_deal_with_a_stub_or_evenly_with_eights_taken_out_face_up():
    for seats in range(4, 9):
        state = COMET.new(seed=seats, seats=seats)
        assert len({len(h) for h in state.play.hands}) == 1 and len(state.play.dead) == 51 % seats
        assert set(state.play.dead) <= state.hidden_from("all")
        even = rules_engine.load_game("comet", deal="even").new(seed=seats, seats=seats)
        assert not even.play.dead and even.removed == taken_out(seats)
        assert sum(map(len, even.play.hands)) == 51 - len(taken_out(seats))
        assert not set(even.removed) & even.hidden_from(0)
        check_step(even)


def test_the_texts_example_the_comet_after_the_six_of_clubs_is_answered_by_the_ten_of_diamonds_or_the_seven():
    state = text_example()
    assert state.to_act == 0 and [m.text for m in state.legal_moves()] == ["play 9D", "pass"]
    state = state.apply("play 9D")
    assert state.to_act == 1 and [m.text for m in state.legal_moves()] == ["play TD", "play 7C"]
    on_seven = state.apply("play 7C")
    assert on_seven.play.next_card().text == "8C" and on_seven.to_act == 0   # seat 0 holds the 8♣
    on_ten = state.apply("play TD")
    assert on_ten.play.next_card().text == "JD" and on_ten.to_act == 0        # the clubs are over: J♦ next
    assert "7♣" in refused(state, "play AS", "play.after-comet")


def test_the_answer_passes_left_to_the_first_player_holding_it():
    # Seat 3 plays the comet; seat 0 holds neither answer, seat 1 neither, seat 2 the 10♦.
    state = position(["AS 2H", "3H 4H", "TD 5H", "9D AC 2C 6H"], starter=3).apply("play AC")
    state = state.apply("play 2C")       # seat 3 holds the 2♣ too; then nobody holds the 3♣: stop
    assert state.to_act == 3 and state.play.sequence == ()
    state = state.apply("play 9D")       # a comet to start: only the 10♦ answers
    assert state.to_act == 2 and [m.text for m in state.legal_moves()] == ["play TD"]


def test_a_comet_nobody_can_answer_stops_play_and_its_player_starts():
    state = position(["AS 2H", "3H 4H", "5H 6H", "9D AC 7H"], starter=3).apply("play 9D")
    assert state.answer is None and state.to_act == 3 and "nobody can answer" in state.table(None)["last"]


def test_the_holder_is_asked_after_every_card_only_when_someone_else_plays_next():
    state = COMET.new(seats=4, decks={"hand-1": TEXT_DECK}).apply("play AC")
    assert state.window and state.to_act == 0
    state = state.apply("pass")
    assert not state.window and state.to_act == 2
    assert refused(state, "pass", "play.sequence")
    state = state.apply("play 2C").apply("pass").apply("play 3C")
    assert not state.window and state.to_act == 0           # seat 0 plays next anyway: the comet is a choice
    assert [m.text for m in state.legal_moves()] == ["play 4C", "play 9D"]


def test_the_comet_as_the_last_card_ends_the_hand_at_once():
    state = position(["9D", "3H 4H", "5H 6H", "AC 7H"], starter=3).apply("play AC")
    assert state.to_act == 0 and state.window
    state = state.apply("play 9D")
    number, won, lines = state.hand_results[0]
    assert won[0] == 1 + 5 + 2 * 4 and state.hand_number == 2


def test_hand_points_and_the_comet_still_held():
    assert hand_points([0, 3, 5, 1], kings_unplayed=2, comet_holder=2) == [14, 0, -1, 0]
    assert hand_points([2, 0, 1, 1], kings_unplayed=0, winner=1) == [0, 5, 0, 0]


def test_the_game_ends_after_the_hand_that_reaches_100():
    final = play_out(COMET.new(seed=2), [HeuristicBot(s) for s in range(4)])
    assert max(final.points) >= 100 and final.is_over
    before_last = [sum(w[s] for _, w, _ in final.hand_results[:-1]) for s in range(4)]
    assert max(before_last) < 100
    assert final.winners == (final.points.index(max(final.points)),)
    assert final.scores.game == final.points


def test_every_count_and_both_deals_play_to_the_end():
    for seats, deal in ((5, "stub"), (8, "even")):
        state = rules_engine.load_game("comet", deal=deal).new(seed=seats, seats=seats)
        bots = [RandomBot(s) for s in range(seats)]
        while not state.is_over:
            state = state.apply(bots[state.to_act].choose(state.view(state.to_act)))
        assert max(state.points) >= 100


def test_the_bot_keeps_the_comet_then_goes_out_with_it():
    state = COMET.new(seats=4, decks={"hand-1": TEXT_DECK}).apply("play AC")
    assert comet_bot.choose(state.view(0), random.Random(1)) == "pass"
    state = position(["9D KS", "3H 4H", "5H 6H", "AC 7H"], starter=3).apply("play AC")
    assert comet_bot.choose(state.view(0), random.Random(1)) == "play 9D"


def test_the_bot_starts_an_orphan_first():
    # Seat 1 holds the A♥ (no card below it) and the 5♠ (the 4♠ is still out): the ace goes first.
    state = position(["4S", "AH 5S", "KS", "QS"], starter=1)
    assert comet_bot.choose(state.view(1), random.Random(1)) == "play AH"
