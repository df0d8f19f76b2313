"""Mate's own rules: the deal in batches of five, the replay with the hands exchanged and the
dealers of the four hands, suit else rank to follow, who wins a move, the mate and its score,
ten moves without a mate, the game's end (a draw when level) and the open hands."""

import pytest

import rules_engine
from rules_engine import IllegalMoveError
from rules_engine.bots import HeuristicBot, RandomBot, play_out
from rules_engine.cards import make_deck, parse_cards
from rules_engine.game import ALL
from ends import hand_ends_explained, most, played_to_end

MATE = rules_engine.load_game("mate")


def dealt(seat1_first, seat0_first, seat1_second, seat0_second):
    """A hand-1 deck giving seat 1 (the dealer's opponent) the first and third batches."""
    return " ".join((seat1_first, seat0_first, seat1_second, seat0_second))


# Seat 0 holds spades and hearts, seat 1 clubs and diamonds: every rank stays in both hands.
NO_MATE = dealt("AC TC KC QC 7C", "AS TS KS QS 7S", "AD TD KD QD 7D", "AH TH KH QH 7H")


def cards(text):
    return tuple(sorted(parse_cards(text), key=lambda c: c.text))


def holding(state, seat):
    return tuple(sorted(state.play.hands[seat], key=lambda c: c.text))


def test_the_pack_is_dealt_in_batches_of_five_the_dealers_opponent_first():
    assert len(make_deck("20")) == 20
    state = MATE.new(decks={"hand-1": NO_MATE})
    assert state.dealer == 0 and state.to_act == 0
    assert holding(state, 0) == cards("AS TS KS QS 7S AH TH KH QH 7H")
    assert holding(state, 1) == cards("AC TC KC QC 7C AD TD KD QD 7D")


def test_suit_must_be_followed_else_rank_and_a_refusal_changes_nothing():
    state = MATE.new(decks={"hand-1": dealt("AC TC KC QC 7C", "AS TS KS QS 7D", "AD TD KD QD 7S",
                                           "AH TH KH QH 7H")})
    state = state.apply("play KS")  # seat 1 holds the 7♠
    before = state.view(ALL)
    assert state.explain("play KC").rule == "play.follow-suit"
    with pytest.raises(IllegalMoveError, match="follow suit"):
        state.apply("play KC")
    assert state.view(ALL) == before
    assert [m.text for m in state.legal_moves()] == ["play 7S"]
    state = state.apply("play 7S").apply("play TH")  # seat 0 won the move and leads; no heart opposite
    assert state.explain("play AD") == ("with no heart, you must play a card of the led card's rank (10♥)",
                                       "play.follow-rank")
    assert sorted(m.text for m in state.legal_moves()) == ["play TC", "play TD"]
    assert state.explain("play AS").rule == "play.turn"  # not in the hand


def test_the_higher_card_of_the_suit_or_the_higher_suit_of_the_rank_wins_and_leads():
    state = MATE.new(decks={"hand-1": NO_MATE})
    state = state.apply("play AS").apply("play AC")   # clubs outrank spades
    assert state.play.tricks[-1][0] == 1 and state.to_act == 1
    state = state.apply("play 7D").apply("play 7H")   # hearts outrank diamonds
    assert state.play.tricks[-1][0] == 0 and state.to_act == 0


def test_ten_moves_that_never_mate_score_nothing_and_the_replay_swaps_the_hands():
    state = MATE.new(decks={"hand-1": NO_MATE})
    first = [holding(state, 0), holding(state, 1)]
    for _ in range(20):
        assert state.hand_number == 1
        state = state.apply(state.legal_moves()[0])
    assert state.hand_results[0][1:] == ((0, 0), ("Ten moves without a mate: no score",))
    # The second hand: no shuffle, each takes the hand the other was dealt, and seat 1 deals and leads.
    assert state.hand_number == 2 and state.dealer == 1 and state.to_act == 1
    assert [holding(state, 0), holding(state, 1)] == [first[1], first[0]]


def test_a_mate_in_the_first_move_scores_the_cards_value_once():
    # Seat 0 holds every ace; seat 1 holds no heart.
    deck = dealt("TC KC QC 7C TS", "AC AS AH AD TH", "KS QS 7S QD 7D", "KH QH 7H TD KD")
    state = MATE.new(decks={"hand-1": deck})
    state = state.apply("play AH")
    assert state.hand_results[0][1:] == ((11, 0), ("Seat 0 mates with the A♥ in move 1: 11 × 1 = 11",))
    table = state.table(1)
    assert table["last"] == "Seat 0 plays the A♥: mate in move 1, Seat 1 holds no heart and no card of its rank."
    assert table["interlude"]["zones"][0]["cards"] == ["AH"]
    assert state.hand_number == 2 and state.dealer == 1 and state.scores.game == (11, 0)


# The worked example on the game's page: seat 0 mates with the 10♦ in move 7.
EXAMPLE = ("QC 7C KH QH KC KD 7D QD TS AS AC AD").split()


def test_a_mate_later_in_the_hand_counts_the_move_and_ends_the_hand_at_once():
    state = MATE.new(seed=19)
    for card in EXAMPLE:
        state = state.apply(f"play {card}")
    assert state.play.move_number == 7 and state.hand_number == 1
    assert {c.text for c in state.play.hands[1]} == {"7S", "QS", "KS", "AH"}
    state = state.apply("play TD")
    assert state.hand_results[0][1] == (70, 0)
    # The mated player's four cards are never played: the replay starts at once.
    assert state.hand_number == 2 and state.to_act == 1 and len(state.play.hands[1]) == 10


def test_four_hands_end_the_game_and_level_totals_draw_it():
    final = play_out(MATE.new(seed=5), [HeuristicBot(0), HeuristicBot(1)])
    assert final.is_over and final.hand_number == 4
    assert final.dealer == 0
    # The same bot on both sides scores each deal alike from either side: a drawn game, shared.
    first, second = final.scores.game
    assert first == second and final.winners == (0, 1)
    assert final.table(0)["result"] == f"The game is drawn, {first} each."
    assert len(final.moves_made) <= final.move_bound() == 80


def test_the_dealers_of_the_four_hands_and_a_winner():
    state = MATE.new(seed=8)
    dealers = []
    bots = [HeuristicBot(0), RandomBot(1)]
    while not state.is_over:
        if not dealers or dealers[-1][0] != state.hand_number:
            dealers.append((state.hand_number, state.dealer))
        state = state.apply(bots[state.to_act].choose(state.view(state.to_act)))
    assert dealers == [(1, 0), (2, 1), (3, 1), (4, 0)]
    totals = [sum(points[s] for _, points, _ in state.hand_results) for s in (0, 1)]
    assert list(state.scores.game) == totals and totals[0] != totals[1]
    assert state.winners == (totals.index(max(totals)),)


def test_both_hands_are_open_to_both_players_but_not_to_a_spectator():
    state = MATE.new(seed=3)
    for seat in (0, 1):
        assert state.hidden_from(seat) == set()
        hands = state.view(seat)["table"]["play"]["hands"]
        assert "??" not in hands[0] + hands[1]
    assert state.view(None)["table"]["play"]["hands"][0] == ["??"] * 10


def test_the_heuristic_bot_beats_random_play():
    wins = 0
    for i in range(12):
        bots = [HeuristicBot(0), RandomBot(i)] if i % 2 else [RandomBot(i), HeuristicBot(1)]
        final = play_out(MATE.new(seed=f"bot-{i}"), bots)
        wins += final.winners == ((0,) if i % 2 else (1,))
    assert wins >= 10


def test_the_score_pad_computes_each_hand_as_the_engine_scored_it():
    from rules_engine.scoring import ScoreError, score_row

    final = play_out(MATE.new(seed=8), [HeuristicBot(0), RandomBot(1)])
    for number, points, lines in final.hand_results:
        facts = {"mated_by": None}
        if any(points):
            seat = 0 if points[0] else 1
            card, move = lines[0].split("with the ")[1].split(" in move ")
            facts = {"mated_by": seat, "card": {"1": "T"}.get(card[0], card[0]), "move": int(move.split(":")[0])}
        assert score_row("mate", facts, hand=number)["points"] == list(points)
    for bad in ({"mated_by": 0, "card": "A"}, {"mated_by": None, "move": 3}, {"mated_by": 0, "card": "J", "move": 2},
                {"mated_by": 1, "card": "A", "move": 11}):
        with pytest.raises(ScoreError):
            score_row("mate", bad, hand=1)


def test_a_default_game_ends_as_its_text_says():
    final = played_to_end("mate")
    # Four hands (two deals, each replayed with the hands swapped); the higher total wins, a tie draws.
    assert final.hand_number == 4 == len(final.hand_results)
    assert final.winners == most(final.game_scores)


def test_each_hands_end_shows_the_mate_with_its_card_and_count():
    # hand_ends_explained checks that the items add up to the hand's row of the sheet.
    items = [item for shown in hand_ends_explained("mate") for seat in shown for item in seat["items"]]
    mates = [item for item in items if item["rule"] == "scoring.mate"]
    assert mates and all(len(item["cards"]) == 1 for item in mates)
    for item in mates:
        value, move = map(int, item["note"].split(" × "))
        assert item["points"] == value * move and item["label"] == f"Mate in move {move}"
