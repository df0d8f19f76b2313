"""Triple Play's own rules: the deal and the upcard, red 3s, drawing two, taking the pile (never
on a black 3, a wild card only with two of its kind), the wild-card limits, the opening minimums
and the short opening taken back, canastas, the knee and the foot, the card kept, the basic
book, asking the partner and going out, the empty stock; the deal's score recomputed
independently; four deals with the dealer's rotation and scores carried; the melds built card by
card, their answers checked against a brute force on small hands."""

import random
from collections import Counter
from itertools import combinations

import pytest

import rules_engine
from conformance import refused
from rules_engine.bots import HeuristicBot, RandomBot, play_out
from rules_engine.cards import parse_cards
from rules_engine.errors import RulesError
from rules_engine.host import Host
from rules_engine.games.triple_play import meld_order
from rules_engine.games.triple_play.melds import (BONUS, CANASTA, OPENING, WILD, _most_naturals, _rank_holds,
                                                  book_missing, deal_row, is_wild, meld_problem, meld_rank,
                                                  most_points, value)
from rules_engine.scoring import ScoreError, score_row
from ends import first_hand_end, played_to_end

# The shared conformance suite (tests/test_conformance.py) plays fewer of this game's games a batch
# than of most: a deal is of 324 cards, its melds built card by card from hands of 13 to 39 cards.
CONFORMANCE_GAMES_PER_BATCH = {"random": 1, "heuristic": 1}

GAME = rules_engine.load_game("triple-play")
ONE_DEAL = rules_engine.load_game("triple-play", deals=1)


def position(hand, phase="play", drew="stock", melds=((), ()), discard="9C", knee=True, foot=False,
             opened=(True, True), seat=0, deal=1):
    """Seat ``seat`` to act holding ``hand``, its side's melds as given (texts, one a meld)."""
    state = GAME.new(seed=1)
    state.deal_number = deal
    state.turn, state.phase, state.drew = seat, phase, drew
    state.hands[seat] = parse_cards(hand)
    state.discard = parse_cards(discard)
    state.melds = [[[_rank(parse_cards(m)), parse_cards(m)] for m in side] for side in melds]
    state.opened = list(opened)
    state.knee_taken = [knee] * 4
    state.foot_taken = [foot] * 4
    if knee:
        state.knees = [[] for _ in range(4)]
    if foot:
        state.feet = [[] for _ in range(4)]
    return state


def _rank(cards):
    ranks = {c.rank for c in cards if not is_wild(c)}
    return ranks.pop() if ranks else WILD


def moves(state):
    return [m.text for m in state.legal_moves()]


def test_the_deal_gives_hands_knees_and_feet_and_an_upcard_that_may_be_taken():
    for seed in range(12):
        state = GAME.new(seed=seed)
        assert [len(h) for h in state.hands] == [15] * 4
        assert [len(k) for k in state.knees] == [13] * 4 and [len(f) for f in state.feet] == [11] * 4
        top = state.discard[-1]
        assert top.rank not in ("2", "5", "7", None) and not (top.rank == "3" and top.is_red)
        assert not any(c.rank == "3" and c.is_red for h in state.hands for c in h)   # laid and replaced
        assert len(state._cards_in_play()) == 324
        assert state.dealer == 3 and state.to_act == 0
        assert len(state.stock) + 1 + sum(map(len, state.red_threes)) == 324 - 4 * 39   # each red 3 replaced


def test_a_draw_takes_two_cards_and_red_threes_are_replaced_until_the_knee():
    state = GAME.new(seed=1)
    before = len(state.hands[0])
    after = state.apply("draw")
    laid = len(after.red_threes[0]) - len(state.red_threes[0])
    assert len(after.hands[0]) == before + 2
    assert len(state.stock) - len(after.stock) == 2 + laid
    knee = position("4H 4S", phase="draw", knee=True)
    knee.stock = parse_cards("KS 3H 3D")
    after = knee.apply("draw")   # the 3♦ and 3♥ come to hand after the knee: laid, not replaced
    assert [c.text for c in after.hands[0]] == ["4H", "4S"] and len(after.red_threes[0]) == len(knee.red_threes[0]) + 2


def test_the_pile_is_taken_with_two_natural_cards_of_its_top_rank():
    state = position("KH KS JK 9D 9S 9C", phase="draw", discard="4D KD")
    assert "pickup KS KH" in moves(state)
    assert "natural" in refused(state, "pickup KH JK", "play.pickup")
    black = position("3S 3C KH", phase="draw", discard="KD 3C")
    assert "black 3" in refused(black, "pickup 3S 3C", "play.pickup")
    two = position("2S 2H JK KH", phase="draw", discard="2D")
    assert "pickup 2S 2H" in moves(two)
    refused(two, "pickup 2S JK", "play.pickup")
    joker = position("2S JK KH", phase="draw", discard="JK")
    refused(joker, "pickup 2S JK", "play.pickup")
    after = state.apply("pickup KH KS")   # written in any order
    assert after.discard == [] and Counter(after.hands[0]) == Counter(parse_cards("JK 9D 9S 9C 4D"))
    assert after.melds[0][-1][1] == parse_cards("KH KS KD") or Counter(after.melds[0][-1][1]) == Counter(
        parse_cards("KH KS KD"))
    assert "done" in moves(after) and not any(m.startswith("discard") for m in moves(after))
    refused(after, "discard 9D", "play.discard")


def test_wild_cards_meld_within_their_limits():
    assert meld_problem(parse_cards("KH KS 2C")) is None
    assert meld_problem(parse_cards("KH KS KD KC 2C 2D")) is None
    assert meld_problem(parse_cards("KH KS KD 2C 2D"))[1] == "play.wild-limit"
    assert meld_problem(parse_cards("5H 5S 2C"))[1] == "play.wild-limit"
    assert meld_problem(parse_cards("JK JK 2C 2S 2D 2H JK")) is None
    assert meld_problem(parse_cards("3S 3C 3H"))[1] == "play.threes"
    assert meld_problem(parse_cards("KH KS QD"))[1] == "play.meld"
    state = position("KH KS KD 2C 2D 7H 7S JK 4H")
    refused(state, "meld KH KS 2C 2D", "play.wild-limit")
    refused(state, "meld 7H 7S JK", "play.wild-limit")
    assert state.explain("meld KH KS 2C") is None


def test_the_first_meld_needs_the_deals_minimum_and_a_short_one_is_taken_back():
    assert OPENING == (50, 90, 120, 150)
    state = position("8S 8H 8D 4H 4S 4D 9C 9D 9S", opened=(False, False))
    short = state.apply("meld 4H 4S 4D")   # 15, and the 8s and 9s may still make it up
    assert short.turn_points == 15 and not short.opened[0]
    refused(short, "discard 9C", "play.opening")
    opened = short.apply("meld 8S 8H 8D")
    assert opened.turn_points == 45 and not opened.opened[0]
    back = opened.apply("takeback")
    assert back.melds[0] == [] and len(back.hands[0]) == 9
    refused(back, "meld 4H 4S 4D", "interpretation.short-opening")
    assert back.explain("discard 9C") is None
    hopeless = position("4H 4S 4D 9C", opened=(False, False))
    refused(hopeless, "meld 4H 4S 4D", "play.opening")
    third = position("AH AS AD AC KS KH KD 9C", opened=(False, False), deal=3)
    refused(third, "meld AH AS AD AC", "play.opening")   # 80, and the kings make 110 < 120


def test_the_pile_is_taken_when_the_hand_makes_up_the_opening_beside_the_top_card():
    # From the issue: deal 3 (120), the 10♣ on the pile; the 10♥ 10♥ in hand join the pile's meld,
    # five 10s (50), five queens (50) and five 6s (25) make 125.
    hand = "6C 6C 6D 6H 6S QD QH QH QS QS TC TH TH TS 8H 8S JS KC 3S 3S"
    state = position(hand, phase="draw", discard="9D TC", opened=(False, False), deal=3)
    assert state.explain("pickup TC TS") is None and "pickup TH TC" in moves(state)
    after = state.apply("pickup TC TS").apply("add TH TH to meld 1")
    assert after.turn_points == 50 and not after.opened[0]
    after = after.apply("meld QD QH QH QS QS").apply("meld 6C 6C 6D 6H 6S")
    assert after.turn_points == 125 and after.opened[0]
    # Without the two 10♥ the hand makes only 105.
    short = position(hand.replace("TH TH", "9C 9H"), phase="draw", discard="9D TC", opened=(False, False), deal=3)
    assert "cannot make them up" in refused(short, "pickup TC TS", "play.opening")


def brute_most_points(hand, melds):
    """The most points ``hand`` can meld by any sequence of melds and additions the rules allow:
    a meld of three or more cards of a rank with no meld of that rank short of a canasta, cards
    added to such a meld, each within the meld rules (``meld_problem``)."""
    memo = {}

    def best(hand, melds):
        key = (tuple(sorted(c.text for c in hand)), tuple(sorted((r, len(m), sum(map(is_wild, m))) for r, m in melds)))
        if key not in memo:
            found = 0
            subsets = {tuple(sorted(c, key=meld_order)) for n in range(1, len(hand) + 1)
                       for c in combinations(hand, n)}
            for cards in subsets:
                rest = list(hand)
                for card in cards:
                    rest.remove(card)
                points = sum(map(value, cards))
                rank = meld_rank(cards)
                for i, (r, held) in enumerate(melds):   # added to a meld short of a canasta
                    if len(held) < CANASTA and meld_problem(held + list(cards)) is None \
                            and meld_rank(held + list(cards)) == r:
                        found = max(found, points + best(rest, melds[:i] + [(r, held + list(cards))] + melds[i + 1:]))
                if len(cards) >= 3 and meld_problem(cards) is None and \
                        not any(r == rank and len(held) < CANASTA for r, held in melds):
                    found = max(found, points + best(rest, melds + [(rank, list(cards))]))
            memo[key] = found
        return memo[key]

    return best(list(hand), [(r, list(m)) for r, m in melds])


def test_the_opening_count_agrees_with_a_brute_force_over_the_hand():
    rng = random.Random(9)
    ranks = ["4", "8", "8", "K", "K", "5", "A", "2", "JK", "3"]
    for n in range(60):
        hand = parse_cards(" ".join("JK" if r == "JK" else r + rng.choice("SHDC")
                                    for r in rng.choices(ranks, k=rng.randint(3, 8))))
        melds = rng.choice([(), ("KH KS KD",), ("8H 8S 2C",), ("KH KS KD KC KH 2C",), ("JK JK 2S",),
                            ("8H 8S 8D 8C 8H 8S 2C", "8D 8C 8S")])
        melds = [(_rank(parse_cards(m)), parse_cards(m)) for m in melds]
        assert most_points(hand, melds) == brute_most_points(hand, melds), (hand, melds)
    # The engine's pickups agree: an unopened side takes the pile when the top card, the pair and
    # the best the rest of the hand can meld (into the pile's meld too) reach the minimum.
    for n in range(40):
        top = rng.choice(["8D", "KC", "4H", "AS"])
        hand = [top[0] + "S", top[0] + "H"] + [("JK" if r == "JK" else r + rng.choice("SHDC"))
                                               for r in rng.choices(ranks, k=rng.randint(2, 6))]
        state = position(" ".join(hand), phase="draw", discard="9D " + top, opened=(False, False), deal=2)
        pair = parse_cards(" ".join(hand[:2]))
        rest = state.hands[0][2:]
        can = value(parse_cards(top)[0]) + 2 * value(pair[0]) + brute_most_points(
            rest, [(top[0], parse_cards(top) + pair)]) >= OPENING[1]
        assert (state.explain("pickup " + " ".join(hand[:2])) is None) == can, (hand, top)


def test_the_most_natural_cards_a_rank_melds_agree_with_trying_every_count():
    # The opening count works them out at once, not by trying each count from the most down.
    for naturals in range(40):
        for wilds in range(20):
            tried = next((a for a in range(naturals, -1, -1) if _rank_holds(a, wilds)), None)
            assert _most_naturals(naturals, wilds, 0, 0) == tried, (naturals, wilds)


def test_moves_made_directly_are_those_their_forms_make():
    from rules_engine.games.triple_play import FORMS
    from rules_engine.games.triple_play.melds import add_move, discard_move, meld_move

    cards = tuple(parse_cards("KH KS 2C"))
    for fast, slow in ((meld_move(cards), FORMS["meld"].make(cards)), (add_move(cards, 12), FORMS["add"].make(cards, 12)),
                       (discard_move(cards[0]), FORMS["discard"].make(cards[0]))):
        assert (fast.kind, fast.args, fast.text) == (slow.kind, slow.args, slow.text)


def test_a_canasta_is_closed_and_the_knee_comes_with_the_first():
    state = position("QS QH 9C 9D", melds=(("QD QC QS QH QD",), ()), knee=False)
    state.knees[0] = parse_cards("4H 4S 4D 3H")
    after = state.apply("add QS QH to meld 1")
    assert len(after.melds[0][0][1]) == 7 and after.knee_taken[0]
    assert Counter(after.hands[0]) == Counter(parse_cards("9C 9D 4H 4S 4D"))
    assert len(after.red_threes[0]) == len(state.red_threes[0]) + 1   # the knee's red 3, laid unreplaced
    closed = position("QS QH QD 9C", melds=(("QD QC QS QH QD QC QS",), ()))
    refused(closed, "add QS to meld 1", "play.canasta")
    assert closed.explain("meld QS QH QD") is None        # a new meld of the rank, once a canasta is made
    open_one = position("QS QH QD 9C", melds=(("QD QC QS",), ()))
    refused(open_one, "meld QS QH QD", "play.meld")      # two melds of one rank short of a canasta


def test_the_partner_picks_up_the_knee_after_drawing():
    state = position("4H 9C", phase="draw", melds=(("QD QC QS QH QD QC QS",), ()), knee=False, seat=2)
    knee = list(state.knees[2])
    after = state.apply("draw")
    assert after.knee_taken[2] and Counter(knee) <= Counter(after.hands[2]) + Counter(after.red_threes[0])


def test_the_foot_is_picked_up_when_the_hand_runs_out():
    state = position("KH KS KD", drew="pile", melds=((), ()))
    foot = list(state.feet[0])
    after = state.apply("meld KH KS KD")
    assert after.foot_taken[0] and len(after.hands[0]) + len(after.red_threes[0]) - len(state.red_threes[0]) == 11
    assert Counter(after.hands[0]) <= Counter(foot)
    last = position("9C", melds=((), ()))
    after = last.apply("discard 9C")
    assert after.foot_due[0] and not after.foot_taken[0]
    for move in ("draw", "draw", "draw"):
        after = after.apply(move).apply(f"discard {after.apply(move).hands[after.turn][0].text}")
    assert after.turn == 0 and after.foot_taken[0] and len(after.hands[0]) >= 11 - 3


def test_a_card_is_kept_before_the_knee_and_without_the_book():
    state = position("KH KS KD 9C", knee=False)
    assert "knee" in refused(state, "meld KH KS KD", "play.keep-card")
    footed = position("KH KS KD 9C", knee=True, foot=True)
    assert "basic book" in refused(footed, "meld KH KS KD", "play.book")


BOOK = ("5H 5S 5D 5C 5H 5S 5D", "7H 7S 7D 7C 7H 7S 7D", "JK 2S 2H 2D 2C JK JK", "KH KS KD KC KH KS KD",
        "QH QS QD QC QH QS 2C")


def test_asking_the_partner_and_going_out_with_the_basic_book():
    assert book_missing([[_rank(parse_cards(m)), parse_cards(m)] for m in BOOK]) == []
    assert book_missing([[_rank(parse_cards(m)), parse_cards(m)] for m in BOOK[:-1]]) == ["a mixed canasta"]
    state = position("9H 9S 9D 4C", melds=(BOOK, ()), foot=True)
    refused(state, "meld 9H 9S 9D", "play.ask")
    assert "ask" in moves(state)
    asked = state.apply("ask")
    assert asked.to_act == 2 and moves(asked) == ["yes", "no"]
    refused(asked, "discard 4C", "play.ask")
    no = asked.apply("no")
    assert no.to_act == 0 and "ask" not in moves(no)
    refused(no, "meld 9H 9S 9D", "play.ask")
    out = asked.apply("yes").apply("meld 9H 9S 9D").apply("discard 4C")
    assert out.is_over is False and out.deal_number == 2 and out.hand_results[0][1][0] > 0
    assert "200 for going out" in out.hand_results[0][2][0]
    end = out.table(1)["interlude"]
    assert end["ended"] == "Seat 0 went out." and end["breakdown"][0]["items"][-1] == {
        "label": "Going out", "points": 200, "rule": "scoring.deal", "cards": []}


def test_an_empty_stock_ends_the_deal():
    state = position("4H 9C", phase="draw")
    state.stock = []
    assert moves(state) == ["stop"]
    refused(state, "draw", "interpretation.stock-out")
    after = state.apply("stop")
    assert after.deal_number == 2 and after.hand_results[0][0] == 1 and after.out is None


def _independent_score(melds, red_threes, left_cards, out):
    melded = sum(value(c) for _, cards in melds for c in cards)
    bonus = 0
    for rank, cards in melds:
        if len(cards) == 7:
            bonus += {"7": 5000, "5": 3000, WILD: 2500}.get(rank, 300 if any(map(is_wild, cards)) else 500)
    left = sum(500 if c.rank == "3" and c.is_red else 100 if c.rank == "3" else value(c) for c in left_cards)
    return melded - left + bonus + 100 * red_threes + (300 if red_threes >= 7 else 0) + (200 if out else 0)


def test_four_deals_with_the_dealer_rotating_and_scores_carried():
    state = GAME.new(seed=3)
    dealers, totals, minimums = [state.dealer], (0, 0), [state.minimum]
    bots = [HeuristicBot(s) for s in range(4)]
    while not state.is_over:
        number = state.deal_number
        state = state.apply(bots[state.to_act].choose(state.view(state.to_act)))
        if state.is_over or state.deal_number != number:
            totals = tuple(a + b for a, b in zip(totals, state.hand_results[-1][1]))
            assert state.totals == totals
            if not state.is_over:
                dealers.append(state.dealer)
                minimums.append(state.minimum)
    assert dealers == [3, 0, 1, 2] and minimums == [50, 90, 120, 150] and len(state.hand_results) == 4
    assert state.scores.game == (totals[0], totals[1], totals[0], totals[1])
    best = max(totals)
    assert state.winners == tuple(s for s in range(4) if totals[s % 2] == best)
    assert state.legal_moves() == [] and state.explain("draw").rule == "end.game"


@pytest.mark.parametrize("seed, bot", [(4, HeuristicBot), (6, HeuristicBot), (1, RandomBot)])
def test_the_score_of_a_finished_deal_is_recomputed_from_its_cards(seed, bot):
    final = play_out(ONE_DEAL.new(seed=seed), [bot(seed + s) for s in range(4)])
    number, row, _, hands, melds, _, _ = final.hand_end
    for side in range(2):
        left = [c for s in (side, side + 2) for c in hands[s] + final.knees[s] + final.feet[s]]
        out = final.out is not None and final.out % 2 == side
        assert row[side] == _independent_score([(r, c) for r, c in melds[side]], len(final.red_threes[side]),
                                               left, out)
        for rank, cards in melds[side]:
            assert meld_problem(cards) is None and len(cards) <= 7


def test_the_pad_computes_a_deal_from_canastas_red_threes_and_cards_left():
    facts = {"sevens": [1, 0], "fives": [1, 1], "wilds": [1, 0], "naturals": [1, 2], "mixed": [1, 2],
             "red_threes": [3, 7], "melded": [1200, 760], "left": [145, 40], "out": 0}
    assert score_row("triple-play", facts)["points"] == [12855, 6320]
    assert deal_row(None, {**facts, "out": None}, {})["points"] == [12655, 6320]
    with pytest.raises(ScoreError):
        score_row("triple-play", {**facts, "out": 1})   # East–West have no book
    assert BONUS == {"7": 5000, "5": 3000, WILD: 2500, "natural": 500, "mixed": 300}


def _brute_force(state, picked, target):
    """Whether some legal meld or addition holds the cards picked, over every choice of the hand's
    other cards (copies of a card included: the pack has six of each)."""
    hand = state.hands[state.turn]
    pool = list(hand)
    for card in picked:
        pool.remove(card)
    side = state.turn % 2
    targets = [None] + list(range(1, len(state.melds[side]) + 1))
    for extra_size in range(0, 8 - len(picked)):
        for extra in set(tuple(sorted(c, key=meld_order)) for c in combinations(pool, extra_size)):
            cards = tuple(sorted(list(picked) + list(extra), key=meld_order))
            for number in targets:
                if target is not None and f"meld-{side}-{number}" != target:
                    continue
                move = f"meld {' '.join(c.text for c in cards)}" if number is None else \
                    f"add {' '.join(c.text for c in cards)} to meld {number}"
                if state.explain(move) is None:
                    return True
    return False


def test_the_answers_card_by_card_agree_with_a_brute_force_on_small_hands():
    rng = random.Random(5)
    ranks = ["4", "8", "K", "5", "2", "JK"]
    for _ in range(30):
        texts = [("JK" if r == "JK" else r + rng.choice("SHDC")) for r in rng.choices(ranks, k=rng.randint(3, 6))]
        melds = rng.choice([(), ("KH KS KD",), ("8H 8S 2C", "JK JK 2S")])
        state = position(" ".join(texts) + " 9C", melds=(melds, ()))
        hand = state.hands[0]
        for card in dict.fromkeys(hand):
            answer = state.choose([card.text])
            # A card picked alone may also be discarded alone: that finishing button aside.
            melding = [finish for finish in answer["finish"] if not finish["move"].startswith("discard ")]
            grows = bool(answer["next"] or melding or answer["targets"])
            assert grows == _brute_force(state, [card], None), (texts, melds, card, answer)
            discarded = f"discard {card.text}" in [finish["move"] for finish in answer["finish"]]
            assert discarded == (state.explain(f"discard {card.text}") is None), (texts, card, answer)
            for nxt in answer["next"]:
                assert _brute_force(state, [card, parse_cards(nxt)[0]], None), (texts, melds, card, nxt)
        for pair in dict.fromkeys(tuple(sorted(p, key=meld_order)) for p in combinations(hand, 2)):
            answer = state.choose([c.text for c in pair])
            grows = bool(answer["next"] or answer["finish"] or answer["targets"])
            assert grows == _brute_force(state, list(pair), None), (texts, melds, pair, answer)
            for finished in answer["finish"]:
                assert state.explain(finished["move"]) is None


def test_bad_choices_are_errors():
    state = position("KH KS KD 9C")
    for bad in (["KH"] * 7, "KH", [1], ["??"]):   # the pack holds six K♥
        with pytest.raises(RulesError):
            state.choose(bad)
    assert state.choose(["QS"])["refused"]["rule"] == "play.turn"
    assert state.choose(["KH", "KH"])["refused"] == {"reason": "you do not hold the K♥ 2 times", "rule": "play.turn"}
    assert state.choose(["9C", "KH"])["refused"]["rule"] in state.spec.cited_rules


def test_games_end_under_any_legal_play():
    for seed in range(2):
        final = play_out(ONE_DEAL.new(seed=seed), [RandomBot(seed * 4 + s) for s in range(4)])
        assert final.is_over and len(final.moves_made) <= final.move_bound()


def test_a_meld_the_game_does_not_list_is_made_shared_and_replayed():
    host = Host()
    call = lambda op, **args: host.handle({"v": 1, "op": op, "session": "s", **args})  # noqa: E731
    assert call("open", game="triple-play", seed=2, human=0)["ok"]
    assert call("move", move="pickup 6S 6H")["ok"]
    table = call("select", cards=["8S", "8H", "2H"])["table"]
    assert {"move": "meld 8S 8H 2H", "button": "Meld"} in table["selection"]["finish"]
    assert "meld 8S 8H 2H" not in [c["move"] for c in table["moves"]] and call("move", move="meld 8S 8H 2H")["ok"]
    share = call("share")["share"]
    assert "~~meld~8S~8H~2H~~" in share
    reply = call("open", game="triple-play", seed=2, human=0, share=share)
    assert reply["ok"] and reply["view"]["table"]["turn_points"] == 55


def test_a_last_card_left_by_red_threes_is_discarded_without_going_out():
    state = position("9C", phase="draw", melds=(BOOK, ()), foot=True)
    state.stock = parse_cards("KS KH 3H 3D")
    drew = state.apply("draw")
    assert [c.text for c in drew.hands[0]] == ["9C"] and moves(drew)[0] == "discard 9C"
    after = drew.apply("discard 9C")
    assert after.hands[0] == [] and after.deal_number == 1 and after.turn == 1   # not out: nobody said yes


def test_a_first_meld_may_count_on_pairs_made_up_with_wild_cards():
    state = position("KS KH 2C QS QH JK 9C", opened=(False, False))
    short = state.apply("meld KS KH 2C")           # 40, and the queens with the joker make 70 more
    assert not short.opened[0]
    assert short.apply("meld QS QH JK").opened[0]


def test_a_default_game_ends_as_its_text_says():
    final = played_to_end("triple-play")
    # Four deals, the dealer passing left, each side's total the sum of its deals; the higher
    # total wins (level totals share), each partnership's two seats together.
    assert [n for n, _, _ in final.hand_results] == [1, 2, 3, 4] and final.dealer == 2
    assert final.totals == tuple(sum(p[s] for _, p, _ in final.hand_results) for s in (0, 1))
    assert final.winners == tuple(s for s in range(4) if final.totals[s % 2] == max(final.totals))


def test_a_wild_card_added_to_a_meld_is_built_by_picking_it():
    # A wild card's addition to a meld is legal but listed nowhere (the game lists only some of its
    # built moves): the table must still let the reader pick the joker, aim it at the meld, and
    # discard it with a button of its own once picked alone.
    state = rules_engine.load_game("triple-play").new(seed=2)
    for move in ("pickup 6S 6H", "meld 8S 8H 8D", "meld QS QS QD QD", "done", "draw", "meld AS AC 2C",
                 "discard QD", "draw", "add QS QD to meld 3", "add 8S to meld 2", "meld 5S 5H 5D",
                 "add 5H to meld 4", "meld TH TD TC", "discard 3S", "draw", "add AH to meld 1", "add AH to meld 1",
                 "discard 3C", "draw"):
        state = state.apply(move)
    assert "add JK to meld 3" not in [m.text for m in state.legal_moves()] and state.explain("add JK to meld 3") is None
    assert "JK" in state.table(0)["selection"]["selectable"]
    picked = state.table(0, ["JK"])["selection"]
    assert "meld-0-3" in picked["targets"] and "discard JK" in [finish["move"] for finish in picked["finish"]]
    assert state.table(0, ["JK"], "meld-0-3")["selection"]["finish"] == [{"move": "add JK to meld 3", "button": "Add"}]


def test_a_deals_end_shows_each_partnerships_points_item_by_item():
    # The deal's score as its scoring code counted it: the cards melded, each canasta with its
    # cards, the red 3s laid, each partner's cards left (face up at the end) and going out.
    interlude = first_hand_end(GAME.new(seed=5))
    assert interlude["ended"] == "The stock ran out."
    shown = {z["id"]: z["cards"] for z in interlude["zones"]}
    # Each meld's owner and rank, which its wild cards stand for.
    assert any(z["label"] == "North–South's meld 1: aces (canasta)" and z["owner"] == 0 for z in interlude["zones"])
    for side, group in enumerate(interlude["breakdown"]):
        assert group["seats"] == [side, side + 2]
        items = {item["label"]: item for item in group["items"]}
        assert items["Cards melded"]["points"] > 0 and "Going out" not in items
        for seat in group["seats"]:
            left = items[f"Seat {seat}'s cards left"]
            assert left["cards"] == shown[f"end-left-{seat}"]
            assert left["points"] == -sum(value(c) for c in parse_cards(" ".join(left["cards"])))
        for item in group["items"]:
            if "anasta" in item["label"]:
                assert len(item["cards"]) == CANASTA and item["points"] == BONUS[canasta_kind(item["label"])]
    sevens = next(item for item in interlude["breakdown"][0]["items"] if item["label"] == "Canasta of 7s")
    assert {c[0] for c in sevens["cards"]} == {"7"}


def canasta_kind(label):
    return {"Canasta of 7s": "7", "Canasta of 5s": "5", "Canasta of wild cards": WILD}.get(
        label, label.split()[0].lower())
