"""Comet's own rules: the 51-card pack, the stub or the even deal, stops,
the comet played at any time (its holder asked after every card, or told
to wait for their turn), the answer to it by the 10♦ or the interrupted
sequence's next card, the hand's points, the game to 100, the
interpretation notes, and the bot."""

import random
from dataclasses import replace

import pytest

import rules_engine
from conformance import check_step, snapshot
from rules_engine.bots import HeuristicBot, RandomBot, play_out
from rules_engine.cards import ACES_LOW, parse_cards
from rules_engine.errors import IllegalMoveError
from rules_engine.families.stops import StopsPlay
from rules_engine.families.stops_bots import StopsKnowledge
from rules_engine.games.comet import bot as comet_bot
from rules_engine.games.comet import hand_points, taken_out
from ends import first_hand_end, most, played_to_end

# The shared conformance suite (tests/test_conformance.py) plays fewer of this game's games a batch
# than of most: its heuristic bots look ahead by play-outs at every real choice, as the stops games'
# bots do.
CONFORMANCE_GAMES_PER_BATCH = {"heuristic": 1}

COMET = rules_engine.load_game("comet")
TEXT_DECK = ("AC 2C 3C 4C 5C 6C 6H 9D TD 9S 7H 4D 7C TS 8H 5D AS JS 9H 6D 2S QS TH 7D 3S KS JH JD 4S AH "
             "QH QD 5S 2H KH KD 6S 3H AD 8C 7S 4H 2D 9C 8S 5H 3D TC JC QC KC")
# Seat 0 deals and holds the comet; seat 1 starts; the clubs go up from the ace to the 6.
TO_THE_SIX = ["pass", "play AC", "pass", "play 2C", "pass", "play 3C", "play 4C", "pass", "play 5C", "pass",
              "play 6C"]
WAIT = "wait for my turn"


def refused(state, move, rule):
    before = snapshot(state)
    with pytest.raises(IllegalMoveError) as info:
        state.apply(move)
    assert info.value.rule == rule, info.value
    assert snapshot(state) == before
    return info.value.reason


def text_deal():
    return COMET.new(seats=4, decks={"hand-1": TEXT_DECK})


def text_example():
    state = text_deal()
    for move in TO_THE_SIX:
        state = state.apply(move)
    return state


def position(hands, dead="", starter=1, played=()):
    """A hand dealt as given (``played``: ``(seat, card)`` already played), at its first window."""
    state = COMET.new(seed=1, seats=len(hands))
    state.play = StopsPlay.deal([parse_cards(h) for h in hands], starter=starter, dead=parse_cards(dead))
    for seat, card in played:
        state.play = state.play.play(parse_cards(card)[0], seat)
    state.waiting, state.answer = False, None
    state._open_window()
    return state


def moves(state):
    return [m.text for m in state.legal_moves()]


# ---- the deal ------------------------------------------------------------------------------------

def test_the_deal_with_a_stub_or_evenly_with_eights_taken_out_face_up():
    for seats in range(4, 9):
        state = COMET.new(seed=seats, seats=seats)
        assert len({len(h) for h in state.play.hands}) == 1 and len(state.play.dead) == 51 % seats
        assert set(state.play.dead) <= state.hidden_from("all")
        assert not any(c.text == "8D" for c in state._cards_in_play())
        even = rules_engine.load_game("comet", deal="even").new(seed=seats, seats=seats)
        assert not even.play.dead and even.removed == taken_out(seats)
        assert sum(map(len, even.play.hands)) == 51 - len(taken_out(seats))
        assert not set(even.removed) & even.hidden_from(0)
        check_step(even)


def test_the_dealers_left_starts_and_the_deal_passes_left():
    state = text_deal()
    assert state.dealer == 0 and state.play.starter == 1
    state = position(["9D", "3H 4H", "5H 6H", "AC 7H"], starter=3).apply("pass").apply("play AC").apply("play 9D")
    assert state.hand_number == 2 and state.dealer == 1 and state.play.starter == 2


# ---- stops and sequences -------------------------------------------------------------------------

def test_a_sequence_stops_at_the_king_a_stub_card_or_a_card_played_and_the_last_player_starts():
    state = position(["QS 4H", "KS 2H", "3H 6H", "AC 5C"], dead="2C", starter=3)
    state = state.apply("play AC")                  # the 2♣ is in the stub: a stop
    assert state.play.stopped and state.to_act == 3 and moves(state) == ["play 5C"]
    state = state.apply("play 5C")                  # the 6♣ is nowhere: a stop, and seat 3 is out
    assert state.hand_number == 2
    state = position(["QS 4H", "KS 2H", "3H 6H", "AC 5C"], starter=0).apply("play QS")
    assert state.to_act == 1 and moves(state) == ["play KS"]
    state = state.apply("play KS")                  # past the king
    assert state.play.stopped and state.to_act == 1
    state = position(["4H 9S", "2H TS", "3H JS", "5H QS 6H 7D"], starter=3,
                     played=[(3, "6H"), (1, "2H"), (2, "3H")])
    state = state.apply("play 4H").apply("play 5H")  # the 6♥ has been played: a stop
    assert state.play.stopped and state.to_act == 3 and moves(state) == ["play QS", "play 7D"]


def test_only_the_next_card_may_follow_and_any_card_may_start():
    state = text_example()
    state = state.apply("pass")                     # seat 0 lets play go on: seat 1 holds the 7♣
    assert state.to_act == 1 and moves(state) == ["play 7C"]
    assert "7♣" in refused(state, "play 2S", "play.sequence")
    assert refused(state, "play KD", "play.turn")
    state = position(["4H 9S", "2H TS", "3H JS", "5H QS"], starter=0)
    assert sorted(moves(state)) == ["play 4H", "play 9S"]


# ---- the comet -----------------------------------------------------------------------------------

def test_the_texts_example_the_comet_after_the_six_of_clubs_is_answered_by_the_ten_of_diamonds_or_the_seven():
    state = text_example()
    assert state.to_act == 0 and moves(state) == ["play 9D", "pass", WAIT]
    state = state.apply("play 9D")
    assert state.to_act == 1 and moves(state) == ["play TD", "play 7C"]
    on_seven = state.apply("play 7C")
    assert on_seven.play.next_card().text == "8C" and on_seven.play.to_act == 0   # seat 0 holds the 8♣
    on_ten = state.apply("play TD")
    assert on_ten.play.next_card().text == "JD" and on_ten.play.to_act == 0        # the clubs are over
    assert "7♣" in refused(state, "play AS", "play.after-comet")


def test_the_comet_may_come_straight_after_its_holders_own_card():
    state = text_deal()
    for move in ["pass", "play AC", "pass", "play 2C", "pass", "play 3C", "play 4C"]:
        state = state.apply(move)
    assert state.to_act == 0 and state.play.last_player == 0 and "play 9D" in moves(state)
    state = state.apply("play 9D")                  # after its own 4♣: the 5♣ or the 10♦ answers
    assert state.to_act == 1 and moves(state) == ["play TD", "play 5C"]   # seat 1 holds both


def test_the_answer_passes_left_to_the_first_player_holding_it():
    # Seat 3 plays the comet; seat 0 holds neither answer, seat 1 neither, seat 2 the 10♦.
    state = position(["AS 2H", "3H 4H", "TD 5H", "9D AC 2C 6H"], starter=3).apply("play AC")
    state = state.apply("play 2C")       # seat 3 holds the 2♣ too; then nobody holds the 3♣: stop
    assert state.to_act == 3 and state.play.sequence == ()
    state = state.apply("play 9D")       # a comet to start: only the 10♦ answers
    assert state.to_act == 2 and moves(state) == ["play TD"]


def test_the_answer_goes_round_the_others_only():
    """interpretation.no-answer: the comet's player holds the 10♦, which none of the others do: it
    is a comet nobody can answer, told as such, and its player starts with any card."""
    held = position(["AS 2H", "3H 4H", "5H 6H", "9D TD 7H"], starter=3).apply("play 9D")
    dead = position(["AS 2H", "3H 4H", "5H 6H", "9D AC 7H"], starter=3).apply("play 9D")
    assert held.answer is None and held.to_act == 3 and moves(held) == ["play 7H", "play TD"]
    for seat in (None, 0, 1, 2):   # the others cannot tell whether the comet's player holds the 10♦
        assert held.table(seat) == dead.table(seat) and held.view(seat) == dead.view(seat)


def test_a_comet_nobody_can_answer_stops_play_and_its_player_starts():
    state = position(["AS 2H", "3H 4H", "5H 6H", "9D AC 7H"], starter=3).apply("play 9D")
    assert state.answer is None and state.to_act == 3 and "nobody can answer" in state.table(None)["last"]


def test_the_holder_is_asked_after_every_card_and_before_the_first_only_when_someone_else_plays_next():
    state = text_deal()
    assert state.window and state.to_act == 0       # before the first card: seat 1 is to start
    state = state.apply("pass").apply("play AC")
    assert state.window and state.to_act == 0
    state = state.apply("pass")
    assert not state.window and state.to_act == 2
    assert refused(state, "pass", "play.sequence")
    assert refused(state, WAIT, "interpretation.comet-turn")
    state = state.apply("play 2C").apply("pass").apply("play 3C")
    assert not state.window and state.to_act == 0   # seat 0 plays next anyway: the comet is a choice
    assert moves(state) == ["play 4C", "play 9D"]


def test_a_window_refuses_anything_but_the_comet_pass_or_wait():
    state = text_example()
    assert "pass" in refused(state, "play 8C", "play.comet")
    assert "wait for your own turn" in refused(state, "play 7C", "play.comet")   # not even another's card


def test_waiting_for_my_turn_skips_the_offers_until_the_holders_own_turn_then_they_resume():
    state = text_deal().apply(WAIT)
    assert state.to_act == 1 and state.table(None)["last"] is None   # nothing told: nobody saw the offer
    state = state.apply("play AC")                  # no offer: seat 2 plays the 2♣ at once
    assert state.to_act == 2 and not state.window
    state = state.apply("play 2C").apply("play 3C")
    assert state.to_act == 0 and moves(state) == ["play 4C", "play 9D"]   # the holder's own turn
    state = state.apply("play 4C")
    assert state.window and state.to_act == 0       # offered again after it


def test_the_comet_as_the_last_card_ends_the_hand_at_once():
    state = position(["9D", "3H 4H", "5H 6H", "AC 7H"], starter=3).apply("pass").apply("play AC")
    assert state.to_act == 0 and state.window
    state = state.apply("play 9D")
    number, won, lines = state.hand_results[0]
    assert won[0] == 1 + 5 + 2 * 4 and state.hand_number == 2


# ---- scoring and the end -------------------------------------------------------------------------

def test_hand_points_and_the_comet_still_held():
    assert hand_points([0, 3, 5, 1], kings_unplayed=2, comet_holder=2) == [14, 0, -1, 0]
    assert hand_points([2, 0, 1, 1], kings_unplayed=0, winner=1) == [0, 5, 0, 0]


def test_a_hand_scored_kings_in_hands_and_stub_and_the_comet_held():
    # Seat 3 goes out with its 4♥; the K♠ is in seat 0's hand, the K♥ in the stub; seat 1 holds the comet.
    state = position(["KS 2S", "9D 3S", "5S 6S", "3H 4H"], dead="KH", starter=3)
    state = state.apply("pass").apply("play 3H").apply("pass").apply("play 4H")
    won = state.hand_results[0][1]
    kings = 4   # none was played
    assert won == (0, -1, 0, 1 + 6 + 2 * kings)
    assert "still holds the comet" in " ".join(state.hand_results[0][2])
    items = [(group["name"], item["label"], item["points"], item["cards"])
             for group in state.table(0)["interlude"]["breakdown"] for item in group["items"]]
    assert items == [("Seat 1", "The comet still held", -1, ["9D"]), ("Seat 3", "Going out", 1, []),
                     ("Seat 3", "Cards left in the other hands", 6, []), ("Seat 3", "Kings not played", 8, [])]


def test_the_game_ends_after_the_hand_that_reaches_100_with_a_single_winner():
    final = play_out(COMET.new(seed=2), [HeuristicBot(s) for s in range(4)])
    assert max(final.points) >= 100 and final.is_over
    before_last = [sum(w[s] for _, w, _ in final.hand_results[:-1]) for s in range(4)]
    assert max(before_last) < 100
    assert final.winners == (final.points.index(max(final.points)),)
    assert final.scores.game == final.points


def test_interpretation_end_only_the_hands_winner_gains_so_there_is_no_tie():
    state = position(["9D", "3H 4H", "5H 6H", "AC 7H"], starter=3)
    state.points = (95, 99, 99, 0)
    state = state.apply("pass").apply("play AC").apply("play 9D")   # seat 0 goes out with 14 points
    assert state.is_over and state.points == (109, 99, 99, 0) and state.winners == (0,)
    assert state.table(None)["result"] == "Seat 0 wins the game with 109 points."
    state = position(["9D", "3H 4H", "5H 6H", "AC 7H"], starter=3)
    state.points = (0, 99, 0, 0)                      # a point short; seat 1 cannot gain in a hand it loses
    state = state.apply("pass").apply("play AC").apply("play 9D")
    assert not state.is_over and state.points[1] == 99


def test_every_count_and_both_deals_play_to_the_end():
    for seats, deal in ((5, "stub"), (8, "even")):
        state = rules_engine.load_game("comet", deal=deal).new(seed=seats, seats=seats)
        bots = [RandomBot(s) for s in range(seats)]
        while not state.is_over:
            state = state.apply(bots[state.to_act].choose(state.view(state.to_act)))
        assert max(state.points) >= 100


# ---- the bot -------------------------------------------------------------------------------------

def choice(state, seat=None, seed=1):
    seat = state.to_act if seat is None else seat
    return comet_bot.choose(state.view(seat), random.Random(seed))


def test_the_bot_keeps_the_comet_while_nobody_is_near_the_end_and_never_waits():
    assert choice(text_deal()) == "pass"
    assert choice(text_example()) == "pass"


def test_the_bot_goes_out_with_the_comet():
    state = position(["9D", "3H 4H", "5H 6H", "AC 7H"], starter=3).apply("pass").apply("play AC")
    assert choice(state) == "play 9D"
    state = position(["9D QH", "3H 4H", "5H 6H", "AC 7H"], starter=0)
    assert choice(state) == "play QH"               # then the comet alone, at the next chance


def test_the_bot_spends_the_comet_to_stop_a_player_about_to_go_out():
    # Seat 2 stops play with the K♣ and is left with one card, to start with: seat 0's comet, answered
    # by seat 1's 10♦, takes the start away from it.
    state = position(["9D 2S 3S 4S", "TD 5S 6S", "KC 7C", "JD QD 8S"], starter=2)
    state = state.apply("pass").apply("play KC")
    assert state.to_act == 0 and state.window
    assert choice(state) == "play 9D"


def test_the_bot_starts_the_sequence_it_can_continue():
    # Seat 1 starts: the 2♥ takes its own 3♥ 4♥ 5♥ with it; the 9♠ hands play to the 10♠'s holder.
    state = position(["TS JS", "9S 2H 3H 4H 5H", "QS KS", "6S 7S"], starter=1)
    assert choice(state) == "play 2H"


def test_the_bot_reads_the_stub_from_stops_but_not_from_an_answered_comet():
    def knowledge(played):
        state = position(["AS 2S", "3S 4S", "5S 6S", "7S 8S"], starter=0)
        state.play = replace(state.play, played=played)
        know = StopsKnowledge(state.view(0), ACES_LOW, "51", interrupters=(comet_bot.COMET,))
        return {c.text for c in comet_bot.known_dead(know)}
    cards = lambda text: tuple(zip([1, 2, 3, 1, 2], parse_cards(text)))   # noqa: E731
    assert knowledge(cards("4C 5C 9H")) == {"6C"}                       # the 6♣ never came: stub
    assert knowledge(cards("4C 9D 5C")) == set()                         # the 5♣ answered the comet
    assert knowledge(cards("4C 9D TD")) == set()                         # so did the 10♦
    assert knowledge(cards("4C 9D 2H")) == {"5C", "TD"}                  # nobody could answer


# ---- who holds the comet stays hidden ------------------------------------------------------------

def seen(state, seat):
    view, table = state.view(seat), state.table(seat)
    return {**view, "moves": None, "table": {**view["table"], "moves": None}}, {**table, "moves": None}


def test_the_others_never_learn_who_is_offered_the_comet():
    """interpretation.comet-turn: at every offer, each other seat sees play wait as it would
    without it, and the holder's pass or wait changes nothing any of them sees."""
    offers = 0
    for seed in range(6):
        state = COMET.new(seed=seed, seats=4 + seed % 3)
        bots = [RandomBot(f"{seed}/{s}") for s in range(state.seats)]
        while not state.is_over:
            move = bots[state.to_act].choose(state.view(state.to_act))
            after = state.apply(move)
            if state.window:
                offers += 1
                holder = state.to_act
                assert state.view(holder)["to_act"] == holder and state.view("all")["to_act"] == holder
                # Play waits on the starter of a sequence, or on whoever holds its next card, unnamed.
                public = None if state.play.sequence else state.play.starter
                for seat in [None, *(s for s in range(state.seats) if s != holder)]:
                    assert state.view(seat)["to_act"] == public != holder
                    assert state.table(seat)["to_act"] == public
                    assert not state.view(seat)["table"]["window"]
                    if move != "play 9D":   # all alike but for the seat to play next, whose turn it now is
                        if seat != after.to_act:
                            assert seen(after, seat) == seen(state, seat)
                        assert not after.told_last_move(seat)
                assert after.told_last_move(holder)
            state = after
    assert offers > 100


def test_a_reader_playing_comet_never_sees_a_bot_asked_about_it():
    """The page protocol lets the bots answer their offers before it replies: a bot is shown to
    act only to play a card, the comet included, and its passes are never told."""
    from rules_engine.host import Host

    host, comets = Host(), 0
    for seed in range(2):   # 3 and 2 comets, some 1,100 replies
        reply = host.handle({"v": 1, "op": "open", "session": "c", "game": "comet", "seed": seed, "human": 0})
        while not reply["table"]["is_over"]:
            assert reply["ok"]
            state = host.sessions["c"].state
            if reply["table"]["to_act"] == 0:
                reply = host.handle({"v": 1, "op": "move", "session": "c", "move": reply["view"]["moves"][-1]})
            else:
                offered = state.window
                reply = host.handle({"v": 1, "op": "bot", "session": "c"})
                assert reply["played"]["move"] not in ("pass", WAIT)
                if offered:                         # shown to act in its offer: it plays the comet
                    assert reply["played"]["move"] == "play 9D"
                    comets += 1
            last = reply["last"]
            assert last is None or last["seat"] == 0 or last["move"] not in ("pass", WAIT)
    assert comets >= 1


def test_a_default_game_ends_as_its_text_says():
    final = played_to_end("comet")
    # The hand in which a player reaches 100 ends the game, and that player wins.
    assert max(final.points) >= 100 and final.winners == most(final.points)
    before = [total - won for total, won in zip(final.points, final.hand_results[-1][1])]
    assert max(before) < 100


def test_a_hands_end_shows_the_winners_points_item_by_item():
    end = first_hand_end(COMET.new(seed=3))
    winner = next(group for group in end["breakdown"] if group["points"] > 0)
    assert [item["label"] for item in winner["items"]][:3] == [
        "Going out", "Cards left in the other hands", "Kings not played"]
