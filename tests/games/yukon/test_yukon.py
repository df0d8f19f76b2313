"""Yukon's own rules, on positions built for each rule."""

import copy


import rules_engine
from rules_engine.bots import HeuristicBot, make_bot, play_out
from rules_engine.cards import SUITS, format_cards, make_deck, parse_cards
from rules_engine.families.solitaire import Column
from rules_engine.games.yukon import search as yukon_search
from rules_engine.games.yukon import TABLEAU
from rules_engine.games.yukon.search import layout_of, wanted_by
from ends import game_end_explained

YUKON = rules_engine.load_game("yukon")


def position(*columns, foundations=""):
    """A Yukon position: each column as 'face-down cards | face-up cards'."""
    state = copy.copy(YUKON.new(seed=0))
    state.__dict__.pop("_legal_cached", None)
    built = []
    for text in columns + ("",) * (7 - len(columns)):
        down, _, up = text.rpartition("|") if "|" in text else ("", "", text)
        built.append(Column(tuple(parse_cards(down)), tuple(parse_cards(up))))
    state.columns = tuple(built)
    piles = {suit: () for suit in SUITS}
    for card in parse_cards(foundations):
        piles[card.suit] += (card,)
    state.foundations = tuple(piles[suit] for suit in SUITS)
    return state


def moves(state):
    return [m.text for m in state.legal_moves()]


def test_the_deal():
    order = make_deck("52")
    state = YUKON.new(decks={"deal": format_cards(order)})
    columns = state.columns
    assert [len(c.down) for c in columns] == [0, 1, 2, 3, 4, 5, 6]
    assert [len(c.up) for c in columns] == [1, 5, 5, 5, 5, 5, 5]
    # First row: one card up on column 1, then one face down on each of columns 2-7.
    assert columns[0].up[0] == order[0] and [c.down[0] for c in columns[1:]] == order[1:7]
    # The Klondike part ends with column 7's face-up card; the last 24 go four to each of columns 2-7.
    assert columns[6].up[0] == order[27]
    assert [c.up[1] for c in columns[1:]] == order[28:34]
    assert [c.up[4] for c in columns[1:]] == order[46:52]
    view = state.view(0)["table"]["columns"]
    assert view[6]["down"] == ["??"] * 6 and len(view[6]["up"]) == 5


def test_seven_of_hearts_onto_either_black_eight():
    state = position("2D|8C", "3D|8S", "4D|7H", "5D|8D")
    assert "move 7H onto 8C" in moves(state) and "move 7H onto 8S" in moves(state)
    assert state.explain("move 7H onto 8D").rule == "play.build"
    assert "other colour" in state.explain("move 7H onto 8D").reason


def test_a_card_moves_with_everything_on_top_of_it():
    state = position("2D|JD", "3D|4S 10C 2H KS", "4D|5C", "5H")  # the 5H keeps the deal alive
    after = state.apply("move 10C onto JD")
    assert format_cards(after.columns[0].up) == "JD TC 2H KS"
    assert format_cards(after.columns[1].up) == "4S"
    assert state.columns[1].up == tuple(parse_cards("4S TC 2H KS"))  # the old state is unchanged


def test_uncovered_card_is_turned_up():
    state = position("2D 3H|9S", "4D|TD")
    after = state.apply("move 9S onto TD")
    assert after.columns[0] == Column(tuple(parse_cards("2D")), tuple(parse_cards("3H")))


def test_only_kings_fill_an_empty_column():
    state = position("", "2D|QD JS", "3D|KC 5H")
    assert "move KC to column 1" in moves(state)
    assert not any(m.startswith("move QD to column") for m in moves(state))
    explanation = state.explain("move QD to column 1")
    assert explanation.rule == "play.empty-column" and "only a K" in explanation.reason
    after = state.apply("move KC to column 1")
    assert format_cards(after.columns[0].up) == "KC 5H" and format_cards(after.columns[2].up) == "3D"


def test_foundations_build_up_by_suit_from_the_ace():
    state = position("2D|AS", "3D|2S 5C", "4D|2H", "KD|QC", "6H")
    assert moves(state)[0] == "move AS to foundation"
    assert state.explain("move 2H to foundation").reason == "the ♥ foundation must start with its A"
    assert state.explain("move 2S to foundation").reason == "2♠ has cards on top of it"
    after = state.apply("move AS to foundation")
    assert after.foundations[0] == tuple(parse_cards("AS")) and after.columns[0].up == tuple(parse_cards("2D"))
    assert after.explain("move 2S to foundation").reason == "2♠ has cards on top of it"
    explanation = after.explain("move AS onto 2D")
    assert explanation.rule == "interpretation.foundation-final" and "stay" in explanation.reason


def test_all_52_on_the_foundations_wins():
    ranks = "A23456789TJQ"
    foundations = " ".join(r + s for s in SUITS for r in ranks)
    state = position("KS", "KH", "KD", "KC", foundations=foundations)
    for suit in "SHDC":
        state = state.apply(f"move K{suit} to foundation")
    assert state.is_over and state.result == "won" and state.scores.game == (52,)
    assert state.to_act is None


def test_no_move_left_loses():
    state = position("QH|2S", "QS|3C", foundations="AC")
    assert moves(state) == [] and state.is_over and state.result == "lost"


def test_a_card_may_go_back_and_forth():
    state = position("2D|8C", "3D|8S 7H", "4D|AC")
    there = state.apply("move 7H onto 8C")
    back = there.apply("move 7H onto 8S")
    assert back.columns == state.columns and "move 7H onto 8C" in moves(back) and not back.is_over


def test_lost_when_no_way_forward_though_a_card_can_still_move():
    state = position("2D|8C", "3D|8S 7H")
    assert list(TABLEAU.placements(state.columns))  # the 7H could still go to the 8C
    assert state.is_over and state.result == "lost" and moves(state) == []
    assert state.explain("move 7H onto 8C").rule == "end.game"


SEED_162 = ("QH onto KC, 2C onto 3H, AS to foundation, TD onto JC, JC onto QD, 8D onto 9C, 6H onto 7C, AH onto 2C, "
            "TC onto JD, 2H onto 3S, 9D onto TC, AH to foundation, AD onto 2C, 2D onto 3C, JC onto QH, "
            "AD to foundation, JC onto QD")


def test_not_lost_while_a_sequence_of_moves_turns_up_a_card():
    # The deal: the only move left takes the JC back to the QH, which the old
    # "no repeated layout" reading refused, calling the deal lost.
    state = YUKON.new(seed=162)
    for move in SEED_162.split(", "):
        state = state.apply("move " + move)
    assert moves(state) == ["move JC onto QH"] and not state.is_over and state.result is None
    face_down = sum(len(column.down) for column in state.columns)
    for move in ["move JC onto QH", "move JS onto QD", "move 7H onto 8C"]:
        state = state.apply(move)
    assert sum(len(column.down) for column in state.columns) == face_down - 1


def test_the_way_forward_is_a_shortest_sequence_of_column_moves():
    state = YUKON.new(seed=162)
    for move in SEED_162.split(", "):
        state = state.apply("move " + move)
    way = state.way_forward()
    assert len(way) == 2
    for c, i, t in way:
        state = state.apply(next(m for m in state.legal_moves() if m.card == state.columns[c].up[i]
                                 and state._target(m) == t))
    assert state.way_forward() == ()


def test_the_quick_test_never_calls_a_deal_lost_that_a_full_search_can_save(monkeypatch):
    # _could_go_forward may only say "no" when the breadth-first search, run to the end, agrees.
    checked = 0
    for seed in range(40):
        state = YUKON.new(seed=seed)
        bot = make_bot("random" if seed % 2 else "heuristic", seed)
        while True:
            layout, wanted = layout_of(state.columns), wanted_by(state.foundations)
            if not yukon_search._could_go_forward(layout, wanted):
                with monkeypatch.context() as patched:
                    patched.setattr(yukon_search, "_could_go_forward", lambda *args: True)
                    assert yukon_search.way_forward.__wrapped__(layout, wanted, 10**6) is None, (seed, layout)
                checked += 1
            if state.is_over:
                break
            state = state.apply(bot.choose(state.view(0)))
    assert checked > 10


def test_a_playout_that_gains_nothing_is_given_up_unfinished():
    class Shuffler:
        def choose(self, view):
            return next(m for m in view["moves"] if m.startswith("move 7H"))

    state = position("2D|8C", "3D|8S 7H", "4D|AC")
    final = play_out(state, [Shuffler()], max_idle=50)
    assert not final.is_over and len(final.moves_made) == 50


def test_heuristic_bot_wins_some_deals():
    results = [play_out(YUKON.new(seed=seed), [HeuristicBot(seed)]).result for seed in range(30)]
    assert set(results) <= {"won", "lost"}
    assert results.count("won") >= 3


def test_the_games_end_shows_the_cards_on_each_foundation():
    end = game_end_explained(YUKON.new(seed=4))   # lost, with 10 cards home
    items = end["breakdown"][0]["items"]
    assert sum(len(item["cards"]) for item in items) == 10
    assert all({card[1] for card in item["cards"]} == {item["label"][0]} for item in items)   # "Spades foundation"
    assert end["title"].endswith("lost") and "face down" in end["ended"]
