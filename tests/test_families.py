"""The family machinery on its own: trick play, auctions, solitaire piles."""

import pytest

from rules_engine.cards import ACES_HIGH, ACES_LOW, RankOrder, parse_card, parse_cards
from rules_engine.families.solitaire import BuildRule, Column, FoundationRule
from rules_engine.families.tricks import (
    Auction, TrickPlay, follow_suit_plays, left_of, partner_of, team_of, trick_winner, why_not_follow,
)


def cards(text):
    return tuple(parse_cards(text))


def trick(text, first_seat=0, seats=4):
    return tuple((left_of(first_seat, seats, i), card) for i, card in enumerate(parse_cards(text)))


@pytest.mark.parametrize("cards, first, seats, trump, winner", [
    ("TH KH 2S AD", 0, 4, None, 1),
    ("TH KH 2S AD", 0, 4, "S", 2),
    ("TH KH 2S AS", 0, 4, "S", 3),
    ("2C 3C", 1, 2, None, 0),                # two seats: seat 0 plays second and wins
    ("9D 8D 7D", 2, 3, None, 2),             # three seats
    ("9D 8D 7D 6D 5D AC", 3, 6, None, 3),    # six seats: the leader holds on
    ("9D 8D 7D 6D 5D AC", 3, 6, "C", 2),     # ... unless someone trumps
    ("5H", 2, 4, "S", 2),                    # a lone card
])
def test_trick_winner_for_any_number_of_seats(cards, first, seats, trump, winner):
    assert trick_winner(trick(cards, first, seats), ACES_HIGH, trump) == winner


def test_trick_winner_with_a_games_own_rank_order():
    tens_high = RankOrder("23456789JQKAT")
    assert trick_winner(trick("AS TS"), tens_high) == 1
    assert trick_winner(trick("AS TS"), ACES_HIGH) == 0


def test_follow_suit():
    hand = parse_cards("AS 3S KH 2C")
    assert follow_suit_plays(hand, trick("5S")) == parse_cards("AS 3S")
    assert follow_suit_plays(hand, trick("5D")) == hand
    assert follow_suit_plays(hand, ()) == hand
    assert why_not_follow(parse_card("KH"), hand, trick("5S")) == ("you must follow suit ♠ when you can",
                                                                     "play.follow-suit")
    assert why_not_follow(parse_card("KH"), hand, trick("5D")) is None
    assert "not in your hand" in why_not_follow(parse_card("QD"), hand, ())[0]


def test_partnerships():
    assert [partner_of(s, 4) for s in range(4)] == [2, 3, 0, 1]
    assert [team_of(s, 4) for s in range(4)] == [0, 1, 0, 1]
    assert partner_of(1, 6) == 4


def test_trick_play_gathers_tricks_and_passes_the_lead():
    hands = [parse_cards("AS 2H"), parse_cards("KS 3H"), parse_cards("2S AH"), parse_cards("3S 4H")]
    play = TrickPlay.deal(hands, leader=1, ranks=ACES_HIGH, trump="H")
    assert play.to_act == 1
    for card in ("KS", "2S", "3S"):
        play = play.play(parse_card(card))
    assert play.legal_cards() == [parse_card("AS")]
    play = play.play(parse_card("AS"))
    assert play.leader == 0 and play.trick_counts() == (1, 0, 0, 0) and play.to_act == 0
    for card in ("2H", "3H", "AH", "4H"):
        play = play.play(parse_card(card))
    assert play.is_over and play.trick_counts() == (1, 0, 1, 0)
    assert sorted(c.text for c in play.cards()) == sorted(c.text for h in hands for c in h)
    seen = play.to_json(0)
    assert seen["hands"][1] == [] and seen["tricks_won"] == [1, 0, 1, 0]


def test_auction_with_the_dealer_skipped_and_two_passes_ending_it():
    auction = Auction(order=(1, 2, 3), low=1, high=13, opening_required=True)
    assert auction.to_act == 1 and not auction.may_pass() and auction.legal_bids()[0] == 1
    auction = auction.with_bid(3)
    assert auction.to_act == 2 and auction.may_pass()
    assert auction.why_not_bid(3) == "a bid must be higher than 3"
    auction = auction.with_pass().with_bid(5)
    assert auction.to_act == 1 and not auction.is_over
    auction = auction.with_pass()
    assert not auction.is_over and auction.to_act == 2
    auction = auction.with_pass()
    assert auction.is_over and (auction.bid, auction.bidder) == (5, 3) and auction.to_act is None
    assert auction.to_json()["calls"][-1] == {"seat": 2, "call": "pass"}


def test_auction_ends_at_the_top_bid_or_when_nobody_bids():
    assert Auction(order=(0, 1), low=1, high=13).with_bid(13).is_over
    nobody = Auction(order=(0, 1, 2), low=1, high=7)
    assert nobody.may_pass()
    assert nobody.with_pass().with_pass().with_pass().is_over


def test_yukon_build_rule():
    rule = BuildRule(direction=-1, suits="alternate", empty="K", carry="any")
    seven_hearts = parse_card("7H")
    assert rule.fits(seven_hearts, parse_card("8C")) and rule.fits(seven_hearts, parse_card("8S"))
    assert not rule.fits(seven_hearts, parse_card("8D")) and not rule.fits(seven_hearts, parse_card("9C"))
    assert rule.fits(parse_card("KD"), None) and not rule.fits(parse_card("QD"), None)
    assert rule.why_not(parse_card("QD"), None) == "only a K may fill an empty column"
    assert "other colour" in rule.why_not(seven_hearts, parse_card("8D"))


def test_carry_rules():
    column = Column(down=cards("2C"), up=cards("9S 8H 3C 2D"))
    assert BuildRule(carry="any").movable_from(column) == [0, 1, 2, 3]
    assert BuildRule(carry="top").movable_from(column) == [3]
    assert BuildRule(carry="sequence").movable_from(column) == [2, 3]
    assert BuildRule(suits="suit", carry="sequence").movable_from(Column(up=cards("9S 8S 7H"))) == [2]


@pytest.mark.parametrize("rule", [
    BuildRule(direction=direction, suits=suits, empty=empty, carry=carry)
    for direction in (-1, 1) for suits in ("alternate", "suit", "any") for empty in ("K", "any", "none")
    for carry in ("any", "top", "sequence")
], ids=lambda rule: f"{rule.direction}-{rule.suits}-{rule.empty}-{rule.carry}")
def test_placements_are_every_movable_card_onto_every_top_it_fits(rule):
    layouts = [
        (Column(cards("2C"), cards("9S 8H 7C")), Column((), cards("8D")), Column(), Column(cards("AS"), cards("KH QS")),
         Column((), cards("9H 8S 7D")), Column((), cards("TS"))),
        (Column((), cards("KS QH")), Column((), cards("KD")), Column(cards("3C"), cards("5H 4S 3H")), Column(),
         Column((), cards("6C"))),
        (Column((), cards("7H 7H")), Column((), cards("8S")), Column((), cards("6S"))),  # a card twice: two packs
    ]
    for columns in layouts:
        expected = [(c, i, t) for c, column in enumerate(columns) for i in rule.movable_from(column)
                    for t, target in enumerate(columns) if t != c and rule.fits(column.up[i], target.top)]
        assert rule.placements(columns) == expected


def test_column_turns_up_the_card_it_uncovers():
    column = Column(down=cards("2C 5D"), up=cards("9S 8H"))
    assert column.cut(1) == Column(cards("2C 5D"), cards("9S"))
    assert column.cut(0) == Column(cards("2C"), cards("5D"))
    assert Column(up=cards("KS")).cut(0).is_empty


def test_foundations():
    rule = FoundationRule(ACES_LOW)
    assert rule.fits(parse_card("AH"), ()) and not rule.fits(parse_card("2H"), ())
    assert rule.fits(parse_card("2H"), cards("AH")) and not rule.fits(parse_card("2S"), cards("AH"))
    assert rule.why_not(parse_card("3H"), cards("AH")) == "the ♥ foundation needs the 2 next"
