"""Crates' own rules: the fifteen deals, matching and drawing only when unable, the 2-sequence and
the hand's end while one is pending, each special card by the number of players, the first
upcard, pressures doubling per side, the 3s' cover, the one-card call and its option, the end
after fifteen hands, the score pad's rows and the bot. Whole games are replayed with the turn,
the direction, every hand's size, the pressures and the scores recomputed independently, from
the moves, the text's effects and the cards held."""

import random

import pytest

import rules_engine
from conformance import check_step, refused
from rules_engine.bots import HeuristicBot, RandomBot
from rules_engine.cards import parse_card, parse_cards
from rules_engine.game import Game
from rules_engine.games.crates import bot as crates_bot
from rules_engine.games.crates import HAND_SIZES, CratesState, hand_score
from rules_engine.scoring import score_row
from ends import first_hand_end, played_to_end
from family_tests import eights_position, heads_up_wins, turning_up

# The shared conformance suite (tests/test_conformance.py) plays fewer of this game's games a batch
# than of most: a game is fifteen hands, some 800 moves; this file recomputes the pressures and
# scores of whole games.
CONFORMANCE_GAMES_PER_BATCH = {"random": 2, "heuristic": 2}

CRATES = rules_engine.load_game("crates")


def position(hands, up, stock="", discard="", turn=1, game=CRATES, **fields):
    """A hand set up as given (``up`` the upcard, on top of ``discard``), ``turn`` to play."""
    return eights_position(game, hands, up, stock, discard, turn, **{"emptied": None, **fields})


def moves(state):
    return [m.text for m in state.legal_moves()]


def sizes(state):
    return [len(h) for h in state.hands]


# ---- the deal, matching and drawing ------------------------------------------------------------

def test_fifteen_deals_of_eight_down_to_one_and_back_the_deal_passing_left():
    assert HAND_SIZES == (8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8)
    for seats in range(2, 6):
        state = CRATES.new(seed=seats, seats=seats)
        assert sizes(state) == [8] * seats and len(state.stock) == 52 - 8 * seats - 1
        check_step(state)
    state = CRATES.new(seed=1)
    seen = []
    bots = [HeuristicBot(seat) for seat in range(4)]
    while not state.is_over:
        if state.hand_moves == 0:
            seen.append((state.hand_number, state.dealer, len(state.hands[(state.dealer + 1) % 4])))
        state = state.apply(bots[state.to_act].choose(state.view(state.to_act)))
    assert [(n, d) for n, d, _ in seen] == [(n, (n - 1) % 4) for n in range(1, 16)]
    assert [size for _, _, size in seen] == list(HAND_SIZES)


def test_a_card_matches_by_suit_or_rank_and_a_player_draws_only_when_unable():
    state = position(["KC 3C", "9S 5H KD QC", "QD 4C", "TC 6C"], up="5S", stock="7D 7H")
    assert moves(state) == ["play 9S call spades", "play 9S call clubs", "play 5H"]
    assert "neither in suit nor in rank" in refused(state, "play KD", "play.match")
    assert "draw only when unable" in refused(state, "draw", "interpretation.must-play")
    assert "you do not hold" in refused(state, "play KC", "play.turn")
    state = position(["KC 3C", "KD QC", "QD 4C", "TC 6C"], up="5S", stock="7D 7H")
    assert moves(state) == ["draw"]
    state = state.apply("draw")
    assert state.to_act == 2 and parse_card("7H") in state.hands[1] and state.table(2)["last"] == "Seat 1 draws a card."


# ---- the 2-sequence ------------------------------------------------------------------------------

def test_a_two_sequence_goes_on_with_twos_and_aces_and_the_first_unable_draws_their_pips():
    state = position(["KC 2D QC", "2S 5H KD", "AD QD 4C", "TC 6C"], up="5S", stock="7D 7H 8C 9C 4H 4D JD")
    state = state.apply("play 2S")
    assert state.phase == "draws" and state.to_act == 2 and moves(state) == ["play AD"]
    assert "you play a 2 or an ace" in refused(state, "play QD", "play.two-sequence")
    assert "must play it" in refused(state, "draw 2", "interpretation.must-play")
    state = state.apply("play AD")
    assert state.pending == 3 and state.to_act == 3 and moves(state) == ["draw 3"]
    state = state.apply("draw 3")
    assert sizes(state)[3] == 5 and state.to_act == 0 and state.phase == "play" and state.up.text == "AD"
    assert moves(state)[0] == "play 2D"   # normal play again, off the ace of diamonds


def test_a_hand_ends_when_a_pending_two_sequence_is_resolved_not_before():
    state = position(["KC QC", "2S", "AD QD 4C", "TC 6C"], up="5S", stock="7D 7H 8C 9C 4H 4D JD")
    state = state.apply("play 2S")
    assert state.hand_number == 1 and sizes(state)[1] == 0 and state.to_act == 2
    state = state.apply("play AD")
    state = state.apply("draw 3")
    number, won, lines = state.hand_results[0]
    # Seat 1 is out; seat 3 holds T♣ 6♣ and three cards drawn: 9♣ 4♦ J♦... all for sides 0+2 / 1+3.
    assert lines[0] == "Seat 1 is out of cards" and state.hand_number == 2
    assert won[0] == won[2] == hand_score(parse_cards("KC QC QD 4C"))
    assert won[1] == won[3] == hand_score(parse_cards("TC 6C 4H 4D JD"))


def test_a_player_out_in_a_two_sequence_that_comes_back_round_draws_and_nobody_is_out():
    state = position(["2C QC", "2S", "AD QD 4C", "2H 6C"], up="5S", stock="7D 7H 8C 9C 4H 4D JD 3S 3H 5C 5D KH KS")
    for move in ("play 2S", "play AD", "play 2H one card", "play 2C one card"):
        state = state.apply(move)
    assert state.to_act == 1 and moves(state) == ["draw 7"]
    state = state.apply("draw 7")
    assert state.hand_number == 2 and "the hand ends with nobody out" in state.table(None)["last"]
    assert not any("out of cards" in line for line in state.hand_results[0][2])


# ---- the other special cards ---------------------------------------------------------------------

def test_a_four_skips_and_a_ten_reverses():
    assert position(["KC", "4S KH QD", "QC", "TC"], up="5S").apply("play 4S").to_act == 3
    state = position(["KC", "TS KH QD", "QC", "TC"], up="5S").apply("play TS")
    assert state.direction == -1 and state.to_act == 0


def test_a_five_makes_everyone_else_draw_in_turn_and_a_pressure_falls_on_whoever_finds_the_stock_empty():
    state = position(["KC QC", "5S KH QD", "QC JC", "TC 9C"], up="5H", stock="AH", discard="7D 7C 7S")
    state = state.apply("play 5S")
    # Seat 2 takes the A♥; seat 3 finds the stock empty: a pressure for side 1 (seats 1 and 3).
    assert sizes(state) == [3, 2, 3, 3] and state.pressures == (0, 1) and state.totals() == (0, 5, 0, 5)
    assert state.up.text == "5S" and len(state.stock) == 4 - 2 and state.to_act == 2
    assert "Seat 3 takes a pressure" in state.table(None)["last"]


def test_a_six_is_followed_by_a_second_card_of_its_suit_or_a_draw_and_a_last_six_is_a_cooper():
    state = position(["KC", "6S KS QD", "QC", "TC"], up="5S", stock="7D 7H")
    state = state.apply("play 6S")
    assert state.to_act == 1 and state.phase == "again" and moves(state) == ["play KS one card"]
    state = state.apply("play KS one card")
    assert state.to_act == 2 and state.up.text == "KS"
    state = position(["KC", "6S QD", "QC", "TC"], up="5S", stock="7D 7H").apply("play 6S one card")
    assert moves(state) == ["draw"] and state.apply("draw").to_act == 2
    cooper = position(["KC", "6S", "QC", "TC"], up="5S", stock="7D 7H").apply("play 6S")
    assert cooper.hand_number == 1 and sizes(cooper)[1] == 1 and cooper.to_act == 2
    assert "a Cooper" in cooper.table(None)["last"]


@pytest.mark.parametrize("seats, drawer", [(2, 0), (3, 2), (4, 3), (5, 3)])
def test_a_seven_makes_the_next_player_draw_or_the_one_after_with_four_or_more(seats, drawer):
    hands = ["KC QC", "7S KH QD", "QC JC", "TC 9C", "9D 9H"][:seats]
    state = position(hands, up="5S", stock="AH AD").apply("play 7S")
    assert sizes(state)[drawer] == len(hands[drawer].split()) + 1 and state.to_act == (2 if seats > 2 else 0)


@pytest.mark.parametrize("seats, drawer", [(2, 0), (3, 0), (4, None), (5, None)])
def test_a_jack_makes_the_other_player_draw_with_two_the_one_before_with_three_and_nothing_with_more(seats, drawer):
    hands = ["KC QC", "JS KH QD", "QC JC", "TC 9C", "9D 9H"][:seats]
    state = position(hands, up="5S", stock="AH AD").apply("play JS")
    grown = [s for s in range(seats) if sizes(state)[s] > len(hands[s].split())]
    assert grown == ([] if drawer is None else [drawer])


def test_an_eight_goes_on_anything_and_a_nine_follows_and_calls_a_suit_of_its_colour():
    state = position(["KC", "8S 9D KH QD", "QC 9C 4S", "TC"], up="5C")
    assert [m for m in moves(state) if m.startswith("play 8S")] == [f"play 8S call {s}" for s in
                                                                    ("spades", "hearts", "diamonds", "clubs")]
    assert "9D" not in " ".join(moves(state))   # a 9 is no wild card
    state = position(["KC", "9C KH QD", "QC 9H 4S", "TC"], up="5C")
    assert "of its own colour" in refused(state, "play 9C call hearts", "play.eight")
    assert refused(state, "play 9C", "play.eight")
    state = state.apply("play 9C call spades")
    assert state.called == "S" and moves(state) == ["play 9H call hearts", "play 9H call diamonds", "play 4S"]
    assert "suit called is spades" in refused(state, "play QC", "play.eight")


def test_the_first_upcard_an_eight_or_nine_makes_the_dealer_call_and_no_other_card_acts():
    def first(card, seats=4):
        return turning_up(CRATES, card, seats, HAND_SIZES[0])
    eight = first("8S")
    assert eight.to_act == 0 and moves(eight) == ["call spades", "call hearts", "call diamonds", "call clubs"]
    nine = first("9H")
    assert moves(nine) == ["call hearts", "call diamonds"]
    assert "only a suit of its colour" in refused(nine, "call clubs", "play.first-upcard")
    assert "call a suit first" in refused(nine, "play " + nine.hands[0][0].text, "play.first-upcard")
    assert nine.apply("call diamonds").called == "D" and nine.apply("call diamonds").to_act == 1
    for card in ("2S", "4S", "5S", "7S", "TS", "JS", "6S"):
        state = first(card)
        assert state.to_act == 1 and state.phase == "play" and state.direction == 1 and sizes(state) == [8] * 4


# ---- pressures -------------------------------------------------------------------------------------

def test_pressures_double_over_the_game_counted_together_for_partners():
    state = position(["KC QC", "KD", "QH JC", "TC 9C"], up="5S", discard="7D 7C", turn=1, pressures=(0, 2))
    state = state.apply("draw")
    assert state.pressures == (0, 3) and state.hand_pressure == (0, 20) and state.totals()[1] == 20
    state = position(["KC QC", "KD", "QH JC", "TC 9C"], up="5S", discard="7D 7C", turn=3, pressures=(0, 2))
    assert state.apply("draw").totals() == (0, 20, 0, 20)
    # Three players play alone: each counts their own.
    alone = position(["KC QC", "KD", "QH JC"], up="5S", discard="7D 7C", turn=1, pressures=(1, 0, 3))
    assert alone.apply("draw").pressures == (1, 1, 3) and alone.apply("draw").totals() == (0, 5, 0)


def test_with_nothing_under_the_upcard_there_is_no_pressure_and_the_player_passes():
    state = position(["KC QC", "KD", "QH JC", "TC 9C"], up="5S")
    assert moves(state) == ["pass"] and refused(state, "draw", "play.draw")
    state = state.apply("pass")
    assert state.pressures == (0, 0) and state.to_act == 2


# ---- scoring and the end -------------------------------------------------------------------------

def test_cards_left_score_with_the_threes_covering_the_costliest_but_eights():
    assert hand_score(parse_cards("AS 2S 4S 5S 6S 7S 8S 9S TS JS QS KS")) == \
        1 + 20 + 15 + 30 + 30 + 20 + 50 + 30 + 25 + 10 + 10 + 10
    assert hand_score(parse_cards("3S 3H 3D")) == -150
    assert hand_score(parse_cards("3S 8H 5D KC")) == 50 + 3 + 10
    assert hand_score(parse_cards("3S 3C 3D 8H KD")) == 50 + 3       # a 3 left over covers nothing
    assert hand_score(parse_cards("3S AH")) == 1                      # covering never raises a score


def test_the_game_ends_after_fifteen_hands_and_the_lowest_side_wins():
    state = position(["KC QC", "KD", "QH JC", "TC 9C"], up="5D", turn=1, hand_number=15,
                     points=(100, 80, 100, 80), pressures=(1, 0))
    state = state.apply("play KD")
    assert state.is_over and state.hand_number == 15 and state.winners == (1, 3)
    assert state.points == (100 + 40, 80 + 55, 100 + 40, 80 + 55)
    assert state.table(None)["result"] == "Seat 1 and Seat 3 win with 135 points, the lowest total after fifteen hands."
    sheet = state.table(None)["score"]
    assert sheet["columns"] == ["Seat 0 and Seat 2", "Seat 1 and Seat 3"]


def test_a_hand_of_300_moves_ends_with_nobody_out():
    state = position(["KC 3C", "9H KH", "QC 4C", "TC 6C"], up="5S", stock="7D", hand_moves=299)
    state = state.apply("draw")
    assert state.hand_number == 2 and "300 moves" in state.table(None)["last"]


# ---- the call and its option -----------------------------------------------------------------------

def test_one_card_is_said_with_the_move_and_with_the_option_a_forgotten_call_costs_two_at_the_next_turn():
    state = position(["KC", "9S 5H", "QC", "TC"], up="5S", stock="7D")
    assert moves(state) == ["play 9S call spades one card", "play 9S call clubs one card", "play 5H one card"]
    assert "one card" in refused(state, "play 5H", "play.one-card")
    forgetful = rules_engine.load_game("crates", forgetful=True)
    state = position(["KC QC", "9S 5H", "QC JC", "TC 6C"], up="5S", stock="AH AD 7D 7C 7S KS KD", game=forgetful)
    state = state.apply("play 5H")
    assert sizes(state) == [3, 1, 3, 3] and state.owed == (0, 2, 0, 0)    # the 5's draws, nothing yet for the call
    for move in ("draw", "draw", "draw"):
        state = state.apply(move)
    assert state.to_act == 1 and sizes(state)[1] == 3 and "not said" in state.table(None)["last"]


# ---- whole games, recomputed independently --------------------------------------------------------

class Watched(CratesState):
    """Crates noting the cards each seat holds when a hand is scored."""

    def _end_hand(self, winner):
        self.ended_with = [list(h) for h in self.hands]
        return super()._end_hand(winner)


VALUE = {"A": 1, "2": 20, "4": 15, "5": 30, "6": 30, "7": 20, "8": 50, "9": 30, "T": 25, "J": 10, "Q": 10, "K": 10}


def cards_left(cards):
    """The text's scoring, written again: 3s alone −50 each; else each 3 makes one other card but an
    8 count 3 (the player covering their dearest cards, never raising one)."""
    ranks = [c.rank for c in cards]
    if ranks and set(ranks) == {"3"}:
        return -50 * len(ranks)
    dear = sorted((VALUE[r] for r in ranks if r not in "38"), reverse=True)
    covers = ranks.count("3")
    return 50 * ranks.count("8") + sum(v if i >= covers else min(v, 3) for i, v in enumerate(dear))


def drawers(state, move):
    """Who draws, in order, as ``move`` is made, from the text's effects: ``[(seat, cards)]``."""
    seat, seats, direction = state.turn, state.seats, state.direction

    def nxt(k):
        return (seat + direction * k) % seats
    if move.kind in ("draw", "draw-all"):
        return [(seat, state.pending if move.kind == "draw-all" else 1)]
    if not move.kind.startswith("play") or state.phase == "draws" or move.card.rank == "2":
        return []
    rank = move.card.rank
    if rank == "5":
        return [(nxt(k), 1) for k in range(1, seats)]
    if rank == "7":
        return [(nxt(1 if seats <= 3 else 2), 1)]
    if rank == "J" and seats <= 3:
        return [(nxt(1 if seats == 2 else -1), 1)]
    if rank == "6" and len(state.hands[seat]) == 1:
        return [(seat, 1)]
    return []


def test_whole_games_turns_draws_pressures_and_scores_recomputed_independently():
    pressures_seen = 0
    for number in range(16):
        seats = 2 + number % 4
        state = Game(Watched).new(seed=f"replay-{number}", seats=seats)
        sides = 2 if seats == 4 else seats
        bots = [RandomBot(number) if number % 2 else HeuristicBot(number) for _ in range(seats)]
        count, totals, hand_pressure = [0] * sides, [0] * sides, [0] * sides
        while not state.is_over:
            move = state.parse_move(bots[state.to_act].choose(state.view(state.to_act)))
            stock, under = len(state.stock), len(state.discard) - 1 + move.kind.startswith("play")
            grown = [0] * seats
            for seat, cards in drawers(state, move):
                for _ in range(cards):
                    if stock == 0:
                        if under == 0:
                            break
                        side = seat % sides
                        count[side] += 1
                        hand_pressure[side] += 5 * 2 ** (count[side] - 1)
                        stock, under = under, 0
                    stock -= 1
                    grown[seat] += 1
            hands_before, before = len(state.hand_results), state
            state = state.apply(move)
            assert list(state.pressures) == count
            if len(state.hand_results) == hands_before:
                expect_turn(before, move, state, grown)
            else:
                row = [hand_pressure[side] + sum(cards_left(h) for s, h in enumerate(state.ended_with)
                                                 if s % sides == side) for side in range(sides)]
                totals = [t + r for t, r in zip(totals, row)]
                assert list(state.hand_results[-1][1]) == [row[s % sides] for s in range(seats)]
                hand_pressure = [0] * sides
            assert list(state.scores.game) == [totals[s % sides] + hand_pressure[s % sides] for s in range(seats)]
        pressures_seen += sum(count)
        best = min(totals)
        assert len(state.hand_results) == 15
        assert state.winners == tuple(s for s in range(seats) if totals[s % sides] == best)
    assert pressures_seen > 0


def expect_turn(before, move, after, grown):
    """The seat to act, the direction and every hand's size after ``move``, from the text's
    effects and the draws worked out above."""
    seat, seats, direction = before.turn, before.seats, before.direction

    def nxt(d, k=1):
        return (seat + d * k) % seats
    played = move.kind.startswith("play")
    assert [len(h) for h in after.hands] == [len(h) + grown[s] - (played and s == seat)
                                             for s, h in enumerate(before.hands)]
    rank = move.card.rank if played else None
    turn, turned = nxt(direction), direction
    if played and (before.phase == "draws" or rank == "2"):
        assert after.phase == "draws" and after.pending == before.pending + (2 if rank == "2" else 1)
    elif rank == "6" and len(before.hands[seat]) > 1:
        turn = seat
        assert after.phase == "again"
    elif rank == "4":
        turn = nxt(direction, 2)
    elif rank == "T":
        turned = -direction
        turn = nxt(turned)
    assert after.turn == turn and after.direction == turned


# ---- the score pad ---------------------------------------------------------------------------------

def test_the_score_pads_rows_add_pressures_doubling_from_the_rows_before():
    first = score_row("crates", {"cards": [40, -50], "pressures": [1, 2]}, hand=1, columns=2)
    assert first["points"] == [45, -50 + 5 + 10] and first["state"] == {"pressures": [1, 2]}
    second = score_row("crates", {"cards": [0, 10], "pressures": [1, 1]}, hand=2, context=first["state"], columns=2)
    assert second["points"] == [10, 30]
    with pytest.raises(rules_engine.errors.RulesError, match="hands 1 to 15"):
        score_row("crates", {"cards": [0, 0], "pressures": [0, 0]}, hand=16, columns=2)
    assert [h.name for h in CRATES.state_class.spec.scoring.hands][::7] == ["Hand 1: 8 cards", "Hand 8: 1 card",
                                                                          "Hand 15: 8 cards"]


# ---- the bot ---------------------------------------------------------------------------------------

def choice(state, seed=1):
    return crates_bot.choose(state.view(state.to_act), random.Random(seed))


def test_the_bot_spares_its_partner_a_seven_and_aims_it_at_an_opponent_alone():
    # Four in partnerships: a 7 from seat 1 makes seat 3, its partner, draw.
    state = position(["KC QC", "7S KS 4H", "QH JC", "TC 9C"], up="5S", stock="AH AD")
    assert choice(state) == "play KS"
    # Three alone: the 7 makes the next player, an opponent with one card, draw.
    state = position(["KC QC", "7S KS 4H", "QH"], up="5S", stock="AH AD")
    assert choice(state) == "play 7S"


def test_the_bot_keeps_its_eights_and_threes_and_calls_its_longest_suit():
    assert choice(position(["KC", "8S 3S KS QH", "QC", "TC"], up="5S")) == "play KS"
    assert choice(position(["KC", "8S KH QH 2H QD", "QC", "TC"], up="5C")) == "play 8S call hearts"
    assert choice(position(["KC", "8S KH", "QC", "TC"], up="5S")).endswith("one card")


def test_the_bot_beats_random_players():
    assert heads_up_wins(CRATES, 30) >= 20


def test_a_last_card_that_makes_others_draw_does_so_before_the_hand_is_scored():
    state = position(["KC", "5S", "QC", "TC"], up="5H", stock="AH AD 4S")
    state = state.apply("play 5S")
    number, won, lines = state.hand_results[0]
    assert lines[0] == "Seat 1 is out of cards"
    assert won == (10 + 10 + 1 + 15, 25 + 1) * 2     # seats 2, 3 and 0 drew the 4♠, the A♦ and the A♥
    state = position(["KC", "4S", "QC", "TC"], up="4H")
    assert state.apply("play 4S").hand_results[0][1] == (20, 25, 20, 25)


def test_four_may_play_alone_with_the_partners_option_off():
    alone = rules_engine.load_game("crates", partners=False)
    state = position(["KC QC", "KD", "QH JC", "TC 9C"], up="5D", game=alone, turn=1)
    state = state.apply("play KD")
    assert state.hand_results[0][1] == (20, 0, 20, 55) and state.sides == 4
    assert state.table(None)["score"]["columns"] == ["Seat 0", "Seat 1", "Seat 2", "Seat 3"]


def test_a_default_game_ends_as_its_text_says():
    final = played_to_end("crates")
    # Fifteen hands of 8 down to 1 and back; the lowest total (a side's, for partners) wins.
    assert final.hand_number == 15 == len(final.hand_results)
    assert [n for n, _, _ in final.hand_results] == list(range(1, 16))
    best = min(final.points)
    assert final.winners == tuple(s for s in range(final.seats) if final.points[s] == best)
    assert final.points[0] == final.points[2] and final.points[1] == final.points[3]   # partners share


def test_a_hands_end_shows_each_sides_cards_left_player_by_player_and_its_pressures():
    end = first_hand_end(CRATES.new(seed=3))
    assert [group["seats"] for group in end["breakdown"]] == [[0, 2], [1, 3]]
    shown = {c for z in end["zones"] for c in z["cards"]}
    items = [item for group in end["breakdown"] for item in group["items"]]
    assert all(set(item["cards"]) <= shown for item in items)
    assert {item["label"] for item in items} >= {"Seat 3's cards", "Pressures"}, items
