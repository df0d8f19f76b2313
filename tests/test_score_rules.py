"""The score pad's engine side: the facts each game's sheet needs, the pure
functions that compute a hand's row (the same ones the games score with),
the rows' checks, the host's ``score`` operation and the pad's data file."""

import json

import pytest

import rules_engine
from build_scripts import scorepad
from rules_engine.bots import make_bot
from rules_engine.families.bridge_scoring import honours_held, honours_points, rubber_step
from rules_engine.games import bridge_solitaire, king
from rules_engine.host import Host
from rules_engine.scoring import ScoreError, ScoreRule, check_game, check_row, score_row

SPECS = {spec.id: spec for spec in rules_engine.list_games()}


# ---- the facts in the spec -------------------------------------------------------------------

def test_every_game_has_a_sheet_and_its_rules_are_cited():
    for spec in SPECS.values():
        data = spec.to_json()["scoring"]
        assert data["wins"] in ("high", "low")
        # Every game's sheet knows its end: none is left open for the table to decide.
        assert data["end"] in ("hands", "dropout", "deals", "target", "rows", "session"), spec.id
        assert set(spec.scoring.cited()) <= set(spec.cited_rules)
    assert json.dumps([s.to_json() for s in SPECS.values()])  # JSON-ready, calculators left out


def test_king_sheet_has_ten_hands_that_balance_to_zero():
    rule = SPECS["king"].scoring
    assert [hand.name for hand in rule.hands[:6]] == [hand.name for hand in king.NEGATIVE_HANDS]
    assert [hand.total for hand in rule.hands] == [-260, -260, -200, -240, -160, -180, 325, 325, 325, 325]
    assert sum(hand.total for hand in rule.hands) == rule.game_total == 0
    assert rule.end == "hands" and rule.wins == "high" and rule.tie_rule == "interpretation.ties"


def test_bridge_solitaire_sheet_has_the_house_and_ends_by_its_rows():
    rule = SPECS["bridge-solitaire"].scoring
    assert rule.others == ("The house",) and rule.end == "rows"
    assert [fact.name for fact in rule.facts] == [
        "level", "strain", "declarer", "doubling", "tricks", "honours", "vulnerable"]


def test_a_game_without_a_calculator_gets_an_open_sheet():
    plain = [spec for spec in SPECS.values() if spec.scoring.calculator is None]
    assert plain, "every game has a calculator: nothing left to test here"
    for spec in plain:
        with pytest.raises(ScoreError, match="no hand rows computed"):
            score_row(spec.id, {})
    assert ScoreRule().end == "open" and ScoreRule(target=61).end == "target"
    with pytest.raises(ValueError):
        ScoreRule(wins="most")


# ---- King: pure functions ----------------------------------------------------------------------

@pytest.mark.parametrize("hand, taken, points", [
    (1, [5, 4, 2, 2], [-100, -80, -40, -40]),
    (2, [13, 0, 0, 0], [-260, 0, 0, 0]),
    (3, [1, 1, 2, 0], [-50, -50, -100, 0]),
    (4, [0, 8, 0, 0], [0, -240, 0, 0]),
    (5, [0, 0, 1, 0], [0, 0, -160, 0]),
    (6, [1, 0, 0, 1], [-90, 0, 0, -90]),
])
def test_king_negative_rows(hand, taken, points):
    row = score_row("king", {"taken": taken}, hand=hand)
    assert row["points"] == points
    assert row["rule"] == king.NEGATIVE_HANDS[hand - 1].rule
    assert row["check"] is None


def test_king_positive_rows_up_down_and_auction():
    up = score_row("king", {"direction": "up", "tricks": [4, 3, 3, 3], "dealer": 0}, hand=7)
    assert up["points"] == [100, 75, 75, 75] and up["rule"] == "scoring.positive"
    down = score_row("king", {"direction": "down", "tricks": [4, 3, 3, 3], "dealer": 0}, hand=8)
    assert down["points"] == [25, 100, 100, 100]
    # The page's example: the bidder bought it for 5 and took 7 tricks, counting 2.
    bought = score_row("king", {"direction": "up", "tricks": [2, 7, 2, 2], "dealer": 0, "bid": 5, "bidder": 1},
                       hand=9)
    assert bought["points"] == [175, 50, 50, 50] and bought["rule"] == "scoring.auction-transfer"
    assert sum(bought["points"]) == 325 and bought["check"] is None


def test_an_unbalanced_king_row_is_flagged_with_its_rule():
    row = score_row("king", {"taken": [5, 4, 2, 1]}, hand=1)
    assert row["check"]["rule"] == "scoring.negative-total"
    assert "−240" in row["check"]["message"] and "−260" in row["check"]["message"]
    row = score_row("king", {"direction": "up", "tricks": [4, 3, 3, 2], "dealer": 0}, hand=10)
    assert row["check"]["rule"] == "scoring.zero-sum"
    assert check_row(SPECS["king"].scoring, [-100, -80, None, -80], hand=2) is None  # a sparse row that balances
    assert check_row(SPECS["king"].scoring, [10, None], hand=None) is None


def test_a_whole_king_game_must_total_zero():
    rule = SPECS["king"].scoring
    assert check_game(rule, [475, -325, -380, 230]) is None
    assert check_game(rule, [475, -325, -380, 220])["rule"] == "scoring.zero-sum"


@pytest.mark.parametrize("facts, hand, rule", [
    ({"taken": [1, 2, 3]}, 1, None),                       # a number for each player
    ({"taken": [14, 0, 0, 0]}, 1, None),                   # at most thirteen
    ({"taken": ["²", 0, 0, 0]}, 1, None),                  # str.isdigit() accepts it, int() does not
    ({"taken": ["9" * 5000, 0, 0, 0]}, 1, None),           # more digits than int() reads
    ({"taken": [1.0, 0, 0, 0]}, 1, None),                  # a float for a whole number
    ({"taken": [True, 0, 0, 0]}, 1, None),                 # a boolean for a number
    ({"taken": [1, 2, 3, 4], "extra": 1}, 1, None),        # unknown fact
    ({"taken": [1, 2, 3, 4]}, 11, "end.game"),             # no hand 11
    ({"direction": "sideways", "tricks": [4, 3, 3, 3], "dealer": 0}, 7, None),
    ({"direction": "up", "tricks": [4, 3, 3, 3], "dealer": 4}, 7, None),
    ({"direction": "up", "tricks": [4, 3, 3, 3], "dealer": 0, "bid": 5}, 7, "scoring.auction-transfer"),
    ({"direction": "up", "tricks": [4, 3, 3, 3], "dealer": 0, "bid": 5, "bidder": 0}, 7, "interpretation.bids"),
])
def test_bad_king_facts_are_refused_clearly(facts, hand, rule):
    with pytest.raises(ScoreError) as caught:
        score_row("king", facts, hand=hand)
    assert caught.value.reason and caught.value.rule == rule


# ---- Bridge Solitaire: pure functions ---------------------------------------------------------

def bridge(context=None, **facts):
    base = {"level": 2, "strain": "H", "declarer": "player", "doubling": 1, "tricks": 8, "honours": 0}
    return score_row("bridge-solitaire", {**base, **facts}, context=context)


def test_bridge_rows_below_above_and_honours():
    row = bridge()
    assert row["below"] == [60, 0] and row["above"] == [0, 0] and row["points"] == [60, 0]
    assert row["state"] == {"line": [60, 0], "games_won": [0, 0]} and not row["over"]
    row = bridge(declarer="house", tricks=6, honours=5, doubling=2)  # the house down 2 doubled; your honours
    assert row["below"] == [0, 0] and row["above"] == [300 + 150, 0]
    assert bridge(strain="N", honours=4)["above"][0] == 150
    assert bridge_solitaire.hand_result(2, "H", bridge_solitaire.PLAYER, 1, False, 8) == {
        "below": [60, 0], "above": [0, 0], "honours": 0}


def test_bridge_rows_carry_the_rubber_and_its_end():
    first = bridge(level=4, strain="S", tricks=10)  # 120 below: game
    assert first["state"] == {"line": [0, 0], "games_won": [1, 0]} and not first["over"]
    second = bridge(context=first["state"], level=3, strain="N", tricks=9)  # vulnerable now; game and rubber
    assert second["vulnerable"] is True
    assert second["over"] and second["rule"] == "end.game"
    assert second["points"] == [100 + 700, 0]
    assert bridge(context={"line": [0, 0], "games_won": [1, 0]}, vulnerable=False, tricks=7)["points"] == [0, 50]


@pytest.mark.parametrize("facts, rule", [
    ({"strain": "N", "honours": 5}, "interpretation.honours"),
    ({"level": 8}, None),
    ({"doubling": 3}, None),
    ({"declarer": "north"}, None),
])
def test_bad_bridge_facts_are_refused(facts, rule):
    with pytest.raises(ScoreError) as caught:
        bridge(**facts)
    assert caught.value.rule == rule
    with pytest.raises(ScoreError, match="line"):
        bridge(context={"line": [0], "games_won": [0, 0]})


def test_honours_and_rubber_steps():
    assert honours_held("S", "AS KS QS JS 2S".split()) == 4 and honours_points("S", 4) == 100
    assert honours_held("N", "AS AH AD AC".split()) == 4 and honours_points("N", 4) == 150
    assert rubber_step((0, 0), (0, 0), (40, 0)) == ((40, 0), (0, 0), None, 0)
    assert rubber_step((0, 60), (1, 1), (0, 40)) == ((0, 100), (1, 2), 1, 500)


# ---- the pad's rows equal the games' own scores ------------------------------------------------

def king_facts(before, play, number):
    """The facts a player would write down for a finished hand, counted here from its tricks."""
    tricks = play.tricks
    if number <= 6:
        taken = [0] * 4
        for index, (winner, trick) in enumerate(tricks):
            cards = [card for _, card in trick]
            taken[winner] += {
                1: 1, 2: sum(c.suit == "H" for c in cards), 3: sum(c.rank == "Q" for c in cards),
                4: sum(c.rank in "KJ" for c in cards), 5: sum(c.text == "KH" for c in cards),
                6: int(index >= 11)}[number]
        return {"taken": taken}
    facts = {"direction": before.direction, "tricks": list(play.trick_counts()), "dealer": before.dealer}
    if before.auction is not None and before.auction.bid is not None:
        facts.update(bid=before.auction.bid, bidder=before.auction.bidder)
    return facts


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_king_pad_rows_equal_the_games_own_hand_scores(seed):
    state = rules_engine.load_game("king").new(seed=seed)
    bots = [make_bot("heuristic", f"{seed}/{seat}") for seat in range(4)]
    rows = []
    while not state.is_over:
        move = bots[state.to_act].choose(state.view(state.to_act))
        after = state.apply(move)
        if len(after.hand_results) > len(state.hand_results):
            play = state.play.play(state.parse_move(move).card)
            row = score_row("king", king_facts(state, play, state.hand_number), hand=state.hand_number)
            assert tuple(row["points"]) == after.hand_results[-1][2]
            assert row["check"] is None
            rows.append(row["points"])
        state = after
    assert len(rows) == 10
    totals = [sum(column) for column in zip(*rows)]
    assert totals == list(state.scores.game) and check_game(SPECS["king"].scoring, totals) is None


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_bridge_pad_rows_equal_the_games_own_hand_scores(seed):
    state = rules_engine.load_game("bridge-solitaire").new(seed=seed)
    bot = make_bot("heuristic", str(seed))
    context, hands = {}, 0
    while not state.is_over:
        move = bot.choose(state.view(0))
        after = state.apply(move)
        if len(after.history) > len(state.history):
            level, strain, declarer, doubling = state.contract
            held = [c.text for c in state._player_cards()] + [c.text for c in state.hand]
            facts = {"level": level, "strain": strain, "declarer": ("player", "house")[declarer],
                     "doubling": doubling, "tricks": after.history[-1]["tricks"][declarer],
                     "honours": honours_held(strain, held)}
            row = score_row("bridge-solitaire", facts, context=context)
            summary = after.history[-1]
            if after.rubber_bonus and after.rubber_bonus[0] == "unfinished":
                assert row["below"] == summary["below"]  # the hand limit's bonus is the game's, not the row's
            else:
                assert (row["below"], row["above"]) == (summary["below"], summary["above"])
                assert row["over"] == after.is_over
            context = row["state"]
            hands += 1
        state = after
    assert hands == len(state.history)


# ---- the host's operation and the pad's data file ----------------------------------------------

def test_host_scores_a_row_and_reports_bad_facts_as_data():
    host = Host()
    reply = host.handle({"v": 1, "id": 1, "op": "score", "game": "king", "hand": 2, "facts": {"taken": [1, 2, 3, 4]}})
    assert reply["ok"] and reply["row"]["points"] == [-20, -40, -60, -80]
    assert reply["row"]["check"]["rule"] == "scoring.negative-total"
    bad = host.handle({"v": 1, "id": 2, "op": "score", "game": "king", "hand": 1, "facts": {"taken": "lots"}})
    assert not bad["ok"] and bad["error"]["kind"] == "ScoreError" and bad["error"]["reason"]
    unknown = host.handle({"v": 1, "id": 3, "op": "score", "game": "whist", "facts": {}})
    assert not unknown["ok"] and unknown["error"]["kind"] == "OptionError"


def test_pad_data_lists_every_registered_game_from_the_engine():
    data = json.loads(scorepad.games_json(SPECS))
    assert [game["id"] for game in data["games"]] == sorted(SPECS, key=lambda i: SPECS[i].name)
    by_id = {game["id"]: game for game in data["games"]}
    assert by_id["king"]["scoring"] == SPECS["king"].scoring.to_json()
    assert by_id["lorum"]["scoring"]["start"] == {"option": "chips", "default": 100, "choices": [50, 100, 200],
                                                  "label": "chips each player starts with"}
    assert by_id["king"]["seats"] == [4, 4] and by_id["king"]["page"] == "games/king/"


@pytest.mark.parametrize("hand", [float("inf"), 1.0, True, "2", 0, 10_001])
def test_a_hands_number_in_a_game_of_no_fixed_hands_is_a_whole_number_or_none(hand):
    facts = {"knocker": 1, "knocker_deadwood": 1, "other_deadwood": 1}
    assert score_row("gin-rummy", facts)["hand"] is None and score_row("gin-rummy", facts, hand=3)["hand"] == 3
    with pytest.raises(ScoreError, match="which hand"):
        score_row("gin-rummy", facts, hand=hand)
