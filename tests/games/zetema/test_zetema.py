"""Zetema's own rules: the deal at every number of players, melds and their scores against an
independent count, the discard from the meld shown, a meld not shown again with the same cards,
marriages (from hand, with a partner from its rank pile, several at once, imperial), zetemas,
the stock running out and players dropping out, the hand's end and the dealer's rotation, scores
carried, partnerships, the end the moment the target is reached; melds built card by card."""

from collections import Counter
from itertools import combinations

import pytest

import rules_engine
from conformance import check_hand_end, check_step, refused
from rules_engine.bots import HeuristicBot, play_out
from rules_engine.cards import RANKS, make_deck, parse_card, parse_cards
from rules_engine.games.zetema import marriage_points, meld_points, most_hands, target, zetema_points
from ends import played_to_end

ZETEMA = rules_engine.load_game("zetema")


def position(hands, seats=2, turn=0, piles=None, stock=20, general=(), points=None, dealer=None, game=ZETEMA):
    """A hand set up as given: ``hands`` (texts, the seat to act's after its draw), ``piles`` by
    rank, cards named for the general pile; the stock holds ``stock`` cards held by no one and
    the other cards lie in the general pile, so that the pack stays whole."""
    state = game.new(seed=1, seats=seats)
    state.hands = [parse_cards(h) for h in hands]
    state.piles = [parse_cards((piles or {}).get(rank, "")) for rank in RANKS]
    pack = Counter(make_deck("65"))
    pack.subtract(c for h in state.hands for c in h)
    pack.subtract(c for p in state.piles for c in p)
    pack.subtract(parse_cards(" ".join(general)))
    assert all(n >= 0 for n in pack.values()), pack
    rest = sorted(pack.elements(), key=lambda c: (c.suit, RANKS.index(c.rank)))
    state.stock, state.general = rest[:stock], rest[stock:] + parse_cards(" ".join(general))
    state.turn, state.phase, state.shown = turn, "play", ()
    state.used = [{} for _ in range(seats)]
    if points is not None:
        state.points = tuple(points)
    if dealer is not None:
        state.dealer = dealer
    state.__dict__.pop("_legal_cached", None)
    return state


def independent_points(cards, size=6):
    """A meld's points counted afresh from the text's list."""
    ranks = [RANKS.index(c.rank) for c in cards]
    if len(cards) == 5 and len(set(ranks)) == 1:
        return {"K": 130, "Q": 130, "J": 120, "A": 110, "5": 110}.get(cards[0].rank, 100)
    if len(cards) != size:
        return None
    one_suit = len({c.suit for c in cards}) == 1
    runs = [sorted(ranks), sorted(13 if r == 0 else r for r in ranks)]
    in_row = len(set(ranks)) == size and any(r[-1] - r[0] == size - 1 for r in runs)
    return 50 if one_suit and in_row else 30 if one_suit else 20 if in_row else None


def test_the_deal_at_every_number_of_players():
    for seats in range(2, 7):
        state = ZETEMA.new(seed=4, seats=seats)
        size = 5 if seats == 6 else 6
        first = 1
        assert state.dealer == 0 and state.to_act == first
        assert [len(h) for h in state.hands] == [size + (s == first) for s in range(seats)]
        assert len(state.stock) == 65 - size * seats - 1
        assert state.target == (300 if seats < 4 else 200)
        assert state.sides == {4: 2, 6: 3}.get(seats, seats)
        check_step(state)


def test_meld_points_agree_with_an_independent_count():
    pack = make_deck("65")
    seen = 0
    for start in range(0, 60, 7):
        for chosen in combinations(pack[start:start + 9], 6):
            assert (meld_points(list(chosen)) if independent_points(chosen) else None) == independent_points(chosen)
            seen += 1
    for rank in RANKS:
        five = [c for c in pack if c.rank == rank]
        assert meld_points(five) == independent_points(five)
    assert meld_points(parse_cards("TD JD QD KD AD"), size=5) == 50
    assert meld_points(parse_cards("AS 2D 3C 4H 5H 6S")) == 20 and independent_points(parse_cards("KS AS 2D 3C 4H 5H")) is None
    assert seen > 500


def test_marriage_scores():
    assert [marriage_points("SDC"[:n]) for n in range(1, 4)] == [10, 30, 60]
    assert marriage_points("SDCH") == 110 and marriage_points("HH") == 50 and marriage_points("SHHH") == 130


def test_all_five_marriages_at_once_score_150_in_all_or_170_with_the_option():
    # The text: "If all five marriages are declared at once, the player scores 150 points!"
    hands = ["KS QS KH QH KH KD KC", "AS AD AC 8H 8D 2C"]
    piles = {"Q": "QH QD QC"}
    for game, points in ((ZETEMA, 150), (rules_engine.load_game("zetema", five_marriages=170), 170)):
        state = position(hands, piles=piles, game=game)
        after = state.apply("marry KS KH KH KD KC")
        assert after.points[0] == state.points[0] + points and f"for {points} points" in after.said
    assert marriage_points("SHHDC") == 150 and marriage_points("SHHDC", five=170) == 170
    with pytest.raises(rules_engine.errors.OptionError):
        rules_engine.load_game("zetema", five_marriages=160)


def test_a_meld_scores_at_once_and_the_discard_comes_from_it():
    state = position(["2C 3C 4S 5S 6D 7H 9C", "AS AD AC 8H 8D KC"])
    before = state.points
    assert refused(state, "meld 2C 3C 4S 5S 6D 9C", "scoring.melds")
    assert refused(state, "meld 2C 3C 4S 5S 6D 8H", "play.meld")
    assert refused(state, "meld 2C 3C 4S", "scoring.melds")
    shown = state.apply("meld 7H 6D 5S 4S 3C 2C")   # read in its written order
    assert shown.record.moves[-1].text == "meld 2C 3C 4S 5S 6D 7H"
    assert shown.points == (before[0] + 20, before[1]) and shown.to_act == 0
    assert refused(shown, "discard 9C", "play.meld-discard")
    assert refused(shown, "marry KC", "play.meld-discard")
    # Shown, the meld is seen by the other seat; the card not in it is not.
    table = shown.table(1)
    assert next(z for z in table["zones"] if z["id"] == "shown-0")["cards"] == ["2C", "3C", "4S", "5S", "6D", "7H"]
    assert next(z for z in table["zones"] if z["id"] == "hand-0")["cards"] == ["??"]
    after = shown.apply("discard 4S")
    assert after.to_act == 1 and after.piles[RANKS.index("4")] == [parse_card("4S")]
    assert next(z for z in after.table(1)["zones"] if z["id"] == "hand-0")["cards"] == ["??"] * 6


def test_a_card_shown_is_not_shown_again_in_a_meld_of_its_kind():
    state = position(["2C 3C 4S 5S 6D 7H 9C", "AS AD AC 8H 8D KC"])
    state = state.apply("meld 2C 3C 4S 5S 6D 7H").apply("discard 7H")
    state = state.apply("discard AS")
    state.hands[0] = parse_cards("2C 3C 4S 5S 6D 9C 7D")
    state.__dict__.pop("_legal_cached", None)
    assert not [m for m in state.legal_moves() if m.kind == "meld"]
    reason = refused(state, "meld 2C 3C 4S 5S 6D 7D", "interpretation.meld-again")
    assert "the 2♣ has been shown in a sequence already" in reason
    # A card gone from the hand no longer counts; of two equal hearts, the one not shown is fresh.
    state = position(["2H 4H 6H 8H TH QH 3S", "AS AD AC 8C 8D KC"])
    state = state.apply("meld 2H 4H 6H 8H TH QH").apply("discard 2H").apply("discard AS")
    state.hands[0] = parse_cards("4H 6H 8H TH QH 3S 2H")
    state.__dict__.pop("_legal_cached", None)
    assert refused(state, "meld 2H 4H 6H 8H TH QH", "interpretation.meld-again")
    state.hands[0] = parse_cards("2H 4H 4H 6H 8H TH QH")
    state.__dict__.pop("_legal_cached", None)
    assert refused(state, "meld 2H 4H 4H 6H 8H TH", "interpretation.meld-again")


def test_marriages_from_hand_and_from_the_rank_pile():
    state = position(["KS QS 3D 4D 7C 9C KD", "AS AD AC 8H 8D 2C"], piles={"Q": "QD"}, stock=10)
    moves = [m.text for m in state.legal_moves() if m.kind == "marry"]
    assert sorted(moves) == ["marry KD", "marry KS", "marry KS KD"]
    assert refused(state, "marry KC", "play.marriage")
    assert refused(state, "marry QS", "play.marriage")
    after = state.apply("marry KS KD")
    assert after.points[0] == state.points[0] + 30
    assert after.piles[RANKS.index("Q")] == [] and sorted(after.general[-4:]) == sorted(parse_cards("KS KD QS QD"))
    assert len(after.hands[0]) == 6 and len(after.stock) == 10 - 3 and after.to_act == 1   # two drawn back, one by seat 1
    assert "taking the Q♦ from the piles" in after.said
    # Both in hand: the hand's cards marry, and the pile's queen stays where it is.
    state = position(["KH QH 3D 4D 7C 9C 2S", "AS AD AC 8H 8D 2C"], piles={"Q": "QH"})
    after = state.apply("marry KH")
    assert after.piles[RANKS.index("Q")] == [parse_card("QH")] and after.points[0] == state.points[0] + 20
    # Two imperial marriages at once, one of them with the queen from the pile.
    state = position(["KH KH QH 4D 7C 9C 2S", "AS AD AC 8H 8D 2C"], piles={"Q": "QH"})
    assert "marry KH KH" in [m.text for m in state.legal_moves()]
    assert state.apply("marry KH KH").points[0] == state.points[0] + 50


def test_a_discard_made_directly_is_the_one_its_form_makes():
    from rules_engine.games.zetema import FORMS, _discard

    for card in parse_cards("AS TH JK"):
        fast, slow = _discard(card), FORMS["discard"].make(card)
        assert (fast.kind, fast.args, fast.text) == (slow.kind, slow.args, slow.text)


def test_a_zetema_scores_its_rank_and_goes_to_the_general_pile():
    state = position(["JS 4D 5D 6C 8C 9C 2S", "AS AD AC 8H 8D 2C"], piles={"J": "JH JH JD JC"})
    general = len(state.general)
    after = state.apply("discard JS")
    assert after.points[0] == state.points[0] + 20 and after.piles[RANKS.index("J")] == []
    assert len(after.general) == general + 5 and "a zetema" in after.said


def test_the_stock_runs_out_players_drop_out_and_the_hand_ends():
    state = position(["4D 5D", ""], stock=0, dealer=0, general=())
    state._score(0, 40, "a marriage", "scoring.marriages", ())
    state._score(1, 15, "a zetema of aces", "play.zetema", ())
    state = state.apply("discard 4D")
    assert state.to_act == 0   # seat 1, with no cards, is passed by
    before = state.hand_number
    state = state.apply("discard 5D")
    assert state.hand_number == before + 1 and state.dealer == 1 and state.to_act == 0
    assert state.hand_results[-1][:2] == (before, (40, 15)) and state.points == (40, 15)
    assert len(state.hands[0]) == 7 and len(state.hands[1]) == 6
    assert state.table(0)["interlude"]["title"] == f"End of hand {before}"


def test_leftover_kings_and_queens_go_to_the_general_pile():
    state = position(["9D", ""], stock=0, piles={"K": "KS KD", "Q": "QC"})
    state = state.apply("discard 9D")
    assert state.hand_number == 2 and all(not p for p in state.piles)
    assert "4 cards left on the rank piles" in " ".join(state.table(None)["interlude"]["lines"])


def test_the_game_ends_the_moment_the_target_is_reached():
    state = position(["2C 3C 4S 5S 6D 7H 9C", "AS AD AC 8H 8D KC"], points=(275, 280))
    state._score(0, 10, "a marriage in ♠", "scoring.marriages", parse_cards("KS QS"))
    state._score(1, 10, "a marriage in ♣", "scoring.marriages", parse_cards("KC QC"))
    over = state.apply("meld 2C 3C 4S 5S 6D 7H")
    assert over.is_over and over.winners == (0,) and over.points == (305, 290)
    assert over.hand_results[-1][1] == (30, 10)
    assert "Seat 0 reaches 300 and wins the game" in over.said
    # The hand cut short by the game's end explains itself too: what ended it, each item with its cards.
    end = over.table(1)["interlude"]
    assert end["ended"] == "Seat 0 reaches 300." and [g["points"] for g in end["breakdown"]] == [30, 10]
    assert end["breakdown"][0]["items"][-1] == {"label": "A sequence", "points": 20, "rule": "scoring.sequence",
                                                "cards": ["2C", "3C", "4S", "5S", "6D", "7H"]}


def test_partners_score_together_and_end_at_200():
    state = position(["2C 3C 4S 5S 6D 7H 9C", "AS AD AC 8H 8D", "KC KD 2D 3D 9S", "QC QD 5C 6C 7C"],
                     seats=4, points=(185, 0))
    over = state.apply("meld 2C 3C 4S 5S 6D 7H")
    assert over.is_over and over.winners == (0, 2) and over.scores.game == (205, 0, 205, 0)
    assert "Seat 0 and Seat 2 reach 200 and win the game" in over.said


def test_six_players_meld_five_cards():
    state = position(["2C 3C 4S 5S 6D 9C", "AS AD AC 8H 8D", "2H 3H 9H TH JH",
                     "KC KD 2D 3D 9S", "QC QD 5C 6C 7C", "4C 7S 8S TS JS"], seats=6)
    assert [m.text for m in state.legal_moves() if m.kind == "meld"] == ["meld 2C 3C 4S 5S 6D"]
    assert state.apply("meld 2C 3C 4S 5S 6D").points[0] == 20


def test_melds_are_built_card_by_card_both_copies_of_a_doubled_heart_too():
    state = position(["2C 3C 4S 5S 6D 7H 9C", "AS AD AC 8H 8D KC"])
    answer = state.choose(["2C", "3C"])
    assert answer["next"] == ["4S", "5S", "6D", "7H"] and answer["refused"] is None
    done = state.choose(["2C", "3C", "4S", "5S", "6D", "7H"])
    assert done["finish"] == [{"move": "meld 2C 3C 4S 5S 6D 7H", "button": "Show meld"}]
    lone = state.choose(["9C"])
    assert lone["finish"] == [{"move": "discard 9C", "button": "discard"}]
    assert state.choose(["2C", "9C"])["refused"]["rule"] == "play.meld"
    assembly = position(["7S 7H 7H 7D 7C 9C 2S", "AS AD AC 8H 8D 2C"])
    assert "7H" in assembly.choose(["7S", "7H"])["next"]
    finish = assembly.choose(["7S", "7H", "7H", "7D", "7C"])["finish"]
    assert {"move": "meld 7S 7H 7H 7D 7C", "button": "Show meld"} in finish
    assert assembly.table(0, picked=["7H"])["selection"]["places"]["7H"] == [["hand-0", 1], ["hand-0", 2]]
    assert assembly.apply("meld 7S 7H 7H 7D 7C").points[0] == assembly.points[0] + 100


def test_the_bound_and_whole_games_at_every_number_of_players():
    assert [most_hands(n) for n in range(2, 7)] == [7, 10, 5, 12, 7] and target(5) == 200
    for seats in range(2, 7):
        state = ZETEMA.new(seed=seats, seats=seats)
        final = play_out(state, [HeuristicBot(s) for s in range(seats)])
        assert final.is_over and len(final.record.moves) <= state.move_bound()
        side = final.side_of(final.winners[0])
        assert final.points[side] >= final.target
        assert all(final.points[s] < final.target for s in range(final.sides) if s != side)
        # Scores carried: the hands' rows add up to the totals.
        assert [sum(r[1][s] for r in final.hand_results) for s in range(final.sides)] == list(final.points)
        dealers = [n % seats for n in range(final.hand_number)]
        assert final.dealer == dealers[-1]


@pytest.mark.parametrize("seats", [4, 5, 6])
def test_the_score_pad_ends_a_game_of_four_or_more_at_200(seats):
    from rules_engine.scoring import people_columns, sheet_outcome

    state = ZETEMA.new(seed=9, seats=seats)
    rule, people = state.spec.scoring, people_columns(state.spec.scoring, seats)
    assert people == {4: 2, 5: 5, 6: 3}[seats] and rule.target_for(seats) == 200
    final = play_out(state, [HeuristicBot(s) for s in range(seats)])
    rows = [[points[s] for s in range(people)] for _, points, _ in final.hand_results]
    outcome = sheet_outcome(rule, rows, seats)
    assert outcome["over"] and outcome["ended"] == len(rows) - 1
    assert outcome["winners"] == [final.side_of(final.winners[0])]


def test_bad_moves_are_refused_with_their_rule_and_change_nothing():
    state = position(["KS QS 3D 4D 7C 9C KD", "AS AD AC 8H 8D 2C"], piles={"Q": "QD"})
    assert "you do not hold the 5♣" in refused(state, "discard 5C", "play.discard")
    assert refused(state, "marry QS", "play.marriage").startswith("marriages are written by their kings")
    assert refused(state, "marry KS KS KD KC KH KH", "play.marriage") == "there are five marriages at most"
    assert refused(state, "marry KH", "play.marriage")
    assert refused(state, "meld 3D 4D 7C 9C KD KS 8H", "play.meld")
    with pytest.raises(rules_engine.errors.NotYourTurnError):
        state.apply("discard 3D", seat=1)
    # A choice of cards to show is refused with the meld rules, and malformed choices are errors.
    assert state.choose(["3D", "4D", "7C", "9C", "KD", "KS"])["refused"]["rule"] == "scoring.melds"
    assert state.choose(["3D"], target="pile-3")["refused"]["rule"] == "play.meld"
    for bad in (["3D", "3D"], ["??"], "3D"):
        with pytest.raises(rules_engine.errors.NotationError):
            state.choose(bad)


def test_a_default_game_ends_as_its_text_says():
    final = played_to_end("zetema")
    # The first to 300 (two players by default) wins at once: only the winner has reached it, and
    # the hands' rows, the last one cut short, add up to the totals.
    assert final.points == tuple(sum(p[s] for _, p, _ in final.hand_results) for s in range(final.sides))
    assert final.target == 300 and final.winners == tuple(s for s in range(final.seats) if final.points[s] >= 300)
    assert len(final.winners) == 1 and final.points[final.winners[0]] - final.hand_results[-1][1][final.winners[0]] < 300


# Sheets the score pad must end as the engine does (tests/test_score_sheets.py): the target depends
# on the number of players, 300, or 200 with four or more.
PAD_SHEETS = [
    {"seats": 4, "rows": [[150, 60], [60, 30]]},
    {"seats": 2, "rows": [[150, 60], [60, 30]]},
]


def test_a_hands_end_shows_each_sides_points_item_by_item_with_their_cards():
    # Each meld, marriage and zetema as it was scored, under its rule, with the cards shown for it;
    # the items add up to the hand's row, partners' together.
    state = ZETEMA.new(seed=5, seats=4)
    bots = [HeuristicBot(seat) for seat in range(4)]
    while not state.table(0)["interlude"]:
        state = state.apply(bots[state.to_act].choose(state.view(state.to_act)))
    check_hand_end(state, [0, 0])
    end = state.table(0)["interlude"]
    assert end["ended"] == "Every card has been played."
    kinds = Counter()
    for side, group in enumerate(end["breakdown"]):
        assert group["seats"] == [side, side + 2] and group["points"] == state.hand_results[0][1][side]
        for item in group["items"]:
            cards = parse_cards(" ".join(item["cards"]))
            kinds[item["rule"]] += 1
            if item["rule"] == "play.zetema":
                assert len(cards) == 5 and len({c.rank for c in cards}) == 1
                assert item["points"] == zetema_points(cards[0].rank)
            elif item["rule"] == "scoring.marriages":
                assert sorted(c.rank for c in cards) == ["K", "Q"] * (len(cards) // 2)
            else:
                assert item["points"] == meld_points(cards)
    assert kinds["play.zetema"] >= 11 and kinds["scoring.marriages"] and kinds["scoring.flush"]
