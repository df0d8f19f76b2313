"""Pyramid's own rules: the deal, what is available, pairs and kings, the
stock and its passes, each refusal with its rule, the end when no discard can
come, the par score, the table's clicks and the golden records."""

import json
import pathlib

import pytest

import rules_engine
from rules_engine import IllegalMoveError, Record, replay
from rules_engine.bots import HeuristicBot, play_out
from rules_engine.cards import format_cards, make_deck, parse_cards
from rules_engine.games.pyramid import COVERS, exposed, par_row
from rules_engine.scoring import ScoreError, score_row
from rules_engine.table import check
from ends import game_end_explained

PYRAMID = rules_engine.load_game("pyramid")
GOLDEN = pathlib.Path(__file__).parent / "golden"
# The golden records and what they come to (written by tests/regenerate_golden.py's method).
GOLDEN_PYRAMID = {
    "pyramid-won": {"seed": 6, "scores": [50], "moves": 52, "result": "won"},
    "pyramid-lost": {"seed": 13, "scores": [-30], "moves": 66, "result": "lost"},
}

# A fixed deal: the pyramid row by row from the top, then the stock in the order it is turned.
ROWS = ["QH", "9C 4D", "5H 8D TS", "KC 6D 7H 2H", "KH 2D 9H TD 9S", "5D 4S QS 8H 4C JC", "7S 8C 8S 6S 9D AH JH"]
STOCK = "5S QC 6H 6C 3D TH KS KD 5C 3C 2C 7C 3S AD JD 4H QD AS JS 3H 7D 2S TC AC"
DEAL = " ".join(ROWS) + " " + STOCK


def dealt(deal=DEAL, **options):
    return rules_engine.load_game("pyramid", **options).new(decks={"deal": deal})


def play(state, *moves):
    for move in moves:
        state = state.apply(move)
    return state


def texts(moves):
    return [m.text for m in moves]


def test_the_deal_lays_out_the_pyramid_and_the_stock():
    state = dealt()
    table = state.view(0)["table"]
    assert [" ".join(row) for row in table["pyramid"]] == ROWS
    assert table["stock"] == 24 and table["turned"] is None and table["waste"] == [] and table["pass"] == 1
    # Each card is covered by the two cards of the row below that lie on either side of it.
    assert COVERS[0] == (1, 2) and COVERS[1] == (3, 4) and COVERS[27] == ()
    assert sorted(exposed(state.pyramid)) == list(range(21, 28))
    assert texts(state.legal_moves()) == ["pair 7S 6S", "pair 6S 7S", "deal"]
    # The stock is face down: nothing of it shows.
    assert state.hidden_from(0) == set(parse_cards(STOCK))
    assert "5S" not in json.dumps(state.view(0)) and "5S" not in json.dumps(state.table(0))
    assert state.scores.game == (-52,) and state.result is None and state.to_act == 0


def test_deals_turn_the_stock_one_card_at_a_time_onto_the_waste():
    state = play(dealt(), "deal")
    assert state.turned.text == "5S" and state.waste == ()
    state = play(state, "deal", "deal")
    assert state.turned.text == "6H" and [c.text for c in state.waste] == ["5S", "QC"]
    assert state.table(0)["last"] == "The 6♥ is turned up from the stock."
    # The card turned up pairs with the pyramid; after that, the waste's top card is available again.
    assert "pair 6H 7S" in texts(state.legal_moves())
    state = play(state, "pair 6H 7S")
    assert state.turned is None and "pair QC AH" in texts(state.legal_moves())


def test_the_card_turned_up_and_the_top_of_the_waste_pair_together():
    state = play(dealt(), "deal", "deal", "deal", "deal")  # 5S QC 6H on the waste, 6C turned up
    state = play(state, "pair 6C 7S", "deal", "deal")     # 3D on the waste, TH turned up
    assert "pair TH 3D" in texts(state.legal_moves()) and "pair 3D TH" in texts(state.legal_moves())
    after = state.apply("pair 3D TH")
    assert after.turned is None and after.waste[-1].text == "6H"
    assert after.table(0)["last"] == "The 3♦ and the 10♥ make 13 and are discarded."


def test_kings_go_alone():
    state = play(dealt(), "deal", "deal", "deal", "deal", "deal", "deal", "deal")  # K♠ turned up
    assert state.turned.text == "KS" and "remove KS" in texts(state.legal_moves())
    state = state.apply("remove KS")
    assert state.table(0)["last"] == "The K♠ is discarded alone." and state.discarded[-1].text == "KS"
    assert state.explain("remove 7S") == ("only a king is discarded alone: the 7♠ needs a partner making 13",
                                          "play.king")
    assert state.explain("pair KH 7S").rule == "play.king"


@pytest.mark.parametrize("move, reason, rule", [
    ("pair 9C 4D", "the 9♣ is covered by the 5♥ and the 8♦", "play.exposed"),
    ("pair 8C 6S", "the 8♣ and the 6♠ make 14, not 13", "play.pair"),
    ("pair 7S 7S", "the 7♠ cannot pair with itself", "play.pair"),
    ("remove KH", "the K♥ is covered by the 5♦ and the 4♠", "play.exposed"),
    ("pair 8S 5S", "the 5♠ is not face up on the table: it may be turned up from the stock later", "play.exposed"),
    ("redeal", "the stock still holds 24 cards: deal them first", "play.redeal"),
])
def test_refusals_name_their_rule(move, reason, rule):
    state = dealt()
    assert state.explain(move) == (reason, rule)
    with pytest.raises(IllegalMoveError) as error:
        state.apply(move)
    assert error.value.rule == rule


def test_a_card_cannot_pair_with_the_card_that_covers_it():
    state = dealt().apply("pair 7S 6S")  # the 8♣ alone still lies on the 5♦
    assert state.explain("pair 8C 5D") == ("the 8♣ covers the 5♦: a card cannot pair with one that lies on it",
                                           "interpretation.covering-partner")
    assert state.explain("pair 5D 8C").rule == "interpretation.covering-partner"


def test_only_the_top_of_the_waste_is_available_and_discards_stay():
    state = play(dealt(), "pair 7S 6S", "deal", "deal", "deal")  # 5S, QC on the waste, 6H turned up
    assert state.explain("pair 5S 8S") == ("the 5♠ lies under the Q♣ on the waste: only the waste's top card "
                                           "is available", "play.exposed")
    assert state.explain("pair 7S 6H") == ("the 7♠ has already been discarded", "play.exposed")
    for move in state.candidate_moves():
        explanation = state.explain(move)
        assert (explanation is None) == (move in state.legal_moves())
        if explanation:
            assert explanation.rule in state.spec.cited_rules


def test_redeal_turns_the_waste_over_unshuffled_and_passes_are_counted():
    state = dealt(passes=2)
    while state.stock:
        state = state.apply("deal")
    assert state.explain("deal") == ("the stock is empty: turn the waste over with redeal to go through it again",
                                     "play.deal")
    order = [c.text for c in state.waste] + [state.turned.text]
    state = state.apply("redeal")
    assert state.pass_number == 2 and state.turned is None and state.waste == ()
    assert [c.text for c in reversed(state.stock)] == order  # dealt again in the same order
    assert state.table(0)["last"] == "The waste is turned over as the stock for pass 2 of 2."
    assert state.table(0)["headline"]["facts"][0] == "Pass 2 of 2"
    while state.stock:
        state = state.apply("deal")
    assert "redeal" not in texts(state.legal_moves())
    assert state.explain("redeal") == ("this is the last pass through the stock (2 allowed)", "play.redeal")
    assert state.explain("deal") == ("the stock is empty", "play.deal")


def test_the_passes_option():
    assert [o.name for o in PYRAMID.spec.options] == ["passes"] and PYRAMID.options == {"passes": 3}
    for bad in (0, 4, "3", 3.0, True):
        with pytest.raises(rules_engine.OptionError):
            rules_engine.load_game("pyramid", passes=bad)
    one = rules_engine.load_game("pyramid", passes=1).new(seed=4)
    assert one.record.options == {"passes": 1}


def test_the_game_ends_when_no_discard_can_come_even_with_passes_left():
    final = play_out(PYRAMID.new(seed=123), [HeuristicBot(123)])
    # Aces alone could take the two exposed queens, and none is left; the last card of the stock
    # is the 3♠, whose 10 is covered.
    assert final.is_over and final.result == "lost" and final.pass_number == 2 and len(final.stock) == 1
    assert final.legal_moves() == [] and final.explain("deal") == ("the game is over", "end.game")
    before = list(replay(final.record.to_text()))[-2]
    assert before.to_act == 0 and before.discard_ahead()
    assert final.scores.game == (-(52 - len(final.discarded)),) == (-6,)
    assert final.table(0)["result"] == ("Lost: no more cards can be discarded, with 5 cards left in the pyramid; "
                                        "the score is −6.")


def test_the_end_never_reads_the_stocks_hidden_order():
    # After the example's 42 moves the pyramid is clear; the Q♣ on the waste and the A♣ in the stock
    # could meet for all the player knows, so the game goes on, though in this deal they never do.
    state = PYRAMID.new(seed=252)
    example = (pathlib.Path(__file__).parents[3] / "docs" / "games" / "pyramid.md").read_text()
    # "12. ? move {...}" marks a question the stepper asks: the move is the same.
    moves = [line.split(". ", 1)[1].split(" {")[0].removeprefix("? ")
             for line in example.split("game: pyramid")[1].split("\nend")[0].splitlines() if line[:1].isdigit()]
    states = [state]
    for move in moves:
        states.append(states[-1].apply(move))
    assert states[42].pyramid_left == 0 and not states[42].is_over and states[42].discard_ahead()
    final = states[-1]
    assert final.is_over and final.pass_number == 3 and len(final.stock) == 2 and final.scores.game == (42,)
    # Swapping the stock's cards changes nothing the player is told of the end.
    assert {c.text for c in final.stock} == {"AC", "TC"}
    swapped = PYRAMID.new(decks={"deal": " ".join(ROWS) + " " + STOCK.replace("TC AC", "AC TC")})
    for move in moves:
        swapped = swapped.apply(move)
    assert swapped.is_over and swapped.table(0) == final.table(0) | {"last": swapped.table(0)["last"]}


@pytest.mark.parametrize("seed, cleared_in, left, points", [(6, 1, 0, 50), (10, 2, 4, 31), (4, 3, 6, 14)])
def test_the_par_score_by_the_pass_that_cleared_the_pyramid(seed, cleared_in, left, points):
    final = play_out(PYRAMID.new(seed=seed), [HeuristicBot(seed)])
    assert final.result == "won" and final.cleared_in == cleared_in and final.cards_left == left
    assert final.scores == rules_engine.Scores((points,), (points,))
    row = score_row("pyramid", {"cleared": cleared_in, "left": left})
    assert row["points"] == [points] and row["rule"] == "scoring.par" and row["check"] is None


def test_the_pyramid_cleared_is_said_and_the_game_goes_on_while_discards_remain():
    state = PYRAMID.new(seed=252)
    final = play_out(state, [HeuristicBot(252)])
    last = list(replay(final.record.to_text()))
    cleared = next(i for i, s in enumerate(last) if s.cleared_in)
    assert last[cleared].table(0)["last"].endswith("; the pyramid is cleared.")
    assert final.table(0)["result"] == ("Won: the pyramid was cleared in pass 1, and 8 cards were never "
                                        "discarded; the score is 42.")
    won = play_out(PYRAMID.new(seed=55), [HeuristicBot(55)])
    cleared_at = next(i for i, s in enumerate(replay(won.record.to_text())) if s.cleared_in)
    # The game went on past the pyramid's last card, for a pair of the turned-up card and the waste.
    assert [m.text for m in won.record.moves[cleared_at:]] == ["deal", "pair 7C 6D"]


def test_the_score_pad_row_and_its_checks():
    assert par_row(None, {"cleared": 0, "left": 30})["points"] == [-30]
    with pytest.raises(ScoreError):
        score_row("pyramid", {"cleared": 1, "left": 25})
    with pytest.raises(ScoreError):
        score_row("pyramid", {"cleared": 0, "left": 0})
    with pytest.raises(ScoreError):
        score_row("pyramid", {"cleared": 4, "left": 0})


def test_the_table_describes_pairs_as_a_card_and_its_partner():
    state = dealt()
    table = state.table(0)
    clicks = {click["move"]: click for click in table["moves"]}
    assert clicks["pair 7S 6S"] == {"move": "pair 7S 6S", "card": ["pyramid-7-1", 0], "to": "pyramid-7-4"}
    assert clicks["pair 6S 7S"]["card"] == ["pyramid-7-4", 0] and clicks["pair 6S 7S"]["to"] == "pyramid-7-1"
    assert clicks["deal"] == {"move": "deal", "card": None, "to": None}
    state = play(state, "deal", "deal", "deal")
    clicks = {click["move"]: click for click in state.table(0)["moves"]}
    assert clicks["pair 6H 7S"] == {"move": "pair 6H 7S", "card": ["turned", 0], "to": "pyramid-7-1"}
    assert clicks["pair 7S 6H"]["to"] == "turned"
    deck = [c.text for c in make_deck("52")]
    whole = state.table("all")
    assert check(whole, deck, whole=True) == []
    zones = {z["id"]: z for z in whole["zones"]}
    assert len([z for z in zones if z.startswith("pyramid-")]) == 28
    assert zones["pyramid-7-1"]["group"] == "pyramid-row-7" and zones["pyramid-7-1"]["label"] == "Row 7"
    assert zones["stock"]["cards"] == ["??"] * 21 and zones["waste"]["cards"] == ["5S", "QC"]


def test_the_bot_prefers_pairs_that_take_two_pyramid_cards():
    state = play(dealt(), "deal", "deal", "deal")  # the 6♥ turned up could take the 7♠ too
    view = state.view(0)
    assert {HeuristicBot(seed).choose(view) for seed in range(5)} <= {"pair 7S 6S", "pair 6S 7S"}


def test_same_seed_same_game():
    first = play_out(PYRAMID.new(seed="same"), [HeuristicBot(1)])
    second = play_out(PYRAMID.new(seed="same"), [HeuristicBot(1)])
    assert first.record == second.record and first.view("all") == second.view("all")
    assert format_cards(PYRAMID.new(seed=1).pyramid) != format_cards(PYRAMID.new(seed=2).pyramid)


@pytest.mark.parametrize("name", sorted(GOLDEN_PYRAMID))
def test_golden_records(name):
    text = (GOLDEN / f"{name}.txt").read_text()
    expected = GOLDEN_PYRAMID[name]
    states = list(replay(text))
    final = states[-1]
    assert final.is_over and final.result == expected["result"]
    assert list(final.scores.game) == expected["scores"] and len(states) == expected["moves"] + 1
    assert final.record.to_text() == text == Record.load(text).to_text()
    state = PYRAMID.new(seed=expected["seed"])
    assert play_out(state, [HeuristicBot(expected["seed"])]).record.to_text() == text


def test_golden_records_listed_for_regenerate():
    listed = json.loads((GOLDEN / "expected.json").read_text())
    for name, expected in GOLDEN_PYRAMID.items():
        if name in listed:
            assert listed[name] == expected


def test_the_renderers_draw_each_row_of_the_pyramid_as_one_line():
    from build_scripts.diagrams import draw_state
    from rules_engine.render import render

    state = play(dealt(), "pair 7S 6S", "deal")
    lines = render(state.table(0)).splitlines()
    assert "Row 1: Q♥" in lines and "Row 7: -- 8♣ 8♠ -- 9♦ A♥ J♥" in lines
    assert "Turned up: 5♠" in lines
    svg = draw_state(state, "d", "Pyramid").svg
    assert svg.count(">Row 7<") == 1 and svg.count(">Row 1<") == 1  # a row's label written once


def test_the_games_end_shows_the_score_against_par_item_by_item():
    won = game_end_explained(PYRAMID.new(seed=252))   # the page's deal: 50 less 8 cards left
    assert [(item["label"], item["points"]) for item in won["breakdown"][0]["items"]] == [
        ("Pyramid cleared in pass 1", 50), ("Left turned up", -1), ("Left in the waste", -6), ("Left in the stock", -1)]
    assert won["breakdown"][0]["items"][-1]["cards"] == []   # the stock's cards are never seen
    lost = game_end_explained(PYRAMID.new(seed=13))
    assert lost["breakdown"][0]["items"][0]["label"] == "Left in the pyramid" and lost["breakdown"][0]["points"] == -30
