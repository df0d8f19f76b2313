"""Salute the King's own rules: the deal, turning in turn, the gestures, the last and the wrong
reaction, false alarms, the beat, running out, the turn limit and the bot's reaction times."""

import random

import pytest

import rules_engine
from conformance import check_step, refused
from rules_engine.bots import HeuristicBot, RandomBot, play_out
from rules_engine.cards import make_deck
from rules_engine.errors import IllegalMoveError, NotationError
from rules_engine.host import Host
import rules_engine.record
from rules_engine.games.salute_the_king import bot as bot
from rules_engine.games.salute_the_king import TURN_LIMIT, deal_sizes, gesture_for
from ends import game_end_explained, played_to_end

# The shared conformance suite (tests/test_conformance.py) plays fewer of this game's games a batch
# than of most: random players' reactions out of turn are each applied in every explain check.
CONFORMANCE_GAMES_PER_BATCH = {"random": 10}

SALUTE = rules_engine.load_game("salute-the-king")


def after(moves, seed=1, seats=4):
    state = SALUTE.new(seed=seed, seats=seats)
    for move in moves:
        state = state.apply(move)
    return state


def fixed(order, seats=3):
    """A deal from the pack in ``order`` (the first text dealt last, on top of a pile)."""
    return SALUTE.new(seats=seats, decks={"deal": order})


@pytest.mark.parametrize("seats", [3, 8, 9])
def test_the_whole_pack_is_dealt_as_evenly_as_it_goes_face_down(seats):
    state = SALUTE.new(seed=3, seats=seats)
    size = 104 if seats >= 9 else 52
    assert state.pack_name() == str(size)
    assert [len(p) for p in state.piles] == deal_sizes(size, seats)
    assert state.to_act == 1 and state.view(1)["moves"] == ["turn"]
    assert all(c == "??" for z in state.table(1)["zones"] if z["id"].startswith("hand-") for c in z["cards"])
    check_step(state)


def test_turning_goes_round_to_the_left_and_a_number_card_calls_for_nothing():
    pack = [c.text for c in make_deck("52")]
    # dealt from the end of the order, each card on top of its pile: the first cards end on top
    order = ["2C", "4C", "3C", "KS"] + [t for t in pack if t not in ("2C", "3C", "4C", "KS")]
    state = fixed(order)
    assert [state.piles[s][0].text for s in (1, 2, 0)] == ["2C", "3C", "4C"]
    state = state.apply("turn")
    assert state.to_act == 2 and not state.window and state.alarm
    state = state.apply("turn").apply("turn")
    assert [c.text for c in state.middle] == ["2C", "3C", "4C"] and state.to_act == 1
    state = state.apply("turn")   # seat 1's K♠
    assert state.window[0].text == "KS" and set(state.window[1]) == {0, 1, 2}
    assert refused(state, "turn", "play.reaction")


def test_the_last_to_react_takes_the_pile_under_their_own():
    state = after(["turn"] * 4)     # seat 0 turns the K♦, the fourth card: the players are asked 1, 2, 3, 0
    assert state.window[1] == (1, 2, 3, 0) and state.to_act == 1
    assert state.view(1)["moves"] == ["1 stands", "1 salutes", "1 bows", "1 applauds", "beat"]
    middle = list(state.middle)
    state = state.apply("1 salutes")
    assert refused(state, "1 salutes", "play.reaction") == "Seat 1 has already reacted to the K♦"
    state = state.apply("2 salutes").apply("3 salutes")
    assert state.piles[0][-4:] == middle and state.middle == [] and not state.window
    assert state.to_act == 1        # the turn passes on from the turner, not from the taker


@pytest.mark.parametrize("gesture", ["stands", "bows", "applauds"])
def test_a_wrong_gesture_takes_the_pile_at_once(gesture):
    state = after(["turn"] * 4 + ["1 salutes"])
    wrong = state.apply(f"2 {gesture}")
    assert len(wrong.piles[2]) == 16 and not wrong.window and wrong.to_act == 1


def test_a_gesture_at_a_number_card_takes_the_pile_until_the_next_card_is_turned():
    state = after(["turn"])         # seat 1 turns the 6♦; seat 2 is to turn next
    assert not gesture_for(state.middle[-1]) and state.to_act == 2
    alarm = state.apply("2 bows")
    assert len(alarm.piles[2]) == 14 and alarm.middle == [] and alarm.to_act == 2   # still seat 2's turn
    assert refused(alarm, "2 bows", "play.reaction")
    other = state.apply("0 bows")   # any seat may make a false alarm, out of turn
    assert len(other.piles[0]) == 14 and other.to_act == 2 and other.moves_made[-1][2] == 0
    assert refused(state.apply("turn"), "0 bows", "play.reaction") if gesture_for(state.apply("turn").middle[-1]) \
        else state.apply("turn").apply("0 bows").to_act == 3
    assert refused(SALUTE.new(seed=1, seats=4), "2 salutes", "play.reaction")
    assert refused(state, "beat", "interpretation.beat")


def test_a_player_who_lets_the_beat_pass_is_last():
    state = after(["turn"] * 4 + ["1 salutes", "beat"])
    assert len(state.piles[2]) == 16 and state.table(None)["last"].startswith("Seat 2 lets the beat pass")


def test_bad_moves_are_refused_or_unreadable():
    state = after(["turn"] * 4)
    assert refused(state, "7 salutes", "play.reaction")
    for text in ("salute", "x salutes", "1 waves", ""):
        with pytest.raises(NotationError):
            state.apply(text)


def test_turning_the_last_card_wins_unless_the_pile_comes_back():
    state = SALUTE.new(seed=4, seats=3)
    while not state.is_over:
        state = state.apply(state.legal_moves()[0] if state.window is None else
                            f"{state.to_act} {bot.VERBS[gesture_for(state.window[0])]}")
    winner = state.winners[0]
    assert len(state.winners) == 1 and state.piles[winner] == [] and state.scores.game[winner] == 1
    assert state.table(None)["result"].endswith("is out of cards and wins.")


def test_the_turn_limit_ends_the_game_with_the_fewest_cards_winning():
    """Players who react rightly except the turner, who always errs and takes the pile back, keep
    the cards going round for ever."""
    state = SALUTE.new(seed=1, seats=3)
    while not state.is_over:
        if state.window:
            right = bot.VERBS[gesture_for(state.window[0])]
            wrong = "bows" if right != "bows" else "stands"
            state = state.apply(f"{state.to_act} {wrong if state.to_act == state.turner else right}")
        else:
            state = state.apply("turn")
    piles = [len(p) for p in state.piles]
    assert state.turns == TURN_LIMIT and piles == [23, 11, 13] and state.winners == (1,)
    assert len(state.moves_made) <= state.move_bound()
    assert "fewest cards" in state.table(None)["result"]
    assert state.legal_moves() == [] and state.scores.game == (0, 1, 0)


def test_the_bot_reacts_rightly_and_its_real_time_reactions_look_human():
    rng = random.Random(5)
    view = {"table": {"reaction": {"gesture": "bow", "pending": [0, 2]}, "alarm": False}}
    plans = [bot.reaction(view, 2, rng) for _ in range(400)]
    times = sorted(ms for _, ms in plans)
    assert 450 < times[200] < 900 and times[0] >= 200 and times[-1] <= 3000
    wrong = sum(move != "2 bows" for move, _ in plans)
    assert 5 <= wrong <= 50
    assert bot.reaction(view, 1, rng) is None          # seat 1 has reacted already
    calm = {"table": {"reaction": None, "alarm": True}}
    assert sum(bot.reaction(calm, 1, rng) is not None for _ in range(1000)) < 60


def test_heuristic_bots_and_random_players_finish():
    for seats in (3, 9):
        state = SALUTE.new(seed=seats, seats=seats)
        final = play_out(state, [HeuristicBot(0)] + [RandomBot(s) for s in range(1, seats)])
        assert final.is_over and sum(final.scores.game) >= 1


def test_reactions_out_of_turn_are_each_seats_own_and_recorded_in_their_order():
    """The real-time tables: a seat still to react may make its gesture whoever is asked; the
    reacting seat is the mover; no seat makes another's; the record replays the order."""
    state = after(["turn"] * 4)   # the K♦: seats asked 1, 2, 3, 0
    assert state.to_act == 1 and state.view(1)["moves"] == ["1 stands", "1 salutes", "1 bows", "1 applauds", "beat"]
    assert [m.text for m in state.reactions(3)] == ["3 stands", "3 salutes", "3 bows", "3 applauds"]
    assert state.view(3)["reactions"] == ["3 stands", "3 salutes", "3 bows", "3 applauds"]
    assert [r["legal"] for r in state.table(3)["reactions"]] == [True] * 4
    assert [r["key"] for r in state.table(3)["reactions"]] == ["A", "K", "Q", "J"]
    assert state.explain("3 salutes") is None
    with pytest.raises(IllegalMoveError) as refusal:
        state.apply("3 salutes", seat=0)
    assert refusal.value.rule == "play.turn" and "Seat 3's to make" in refusal.value.reason
    state = state.apply("3 salutes", seat=3).apply("0 salutes")
    assert state.moves_made[-2][2] == 3 and state.moves_made[-1][2] == 0 and state.window[1] == (1, 2)
    assert state.reactions(3) == [] and state.table(3)["rhythm"]["on_beat"] is None
    state = state.apply("2 salutes")   # seat 1 is last
    assert len(state.piles[1]) == 16 and state.table(3)["rhythm"] == {"beat_ms": 1200, "beat": 4, "live": True, "on_beat": "turn"}
    replayed = rules_engine.record.start(rules_engine.record.Record.load(state.record.to_text()))
    for move, _ in [(m, c) for m, c, _ in state.moves_made]:
        replayed = replayed.apply(move)
    assert replayed.view(None) == state.view(None) and replayed.moves_made == state.moves_made


def test_the_host_times_the_bots_reactions_from_the_position_and_plays_them_in_arrival_order():
    host = Host()
    ask = lambda op, **args: host.handle({"v": 1, "op": op, "session": "s", **args})
    ask("open", game="salute-the-king", seed=1, seats=4, human=0)
    assert ask("reactions") == {"v": 1, "id": None, "ok": True, "reactions": []}   # nothing to react to yet
    for _ in range(3):
        ask("bot")
    assert ask("move", move="turn")["table"]["last"] == "Seat 0 turns the K♦: everyone must salute."
    timed = ask("reactions")["reactions"]
    assert timed == ask("reactions")["reactions"] and {t["seat"] for t in timed} == {1, 2, 3}
    assert all(200 <= t["ms"] <= 3000 for t in timed) and "move" not in timed[0]   # the gesture stays untold
    refused_move = ask("move", move="2 salutes")
    assert not refused_move["ok"] and refused_move["error"]["rule"] == "play.turn"   # the reader makes only its own
    assert ask("move", move="0 salutes")["table"]["last"] == "Seat 0 salutes."
    replies = [ask("react", seat=t["seat"]) for t in sorted(timed, key=lambda t: t["ms"])]
    # The two quickest react; the pile is then taken by the slowest, whose reaction comes too late.
    assert [r["ok"] for r in replies] == [True, True, False] and "is last and takes the pile" in replies[1]["table"]["last"]
    assert not ask("react", seat=1)["ok"]
    shared = ask("share")
    host.handle({"v": 1, "op": "open", "session": "t", "game": "salute-the-king", "seed": 1, "seats": 4,
                 "human": 0, "share": shared["share"]})
    again = host.handle({"v": 1, "op": "share", "session": "t"})
    assert again["record"] == shared["record"]


def test_the_dealer_may_choose_the_four_triggers():
    game = rules_engine.load_game("salute-the-king", triggers="dealer")
    state = game.new(seed=1, seats=4)
    assert state.to_act == 0 and len(state.legal_moves()) == 13 and not state.table(0)["rhythm"]["live"]
    assert refused(state, "turn", "setup.triggers") and refused(state, "salute for 7s", "setup.triggers")
    state = state.apply("stand for 7s")
    assert refused(state, "salute for 7s", "setup.triggers") == "7s already call for “stand”"
    for move in ("salute for 2s", "bow for aces", "applaud for 10s"):
        state = state.apply(move)
    assert state.triggers == {"7": "stand", "2": "salute", "A": "bow", "T": "applaud"} and state.to_act == 1
    assert [r["key"] for r in state.table(0)["reactions"]] == ["7", "2", "A", "T"]
    assert refused(state, "bow for 3s", "setup.triggers")
    while not state.window:
        state = state.apply("turn")
    card = state.window[0]
    assert card.rank in "72AT"
    gesture = {"7": "stand", "2": "salute", "A": "bow", "T": "applaud"}[card.rank]
    assert state.table(None)["headline"]["facts"][-1] == "7s: stand; 2s: salute; Aces: bow; 10s: applaud"
    state = state.apply(f"{state.to_act} {bot.VERBS[gesture]}")
    assert state.said.endswith(bot.VERBS[gesture])
    final = play_out(state, [HeuristicBot(s) for s in range(4)])
    assert final.is_over


def test_a_default_game_ends_as_its_text_says():
    final = played_to_end("salute-the-king")
    # One deal: the first player out of cards wins (after the turn limit, the fewest cards).
    piles = [len(p) for p in final.piles]
    if final.turns < 600:
        assert len(final.winners) == 1 and piles[final.winners[0]] == 0
    else:
        assert final.winners == tuple(s for s in range(final.seats) if piles[s] == min(piles))


def test_the_games_end_shows_the_winner_and_the_cards_the_others_hold():
    end = game_end_explained(SALUTE.new(seed=0))
    assert [(item["label"], item["points"], item.get("note")) for group in end["breakdown"] for item in group["items"]] == [
        ("Still holding cards", 0, "22 cards"), ("Out of cards first", 1, None), ("Still holding cards", 0, "26 cards"),
        ("Still holding cards", 0, "1 card")]
    assert end["ended"].startswith("Seat 1 turned their last card")
