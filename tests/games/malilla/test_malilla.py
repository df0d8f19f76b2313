"""Malilla's own rules: the deal and the turned card, the three duties of
play (each refused with its rule id), the scoring against the text's
figures, the dealer's bonus, and whole games ending as the text says."""

import pytest

import rules_engine
from conformance import snapshot
from rules_engine import IllegalMoveError, NotationError
from rules_engine.bots import HeuristicBot, RandomBot, play_out
from rules_engine.cards import make_deck, parse_card, parse_cards
from rules_engine.games.malilla import (CARD_VALUES, bonus_now, collected, hand_result, settle,
                                        turned_bonus)
from rules_engine.families.trick_game import DRAW
from rules_engine.families.tricks import card_points
from rules_engine.games.malilla import LAST_HAND
from ends import hand_ends_explained, last_hand_played, played_to_end, sides

MALILLA = rules_engine.load_game("malilla")
FILLER = "2S 3S 4S 5S 6S 2H 3H 4H 5H 6H 2D 3D 4D 5D 6D 2C 3C 4C 5C 6C JS JH JD JC QS QH QD QC KS KH KD KC"


def deal(hands, turned, void=None):
    """A first hand (seat 0 deals) where seats hold the given cards and seat 0's
    tenth card, ``turned``, is the one turned up; the rest is filled in from the
    pack, never with a suit listed for the seat in ``void``."""
    void = void or {}
    given = {seat: parse_cards(text) for seat, text in hands.items()}
    used = {c for cards in given.values() for c in cards} | {parse_card(turned)}
    spare = [c for c in make_deck("40-spanish") if c not in used]
    full = {}
    for seat in sorted(range(4), key=lambda s: s not in void):
        cards = list(given.get(seat, []))
        need = 9 if seat == 0 else 10
        for card in [c for c in spare if c.suit not in void.get(seat, "")][: need - len(cards)]:
            spare.remove(card)
            cards.append(card)
        if seat == 0:
            cards.append(parse_card(turned))
        assert len(cards) == 10, (seat, cards)
        full[seat] = cards
    order = [full[seat][k].text for k in range(10) for seat in (1, 2, 3, 0)]
    state = MALILLA.new(decks={"hand-1": " ".join(order)})
    assert state.turned == parse_card(turned) and state.to_act == 1
    return state


def moves(state):
    return [m.text for m in state.legal_moves()]


def refused(state, move, rule):
    """``move`` is refused with ``rule``, by explain and by apply, and the state is unchanged."""
    before = snapshot(state)
    explanation = state.explain(move)
    assert explanation is not None and explanation.rule == rule, explanation
    with pytest.raises(IllegalMoveError) as info:
        state.apply(move)
    assert info.value.rule == rule
    assert snapshot(state) == before
    return explanation.reason


# ---- the deal --------------------------------------------------------------------------------

def test_ten_each_the_last_card_turned_to_the_dealer_sets_trumps():
    state = MALILLA.new(seed=31)
    assert [len(h) for h in state.play.hands] == [10] * 4
    assert state.dealer == 0 and state.turned in state.play.hands[0]
    assert state.play.trump == state.turned.suit and state.to_act == 1


def test_the_deal_goes_round_from_the_dealers_left_and_the_40th_card_is_the_dealers():
    order = make_deck("40-spanish")
    state = MALILLA.new(decks={"hand-1": " ".join(c.text for c in order)})
    assert order[0] in state.play.hands[1] and order[1] in state.play.hands[2]
    assert order[2] in state.play.hands[3] and order[3] in state.play.hands[0]
    assert state.turned == order[39] and order[39] in state.play.hands[0]


def test_interpretation_first_dealer_is_seat_0_and_the_deal_passes_left():
    state = MALILLA.new(seed=46)
    dealers = {}
    while not state.is_over:
        dealers.setdefault(state.hand_number, state.dealer)
        state = state.apply(HeuristicBot(state.hand_number).choose(state.view(state.to_act)))
    assert dealers[1] == 0
    assert [dealers[n] for n in sorted(dealers)] == [(n - 1) % 4 for n in sorted(dealers)]


def test_interpretation_turned_card_is_hidden_in_hand_but_named_in_the_headline():
    state = MALILLA.new(seed=31)
    turned = state.turned
    for seat in (1, 2, 3):
        table = state.table(seat)
        hand = next(z for z in table["zones"] if z["id"] == "hand-0")
        assert hand["cards"] == ["??"] * 10
        assert any(turned.symbol in fact for fact in table["headline"]["facts"])
        assert turned not in state.hidden_from(seat)      # everyone saw it: no secret
        assert state.view(seat)["table"]["turned"] == turned.symbol
    assert turned.text in next(z for z in state.table(0)["zones"] if z["id"] == "hand-0")["cards"]


# ---- the play --------------------------------------------------------------------------------

def test_the_seven_ranks_highest():
    state = deal({1: "AH", 2: "7H", 3: "KH", 0: "2H"}, turned="2D")
    state = state.apply("play AH").apply("play 7H").apply("play KH")
    state = state.apply(moves(state)[0])
    assert state.play.tricks[-1][0] == 2 and state.to_act == 2


def test_follow_suit_is_refused_with_its_rule_and_the_foul():
    state = deal({1: "AH", 2: "2H 3S"}, turned="4C").apply("play AH")
    reason = refused(state, "play 3S", "play.follow-suit")
    assert "follow suit ♥" in reason and "play.fouls" in reason


def test_sevens_rule_when_the_partner_is_winning():
    # Seat 1 leads the 7♥, seat 2 follows; seat 3, the leader's partner, has no hearts.
    state = deal({1: "7H", 2: "2H", 3: "7S 7C 7D 2C KS"}, turned="4D", void={3: "H"})
    state = state.apply("play 7H").apply("play 2H")
    legal = moves(state)
    assert "play 7S" not in legal and "play 7C" not in legal
    assert "play 7D" in legal                          # the 7 of trumps is always allowed
    assert "play 2C" in legal and "play KS" in legal   # no duty to beat a partner
    reason = refused(state, "play 7C", "play.sevens")
    assert "7♣" in reason and "clubs" in reason and "play.fouls" in reason


def test_a_void_opponent_must_trump_and_still_keeps_its_sevens():
    state = deal({1: "AH", 2: "7S 7C 2D KC 3C"}, turned="4D", void={2: "H"}).apply("play AH")
    legal = moves(state)
    assert legal and all(m.endswith("D") for m in legal) and "play 2D" in legal
    refused(state, "play 7S", "play.sevens")
    assert "A♥" in refused(state, "play KC", "play.must-beat")


def test_a_seven_may_be_thrown_once_its_suit_has_been_led():
    # Trick 1: seat 1 leads clubs and wins; trick 2: seat 3, void in spades, may throw its 7♣.
    state = deal({1: "KC AS 7S", 2: "QC 2S", 3: "JC 7C", 0: "2C 3S"}, turned="4D",
                 void={3: "S", 2: "C", 0: "C"})
    state = state.apply("play KC")
    state = state.apply("play QC" if "play QC" in moves(state) else moves(state)[0])
    state = state.apply("play JC").apply("play 2C")
    assert state.play.tricks[-1][0] == 1 and state.to_act == 1
    state = state.apply("play AS").apply("play 2S")
    assert "play 7C" in moves(state)


def test_leading_a_seven_is_always_allowed():
    state = deal({1: "7S 7C"}, turned="4D")
    assert {"play 7S", "play 7C"} <= set(moves(state))


def test_interpretation_only_sevens_the_rule_is_waived_when_every_card_is_such_a_seven():
    from rules_engine.families.tricks import TrickPlay
    from rules_engine.games.malilla import MALILLA_RULES, RANKS

    def legal(hand):
        play = TrickPlay(hands=((), (), (), tuple(parse_cards(hand))), leader=2, ranks=RANKS, trump="D",
                         trick=((2, parse_card("2H")),), rules=MALILLA_RULES)
        return [c.text for c in play.legal_cards()]

    assert legal("7S 7C") == ["7S", "7C"]
    assert legal("7S") == ["7S"]
    assert legal("7S 7C 2D") == ["2D"]          # an opponent's 2♥ to beat: trump it


def test_must_beat_an_opponent_with_a_higher_card_of_the_suit():
    state = deal({1: "KH", 2: "AH 2H 7S", 0: "7H"}, turned="4D").apply("play KH")
    assert "play AH" in moves(state) and "play 2H" not in moves(state)
    reason = refused(state, "play 2H", "play.must-beat")
    assert "K♥" in reason and "A♥" in reason and "play.fouls" in reason


def test_must_overtrump_an_opponents_trump_when_void():
    state = deal({1: "KH", 2: "2H", 3: "3D 6D 3S", 0: "5D 2S JD 2D"}, turned="4D", void={3: "H", 0: "H"})
    state = state.apply("play KH").apply("play 2H")
    assert "play 3D" in moves(state) and "play 3S" in moves(state)   # seat 3 need not trump its partner
    state = state.apply("play 3D")
    # Seat 3, an opponent of seat 0, is winning with the 3♦: seat 0, with no hearts, must overtrump.
    legal = moves(state)
    assert {"play 4D", "play 5D", "play JD"} <= set(legal) and "play 2D" not in legal
    assert all(m.endswith("D") for m in legal)
    refused(state, "play 2S", "play.must-beat")
    refused(state, "play 2D", "play.must-beat")


def test_interpretation_undertrump_when_an_opponents_trump_cannot_be_beaten():
    state = deal({1: "KH", 2: "2H", 3: "7D 3S", 0: "2D 2S JC"}, turned="4D", void={3: "H", 0: "H"})
    state = state.apply("play KH").apply("play 2H").apply("play 7D")
    assert {"play 2D", "play 4D", "play 2S", "play JC"} <= set(moves(state))   # discard or undertrump


def test_interpretation_beat_within_rules_following_suit_comes_first():
    # Seat 3 holds only hearts lower than the opponent's A♥, and trumps: it must follow with a heart.
    state = deal({1: "2H", 2: "AH", 3: "3H 4H 7D", 0: "7H"}, turned="5D").apply("play 2H").apply("play AH")
    assert all(m.endswith("H") for m in moves(state))
    refused(state, "play 7D", "play.follow-suit")


def test_no_duty_to_beat_a_partner_who_is_winning():
    state = deal({1: "AH", 2: "2H", 3: "3H 4H 7H"}, turned="5D").apply("play AH").apply("play 2H")
    assert {"play 3H", "play 7H"} <= set(moves(state))
    state = deal({1: "AH", 2: "2H", 3: "2D 3S"}, turned="5D", void={3: "H"}).apply("play AH").apply("play 2H")
    assert {"play 2D", "play 3S"} <= set(moves(state))       # may trump its partner, or not


def test_cards_not_in_the_spanish_pack_and_bad_text():
    state = MALILLA.new(seed=1)
    with pytest.raises(NotationError, match=r"^bad move 'play 9H' in Malilla: there is no 9♥ in its pack \(40 cards"):
        state.explain("play 9H")   # refused before any rule is asked, as in every game
    with pytest.raises(NotationError):
        state.apply("play")
    with pytest.raises(NotationError):
        state.apply(["play", "AH"])


# ---- scoring ---------------------------------------------------------------------------------

def test_card_values_and_the_interpretation_of_trick_points():
    assert CARD_VALUES == {"7": 5, "A": 4, "K": 3, "Q": 2, "J": 1}
    assert card_points(make_deck("40-spanish"), CARD_VALUES) == 60
    assert collected(make_deck("40-spanish"), 10) == 70          # the capote's 70
    assert collected(parse_cards("7H 2H 3H 4H"), 1) == 6


@pytest.mark.parametrize("points, result", [
    ((36, 34), (1, 0)), ((34, 36), (0, 1)), ((35, 35), (0, 0)), ((70, 0), (35, 0)), ((0, 70), (0, 35)),
    ((53, 17), (18, 0)),
])
def test_hand_result_points_less_35_tie_and_capote(points, result):
    assert hand_result(points) == result


@pytest.mark.parametrize("seed", range(5))
def test_every_hand_holds_70_points_and_the_sheet_adds_up(seed):
    final = play_out(MALILLA.new(seed=seed), [RandomBot(seed * 4 + i) for i in range(4)])
    assert final.is_over
    for number, points, lines in final.hand_results:
        counted = [int(line.split(": ")[1].split()[0]) for line in lines[:2]]
        assert sum(counted) == 70
    assert tuple(map(sum, zip(*(cells for _, cells in final.sheet_rows)))) == final.game_scores


def test_dealer_bonus_scored_at_once():
    state = MALILLA.new(seed=31)                 # seat 0 turns the 7♦
    assert turned_bonus(state.turned) == 5 and state.game_scores == (5, 0)
    assert state.sheet_rows == (("Hand 1: the turned 7♦", (5, 0)),)
    assert turned_bonus(parse_card("6D")) == 0 and not bonus_now(0, 0)


def test_dealer_bonus_waits_when_it_would_win_and_comes_after_the_result():
    assert bonus_now(29, 5) and not bonus_now(30, 5)
    assert settle((30, 20), (0, 5), dealer_side=0, held=5) == ((5, 5), 0)
    assert settle((30, 20), (4, 0), dealer_side=0, held=5) == ((9, 0), 0)   # 34 after the result, then 39
    assert settle((30, 20), (6, 0), dealer_side=0, held=5) == ((6, 0), 0)   # its own result won: not needed
    final = play_out(MALILLA.new(seed=123), [HeuristicBot(123 + i) for i in range(4)])
    assert final.sheet_rows[-2:] == (("Hand 2", (0, 1)), ("Hand 2: the turned A♥, held back", (0, 4)))
    assert final.game_scores == (1, 37) and final.winners == (1, 3)


def test_interpretation_first_to_35_the_result_comes_before_a_held_bonus():
    assert settle((20, 34), (21, 0), dealer_side=1, held=3) == ((21, 0), 0)
    final = play_out(MALILLA.new(seed=103), [HeuristicBot(103 + i) for i in range(4)])
    assert final.dealer % 2 == 1 and final.winner == 0
    assert final.game_scores == (54, 34)          # the 3 held back for side 1 was never added
    assert final.bonus_state == "lapsed"


# ---- the whole game ---------------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(8))
def test_the_game_ends_when_a_side_reaches_35_and_both_partners_win(seed):
    final = play_out(MALILLA.new(seed=seed), [RandomBot(seed + i) for i in range(4)])
    side = final.winner
    assert final.game_scores[side] >= 35 and final.game_scores[1 - side] < 35
    assert final.winners == (side, side + 2)
    # Before the last hand's result, neither side had 35.
    last = f"Hand {final.hand_number}"
    before = [cells for label, cells in final.sheet_rows[: [l for l, _ in final.sheet_rows].index(last)]]
    assert all(total < 35 for total in map(sum, zip((0, 0), *before)))
    assert final.is_over and final.to_act is None and final.legal_moves() == []


def test_the_heuristic_side_beats_random_players():
    wins = 0
    for seed in range(30):
        bots = [HeuristicBot(seed * 4 + i) if i % 2 == 0 else RandomBot(seed * 4 + i) for i in range(4)]
        wins += 0 in play_out(MALILLA.new(seed=seed), bots).winners
    assert wins >= 20


def test_a_default_game_ends_as_its_text_says():
    final = played_to_end("malilla")
    # A side with 35 or more after a hand wins; the other is short of it.
    scores = final.game_scores
    winner = 0 if scores[0] >= 35 else 1
    assert scores[winner] >= 35 > scores[1 - winner] and final.winners == sides(winner)


def test_a_game_not_over_after_its_last_hand_ends_there():
    """interpretation.last-hand: the higher score wins, level scores draw."""
    final = last_hand_played(MALILLA.new(seed=5), (10, 12))
    assert final.is_over and final.hand_number == LAST_HAND and max(final.game_scores) < 35
    high = 0 if final.game_scores[0] > final.game_scores[1] else 1
    assert final.winners == sides(high) and final.table(0)["result"].endswith(f"after {LAST_HAND} hands.")
    change = [b - a for a, b in zip((10, 12), final.game_scores)]
    level = last_hand_played(MALILLA.new(seed=5), (20 - change[0], 20 - change[1]))
    assert level.game_scores == (20, 20) and level.winner == DRAW and level.winners == ()
    assert level.table(0)["result"] == f"After {LAST_HAND} hands the scores are level, 20 each: a draw."
    assert MALILLA.new(seed=5).move_bound() == LAST_HAND * 40


def test_each_hands_end_shows_what_was_collected_and_the_turned_cards_bonus_item_by_item():
    # hand_ends_explained checks that the items add up to the hand's row of the sheet, the turned
    # card's bonus included (the first deal's in the first hand, a later deal's in the hand before).
    items = [item for shown in hand_ends_explained("malilla") for side in shown for item in side["items"]]
    bonuses = [item for item in items if item["rule"] == "scoring.dealer-bonus"]
    assert bonuses and all(item["points"] == turned_bonus(parse_card(item["cards"][0])) for item in bonuses)
    assert any(item["rule"] == "scoring.hand" and item["points"] > 0 for item in items)
