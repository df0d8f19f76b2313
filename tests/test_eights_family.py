"""The Crazy Eights family's machinery apart from any one game: draws that stack (a 2 answered
by a 2 passes four on, as Crates' 2-sequences and Bartok's 4s do), with a game made from Last One
by changing one entry of its table of effects."""

import pytest

from rules_engine.cards import parse_card, parse_cards
from rules_engine.errors import IllegalMoveError
from rules_engine.families.eights import Effect
from rules_engine.game import Game
from rules_engine.games.last_one import EFFECTS, LastOneState


class Stacking(LastOneState):
    EFFECTS = {**EFFECTS, "2": Effect(draw=2, stack=("2",))}


def position(hands, up, stock=""):
    state = Game(Stacking).new(seed=1, seats=len(hands))
    state.hands = [parse_cards(h) for h in hands]
    state.stock, state.discard = parse_cards(stock), [parse_card(up)]
    state.up, state.turn, state.phase, state.called, state.direction = state.discard[-1], 1, "play", None, 1
    state.melee, state.stands_for, state.pending = None, None, 0
    return state


def test_a_draw_is_passed_on_with_a_card_that_adds_to_it_and_taken_whole():
    state = position(["3C 4C", "2S 5H KH", "2D QC 9C", "TC 6C 7C"], up="5S", stock="AD AH 7S 7D 8H 9H")
    state = state.apply("play 2S")
    assert state.phase == "draws" and state.to_act == 2
    assert [m.text for m in state.legal_moves()] == ["play 2D", "draw 2"]
    with pytest.raises(IllegalMoveError) as info:
        state.apply("play QC")
    assert info.value.rule == "play.draws"
    state = state.apply("play 2D")
    assert state.to_act == 3 and [m.text for m in state.legal_moves()] == ["draw 4"]
    state = state.apply("draw 4")
    assert len(state.hands[3]) == 7 and state.to_act == 0 and state.phase == "play" and state.pending == 0
    assert state.table(None)["last"] == "Seat 3 draws 4 cards."
