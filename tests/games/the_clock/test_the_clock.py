"""The Clock's own rules: the deal, forced play to a win and to a loss, the
refusals, the fourth king, its table description and its golden records."""

import json
import pathlib
from collections import Counter

import pytest

import rules_engine
from rules_engine import IllegalMoveError, Record, replay
from rules_engine.bots import HeuristicBot, play_out
from rules_engine.cards import RANKS, format_cards, make_deck, parse_cards
from rules_engine.table import check
from ends import game_end_explained

CLOCK = rules_engine.load_game("the-clock")
GOLDEN = pathlib.Path(__file__).parent / "golden"
# The golden records of The Clock and what they come to (the records are
# written by tests/regenerate_golden.py's method: a seeded heuristic bot game).
GOLDEN_CLOCK = {
    "the-clock-won": {"seed": 9, "scores": [52], "moves": 52, "result": "won"},
    "the-clock-lost": {"seed": 306, "scores": [10], "moves": 10, "result": "lost"},
}


def deal_for(sequence):
    """The deck, in deal order, whose game turns up the cards of ``sequence``
    one after another, up to the fourth king: the card turned up after a card
    of rank r is the next face-down card of pile r. Cards the sequence leaves
    out stay face down, filling the piles in order."""
    sequence = parse_cards(sequence)
    assert sequence[-1].rank == "K" and sum(c.rank == "K" for c in sequence) == 4
    top_down = [[] for _ in RANKS]  # each pile's cards, from its top down
    top_down[-1].append(sequence[0])
    for card, following in zip(sequence, sequence[1:]):
        top_down[RANKS.index(card.rank)].append(following)
    rest = iter(c for c in make_deck("52") if c not in sequence)
    for pile in top_down:
        while len(pile) < 4:
            pile.append(next(rest))
    assert all(len(pile) == 4 for pile in top_down) and next(rest, None) is None
    deck = [None] * 52
    for p, pile in enumerate(top_down):
        for j, card in enumerate(reversed(pile)):  # dealt bottom first
            deck[p + 13 * j] = card
    return format_cards(deck)


def play_to_end(state):
    states = [state]
    while not state.is_over:
        assert [m.text for m in state.legal_moves()] == [f"place {state.hand.text}"]  # always forced
        state = state.apply(state.legal_moves()[0])
        states.append(state)
    return states


# A game that goes round the clock suit by suit: A♠ to K♠, A♥ to K♥, and so on.
ROUND = " ".join(rank + suit for suit in "SHDC" for rank in RANKS)


def test_the_deal_goes_round_the_clock_one_card_a_pile():
    order = make_deck("52")
    state = CLOCK.new(decks={"deal": format_cards(order)})
    # Card i goes to pile i % 13, aces first and kings last; the last card dealt to a pile is on top.
    for p in range(12):
        assert state.down[p] == tuple(order[p::13]) and state.up[p] == ()
    assert state.down[12] == tuple(order[12::13][:3])
    assert state.hand == order[51]  # the kings' pile's top card is turned up to start
    view = state.view(0)["table"]
    assert [pile["rank"] for pile in view["piles"]] == list(RANKS)
    assert [len(pile["down"]) for pile in view["piles"]] == [4] * 12 + [3]
    assert all(c == "??" for pile in view["piles"] for c in pile["down"]) and view["hand"] == order[51].text
    assert state.scores.game == (0,) and state.to_act == 0 and state.result is None


def test_a_new_pack_in_order_loses_at_once():
    # An unshuffled pack puts each rank in its own pile: the four kings come up one after another.
    state = CLOCK.new(decks={"deal": format_cards(make_deck("52"))})
    states = play_to_end(state)
    assert [s.last_move[0] for s in states[1:]] == ["place KC", "place KD", "place KH"]
    final = states[-1]
    assert final.result == "lost" and final.hand.text == "KS" and final.face_down == 48
    assert final.scores == rules_engine.Scores((3,), (3,))
    assert final.table(0)["result"].startswith("Lost: the fourth king came up with 48 cards")


def test_a_forced_game_to_a_win():
    state = CLOCK.new(decks={"deal": deal_for(ROUND)})
    assert state.hand.text == "AS"
    states = play_to_end(state)
    assert [s.last_move[0] for s in states[1:]] == [f"place {card}" for card in ROUND.split()]
    final = states[-1]
    assert final.result == "won" and final.is_over and final.face_down == 0 and final.hand is None
    assert final.scores.game == (52,)
    assert [list(pile["up"]) for pile in final.view(0)["table"]["piles"]] == [
        [rank + suit for suit in "SHDC"] for rank in RANKS]
    assert final.table(0)["result"] == "Won: all 52 cards lie face up, each in the pile of its rank."


def test_the_fourth_king_ends_the_game_exactly_when_it_shows():
    # K♠ K♥ K♦ come up early; the last king, K♣, is the 50th card turned up with two cards face down.
    others = [c for c in ROUND.split() if c[0] != "K"]
    sequence = ["KS"] + others[:12] + ["KH"] + others[12:24] + ["KD"] + others[24:46] + ["KC"]
    state = CLOCK.new(decks={"deal": deal_for(sequence)})
    states = play_to_end(state)
    # The game is over as soon as the fourth king is in hand, though two cards remain face down.
    final = states[-1]
    assert len(states) - 1 == 49 and final.hand.text == "KC" and final.result == "lost"
    assert final.face_down == 2 and final.scores.game == (49,)
    assert all(s.result is None and s.to_act == 0 for s in states[:-1])
    assert states[-2].kings_out == 3
    assert final.legal_moves() == [] and final.to_act is None
    assert final.explain("place KC") == ("the game is over", "end.game")
    with pytest.raises(IllegalMoveError):
        final.apply("place KC")
    assert final.table(0)["last"] == "The 10♣ goes under the 10s; the K♣ is turned up, the fourth king."


def test_the_fourth_king_last_of_all_is_placed_and_wins():
    state = CLOCK.new(decks={"deal": deal_for(ROUND)})
    states = play_to_end(state)
    before_last = states[-2]
    assert before_last.hand.text == "KC" and before_last.face_down == 0 and before_last.kings_out == 4
    assert before_last.result is None and before_last.legal_moves()[0].text == "place KC"


def test_explain_refuses_any_card_but_the_one_turned_up():
    state = CLOCK.new(decks={"deal": deal_for(ROUND)})
    assert state.explain("place AS") is None
    explanation = state.explain("place 7H")
    assert explanation.rule == "play.place" and "A♠" in explanation.reason
    with pytest.raises(IllegalMoveError) as error:
        state.apply("place 7h")
    assert error.value.rule == "play.place"
    after = state.apply("place AS")
    assert after.explain("place AS").rule == "interpretation.placed-final"
    assert after.explain("place 2S") is None
    for move in after.candidate_moves():
        explanation = after.explain(move)
        assert (explanation is None) == (move.text == "place 2S")
        if explanation:
            assert explanation.rule in after.spec.cited_rules


def test_the_table_description_shows_every_card_once_and_hides_face_down_ones():
    deck = [c.text for c in make_deck("52")]
    for state in play_to_end(CLOCK.new(seed=1)):
        whole = state.table("all")
        assert check(whole, deck, whole=True) == []
        assert sorted(c for z in whole["zones"] for c in z["cards"] if c != "??") == sorted(
            c.text for c in state._cards_in_play() if c not in state.hidden_from("all"))
        mine = state.table(0)
        assert check(mine, deck, hidden=state.hidden_from(0)) == []
        if state.is_over:
            assert mine["moves"] == [] and mine["result"]
        else:
            [click] = mine["moves"]
            card = state.hand
            assert click["card"] == ["hand", 0]
            assert click["to"] == "pile-" + {"T": "10"}.get(card.rank, card.rank)
            target = next(z for z in mine["zones"] if z["id"] == click["to"])
            assert target["label"].startswith({"A": "Aces", "T": "10s", "J": "Jacks", "Q": "Queens",
                                               "K": "Kings"}.get(card.rank, card.rank + "s"))
    labels = [z["label"] for z in CLOCK.new(seed=1).table(0)["zones"]]
    assert Counter(z["group"] for z in CLOCK.new(seed=1).table(0)["zones"]) == {
        "clock-top": 5, "clock-middle": 4, "clock-bottom": 5}
    assert labels == ["10s", "Jacks", "Queens", "Aces", "2s", "9s", "Kings (centre)", "Turned up", "3s",
                      "8s", "7s", "6s", "5s", "4s"]


def test_the_last_move_is_told_in_a_sentence():
    state = CLOCK.new(decks={"deal": deal_for(ROUND)})
    assert state.table(0)["last"] == "The A♠ is turned up from the kings' pile."
    assert state.apply("place AS").table(0)["last"] == "The A♠ goes under the aces; the 2♠ is turned up."


def test_same_seed_same_game():
    first = play_to_end(CLOCK.new(seed="same"))[-1]
    second = play_to_end(CLOCK.new(seed="same"))[-1]
    assert first.record == second.record and first.view("all") == second.view("all")
    assert list(replay(first.record.to_text()))[-1].view("all") == first.view("all")
    assert CLOCK.new(seed=1).view("all") != CLOCK.new(seed=2).view("all")


def test_the_bot_plays_the_only_move():
    state = CLOCK.new(seed=5)
    final = play_out(state, [HeuristicBot(5)])
    assert final.record.moves == play_to_end(CLOCK.new(seed=5))[-1].record.moves


@pytest.mark.parametrize("name", sorted(GOLDEN_CLOCK))
def test_golden_records(name):
    text = (GOLDEN / f"{name}.txt").read_text()
    expected = GOLDEN_CLOCK[name]
    states = list(replay(text))
    final = states[-1]
    assert final.is_over and final.result == expected["result"]
    assert list(final.scores.game) == expected["scores"] and len(states) == expected["moves"] + 1
    assert final.record.to_text() == text == Record.load(text).to_text()
    # The records are what a heuristic bot plays from their seed, as regenerate_golden.py writes them.
    state = CLOCK.new(seed=expected["seed"])
    assert play_out(state, [HeuristicBot(expected["seed"])]).record.to_text() == text


def test_golden_records_listed_for_regenerate():
    # Kept in step with golden/expected.json.
    listed = json.loads((GOLDEN / "expected.json").read_text())
    for name, expected in GOLDEN_CLOCK.items():
        if name in listed:
            assert listed[name] == expected


@pytest.mark.parametrize("seed, won", [(9, True), (306, False)])
def test_the_games_end_shows_the_cards_placed_pile_by_pile(seed, won):
    end = game_end_explained(CLOCK.new(seed=seed))
    placed = {item["label"]: item["cards"] for item in end["breakdown"][0]["items"]}
    assert all(len({card[0] for card in cards}) == 1 for cards in placed.values())   # each pile, its rank
    assert (sorted(map(len, placed.values())) == [4] * 13) is won
    assert end["title"].endswith("won" if won else "lost") and ("still face down" in end["ended"]) is not won
