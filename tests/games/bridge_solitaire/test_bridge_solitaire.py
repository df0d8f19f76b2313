"""Bridge Solitaire: the deal, the house's bid, the choices, play against
the stock, and both worked examples of the page replayed fact by fact."""

import copy
import functools
from pathlib import Path

import pytest

import rules_engine
from build_scripts.source import parse_source
from rules_engine.cards import format_cards, make_deck, parse_cards
from rules_engine.errors import IllegalMoveError
from rules_engine.games.bridge_solitaire import HOUSE, RANKS, hand_result, house_bid, nt_allowed, winning_tricks
from rules_engine.table import Tally
from ends import first_hand_end

GAME = rules_engine.load_game("bridge-solitaire")


def deck(facedown, faceup, stock_head):
    used = parse_cards(facedown) + parse_cards(faceup) + parse_cards(stock_head)
    rest = list(make_deck("54"))
    for card in used:
        rest.remove(card)
    return format_cards(used + rest)


EXAMPLE_1 = deck("QC JC 7H 9S 4S 3D JK", "AC KC TC 8C QH 8H 5H 4H 9D 2S 7S TS JS",
                 "3C 7D 5D AH 9C KD 2C AD 6C QS 7C TD 4C KS 4D QD 2H JK 6D 5C")
EXAMPLE_2 = deck("QH 3D 3C AS 9S 3S JK", "AH TH 3H 2H 7D 6D 2D KC 4C 2C TS 5S 4S",
                 "JH QD JK KH 8D AD 5C 9H 9D KS")


EXAMPLE_1_PLAY = "8C AC KC QC JC QH 4S 3D JK 7H 9S TC 8H".split()
PAGE = Path(__file__).resolve().parents[3] / "docs" / "games" / "bridge-solitaire.md"


def page_examples():
    source = parse_source(PAGE)
    return [rules_engine.Record.load(f.body) for f in source.fences if f.kind == "example"]


def play(state, moves):
    for move in moves:
        state = state.apply(move)
    return state


def test_winning_tricks_as_the_text_counts_them():
    assert winning_tricks("AD QD TD 9D".split(), "D") == 2
    assert winning_tricks("AC KC QC JC TC 8C".split(), "C") == 5
    assert winning_tricks("QH 8H 7H".split(), "H") == 1
    assert winning_tricks("AH QH TH 3H 2H".split(), "H") == 3
    assert winning_tricks("KC 4C 3C".split(), "C") == 1
    assert winning_tricks("9S 4S".split(), "S") == 0
    assert winning_tricks("AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S".split(), "S") == 13


@functools.cache
def played_out(mine, house):
    """The player's tricks when a suit is played out, by brute force: the
    player's highest card wins if no card of the house's is higher, and the
    house must follow suit, with any card it likes (its best choice counts);
    else the player gives up its lowest card to the house's highest."""
    if not mine:
        return 0
    top = max(mine)
    if not house or top > max(house):
        rest = mine - {top}
        return 1 + min((played_out(rest, house - {card}) for card in house), default=played_out(rest, house))
    return played_out(mine - {min(mine)}, house - {max(house)})


def test_winning_tricks_is_the_suit_played_out_for_every_holding():
    wrong = []
    for holding in range(1 << 13):
        mine = frozenset(r for r in range(13) if holding >> r & 1)
        cards = [RANKS[r] + "S" for r in mine]
        if winning_tricks(cards, "S") != played_out(mine, frozenset(range(13)) - mine):
            wrong.append(" ".join(cards))
    assert not wrong, f"{len(wrong)} holdings counted wrong, such as {wrong[:3]}"


def test_a_long_suit_outlasts_the_house():
    # The house's K Q J T 9 8 must follow under the ace, so the seven is the last spade left.
    assert winning_tricks("AS 7S 6S 5S 4S 3S 2S".split(), "S") == 2
    assert house_bid(parse_cards("AS 7S 6S 5S 4S 3S 2S AH KH QH AD 3D 2C")) is None


def test_house_bid_and_short_suit():
    assert house_bid(parse_cards("AC KC QC JC TC 8C QH 8H 7H 9S 4S 3D JK")) is None
    assert house_bid(parse_cards("AH QH TH 3H 2H 3D KC 4C 3C AS 9S 3S JK")) == (1, "D")
    # No winners at all: six, in the shortest suit; a tie goes to the lower suit.
    assert house_bid(parse_cards("2S 3S 4S 2H 3H 4H 2D 3D 4D 2C 3C 4C 5C")) == (6, "D")
    assert house_bid(parse_cards("2S 3S 4S 5S 2H 3H 4H 2D 3D 4D 2C 3C 4C")) == (6, "C")


@pytest.mark.parametrize("hand, allowed", [
    ("AS KS QS JS 2H 3H 4H 2D 3D 4D 2C 3C 4C", True),
    ("AS KS QS 2H 3H 4H 2D 3D 4D 2C 3C 4C JK", True),
    ("AS KS QS 2H 3H 4H 2D 3D 4D 2C 3C JK JK", True),
    ("AS KS QS JS TS 3H 4H 2D 3D 4D 2C 3C 4C", False),
    ("AS KS QS JS 2H 3H 4H 2D 3D 4D 2C 3C JK", False),
    ("AS KS QS JS 2H 3H 4H 2D 3D 2C 3C JK JK", False),
])
def test_no_trump_distributions(hand, allowed):
    assert nt_allowed(parse_cards(hand)) is allowed


def test_deal_order_and_face_up_jokers_are_forced():
    order = deck("2C 3C 4C 5C 6C 7C 8C", "JK AS KS QS JK 2S 3S 4S 5S 6S 7S 8S 9S", "")
    state = GAME.new(seed=1, decks={"hand-1": order})
    table = state.view(0)["table"]
    assert table["facedown"] == ["??"] * 7 and table["stock"] == 34
    assert table["play"]["hands"][0][:2] == ["JK", "AS"]
    assert state.legal_moves()[0].text == "keep JK" and len(state.legal_moves()) == 1
    why = state.explain("keep AS")
    assert why.rule == "setup.jokers"
    state = play(state, ["keep JK"])
    assert [m.text for m in state.legal_moves()] == ["keep JK"]
    state = play(state, ["keep JK", "keep AS", "keep KS", "keep QS", "keep 2S"])
    assert state.contract is None and len(state.hand) == 13
    # Both jokers: any contract is redoubled.
    state = state.apply(state.legal_moves()[-1])
    assert state.contract[3] == 4


def test_example_1_replays_as_narrated():
    state = GAME.new(seed=1, decks={"hand-1": EXAMPLE_1})
    state = play(state, "keep AC,keep KC,keep TC,keep 8C,keep QH,keep 8H".split(","))
    table = state.view(0)["table"]
    assert table["discard_top"] == "JS"
    assert format_cards(state.hand) == "9S 4S QH 8H 7H 3D AC KC QC JC TC 8C JK"
    assert table["house_bid"] == "pass"
    assert state.explain("pass").rule == "bidding.player"
    state = state.apply("bid 1 clubs")
    assert state.view(0)["table"]["contract"] == "1♣ doubled by the player"
    assert state.trick == tuple(parse_cards("3C"))
    narrated = [
        ("8C", "house", "3C 8C", "player", ""),
        ("AC", "player", "AC 9C", "player", "7D 5D AH"),
        ("KC", "player", "KC 2C", "player", "KD"),
        ("QC", "player", "QC 6C", "player", "AD"),
        ("JC", "player", "JC 7C", "player", "QS"),
        ("QH", "player", "QH 4C", "house", "TD"),
        ("4S", "house", "KS 4S", "house", ""),
        ("3D", "house", "4D 3D", "house", ""),
        ("JK", "house", "QD JK", "house", ""),
        ("7H", "house", "2H 7H", "player", ""),
        ("9S", "player", "9S JK", "house", ""),
        ("TC", "house", "6D TC", "player", ""),
        ("8H", "player", "8H 5C", "house", ""),
    ]
    for card, leader, cards, winner, turned in narrated:
        state = state.apply(f"play {card}")
        leader_, played, winner_ = state.tricks[-1] if state.hand_no == 1 else (None, None, None)
        if state.hand_no == 1:
            assert (("player", "house")[leader_], format_cards(played), ("player", "house")[winner_]) == (
                leader, cards, winner)
            assert format_cards(state.turned) == turned
    assert state.hand_no == 2
    assert state.history[0] == {"hand": 1, "contract": "1♣ doubled by the player", "tricks": [7, 6],
                                "below": [40, 0], "above": [200, 0], "honours": 150, "net": 240}
    assert state.view(0)["table"]["rubber"]["games"] == [[40, 0]]


def test_the_pages_examples_are_the_narrated_deals_and_moves():
    one, two = page_examples()
    assert [one.decks, two.decks] == [{"hand-1": EXAMPLE_1}, {"hand-1": EXAMPLE_2}]
    keeps = [f"keep {c}" for c in "AC KC TC 8C QH 8H".split()]
    assert [m.text for m in one.moves] == keeps + ["bid 1 clubs"] + [f"play {c}" for c in EXAMPLE_1_PLAY]
    assert [m.text for m in two.moves][:9] == [f"keep {c}" for c in "AH TH 3H 2H KC 4C".split()] + [
        "bid 1 hearts", "play QH", "play AH"]
    final_one = list(rules_engine.replay(one))[-1]
    assert final_one.history[0]["below"] == [40, 0] and final_one.history[0]["honours"] == 150
    final_two = list(rules_engine.replay(two))[-1]
    assert final_two.history[0]["contract"] == "1♥ doubled by the player"
    assert final_two.history[0]["tricks"] == [4, 9] and final_two.history[0]["above"] == [0, 500]


def test_example_2_replays_as_narrated():
    state = GAME.new(seed=1, decks={"hand-1": EXAMPLE_2})
    state = play(state, "keep AH,keep TH,keep 3H,keep 2H,keep KC,keep 4C".split(","))
    assert format_cards(state.hand) == "AS 9S 3S AH QH TH 3H 2H 3D KC 4C 3C JK"
    assert state.view(0)["table"]["house_bid"] == "1♦"
    assert state.explain("bid 1 clubs").rule == "bidding.higher"
    assert state.explain("bid 1 notrump").rule == "bidding.notrump"
    state = state.apply("bid 1 hearts")
    assert state.view(0)["table"]["contract"] == "1♥ doubled by the player"
    assert format_cards(state.trick) == "JH"
    state = state.apply("play QH")
    assert state.tricks[-1][2] == 0
    state = state.apply("play AH")
    assert format_cards(state.turned) == "QD" and format_cards(state.tricks[-1][1]) == "AH JK"
    assert state.tricks[-1][2] == 1


def test_no_trump_default_after_four_misses_and_exhausted_stock():
    hand_fd = "AS KS QS JS AH KH QH"
    order = deck(hand_fd, "AD KD QD 2C 3C 4C 5C 6C 7C 8C 9C TC JC", "2H 3H 4H 5H 6H 2D")
    state = GAME.new(seed=1, decks={"hand-1": order})
    state = play(state, "keep AD,keep KD,keep QD,keep 2C,keep 3C,keep 4C".split(","))
    # 4-4-3-... hand: spades 4, hearts 3, diamonds 3, clubs 3 — no trumps is allowed.
    assert state.house_bid is None
    state = state.apply("bid 1 notrump")
    # The house leads 2H; then the player leads a spade and four hearts miss.
    state = play(state, ["play AH", "play AS"])
    assert format_cards(state.turned) == "3H 4H 5H 6H" and format_cards(state.tricks[-1][1]) == "AS"
    assert state.tricks[-1][2] == 0


def test_illegal_plays_cite_their_rules():
    state = play(GAME.new(seed=1, decks={"hand-1": EXAMPLE_1}),
                 "keep AC,keep KC,keep TC,keep 8C,keep QH,keep 8H,bid 1 clubs".split(","))
    assert state.explain("play QH").rule == "play.follow"
    assert state.explain("play JK").rule == "play.joker"
    with pytest.raises(IllegalMoveError):
        state.apply("play 9S")


def test_a_rubber_ends_with_its_bonus():
    state = GAME.new(seed=3)
    from rules_engine.bots import make_bot, play_out
    final = play_out(state, [make_bot("heuristic", 0)])
    rubber = final.view(0)["table"]["rubber"]
    assert final.is_over and (max(rubber["games_won"]) == 2 or final.hand_no == final.options["hands"])
    assert sum(h["net"] for h in rubber["hands"]) == final.scores.game[0]


def test_the_last_card_of_the_stock_is_the_house_play_and_the_rest_are_the_players_tricks():
    order = deck("AS KS QS JS TS 9S 8S", "7S 6S 5S 4S 3S 2S 2H 3H 4H 5H 6H 7H 8H", "2C JK JK 3C")
    state = play(GAME.new(seed=1, decks={"hand-1": order}),
                 "keep 7S,keep 6S,keep 5S,keep 4S,keep 3S,keep 2S,bid 1 spades".split(","))
    state = play(state, ["play 2S", "play AS", "play KS", "play QS"])
    assert [(format_cards(cards), ("player", "house")[winner]) for _, cards, winner in state.tricks] == [
        ("2C 2S", "player"), ("AS JK", "house"), ("JK KS", "house"), ("3C QS", "player")]
    assert len(state.stock) == 30
    # Nothing in the stock fits a spade lead: 29 cards are turned and the 30th is played anyway;
    # the stock is out, so the eight cards still in hand are eight more tricks for the player.
    state = state.apply("play JS")
    assert state.hand_no == 2
    assert state.history[0]["tricks"] == [11, 2]
    assert state.history[0]["below"] == [30, 0] and state.history[0]["above"] == [120 + 150, 0]


def test_an_unfinished_rubber_is_stopped_after_the_hand_limit():
    state = rules_engine.load_game("bridge-solitaire", hands=1).new(seed=1, decks={"hand-1": EXAMPLE_1})
    state = play(state, "keep AC,keep KC,keep TC,keep 8C,keep QH,keep 8H,bid 1 clubs".split(","))
    state = play(state, [f"play {c}" for c in EXAMPLE_1_PLAY])
    rubber = state.view(0)["table"]["rubber"]
    assert state.is_over and rubber["rubber_bonus"] == ["unfinished", [100, 0]]
    assert rubber["totals"] == [40 + 200 + 100, 0] and state.result == "won"
    with pytest.raises(rules_engine.OptionError):
        rules_engine.load_game("bridge-solitaire", hands=0)


def test_a_rubber_with_equal_totals_is_tied():
    state = rules_engine.load_game("bridge-solitaire", hands=1).new(seed=1, decks={"hand-1": EXAMPLE_1})
    state = play(state, "keep AC,keep KC,keep TC,keep 8C,keep QH,keep 8H,bid 1 clubs".split(","))
    state = play(state, [f"play {c}" for c in EXAMPLE_1_PLAY])
    tied = copy.copy(state)
    tied.above = (tied.above[0], tied.above[1] + tied.totals[0] - tied.totals[1])
    assert tied.totals[0] == tied.totals[1] and tied.result == "tied" and tied.scores.game == (0,)
    assert state.result == "won"


def test_the_discards_go_in_deal_order_the_last_on_top():
    state = GAME.new(seed=1, decks={"hand-1": EXAMPLE_1})
    state = play(state, "keep AC,keep KC,keep TC,keep 8C,keep QH,keep 8H".split(","))
    assert format_cards(state.discards) == "5H 4H 9D 2S 7S TS JS"
    assert state.view(0)["table"]["discard_top"] == "JS"


def test_a_trick_with_a_joker_is_the_houses_but_for_the_players_joker_on_the_houses():
    from rules_engine.games.bridge_solitaire import HOUSE, PLAYER

    state = play(GAME.new(seed=1, decks={"hand-1": EXAMPLE_1}),
                 "keep AC,keep KC,keep TC,keep 8C,keep QH,keep 8H,bid 1 clubs".split(","))
    joker, ace, two = parse_cards("JK AS 2C")
    assert state._winner((joker, joker), HOUSE) == PLAYER
    assert state._winner((joker, joker), PLAYER) == HOUSE
    assert state._winner((joker, ace), PLAYER) == HOUSE and state._winner((ace, joker), PLAYER) == HOUSE
    assert state._winner((joker, two), HOUSE) == HOUSE and state._winner((two, joker), HOUSE) == HOUSE


def test_a_hands_end_shows_each_sides_points_item_by_item():
    end = first_hand_end(GAME.new(seed=3))   # the house's 3♣ doubled, made with an overtrick
    assert [(g["name"], [(item["label"], item["points"], item["note"]) for item in g["items"]])
            for g in end["breakdown"]] == [("You", []), ("The house", [
                ("3 odd tricks bid and made", 120, "below the line"), ("1 overtrick", 100, "above the line"),
                ("Doubled contract made", 50, "above the line")])]
    assert end["ended"] == "You have played your last card."


def test_the_hands_items_are_what_scores_it_honours_for_the_player_whoever_declares():
    tally = Tally(2)
    result = hand_result(2, "H", HOUSE, 2, False, 7, honours=4, tally=tally)
    assert [[(item["label"], item["points"]) for item in items] for items in tally.items] == [
        [("Undertricks: 1 down", 100), ("Honours", 100)], []]
    assert list(tally.points) == [b + a for b, a in zip(result["below"], result["above"])]
