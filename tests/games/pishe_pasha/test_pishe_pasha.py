"""Pishe Pasha's own rules: the deal and the non-dealer's opening, the shared foundations and
the duty to build, loading one rank up or down, the discard that ends a turn, the discard pile
turned over, the first out winning, the cut for the deal, and the stop option with its two
remedies and its limit; whole games replayed by an independent model of the rules."""

import random

import pytest

import rules_engine
from conformance import snapshot
from rules_engine.bots import HeuristicBot, RandomBot, play_out
from rules_engine.cards import ACES_LOW, SUITS, make_deck, parse_card
from rules_engine.errors import IllegalMoveError
from rules_engine.games.pishe_pasha import MISS_LIMIT, stacked
from ends import game_end_explained, played_to_end

# The shared conformance suite (tests/test_conformance.py) plays fewer of this game's games a batch
# than of most: a game is one deal of some 430 moves at random (350 for the bots), most of them
# turning a card and putting it down; this file replays whole games by an independent model of the
# rules.
CONFORMANCE_GAMES_PER_BATCH = {"random": 3, "heuristic": 2}

PISHE = rules_engine.load_game("pishe-pasha", dealer="seat 0")
STOP = rules_engine.load_game("pishe-pasha", dealer="seat 0", stop=True)


def refused(state, move, rule):
    before = snapshot(state)
    with pytest.raises(IllegalMoveError) as info:
        state.apply(move)
    assert info.value.rule == rule, info.value
    assert snapshot(state) == before
    return info.value.reason


def dealt(dealer_cards, other_cards, game=PISHE):
    return game.new(decks={"deal": stacked(dealer_cards, other_cards)})


def texts(cards):
    return [c.text for c in cards]


def moves(state):
    return [m.text for m in state.legal_moves()]


# ---- the deal -----------------------------------------------------------------------------------

def test_the_pack_is_dealt_out_26_each_one_at_a_time_the_non_dealer_first():
    order = [c.text for c in make_deck("52")]
    state = PISHE.new(decks={"deal": order})
    # Seat 1, the non-dealer, had the even cards; it turned its top card (the 51st dealt) up.
    assert texts(state.stocks[0]) == order[1::2]
    assert len(state.stocks[1]) + len(state.discards[1]) == 26
    assert texts(state.opening) == [order[50]]
    assert sorted(texts(state._cards_in_play())) == sorted(order)


def test_the_opening_builds_aces_and_what_follows_them_until_a_card_cannot_be_built():
    state = dealt(["5H", "6H"], ["AH", "AS", "2H", "3H", "2S", "KD", "4H"])
    assert texts(state.opening) == ["AH", "AS", "2H", "3H", "2S", "KD"]
    assert state.foundations[SUITS.index("H")] == [parse_card(c) for c in ("AH", "2H", "3H")]
    assert texts(state.discards[1]) == ["KD"] and state.stocks[1][-1].text == "4H"
    assert state.to_act == 0 and not state.discards[0]
    assert "the A♥ and the A♠ and the 2♥ and the 3♥ and the 2♠, which go to the foundations, then the K♦" \
        in state.table(None)["last"]


def test_an_opening_card_that_cannot_be_built_simply_starts_the_pile():
    state = dealt(["5H", "6H"], ["9C", "AS"])
    assert texts(state.opening) == ["9C"] and texts(state.discards[1]) == ["9C"]
    assert all(not f for f in state.foundations)


@pytest.mark.parametrize("seed", range(6))
def test_the_cut_gives_the_deal_to_the_lower_card(seed):
    state = rules_engine.load_game("pishe-pasha").new(seed=seed)
    low, high = (ACES_LOW.index(c) for c in state.cut)
    assert low != high and state.dealer == (0 if low < high else 1)
    assert state.to_act == state.dealer and state.opening


def test_the_dealer_option_sets_the_dealer():
    assert rules_engine.load_game("pishe-pasha", dealer="seat 1").new(seed=3).dealer == 1
    assert PISHE.new(seed=3).dealer == 0 and PISHE.new(seed=3).cut is None


# ---- the foundations and the duty to build ------------------------------------------------------

def test_a_card_that_can_be_built_must_be_built_first():
    state = dealt(["3S", "8C"], ["AS", "2S", "4D"]).apply("turn")
    assert moves(state) == ["build 3S"]
    assert "can go to the foundations" in refused(state, "discard 3S", "play.duty")
    refused(state, "load 3S", "play.duty")
    state = state.apply("build 3S")
    assert texts(state.foundations[0]) == ["AS", "2S", "3S"] and moves(state) == ["turn"]


def test_the_top_of_ones_own_discard_pile_must_be_built_before_turning():
    state = dealt(["2H", "KD"], ["AS", "2S", "4D", "AH", "QC"]).apply("turn").apply("discard 2H")
    state = state.apply("turn").apply("build AH").apply("turn").apply("discard QC")
    assert state.to_act == 0 and moves(state) == ["build 2H"]
    refused(state, "turn", "play.duty")


def test_a_foundation_is_built_up_in_suit_only():
    state = dealt(["3H", "8C"], ["AS", "2S", "4D"]).apply("turn")
    assert "must start with its A" in refused(state, "build 3H", "play.foundations")
    assert moves(state) == ["load 3H", "discard 3H"]


# ---- loading the other's pile ---------------------------------------------------------------------

def test_a_seven_takes_any_six_or_eight_whatever_the_suit():
    for card in ("6C", "6D", "6H", "8S", "8C", "8D"):
        state = dealt([card, "KD"], ["7S", "QC"]).apply("turn")
        assert f"load {card}" in moves(state)
        after = state.apply(f"load {card}")
        assert after.discards[1][-1].text == card and after.turned[0] is None and after.to_act == 0
    for card in ("7C", "5S", "9H", "KS"):
        state = dealt([card, "KD"], ["7S", "QC"]).apply("turn")
        assert "one rank above or below" in refused(state, f"load {card}", "play.load")


def test_ranks_do_not_turn_the_corner():
    state = dealt(["KS", "QD"], ["2C", "9D"]).apply("turn")
    refused(state, "load KS", "play.load")
    state = dealt(["KS", "QD"], ["QC", "9D"]).apply("turn")
    assert "load KS" in moves(state)


def test_loading_from_ones_own_discard_pile_uncovers_the_next_card():
    state = dealt(["5C", "4D"], ["6H", "QS"]).apply("turn").apply("load 5C")
    state = state.apply("turn")
    assert moves(state) == ["load 4D", "discard 4D"]
    state = state.apply("discard 4D")                      # loading is never compulsory
    assert texts(state.discards[1]) == ["6H", "5C"] and state.to_act == 1
    assert moves(state) == ["load 5C", "turn"]
    state = state.apply("load 5C")
    assert texts(state.discards[1]) == ["6H"] and texts(state.discards[0]) == ["4D", "5C"]
    assert moves(state) == ["load 6H", "turn"]
    state = state.apply("load 6H")
    assert state.discards[1] == [] and moves(state) == ["turn"]


# ---- the end of a turn and the stock ------------------------------------------------------------------

def test_only_the_card_just_turned_ends_the_turn_on_ones_own_pile():
    state = dealt(["KD", "QS"], ["7S", "9C"]).apply("turn")
    refused(state, "turn", "play.discard")
    refused(state, "discard QS", "play.turn")
    refused(state, "load 7S", "play.turn")
    state = state.apply("discard KD")
    assert state.to_act == 1 and texts(state.discards[0]) == ["KD"] and state.turns == 2
    refused(state, "discard KD", "play.turn")


def test_an_empty_stock_is_the_discard_pile_turned_over_unshuffled():
    state = PISHE.new(seed=3)
    while not (state.to_act is not None and not state.stocks[state.to_act] and state.turned[state.to_act] is None
               and state.phase == "play" and "turn" in moves(state)):
        state = state.apply(state.legal_moves()[0])
    seat, pile = state.to_act, list(state.discards[state.to_act])
    after = state.apply("turn")
    assert after.turned[seat] == pile[0]                  # the first card discarded comes up first
    assert after.stocks[seat] == pile[1:][::-1] and after.discards[seat] == []
    assert "turns the discard pile over" in after.table(None)["last"]


# ---- the end -------------------------------------------------------------------------------------------

def test_the_first_player_out_of_cards_wins_at_once():
    state = PISHE.new(seed=1)
    final = play_out(state, [HeuristicBot(0), HeuristicBot(1)])
    winner = final.winner
    assert final.is_over and final.scores.game == tuple(int(s == winner) for s in (0, 1))
    assert not final.stocks[winner] and not final.discards[winner] and final.turned[winner] is None
    assert final.stocks[1 - winner] or final.discards[1 - winner] or final.turned[1 - winner]
    assert "wins" in final.table(None)["result"]
    assert final.explain("turn").rule == "end.game"


def replay_independently(state):
    """Replay a finished game's moves on plain lists, checking each against the text's rules, and
    return who ran out first."""
    first = state.game.new(seed=state.seed)
    stocks = [list(s) for s in first.stocks]
    piles = [list(d) for d in first.discards]
    found = {suit: len(first.foundations[SUITS.index(suit)]) for suit in SUITS}
    held = [None, None]
    turn = first.dealer
    for text, _, seat in state.moves_made:
        assert seat == turn
        word, *rest = text.split()
        card = parse_card(rest[0]) if rest else None
        sources = ([held[seat]] if held[seat] else []) + piles[seat][-1:]
        can_build = [c for c in sources if ACES_LOW.index(c) == found[c.suit]]
        if word != "build":
            assert not can_build, f"{text}: a foundation play was due"
        if word in ("build", "load"):
            assert card in sources
            if word == "build":
                assert ACES_LOW.index(card) == found[card.suit]
                found[card.suit] += 1
            else:
                assert piles[1 - seat] and abs(ACES_LOW.index(card) - ACES_LOW.index(piles[1 - seat][-1])) == 1
            if held[seat] == card:
                held[seat] = None
            else:
                piles[seat].pop()
            if word == "load":
                piles[1 - seat].append(card)
        elif word == "turn":
            assert held[seat] is None
            if not stocks[seat]:
                stocks[seat], piles[seat] = piles[seat][::-1], []
            held[seat] = stocks[seat].pop()
        else:
            assert card == held[seat]
            piles[seat].append(card)
            held[seat], turn = None, 1 - seat
        out = [s for s in (0, 1) if not stocks[s] and not piles[s] and held[s] is None]
        if out:
            return out[0]
    return None


@pytest.mark.parametrize("seed", range(4))
def test_whole_games_follow_the_rules_replayed_independently(seed):
    state = PISHE.new(seed=seed)
    bots = [RandomBot(seed), HeuristicBot(seed)] if seed % 2 else [HeuristicBot(seed), RandomBot(seed)]
    final = play_out(state, bots)
    assert replay_independently(final) == final.winner
    assert len(final.moves_made) <= final.move_bound()
    assert sorted(texts(final._cards_in_play())) == sorted(c.text for c in make_deck("52"))


# ---- the stop option ------------------------------------------------------------------------------------

def test_without_the_option_there_is_nothing_to_call():
    state = dealt(["3S", "8C"], ["AS", "2S", "4D"])
    assert "only with the stop option" in refused(state, "stop build", "play.stop")


def missed_by_loading():
    """Seat 0 loads the 3♠ onto seat 1's 4♦ when it could have built it."""
    state = dealt(["3S", "8C", "KD"], ["AS", "2S", "4D"], STOP).apply("turn")
    assert moves(state) == ["build 3S", "load 3S", "discard 3S"]
    return state.apply("load 3S")


def test_a_miss_lets_the_other_call_stop():
    state = missed_by_loading()
    assert state.to_act == 1 and state.phase == "stop" and state.misses == [1, 0]
    assert moves(state) == ["stop build", "stop turn", "pass"]
    refused(state, "turn", "play.stop")
    assert "missed building the 3♠" in " ".join(state.table(1)["headline"]["facts"])


def test_stop_build_sends_the_missed_card_to_its_foundation_and_the_turn_goes_on():
    state = missed_by_loading().apply("stop build")
    assert texts(state.foundations[0]) == ["AS", "2S", "3S"] and texts(state.discards[1]) == ["4D"]
    assert state.to_act == 0 and state.phase == "play" and moves(state) == ["turn"]


def test_after_three_misses_the_duty_binds_again():
    state = STOP.new(seed=5)
    misses = 0
    rng = random.Random(5)
    while not state.is_over and state.misses[0] < MISS_LIMIT:
        options = moves(state)
        if state.to_act == 0 and state.phase == "play" and any(m.startswith("build") for m in options):
            others = [m for m in options if not m.startswith("build")]
            state = state.apply(others[0])
            misses += 1
            continue
        state = state.apply("pass" if "pass" in options else rng.choice(options))
    assert state.misses[0] == MISS_LIMIT == misses
    while not state.is_over:
        options = moves(state)
        if state.to_act == 0 and state.phase == "play" and any(m.startswith("build") for m in options):
            assert all(m.startswith("build") for m in options)
            return
        state = state.apply(options[0])


def test_the_stop_game_ends_under_always_first_or_always_last_moves():
    for pick in (0, -1):
        state = STOP.new(seed=2)
        while not state.is_over:
            state = state.apply(state.legal_moves()[pick])
        assert len(state.moves_made) <= state.move_bound()


def test_a_miss_that_ends_the_turn_can_only_be_sent_to_its_foundation_and_stop_turn_ends_a_turn():
    state = dealt(["3S", "KD", "QD"], ["AS", "2S", "JD", "9C"], STOP).apply("turn").apply("discard 3S")
    assert state.phase == "stop" and moves(state) == ["stop build", "pass"]
    assert "already over" in refused(state, "stop turn", "play.stop")
    state = state.apply("pass")
    assert state.to_act == 1 and moves(state) == ["turn"]
    state = state.apply("turn")
    assert moves(state) == ["discard 9C"]
    state = state.apply("discard 9C")
    assert state.to_act == 0 and moves(state) == ["build 3S", "turn"]
    state = state.apply("turn")                             # a second miss: the 3♠ still shows
    assert state.phase == "stop" and moves(state) == ["stop build", "stop turn", "pass"]
    after = state.apply("stop turn")
    assert texts(after.discards[0]) == ["3S", "KD"] and after.turned[0] is None
    assert after.to_act == 1 and after.phase == "play" and after.misses == [2, 0]
    assert after.table(None)["last"] == "Seat 1 calls “Stop!”: Seat 0's turn ends, the K♦ on their discard pile."
    built = state.apply("stop build")
    assert texts(built.foundations[0]) == ["AS", "2S", "3S"] and built.to_act == 0 and built.turned[0].text == "KD"


def test_stop_turn_can_leave_a_pile_empty_and_nothing_is_loaded_onto_it():
    state = dealt(["AH", "3C", "KD"], ["2H", "QC"], STOP)
    state = state.apply("turn").apply("build AH").apply("turn").apply("discard 3C")
    assert moves(state) == ["build 2H", "load 2H", "turn"]
    state = state.apply("load 2H").apply("stop turn")        # seat 1's only card went onto seat 0's 3♣
    assert state.to_act == 0 and state.discards[1] == [] and moves(state) == ["build 2H", "turn"]
    state = state.apply("build 2H").apply("turn")
    assert "nothing shows" in refused(state, "load KD", "interpretation.empty-pile")
    assert moves(state) == ["discard KD"]


def test_a_default_game_ends_as_its_text_says():
    final = played_to_end("pishe-pasha")
    # One deal: the first player with nothing in stock, in hand or on the discard pile wins.
    (winner,) = final.winners
    assert not final.stocks[winner] and not final.discards[winner] and final.turned[winner] is None
    assert final.stocks[1 - winner] or final.discards[1 - winner] or final.turned[1 - winner] is not None


def test_the_games_end_shows_the_winner_and_the_cards_the_loser_holds():
    end = game_end_explained(PISHE.new(seed=0))
    assert [(item["label"], item["points"], item.get("note")) for group in end["breakdown"] for item in group["items"]] == [
        ("Out of cards first", 1, None), ("Still holding cards", 0, "28 cards")]
    assert end["ended"].startswith("Seat 0 has played their last card")
