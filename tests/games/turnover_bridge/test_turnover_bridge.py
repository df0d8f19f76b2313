"""Turnover Bridge's own rules: the layout of piles and hole cards, what may be
played and what is seen, cards turned up when uncovered, following suit from
the playable cards only, the deal's end at 14 tricks (or a draw at 13 each),
and the match to three deals."""

import json
import pathlib

import pytest

import rules_engine
from rules_engine import IllegalMoveError, Record, replay
from rules_engine.bots import HeuristicBot, RandomBot, play_out
from rules_engine.cards import HIDDEN, make_deck, parse_card
from rules_engine.game import ALL
from rules_engine.families.trick_game import DRAW
from rules_engine.games.turnover_bridge import ENOUGH, LAST_HAND, deal_result
from ends import hand_ends_explained, last_hand_played, most, played_to_end

GAME = rules_engine.load_game("turnover-bridge")
GOLDEN = pathlib.Path(__file__).parent / "golden"
GOLDEN_SEED = 5


def fixed_deal(piles, holes, hide=None):
    """The deck order that lays out ``piles[seat]`` (``"down/up"`` texts) and ``holes[seat]``
    with seat 0 dealing: one card at a time from seat 1, face down, then face up, then the holes.
    Cards not named fill the other piles and hands; with ``hide``, a suit, seat 0 gets that
    suit's cards only face down."""
    named = [t for seat in (0, 1) for pile in piles[seat] for t in pile.split("/")] + \
        [t for seat in (0, 1) for t in holes[seat].split()]
    rest = [c.text for c in make_deck("52") if c.text not in named]

    def take(seat, face_down):
        wanted = [t for t in rest if seat == 0 and hide and (t[-1] == hide) == face_down] or rest
        card = wanted[0]
        rest.remove(card)
        return card

    full = {seat: [p.split("/") for p in piles[seat]] for seat in (0, 1)}
    hole = {seat: holes[seat].split() for seat in (0, 1)}
    for seat in (0, 1):
        full[seat] += [[take(seat, True), take(seat, False)] for _ in range(12 - len(full[seat]))]
        hole[seat] += [take(seat, False) for _ in range(2 - len(hole[seat]))]
    order = []
    for layer in (0, 1):
        for i in range(12):
            order += [full[1][i][layer], full[0][i][layer]]
    order += [hole[1][0], hole[0][0], hole[1][1], hole[0][1]]
    return {"hand-1": " ".join(order)}


def test_each_player_has_twelve_piles_and_two_hole_cards_and_sees_only_the_face_up_ones():
    state = GAME.new(seed=3)
    play = state.play
    assert [len(p) for p in play.piles] == [12, 12] and all(len(pile) == 2 for p in play.piles for pile in p)
    assert [len(h) for h in play.held] == [2, 2]
    assert len(set(state._cards_in_play())) == 52
    assert state.dealer == 0 and state.to_act == 1  # the non-dealer leads
    assert set(play.hands[1]) == set(play.exposed(1)) | set(play.held[1])
    face_down = set(play.face_down())
    assert len(face_down) == 24
    for seat in (0, 1, None, ALL):
        hidden = state.hidden_from(seat)
        assert face_down <= hidden   # nobody sees a face-down card, not even its owner
        assert not (set(play.exposed(0)) | set(play.exposed(1))) & hidden
    assert set(play.held[1]) <= state.hidden_from(0) and not set(play.held[0]) & state.hidden_from(0)
    view = state.view(0)["table"]["play"]
    assert view["hands"][1] == [HIDDEN, HIDDEN]
    assert all(pile[0] == HIDDEN and pile[1] != HIDDEN for pile in view["piles"][0])


def test_a_card_played_from_a_pile_turns_up_the_one_beneath():
    state = GAME.new(decks=fixed_deal({0: ["2H/3H"], 1: ["8C/KH"]}, {0: "", 1: ""}))
    assert parse_card("8C") not in state.play.hands[1]
    state = state.apply("play KH")
    assert parse_card("8C") in state.play.hands[1] and parse_card("8C") not in state.hidden_from(0)
    assert state.table(0)["last"] == "Seat 1 plays the K♥. The 8♣ beneath it is turned up in Seat 1's layout."
    zones = {z["id"]: z for z in state.table(0)["zones"]}
    assert "8C" in zones["turned-1"]["cards"] and "KH" not in zones["covering-1"]["cards"]
    assert len(zones["face-down-1"]["cards"]) == 11
    # The 3♥ covers seat 0's 2♥: playing it turns the 2♥ up, and seat 0 must follow with it later.
    state = state.apply("play 3H")
    assert parse_card("2H") in state.play.hands[0] and state.play.piles[0][0] == (parse_card("2H"),)


def test_only_face_up_and_hole_cards_may_be_played_and_the_refusal_says_nothing_of_where_a_card_lies():
    state = GAME.new(decks=fixed_deal({0: ["5S/AD"], 1: ["9C/KH", "TC/8H"]}, {0: "", 1: "QH"}))
    before = state.view(ALL)
    reasons = set()
    for card in ("9C", "5S", "AD"):   # its own face-down card, the opponent's, the opponent's face-up card
        explanation = state.explain(f"play {card}")
        assert explanation.rule == "play.available"
        reasons.add(explanation.reason.replace(parse_card(card).symbol, "X"))
        with pytest.raises(IllegalMoveError):
            state.apply(f"play {card}")
    assert len(reasons) == 1 and state.view(ALL) == before
    assert state.explain("play QH") is None  # a hole card may be led


def test_suit_must_be_followed_from_the_playable_cards_but_a_face_down_card_does_not_oblige():
    # Seat 0's only hearts lie face down: it may trump the K♥ or throw any card.
    state = GAME.new(decks=fixed_deal({0: ["2H/2S", "3H/4C"], 1: ["8C/KH"]}, {0: "5D AC", 1: ""}, hide="H"))
    hearts = [c for c in state.play.hands[0] if c.suit == "H"]
    assert not hearts
    state = state.apply("play KH")
    assert {m.text for m in state.legal_moves()} == {f"play {c.text}" for c in state.play.hands[0]}
    after = state.apply("play 2S")
    assert after.play.tricks[-1][0] == 0  # the spade wins
    # With a heart it may play, seat 0 must follow a heart lead.
    state = GAME.new(decks=fixed_deal({0: ["2C/3H"], 1: ["8C/KH"]}, {0: "AS", 1: ""}))
    state = state.apply("play KH")
    assert state.explain("play AS").rule == "play.follow-suit"
    legal = [parse_card(m.text.split()[1]) for m in state.legal_moves()]
    assert parse_card("3H") in legal and {c.suit for c in legal} == {"H"}


def test_the_deal_ends_at_fourteen_tricks_and_the_deal_alternates():
    state = GAME.new(seed=2)
    while state.hand_number == 1:
        state = state.apply(state.legal_moves()[0])
    number, points, lines = state.hand_results[0]
    play = state.hand_end[1]
    counts = play.trick_counts()
    assert max(counts) == ENOUGH and sum(counts) < 26 and any(play.hands)  # cards were left unplayed
    assert points == tuple(int(c == ENOUGH) for c in counts)
    assert lines[-1].endswith("reached 14 tricks and wins the deal")
    assert state.dealer == 1 and state.to_act == 0
    assert state.table(0)["interlude"]["title"] == "End of hand 1"


def test_a_deal_of_thirteen_tricks_each_is_drawn():
    state = GAME.new(seed=6)
    while state.hand_number == 1:
        state = state.apply(state.legal_moves()[0])
    assert state.hand_end[1].trick_counts() == (13, 13)
    assert state.hand_results[0][1] == (0, 0) and state.game_scores == (0, 0)
    assert "drawn" in state.hand_results[0][2][-1]
    assert deal_result((13, 13)) is None and deal_result((14, 3)) == 0


def test_a_match_that_drawn_deals_keep_going_ends_after_its_last_deal():
    """interpretation.match: more deals won wins, level is a drawn match (seed 6's deal is drawn)."""
    ahead = last_hand_played(GAME.new(seed=6), (2, 1))
    assert ahead.is_over and ahead.hand_number == LAST_HAND and ahead.winners == (0,)
    assert ahead.table(1)["result"] == f"Seat 0 wins the match, 2 deals to 1, after {LAST_HAND} deals."
    level = last_hand_played(GAME.new(seed=6), (1, 1))
    assert level.is_over and level.winner == DRAW and level.winners == ()
    assert level.table(1)["result"] == f"After {LAST_HAND} deals the match is level, 1 deal won each: a draw."
    assert GAME.new(seed=6).move_bound() == LAST_HAND * 52


@pytest.mark.parametrize("seed, pick", [(1, 0), (2, -1)])
def test_a_match_ends_when_a_player_has_won_three_deals(seed, pick):
    state = GAME.new(seed=seed)
    bound = state.move_bound()
    moves = 0
    while not state.is_over:
        state = state.apply(state.legal_moves()[pick])
        moves += 1
    assert moves <= bound == state.move_bound()
    winner = state.winners[0]
    assert state.scores.game[winner] == 3 and state.scores.game[1 - winner] < 3
    dealers = [n % 2 for n in range(len(state.hand_results))]
    assert state.dealer == dealers[-1]
    assert state.table(0)["result"] == (f"Seat {winner} wins the match, 3 deals to "
                                        f"{state.scores.game[1 - winner]}.")


def test_the_heuristic_bot_beats_random_play():
    won = 0
    for seed in range(16):
        bots = [HeuristicBot(seed), RandomBot(seed)] if seed % 2 else [RandomBot(seed), HeuristicBot(seed)]
        won += (seed % 2 == 0) == (1 in play_out(GAME.new(seed=seed), bots).winners)
    assert won >= 13, won


def test_golden_record_is_what_the_bots_play_and_is_listed_for_regenerate():
    text = (GOLDEN / "turnover-bridge-full.txt").read_text()
    expected = json.loads((GOLDEN / "expected.json").read_text())["turnover-bridge-full"]
    states = list(replay(text))
    assert list(states[-1].scores.game) == expected["scores"] and len(states) == expected["moves"] + 1
    assert Record.load(text).to_text() == text
    state = GAME.new(seed=GOLDEN_SEED)
    assert play_out(state, [HeuristicBot(GOLDEN_SEED + seat) for seat in range(2)]).record.to_text() == text
    assert expected["seed"] == GOLDEN_SEED


def test_a_default_game_ends_as_its_text_says():
    final = played_to_end("turnover-bridge")
    # The first to win three deals wins the match; the other has fewer.
    deals = final.game_scores
    assert max(deals) == 3 and min(deals) < 3 and final.winners == most(deals)


def test_each_hands_end_shows_the_deal_won_or_drawn():
    # hand_ends_explained checks that the items add up to the hand's row of the sheet.
    for shown in hand_ends_explained("turnover-bridge"):
        items = [item for seat in shown for item in seat["items"]]
        won = [item for item in items if item["rule"] == "scoring.deal"]
        assert [item["points"] for item in won] == [1] or {item["rule"] for item in items} == {"interpretation.drawn-deal"}
