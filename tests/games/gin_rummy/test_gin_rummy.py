"""Gin Rummy's own rules: the least deadwood against a brute force, the upcard's offer, draw and
discard, the knock at 10, the knocker's melds, lay-offs (none on gin), knock, gin and undercut
scores, the hand void when the stock runs down, the dealer's rotation, the game's end with its
bonuses; the meld built step by step, its answers checked against a brute force over the hand;
bad partial choices refused as errors."""

import random

import pytest

import rules_engine
from conformance import check_step, refused
from rules_engine.bots import HeuristicBot, RandomBot, play_out
from rules_engine.cards import format_cards, make_deck, parse_cards
from rules_engine.errors import RulesError
from rules_engine.families.rummy import brute_force_deadwood, canonical, lay_off_groups, least_deadwood
from rules_engine.games.gin_rummy import MAX_HANDS, hand_row
from rules_engine.host import Host
from rules_engine.scoring import ScoreError
from ends import most, played_to_end
from knock_rummies import check_choices, knock_discard, moves
from knock_rummies import position as knock_position

GIN = rules_engine.load_game("gin-rummy")


def position(hands, stock=20, **given):
    """A hand set up as given; the stock is filled with cards held by no one."""
    return knock_position(GIN, hands, stock=stock, **given)


def test_the_least_deadwood_is_the_least_over_every_arrangement():
    rng = random.Random(7)
    deck = make_deck("52")
    for size in [10] * 3000 + [11] * 1000:
        hand = rng.sample(deck, size)
        assert least_deadwood(hand).points == brute_force_deadwood(hand), format_cards(hand)
    for _ in range(300):   # with the cards that lay off onto a knocker's melds
        cards = rng.sample(deck, 19)
        melds = [m for m in (canonical(cards[:3]),) if least_deadwood(m).points == 0]
        hand = cards[9:]
        extra = lay_off_groups(melds, hand)
        assert least_deadwood(hand, extra=extra).points == brute_force_deadwood(hand, extra=extra)
    # Runs with the ace low only; four of a rank meld once; a card in one meld at most.
    assert least_deadwood(parse_cards("QH KH AH")).points == 21
    assert least_deadwood(parse_cards("AH 2H 3H")).points == 0
    assert least_deadwood(parse_cards("7S 7H 7D 7C 8C 9C")).points == 0
    assert least_deadwood(parse_cards("7S 7H 7D 6C 7C 8C")).points == 0
    assert least_deadwood(parse_cards("7S 7H 6C 7C 8C")).points == 14


def test_the_knocks_offered_are_those_a_search_of_every_discard_allows():
    # The engine skips the search when the cards no meld can hold already count too much: the
    # knocks it offers must still be exactly those the search allows, here for hands built from
    # melds, near-melds and odd cards, so that many can knock.
    rng = random.Random(11)
    deck = make_deck("52")
    knocking = 0
    for _ in range(400):
        start = rng.randrange(40)
        near = [deck[(start + step) % 52] for step in rng.choice([(0, 1, 2, 13, 26, 39), (0, 1, 2, 3, 13, 14)])]
        hand = list(dict.fromkeys(near + rng.sample(deck, 11)))[:11]
        others = [c for c in deck if c not in hand][:10]
        state = position([format_cards(others), format_cards(hand)])
        allowed = [c.text for c in hand if least_deadwood([x for x in hand if x is not c]).points <= 10]
        assert [m[len("knock "):] for m in moves(state) if m.startswith("knock ")] == allowed, format_cards(hand)
        knocking += bool(allowed)
    assert knocking >= 20


def test_the_upcard_is_offered_to_the_non_dealer_then_the_dealer_then_the_stock_comes():
    state = GIN.new(seed=3)
    assert state.dealer == 0 and state.to_act == 1 and moves(state) == ["draw discard", "pass"]
    assert "you first take the upcard or pass" in refused(state, "discard " + state.hands[1][0].text, "play.first-turn")
    assert "stock comes after" in refused(state, "draw stock", "play.first-turn")
    state = state.apply("pass")
    assert state.to_act == 0 and moves(state) == ["draw discard", "pass"]
    state = state.apply("pass")
    assert state.to_act == 1 and moves(state) == ["draw stock"]
    assert "non-dealer draws from the stock" in refused(state, "draw discard", "play.first-turn")
    check_step(state)


def test_a_turn_draws_then_discards_never_the_card_just_taken():
    state = position(["2C 3C 4C 9H 9D JS QS KS 5D 6H", "AS 2S 3S 4H 5H 8D 9S TC JC QD"], phase="draw",
                     discard="7C")
    assert moves(state) == ["draw stock", "draw discard"]
    assert "you first draw" in refused(state, "discard AS", "play.draw")
    state = state.apply("draw discard")
    assert state.hands[1].count(state.taken) == 1 and "discard 7C" not in moves(state)
    assert "just taken from the discard pile" in refused(state, "discard 7C", "play.discard")
    assert "you do not hold" in refused(state, "discard KH", "play.turn")
    state = state.apply("discard QD")
    assert state.to_act == 0 and state.phase == "draw" and state.discard[-1].text == "QD"


KNOCKER = "2C 3C 4C 7S 7H 7C 5D 6D 7D AS"   # three melds and the A♠: 1 in deadwood
OTHER = "8C 9C JH QH KH 2S 3S 8D 9D KD"


def test_a_knock_needs_ten_or_less_in_the_other_ten_cards():
    state = position([OTHER, "2C 3C 4C 7S 7H 7C 5D 6D 7D TH KS"])
    knocks = [m for m in moves(state) if m.startswith("knock")]
    assert knocks == ["knock TH", "knock KS"]           # 10 left exactly, either way
    assert "more than 10" in refused(state, "knock 2C", "play.knock")
    state = state.apply("knock KS")
    assert state.phase == "lay" and state.knocker == 1 and state.to_act == 1
    assert state.view(0)["table"]["knock_card"] == "??" and "KS" not in str(state.table(0))
    assert state.view(1)["table"]["knock_card"] == "KS"
    # Its label is true for whoever reads it: the knocker sees the card face up.
    assert knock_discard(state, 0) == ("Knocker's discard, face down", ["??"])
    assert knock_discard(state, 1) == ("Knocker's discard, face down to the other player", ["KS"])
    # The move is told to the other player without its card, which lies face down.
    assert state.last_move_seen_by(0) == ("knock", 1) and state.last_move_seen_by(1) == ("knock KS", 1)


def laid_out():
    """The knocker (seat 1) has laid out its three melds and shows the A♠."""
    state = position([OTHER, KNOCKER], phase="lay", knocker=1)
    for meld in ("2C 3C 4C", "7S 7H 7C", "5D 6D 7D"):
        state = state.apply(f"meld {meld}")
    return state.apply("done")


def test_the_knocker_lays_melds_leaving_ten_or_less_then_is_done():
    state = position([OTHER, KNOCKER], phase="lay", knocker=1)
    assert "lays more melds" in refused(state, "done", "play.knocker-melds")
    assert "neither a set nor a run" in refused(state, "meld 2C 3C 5D", "play.meld")
    assert "would leave 19" in refused(state, "meld 7S 7H 7D", "play.knocker-melds")
    assert "meld 7S 7H 7D 7C" not in moves(state)        # 12 left
    state = state.apply("meld 4C 2C 3C")                  # any order, one text in the record
    assert state.last_move == ("meld 2C 3C 4C", 1) and state.record.moves[-1].text == "meld 2C 3C 4C"
    state = state.apply("meld 7S 7H 7C").apply("meld 5D 6D 7D")
    assert moves(state) == ["done"]
    assert "lay-offs are for the other player" in refused(state, "layoff AS on meld 1", "play.lay-off")
    state = state.apply("done")
    assert state.phase == "answer" and state.to_act == 0 and not state.gin
    assert state.view(0)["table"]["hands"][1] == ["AS"]   # the knocker's deadwood lies face up


def test_the_other_lays_off_onto_the_knockers_melds_only_and_the_knock_scores_the_difference():
    state = laid_out()
    assert "layoff 8D on meld 3" in moves(state) and "layoff 9D on meld 3" not in moves(state)
    assert "does not extend" in refused(state, "layoff 9D on meld 3", "play.lay-off")
    assert "no meld 7" in refused(state, "layoff 9D on meld 7", "play.lay-off")
    state = state.apply("meld JH QH KH").apply("layoff 8D on meld 3").apply("layoff 9D on meld 3")
    assert state.melds[2] == (1, parse_cards("5D 6D 7D 8D 9D"))
    assert "not the knocker's" in refused(state, "layoff KD on meld 4", "play.lay-off")
    assert moves(state) == ["done"]
    dealer = state.dealer
    state = state.apply("done")   # 8♣ 9♣ 2♠ 3♠ K♦: 32 against 1
    assert state.hand_results[-1][1] == (0, 31) and state.points == (0, 31) and state.boxes == (0, 1)
    assert state.hand_number == 2 and state.dealer == 1 != dealer   # the winner deals the next hand
    assert "scores 31 points for a knock" in state.table(0)["interlude"]["lines"][0]


def test_no_lay_off_on_gin_and_gin_scores_25_more():
    state = position([OTHER, "2C 3C 4C 7S 7H 7C 4D 5D 6D 7D"], phase="lay", knocker=1)
    for meld in ("2C 3C 4C", "7S 7H 7C", "4D 5D 6D 7D"):
        state = state.apply(f"meld {meld}")
    state = state.apply("done")
    assert state.gin and state.phase == "answer"
    assert "no card is laid off on gin" in refused(state, "layoff 8D on meld 3", "play.gin")
    assert moves(state) == ["meld JH QH KH", "done"]
    state = state.apply("meld JH QH KH").apply("done")   # 8♣ 9♣ 2♠ 3♠ 8♦ 9♦ K♦: 49
    assert state.hand_results[-1][1] == (0, 49 + 25)


def test_an_undercut_scores_the_difference_and_25_for_the_other_player():
    state = position(["2S 3S 4S 8C 9C TC 5H 5D 5S AC", "2C 3C 4C 9S 9H 9D 5C 6C 7C TH"], phase="lay", knocker=1)
    state = state.apply("meld 2C 3C 4C").apply("meld 9S 9H 9D").apply("meld 5C 6C 7C").apply("done")   # the 10♥
    state = state.apply("meld 2S 3S 4S").apply("meld 8C 9C TC").apply("meld 5S 5H 5D").apply("done")  # the A♣
    assert state.hand_results[-1][1] == (10 - 1 + 25, 0) and state.dealer == 0


def test_a_hand_whose_stock_runs_down_scores_nothing_and_the_dealer_deals_again():
    state = position([OTHER, KNOCKER], phase="draw", stock=3)
    state = state.apply("draw stock")
    assert len(state.stock) == 2 and state.phase == "discard"
    dealer = state.dealer
    state = state.apply("discard " + state.hands[1][-1].text)
    assert state.hand_number == 2 and state.hand_results[-1][1] == (0, 0) and state.dealer == dealer
    assert "scores nothing" in state.table(0)["interlude"]["lines"][0]


def test_the_game_ends_at_100_with_the_game_bonus_the_boxes_and_a_shutout_doubled():
    state = laid_out()
    state.points, state.boxes = (0, 80), (0, 3)
    state = state.apply("done")   # the other lays out nothing: 8C 9C JH QH KH 2S 3S 8D 9D KD, 79 against 1
    assert state.is_over and state.winners == (1,) and state.points == (0, 158) and state.boxes == (0, 4)
    assert state.final == (0, (158 + 100 + 4 * 25) * 2)
    assert "after a shutout" in state.table(None)["result"]
    assert state.legal_moves() == [] and state.to_act is None


def test_the_game_ends_after_its_last_hand_level_totals_sharing_it():
    state = position([OTHER, KNOCKER], phase="draw", stock=3)
    state.hand_number, state.points, state.boxes = MAX_HANDS, (40, 40), (2, 2)
    state = state.apply("draw stock").apply("discard " + state.hands[1][0].text)
    assert state.is_over and state.winners == (0, 1) and state.final == (90, 90)
    assert state.move_bound() >= len(state.moves_made)


def laying_out_positions(count):
    """Positions of heuristic games where a player lays out melds or lays off."""
    found = []
    for seed in range(200):
        state = GIN.new(seed=seed)
        bots = [HeuristicBot(seat) for seat in range(2)]
        while not state.is_over and len(found) < count:
            if state.phase in ("lay", "answer"):
                found.append(state)
            state = state.apply(bots[state.to_act].choose(state.view(state.to_act)))
        if len(found) >= count:
            return found
    return found


@pytest.mark.parametrize("index", range(3))
def test_the_step_by_step_answers_agree_with_a_brute_force_over_the_hand(index):
    for state in laying_out_positions(24)[index * 8:(index + 1) * 8]:
        check_choices(state, most=3)


@pytest.mark.parametrize("picked, target", [
    ("5H", None), (["5H", "5H"], None), (["??"], None), ([5], None), ([True], None), (["5H"] * 61, None),
    ([["5H"]], None), (["5H"], 7), (["5H"], "x" * 41), (["²H"], None), ({"cards": ["5H"]}, None),
])
def test_a_malformed_partial_choice_is_an_error_and_the_protocol_returns_it_as_data(picked, target):
    state = position([OTHER, KNOCKER], phase="lay", knocker=1)
    with pytest.raises(RulesError):
        state.choose(picked, target)
    host = Host()
    reply = host.handle({"v": 1, "op": "open", "session": "s", "game": "gin-rummy", "seed": 376, "human": 1})
    assert reply["ok"]
    reply = host.handle({"v": 1, "op": "select", "session": "s", "cards": picked, "target": target})
    assert not reply["ok"] and reply["error"]["kind"] in ("NotationError", "ProtocolError")


def test_the_protocol_builds_a_meld_step_by_step_for_the_readers_seat_only():
    host = Host()
    call = lambda op, **args: host.handle({"v": 1, "op": op, "session": "s", **args})  # noqa: E731
    assert call("open", game="gin-rummy", seed=376, human=1)["ok"]
    assert call("move", move="draw discard")["ok"] and call("move", move="knock JS")["ok"]
    table = call("select", cards=["6S"])["table"]
    assert table["selection"]["next"] == ["5S", "7S"] and table["selection"]["places"]["6S"][0][0] == "hand-1"
    assert all(c["built"] for c in table["moves"] if c["move"].startswith("meld"))
    table = call("select", cards=["6S", "5S", "7S"])["table"]
    assert table["selection"]["finish"] == [{"move": "meld 5S 6S 7S", "button": "Meld"}]
    assert call("move", move="meld 5S 6S 7S")["ok"]
    host2 = Host()
    host2.handle({"v": 1, "op": "open", "session": "s", "game": "gin-rummy", "seed": 376, "human": 0})
    reply = host2.handle({"v": 1, "op": "select", "session": "s", "cards": []})
    assert not reply["ok"] and "your own turn" in reply["error"]["message"]


def test_the_score_pads_row_from_the_deadwood_counts():
    assert hand_row(None, {"knocker": 0, "knocker_deadwood": 9, "other_deadwood": 14}, {})["points"] == [5, 0]
    assert hand_row(None, {"knocker": 1, "knocker_deadwood": 0, "other_deadwood": 30}, {})["points"] == [0, 55]
    assert hand_row(None, {"knocker": 1, "knocker_deadwood": 8, "other_deadwood": 8}, {})["points"] == [25, 0]
    assert hand_row(None, {"knocker": None, "knocker_deadwood": None, "other_deadwood": None}, {})["points"] == [0, 0]
    with pytest.raises(ScoreError):
        hand_row(None, {"knocker": 1, "knocker_deadwood": 11, "other_deadwood": 30}, {})
    with pytest.raises(ScoreError):
        hand_row(None, {"knocker": 1, "knocker_deadwood": None, "other_deadwood": 30}, {})


def test_heuristic_and_random_players_finish_their_games():
    for seed in range(3):
        final = play_out(GIN.new(seed=seed), [HeuristicBot(seed), RandomBot(seed)])
        assert final.is_over and final.winners


def test_the_text_and_svg_renderers_draw_a_meld_being_built():
    from build_scripts.diagrams import draw_table
    from rules_engine.render import render

    state = GIN.new(seed=376).apply("draw discard").apply("knock JS")
    table = state.table(1, ["5S", "6S"])
    text = render(table)
    assert "Picked: 5♠ 6♠" in text and "May add: 7♠" in text
    assert "Cards to build a move from:" in render(state.table(1))
    svg = draw_table(table, "d", "A meld being built").svg
    assert "Picked: 5♠ 6♠ · may add 7♠" in svg
    finished = render(state.table(1, ["5S", "6S", "7S"]))
    assert "[Meld] meld 5♠ 6♠ 7♠" in finished
    with pytest.raises(RulesError):
        state.table(0, ["5S"])   # only the seat to act picks cards


def test_a_default_game_ends_as_its_text_says():
    final = played_to_end("gin-rummy")
    # The first to 100 wins (only the hand's scorer can reach it), or after 20 hands the higher
    # total; the final count adds 100 for the game and 25 a hand won, doubled after a shutout.
    reached = [seat for seat in range(2) if final.points[seat] >= 100]
    assert len(reached) <= 1 and (reached or len(final.hand_results) == 20)
    assert final.winners == (tuple(reached) if reached else most(final.points))
    if len(final.winners) == 1:
        (winner,) = final.winners
        bonus = (final.points[winner] + 100 + 25 * final.boxes[winner]) * (2 if final.points[1 - winner] == 0 else 1)
        assert final.final[winner] == bonus


# Sheets the score pad must end and total as the engine does (tests/test_score_sheets.py): Ann +64,
# Bob +30, Ann +40: Ann's 104 with 100 for the game and 25 for each hand won make 254, Bob's hand
# won makes his 55; a shutout doubles the winner's.
PAD_SHEETS = [
    {"seats": 2, "rows": [[64, 0], [0, 30], [40, 0]], "final": [254, 55]},
    {"seats": 2, "rows": [[64, 0], [40, 0]], "final": [508, 0]},
]


def test_a_sheet_not_yet_over_has_no_totals_with_bonuses():
    from rules_engine.scoring import sheet_outcome

    assert sheet_outcome(rules_engine.load_game("gin-rummy").spec.scoring, [[64, 0]], 2)["final"] is None
