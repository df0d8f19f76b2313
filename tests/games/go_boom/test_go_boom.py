"""Go Boom's own rules: the deal without an upcard, the lead, following the card led, drawing
until able (the draw offered while the stock lasts, a pass only when it is empty and nothing
matches), the round won by its highest card (aces high, the first of equals) leading the next,
the first out winning at once, the settle option, every card kept, and the bot."""

import random


import rules_engine
from conformance import check_step, refused
from rules_engine.bots import HeuristicBot, RandomBot
from rules_engine.cards import make_deck, parse_card, parse_cards
from rules_engine.games.go_boom import bot as go_boom_bot
from rules_engine.games.go_boom import card_value, round_winner, settlement
from ends import first_hand_end, played_to_end
from family_tests import heads_up_wins

GO_BOOM = rules_engine.load_game("go-boom")


def position(hands, stock="", turn=1, led=None, plays=(), game=GO_BOOM):
    """A round set up as given: ``plays`` as ``(seat, card)`` already made, the first of them led."""
    state = game.new(seed=1, seats=len(hands))
    state.hands = [parse_cards(h) for h in hands]
    state.stock = parse_cards(stock)
    state.round_plays = tuple((s, parse_card(c)) for s, c in plays)
    state.round_turns = len(plays)
    state.up = state.round_plays[0][1] if plays else None
    state.phase = "follow" if plays else "lead"
    state.turn = turn
    return state


def moves(state):
    return [m.text for m in state.legal_moves()]


def test_seven_cards_each_no_upcard_and_the_dealers_left_leads_any_card():
    for seats in range(2, 7):
        state = GO_BOOM.new(seed=seats, seats=seats)
        assert [len(h) for h in state.hands] == [7] * seats and len(state.stock) == 52 - 7 * seats
        assert state.discard == [] and state.to_act == 1 % seats and state.phase == "lead"
        assert sorted(moves(state)) == sorted(f"play {c.text}" for c in state.hands[state.to_act])
        check_step(state)
    assert "you lead this round" in refused(GO_BOOM.new(seed=1), "draw", "play.lead")


def test_each_follows_the_card_led_by_suit_or_rank_not_the_card_before():
    state = position(["2C 3C", "5S", "KS 5H 9D", "7H 8C"], turn=2, plays=[(1, "5S")])
    assert moves(state) == ["play KS", "play 5H"]          # no draw: the stock is empty
    state = state.apply("play 5H")
    assert moves(state) == ["pass"]                         # the 7♥ follows the 5♥ but not the 5♠ led
    assert "neither in suit nor in rank" in refused(state, "play 7H", "play.match")
    assert "you do not hold" in refused(state, "play 9D", "play.turn")


def test_a_player_draws_until_able_and_may_draw_rather_than_play_while_the_stock_lasts():
    state = position(["2C 3C", "5S", "KD 9D", "7H 8C"], stock="3S 4H 6C", turn=2, plays=[(1, "5S")])
    assert moves(state) == ["draw"]
    state = state.apply("draw")                             # the 6♣: still no spade or 5
    assert state.to_act == 2 and moves(state) == ["draw"]
    state = state.apply("draw")                             # the 4♥: still none
    state = state.apply("draw")                             # the 3♠
    assert moves(state) == ["play 3S"] and not state.stock
    able = position(["2C 3C", "5S", "KS 9D", "7H 8C"], stock="3S", turn=2, plays=[(1, "5S")])
    assert moves(able) == ["play KS", "draw"]               # interpretation.unwilling
    assert "may not pass" in refused(able, "pass", "play.draw")
    assert refused(position(["2C", "5S", "KS", "7H"], turn=2, plays=[(1, "5S")]), "draw", "play.draw")


def test_the_highest_card_wins_the_round_the_first_of_equals_and_leads_the_next():
    assert round_winner(list(zip([1, 2, 3, 0], parse_cards("5S KS 5H KD")))) == 1
    assert round_winner(list(zip([1, 2], parse_cards("KS AS")))) == 1
    state = position(["5H 2C", "5S 9C", "KS 4D", "KC 8C"], turn=0, plays=[(1, "5S"), (2, "KS"), (3, "KC")])
    state = state.apply("play 5H")
    assert state.to_act == 2 and state.phase == "lead" and state.round_number == 2
    assert [c.text for c in state.discard] == ["5S", "KS", "KC", "5H"]
    assert state.table(None)["last"] == "Seat 0 plays the 5♥; the K♠ wins the round, and Seat 2 leads."


def test_a_pass_is_a_turn_of_the_round():
    state = position(["2C 3C", "5S 9C", "KD 9D", "7H 8C"], turn=2, plays=[(1, "5S")])
    state = state.apply("pass").apply("pass").apply("pass")
    assert state.phase == "lead" and state.to_act == 1


def test_the_first_out_wins_at_once_mid_round():
    state = position(["2C 3C", "5S 9C", "KS", "7H 8C"], turn=2, plays=[(1, "5S")])
    state = state.apply("play KS")
    assert state.is_over and state.winners == (2,) and state.scores.game == (0, 0, 1, 0)
    assert state.table(None)["result"] == "Seat 2 goes out first and wins."


def test_the_settle_option_collects_the_cards_left():
    collect = rules_engine.load_game("go-boom", settle="collect")
    state = position(["AC 3C", "5S 9C", "KS", "7H 8C TD"], turn=2, plays=[(1, "5S")], game=collect)
    state = state.apply("play KS")
    assert state.scores.game == (-4, -14, 43, -25) and sum(state.scores.game) == 0
    assert [card_value(c) for c in parse_cards("AS KH TD 7C")] == [1, 10, 10, 7]
    assert settlement([[], parse_cards("AS KH"), parse_cards("7D")], winner=0) == (18, -11, -7)


def test_every_card_is_kept_and_games_end_within_the_bound():
    pack = sorted(c.text for c in make_deck("52"))
    for seed in range(8):
        seats = 2 + seed % 5
        state = GO_BOOM.new(seed=f"kept-{seed}", seats=seats)
        bots = [RandomBot(seed) if seed % 2 else HeuristicBot(seed) for _ in range(seats)]
        made = 0
        while not state.is_over:
            assert sorted(c.text for c in state._cards_in_play()) == pack
            state = state.apply(bots[state.to_act].choose(state.view(state.to_act)))
            made += 1
        assert made <= state.move_bound()


def choice(state, seed=1):
    return go_boom_bot.choose(state.view(state.to_act), random.Random(seed))


def test_the_bot_leads_high_beats_the_round_when_it_can_and_else_plays_low():
    assert choice(position(["2C", "5S AS 9C", "KS", "7H"], turn=1)) == "play AS"
    assert choice(position(["2C", "5S", "KS 6S 9C", "7H"], turn=2, plays=[(1, "5S")])) == "play KS"
    assert choice(position(["2C", "AS", "KS 6S 9C", "7H"], turn=2, plays=[(1, "AS")])) == "play 6S"


def test_the_bot_beats_random_players():
    assert heads_up_wins(GO_BOOM, 200) >= 115


def test_a_default_game_ends_as_its_text_says():
    final = played_to_end("go-boom")
    # One deal: the first player out of cards wins.
    assert final.winners == (final.winner,) and not final.hands[final.winner]
    assert all(final.hands[seat] for seat in range(final.seats) if seat != final.winner)


def test_the_games_end_shows_the_win_or_the_cards_collected_item_by_item():
    end = first_hand_end(GO_BOOM.new(seed=3))
    assert [(item["label"], item["points"]) for group in end["breakdown"] for item in group["items"]] == [
        ("Out of cards first", 1)]
    collected = first_hand_end(rules_engine.load_game("go-boom", settle="collect").new(seed=3))
    winner = next(group for group in collected["breakdown"] if group["points"] > 0)
    assert all(item["label"].endswith("'s cards left") and not item["cards"] for item in winner["items"])
