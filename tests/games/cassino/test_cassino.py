"""Cassino's own rules: the deal two at a time, captures by rank and by sums several at once
(every capture and build offered against a brute force, builds on the table), face cards one at a time,
builds made only by a player who can take them, multiple builds, increases by either player,
the builder's duty, sweeps (on the deal's last card too, never for the cards left at the end),
new hands from the stock, the count recomputed from the won piles, the deal alternating and
totals carried, the game's end at 21 (and play on when level), the score pad's row and moves
built step by step."""

import itertools
import random

import pytest

import rules_engine
from conformance import check_step, refused
from fishing import PIPS, adds_up, every_capture, moves, pile_value, splits
from fishing import position as fishing_position
from rules_engine.bots import HeuristicBot, RandomBot
from rules_engine.cards import make_deck, parse_cards
from rules_engine.families.fishing_piles import Pile
from rules_engine.games.cassino import LAST_DEAL
from rules_engine.scoring import ScoreError, score_row
from ends import played_to_end

# The shared conformance suite (tests/test_conformance.py) plays fewer of this game's games a batch
# than of most: a game is some 150 to 200 moves to 21, its captures and builds built card by card;
# this file checks the captures against a brute force.
CONFORMANCE_GAMES_PER_BATCH = {"random": 1, "heuristic": 2}

# The share of King's random-bot moves a second this game is held to (benchmarks/engine_speed.py),
# lower than the half asked of the other games, and why (issue 42: measured by callgrind, a random
# turn's instructions; its apply alone is some 80% of King's whole turn).
ENGINE_SPEED = (0.45, "its legal moves need a search: each card's captures are every union of disjoint "
                      "table sets adding up to its value, and its builds the same for each value held "
                      "(43% of a turn)")

GAME = rules_engine.load_game("cassino")


def position(hands, layout, piles=(), turn=1, stock=()):
    """Two hands, a table and builds as given (``piles``: ``(cards, value, owner, sets)``); the
    other cards won by seat 0, out of the way, and the stock as given."""
    return fishing_position(GAME, hands, layout, piles, turn, stock)


def brute_captures(card, layout, piles):
    """Every set of table cards ``card`` may take, from the rules as the page states them: a face
    card one card of its rank; a numeral sets of numerals adding up to its value, and builds of it."""
    value = PIPS.get(card.rank)
    if value is None:
        return {frozenset([c]) for c in layout if c.rank == card.rank}

    def takes(group):
        if len(group) == 1 and len(group[0]) > 1:           # a build, whole
            return pile_value(piles, group[0]) == value
        return all(len(item) == 1 for item in group) and adds_up([c for item in group for c in item], value)

    return every_capture(layout, piles, takes)


def test_four_cards_each_and_four_to_the_table_two_at_a_time():
    state = GAME.new(seed=3)
    assert [len(h) for h in state.hands] == [4, 4] and len(state.layout) == 4 and len(state.stock) == 40
    assert state.dealer == 0 and state.to_act == 1
    deck = GAME.new(seed=3)._shuffle("hand-1", make_deck("52"))
    assert state.hands[1][:2] == deck[:-3:-1] and state.layout[:2] == deck[-3:-5:-1]
    check_step(state)
    with pytest.raises(rules_engine.RulesError):
        GAME.new(seed=1, seats=3)


def test_every_capture_offered_is_one_a_brute_force_finds():
    rng = random.Random(7)
    deck = make_deck("52")
    for _ in range(80):
        cards = rng.sample(deck, 16)
        hand, loose = cards[:3], cards[3:3 + rng.randint(2, 8)]
        numerals = [c for c in cards[11:] if c.rank in PIPS]
        piles = []
        if len(numerals) >= 2 and sum(PIPS[c.rank] for c in numerals[:2]) <= 10:
            piles.append((" ".join(c.text for c in numerals[:2]), sum(PIPS[c.rank] for c in numerals[:2]), 1, 1))
        if len(numerals) >= 4 and PIPS[numerals[2].rank] + PIPS[numerals[3].rank] <= 10:
            total = PIPS[numerals[2].rank] + PIPS[numerals[3].rank]
            piles.append((" ".join(c.text for c in numerals[2:4]), total, 1, 2))   # as a multiple build
        state = position([" ".join(c.text for c in hand), "KC"], " ".join(c.text for c in loose), piles, turn=0)
        for card in hand:
            offered = {frozenset(m.args[0]) for m in state.legal_moves() if m.kind == "capture" and m.args[1] == card}
            assert offered == brute_captures(card, state.layout, state.piles), (card, state.layout, state.piles)


def brute_builds(card, hand, layout, piles):
    """Every ``(table cards, value)`` a build with ``card`` may take in, by trying every subset of
    the table's items and every way of splitting it with the card played into sets of the value:
    loose cards (with the card played or not), a build of the value alone, or a single build and
    the card played."""
    v = PIPS.get(card.rank)
    if v is None:
        return set()
    items = [(c,) for c in layout if c.rank in PIPS] + [tuple(p.cards) for p in piles]
    pile_of = {tuple(p.cards): p for p in piles}

    def makes(group, target):
        builds = [pile_of[item] for item in group if item in pile_of]
        if builds:
            if len(group) == 1:
                return builds[0].value == target
            return len(group) == 2 and ("hand",) in group and builds[0].sets == 1 and builds[0].value + v == target
        return sum(v if item == ("hand",) else PIPS[item[0].rank] for item in group) == target

    found = set()
    for target in range(max(v, 2), 11):
        if not any(PIPS.get(c.rank) == target for c in hand if c != card):
            continue
        for size in range(1, len(items) + 1):
            for chosen in itertools.combinations(items, size):
                if splits([("hand",)] + list(chosen), lambda group: makes(group, target)):
                    found.add((frozenset(c for item in chosen for c in item), target))
    return found


def test_every_build_offered_is_one_a_brute_force_finds():
    rng = random.Random(8)
    deck = [c for c in make_deck("52") if c.rank in PIPS]
    for _ in range(60):
        cards = rng.sample(deck, 14)
        hand, loose = cards[:4], cards[4:4 + rng.randint(1, 5)]
        piles = []
        if PIPS[cards[10].rank] + PIPS[cards[11].rank] <= 10:
            piles.append((f"{cards[10].text} {cards[11].text}", PIPS[cards[10].rank] + PIPS[cards[11].rank], 1,
                          rng.choice([1, 2])))
        state = position([" ".join(c.text for c in hand), "KC"], " ".join(c.text for c in loose), piles, turn=0)
        for card in hand:
            offered = {(frozenset(m.args[0]), m.args[2]) for m in state.legal_moves()
                       if m.kind == "build" and m.args[1] == card}
            assert offered == brute_builds(card, hand, state.layout, state.piles), (card, hand, loose, piles)


def test_a_numeral_takes_its_rank_and_sums_at_once_a_face_card_one_of_its_rank():
    state = position(["6S KS", "2C"], "6D 6H 4C 2D KH KD", turn=0)
    assert "capture 6D 6H 4C 2D with 6S" in moves(state)
    assert refused(state, "capture 6D 4C with 6S", "play.capture")
    assert "capture KH with KS" in moves(state) and "capture KD with KS" in moves(state)
    assert refused(state, "capture KH KD with KS", "play.face-cards")
    assert refused(state, "capture 6D with KS", "play.face-cards")
    assert refused(state, "capture 9H with 6S", "play.capture")
    assert "play 6S" in moves(state)        # capturing is never compulsory (interpretation.no-capture)


def test_a_build_needs_a_card_that_takes_it_stays_whole_and_goes_no_higher_than_10():
    state = position(["5S 8H 9C", "KD QD"], "3D QC 4H", turn=0)
    assert "build 3D with 5S as 8" in moves(state) and "build 4H with 5S as 9" in moves(state)
    assert refused(state, "build 3D with 5S as 9", "play.increase")
    assert refused(state, "build 3D 4H with 5S as 12", "play.build")
    assert refused(state, "build QC with 5S as 8", "play.build")
    assert refused(state, "build 3D with 9C as 12", "play.build")
    assert refused(state, "build 4H with 5S as 7", "play.build")   # holds no 7
    state = state.apply("build 3D with 5S as 8")
    assert state.piles == [Pile(tuple(parse_cards("3D 5S")), 8, 0, 1)]
    # Every seat is told which card came from the hand and which lay on the table.
    assert state.said == "Seat 0 plays the 5♠ onto the 3♦ for a build of 8."
    assert "Seat 0's build of 8" in [z["label"] for z in state.table(0)["zones"]]
    # The build is one item, picked at one click; a loose card is not.
    zones = {z["id"]: z for z in state.table(1)["zones"]}
    assert zones["pile-0"]["whole"] and "whole" not in zones["layout"]
    assert refused(state.apply("play QD"), "capture 3D with 8H", "play.build")   # taken whole


def test_the_owner_may_not_trail_and_keeps_a_card_for_each_build():
    state = position(["8H 4C 2S 6S", "KD QD JD"], "KC 2D 6C", [("3D 5S", 8, 0, 1)], turn=0)
    assert refused(state, "play 4C", "play.ownership")
    assert refused(state, "capture 2D 6C with 8H", "play.ownership")
    assert "capture 3D 5S with 8H" in moves(state) and "capture 2D 6C 3D 5S with 8H" in moves(state)
    assert all(m.split()[0] != "play" for m in moves(state))
    # Another build is allowed, and a multiple build taking the owner's in.
    assert "build 2D with 4C as 6" in moves(state) and "build 2D 3D 5S with 6S as 8" in moves(state)
    two = state.apply("build 2D with 4C as 6").apply("play KD")
    assert len(two.owned(0)) == 2
    assert {"capture 3D 5S with 8H", "capture 2D 4C with 6S"} <= set(moves(two))
    assert all(not m.startswith("play") for m in moves(two))
    # Taken, the duty ends.
    freed = state.apply("capture 3D 5S with 8H").apply("play KD")
    assert "play 4C" in moves(freed)


def test_either_player_increases_a_single_build_never_a_multiple_one():
    state = position(["2C 9S KS", "9D 3S KD"], "QC", [("4S 3H", 7, 1, 1)], turn=0)
    assert refused(state, "build 4S 3H with KS as 7", "play.build")
    raised = state.apply("build 4S 3H with 2C as 9")
    assert raised.piles[0].owner == 0 and raised.piles[0].value == 9
    assert "play KD" in moves(raised)                                    # seat 1 is free
    assert refused(raised.apply("play KD"), "play KS", "play.ownership")   # the duty passed to seat 0
    own = position(["2C 9S 7D", "KD"], "QC", [("4S 3H", 7, 0, 1)], turn=0)
    assert "build 4S 3H with 2C as 9" in moves(own)                     # one's own build too
    high = position(["5C TS", "KD"], "QC", [("4S 3H", 7, 1, 1)], turn=0)
    assert refused(high, "build 4S 3H with 5C as 12", "play.build")
    multiple = position(["AC TS", "KD"], "", [("9D 4S 5H", 9, 1, 2)], turn=0)
    assert refused(multiple, "build 9D 4S 5H with AC as 10", "play.multiple")
    # Increased with a table card of the new value beside it: a multiple build.
    beside = position(["2C 9S", "KD"], "9H", [("4S 3H", 7, 1, 1)], turn=0)
    merged = beside.apply("build 9H 4S 3H with 2C as 9")
    assert merged.piles[0].sets == 2 and merged.piles[0].owner == 0
    assert merged.said == "Seat 0 plays the 2♣ onto Seat 1's build of 7, increasing it to 9, with the 9♥ beside it."


def test_multiple_builds_from_loose_cards_a_card_of_the_value_and_builds_of_it():
    state = position(["3H 7C 7S", "KD"], "4S 7D 2D 5C", turn=0)
    assert "build 4S 7D 2D 5C with 3H as 7" in moves(state)
    assert "build 7D with 7S as 7" in moves(state)
    built = state.apply("build 4S 7D 2D 5C with 3H as 7")
    assert built.piles[0].sets == 3 and built.said == ("Seat 0 plays the 3♥ onto the 4♠, taking in the 7♦, "
                                                      "the 2♦ and the 5♣, for a multiple build of 7s.")
    joined = position(["3H 7C", "KD"], "4S", [("5D 2S", 7, 1, 1)], turn=0).apply("build 4S 5D 2S with 3H as 7")
    assert joined.piles[0].sets == 2 and joined.piles[0].owner == 0


def test_a_sweep_scores_even_on_the_last_card_but_not_the_cards_left_to_the_last_capturer():
    state = position(["5S", "KD"], "2D 3H", turn=0)
    state = state.apply("capture 2D 3H with 5S")
    assert state.sweeps == [1, 0] and state.said.endswith("a sweep!")
    assert [m.text for m in state.legal_moves()] == ["play KD"]         # a bare table: trail only
    last = position(["5S", "KD"], "2D 3H QC", turn=0)
    last = last.apply("capture 2D 3H with 5S").apply("play KD")
    assert last.hand_number == 2 and last.hand_results[0][2][0].startswith("Seat 0 made the last capture")
    assert "0 sweeps" in last.hand_results[0][2][1]


def test_nobody_capturing_leaves_the_table_to_the_dealer():
    state = position(["5S", "KD"], "QC", turn=1)
    state.dealer = 0
    state = state.apply("play KD").apply("play 5S")
    assert state.hand_results[0][2][0].startswith("Seat 0 dealt, nobody having captured,")


def test_new_hands_of_four_come_from_the_stock():
    state = GAME.new(seed=11)
    rng = random.Random(1)
    while len(state.stock) == 40:
        state = state.apply(rng.choice(state.legal_moves()))
    assert [len(h) for h in state.hands] == [4, 4] and len(state.stock) == 32
    assert "New hands of four" in state.said and state.to_act == 1


def score_again(won, sweeps):
    """A deal's points per player, from the won piles, written again from the page."""
    row = list(sweeps)
    for counts, bonus in (([len(p) for p in won], 3), ([sum(c.suit == "S" for c in p) for p in won], 1)):
        if counts[0] != counts[1]:
            row[counts.index(max(counts))] += bonus
    for seat, pile in enumerate(won):
        texts = {c.text for c in pile}
        row[seat] += 2 * ("TD" in texts) + ("2S" in texts) + sum(c.rank == "A" for c in pile)
    return row


@pytest.mark.parametrize("seed", [5, 6])
def test_each_deal_counted_again_the_deal_alternates_and_the_game_ends_at_21(seed):
    state = GAME.new(seed=seed)
    bots = [RandomBot(seed), HeuristicBot(seed)]
    sweeps, deals, dealers = [0, 0], 0, []
    while not state.is_over:
        dealers.append(state.dealer) if state.hand_number > len(dealers) else None
        move = state.parse_move(bots[state.to_act].choose(state.view(state.to_act)))
        if move.kind == "capture" and set(move.args[0]) == set(state._table_cards()):
            sweeps[state.turn] += 1
        if move.kind == "capture" and move.args[1].rank in PIPS:   # each capture's sum checked again
            v = PIPS[move.args[1].rank]
            assert all(c.rank in PIPS for c in move.args[0])
            assert sum(PIPS[c.rank] for c in move.args[0] if state.pile_of(c) is None) % v == 0
        state = state.apply(move)
        if len(state.hand_results) > deals:
            deals += 1
            won = state.hand_end[2]
            assert sum(map(len, won)) == 52
            row = list(state.hand_results[-1][1])
            assert row == score_again(won, sweeps) and sum(row) == 8 + 3 * (len(won[0]) != 26) + sum(sweeps)
            sweeps = [0, 0]
    assert dealers == [n % 2 for n in range(len(dealers))]
    totals = [sum(row[s] for _, row, _ in state.hand_results) for s in (0, 1)]
    assert list(state.points) == totals and max(totals) >= 21 and totals[0] != totals[1]
    assert state.winners == (totals.index(max(totals)),) and state.scores.game == tuple(totals)
    assert len(state.moves_made) <= state.move_bound()


def test_level_totals_at_21_play_another_deal():
    state = position(["", ""], "")
    state.last_capturer = 0
    rest = [c for c in make_deck("52") if c.text not in ("TD", "2S", "AH", "AD", "AC", "AS")]
    spades = [c for c in rest if c.suit == "S"]
    others = [c for c in rest if c.suit != "S"]
    state.won = [spades[:7] + others[:19], spades[7:] + others[19:] + parse_cards("TD 2S AH AD AC AS")]
    assert [len(w) for w in state.won] == [26, 26]
    won = [list(w) for w in state.won]
    state.points = (20, 16)
    state._end_hand()      # cards level: seat 0 scores spades (7 to 6), seat 1 the casinos and the aces
    assert state.points == (21, 23) and state.is_over and state.winners == (1,)
    level = position(["", ""], "")
    level.last_capturer, level.won, level.points = 0, won, (26, 20)
    level._end_hand()
    assert level.points == (27, 27) and not level.is_over
    assert level.hand_number == 2 and level.dealer == 1
    last = position(["", ""], "")
    last.last_capturer, last.won, last.points, last.hand_number = 0, won, (26, 20), LAST_DEAL
    last._end_hand()
    assert last.points == (27, 27) and last.is_over and last.winners == ()
    assert last.table(0)["result"] == f"After {LAST_DEAL} deals the totals are still level, 27 points each: a draw."
    assert last.move_bound() == LAST_DEAL * 48


def test_the_score_pads_row_is_the_deals_count():
    facts = {"cards": [27, 25], "spades": [8, 5], "big_casino": 0, "little_casino": 1, "aces": [3, 1],
             "sweeps": [2, 0]}
    assert score_row("cassino", facts)["points"] == [11, 2]
    assert score_row("cassino", dict(facts, cards=[26, 26]))["points"] == [8, 2]
    for wrong in ({"cards": [30, 30]}, {"spades": [7, 7]}, {"aces": [3, 3]}, {"big_casino": 2}):
        with pytest.raises(ScoreError):
            score_row("cassino", dict(facts, **wrong))


def test_captures_and_builds_are_built_card_by_card():
    state = position(["8H 4C 8S", "KD"], "2S 6H 4D", turn=0)
    assert set(state.choose(["4C"])["next"]) >= {"2S", "6H", "4D"}
    finish = state.choose(["4C", "2S", "6H", "4D"])["finish"]
    assert {"move": "build 2S 6H 4D with 4C as 8", "button": "Build 8"} in finish
    assert {"move": "capture 2S 6H with 8H", "button": "Capture"} in state.choose(["8H", "2S", "6H"])["finish"]
    # The move is "play 4C", and the table calls it so: its button and its sentence say "play" too.
    assert {"move": "play 4C", "button": "play"} in state.choose(["4C"])["finish"]
    assert state.apply("play 4C").said == "Seat 0 plays the 4♣ to the table."
    owner = position(["8H 4C", "KD"], "2D", [("3D 5S", 8, 0, 1)], turn=0)
    assert owner.choose(["8H", "3D"])["next"] == ["5S"]     # a build is taken whole
    assert owner.choose(["8H", "2D"])["refused"]["rule"] == "play.ownership"


def test_a_default_game_ends_as_its_text_says():
    final = played_to_end("cassino")
    # To 21: a player has 21 or more and more than the other, every deal counted, no earlier deal
    # ending with a player past 21 and ahead; the table and the stock empty.
    assert final.points == tuple(sum(p[s] for _, p, _ in final.hand_results) for s in (0, 1))
    assert max(final.points) >= 21 and final.points[0] != final.points[1]
    for n in range(1, len(final.hand_results)):
        totals = [sum(p[s] for _, p, _ in final.hand_results[:n]) for s in (0, 1)]
        assert max(totals) < 21 or totals[0] == totals[1]
    assert final.winners == (final.points.index(max(final.points)),)
    assert not final.stock and not final._table_cards() and not any(final.hands)
