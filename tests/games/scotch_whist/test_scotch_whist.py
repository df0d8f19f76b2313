"""Scotch Whist's own rules: the pack per number of players, trumps from the
dealer's last card, the jack on top, the order of scoring, the race to 41
and the rotation of the deal."""

import pytest

import rules_engine
from rules_engine import IllegalMoveError
from rules_engine.bots import HeuristicBot, play_out
from rules_engine.cards import make_deck, parse_cards
from rules_engine.games.scotch_whist import first_to_reach, scoring_steps
from rules_engine.game import ALL
from ends import hand_ends_explained, played_to_end

WHIST = rules_engine.load_game("scotch-whist")


@pytest.mark.parametrize("seats, pack, each", [(2, 36, 18), (3, 36, 12), (4, 36, 9), (5, 35, 7), (6, 36, 6), (7, 35, 5)])
def test_the_whole_pack_is_dealt_and_the_dealers_last_card_is_trumps(seats, pack, each):
    state = WHIST.new(seed=11, seats=seats)
    hands = state.play.hands
    assert [len(h) for h in hands] == [each] * seats
    assert sum(len(h) for h in hands) == pack == len(make_deck(state.spec.deck_for(seats)))
    assert (parse_cards("6C")[0] in state._cards_in_play()) == (pack == 36)
    assert state.turned in hands[state.dealer] and state.play.trump == state.turned.suit
    # The turned card is shown to every seat; the rest of the dealer's hand is not.
    for seat in range(seats):
        assert state.view(seat)["table"]["turned"] == state.turned.symbol
        assert state.turned not in state.hidden_from(seat)


def test_the_jack_of_trumps_beats_the_ace_and_a_trump_beats_the_suit_led():
    # Seat 0 deals one card at a time from its left, so card i goes to seat (i + 1) % 4 and the
    # dealer's last card, the 6♠, makes spades trumps.
    hands = {1: "AS 6H 7H 8H 9H TH 6D 7D 8D", 2: "JS 6C 7C 8C 9C TC 9D TD JD",
             3: "KS QS JH QH KH AH JC QC KC", 0: "AC QD KD AD 7S 8S 9S TS 6S"}
    deal = [hands[(i + 1) % 4].split()[i // 4] for i in range(36)]
    state = WHIST.new(decks={"hand-1": " ".join(deal)}, seats=4)
    assert state.play.trump == "S" and state.turned.text == "6S"
    for move in ("play AS", "play JS", "play KS", "play 6S"):
        state = state.apply(move)
    assert state.play.tricks[-1][0] == 2  # the jack beats the ace
    state = state.apply("play 6C")  # seat 2 leads a club
    state = state.apply("play JC")
    assert state.explain("play 7S").rule == "play.follow-suit"
    before = state.view(ALL)
    with pytest.raises(IllegalMoveError, match="follow suit"):
        state.apply("play 7S")
    assert state.view(ALL) == before
    state = state.apply("play AC").apply("play 6H")  # seat 1 has no club... it discards
    assert state.play.tricks[-1][0] == 0


def test_the_texts_figure_five_tricks_of_four_score_eleven():
    twenty = parse_cards("AH KH QH JH TS 9S 8S 7S 6S AC KC QC JC TC 9C 8C 7C 6C AD KD")
    steps = scoring_steps([twenty, [], [], []], 9, "D", dealer=0)
    assert ("trick score" in [what for _, what, _ in steps])
    assert [points for _, what, points in steps if what == "trick score"] == [11]
    assert [what for _, what, _ in steps] == ["trick score", "ace of trumps", "king of trumps"]


def test_the_order_of_scoring_decides_who_reaches_41_first():
    steps = scoring_steps([parse_cards("TH 6H"), parse_cards("JH AH KH QH 7C 8C 9C TC JC QC"), [], []], 3, "H",
                          dealer=1)
    # The 10 of trumps comes first, even to a player with fewer cards than were dealt.
    assert steps[0] == (0, "10 of trumps", 10)
    assert first_to_reach([31, 40], steps) == 0
    assert first_to_reach([30, 40], steps) == 1
    # Within the trick score, players count in turn from the dealer's left.
    even = scoring_steps([parse_cards("6S 7S 8S 9S"), parse_cards("6D 7D 8D 9D"), [], []], 2, "H", dealer=0)
    assert [seat for seat, _, _ in even] == [1, 0]
    assert first_to_reach([39, 39], even) == 1


def test_whole_games_rotate_the_deal_and_end_at_41():
    for seats in range(2, 8):
        state = WHIST.new(seed=f"whole-{seats}", seats=seats)
        dealers = [state.dealer]
        while not state.is_over:
            number = state.hand_number
            state = state.apply(HeuristicBot(state.to_act).choose(state.view(state.to_act)))
            if not state.is_over and state.hand_number != number:
                dealers.append(state.dealer)
        assert dealers == [n % seats for n in range(len(dealers))]
        assert max(state.scores.game) >= 41
        assert len(state.winners) == 1 and state.scores.game[state.winners[0]] >= 41
        before = [sum(points) for points in zip(*[h[1] for h in state.hand_results])]
        assert list(state.scores.game) == before
        assert state.table(0)["result"].endswith(f"wins the game with {state.scores.game[state.winners[0]]}.")


def test_the_heuristic_bot_beats_random_players():
    wins = 0
    for i in range(40):
        state = WHIST.new(seed=f"bot-{i}", seats=4)
        bots = [HeuristicBot(i)] + [rules_engine.bots.RandomBot(i * 4 + s) for s in range(1, 4)]
        wins += 0 in play_out(state, bots).winners
    assert wins >= 14  # a random player's share is 10 of 40


def test_a_default_game_ends_as_its_text_says():
    final = played_to_end("scotch-whist")
    # The first to 41, counting in the order of scoring.
    totals = final.game_scores
    assert max(totals) >= 41 and len(final.winners) == 1 and totals[final.winners[0]] >= 41
    before = [total - points for total, points in zip(totals, final.hand_results[-1][1])]
    assert max(before) < 41


def test_each_hands_end_shows_the_honours_with_their_cards_and_the_trick_score():
    # hand_ends_explained checks that the items add up to the hand's row of the sheet.
    items = [item for shown in hand_ends_explained("scotch-whist") for seat in shown for item in seat["items"]]
    honours = {"10 of trumps": ("T", 10), "Ace of trumps": ("A", 4), "King of trumps": ("K", 3),
               "Queen of trumps": ("Q", 2), "Jack of trumps": ("J", 11)}
    for item in items:
        if item["rule"] == "scoring.order":
            rank, points = honours[item["label"]]
            assert [card[0] for card in item["cards"]] == [rank] and item["points"] == points
        else:
            assert item["rule"] == "scoring.trick-score" and item["cards"] == [] and item["points"] > 0
    assert {item["rule"] for item in items} == {"scoring.order", "scoring.trick-score"}
