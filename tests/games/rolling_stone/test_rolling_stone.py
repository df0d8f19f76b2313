"""Rolling Stone's own rules: the pack per number of players, following suit,
picking up the trick, complete tricks discarded, the first player out wins,
and the interpretation notes."""

import pytest

import rules_engine
from conformance import check_step, refused
from rules_engine.bots import RandomBot, play_out
from rules_engine.cards import make_deck, parse_cards
from rules_engine.families.shedding_tricks import SheddingPlay, deal_order
from rules_engine.games.rolling_stone import TRICK_LIMIT, fewest_cards
from ends import game_end_explained, played_to_end
from family_tests import hero_counts

STONE = rules_engine.load_game("rolling-stone")


def jack_first(deck):
    return ["JS"] + [c.text for c in make_deck(deck) if c.text != "JS"]  # seat 0 deals


def position(hands, leader, number=3):
    """A state in the middle of a game: ``hands`` as texts, the other cards discarded."""
    state = STONE.new(seed=1, seats=len(hands))
    held = [parse_cards(h) for h in hands]
    inside = {c for hand in held for c in hand}
    play = SheddingPlay.deal(held, leader, stop_by_playing=False)
    state.play = SheddingPlay(hands=play.hands, leader=leader, stop_by_playing=False, number=number,
                              voids=play.voids, discards=tuple(c for c in state._pack() if c not in inside))
    return state


@pytest.mark.parametrize("seats, deck, lowest", [(4, "32", "7"), (5, "40", "5"), (6, "48", "3")])
def test_eight_cards_each_from_a_pack_cut_down_to_fit(seats, deck, lowest):
    state = STONE.new(seed=2, seats=seats)
    assert STONE.spec.deck_for(seats) == deck
    hands = state.view("all")["table"]["play"]["hands"]
    assert [len(h) for h in hands] == [8] * seats
    cards = [c for h in hands for c in h]
    assert len(set(cards)) == 8 * seats and min("23456789TJQKA".index(c[0]) for c in cards) == \
        "23456789TJQKA".index(lowest)
    assert state.to_act == (state.dealer + 1) % seats  # the dealer's left leads
    check_step(state)


def test_the_deal_goes_round_from_the_dealers_left():
    order = [c.text for c in make_deck("32")]
    state = STONE.new(seats=4, decks={"first-dealer": jack_first("32"), "deal": order})
    assert state.dealer == 0 and state.to_act == 1
    assert [set(h) for h in state.play.hands] == [set(parse_cards(order[s - 1::4] if s else order[3::4]))
                                                   for s in range(4)]


def test_suit_must_be_followed_and_only_a_void_player_picks_up():
    state = position(["9H 2C", "KH TC", "8D 7D", "QH JH"], leader=0)
    refused(state, "pick up", "play.pick-up")  # nothing to pick up when leading
    state = state.apply("play 9H")
    assert "you must follow suit" in refused(state, "play TC", "play.follow-suit")
    assert "must follow suit, not pick up" in refused(state, "pick up", "play.pick-up")
    refused(state, "play 8D", "play.turn")
    state = state.apply("play KH")
    assert [m.text for m in state.legal_moves()] == ["pick up"]
    assert "you must pick up the trick" in refused(state, "play 8D", "play.pick-up")


def test_a_void_player_picks_up_the_trick_so_far_and_leads():
    state = position(["9H 2C", "KH TC", "8D 7D", "QH JH"], leader=0)
    state = state.apply("play 9H").apply("play KH").apply("pick up")
    assert set(state.play.hands[2]) == set(parse_cards("9H KH 8D 7D"))
    assert state.play.last[:2] == ("picked up", 2) and state.to_act == 2  # seat 3 never played
    assert [len(h) for h in state.play.hands] == [1, 1, 4, 2]
    assert state.view(None)["table"]["play"]["voids"][2] == []  # it holds hearts now


def test_a_complete_trick_is_discarded_and_its_highest_card_leads():
    state = position(["9H 2C", "KH TC", "8H 7D", "QH JH"], leader=0)
    before = len(state.play.discards)
    for move in ["play 9H", "play KH", "play 8H", "play JH"]:
        state = state.apply(move)
    assert len(state.play.discards) == before + 4 and state.to_act == 1
    assert set(state.play.face_down()) <= state.hidden_from("all")


def test_the_last_card_wins_at_once_even_before_the_trick_is_complete():
    """interpretation.last-card"""
    state = position(["9H", "KH TC", "8H 7D", "QH JH"], leader=0)
    state = state.apply("play 9H")
    assert state.is_over and state.winners == (0,) and state.scores.game == (1, 0, 0, 0)
    assert state.table(None)["result"] == "Seat 0 has no cards left and wins."
    state = position(["9H 2C", "KH", "8H 7D", "QH JH"], leader=0).apply("play 9H").apply("play KH")
    assert state.is_over and state.winners == (1,)


def test_a_whole_game_of_complete_tricks_is_won_by_the_leader_of_the_eighth():
    hands = [[rank + suit for suit in "SHDC" for rank in pair] for pair in ("78", "9T", "JQ", "KA")]
    state = STONE.new(seats=4, decks={"first-dealer": jack_first("32"), "deal": deal_order(hands, 0)})
    while not state.is_over:
        state = state.apply(state.legal_moves()[0])
    assert state.winners == (3,) and [len(h) for h in state.play.hands] == [1, 1, 1, 0]


@pytest.mark.parametrize("seats", [4, 5, 6])
def test_random_games_end_by_a_player_running_out_long_before_the_trick_limit(seats):
    """interpretation.trick-limit: 1,000 random games took at most 167 tricks."""
    for seed in range(20):
        final = play_out(STONE.new(seed=seed, seats=seats), [RandomBot(f"{seed}/{s}") for s in range(seats)])
        assert final.is_over and len(final.winners) == 1 and final.play.number < TRICK_LIMIT
        assert not final.play.hands[final.winners[0]]


def test_play_that_goes_round_in_circles_ends_after_the_trick_limit_and_the_fewest_cards_win():
    """interpretation.trick-limit"""
    assert fewest_cards([[1], [2, 3], [4]]) == (0, 2)
    state = STONE.new(seed=5, seats=5)
    while state.play.number <= TRICK_LIMIT - 3:
        state = state.apply(state.legal_moves()[0])
    assert "3 tricks to the limit: then the fewest cards win" in state.table(None)["headline"]["facts"]
    while not state.is_over:
        state = state.apply(state.legal_moves()[0])
    sizes = [len(h) for h in state.play.hands]
    assert state.play.number == TRICK_LIMIT + 1 and all(sizes)
    assert state.winners == (0, 2) and sizes[0] == sizes[2] == min(sizes) and sizes.count(min(sizes)) == 2
    assert state.scores.game == (1, 0, 1, 0, 0)
    assert state.table(None)["result"] == "After 200 tricks Seat 0, Seat 2, holding the fewest cards (5), share the win."
    assert "the last: the fewest cards, 5, win" in state.table(None)["last"]
    assert len(state.record.moves) <= state.move_bound() == TRICK_LIMIT * 5
    check_step(state)


def test_the_heuristic_bot_wins_more_often_than_a_random_player():
    wins = hero_counts(STONE, 150, range(4, 7), lambda final, hero: hero in final.winners)
    assert wins["heuristic"] > 1.25 * wins["random"], wins


def test_the_dealer_is_drawn_by_the_first_jack():
    """interpretation.one-deal"""
    order = ["7S", "8S", "JD"] + [c.text for c in make_deck("40") if c.text not in ("7S", "8S", "JD")]
    state = STONE.new(seats=5, decks={"first-dealer": order, "deal": [c.text for c in make_deck("40")]})
    assert state.dealer == 2 and state.to_act == 3


def test_a_default_game_ends_as_its_text_says():
    final = played_to_end("rolling-stone")
    # One deal: the first player out of cards wins.
    assert len(final.winners) == 1 and not final.play.hands[final.winners[0]]
    assert all(final.play.hands[seat] for seat in range(final.seats) if seat not in final.winners)


def test_the_games_end_shows_the_winner_and_the_cards_the_others_hold():
    end = game_end_explained(STONE.new(seed=1))
    assert [[(item["label"], item["points"], item.get("note")) for item in group["items"]]
            for group in end["breakdown"]] == [[("Still holding cards", 0, "1 card")], [("Still holding cards", 0, "4 cards")],
                                               [("Out of cards first", 1, None)], [("Still holding cards", 0, "4 cards")]]
    assert end["ended"].startswith("Seat 2 played their last card")
