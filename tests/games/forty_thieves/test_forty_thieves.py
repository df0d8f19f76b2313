"""Forty Thieves' own rules, on positions built for each rule: the deal, building in suit one
card at a time, empty columns, the two foundations of a suit, the stock turned once, the waste,
the end (no way forward once the stock is out), the table and the golden records."""

import copy
import json
import pathlib

import pytest

import rules_engine
from rules_engine import IllegalMoveError, NotationError, Record, replay
from rules_engine.bots import HeuristicBot, RandomBot, play_out
from rules_engine.cards import format_cards, make_deck, parse_cards
from rules_engine.families.solitaire import Column
from rules_engine.games.forty_thieves import bot as forty_thieves_bot
from rules_engine.games.forty_thieves import PILES
from rules_engine.games.forty_thieves.search import UNKNOWN, forward_now, layout_of, way_forward
from ends import game_end_explained

# The shared conformance suite (tests/test_conformance.py) plays fewer of this game's games a batch
# than of most: its bot searches ahead before every turn of the stock, some 400 moves a second.
CONFORMANCE_GAMES_PER_BATCH = {"heuristic": 4}

THIEVES = rules_engine.load_game("forty-thieves")
GOLDEN = pathlib.Path(__file__).parent / "golden"
# The golden records of Forty Thieves and what they come to (written by tests/regenerate_golden.py's
# method: a seeded heuristic bot game).
GOLDEN_THIEVES = {
    "forty-thieves-won": {"seed": 11, "scores": [104], "moves": 251, "result": "won"},
    "forty-thieves-lost": {"seed": 6, "scores": [7], "moves": 91, "result": "lost"},
}


def position(*columns, home="", stock="", waste=""):
    """A position: columns as card texts from the bottom up, the cards home (each foundation
    filled from the ace, the first pile of a suit first), the stock (its top card last) and the waste."""
    state = copy.copy(THIEVES.new(seed=0))
    for key in ("_legal_cached", "_cached_way"):
        state.__dict__.pop(key, None)
    built = [Column((), tuple(parse_cards(text))) for text in columns + ("",) * (10 - len(columns))]
    state.columns = tuple(built)
    piles = [[] for _ in PILES]
    for card in parse_cards(home):
        f = next(f for f, suit in enumerate(PILES) if suit == card.suit and len(piles[f]) == "A23456789TJQK".index(card.rank))
        piles[f].append(card)
    state.foundations = tuple(tuple(p) for p in piles)
    state.stock = tuple(parse_cards(stock))
    state.waste = tuple(parse_cards(waste))
    return state


def full(*columns):
    """``columns`` and kings of red suits and clubs on the others, so that no column is empty."""
    return columns + tuple("KD KH KC".split()[i % 3] for i in range(10 - len(columns)))


def moves(state):
    return [m.text for m in state.legal_moves()]


def refusal(state, move):
    explanation = state.explain(move)
    with pytest.raises(IllegalMoveError) as raised:
        state.apply(move)
    assert (raised.value.reason, raised.value.rule) == tuple(explanation)
    return explanation


def test_the_deal():
    order = make_deck("104")
    state = THIEVES.new(decks={"deal": format_cards(order)})
    assert [len(c.up) for c in state.columns] == [4] * 10
    assert state.columns[0].up == tuple(order[0:40:10]) and state.columns[9].up == tuple(order[9:40:10])
    assert len(state.stock) == 64 and state.stock[-1] == order[40] and state.waste == ()
    after = state.apply("turn")
    assert after.waste == (order[40],) and after.table()["last"] == f"The {order[40].symbol} is turned from the stock onto the waste."
    assert state.view()["table"]["stock"] == 64 and "stock" not in json.dumps(state.view()["table"]["columns"])
    assert state.hidden_from(0) == set(order[40:])


def test_building_down_in_suit_one_card_at_a_time():
    state = position("8H", "7H", "7S 2C", "9D 7H", stock="KS")
    assert "move 7H from column 2 to column 1" in moves(state) and "move 7H from column 4 to column 1" in moves(state)
    explanation = refusal(state, "move 7S from column 3 to column 1")
    assert explanation.rule == "play.move-unit" and "1 card on top of it" in explanation.reason
    assert refusal(state, "move 2C from column 3 to column 1").rule == "play.build"
    assert refusal(state, "move 7H from column 2 to column 3").reason.endswith("of the same suit")
    after = state.apply("move 7H from column 4 to column 1")
    assert format_cards(after.columns[0].up) == "8H 7H" and format_cards(after.columns[3].up) == "9D"
    assert format_cards(state.columns[0].up) == "8H"  # the old state is unchanged
    assert after.table()["last"] == "The 7♥ moves from column 4 onto the 8♥ in column 1."


def test_any_card_fills_an_empty_column():
    state = position("8H 2C", "", "QS", stock="KS", waste="5D")
    assert {"move 2C from column 1 to column 2", "move QS from column 3 to column 2",
            "move 5D from the waste to column 2"} <= set(moves(state))
    after = state.apply("move 5D from the waste to column 2")
    assert after.waste == () and after.table()["last"] == "The 5♦ moves from the waste into the empty column 2."


def test_two_foundations_a_suit():
    state = position("AS", "AS", "2S", "3S", stock="KH")
    first = state.apply("move AS from column 1 to foundation")
    second = first.apply("move AS from column 2 to foundation")
    assert [len(p) for p in second.foundations] == [1, 1, 0, 0, 0, 0, 0, 0]
    explanation = refusal(first, "move 3S from column 4 to foundation")
    assert explanation.rule == "play.foundation" and "take an ace or the 2♠ next" in explanation.reason
    assert second.apply("move 2S from column 3 to foundation").foundations[0] == tuple(parse_cards("AS 2S"))
    clicks = {c["move"]: c for c in first.table(0)["moves"]}
    assert clicks["move AS from column 2 to foundation"]["card"] == ["column-2", 0]
    assert clicks["move AS from column 2 to foundation"]["to"] == "foundation-S-2"
    assert clicks["move 2S from column 3 to foundation"]["to"] == "foundation-S-1"
    labels = [z["label"] for z in first.table()["zones"] if z["kind"] == "foundation"]
    assert labels[:2] == ["Spades 1", "Spades 2"]


def test_the_stock_is_turned_once_and_only_the_waste_top_plays():
    state = position(*full("KC"), stock="2H AH", waste="9D")
    assert refusal(state, "move 9D from the waste to column 2").rule == "play.build"
    state = state.apply("turn")
    explanation = refusal(state, "move 9D from the waste to column 2")
    assert explanation.rule == "play.waste" and "the A♥" in explanation.reason
    state = state.apply("move AH from the waste to foundation").apply("turn")
    assert state.stock == () and refusal(state, "turn").rule == "play.stock"
    assert "move 2H from the waste to foundation" in moves(state)


def test_cards_on_the_foundations_stay():
    state = position("5D", home="AC 2C AC 2C", stock="KS")
    explanation = refusal(state, "move 2C from column 1 to column 2")
    assert explanation.rule == "interpretation.foundation-final"


def test_columns_are_numbered_one_to_ten():
    state = position("5D", stock="KS")
    assert refusal(state, "move 5D from column 11 to foundation").rule == "play.move-unit"
    assert refusal(state, "move 5D from column 1 to column 0").rule == "play.build"
    assert refusal(state, "move 5D from column 1 to column 1").rule == "play.build"
    for bad in ("move 5D from column 1.0 to column 2", "move 5D from column ² to column 2", "move 5D to column 2"):
        with pytest.raises(NotationError):
            state.apply(bad)


def test_lost_only_when_no_way_forward():
    # The stock is out; the 7♥ can go to and fro between the two 8♥s, but nothing ever goes home.
    stuck = position(*full("KS 8H", "QD 8H 7H", "2D 3S"), waste="5C")
    assert stuck.is_over and stuck.result == "lost" and stuck.legal_moves() == []
    assert stuck.explain("move 7H from column 2 to column 1").rule == "end.game"
    assert stuck.scores.game == (0,) and stuck.table()["result"].startswith("Lost: the stock is out")
    # The same with a card in the stock: turning it is a way forward.
    assert not position(*full("KS 8H", "QD 8H 7H", "2D 3S"), stock="9C").is_over
    # Two moves clear the way to the A♣: the 5♠ onto the 6♠, then the 6♥ onto the 7♥ it uncovers.
    deep = position(*full("AC 6H", "7H 5S", "6S"))
    assert not deep.is_over and moves(deep) == ["move 5S from column 2 to column 3"]
    assert deep.way_forward() == ((1, 2), (0, 1))
    after = deep.apply("move 5S from column 2 to column 3").apply("move 6H from column 1 to column 2")
    assert moves(after)[0] == "move AC from column 1 to foundation"
    assert forward_now(layout_of(after.columns), frozenset(["AC"]), None)


def test_a_won_game_scores_104():
    home = " ".join(r + s for s in "SHDC" for r in "A23456789TJQK")
    state = position("KC", home=f"{home} {home}".rsplit(" ", 1)[0])
    assert moves(state)[0] == "move KC from column 1 to foundation"
    won = state.apply("move KC from column 1 to foundation")
    assert won.is_over and won.result == "won" and won.scores.game == (104,)
    assert won.table()["result"] == "Won: all 104 cards are on the foundations."


def test_way_forward_search_gives_up_without_calling_the_deal_lost():
    columns = ("KS QS", "KH QH", "KD QD", "KC QC", "9S", "9H", "9D", "9C", "TS", "")
    assert way_forward(columns, frozenset(["AS"]), None, limit=3) is UNKNOWN
    assert way_forward(columns, frozenset(["AS"]), None) is None


def test_the_bot_sends_cards_home_first_and_turns_only_when_nothing_helps():
    state = position("KS 8H", "QD 9H AC", "2D 3S", stock="9C 4D")
    view = state.view(0)
    assert forty_thieves_bot.choose(view, None) == "move AC from column 2 to foundation"
    quiet = position(*full("KS 3D", "QD 9H", "2D 3S"), stock="9C 4D")
    assert forty_thieves_bot.choose(quiet.view(0), None) == "turn"


def test_bot_and_random_games_end():
    for seed in range(3):
        assert play_out(THIEVES.new(seed=seed), [RandomBot(seed)]).is_over
    final = play_out(THIEVES.new(seed=12), [HeuristicBot(12)])
    assert final.result == "won"


@pytest.mark.parametrize("name", sorted(GOLDEN_THIEVES))
def test_golden_records(name):
    text = (GOLDEN / f"{name}.txt").read_text()
    expected = GOLDEN_THIEVES[name]
    states = list(replay(text))
    final = states[-1]
    assert final.is_over and final.result == expected["result"]
    assert list(final.scores.game) == expected["scores"] and len(states) == expected["moves"] + 1
    assert final.record.to_text() == text == Record.load(text).to_text()
    state = THIEVES.new(seed=expected["seed"])
    assert play_out(state, [HeuristicBot(expected["seed"])]).record.to_text() == text


def test_golden_records_listed_for_regenerate():
    listed = json.loads((GOLDEN / "expected.json").read_text())
    for name, expected in GOLDEN_THIEVES.items():
        if name in listed:
            assert listed[name] == expected


def test_the_games_end_shows_the_cards_on_each_foundation():
    end = game_end_explained(THIEVES.new(seed=6))   # lost, with 7 cards home
    items = end["breakdown"][0]["items"]
    assert sum(len(item["cards"]) for item in items) == 7 and all(item["cards"][0][0] == "A" for item in items)
    assert end["title"].endswith("lost") and "stock is out" in end["ended"]
