"""Chinese Ten's own rules: the deal by the number of players, captures by ten and by rank
(every capture offered against a brute force), the compulsory capture, the stock's card
capturing for its player (and its choice), the layout's rules for face cards, 10s and 5s, the
count by the number of players recomputed from the won piles, cards left over, the hands of a
longer game with the dealer's rotation and the totals carried, the game's end, the score pad's
row, and captures built step by step."""

import random

import pytest

import rules_engine
from conformance import check_step, refused
from fishing import moves
from rules_engine.bots import HeuristicBot, RandomBot, play_out
from rules_engine.cards import make_deck, parse_card, parse_cards
from rules_engine.errors import NotationError
from rules_engine.games.chinese_ten import hand_row
from rules_engine.scoring import ScoreError, score_row
from ends import most, played_to_end

GAME = rules_engine.load_game("chinese-ten")
RED_POINTS = {"A": 20, "K": 10, "Q": 10, "J": 10, "T": 10, "9": 10}


def position(hands, layout, stock_top=(), seats=None, turn=1):
    """A deal set up as given; the stock ends with ``stock_top`` (the next card first), filled
    with cards that lie nowhere else, and hands refilled so that the stock runs out with them."""
    state = GAME.new(seed=1, seats=seats or len(hands))
    state.hands = [parse_cards(h) for h in hands]
    state.layout = parse_cards(layout)
    state.won = [[] for _ in hands]
    top = parse_cards(stock_top)
    used = set(state.layout) | set(top) | {c for h in state.hands for c in h}
    rest = [c for c in make_deck("52") if c not in used]
    held = sum(len(h) for h in state.hands)
    state.stock = rest[:held - len(top)] + top[::-1]
    state.won[0] = rest[held - len(top):]   # the others, out of the way
    state.turn, state.phase, state.turned = turn, "play", None
    return state


def value(card, seats):
    """The count, written again from the text."""
    if card.suit in "HD":
        return RED_POINTS.get(card.rank) or int(card.rank)
    return {"AC": 40 if seats == 4 else 0, "AS": 30 if seats >= 3 else 0}.get(card.text, 0)


def test_24_cards_are_shared_among_the_players_and_four_turned_up():
    for seats, each in ((2, 12), (3, 8), (4, 6)):
        state = GAME.new(seed=5, seats=seats)
        assert [len(h) for h in state.hands] == [each] * seats
        assert len(state.stock) == 24 and len(state.layout) == 4
        assert state.dealer == 0 and state.to_act == 1
        check_step(state)


def test_every_capture_offered_is_one_a_brute_force_finds():
    rng = random.Random(21)
    deck = make_deck("52")
    pips = {"A": 1, **{str(n): n for n in range(2, 10)}}
    for _ in range(1500):
        cards = rng.sample(deck, rng.randint(1, 9))
        card, layout = cards[0], cards[1:]
        state = position([[], [card.text]], " ".join(c.text for c in layout))

        def mates(c, other):
            if c.rank in "TJQK" or other.rank in "TJQK":
                return c.rank == other.rank
            return pips[c.rank] + pips[other.rank] == 10

        singles = {(o,) for o in layout if mates(card, o)}
        expected = singles
        if card.rank in "5TJQK" and len(singles) == 3:
            expected = {tuple(o for o in layout if mates(card, o))}
        assert set(state.captures(card)) == expected, (card, layout)
        legal = set(moves(state))
        if expected:
            assert legal == {f"capture {' '.join(c.text for c in t)} with {card.text}" for t in expected}
        else:
            assert legal == {f"play {card.text}"}


def test_a_card_that_can_capture_must_and_captures_only_its_partner():
    state = position(["AH 2C", "3S 5D 8H"], "7H 7C 9D KS")
    assert moves(state) == ["capture 7H with 3S", "capture 7C with 3S", "play 5D", "play 8H"]
    assert "must" in refused(state, "play 3S", "play.capture")
    assert "captures the 7♥ or the 7♣" in refused(state, "capture 9D with 3S", "play.capture")
    assert "captures nothing" in refused(state, "capture 9D with 5D", "play.capture")
    assert "not on the table" in refused(state, "capture 7D with 3S", "play.capture")
    assert "you do not hold" in refused(state, "play AH", "play.turn")
    state = state.apply("capture 7C with 3S")
    assert set(state.won[1]) >= set(parse_cards("3S 7C")) and parse_card("7C") not in state.layout


def test_the_stock_card_captures_for_the_player_or_stays_and_the_player_chooses_between_two():
    state = position(["AH 4C", "3S 2D"], "8C 5H 5D", stock_top="6S 2S 5S")
    state = state.apply("play 3S")      # the 6S turned up captures nothing: it stays
    assert parse_card("6S") in state.layout and parse_card("3S") in state.layout
    state = state.apply("capture 6S with 4C")   # the 2S turned up takes the 8C for seat 0
    assert set(parse_cards("4C 6S 2S 8C")) <= set(state.won[0])
    assert "captures the 8♣ for Seat 0" in state.said
    state = state.apply("play 2D")      # the 5S may take the 5H or the 5D: seat 1 chooses
    assert state.phase == "stock" and state.to_act == 1
    assert moves(state) == ["capture 5H with 5S", "capture 5D with 5S"]
    assert "turned up from the stock" in refused(state, "play 2D", "play.stock")
    check_step(state)
    state = state.apply("capture 5D with 5S")
    assert state.said == "The 5♠ turned up from the stock captures the 5♦ for Seat 1."
    assert state.to_act == 0 and parse_card("5H") in state.layout


def test_the_dealer_takes_four_face_cards_10s_and_5s_turned_up():
    state = GAME.new(seed=10)
    assert state.layout == [] and state.won[0] == parse_cards("TS JC QC KD")
    assert state.last_capturer == 0


def test_three_of_a_kind_in_the_layout_go_to_the_fourth_together():
    state = position(["AH", "TD 4S"], "TH TC TS 9S")
    assert moves(state) == ["capture TH TC TS with TD", "play 4S"]
    assert "it captures the 10♥, the 10♣ and the 10♠" in refused(state, "capture TH with TD", "play.capture")
    assert state.apply("capture TS TH TC with TD").layout[0] == parse_card("9S")
    assert state.parse_move("capture TS TH TC with TD").text == "capture TH TC TS with TD"


def test_cards_left_on_the_table_go_to_the_last_capturer():
    final = play_out(GAME.new(seed=10), [RandomBot(s) for s in range(2)])
    line = final.hand_results[0][2][0]
    assert "made the last capture and takes" in line
    assert sum(final.scores.game) == 210


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_each_hand_counts_as_recomputed_from_the_won_piles_and_the_game_carries_them(seats):
    game = rules_engine.load_game("chinese-ten", hands=seats)
    state = game.new(seed=f"count-{seats}", seats=seats)
    bots = [HeuristicBot(s) for s in range(seats)]
    dealers, totals = [], [0] * seats
    while not state.is_over:
        if not dealers or dealers[-1] != state.dealer:
            dealers.append(state.dealer)
        before = state.hand_number
        state = state.apply(bots[state.to_act].choose(state.view(state.to_act)))
        if state.over or state.hand_number != before:
            won = state.hand_end[2]
            row = [sum(value(c, seats) for c in pile) for pile in won]
            assert list(state.hand_results[-1][1]) == row and sum(row) == {2: 210, 3: 240, 4: 280}[seats]
            assert sum(len(p) for p in won) == 52
            totals = [a + b for a, b in zip(totals, row)]
            assert list(state.points) == totals
    assert dealers == list(range(seats)) and state.hand_number == seats
    assert state.winners == tuple(s for s in range(seats) if totals[s] == max(totals))
    assert len(state.moves_made) <= state.move_bound()


def test_level_totals_share_the_win():
    state = position(["9H", "AH"], "", stock_top="AD 9D")
    mine = parse_cards("2H 3H 4H 5H 6H 7H 8H 2D 8D")   # 45 points, and 60 to come: 105 of 210
    rest = [c for c in make_deck("52") if c not in mine and c.text not in ("9H", "AH", "AD", "9D")]
    state.won = [mine + [c for c in rest if c.suit in "SC"], [c for c in rest if c.suit in "HD"]]
    state = state.apply("play AH").apply("capture AH with 9H")
    assert state.is_over and state.points == (105, 105) and state.winners == (0, 1)
    assert state.table(None)["result"] == "Seat 0 and Seat 1 share the win with 105 points each."


def test_the_score_pads_row_and_its_refusals():
    assert score_row("chinese-ten", {"red_aces": [2, 0, 0], "red_tens": [1, 2, 3], "red_pips": [7, 8, 9],
                                     "spade_ace": 2}, columns=3)["points"] == [57, 28, 69]
    row = hand_row(None, {"red_aces": [0, 0, 1, 1], "red_tens": [0, 5, 5, 0], "red_pips": [0, 35, 35, 0],
                          "club_ace": 0, "spade_ace": 3}, {})
    assert row["points"] == [40, 85, 105, 50] and sum(row["points"]) == 280
    with pytest.raises(ScoreError, match="more than the pack's 2"):
        score_row("chinese-ten", {"red_aces": [2, 1], "red_tens": [0, 0], "red_pips": [0, 0]})


def test_a_capture_is_built_card_by_card():
    state = position(["AH", "3S 5D 8H"], "7H 7C 9D 2S")
    assert state.choose(["3S"])["next"] == ["7H", "7C"]
    assert state.choose(["7H"])["next"] == ["3S"]
    assert state.choose(["3S", "7C"])["finish"] == [{"move": "capture 7C with 3S", "button": "Capture"}]
    assert state.choose(["8H", "2S"])["finish"][0]["move"] == "capture 2S with 8H"
    assert state.choose(["3S", "9D"])["refused"]["rule"] == "play.capture"
    assert state.choose(["3S", "8H"])["refused"] == {"reason": "a capture is made with one card", "rule": "play.capture"}
    assert state.choose(["AH"])["refused"]["rule"] == "play.turn"
    with pytest.raises(NotationError):
        state.choose(["3S", "3S"])
    table = state.table(1, ["3S"])
    assert table["selection"]["places"]["7H"] == [["layout", 0]]


def test_heuristic_and_random_players_finish_every_player_count():
    for seats in (2, 3, 4):
        for bot in (HeuristicBot, RandomBot):
            final = play_out(GAME.new(seed=seats, seats=seats), [bot(s) for s in range(seats)])
            assert final.is_over and sum(final.scores.game) == {2: 210, 3: 240, 4: 280}[seats]


def test_a_default_game_ends_as_its_text_says():
    final = played_to_end("chinese-ten")
    # One deal by default: the hands and the stock played out, every card won, the highest count wins.
    assert final.hand_number == final.options["hands"] == 1 and not final.stock and not any(final.hands)
    assert sum(len(pile) for pile in final.won) == 52 and not final.layout
    assert sum(final.points) == {2: 210, 3: 240, 4: 280}[final.seats]
    assert final.winners == most(final.points)
