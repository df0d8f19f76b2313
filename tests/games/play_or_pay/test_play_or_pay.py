"""Play or Pay's own rules: the next card forced, a chip from every player
passed over, the ace after the king and the thirteenth card ending a
sequence, the hand's settlement into the pot, the dealer's rotation, the
game's end, and the interpretation notes. Chips are conserved throughout
(the conformance suite checks every move of its playouts)."""

import pytest

import rules_engine
from conformance import check_step, snapshot
from rules_engine.bots import HeuristicBot, RandomBot, play_out
from rules_engine.cards import parse_cards
from rules_engine.errors import IllegalMoveError
from rules_engine.families.stops import StopsPlay
from rules_engine.games.play_or_pay import bot as play_or_pay_bot
from ends import first_hand_end, most, played_to_end

PAY = rules_engine.load_game("play-or-pay")


def dealt(hands, **options):
    """The first hand of a game dealt by seat 0, with ``hands`` (texts, seat 0 first) in place of the deal."""
    state = rules_engine.load_game("play-or-pay", **options).new(seed=1, seats=len(hands))
    state.play = StopsPlay.deal([parse_cards(h) for h in hands], starter=1, wrap=True)
    return state


def refused(state, move, rule):
    before = snapshot(state)
    with pytest.raises(IllegalMoveError) as info:
        state.apply(move)
    assert info.value.rule == rule, info.value
    assert snapshot(state) == before
    return info.value.reason


# Three hands that split every suit: seat 0 holds A-4 of each suit, seat 1 5-8, seat 2 9-K.
LOW, MIDDLE, HIGH = ("A234", "5678", "9TJQK")
SPLIT = [" ".join(r + s for s in "SHDC" for r in ranks) for ranks in (LOW, MIDDLE, HIGH)]


def test_the_holder_of_the_next_card_must_play_it_and_nothing_else():
    state = PAY.new(seed=3)
    state = state.apply("play 5S")
    assert state.to_act == 1 and [m.text for m in state.legal_moves()] == ["play 6S"]
    reason = refused(state, "play JH", "play.sequence")
    assert "6♠" in reason
    assert "not in your hand" in refused(state, "play 3S", "play.turn")  # seat 0 holds the 3♠


def test_players_passed_over_pay_a_chip_each_and_a_run_of_ones_own_makes_everyone_pay():
    state = dealt(SPLIT)                       # seat 0 deals: seat 1 starts
    state = state.apply("play 6S")             # seat 1 holds the 7♠ too: seats 2 and 0 pay
    assert state.chips.held == (99, 100, 99) and state.chips.pool("Pot") == 2
    state = state.apply("play 7S").apply("play 8S")   # the 8♠ too; then seat 2, next, holds the 9♠
    assert state.chips.held == (98, 100, 98) and state.to_act == 2
    state = state.apply("play 9S")             # seat 2 holds the 10♠: seats 0 and 1 pay
    assert state.chips.held == (97, 99, 98)
    for card in "TS JS QS".split():
        state = state.apply(f"play {card}")
    state = state.apply("play KS")             # seat 0, next after seat 2, holds the A♠: nobody pays
    assert state.chips.held == (94, 96, 98) and state.to_act == 0
    assert state.chips.conserved and state.chips.pool("Pot") == 12


def test_the_ace_follows_the_king_and_the_thirteenth_card_ends_the_sequence():
    state = dealt(SPLIT)
    for card in "6S 7S 8S 9S TS JS QS KS AS 2S 3S 4S".split():
        state = state.apply(f"play {card}")
    assert state.to_act == 1 and len(state.play.sequence) == 12
    state = state.apply("play 5S")                            # the thirteenth spade, just below the 6♠
    assert state.play.sequence == () and state.play.starter == 1 == state.to_act
    assert "thirteenth ♠" in state.table(None)["last"]
    check_step(state)


def test_the_first_player_out_wins_the_hand_and_the_pot_and_the_deal_passes_left():
    state = PAY.new(seed=5, seats=3)
    while state.hand_number == 1:
        state = state.apply(state.legal_moves()[0])
    number, won, lines = state.hand_results[0]
    winner = won.index(max(won))
    assert sum(won) == 0                       # the pot started empty, and the winner emptied it
    assert lines[-1].startswith(f"Seat {winner} collects Pot")
    assert state.hand_end[1].hands[winner] == ()
    assert state.chips.pool("Pot") == 0
    assert state.dealer == 1 and state.to_act == 2 and state.hand_number == 2
    interlude = state.table(0)["interlude"]
    assert interlude["title"] == "End of hand 1" and any("collects Pot" in line for line in interlude["lines"])


def test_cards_left_are_paid_for_and_the_winner_takes_everything_in_the_pot():
    from rules_engine.games.play_or_pay import settlement
    assert settlement([4, 0, 2], winner=1, pot=7) == ([4, 0, 2], 13)
    assert settlement([0, 0, 0], winner=0, pot=0) == ([0, 0, 0], 0)


def test_the_game_ends_when_everyone_has_dealt_and_the_most_chips_wins():
    final = play_out(PAY.new(seed=2), [HeuristicBot(s) for s in range(4)])
    assert final.is_over and final.hand_number == 4
    assert [n for n, _, _ in final.hand_results] == [1, 2, 3, 4]
    best = max(final.chips.held)
    assert final.winners == tuple(s for s, c in enumerate(final.chips.held) if c == best)
    assert final.scores.game == tuple(c - 100 for c in final.chips.held)
    assert "wins the game" in final.table(None)["result"]
    longer = play_out(rules_engine.load_game("play-or-pay", deals=2).new(seed=2),
                      [HeuristicBot(s) for s in range(4)])
    assert longer.hand_number in range(5, 9) or min(longer.chips.held) <= 0


def test_a_player_out_of_chips_pays_on_credit_and_the_game_ends_after_that_hand():
    final = play_out(rules_engine.load_game("play-or-pay", chips=25).new(seed=0),
                     [HeuristicBot(s) for s in range(4)])
    assert final.hand_number == 2 and min(final.chips.held) < 0, final.chips.held
    assert final.chips.conserved and sum(final.chips.held) + final.chips.pool("Pot") == 100


def test_every_hand_of_random_games_conserves_chips():
    for seats in (3, 5, 8):
        state = PAY.new(seed=seats, seats=seats)
        bots = [RandomBot(s) for s in range(seats)]
        while not state.is_over:
            state = state.apply(bots[state.to_act].choose(state.view(state.to_act)))
            assert state.chips.conserved
            assert sum(len(h) for h in state.play.hands) + len(state.play.played) == 52


def test_the_bot_starts_where_it_holds_the_thirteenth_card():
    state = dealt(SPLIT)
    view = state.view(1)
    # Seat 1 holds 5-8 of each suit: starting with a 6 keeps the 5 (the thirteenth) in its own hand.
    import random
    move = play_or_pay_bot.choose(view, random.Random(1))
    assert move.endswith(("6S", "6H", "6D", "6C"))


def test_stops_play_stops_when_the_next_card_is_dead_or_played():
    play = StopsPlay.deal([parse_cards("4H 5H"), parse_cards("6H 8H")], starter=0, dead=parse_cards("7H"))
    play = play.play(parse_cards("4H")[0]).play(parse_cards("5H")[0]).play(parse_cards("6H")[0])
    assert play.stopped and play.starter == 1 and [c.text for _, c in play.closed] == ["4H", "5H", "6H"]
    assert play.between(0, 0) == [1] and play.between(1, 0) == []


def test_a_default_game_ends_as_its_text_says():
    final = played_to_end("play-or-pay")
    # Every player deals once (the default), or a player is out of chips; the most chips win.
    assert final.hand_number == final.hands_in_game or min(final.chips.held) <= 0
    assert final.winners == most(final.chips.held)


def test_a_hands_end_shows_the_chips_paid_for_passes_and_cards_left_and_the_pot_taken():
    end = first_hand_end(PAY.new(seed=5, seats=3))
    items = {(item["label"], item["rule"]) for group in end["breakdown"] for item in group["items"]}
    assert ("Takes Pot", "scoring.hand") in items and ("Cards left", "scoring.hand") in items
    assert ("Paid to the pot, lacking the next card", "play.pay") in items
