"""Black Hole's own rules: the deal, the moves and their refusals (ranks going round from
king to ace), the end, the table; its solver checked against a plain exhaustive search, its
hint followed from positions along won lines; and its golden records."""

import json
import pathlib
import random

import pytest

import rules_engine
from rules_engine import IllegalMoveError, Record, replay
from rules_engine.bots import HeuristicBot, RandomBot, play_out
from rules_engine.cards import format_cards, make_deck, parse_cards
from rules_engine.games.black_hole.search import Solver, _ranks_can_follow, layout_ranks
from rules_engine.table import check
from ends import game_end_explained

BLACK_HOLE = rules_engine.load_game("black-hole")
GOLDEN = pathlib.Path(__file__).parent / "golden"
# The golden records and what they come to (seeded heuristic bot games, as tests/regenerate_golden.py writes).
GOLDEN_BLACK_HOLE = {
    "black-hole-won": {"seed": 1, "scores": [52], "moves": 51, "result": "won"},
    "black-hole-lost": {"seed": 5, "scores": [8], "moves": 7, "result": "lost"},
}
DECK = [c.text for c in make_deck("52")]


def deal_of(fans):
    """The ``deal`` shuffle that lays out ``fans`` (card texts, bottom first); the cards a
    short list leaves out fill the fans after them, in pack order."""
    given = [c for fan in fans for c in fan.split()]
    rest = [c for c in DECK if c != "AS" and c not in given]
    assert len(given) + len(rest) == 51
    return " ".join(given + rest)


def test_the_deal_seventeen_fans_of_three_round_the_ace_of_spades():
    order = [c for c in make_deck("52") if c.text != "AS"]
    state = BLACK_HOLE.new(decks={"deal": format_cards(order)})
    assert state.hole == tuple(parse_cards("AS"))
    assert state.fans == tuple(tuple(order[3 * f:3 * f + 3]) for f in range(17))
    view = state.view(0)["table"]
    assert view["hole"] == ["AS"] and [len(fan) for fan in view["fans"]] == [3] * 17
    assert "??" not in str(view) and state.hidden_from(0) == set() == state.hidden_from(None)
    assert state.scores.game == (1,) and state.to_act == 0 and state.result is None
    with pytest.raises(rules_engine.RulesError):  # the A♠ is in no fan: a deck holding it is refused
        BLACK_HOLE.new(decks={"deal": format_cards(make_deck("52")[:51])})


def test_only_a_top_card_a_rank_away_goes_in_and_the_ranks_go_round():
    state = BLACK_HOLE.new(decks={"deal": deal_of(["5C QH KD", "3S 4S 2H", "9D 8C 7C"])})
    ours = {"play KD", "play 2H", "play QH", "play 7C"}  # the other fans are the rest of the pack
    assert [m.text for m in state.legal_moves() if m.text in ours] == ["play KD", "play 2H"]
    refused = state.explain("play QH")
    assert refused.rule == "play.top-card" and "under the K♦ in fan 1" in refused.reason
    refused = state.explain("play 7C")
    assert refused.rule == "play.adjacent" and refused.reason.endswith("(a king or a 2), whatever its suit")
    with pytest.raises(IllegalMoveError) as error:
        state.apply("play 7c")
    assert error.value.rule == "play.adjacent"
    assert state.hole == tuple(parse_cards("AS")) and len(state.fans[0]) == 3  # unchanged
    after = state.apply("play KD")  # a king on the ace
    assert after.top.text == "KD" and after.fans[0] == tuple(parse_cards("5C QH"))
    assert [m.text for m in after.legal_moves() if m.text in ours] == ["play QH"]  # a queen or an ace next
    assert after.explain("play KD") == ("the K♦ is already in the hole, and cards there stay",
                                        "interpretation.hole-final")
    after = after.apply("play QH")
    assert after.table(0)["last"] == "The Q♥ goes into the hole from fan 1, which shows the 5♣."
    # and an ace goes on a king: the 2♥ up from the A♠, then round the other way
    round_the_top = BLACK_HOLE.new(decks={"deal": deal_of(["AD 3C KS", "2C 2D AH"])}).apply("play KS")
    assert round_the_top.explain("play AH") is None  # an ace on a king
    assert round_the_top.apply("play AH").explain("play 2D") is None


def test_no_card_a_rank_away_loses_at_once():
    # Every top card is a 4 to a 10: nothing goes on the A♠.
    fans = ["2S 3S 4S", "2H 3H 5S", "2D 3D 6S", "2C 3C 7S", "KS QS 8S", "KH QH 9S", "KD QD TS", "KC QC 4H",
            "JS JH 5H", "JD JC 6H", "AH AD 7H", "AC 5D 8H", "6D 7D 9H", "8D 9D TH", "TD 4C 4D",
            "5C 6C 7C", "8C 9C TC"]
    state = BLACK_HOLE.new(decks={"deal": deal_of(fans)})
    assert state.is_over and state.result == "lost" and state.legal_moves() == []
    assert state.scores.game == (1,)
    assert state.explain("play 4S") == ("the game is over", "end.game")
    assert state.table(0)["result"] == "Lost: no fan's top card is one rank from the A♠; 51 cards are left in the fans."
    assert state.winning_line() is None


def test_a_won_game_and_its_table():
    state = BLACK_HOLE.new(seed=1)
    line = state.winning_line()
    assert len(line) == 51
    for number, move in enumerate(line, 1):
        whole = state.table("all")
        assert check(whole, DECK, whole=True) == []
        assert check(state.table(0), DECK, hidden=set()) == []
        clicks = state.table(0)["moves"]
        assert sorted(c["move"] for c in clicks) == sorted(m.text for m in state.legal_moves())
        assert all(c["to"] is None and c["card"][0].startswith("fan-") for c in clicks)
        state = state.apply(move)
        assert state.scores.game == (number + 1,)
    assert state.won and state.result == "won" and state.is_over
    assert state.table(0)["result"] == "Won: all 52 cards are in the hole."
    assert state.winning_line() == []
    assert list(replay(state.record.to_text()))[-1].view("all") == state.view("all")


# ---- the solver against a plain search ------------------------------------------------------

def plain_search(fans, hole):
    """Whether every card can go in: every order tried, nothing remembered, cards and ranks
    read from the engine's own Card objects rather than the solver's rank indexes."""
    ranks = "A23456789TJQK"
    if not any(fans):
        return True
    for f, fan in enumerate(fans):
        if fan and abs(ranks.index(fan[-1].rank) - ranks.index(hole.rank)) in (1, 12):
            if plain_search(fans[:f] + [fan[:-1]] + fans[f + 1:], fan[-1]):
                return True
    return False


def positions_partway(count, seed):
    """Positions with 10 to 16 cards still in the fans: winnable deals played by the solver's
    line, then a few random moves, which may or may not lose them; ten from each deal."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = BLACK_HOLE.new(seed=rng.randrange(10 ** 6))
        line = state.winning_line()
        if not line:
            continue
        for _ in range(10):
            wander = rng.randrange(1, 5)
            position = state
            for move in line[:51 - rng.randrange(10, 17) - wander]:
                position = position.apply(move)
            bot = RandomBot(rng.randrange(10 ** 6))
            for _ in range(wander):
                if not position.is_over:
                    position = position.apply(bot.choose(position.view(0)))
            if not position.is_over:
                found.append(position)
    return found


def test_the_solver_agrees_with_a_plain_search():
    won = lost = 0
    for state in positions_partway(300, seed=1):
        fans = [list(fan) for fan in state.fans]
        expected = plain_search(fans, state.top)
        line = state.winning_line()
        assert (line is not None) == expected, state.record.to_text()
        if line:
            for move in line:  # the line it gives is legal and wins
                state = state.apply(move)
            assert state.won
        won += expected
        lost += not expected
    assert won > 20 and lost > 20  # both answers were put to the test


def test_the_test_on_ranks_alone_is_exact_for_the_ranks():
    # _ranks_can_follow is the exact answer when only ranks matter (every card free to play).
    def walk(counts, hole):
        if not any(counts):
            return True
        for rank in ((hole + 1) % 13, (hole - 1) % 13):
            if counts[rank]:
                rest = list(counts)
                rest[rank] -= 1
                if walk(rest, rank):
                    return True
        return False
    rng = random.Random(3)
    for _ in range(400):
        hole = rank = rng.randrange(13)
        counts = [0] * 13
        for _ in range(rng.randrange(1, 12)):
            rank = (rank + rng.choice((1, -1))) % 13
            counts[rank] += 1
        if rng.random() < 0.5:
            counts[rng.randrange(13)] += rng.choice((1, -1)) if counts[rank] else 1
            counts = [max(0, n) for n in counts]
        assert _ranks_can_follow(counts, hole) == walk(counts, hole), (counts, hole)


def test_the_hint_never_plays_into_a_lost_position():
    # From positions along won lines, following the hint wins; random play wanders off the line.
    rng = random.Random(4)
    checked = 0
    for seed in (1, 2, 3, 6, 8):
        state = BLACK_HOLE.new(seed=seed)
        wanderer = RandomBot(seed)
        while not state.is_over and state.winning_line() is not None:
            hinted = state
            while not hinted.is_over:
                hinted = hinted.apply(HeuristicBot(seed).choose(hinted.view(0)))
            assert hinted.won, (seed, state.record.to_text())
            checked += 1
            state = state.apply(wanderer.choose(state.view(0)) if rng.random() < 0.7
                                else state.winning_line()[0])
    assert checked > 30


def test_the_solver_remembers_what_it_has_proved():
    state = BLACK_HOLE.new(seed=10)
    solver = Solver(layout_ranks([[c.text for c in fan] for fan in state.fans]))
    assert solver.winning_line([3] * 17, 0) is not None
    first = solver.visited
    assert solver.winning_line([3] * 17, 0) is not None and solver.visited - first < 100


@pytest.mark.parametrize("name", sorted(GOLDEN_BLACK_HOLE))
def test_golden_records(name):
    text = (GOLDEN / f"{name}.txt").read_text()
    expected = GOLDEN_BLACK_HOLE[name]
    states = list(replay(text))
    final = states[-1]
    assert final.is_over and final.result == expected["result"]
    assert list(final.scores.game) == expected["scores"] and len(states) == expected["moves"] + 1
    assert final.record.to_text() == text == Record.load(text).to_text()
    state = BLACK_HOLE.new(seed=expected["seed"])
    assert play_out(state, [HeuristicBot(expected["seed"])]).record.to_text() == text


def test_golden_records_listed_for_regenerate():
    listed = json.loads((GOLDEN / "expected.json").read_text())
    for name, expected in GOLDEN_BLACK_HOLE.items():
        if name in listed:
            assert listed[name] == expected


@pytest.mark.parametrize("seed, won", [(1, True), (5, False)])
def test_the_games_end_shows_the_cards_in_the_hole(seed, won):
    end = game_end_explained(BLACK_HOLE.new(seed=seed))
    [hole] = end["breakdown"][0]["items"]
    assert hole["cards"][0] == "AS" and len(hole["cards"]) == (52 if won else 8) == hole["points"]
    assert end["title"].endswith("won" if won else "lost") and ("left in the fans" in end["ended"]) is not won
