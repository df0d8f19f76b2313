"""Commune's own rules and its declared poker hands: the test of presence against a brute-force
search over the cards dealt, the whole order of declarations, the deal by tokens held, a
declaration built step by step and its refusals, the call costing the caller or the declarer,
players out, the dealer's rotation among those left, the game's end with the scores recomputed,
and the bot against random play."""

import random

import rules_engine
from conformance import refused
from rules_engine.bots import HeuristicBot, RandomBot, play_out
from rules_engine.cards import make_deck, parse_cards
from rules_engine.poker_hands import DECLARATIONS, formed, is_wild, name, present, present_by_search, rank_of
from ends import first_hand_end, played_to_end

# The shared conformance suite (tests/test_conformance.py) plays fewer of this game's games a batch
# than of most: a game runs until all but one player have lost every token, a call at a time.
CONFORMANCE_GAMES_PER_BATCH = {"random": 2, "heuristic": 2}

COMMUNE = rules_engine.load_game("commune")


def position(hands, turn=1, dealer=0, game=COMMUNE, **fields):
    state = game.new(seed=1, seats=len(hands))
    state.hands = [parse_cards(h) for h in hands]
    used = {c for h in state.hands for c in h}
    state.stub = tuple(c for c in make_deck("54") if c not in used)
    state.turn, state.dealer = turn, dealer
    for field, value in fields.items():
        setattr(state, field, value)
    return state


def moves(state):
    return [m.text for m in state.legal_moves()]


def declare(state, *steps):
    for step in steps:
        state = state.apply(step)
    return state


# ---- the declarations ----------------------------------------------------------------------------

def test_presence_agrees_with_a_brute_force_search_over_the_cards_dealt():
    rng = random.Random(23)
    deck = make_deck("54")
    for size in (1, 3, 5):
        cards = rng.sample(deck, size)
        for declaration in DECLARATIONS:
            assert present(declaration, cards) == present_by_search(declaration, cards), (declaration, cards)
    # wild cards on purpose: two jokers and a 2 with a few naturals
    cards = parse_cards("JK JK 2D 9S 6S")
    assert all(present(d, cards) == present_by_search(d, cards) for d in DECLARATIONS)


def test_the_cards_that_form_a_declared_hand_are_found_whenever_it_is_present():
    for cards in (parse_cards("JK JK 2D 9S 6S"), parse_cards("AH 3H 4H 2S 5D KC KH"), parse_cards("7C")):
        for declaration in DECLARATIONS:
            way = formed(declaration, cards)
            assert (way is not None) == present(declaration, cards), (declaration, cards)
            if way:
                used = [card for card, _ in way]
                assert len(used) == len(set(used)) or any(card.is_joker for card in used)
                assert all(card in cards for card in used)
                assert all(played_as is None or is_wild(card) for card, played_as in way)


def test_the_order_has_every_declaration_once_and_rises_by_category_then_ranks():
    assert len(DECLARATIONS) == len(set(DECLARATIONS)) == len({name(d) for d in DECLARATIONS}) == 320
    firsts = [d for i, d in enumerate(DECLARATIONS) if i == 0 or d[0] != DECLARATIONS[i - 1][0]]
    assert [name(d) for d in firsts] == [
        "2 high", "pair of 2s", "two pair, 3s and 2s", "three of a kind, 2s", "straight to the 5", "flush",
        "full house, 2s over 3s", "four of a kind, 2s", "straight flush to the 5", "five of a kind, 2s"]
    assert rank_of(("two-pair", "K", "Q")) < rank_of(("two-pair", "A", "2"))
    assert rank_of(("full-house", "3", "A")) < rank_of(("full-house", "4", "2"))


def test_twos_are_never_natural_and_the_ace_is_low_only_in_the_straight_to_the_5():
    assert not present(("pair", "2"), parse_cards("2C 9S"))
    assert present(("pair", "2"), parse_cards("2C JK"))
    assert present(("straight", "5"), parse_cards("AS 2H 3D 4C 5S"))
    assert not present(("straight", "A"), parse_cards("TS JH QD KC 3S"))


# ---- the deal ------------------------------------------------------------------------------------

def test_each_player_gets_four_cards_less_the_tokens_held():
    state = COMMUNE.new(seed=5, seats=4)
    assert [len(h) for h in state.hands] == [1, 1, 1, 1] and len(state.stub) == 50
    state.lost = (0, 1, 2, 0)
    state._start_hand(2, 0)
    assert [len(h) for h in state.hands] == [1, 2, 3, 1]
    assert len(rules_engine.load_game("commune", tokens=1).new(seed=5, seats=10).stub) == 24


# ---- declaring and calling -----------------------------------------------------------------------

def test_a_declaration_is_built_category_then_ranks_and_must_rise():
    state = position(["7H", "7S", "KD"])
    assert moves(state)[0] == "high" and "call" not in moves(state)
    refused(state, "call", "play.call")
    refused(state, "aces", "play.declare")
    state = declare(state, "two-pair")
    assert moves(state)[0] == "3s"
    refused(state, "flush", "play.declare")
    state = declare(state, "9s")
    assert moves(state) == ["2s", "3s", "4s", "5s", "6s", "7s", "8s"]
    state = declare(state, "4s")
    assert state.declarations == ((1, ("two-pair", "9", "4")),) and state.to_act == 2
    assert "pair" not in moves(state) and moves(state)[:2] == ["call", "two-pair"]
    assert refused(state, "pair", "play.declare") == "no pair is higher than two pair, 9s and 4s"
    state = declare(state, "two-pair", "9s")
    assert moves(state) == ["5s", "6s", "7s", "8s"]


def test_after_the_top_declaration_only_a_call_is_left():
    state = declare(position(["7H", "7S", "KD"]), "five", "aces")
    assert moves(state) == ["call"]


def test_the_caller_loses_when_the_hand_is_there_and_the_declarer_when_it_is_not():
    hands = ["7H", "2S", "KD"]   # the 2 is wild: a pair of 7s is there, a pair of kings too, not both
    there = declare(position(hands), "pair", "7s", "call")
    assert there.lost == (0, 0, 1) and there.hand_results[-1][1] == (0, 0, 1)
    absent = declare(position(hands), "two-pair", "kings", "7s", "call")
    assert absent.lost == (0, 1, 0)
    for state, declared in ((there, ("pair", "7")), (absent, ("two-pair", "K", "7"))):
        dealt = parse_cards(" ".join(hands))
        assert present(declared, dealt) == present_by_search(declared, dealt)
        assert state.hand_number == 2 and state.dealer == 1 and state.to_act == 2


def test_a_calls_end_shows_the_hand_found_and_what_each_wild_card_stood_for():
    state = declare(position(["7H", "2S", "KD"]), "pair", "7s", "call")
    end = state.table(0)["interlude"]
    assert end["ended"] == "Seat 2 calls Seat 1's pair of 7s." and end["unit"] == "lost tokens"
    declarer, caller = end["breakdown"][1], end["breakdown"][2]
    assert caller["points"] == 1 and caller["items"] == [
        {"label": "Calls a hand the cards dealt hold", "points": 1, "rule": "scoring.call", "cards": ["7H", "2S"],
         "note": "pair of 7s; the 2♠ as a 7"}]
    assert declarer["points"] == 0 and declarer["items"][0]["label"] == "Declares a hand the cards dealt hold"
    assert [z["label"] for z in end["zones"]] == ["Seat 0's cards", "Seat 1's cards (the 2♠ stands for a 7)",
                                                  "Seat 2's cards"]
    assert [g["points"] for g in end["breakdown"]] == state.table(0)["score"]["rows"][-1]["cells"]
    absent = declare(position(["7H", "2S", "KD"]), "two-pair", "kings", "7s", "call").table(0)["interlude"]
    assert [g["points"] for g in absent["breakdown"]] == [0, 1, 0]
    assert absent["breakdown"][1]["items"][0]["cards"] == [] and "stands for" not in str(absent["zones"])


def test_a_player_with_no_token_is_out_and_the_deal_skips_them():
    state = position(["7H", "8S", "KD", "9C"], turn=1, dealer=0, lost=(0, 2, 0, 0))
    state = declare(state, "five", "aces", "call")   # seat 1 declared the impossible with one token
    assert state.active == (0, 2, 3) and state.dealer == 2 and state.to_act == 3
    assert state.hands[1] == [] and state.tokens(1) == 0
    assert "Seat 1 has no token left and is out" in state.said


def test_the_last_player_with_a_token_wins_and_scores_are_tokens_lost():
    game = rules_engine.load_game("commune", tokens=2)
    final = play_out(game.new(seed=4, seats=3), [RandomBot(s) for s in range(3)])
    assert final.is_over and len(final.winners) == 1
    lost = [sum(row[s] for _, row, _ in final.hand_results) for s in range(3)]
    assert list(final.scores.game) == lost and len(final.hand_results) == 3 * 2 - 1
    assert sorted(lost) == [1, 2, 2] and lost[final.winners[0]] == 1
    assert final.move_bound() >= len(final.moves_made)


def test_views_show_only_the_seats_own_cards():
    state = position(["7H", "2S", "KD"])
    assert state.view(1)["table"]["hands"] == [1, ["2S"], 1]
    assert "7H" not in str(state.table(1))


def test_the_bot_beats_random_play():
    wins = 0
    for seed in range(12):
        state = COMMUNE.new(seed=seed, seats=3)
        final = play_out(state, [HeuristicBot(0), RandomBot(1), RandomBot(2)])
        wins += final.winners == (0,)
    assert wins >= 8


def test_a_default_games_first_hand_end_explains_itself():
    end = first_hand_end(COMMUNE.new(seed=3))
    assert sum(g["points"] for g in end["breakdown"]) == 1 and end["ended"].startswith("Seat ")


def test_a_default_game_ends_as_its_text_says():
    final = played_to_end("commune")
    # Each call costs one token; players with none are out; the last with a token wins.
    tokens = final.options["tokens"]
    left = [s for s in range(final.seats) if final.lost[s] < tokens]
    assert final.winners == tuple(left) and len(left) == 1
    assert len(final.hand_results) == sum(final.lost) == (final.seats - 1) * tokens + final.lost[left[0]]
