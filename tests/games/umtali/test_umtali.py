"""Umtali's own rules: the deal, the draw and the further cards of the pile, the basic melds, single
cards extending either side's melds (jacks alone), a held meld melded as such, the pair only to go
out, going out with a face-down discard, the other's last turn and the cards left to the side of
the player out, the stock running out and the turn limit, the scores recomputed independently,
the alternating deal over four hands, the score pad's calculator; melds built step by step."""

import pytest

import rules_engine
from conformance import check_step, refused
from rules_engine.bots import HeuristicBot, RandomBot
from rules_engine.cards import RANKS, make_deck, parse_cards
from rules_engine.games.umtali import TURN_LIMIT, basic_kind, basic_melds, hand_row
from rules_engine.scoring import ScoreError
from ends import first_hand_end, most, played_to_end

UMTALI = rules_engine.load_game("umtali")


def position(hands, pile="9C", stock=20, turn=0, phase="meld", melds=(), out=None):
    """A hand set up as given; the stock is filled with cards nobody holds."""
    state = UMTALI.new(seed=1)
    state.hands = [parse_cards(h) for h in hands]
    laid = [(owner, basic_kind(parse_cards(cards)) or ("single" if len(cards.split()) == 1 else "pair"),
             tuple(parse_cards(cards))) for owner, cards in melds]
    used = set(state.hands[0] + state.hands[1]) | {c for _, _, m in laid for c in m}
    state.pile = [c for c in parse_cards(pile) if c not in used] if pile else []
    used |= set(state.pile)
    rest = [c for c in make_deck("52") if c not in used]
    state.stock, state.pile = rest[:stock], rest[stock:] + state.pile
    state.melds, state.turn, state.phase, state.out = laid, turn, phase, out
    state.face_down, state.taken, state.chain, state.must_meld = None, None, False, None
    return state


def moves(state):
    return [m.text for m in state.legal_moves()]


def test_the_deal_and_the_first_turn():
    state = UMTALI.new(seed=8)
    assert [len(h) for h in state.hands] == [10, 10] and len(state.pile) == 1 and len(state.stock) == 31
    assert state.dealer == 1 and state.to_act == 0
    assert moves(state) == ["draw", "take KH"]
    assert "you first draw" in refused(state, "meld 7H 8H 9H", "play.draw")
    assert "you first draw" in refused(state, "discard AC", "play.draw")
    assert "top card of the discard pile" in refused(state, "take 4S", "play.draw")
    check_step(state)


def test_basic_melds_sets_without_jacks_number_runs_ace_low_and_marriages():
    kinds = {t: basic_kind(parse_cards(t)) for t in
             ("5S 5H 5D", "5S 5H 5D 5C", "JS JH JD", "AH 2H 3H", "8C 9C TC", "9C TC JC", "QS KS AS", "QD KD",
              "QD KH", "2S 4S 5S", "KS KH KD")}
    assert kinds == {"5S 5H 5D": "set", "5S 5H 5D 5C": "set", "JS JH JD": None, "AH 2H 3H": "run", "8C 9C TC": "run",
                     "9C TC JC": None, "QS KS AS": None, "QD KD": "marriage", "QD KH": None, "2S 4S 5S": None,
                     "KS KH KD": "set"}
    held = {" ".join(c.text for c in m) for m in basic_melds(parse_cards("JS JH JD JC 8C 9C TC QC KC 3S"))}
    assert held == {"8C 9C TC", "QC KC"}
    state = position(["JS JH JD 9C TC QC 2S 4S 5S 7H", "3D"])
    assert "jacks are melded one at a time" in refused(state, "meld JS JH JD", "meld.jack")
    assert "jacks are melded one at a time" in refused(state, "meld JS 9C TC", "meld.jack")
    assert "no run" in refused(state, "meld 2S 4S 5S", "meld.run")
    assert "neither a set, a run nor a marriage" in refused(state, "meld QC 7H", "play.meld")
    assert "you do not hold" in refused(state, "meld KC QC", "play.meld")
    assert {"meld JS", "meld JH", "meld JD"} <= set(moves(state))   # jacks alone, whenever their holder likes


def test_single_cards_extend_either_sides_melds_and_lie_on_the_extenders_side():
    state = position(["4H 8H 9S 2C KD 7C", "AS 3D"], melds=[(1, "5H 6H 7H"), (1, "2S 2H 2D")])
    legal = moves(state)
    assert {"meld 4H", "meld 8H", "meld 2C"} <= set(legal) and "meld 9S" not in legal
    assert "extends no set, run or single card" in refused(state, "meld 9S", "meld.single")
    state = state.apply("meld 8H")
    assert state.melds[-1] == (0, "single", tuple(parse_cards("8H"))) and state.said.endswith(
        "extending Seat 1's run 5♥ 6♥ 7♥.")
    # a single card is extended by its rank or the card of its suit one rank away; marriages never
    state = position(["9H 8S 7C KS 3D", "AS"], melds=[(1, "8H"), (1, "QH KH")])
    legal = moves(state)
    assert {"meld 9H", "meld 8S"} <= set(legal) and "meld 7C" not in legal and "meld KS" not in legal
    # a jack goes alone whenever its holder likes, and the 10 and queen of its suit follow it
    state = position(["JD TD QD 5C", "AS"])
    assert moves(state)[:1] == ["meld JD"] and "meld TD" not in moves(state)
    state = state.apply("meld JD")
    assert {"meld TD", "meld QD"} <= set(moves(state))


def test_a_held_basic_meld_is_melded_as_such():
    state = position(["5H 6H 7H 8H 2C", "AS"], melds=[(1, "9H"), (1, "2S 2D 2H")])
    assert "melded as such" in refused(state, "meld 8H", "meld.held")
    assert "meld 2C" in moves(state)
    state = state.apply("meld 5H 6H 7H")   # the 8♥ is now free to go alone, extending the run
    assert "meld 8H" in moves(state)


def test_the_pair_only_to_go_out():
    state = position(["5D 5C 9S 3H", "AS"])
    assert "only to go out" in refused(state, "meld 5D 5C", "meld.pair")
    state = position(["5D 5C 9S", "AS"])
    assert "meld 5D 5C" in moves(state)
    state = state.apply("meld 5C 5D")
    assert moves(state) == ["discard 9S", "discard 9S face down"]
    state = position(["JD JC 9S", "AS"])
    assert "never together" in refused(state, "meld JD JC", "meld.jack")


def test_going_out_face_down_the_last_turn_and_the_cards_left():
    state = position(["QH KH 5D 5C AC", "5H 4S 6S TS 2D JD"], turn=0, stock=10)
    assert "only when it is the last card" in refused(state, "discard AC face down", "play.out")
    state = state.apply("meld QH KH").apply("meld 5D 5C")
    assert moves(state) == ["discard AC", "discard AC face down"]
    state = state.apply("discard AC face down")
    assert state.out == 0 and state.to_act == 1 and moves(state) == ["draw"]
    assert "you draw from the stock" in refused(state, "take AC", "play.last-turn")
    # the face-down card is seen by its maker only
    assert state.view(1)["table"]["pile"][-1] == "??" and state.view(0)["table"]["pile"][-1] == "AC"
    assert state.last_move_seen_by(1) == ("discard a card face down", 0)
    assert state.stock[-1].text == "KS"
    state = state.apply("draw")
    assert moves(state)[:2] == ["meld 5H", "meld JD"]   # the pair counts as a set of two in the last turn
    assert "only a player going out" in refused(state, "discard 5H face down", "play.out")
    state = state.apply("meld 5H").apply("meld JD").apply("discard TS")
    assert state.hand_number == 2
    (number, row, lines) = state.hand_results[0]
    # seat 0: the marriage 20, the pair 2, and the 4♠ 6♠ K♠ 2♦ left to its side (8); seat 1: 5♥ and J♦
    assert row == (30, 6) and lines[0] == "Seat 1's 4 cards left (4♠ 6♠ K♠ 2♦) go to Seat 0's side"
    assert state.melds == [] and [len(h) for h in state.hands] == [10, 10]


def test_the_other_player_may_go_out_too_with_a_pair():
    state = position(["QH KH 7C", "8D 8C"], turn=0, stock=10)
    state = state.apply("meld QH KH").apply("discard 7C")
    assert state.out == 0 and moves(state) == ["draw", "take 7C"]
    state = state.apply("take 7C")
    assert moves(state) == ["meld 8D 8C", "discard 8D", "discard 7C", "discard 8C"]
    state = state.apply("meld 8C 8D").apply("discard 7C")
    assert state.hand_results[0][1] == (20, 2) and state.hand_results[0][2][0] == "Seat 1 goes out too"


def test_further_cards_of_the_pile_only_when_melded_at_once():
    state = position(["7S 7H 4C 5C 9D", "AS"], pile="KD 6C 7D", phase="draw")
    assert moves(state) == ["draw", "take 7D"]
    state = state.apply("take 7D")
    assert "take" not in " ".join(moves(state))
    assert "right after melding" in refused(state, "take 6C", "play.draw-more")
    state = state.apply("meld 7S 7H 7D")
    assert "take 6C" in moves(state)
    state = state.apply("take 6C")
    assert moves(state) == ["meld 4C 5C 6C"]
    assert "you meld it first" in refused(state, "discard 9D", "play.draw-more")
    state = state.apply("meld 4C 5C 6C")
    assert "take KD" not in moves(state)   # the K♦ could not be melded at once
    assert "could not be melded" in refused(state, "take KD", "play.draw-more")
    # another move in between closes the way to the pile
    state = position(["7S 7H 4C 5C JD", "AS"], pile="6C 7D", phase="draw").apply("take 7D").apply("meld JD")
    assert "take 6C" not in moves(state)


def test_the_stock_running_out_ends_the_hand_and_held_cards_count_for_nobody():
    state = position(["QH KH 7C 2D", "8D 8C 3S"], turn=0, stock=1, phase="draw")
    state = state.apply("draw").apply("meld QH KH").apply("discard 7C")
    assert state.hand_number == 2 and state.hand_results[0][1] == (20, 0)
    assert "nobody" in state.hand_results[0][2][0]
    assert [[(i["label"], i["points"]) for i in g["items"]] for g in state.hand_tally] == [[("Marriages", 20)], []]


def test_a_hands_end_shows_each_sides_marriages_cards_and_the_cards_left_to_it():
    # first_hand_end checks that the items add up to the hand's row of the sheet, under the page's rules.
    end = first_hand_end(UMTALI.new(seed=8))
    assert end["ended"] == "Seat 0 went out, and Seat 1 has had a last turn."
    out, other = end["breakdown"]
    assert [(i["label"], i["points"], i.get("note")) for i in out["items"]] == [
        ("Marriages", 40, "2 marriages"), ("10s and face cards", 5, None), ("Other cards", 5, None),
        ("Seat 1's cards left", 13, None)]
    assert out["items"][3]["rule"] == "play.leftover" and "9 cards left (4♠ 6♠ 8♠ 10♠" in end["lines"][0]
    side = next(z["cards"] for z in end["zones"] if z["id"] == "end-side-0")
    assert sorted(c for i in out["items"] for c in i["cards"]) == sorted(side)
    assert [(i["label"], i["cards"]) for i in other["items"]] == [("Other cards", ["5H"])]


def test_the_turn_limit_ends_a_hand_of_discards_taken_back_and_forth():
    state = position(["2S 9D", "4H TC"], turn=0, stock=20, phase="draw")
    state.turns = TURN_LIMIT - 1
    state = state.apply("take " + state.pile[-1].text)
    state = state.apply("discard 2S")
    assert state.hand_number == 2 and f"{TURN_LIMIT} turns" in state.hand_results[0][2][0]


def independent_side_points(melds, seat):
    value = {r: (5 if r in "TJQK" else 1) for r in RANKS}
    total = 0
    for owner, kind, cards in melds:
        if owner == seat:
            total += 20 if kind == "marriage" else sum(value[c.rank] for c in cards)
    return total


@pytest.mark.parametrize("kind, seed", [("heuristic", 3), ("random", 4), ("random", 5)])
def test_four_hands_the_deal_alternating_scores_carried_and_recomputed(kind, seed):
    state = UMTALI.new(seed=seed)
    bots = [(HeuristicBot if kind == "heuristic" else RandomBot)(seed * 2 + s) for s in range(2)]
    dealers, carried = [state.dealer], (0, 0)
    while not state.is_over:
        hands = len(state.hand_results)
        state = state.apply(bots[state.to_act].choose(state.view(state.to_act)))
        if len(state.hand_results) > hands:
            number, lines, melds, held = state.hand_end[:4]
            row = state.hand_results[-1][1]
            assert row == tuple(independent_side_points(melds, s) for s in range(2))
            carried = tuple(a + b for a, b in zip(carried, row))
            assert state.points == carried
            if not state.is_over:
                dealers.append(state.dealer)
            cards = [c for _, _, m in melds for c in m] + [c for h in held for c in h]
            assert len(cards) == len(set(cards)) <= 52
    assert dealers == [1, 0, 1, 0] and len(state.hand_results) == 4
    assert state.scores.game == carried
    best = max(carried)
    assert state.winners == tuple(s for s in range(2) if carried[s] == best)
    assert state.move_bound() >= len(state.record.moves)


def test_the_score_pads_calculator():
    assert hand_row(None, {"high": [6, 3], "low": [7, 4], "marriages": [1, 0]}, {})["points"] == [47, 19]
    assert hand_row(None, {"high": [0, 0], "low": [0, 0], "marriages": [0, 0]}, {})["points"] == [0, 0]
    with pytest.raises(ScoreError, match="marriages need"):
        hand_row(None, {"high": [1, 0], "low": [0, 0], "marriages": [1, 0]}, {})
    with pytest.raises(ScoreError, match="16 tens and face cards"):
        hand_row(None, {"high": [10, 10], "low": [0, 0], "marriages": [0, 0]}, {})


def test_melds_are_built_card_by_card():
    state = UMTALI.new(seed=8).apply("take KH")
    assert state.choose(["8H"])["next"] == ["7H", "9H", "TH"]
    assert state.choose(["QH", "KH"])["finish"] == [{"move": "meld QH KH", "button": "Meld"}]
    assert state.choose(["5D"])["finish"] == [{"move": "discard 5D", "button": "discard"}]
    assert state.choose(["5D", "5C"])["refused"]["rule"] == "meld.pair"
    assert state.choose(["7H", "QC"])["refused"]["rule"] == "play.meld"
    check_step(state)


def test_a_default_game_ends_as_its_text_says():
    final = played_to_end("umtali")
    # Four hands, the deal alternating; each side's points added up; the higher total wins.
    assert final.hand_number == 4 == len(final.hand_results)
    assert final.points == tuple(sum(p[s] for _, p, _ in final.hand_results) for s in (0, 1))
    assert final.winners == most(final.points)
