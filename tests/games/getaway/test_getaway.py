"""Getaway's own rules: the A♠ lead and the open first trick, stopped and
complete tricks, taking a hand, getting away, the two-player ending and the
shootout, and the interpretation notes."""

import itertools
import random

import pytest

import rules_engine
from conformance import check_step, refused, snapshot
from rules_engine.bots import HeuristicBot, RandomBot, play_out
from rules_engine.cards import make_deck, parse_card, parse_cards
from rules_engine.families.shedding_tricks import SheddingPlay, deal_order
from rules_engine.games.getaway import TRICK_LIMIT, Shootout, most_cards, shootout_answer
from ends import game_end_explained, played_to_end
from family_tests import hero_counts

GETAWAY = rules_engine.load_game("getaway")
JACK_FIRST = ["JS"] + [c.text for c in make_deck("52") if c.text != "JS"]  # seat 0 deals


def position(hands, leader, number=2, out=(), seats=None, asked=False):
    """A state in the middle of a deal: ``hands`` as texts, every other card
    in the discard pile, trick ``number`` about to be led by ``leader``. The
    others have passed between the tricks unless ``asked``: then they are
    still to be asked whether to take a hand."""
    state = GETAWAY.new(seed=1, seats=seats or len(hands))
    held = [parse_cards(h) for h in hands]
    inside = {c for hand in held for c in hand}
    play = SheddingPlay.deal(held, leader, stop_by_playing=True, open_tricks=1)
    state.play = SheddingPlay(hands=play.hands, leader=leader, stop_by_playing=True, open_tricks=1,
                              number=number, out=tuple(out), voids=play.voids,
                              discards=tuple(c for c in make_deck("52") if c not in inside))
    state.between = number > 1
    state.answered = frozenset() if asked else frozenset(s for s in range(state.seats) if s != leader)
    return state


def passing(state):
    """``state`` once everyone asked between tricks has passed, up to the leader."""
    while state.between and state.to_act != state.play.leader:
        state = state.apply("pass")
    return state


def sizes(state):
    return [len(hand) for hand in state.play.hands]


@pytest.mark.parametrize("seats, expected", [
    (3, [17, 18, 17]), (4, [13] * 4), (5, [10, 11, 11, 10, 10]), (6, [8, 9, 9, 9, 9, 8]),
    (7, [7, 8, 8, 8, 7, 7, 7]), (8, [6, 7, 7, 7, 7, 6, 6, 6])])
def test_the_whole_pack_is_dealt_as_far_as_it_goes_from_the_dealers_left(seats, expected):
    state = GETAWAY.new(seats=seats, decks={"first-dealer": JACK_FIRST, "deal": [c.text for c in make_deck("52")]})
    assert state.dealer == 0
    assert sizes(state) == expected and sum(expected) == 52
    check_step(state)


def test_the_dealer_is_whoever_gets_the_first_jack():
    order = ["2S", "3S", "4S", "JD"] + [c.text for c in make_deck("52") if c.text not in ("2S", "3S", "4S", "JD")]
    state = GETAWAY.new(seats=3, decks={"first-dealer": order, "deal": [c.text for c in make_deck("52")]})
    assert state.dealer == 0  # the fourth card comes round to seat 0 again
    state = GETAWAY.new(seats=5, decks={"first-dealer": order, "deal": [c.text for c in make_deck("52")]})
    assert state.dealer == 3 and state.view(None)["table"]["dealer_turned"] == 4


def test_the_ace_of_spades_leads_and_everyone_plays_to_the_first_trick():
    hands = [parse_cards("AS KS QS 2S 3S 4S 5S 6S 7S 8S 9S 2H"), parse_cards("3H 4H 5H 6H"),
             parse_cards("JS TS 7D 8D")]
    rest = [c for c in make_deck("52") if not any(c in h for h in hands)]
    for hand, size in zip(hands, (17, 18, 17)):
        while len(hand) < size:
            hand.append(rest.pop())
    state = GETAWAY.new(seats=3, decks={"first-dealer": JACK_FIRST, "deal": deal_order(hands, 0)})
    assert state.to_act == 0 and [m.text for m in state.legal_moves()] == ["play AS"]
    assert "led with the A♠" in refused(state, "play KS", "play.first-trick")
    refused(state, "take hand", "play.take-hand")
    state = state.apply("play AS")
    void = state.play.hands[1]
    assert not any(c.suit == "S" for c in void)
    state = state.apply(f"play {void[0].text}")  # no spade: any card, and the trick goes on
    assert state.to_act == 2 and len(state.play.trick) == 2
    refused(state, "play 7D", "play.follow-suit")
    state = state.apply("play JS")
    assert state.play.discards and state.play.last[0] == "discarded" and state.play.leader == 0
    assert sizes(state) == [len(h) - 1 for h in hands]
    assert state.to_act == 1 and [m.text for m in state.legal_moves()] == ["pass", "take hand"]
    assert passing(state).to_act == 0


def test_a_player_who_cannot_follow_stops_the_trick_and_the_highest_takes_it():
    state = position(["4H 9C", "KH 2C", "3D 5D", "QH 7H"], leader=0)
    state = state.apply("play 4H").apply("play KH")
    assert state.to_act == 2
    state = state.apply("play 5D")  # seat 2 has no heart: seat 3 never plays
    assert state.play.last[:2] == ("taken", 1)
    assert set(state.play.hands[1]) == set(parse_cards("KH 4H 5D 2C"))  # the odd card included
    assert state.play.leader == 1 and passing(state).to_act == 1 and sizes(state) == [1, 4, 1, 2]
    assert "Seat 1, highest with the K♥, takes its 3 cards into hand" in state.table(None)["last"]


def test_a_complete_trick_is_discarded_and_its_highest_card_leads():
    state = position(["4H 9C", "KH 2C", "3H 5D", "QH 7D"], leader=0)
    for move in ["play 4H", "play KH", "play 3H", "play QH"]:
        state = state.apply(move)
    assert state.play.last[:2] == ("discarded", 1) and state.play.leader == 1
    assert sizes(state) == [1, 1, 1, 1]
    # The just-finished trick shows face up; the rest of the pile is face down and hidden from all.
    table = state.table(None)
    assert [z["cards"] for z in table["zones"] if z["id"] == "last-trick"] == [["4H", "KH", "3H", "QH"]]
    assert set(state.play.face_down()) <= state.hidden_from("all")
    assert not set(state.play.face_down()) & set(parse_cards("4H KH 3H QH"))


def test_a_player_who_runs_out_gets_away_and_the_lead_passes_left():
    state = position(["AH", "KH 2C", "3H 5D", "QH 7D"], leader=0)
    for move in ["play AH", "play KH", "play 3H", "play QH"]:
        state = state.apply(move)
    assert state.play.out == (0,) and state.play.leader == 1  # seat 0 won with its last card
    assert "Got away: Seat 0" in state.table(None)["headline"]["facts"]
    assert [z["note"] for z in state.table(None)["zones"] if z["id"] == "hand-0"] == ["got away"]
    assert [state.to_act, passing(state).to_act] == [2, 1]  # seat 0 is asked no more
    state = passing(state).apply("play 2C")  # seat 0 no longer plays
    assert state.to_act == 2


def test_a_last_card_that_is_highest_when_the_trick_stops_comes_back():
    """interpretation.getting-away"""
    state = position(["KH", "3H 2C", "5D 6D", "QH 7D"], leader=0)
    state = state.apply("play KH").apply("play 3H").apply("play 5D")
    assert state.play.out == () and set(state.play.hands[0]) == set(parse_cards("KH 3H 5D"))
    assert passing(state).to_act == 0


def test_the_leader_may_take_the_left_hand_once_before_leading():
    state = position(["4H", "KH 2C", "3D 5D", "QH 7D"], leader=0, number=3)
    assert [m.text for m in state.legal_moves()] == ["play 4H", "take hand"]
    state = state.apply("take hand")
    assert state.play.out == (1,) and set(state.play.hands[0]) == set(parse_cards("4H KH 2C"))
    assert state.to_act == 0
    refused(state, "take hand", "interpretation.take-hand")
    refused(state, "pass", "interpretation.take-hand")
    state = state.apply("play 4H")
    refused(state, "take hand", "play.take-hand")  # only between tricks
    refused(state, "pass", "play.turn")
    assert state.to_act == 2  # seat 1 got away and is skipped


def test_between_tricks_everyone_still_in_is_asked_in_turn_and_the_leader_answers_by_leading():
    """interpretation.take-hand"""
    state = position(["4H 8C", "", "3D 5D", "QH 7D", "2S 9S"], leader=3, out=(1,), asked=True)
    asked = []
    while state.to_act != 3:
        asked.append(state.to_act)
        assert [m.text for m in state.legal_moves()] == ["pass", "take hand"]
        assert "play 2S" not in [m.text for m in state.legal_moves()]
        refused(state, f"play {state.play.hands[state.to_act][0].text}", "interpretation.take-hand")
        facts = state.table(None)["headline"]["facts"]
        assert any(f.startswith(f"Between tricks: Seat {state.to_act} may take") and f.endswith("Seat 3 leads next")
                   for f in facts)
        state = state.apply("pass")
        assert state.table(None)["last"].endswith("'s hand.") and "does not take" in state.table(None)["last"]
    assert asked == [4, 0, 2]  # from the leader's left round, seat 1 having got away
    assert [m.text for m in state.legal_moves()] == ["play QH", "play 7D", "take hand"]
    state = state.apply("play QH")
    assert not state.between and state.to_act == 4 and state.view(None)["table"]["answered"] == []
    check_step(state)


def test_a_player_asked_between_tricks_may_take_the_hand_of_the_player_due_to_lead():
    state = position(["4H 8C", "KH 2C", "3D 5D", "QH 7D"], leader=1, asked=True)
    assert state.to_act == 2
    state = state.apply("pass")
    state = state.apply("pass")          # seat 3
    assert state.to_act == 0
    state = state.apply("take hand")     # seat 0 takes seat 1's hand: seat 1 was due to lead
    assert state.play.out == (1,) and set(state.play.hands[0]) == set(parse_cards("4H 8C KH 2C"))
    assert state.play.leader == 2 and state.to_act == 2   # the next player on the left leads, asked already
    assert "Seat 1 gets away. Seat 2 leads instead." in state.table(None)["last"]
    assert [m.text for m in state.legal_moves()] == ["play 3D", "play 5D"]
    refused(state, "take hand", "interpretation.take-hand")


def test_a_player_asked_between_tricks_who_takes_leaves_the_rest_to_be_asked():
    state = position(["4H 8C", "KH 2C", "3D 5D", "QH 7D"], leader=0, asked=True)
    state = state.apply("take hand")     # seat 1 takes seat 2's hand
    assert state.play.out == (2,) and state.to_act == 3 and state.play.leader == 0
    state = state.apply("pass")          # seat 3; seat 2 got away and is not asked
    assert state.to_act == 0 and state.legal_moves()[-1].text == "take hand"


def test_taking_skips_players_who_got_away():
    state = position(["4H", "", "3D 5D", "QH 7D"], leader=0, out=(1,))
    state = state.apply("take hand")
    assert state.play.out == (1, 2) and len(state.play.hands[0]) == 3


def test_taking_the_last_other_hand_loses():
    state = position(["4H", "", "3D 5D", ""], leader=0, out=(1, 3))
    state = state.apply("take hand")
    assert state.is_over and state.winners == (1, 2, 3) and state.scores.game == (-1, 0, 0, 0)


def test_two_left_a_higher_answer_to_the_last_card_lets_the_leader_get_away():
    state = position(["9H", "", "KH 2C", ""], leader=0, out=(1, 3))
    state = state.apply("play 9H").apply("play KH")
    assert state.is_over and state.loser == 2 and state.winners == (0, 1, 3)
    assert state.table(None)["result"].startswith("Seat 2 is left holding cards and loses")


def shootout_state(holder="3H 5H QH 2C", drawer_card="9H", answer="5H"):
    state = position([drawer_card, "", holder, ""], leader=0, out=(1, 3))
    return state.apply(f"play {drawer_card}").apply(f"play {answer}")


def test_two_left_a_lower_answer_to_the_last_card_starts_a_shootout():
    state = shootout_state()
    shootout = state.shootout
    assert shootout is not None and (shootout.drawer, shootout.holder) == (0, 2)
    assert shootout.aside == tuple(parse_cards("9H 5H"))
    assert len(shootout.pile) == 52 - 2 - 3 and not set(shootout.aside) & set(shootout.pile)
    assert state.to_act == 0 and [m.text for m in state.legal_moves()] == ["draw"]
    assert refused(state, "play 3H", "end.shootout")
    # The pile stays face down: hidden from every seat, named in no view or table.
    for seat in (None, "all", 0, 2):
        assert set(shootout.pile) <= state.hidden_from(seat)
        text = str(state.view(seat)) + str(state.table(seat))
        assert not any(f"'{c.text}'" in text for c in shootout.pile)
    check_step(state)


def test_a_shootout_goes_on_while_the_answers_are_lower():
    state = shootout_state(holder="3H 5H 2C 4C")
    state.shootout = Shootout(drawer=0, holder=2, pile=tuple(parse_cards("8H 7C AH")) + state.shootout.pile[3:],
                              aside=state.shootout.aside)
    state = state.apply("draw")
    assert [m.text for m in state.legal_moves()] == ["play 3H"]
    state = state.apply("play 3H")
    assert not state.is_over and state.to_act == 0 and "must draw again" in state.table(None)["last"]
    state = state.apply("draw").apply("play 4C")
    assert not state.is_over
    state = state.apply("draw")  # the A♥, and seat 2 holds no heart
    assert state.is_over and state.loser == 0 and state.winners == (1, 2, 3)


def test_a_higher_answer_in_a_shootout_loses():
    state = shootout_state()
    state.shootout = Shootout(drawer=0, holder=2, pile=(parse_card("JH"),) + state.shootout.pile[1:],
                              aside=state.shootout.aside)
    state = state.apply("draw").apply("play QH")
    assert state.is_over and state.loser == 2 and state.winners == (0, 1, 3)


def test_a_shootout_ends_on_a_suit_the_holder_lacks():
    state = shootout_state()
    state.shootout = Shootout(drawer=0, holder=2, pile=(parse_card("TD"),) + state.shootout.pile[1:],
                              aside=state.shootout.aside)
    state = state.apply("draw")
    assert state.is_over and state.loser == 0 and "holds no ♦" in state.table(None)["last"]


@pytest.mark.parametrize("lead, answer, drawer", [("2H", "9H", 2), ("9H", "2H", 0)])
def test_a_follower_who_wins_with_the_last_card_faces_the_shootout(lead, answer, drawer):
    """interpretation.shootout-trigger: whoever wins the complete trick with an empty hand draws."""
    state = position([f"{lead} 3C", "", answer, ""], leader=0, out=(1, 3))
    state = state.apply(f"play {lead}").apply(f"play {answer}")
    if drawer == 2:
        assert state.shootout is not None and state.shootout.drawer == 2
    else:  # the follower lost the trick with its last card: it simply got away
        assert state.is_over and state.loser == 0


def test_an_answer_with_the_last_card_lets_the_holder_get_away():
    """interpretation.shootout-last-card"""
    state = shootout_state(holder="3H 5H")
    state.shootout = Shootout(drawer=0, holder=2, pile=(parse_card("KH"),) + state.shootout.pile[1:],
                              aside=state.shootout.aside)
    state = state.apply("draw").apply("play 3H")
    assert state.is_over and state.loser == 0 and state.winners == (1, 2, 3)


def test_an_exhausted_draw_pile_is_made_again_from_the_shootouts_cards():
    """interpretation.shootout-pile"""
    state = shootout_state(holder="2H 3H 4H 5H 6H")
    shootout = state.shootout
    rest = tuple(c for c in shootout.pile if c not in parse_cards("KH QH"))
    state.shootout = Shootout(drawer=0, holder=2, pile=tuple(parse_cards("KH QH")), aside=shootout.aside,
                              played=rest)
    state = state.apply("draw").apply("play 2H").apply("draw").apply("play 3H")
    assert not state.shootout.pile and state.to_act == 0
    state = state.apply("draw")
    assert "shuffled into a new one" in state.table(None)["last"]
    assert state.shootout.shuffles == 2 and len(state.shootout.pile) == len(rest) + 4 - 1
    check_step(state)


def test_a_trick_that_empties_every_hand_loses_for_its_winner():
    """interpretation.all-out"""
    state = position(["9H", "", "KH", ""], leader=0, out=(1, 3))
    state = state.apply("play 9H").apply("play KH")
    assert state.is_over and state.loser == 2
    state = position(["9H", "2H", "KH", ""], leader=0, out=(3,))
    state = state.apply("play 9H").apply("play 2H").apply("play KH")
    assert state.is_over and state.loser == 2 and "due to lead, loses" in state.table(None)["last"]


def test_shootout_answers():
    assert shootout_answer(parse_card("9H"), parse_card("TH")) == "holder loses"
    assert shootout_answer(parse_card("9H"), parse_card("8H")) == "again"
    assert shootout_answer(parse_card("9H"), None) == "drawer loses"


@pytest.mark.parametrize("seats", range(3, 9))
def test_a_whole_game_ends_with_one_loser(seats):
    for seed in range(5):
        final = play_out(GETAWAY.new(seed=seed, seats=seats), [RandomBot(f"{seed}/{s}") for s in range(seats)])
        assert final.is_over and final.loser is not None and final.play.number < TRICK_LIMIT
        assert final.winners == tuple(s for s in range(seats) if s != final.loser)
        assert sorted(final.scores.game) == [-1] + [0] * (seats - 1)
        assert final.table(None)["result"]


CIRCLE = ["4H 5D 9D", "8H", "3C 6C"]   # seat 0 leads the 4♥ and everyone passes: nine cards go round


def test_play_can_go_round_in_circles_and_ends_after_the_trick_limit():
    """interpretation.trick-limit: the hands come back every three tricks; the most cards lose."""
    assert most_cards([[1], [2, 3], [4, 5]], [0, 1, 2]) == (1, 2)
    state = position(CIRCLE, leader=0)
    start = (state.play.hands, state.play.leader)
    circle = ["play 4H", "play 8H", "play 3C",   # seat 2 has no heart: seat 1 takes the trick
              "pass", "pass", "play 3C", "play 6C", "play 5D",   # seat 0 has no club: seat 2 takes
              "pass", "pass", "play 5D", "play 9D", "play 4H",   # seat 1 has no diamond: seat 0 takes
              "pass", "pass"]
    for move in circle:
        state = state.apply(move)
    assert (state.play.hands, state.play.leader, state.to_act) == start + (0,) and state.play.number == 5
    for move in itertools.cycle(circle):
        if state.is_over:
            break
        state = state.apply(move)
    assert state.play.number == TRICK_LIMIT + 1 and state.at_limit
    assert [len(h) for h in state.play.hands] == [2, 3, 1] and state.losers == (1,) and state.winners == (0, 2)
    assert state.table(None)["result"] == "After 200 tricks Seat 1, holding the most cards (3), loses."
    assert "the most cards, 3, lose" in state.table(None)["last"]
    assert len(state.record.moves) <= state.move_bound()


def test_players_tied_for_the_most_cards_at_the_limit_share_the_loss():
    state = position(["4H 9S", "5H 9C", "6H"], leader=0, number=TRICK_LIMIT)
    for move in ["play 4H", "play 5H", "play 6H"]:
        state = state.apply(move)
    assert state.is_over and state.losers == (0, 1) and state.loser is None and state.winners == (2,)
    assert state.scores.game == (-1, -1, 0)
    assert state.table(None)["result"] == "After 200 tricks Seat 0, Seat 1, holding the most cards (1), share the loss."


def test_the_heuristic_bot_loses_far_less_often_than_a_random_player():
    losses = hero_counts(GETAWAY, 60, range(3, 9), lambda final, hero: final.loser == hero)
    assert losses["heuristic"] * 3 < losses["random"], losses


def test_the_bot_takes_the_hand_of_a_left_player_who_lacks_every_suit_it_holds():
    state = position(["4H 9H", "2C 3C", "5H 7D", "QH 7H"], leader=0, number=5)
    voids = list(state.play.voids)
    voids[1] = frozenset("SHD")
    state.play = state.play.__class__(**{**state.play.__dict__, "voids": tuple(voids)})
    assert HeuristicBot(1).choose(state.view(0)) == "take hand"


def test_random_bad_moves_change_nothing():
    state = GETAWAY.new(seed=3, seats=5)
    rng = random.Random(3)
    for _ in range(30):
        state = state.apply(rng.choice([m for m in state.legal_moves() if m.text != "take hand"]))
    for move in ["play ZZ", "take", "draw 2", "bid 3"]:
        before = snapshot(state)
        with pytest.raises(rules_engine.RulesError):
            state.apply(move)
        assert snapshot(state) == before


def test_a_default_game_ends_as_its_text_says():
    final = played_to_end("getaway")
    # One deal: the last player holding cards loses; everyone else got away.
    assert len(final.losers) == 1 and final.play.number <= 200
    loser = final.losers[0]
    assert all(not hand for seat, hand in enumerate(final.play.hands) if seat != loser)
    assert final.winners == tuple(seat for seat in range(final.seats) if seat != loser)


def test_the_games_end_shows_who_got_away_in_which_order_and_the_losers_cards():
    end = game_end_explained(GETAWAY.new(seed=0))
    assert [[(item["label"], item["points"], item.get("note")) for item in group["items"]]
            for group in end["breakdown"]] == [[("Got away third", 0, None)], [("Got away second", 0, None)],
                                               [("Left holding cards", -1, "5 cards")], [("Got away first", 0, None)]]
    assert end["ended"] == "Everyone else has got away, and Seat 2 is left holding cards."
