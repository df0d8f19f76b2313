"""King's own rules: the first dealer, the six negative scorings, the
positive hands' choices and auction, and the totals that always balance."""

import random

import pytest

import rules_engine
from rules_engine.bots import HeuristicBot, RandomBot, play_out
from rules_engine.cards import format_cards, make_deck, parse_card, parse_cards
from rules_engine.games.king import NEGATIVE_HANDS
from ends import first_hand_end, hand_ends_explained, most, played_to_end

KING = rules_engine.load_game("king")


def deck_with_king_of_hearts_at(index):
    deck = [c for c in make_deck("52") if c.text != "KH"]
    deck.insert(index, parse_card("KH"))
    return format_cards(deck)


def advance(state, until, seed=0):
    """Random legal moves until ``until(state)`` holds."""
    rng = random.Random(seed)
    while not until(state):
        state = state.apply(rng.choice(state.legal_moves()))
    return state


def hand_ended(state):
    """The hand that ``state``'s last move ended: its name, its points and each seat's tricks."""
    _, name, points, _ = state.hand_results[-1]
    return name, points, state.hand_end[2].trick_counts()


@pytest.mark.parametrize("index, dealer", [(0, 0), (1, 1), (6, 2), (51, 3)])
def test_first_dealer_is_dealt_the_king_of_hearts(index, dealer):
    state = KING.new(seed=1, decks={"first-dealer": deck_with_king_of_hearts_at(index)})
    assert state.first_dealer == state.dealer == dealer
    assert state.view(None)["table"]["first_dealer_turned"] == index + 1
    assert state.to_act == (dealer + 1) % 4  # the player to the dealer's left leads


def test_deal_gives_thirteen_each_starting_left_of_the_dealer():
    order = make_deck("52")
    state = KING.new(decks={"first-dealer": deck_with_king_of_hearts_at(2), "hand-1": format_cards(order)})
    hands = state.play.hands
    assert [len(h) for h in hands] == [13] * 4
    assert order[0] in hands[3] and order[1] in hands[0] and order[2] in hands[1] and order[3] in hands[2]


@pytest.mark.parametrize("hand_index, trick_text, trick_index, points", [
    (0, "2C 3C 4C 5C", 0, -20),
    (1, "2H 3H 4C 5H", 0, -60),
    (2, "QH QS 4C 5H", 3, -100),
    (3, "KH JS QC JH", 3, -90),
    (4, "KH JS QC JH", 0, -160),
    (4, "AH JS QC JH", 0, 0),
    (5, "2C 3C 4C 5C", 10, 0),
    (5, "2C 3C 4C 5C", 11, -90),
    (5, "2C 3C 4C 5C", 12, -90),
])
def test_each_negative_hands_penalty(hand_index, trick_text, trick_index, points):
    trick = tuple(enumerate(parse_cards(trick_text)))
    assert NEGATIVE_HANDS[hand_index].points(trick_index, trick) == points


@pytest.mark.parametrize("seed", range(6))
def test_negative_hands_total_minus_1300_and_the_game_zero(seed):
    final = play_out(KING.new(seed=seed), [RandomBot(seed * 4 + i) for i in range(4)])
    totals = [sum(points) for _, _, points, _ in final.hand_results]
    assert [name for _, name, _, _ in final.hand_results[:6]] == [h.name for h in NEGATIVE_HANDS]
    assert totals[:6] == [-260, -260, -200, -240, -160, -180]
    assert sum(totals[:6]) == -1300
    assert totals[6:] == [325] * 4
    assert sum(final.scores.game) == 0 and final.is_over and len(final.hand_results) == 10


def test_dealer_passes_left_so_each_player_deals_one_positive_hand():
    state = KING.new(seed=3)
    dealers = []
    while not state.is_over:
        if not dealers or dealers[-1][0] != state.hand_number:
            dealers.append((state.hand_number, state.dealer))
        state = state.apply(HeuristicBot(state.hand_number).choose(state.view(state.to_act)))
    assert [d for _, d in dealers] == [(dealers[0][1] + n) % 4 for n in range(10)]
    assert sorted(d for n, d in dealers if n > 6) == [0, 1, 2, 3]


@pytest.fixture(scope="module")
def hand_seven():
    state = advance(KING.new(seed=12), lambda s: s.hand_number == 7)
    assert state.phase == "choose" and state.to_act == state.dealer
    return state


def test_dealer_chooses_trumps_no_trumps_or_an_auction(hand_seven):
    assert [m.text for m in hand_seven.legal_moves()] == [
        "trumps spades", "trumps hearts", "trumps diamonds", "trumps clubs", "no trumps", "auction"]
    after = hand_seven.apply("no trumps")
    assert after.to_act == hand_seven.dealer and [m.text for m in after.legal_moves()] == ["play up", "play down"]
    reason, rule = after.explain("bid 3")
    assert rule == "positive.up-down" and "play up or down" in reason


def test_auction_skips_the_dealer_and_adjusts_trick_counts(hand_seven):
    dealer = hand_seven.dealer
    left, across, right = [(dealer + i) % 4 for i in (1, 2, 3)]
    state = hand_seven.apply("auction")
    assert state.to_act == left
    assert state.explain("pass") == ("the player left of the dealer must open the auction with a bid",
                                     "positive.auction")
    state = state.apply("bid 2", seat=left).apply("pass", seat=across).apply("bid 4", seat=right)
    assert state.explain("bid 4").reason == "a bid must be higher than 4"
    state = state.apply("pass", seat=left)
    assert state.to_act == across  # the dealer is skipped
    state = state.apply("pass", seat=across)  # two passes in a row end it
    assert state.phase == "name" and state.to_act == right
    assert "auction" not in [m.text for m in state.legal_moves()]
    state = state.apply("trumps hearts", seat=right)
    assert state.to_act == dealer  # the dealer, not the bidder, picks up or down
    state = state.apply("play up", seat=dealer)
    assert state.play.trump == "H" and state.to_act == left
    name, points, tricks = hand_ended(advance(state, lambda s: s.hand_number == 8, seed=5))
    adjusted = list(tricks)
    adjusted[right] -= 4
    adjusted[dealer] += 4
    assert name == "Positive hand 1" and sum(tricks) == 13
    assert list(points) == [25 * n for n in adjusted] and sum(points) == 325


@pytest.mark.parametrize("direction, score", [("play up", lambda n: 25 * n), ("play down", lambda n: 325 - 75 * n)])
def test_playing_up_and_down_score_as_written(hand_seven, direction, score):
    state = hand_seven.apply("trumps spades").apply(direction)
    name, points, tricks = hand_ended(advance(state, lambda s: s.hand_number == 8, seed=2))
    assert list(points) == [score(n) for n in tricks]
    assert sum(points) == 325


def test_trumps_win_in_a_positive_hand(hand_seven):
    state = advance(hand_seven.apply("trumps clubs").apply("play up"), lambda s: len(s.play.tricks) == 12, seed=3)
    order = "23456789TJQKA"
    trumped = 0
    for winner, trick in state.play.tricks:
        clubs = [(order.index(card.rank), seat) for seat, card in trick if card.suit == "C"]
        led = trick[0][1].suit
        if clubs:
            assert winner == max(clubs)[1]
            trumped += led != "C"
        else:
            assert winner == max((order.index(c.rank), seat) for seat, c in trick if c.suit == led)[1]
    assert trumped, "this deal should include a trick won by a trump on another suit"


def test_each_seat_sees_only_its_own_hand():
    state = KING.new(seed=4)
    for seat in range(4):
        hands = state.view(seat)["table"]["play"]["hands"]
        assert hands[seat] == [c.text for c in state.play.hands[seat]]
        assert all(hands[other] == ["??"] * 13 for other in range(4) if other != seat)
    assert all(h == ["??"] * 13 for h in state.view(None)["table"]["play"]["hands"])
    assert state.view("all")["table"]["play"]["hands"] == [[c.text for c in h] for h in state.play.hands]


def test_following_suit_is_enforced_with_its_rule():
    state = KING.new(seed=6)
    led = state.apply(state.legal_moves()[0])
    hand = led.play.hands[led.to_act]
    suit = led.play.trick[0][1].suit
    off = [c for c in hand if c.suit != suit]
    if any(c.suit == suit for c in hand) and off:
        explanation = led.explain(f"play {off[0].text}")
        assert explanation.rule == "play.follow-suit" and "follow suit" in explanation.reason


def test_a_game_can_start_at_a_later_hand():
    state = rules_engine.load_game("king", first_hand=7).new(seed=5)
    assert state.hand_number == 7 and state.phase == "choose" and state.to_act == state.first_dealer
    final = play_out(state, [RandomBot(i) for i in range(4)])
    assert [name for _, name, _, _ in final.hand_results] == [f"Positive hand {n}" for n in range(1, 5)]
    assert sum(final.scores.game) == 4 * 325
    with pytest.raises(rules_engine.OptionError, match="bad value 11 for option 'first_hand'"):
        rules_engine.load_game("king", first_hand=11)


def test_a_default_game_ends_as_its_text_says():
    final = played_to_end("king")
    # Ten hands, each dealt once; the highest total wins.
    assert final.hand_number == final.hands_in_game == 10 == len(final.hand_results)
    assert final.winners == most(final.points)


def test_each_hands_end_shows_each_players_penalty_or_tricks_with_the_cards_behind_it():
    # hand_ends_explained checks that the items add up to the hand's row of the sheet.
    shown = hand_ends_explained("king")
    assert len(shown) == 10
    for hand, penalty in zip(shown, NEGATIVE_HANDS):
        items = [item for seat in hand for item in seat["items"]]
        assert {item["rule"] for item in items} == {penalty.rule}
        for item in items:
            count = int(item["note"].split(" × ")[0])
            assert item["points"] == count * penalty.unit
            # A hand that penalises cards shows them; one that counts tricks shows none.
            assert len(item["cards"]) == (count if penalty.takes.weights else 0)
    positive = [item for hand in shown[len(NEGATIVE_HANDS):] for seat in hand for item in seat["items"]]
    assert {item["rule"] for item in positive} <= {"scoring.positive", "scoring.auction-transfer"}


def test_a_hands_end_says_what_ended_it():
    assert first_hand_end(KING.new(seed=1))["ended"] == "All 13 tricks are played."
