"""Stop the Bus's own rules and its hand ranking: the Brag evaluator against an independent
brute-force order of every three-card hand, the deal, exchanges and their refusals, the stop and
the last turns, the hand that nobody stops, the worst hand paying (ties each paying), players
out, the dealer's rotation among those left, the game's end (a shared win when the last players
go out together), the scores recomputed from the shown hands, and the bot."""

import random
from collections import Counter
from itertools import combinations

import pytest

import rules_engine
from conformance import check_step, refused
from rules_engine.bots import HeuristicBot, RandomBot, play_out
from rules_engine.cards import make_deck, parse_cards
from rules_engine.errors import OptionError
from rules_engine.games.stop_the_bus import ROUNDS
from rules_engine.hands import BRAG, hand_value, worst
from ends import first_hand_end, played_to_end

BUS = rules_engine.load_game("stop-the-bus")


def position(hands, middle, turn=1, dealer=0, game=BUS, **fields):
    state = game.new(seed=1, seats=len(hands))
    state.hands = [parse_cards(h) for h in hands]
    state.middle = parse_cards(middle)
    used = {c for h in state.hands for c in h} | set(state.middle)
    state.stub = tuple(c for c in make_deck("52") if c not in used)
    state.turn, state.dealer = turn, dealer
    for name, value in fields.items():
        setattr(state, name, value)
    return state


def moves(state):
    return [m.text for m in state.legal_moves()]


# ---- the ranking ---------------------------------------------------------------------------------

ORDER = "23456789TJQKA"


def brute_key(cards):
    """An independent statement of the Brag order: (category, ranks) with 3-3-3 and A-2-3 on top."""
    ranks = sorted((ORDER.index(c.rank) for c in cards), reverse=True)
    suits = {c.suit for c in cards}
    if len(set(ranks)) == 1:
        return (5, 99 if ranks[0] == 1 else ranks[0])
    run = None
    if ranks == [12, 1, 0]:
        run = 99
    elif ranks[0] - ranks[1] == 1 and ranks[1] - ranks[2] == 1:
        run = ranks[0]
    if run is not None:
        return (4 if len(suits) == 1 else 3, run)
    if len(suits) == 1:
        return (2, *ranks)
    if len(set(ranks)) == 2:
        pair = ranks[1]
        return (1, pair, ranks[0] if ranks[2] == pair else ranks[2])
    return (0, *ranks)


def test_the_evaluator_orders_every_three_card_hand_as_the_brute_force_order_does():
    hands = list(combinations(make_deck("52"), 3))
    ours = {h: hand_value(h).key for h in hands}
    theirs = {h: brute_key(h) for h in hands}
    # The two keys induce the same total order: sorting by one leaves the other sorted, ties alike.
    ranked = sorted(hands, key=lambda h: (ours[h], theirs[h]))
    for a, b in zip(ranked, ranked[1:]):
        assert (ours[a] < ours[b]) == (theirs[a] < theirs[b]), (a, b)
    assert Counter(hand_value(h).category for h in hands) == {
        "high-card": 16440, "pair": 3744, "flush": 1096, "run": 720, "running-flush": 48, "prial": 52}
    assert len(set(ours.values())) == len(set(theirs.values()))


def test_the_top_prial_and_run_and_hands_that_tie():
    key = lambda text: hand_value(parse_cards(text)).key  # noqa: E731
    assert key("3S 3H 3D") > key("AS AH AD") > key("KS KH KD") > key("2S 2H 2D") > key("AS 2S 3S")
    assert key("AS 2S 3S") > key("AH KH QH") > key("4D 3D 2D") > key("AC 2D 3H") > key("AC KD QH")
    assert key("4D 3C 2D") > key("AS KS JS") and key("QD QC 2S") > key("JH JS AC")
    assert key("KS QS 2S") == key("KH QH 2H") and key("AS KD 2C") != key("AS KD 3C")
    assert key("QS KD AH") > key("4D 3C 2D") and key("KS AD 2C") < key("4D 3C 2D")  # no run turns the corner
    assert worst([parse_cards(h) for h in ("5S 5H 9C", "KD QC 2H", "KS QH 2C")]) == [1, 2]
    with pytest.raises(ValueError, match="3 cards, not 2"):
        hand_value(parse_cards("AS KS"), BRAG)


# ---- the deal and the turn -----------------------------------------------------------------------

def test_the_deal_for_every_number_of_players_and_the_tokens_option():
    for seats in range(2, 7):
        state = BUS.new(seed=seats, seats=seats)
        assert [len(h) for h in state.hands] == [3] * seats and len(state.middle) == 3
        assert len(state.stub) == 52 - 3 * seats - 3 and state.dealer == 0 and state.to_act == 1
        check_step(state)
    five = rules_engine.load_game("stop-the-bus", tokens=5).new(seed=1, seats=3)
    assert [five.tokens(s) for s in range(3)] == [5, 5, 5]
    with pytest.raises(OptionError, match="tokens"):
        rules_engine.load_game("stop-the-bus", tokens=0)


def test_an_exchange_swaps_a_hand_card_with_a_face_up_card_in_its_place_and_refusals_change_nothing():
    state = position(["2C 3C 4H", "9S 5H KD", "QC 4C 7D"], middle="KS KH 8D")
    assert moves(state)[:3] == ["take KS give 9S", "take KS give 5H", "take KS give KD"]
    assert moves(state)[-2:] == ["keep", "stop"] and len(moves(state)) == 11
    assert "not one of the three cards face up" in refused(state, "take 2C give 9S", "play.exchange")
    assert "you do not hold the 2♣" in refused(state, "take KS give 2C", "play.exchange")
    after = state.apply("take KH give 5H")
    assert [c.text for c in after.hands[1]] == ["9S", "KH", "KD"]
    assert [c.text for c in after.middle] == ["KS", "5H", "8D"] and after.to_act == 2
    assert after.table(0)["last"] == "Seat 1 takes the K♥ and gives the 5♥."
    kept = after.apply("keep")
    assert kept.hands[2] == after.hands[2] and kept.middle == after.middle and kept.to_act == 0
    check_step(kept)


def test_the_stop_gives_each_other_player_one_last_turn_then_the_worst_hand_pays():
    state = position(["2C 3C 5H", "KS KH KD", "QC JC 7D"], middle="9S 4D 8D")
    state = state.apply("stop")
    assert state.stopper == 1 and "stop" not in moves(state)
    assert "stopped once only" in refused(state, "stop", "play.stop")
    state = state.apply("take 8D give QC")   # seat 2
    assert state.hand_number == 1 and state.to_act == 0
    state = state.apply("keep")              # seat 0, the last; the turn comes back to seat 1
    assert state.hand_results[-1][1] == (1, 0, 0) and state.lost == (1, 0, 0)
    assert "Seat 0 shows 5-3-2 high" in state.table(None)["interlude"]["lines"]
    assert state.hand_number == 2 and state.dealer == 1 and state.to_act == 2 and state.stopper is None
    check_step(state)


def test_tied_worst_hands_each_pay_a_token():
    state = position(["KS QH 2C", "KD QC 2H", "5S 5H 9C"], middle="7S 7H 4D", stopper=1, turn=0)
    state = state.apply("keep")
    assert state.hand_results[-1][1] == (1, 1, 0)
    assert any("tie for the worst hand" in line for line in state.hand_results[-1][2])


def test_a_hands_end_shows_each_hand_shown_as_an_item_and_the_worst_pays():
    state = position(["2C 3C 5H", "KS KH KD", "QC JC 7D"], middle="9S 4D 8D", stopper=1, turn=0)
    end = state.apply("keep").table(1)["interlude"]
    assert end["ended"] == "The turn comes back to Seat 1." and end["unit"] == "paid tokens"
    assert [[(i["label"], i["points"], i["rule"], i["cards"], i.get("note")) for i in g["items"]]
            for g in end["breakdown"]] == [
        [("5-3-2 high", 1, "scoring.hand", ["2C", "3C", "5H"], "the worst hand")],
        [("Prial of kings", 0, "scoring.hand", ["KS", "KH", "KD"], None)],
        [("Q-J-7 high", 0, "scoring.hand", ["QC", "JC", "7D"], None)]]
    tied = position(["KS QH 2C", "KD QC 2H", "5S 5H 9C"], middle="7S 7H 4D", stopper=1, turn=0).apply("keep")
    items = [g["items"][0] for g in tied.table(2)["interlude"]["breakdown"]]
    assert [(i["points"], i["rule"]) for i in items] == [(1, "interpretation.ties")] * 2 + [(0, "scoring.hand")]


def test_a_default_games_first_hand_end_explains_itself():
    end = first_hand_end(BUS.new(seed=2))
    assert sum(g["points"] for g in end["breakdown"]) >= 1 and all(g["items"] for g in end["breakdown"])


def test_a_hand_nobody_stops_ends_after_the_last_round():
    state = BUS.new(seed=4, seats=3)
    for _ in range(ROUNDS * 3 - 1):
        assert state.hand_number == 1
        state = state.apply("keep")
    state = state.apply("keep")
    assert state.hand_number == 2 and sum(state.hand_results[0][1]) >= 1
    assert "nobody has stopped the bus" in state.hand_results[0][2][0]


# ---- players out, the dealer's rotation and the end ---------------------------------------------

def test_a_player_out_is_passed_over_by_the_deal_and_the_turn_and_the_last_with_a_token_wins():
    game = rules_engine.load_game("stop-the-bus", tokens=1)
    state = position(["2C 3C 5H", "KS KH KD", "QC JC 7D"], middle="9S 4D 8D", game=game, stopper=1, turn=0)
    state = state.apply("keep")
    assert state.active == (1, 2) and state.tokens(0) == 0 and state.dealer == 1 and state.to_act == 2
    assert state.hands[0] == [] and len(state.stub) == 52 - 6 - 3
    assert "Seat 0 has no token left and is out" in state.table(None)["interlude"]["lines"]
    state = position(["", "KS KH KD", "QC JC 7D"], middle="9S 4D 8D", game=game, stopper=1, turn=2,
                     active=(1, 2), lost=(1, 0, 0), dealer=1)
    state = state.apply("keep")
    assert state.is_over and state.winners == (1,) and state.scores.game == (1, 0, 1)
    assert state.table(None)["result"] == "Seat 1 is the last with a token and wins."
    check_step(state)


def test_the_last_players_going_out_together_share_the_win():
    game = rules_engine.load_game("stop-the-bus", tokens=1)
    state = position(["KS QH 2C", "KD QC 2H"], middle="7S 7H 4D", game=game, stopper=1, turn=0)
    state = state.apply("keep")
    assert state.is_over and state.winners == (0, 1) and "share the win" in state.table(None)["result"]


def test_whole_games_score_as_their_shown_hands_say_and_end_within_their_bound():
    for seed, seats in ((1, 2), (2, 4), (3, 6)):
        state = BUS.new(seed=seed, seats=seats)
        rng = random.Random(seed)
        bots = [HeuristicBot(seed) if s % 2 else RandomBot(seed + s) for s in range(seats)]
        paid = [0] * seats
        while not state.is_over:
            hand, before = state.hand_number, state
            seat = state.to_act
            state = state.apply(bots[seat].choose(state.view(seat)) if rng.random() < 0.9 else "keep")
            if state.is_over or state.hand_number != hand:
                shown = dict(state.hand_end[2])
                losers = worst([shown[s] for s in before.active])
                for i in losers:
                    paid[before.active[i]] += 1
                assert tuple(paid) == state.lost
                if not state.is_over:
                    left = [s for s in range(seats) if paid[s] < 3]
                    nxt = next(d for d in [(before.dealer + k) % seats for k in range(1, seats + 1)] if d in left)
                    assert state.dealer == nxt and state.to_act == left[(left.index(nxt) + 1) % len(left)]
        assert len(state.moves_made) <= state.move_bound()
        assert len([s for s in range(seats) if paid[s] < 3]) <= 1


def test_the_bot_improves_its_hand_and_stops_a_strong_one():
    from rules_engine.games.stop_the_bus import bot as stop_the_bus_bot

    state = position(["2C 3C 5H", "KS 7H 4D", "QC JC 7D"], middle="9S KD 8D")
    assert stop_the_bus_bot.choose(state.view(1), random.Random(1)) == "take KD give 4D"
    # A pair of kings that the 9♠ would still improve: no stop yet; a prial of kings: the stop.
    improvable = position(["2C 3C 5H", "KS KH 7D", "QC JC 4D"], middle="9S 2D 8C")
    assert stop_the_bus_bot.choose(improvable.view(1), random.Random(1)) == "take 9S give 7D"
    strong = position(["2C 3C 5H", "KS KH KD", "QC JC 7D"], middle="9S 4D 8D")
    assert stop_the_bus_bot.choose(strong.view(1), random.Random(1)) == "stop"
    last = position(["2C 3C 5H", "KS 7H 4D", "QC JC 7D"], middle="9S KD 8D", stopper=0)
    assert stop_the_bus_bot.choose(last.view(1), random.Random(1)) == "take KD give 4D"
    final = play_out(BUS.new(seed=5, seats=4), [HeuristicBot(s) for s in range(4)])
    assert final.is_over


def test_a_default_game_ends_as_its_text_says():
    final = played_to_end("stop-the-bus")
    # Players with no token left are out; the last with a token wins (or those put out together share).
    tokens = final.options["tokens"]
    left = [s for s in range(final.seats) if final.lost[s] < tokens]
    assert len(left) <= 1
    assert final.winners == (tuple(left) if left else final.active)
