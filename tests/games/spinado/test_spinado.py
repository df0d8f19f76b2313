"""Spinado's own rules: the 47-card pack and the dead hand, the antes, stops
by a dead or missing card, the spinado going down with a card and stopping
play, the pots of the pairs, the hand's settlement with the spinado's
penalty, and the game's end. Chips are conserved throughout (the
conformance suite checks every move of its playouts)."""

import random

import rules_engine
from conformance import check_step, refused
from rules_engine.bots import HeuristicBot, play_out
from rules_engine.cards import ACES_LOW, parse_cards
from rules_engine.families.stops_bots import StopsKnowledge
from rules_engine.families.stops import StopsPlay
from rules_engine.games.spinado import bot as spinado_bot
from rules_engine.games.spinado import equal_hands
from ends import first_hand_end, played_to_end
from family_tests import check_dealt_round_end, random_play

# The shared conformance suite (tests/test_conformance.py) plays fewer of this game's games a batch
# than of most: its heuristic bots look ahead by play-outs at every card its holder may keep back
# while a player is close to going out.
CONFORMANCE_GAMES_PER_BATCH = {"heuristic": 5}

SPINADO = rules_engine.load_game("spinado")


def position(hands, dead, starter=1, seed=1):
    """The first hand of a four-player game with ``hands`` and ``dead`` (texts) in place of the deal."""
    state = SPINADO.new(seed=seed, seats=len(hands))
    state.play = StopsPlay.deal([parse_cards(h) for h in hands], starter=starter, dead=parse_cards(dead))
    return state


# Every card of the 47 placed: seat 1 holds the spinado; seat 3 the K♦ Q♦ J♦.
HANDS = ["3S 4S 5S 6S 7S 8S 9S TS JS",
         "AD 3D 4D 5D QS KS AH 3H 4H",
         "5H 6H 7H 8H 9H TH JH QH KH",
         "JD QD KD AC 3C 4C 5C 6C 7C"]
DEAD = "AS 6D 7D 9D TD 8C 9C TC JC QC KC"


def test_the_pack_and_the_dead_hand():
    state = SPINADO.new(seed=4)
    assert len(state._pack()) == 47 and not any(c.rank == "2" for c in state._pack())
    assert all(len(h) == 9 for h in state.play.hands) and len(state.play.dead) == 11
    assert [len(h) for h in equal_hands(list(range(47)), 4)] == [11, 11, 11, 14]
    # the dead hand is hidden from everyone, a commentator too
    assert set(state.play.dead) <= state.hidden_from("all")
    check_step(state)


def test_everyone_antes_at_first_then_all_but_the_last_winner():
    state = SPINADO.new(seed=5)
    assert state.chips.held == (47,) * 4 and [n for _, n in state.chips.pools] == [4, 4, 4]
    state = next(s for s in random_play(state) if s.hand_number != 1)
    winner = state.last_winner
    assert state.totals_at_deal[winner] == state.chips.held[winner]  # the winner did not ante
    assert all(state.totals_at_deal[s] - state.chips.held[s] == 3 for s in range(4) if s != winner)


def test_a_card_in_the_dead_hand_stops_play_and_the_last_player_starts_again():
    state = position(HANDS, DEAD).apply("play 3H")   # seat 1: the 4♥ is its own, then the 5♥ is seat 2's
    assert state.to_act == 1
    state = state.apply("play 4H").apply("play 5H")
    for card in "6H 7H 8H 9H TH JH QH".split():
        state = state.apply(f"play {card}")
    state = state.apply("play KH")                    # the king ends the suit
    assert state.play.sequence == () and state.to_act == 2
    state = position(HANDS, DEAD, starter=3).apply("play 5C")
    state = state.apply("play 6C").apply("play 7C")   # the 8♣ is dead: seat 3 starts again
    assert state.play.stopped and state.to_act == 3


def test_the_next_card_may_be_played_or_kept_and_other_cards_are_refused_with_their_rule():
    state = position(HANDS, DEAD).apply("play 3H")
    assert [m.text for m in state.legal_moves()] == ["play 4H", "play 4H with AD", "pass"]
    assert refused(state, "play QS", "play.sequence") == \
        "the sequence needs the 4♥, which you hold: play it, or pass and keep it"
    assert "not in your hand" in refused(state, "play 9S", "play.turn")


def test_a_card_held_back_stops_play_and_the_last_player_starts():
    """play.hold-back, interpretation.hold-back"""
    state = position(HANDS, DEAD).apply("play 3H").apply("play 4H")   # seat 1 again: the 5♥ is seat 2's
    assert state.to_act == 2 and [m.text for m in state.legal_moves()] == ["play 5H", "pass"]
    state = state.apply("pass")
    assert state.play.sequence == () and state.play.stopped and state.to_act == 1 and state.play.starter == 1
    assert state.table(None)["last"] == ("Nobody plays the 5♥, which stops play, and Seat 1, who played "
                                         "last, starts the next sequence.")
    assert parse_cards("5H")[0] in state.play.hands[2]
    # interpretation.hold-back: only its holder knows who kept it; to the others it is a pass by nobody named.
    assert state.view(2)["table"]["held_back"] == [[2, "5♥"]] and state.last_move_seen_by(2) == ("pass", 2)
    for seat in (None, 0, 1):
        assert state.view(seat)["table"]["held_back"] == [] and state.last_move_seen_by(seat) == ("pass", None)
    assert refused(state, "pass", "play.start") == "you are starting a sequence: play any card"
    check_step(state)
    # The card kept goes down when its holder starts with it; the 6♥ then follows.
    state = state.apply("play QS").apply("play KS")   # seat 1's Q♠ K♠: the king stops, seat 1 starts
    assert state.to_act == 1
    state = state.apply("play AH")                    # the A♥ stops at once (no 2): seat 1 again
    state = state.apply("play 3D").apply("play 4D").apply("play 5D")   # the 6♦ is dead: seat 1 again
    assert state.to_act == 1


def test_a_holder_who_played_last_and_holds_back_starts_again():
    state = position(HANDS, DEAD).apply("play 3H")   # seat 1 holds the 4♥ too
    state = state.apply("pass")
    assert state.to_act == 1 and state.play.starter == 1 and state.view(1)["table"]["held_back"] == [[1, "4♥"]]


def test_the_bot_takes_no_stop_for_a_dead_card():
    """interpretation.hold-back: a card that stopped play may have been kept, so the bot counts it
    as unseen, not dead."""
    state = position(HANDS, DEAD).apply("play 3H").apply("play 4H").apply("pass")   # seat 2 keeps the 5♥
    view = state.apply("play QS").view(3)
    know = StopsKnowledge(view, ACES_LOW, "47", interrupters=(parse_cards("AD")[0],))
    assert parse_cards("5H")[0] in know.dead   # from the cards alone it looks dead...
    assert spinado_bot.known_dead(view) == set()   # ...but in Spinado it may have been kept


def test_the_bot_holds_back_only_when_another_player_is_close_to_going_out():
    state = position(HANDS, DEAD).apply("play 3H").apply("play 4H")
    rng = random.Random(1)
    assert spinado_bot.choose(state.view(2), rng) == "play 5H"   # nobody is near the end: no search
    hands = ["3S 4S", "AD 3D 4D 5D QS KS AH 3H 4H", "5H 6H 7H 8H 9H TH JH QH KH", "JD"]
    dead = "5S 6S 7S 8S 9S TS JS QD KD AC 3C 4C 5C 6C 7C 6D 7D 9D TD 8C 9C TC JC QC KC"
    state = position(hands, dead, starter=0).apply("play 3S")
    choices = {spinado_bot.choose(state.view(0), random.Random(seed)) for seed in range(3)}
    assert choices <= {"play 4S", "pass"}


def test_the_spinado_goes_with_a_valid_card_stops_play_and_its_holder_starts():
    state = position(HANDS, DEAD).apply("play 3H").apply("play 4H with AD")
    assert state.play.sequence == () and state.to_act == 1 and state.play.starter == 1
    played = [c.text for _, c in state.play.played]
    assert played == ["3H", "4H", "AD"]
    assert "spinado" in state.table(None)["last"]
    fresh = position(HANDS, DEAD)
    assert refused(fresh, "play AD with AD", "play.spinado")
    assert "only the spinado" in refused(fresh, "play 3D with KD", "play.spinado")
    assert refused(position(HANDS, DEAD, starter=2), "play 5H with AD", "play.spinado") == "you do not hold the spinado"
    assert "not in your hand" in refused(fresh, "play 5H with AD", "play.turn")


def test_a_player_who_plays_both_cards_of_a_pair_takes_its_pot():
    state = position(HANDS, DEAD, starter=3).apply("play JD")   # J♦ then Q♦, K♦: all seat 3's
    assert state.chips.pool("Intrigue") == 4
    state = state.apply("play QD")
    assert state.chips.pool("Intrigue") == 0 and state.chips.held[3] == 51
    state = state.apply("play KD")
    assert state.chips.pool("Matrimony") == 0 and state.chips.held[3] == 55
    assert "collects Matrimony" in state.table(None)["last"]


def test_a_pair_split_between_players_takes_nothing():
    hands = list(HANDS)
    hands[2], hands[3] = "QD 6H 7H 8H 9H TH JH QH KH", "JD 5H KD AC 3C 4C 5C 6C 7C"
    state = position(hands, DEAD, starter=3).apply("play JD").apply("play QD").apply("play KD")
    assert [n for _, n in state.chips.pools] == [4, 4, 4]


def test_the_winner_takes_game_and_the_spinado_still_held_costs_two_chips_a_card():
    hands = ["3S", "AD 3D 4D 5D QS KS AH 3H 4H", "5H 6H 7H 8H 9H TH JH QH KH", "JD QD KD AC 3C 4C 5C 6C 7C"]
    dead = "4S 5S 6S 7S 8S 9S TS JS AS 6D 7D 9D TD 8C 9C TC JC QC KC"
    state = position(hands, dead, starter=0).apply("play 3S")
    number, won, lines = state.hand_results[0]
    assert lines[0] == "Seat 0 collects Game (4 chips)"
    assert lines[1] == "Seat 1 still holds the spinado (A♦) and pays Seat 0 18 chips"
    assert won == (4 - 3 + 18, -3 - 18, -3, -3)
    assert state.hand_number == 2 and state.dealer == 1 and state.chips.conserved
    # Matrimony and Intrigue carry over, fed by the three who did not win; Game starts afresh
    assert state.chips.pools == (("Matrimony", 7), ("Intrigue", 7), ("Game", 3))


def test_the_spinado_played_alone_starts_a_sequence_that_stops_at_once():
    state = position(HANDS, DEAD).apply("play AD")
    assert state.play.stopped and state.to_act == 1 and state.play.sequence == ()
    assert "play AD" not in [m.text for m in state.legal_moves()]
    assert not any(m.text.endswith("with AD") for m in state.legal_moves())


def test_a_player_short_of_chips_pays_the_spinado_on_credit_and_the_game_ends_with_the_hand():
    state = rules_engine.load_game("spinado", chips=20).new(seed=1)
    hands = ["3S", "AD 3D 4D 5D QS KS AH 3H 4H", "5H 6H 7H 8H 9H TH JH QH KH", "JD QD KD AC 3C 4C 5C 6C 7C"]
    dead = "4S 5S 6S 7S 8S 9S TS JS AS 6D 7D 9D TD 8C 9C TC JC QC KC"
    state.play = StopsPlay.deal([parse_cards(h) for h in hands], starter=0, dead=parse_cards(dead))
    state = state.apply("play 3S")
    assert state.chips.held[1] == 20 - 3 - 18 == -1 and state.chips.conserved
    assert state.is_over and state.hand_number == 1 and state.winners == (0,)


def test_the_game_ends_after_everyone_has_dealt_and_chips_are_conserved_at_every_count():
    for seats in (3, 4, 5):
        for state in random_play(SPINADO.new(seed=seats, seats=seats)):
            assert state.chips.conserved
        assert state.hand_number == seats or min(state.chips.held) <= 0
        assert state.winners and "win" in state.table(None)["result"]


def test_the_bot_goes_out_with_the_spinado_when_it_can():
    state = position(["3S", "AD 4D", "5H", "6H"], "", starter=1)
    assert spinado_bot.choose(state.view(1), random.Random(1)) == "play 4D with AD"


def test_the_bot_spends_the_spinado_to_keep_the_lead():
    # played alone, the 4♥ lets seat 2 go out with the 5♥; with the spinado, seat 1 keeps the lead
    state = position(["3S 3C", "AD 4H 9S", "5H", "6C 7C"], "KS", starter=1)
    assert spinado_bot.choose(state.view(1), random.Random(1)) in ("play 4H with AD", "play 9S with AD")


def test_the_bot_takes_a_pot_before_the_hand_is_lost():
    # the 3♥ hands the lead to seat 2, who goes out: the Q♦ K♦ must come first to take Matrimony
    state = position(["5S 6S", "QD KD 3H", "4H", "7C 8C"], "", starter=1)
    assert spinado_bot.choose(state.view(1), random.Random(1)) in ("play QD", "play KD")


def test_the_bot_learns_dead_cards_from_stops():
    played = [(1, c) for c in parse_cards("3H 4H")] + [(1, parse_cards("9S")[0])]
    view = {"seat": 0, "table": {"play": {"hands": [["9H"], 3, 3], "played": [[s, c.text] for s, c in played], "dead": 5}}}
    assert StopsKnowledge(view, ACES_LOW, "47").dead == set(parse_cards("5H"))


def test_heuristic_games_end():
    final = play_out(SPINADO.new(seed=7, seats=5), [HeuristicBot(s) for s in range(5)])
    assert final.is_over and final.chips.conserved


def test_a_default_game_ends_as_its_text_says():
    # Every player deals once (the default), or a player is out of chips; the most chips win.
    check_dealt_round_end(played_to_end("spinado"))


def test_a_hands_end_shows_each_ante_and_game_taken():
    end = first_hand_end(SPINADO.new(seed=3))
    for group in end["breakdown"]:
        ante = [item for item in group["items"] if item["label"] == "Ante to the pots"]
        assert ante and ante[0]["points"] == -3 and ante[0]["rule"] == "setup.ante"
    assert any(item["label"] == "Takes Game" for group in end["breakdown"] for item in group["items"])
