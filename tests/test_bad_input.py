"""Bad input gets a clear error and changes nothing."""

import pytest

import rules_engine
from conformance import snapshot
from rules_engine import IllegalMoveError, NotationError, NotYourTurnError, OptionError


@pytest.fixture
def king():
    return rules_engine.load_game("king").new(seed=2)


@pytest.mark.parametrize("text, message", [
    ("play", "bad move 'play' in King: expected one of"),
    ("play ZZ", "bad move 'play ZZ' in King: bad card 'ZZ'"),
    ("fold", "bad move 'fold' in King"),
    ("bid lots", "expected a number, got 'lots'"),
    ("", "bad move ''"),
])
def test_malformed_moves(king, text, message):
    before = snapshot(king)
    with pytest.raises(NotationError) as info:
        king.apply(text)
    assert message in str(info.value)
    assert snapshot(king) == before


def test_move_out_of_turn_names_both_seats(king):
    before = snapshot(king)
    wrong = (king.to_act + 1) % 4
    with pytest.raises(NotYourTurnError) as info:
        king.apply(king.legal_moves()[0], seat=wrong)
    assert info.value.rule == "play.turn"
    assert f"it is seat {king.to_act}'s turn, not seat {wrong}'s" in str(info.value)
    assert snapshot(king) == before


def test_illegal_move_carries_reason_and_rule(king):
    leader_hand = king.view(king.to_act)["table"]["play"]["hands"][king.to_act]
    other = next(c for c in rules_engine.cards.make_deck("52") if c.text not in leader_hand)
    before = snapshot(king)
    with pytest.raises(IllegalMoveError) as info:
        king.apply(f"play {other.text}")
    error = info.value
    assert error.rule == "play.turn" and "not in your hand" in error.reason
    assert str(error) == f"illegal move 'play {other.text}': {error.reason} (rule play.turn)"
    assert isinstance(error, ValueError)
    assert snapshot(king) == before


def test_a_finished_game_takes_no_moves():
    from rules_engine.bots import RandomBot, play_out

    final = play_out(rules_engine.load_game("yukon").new(seed=1), [RandomBot()])
    with pytest.raises(IllegalMoveError, match="the game is over") as info:
        final.apply("move AS to foundation")
    assert info.value.rule == "end.game"
    assert final.explain("move AS to foundation").rule == "end.game"


@pytest.mark.parametrize("call, message", [
    (lambda: rules_engine.load_game("snap"), "unknown game 'snap': the games are bridge-solitaire, king, yukon"),
    (lambda: rules_engine.load_game("king", jokers=2), "unknown option 'jokers' for king: its options are first_hand"),
    (lambda: rules_engine.load_game("king").new(seed=1, seats=3), "bad number of seats 3 for king: it takes 4"),
    (lambda: rules_engine.load_game("yukon").new(seed=1, seats="one"), "bad number of seats 'one'"),
])
def test_unknown_games_options_and_seats(call, message):
    with pytest.raises(OptionError) as info:
        call()
    assert message in str(info.value)


def test_option_values_are_checked():
    from rules_engine.game import Option

    option = Option("target", 61, choices=(61, 121))
    assert option.check(121, "x") == 121
    with pytest.raises(OptionError, match="bad value 100 for option 'target' of x: expected one of 61, 121"):
        option.check(100, "x")
    with pytest.raises(OptionError, match="expected a value like 10"):
        Option("hands", 10).check("ten", "x")
