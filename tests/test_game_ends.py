"""Each game of two or more players, played with its default options by the
site's bots, ends as its text (or, where the text is silent, its page's
"Scoring and end of the game") says, and names the winners that end makes."""

import pytest

import rules_engine
from rules_engine.bots import HeuristicBot, play_out


def most(values):
    best = max(values)
    return tuple(i for i, v in enumerate(values) if v == best)


def sides(side, seats=4):
    return tuple(seat for seat in range(seats) if seat % 2 == side)


def king(final):
    # Ten hands, each dealt once; the highest total wins.
    assert final.hand_number == final.hands_in_game == 10 == len(final.hand_results)
    assert final.winners == most(final.points)


def lorum(final):
    # 28 hands: each of the four dealers deals the seven contracts; the most chips win.
    assert final.hand_number == final.hands_in_game == 28 == len(final.hand_results)
    assert final.winners == most(final.chips.held)


def kaiser(final):
    # Play on until a side has 52 or more; the higher score wins.
    scores = final.game_scores
    assert max(scores) >= 52 and scores[0] != scores[1]
    assert final.winners == sides(0 if scores[0] > scores[1] else 1)


def scotch_whist(final):
    # The first to 41, counting in the order of scoring.
    totals = final.game_scores
    assert max(totals) >= 41 and len(final.winners) == 1 and totals[final.winners[0]] >= 41
    before = [total - points for total, points in zip(totals, final.hand_results[-1][1])]
    assert max(before) < 41


def malilla(final):
    # A side with 35 or more after a hand wins; the other is short of it.
    scores = final.game_scores
    winner = 0 if scores[0] >= 35 else 1
    assert scores[winner] >= 35 > scores[1 - winner] and final.winners == sides(winner)


def couillon(final):
    # The first side to rub out every line of its board, marks included.
    empty = [side for side, board in enumerate(final.boards) if not board]
    assert len(empty) == 1 and final.winners == sides(empty[0])


def getaway(final):
    # One deal: the last player holding cards loses; everyone else got away.
    assert len(final.losers) == 1 and final.play.number <= 200
    loser = final.losers[0]
    assert all(not hand for seat, hand in enumerate(final.play.hands) if seat != loser)
    assert final.winners == tuple(seat for seat in range(final.seats) if seat != loser)


def rolling_stone(final):
    # One deal: the first player out of cards wins.
    assert len(final.winners) == 1 and not final.play.hands[final.winners[0]]
    assert all(final.play.hands[seat] for seat in range(final.seats) if seat not in final.winners)


def salute_the_king(final):
    # One deal: the first player out of cards wins (after the turn limit, the fewest cards).
    piles = [len(p) for p in final.piles]
    if final.turns < 600:
        assert len(final.winners) == 1 and piles[final.winners[0]] == 0
    else:
        assert final.winners == tuple(s for s in range(final.seats) if piles[s] == min(piles))


def ristiseiska(final):
    # One deal: the first player out of cards wins.
    assert len(final.winners) == 1 and not final.hands[final.winners[0]] and final.gifts < 100


def chips_game(final):
    # Every player deals once (the default), or a player is out of chips; the most chips win.
    assert final.hand_number == final.hands_in_game or min(final.chips.held) <= 0
    assert final.winners == most(final.chips.held)


def comet(final):
    # The hand in which a player reaches 100 ends the game, and that player wins.
    assert max(final.points) >= 100 and final.winners == most(final.points)
    before = [total - won for total, won in zip(final.points, final.hand_results[-1][1])]
    assert max(before) < 100


def mate(final):
    # Four hands (two deals, each replayed with the hands swapped); the higher total wins, a tie draws.
    assert final.hand_number == 4 == len(final.hand_results)
    assert final.winners == most(final.game_scores)


def turnover_bridge(final):
    # The first to win three deals wins the match; the other has fewer.
    deals = final.game_scores
    assert max(deals) == 3 and min(deals) < 3 and final.winners == most(deals)


def last_one(final):
    # Players reaching the limit drop out; the last one left wins.
    threshold = final.options["out_at"]
    assert len(final.active) <= 1 and all(final.points[s] < threshold for s in final.active)
    if final.active:
        assert final.winners == tuple(final.active)
    else:  # the last players all dropped out in one hand: the lowest total of them wins
        last = final.dropped_last
        assert final.winners == tuple(s for s in last if final.points[s] == min(final.points[t] for t in last))
    assert sum(1 for p in final.points if p < threshold) == len(final.active)


def crates(final):
    # Fifteen hands of 8 down to 1 and back; the lowest total (a side's, for partners) wins.
    assert final.hand_number == 15 == len(final.hand_results)
    assert [n for n, _, _ in final.hand_results] == list(range(1, 16))
    best = min(final.points)
    assert final.winners == tuple(s for s in range(final.seats) if final.points[s] == best)
    assert final.points[0] == final.points[2] and final.points[1] == final.points[3]   # partners share


def go_boom(final):
    # One deal: the first player out of cards wins.
    assert final.winners == (final.winner,) and not final.hands[final.winner]
    assert all(final.hands[seat] for seat in range(final.seats) if seat != final.winner)


def gin_rummy(final):
    # The first to 100 wins (only the hand's scorer can reach it), or after 20 hands the higher
    # total; the final count adds 100 for the game and 25 a hand won, doubled after a shutout.
    reached = [seat for seat in range(2) if final.points[seat] >= 100]
    assert len(reached) <= 1 and (reached or len(final.hand_results) == 20)
    assert final.winners == (tuple(reached) if reached else most(final.points))
    if len(final.winners) == 1:
        (winner,) = final.winners
        bonus = (final.points[winner] + 100 + 25 * final.boxes[winner]) * (2 if final.points[1 - winner] == 0 else 1)
        assert final.final[winner] == bonus


def jersey_gin(final):
    # The first to 100 wins (only the hand's scorer can reach it), or after 30 hands the highest
    # total; the final count adds 100 for reaching 100 and 25 a hand won, for every player.
    reached = [seat for seat in range(3) if final.points[seat] >= 100]
    assert len(reached) <= 1 and (reached or len(final.hand_results) == 30)
    assert final.winners == (tuple(reached) if reached else most(final.points))
    assert final.points == tuple(sum(p[s] for _, p, _ in final.hand_results) for s in range(3))
    assert final.final == tuple(final.points[s] + 25 * final.boxes[s] + 100 * (s in reached) for s in range(3))


def bartok(final):
    # A session of ``hands`` hands, or fewer when the rules leave a card nothing could follow:
    # each hand won counts one, and most hands won wins.
    from rules_engine.games.bartok_rules import dead_ends

    played = len(final.hand_results)
    assert final.ended_by in ("hands", "no-play")
    assert played == final.options["hands"] if final.ended_by == "hands" else dead_ends(final.in_force)
    assert final.points == tuple(sum(p[s] for _, p, _ in final.hand_results) for s in range(final.seats))
    assert sum(final.points) <= played and final.winners == most(final.points)


def chinese_ten(final):
    # One deal by default: the hands and the stock played out, every card won, the highest count wins.
    assert final.hand_number == final.options["hands"] == 1 and not final.stock and not any(final.hands)
    assert sum(len(pile) for pile in final.won) == 52 and not final.layout
    assert sum(final.points) == {2: 210, 3: 240, 4: 280}[final.seats]
    assert final.winners == most(final.points)


def pishe_pasha(final):
    # One deal: the first player with nothing in stock, in hand or on the discard pile wins.
    (winner,) = final.winners
    assert not final.stocks[winner] and not final.discards[winner] and final.turned[winner] is None
    assert final.stocks[1 - winner] or final.discards[1 - winner] or final.turned[1 - winner] is not None


def yaniv(final):
    # Players above 200 are out; the last one left wins, or, when the last ones all go out in one
    # hand, the lowest of them; after 100 hands the lowest total still in.
    out = [s for s in range(final.seats) if final.points[s] > 200]
    assert tuple(final.active) == tuple(s for s in range(final.seats) if s not in out)
    if len(final.active) == 1:
        assert final.winners == tuple(final.active)
    elif not final.active:
        rows = final.hand_results[-1][1]
        last = [s for s in out if final.points[s] - rows[s] <= 200]
        assert final.winners == tuple(s for s in last if final.points[s] == min(final.points[t] for t in last))
    else:
        assert final.hand_number == 100
        assert final.winners == tuple(s for s in final.active
                                      if final.points[s] == min(final.points[t] for t in final.active))


def stop_the_bus(final):
    # Players with no token left are out; the last with a token wins (or those put out together share).
    tokens = final.options["tokens"]
    left = [s for s in range(final.seats) if final.lost[s] < tokens]
    assert len(left) <= 1
    assert final.winners == (tuple(left) if left else final.active)


def commune(final):
    # Each call costs one token; players with none are out; the last with a token wins.
    tokens = final.options["tokens"]
    left = [s for s in range(final.seats) if final.lost[s] < tokens]
    assert final.winners == tuple(left) and len(left) == 1
    assert len(final.hand_results) == sum(final.lost) == (final.seats - 1) * tokens + final.lost[left[0]]


def diloti(final):
    # To 61 by sides: a side has 61 or more and more than the other, every hand counted, the table
    # and the stock empty.
    assert final.points == tuple(sum(p[s] for _, p, _ in final.hand_results) for s in (0, 1))
    assert max(final.points) >= 61 and final.points[0] != final.points[1]
    assert all(max(sum(p[s] for _, p, _ in final.hand_results[:n]) for s in (0, 1)) < 61
               or len({sum(p[s] for _, p, _ in final.hand_results[:n]) for s in (0, 1)}) == 1
               for n in range(1, len(final.hand_results)))
    best = final.points.index(max(final.points))
    assert final.winners == tuple(s for s in range(final.seats) if s % 2 == best)
    assert not final.stock and not final._table_cards() and not any(final.hands)


def umtali(final):
    # Four hands, the deal alternating; each side's points added up; the higher total wins.
    assert final.hand_number == 4 == len(final.hand_results)
    assert final.points == tuple(sum(p[s] for _, p, _ in final.hand_results) for s in (0, 1))
    assert final.winners == most(final.points)


def cassino(final):
    # To 21: a player has 21 or more and more than the other, every deal counted, no earlier deal
    # ending with a player past 21 and ahead; the table and the stock empty.
    assert final.points == tuple(sum(p[s] for _, p, _ in final.hand_results) for s in (0, 1))
    assert max(final.points) >= 21 and final.points[0] != final.points[1]
    for n in range(1, len(final.hand_results)):
        totals = [sum(p[s] for _, p, _ in final.hand_results[:n]) for s in (0, 1)]
        assert max(totals) < 21 or totals[0] == totals[1]
    assert final.winners == (final.points.index(max(final.points)),)
    assert not final.stock and not final._table_cards() and not any(final.hands)


def zetema(final):
    # The first to 300 (two players by default) wins at once: only the winner has reached it, and
    # the hands' rows, the last one cut short, add up to the totals.
    assert final.points == tuple(sum(p[s] for _, p, _ in final.hand_results) for s in range(final.sides))
    assert final.target == 300 and final.winners == tuple(s for s in range(final.seats) if final.points[s] >= 300)
    assert len(final.winners) == 1 and final.points[final.winners[0]] - final.hand_results[-1][1][final.winners[0]] < 300


def vazhushal(final):
    # One hand by default: won by the player who goes out (no card left), or, once the stock is out,
    # by the highest count of melds less cards in hand; the winner scores one hand won.
    (winners, rule), = [final.outcome]
    assert final.hand_number == final.options["hands"] == 1 and final.winners == winners
    if rule == "end.out":
        assert len(winners) == 1 and not final.hands[winners[0]] and all(final.hands[s] for s in range(final.seats)
                                                                         if s not in winners)
    else:
        assert not final.stock and final.winners == most(final.counts())
    assert final.points == tuple(int(s in winners) for s in range(final.seats))


def seven_and_a_half(final):
    # The game's hands are played, or it ends after the first hand leaving a player with no chips;
    # the most chips win, every stake settled.
    held, hands = final.chips.held, len(final.hand_results)
    assert hands == final.options["hands"] or min(held) <= 0
    assert all(min(held_after) > 0 for held_after in _chips_after_each_hand(final)[:-1])
    assert not any(final.staked(s) for s in range(final.seats)) and sum(held) == final.chips.issued
    assert final.winners == tuple(s for s in range(final.seats) if held[s] == max(held))


def ziginette(final):
    # As Seven and a Half's end; the bank stays or passes to the right, one seat a hand.
    seven_and_a_half(final)
    assert all(b in (a, (a - 1) % final.seats) for a, b in zip(final.bankers, final.bankers[1:]))


def _chips_after_each_hand(final):
    totals, after = [final.options["chips"]] * final.seats, []
    for _, won, _ in final.hand_results:
        totals = [t + w for t, w in zip(totals, won)]
        after.append(totals)
    return after


def triple_play(final):
    # Four deals, the dealer passing left, each side's total the sum of its deals; the higher
    # total wins (level totals share), each partnership's two seats together.
    assert [n for n, _, _ in final.hand_results] == [1, 2, 3, 4] and final.dealer == 2
    assert final.totals == tuple(sum(p[s] for _, p, _ in final.hand_results) for s in (0, 1))
    assert final.winners == tuple(s for s in range(4) if final.totals[s % 2] == max(final.totals))


ENDS = {"bartok": bartok, "gin-rummy": gin_rummy, "jersey-gin": jersey_gin, "king": king, "last-one": last_one,
        "crates": crates, "go-boom": go_boom, "lorum": lorum, "kaiser": kaiser, "scotch-whist": scotch_whist,
        "malilla": malilla, "couillon": couillon, "getaway": getaway, "rolling-stone": rolling_stone,
        "ristiseiska": ristiseiska, "play-or-pay": chips_game, "spinado": chips_game, "pope-joan": chips_game,
        "comet": comet, "mate": mate, "turnover-bridge": turnover_bridge, "chinese-ten": chinese_ten,
        "pishe-pasha": pishe_pasha, "yaniv": yaniv, "stop-the-bus": stop_the_bus, "diloti": diloti,
        "umtali": umtali, "cassino": cassino, "zetema": zetema, "vazhushal": vazhushal, "seven-and-a-half": seven_and_a_half, "triple-play": triple_play,
        "ziginette": ziginette, "salute-the-king": salute_the_king, "commune": commune}


def test_every_game_of_two_or_more_players_has_its_end_checked_here():
    assert set(ENDS) == {spec.id for spec in rules_engine.list_games() if spec.seats[1] >= 2}


@pytest.mark.parametrize("game_id", sorted(ENDS))
def test_a_default_game_ends_as_its_text_says(game_id):
    state = rules_engine.load_game(game_id).new(seed=f"ends-{game_id}")
    final = play_out(state, [HeuristicBot(seat) for seat in range(state.seats)])
    assert final.is_over and final.winners
    ENDS[game_id](final)
