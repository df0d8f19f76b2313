import pytest

from rules_engine.cards import (
    ACES_HIGH, ACES_LOW, DECKS, Card, format_cards, make_deck, parse_card, parse_cards, parse_suit, same_cards,
)
from rules_engine.errors import NotationError, RulesError


def test_notation_round_trips_for_every_card_of_every_deck():
    for name in DECKS:
        deck = make_deck(name)
        assert parse_cards(format_cards(deck)) == deck
        assert parse_cards(format_cards(deck, symbols=True)) == deck


@pytest.mark.parametrize("text, expected", [
    ("AS", "AS"), ("10d", "TD"), ("td", "TD"), ("9C", "9C"), ("Q♠", "QS"), ("10♥", "TH"), ("jk", "JK"), ("1H", "AH"),
])
def test_card_input_forms(text, expected):
    assert parse_card(text).text == expected


@pytest.mark.parametrize("text", ["", "X", "1", "11H", "ZS", "AX", "A", "QQ", "10", "♠"])
def test_malformed_cards_are_refused_with_the_text_quoted(text):
    with pytest.raises(NotationError) as info:
        parse_card(text)
    assert repr(text.strip()) in str(info.value)
    assert isinstance(info.value, RulesError) and isinstance(info.value, ValueError)


def test_hidden_card_cannot_be_read_as_a_card():
    with pytest.raises(NotationError, match="hidden"):
        parse_card("??")


def test_cards_are_interned_immutable_and_hashable():
    assert parse_card("AS") is Card("A", "S")
    with pytest.raises(AttributeError):
        parse_card("AS").rank = "K"
    assert len({parse_card("AS"), parse_card("as"), parse_card("A♠")}) == 1


def test_display_and_spoken_forms():
    card = parse_card("TH")
    assert card.symbol == "10♥" and card.name == "10 of hearts" and card.is_red
    assert parse_card("QS").name == "queen of spades" and not parse_card("QS").is_red
    assert parse_card("JK").is_joker and parse_card("JK").symbol == "★"


@pytest.mark.parametrize("name, size", [
    ("52", 52), ("54", 54), ("32", 32), ("36", 36), ("35", 35), ("40-italian", 40), ("40-spanish", 40),
    ("47", 47), ("51", 51), ("kaiser-32", 32), ("65", 65), ("108", 108), ("324", 324),
])
def test_every_deck_the_games_need(name, size):
    assert len(make_deck(name)) == size


def test_deck_contents():
    assert parse_card("6C") not in make_deck("35") and parse_card("6S") in make_deck("35")
    assert parse_card("8D") not in make_deck("51") and parse_card("8D") not in make_deck("47")
    assert not any(c.rank == "2" for c in make_deck("47"))
    kaiser = make_deck("kaiser-32")
    assert parse_card("5H") in kaiser and parse_card("3S") in kaiser
    assert parse_card("7H") not in kaiser and parse_card("7S") not in kaiser and parse_card("7C") in kaiser
    assert sum(c.is_joker for c in make_deck("324")) == 12
    assert make_deck("324").count(parse_card("AS")) == 6
    assert same_cards(make_deck("52"), reversed(make_deck("52")))
    assert not any(c.rank in "89T" for c in make_deck("40-italian"))


def test_rank_orders_are_game_data():
    ace, king = parse_card("AS"), parse_card("KS")
    assert ACES_HIGH.beats(ace, king) and ACES_LOW.beats(king, ace)
    assert ACES_LOW.next_above(king) is None


def test_suits_read_in_every_form():
    assert {parse_suit(t) for t in ("H", "h", "♥", "hearts", "Heart")} == {"H"}
    with pytest.raises(NotationError, match="'stars'"):
        parse_suit("stars")
