"""Bartok's own rules: the washed deal, the opening (the first play by anyone, the direction
from the neighbour who follows), plain play, the "Bartok" call and its penalty, each rule of
the catalogue and random sets of compatible rules checked move by move against an independent
model of them, the rule added between hands, its conflicts, the penalty card for a wrong card,
the session's end by its hands, by rules that leave no further play or by a stop, and the bot."""

import random

import pytest

import rules_engine
from conformance import check_step, refused
from rules_engine.bots import HeuristicBot, RandomBot
from rules_engine.cards import Card, make_deck, parse_card
from rules_engine.games.bartok.catalogue import CATALOGUE, CONFLICTS, RULES, addable, conflict, dead_ends
from ends import first_hand_end, most, played_to_end
from family_tests import eights_position

# The shared conformance suite (tests/test_conformance.py) plays fewer of this game's games a batch
# than of most: random players make some 1,200 moves a session, the bots 450; this file plays every
# rule of the catalogue.
CONFORMANCE_GAMES_PER_BATCH = {"random": 1, "heuristic": 3}

BARTOK = rules_engine.load_game("bartok")
PACK = [Card(r, s) for s in "SHDC" for r in "A23456789TJQK"]

# The catalogue written again, independently of bartok_rules: what each rule asks of the card
# after which card, and what each does.
IS = {"club": lambda c: c.suit == "C", "spade": lambda c: c.suit == "S", "heart": lambda c: c.suit == "H",
      "diamond": lambda c: c.suit == "D", "red": lambda c: c.suit in "HD", "black": lambda c: c.suit in "SC",
      "even": lambda c: c.rank in ("2", "4", "6", "8", "T"), "odd": lambda c: c.rank in ("A", "3", "5", "7", "9"),
      "low": lambda c: "A234567".find(c.rank) >= 0}
ASKS = {"club-even": ("club", "even"), "red-black": ("red", "black"), "spade-odd": ("spade", "odd"),
        "club-odd": ("club", "odd"), "diamond-red": ("diamond", "red"), "black-red": ("black", "red"),
        "even-odd": ("even", "odd"), "heart-low": ("heart", "low")}
DOES = {"face-skip": ("JQK", "skip", 0), "ace-reverse": ("A", "reverse", 0), "two-wild": ("2", "wild", 0),
        "four-draw": ("4", "stack", 4), "seven-skip": ("7", "skip", 0), "king-reverse": ("K", "reverse", 0),
        "jack-again": ("J", "again", 0), "two-draw": ("2", "stack", 2), "eight-wild": ("8", "wild", 0),
        "nine-draw": ("9", "draw", 1)}


def does(card, rules, what):
    return [n for r in rules if r in DOES for ranks, kind, n in [DOES[r]] if card.rank in ranks and kind == what]


def may_follow(card, up, rules):
    matched = card.suit == up.suit or card.rank == up.rank or does(card, rules, "wild")
    return bool(matched) and all(IS[ASKS[r][1]](card) for r in rules if r in ASKS and IS[ASKS[r][0]](up))


def position(hands, up, stock="", discard="", turn=1, rules=(), **fields):
    """A hand under way as given (``up`` on top of ``discard``), opened and going left, ``turn`` to play."""
    return eights_position(BARTOK, hands, up, stock, discard, turn,
                           **{"opened": True, "in_force": tuple(rules), "asked": (), **fields})


def moves(state):
    return [m.text for m in state.legal_moves()]


# ---- the deal and the opening ---------------------------------------------------------------------

def test_seven_cards_each_from_the_washed_pool_and_an_upcard():
    for seats in range(2, 7):
        state = BARTOK.new(seed=seats, seats=seats)
        assert [len(h) for h in state.hands] == [7] * seats and len(state.discard) == 1
        assert len(state.stock) == 52 - 7 * seats - 1 and state.phase == "open" and state.turn == 1 % seats
        assert state.asked == tuple((1 + k) % seats for k in range(seats))
        check_step(state)


def test_the_first_play_is_open_to_everyone_in_turn_then_the_flipper_s_left_plays_or_draws():
    state = position(["KD 3D 3H", "9S 2C 2H", "QC 4H 4D", "TC 6H 6D"], up="5S", stock="7D 7H", turn=1,
                     phase="open", opened=False, asked=(1, 2, 3, 0))
    assert moves(state) == ["play 9S", "pass"]
    assert refused(state, "draw", "play.opening")
    for seat in (1, 2, 3, 0):
        assert state.to_act == seat
        state = state.apply("pass")
    assert state.phase == "play" and state.to_act == 1 and moves(state) == ["play 9S", "draw"]
    state = state.apply("draw")
    assert state.to_act == 2 and not state.opened


def test_either_neighbour_of_the_opener_may_follow_and_sets_the_direction():
    start = position(["KD 3D 5D", "9S 2C 3C", "5C 4H 4C", "TC 6H 6C"], up="5S", turn=2,
                     phase="open", opened=False, asked=(2, 3, 0, 1))
    state = start.apply("play 5C")
    assert state.phase == "follow" and state.to_act == 3 and state.asked == (3, 1)
    assert moves(state) == ["play TC", "play 6C", "pass"]
    assert state.apply("play 6C").to_act == 0 and state.apply("play 6C").direction == 1   # left
    right = state.apply("pass")
    assert right.to_act == 1 and moves(right) == ["play 2C", "play 3C", "pass"]
    right = right.apply("play 3C")
    assert right.direction == -1 and right.to_act == 0   # right of seat 1
    neither = state.apply("pass").apply("pass")
    assert neither.phase == "play" and neither.to_act == 3 and neither.direction == 1


def test_an_opening_card_that_moves_the_turn_sends_play_left_at_once():
    start = position(["KD 3D 3H", "9S 2C 2H", "QS 4H 4D", "TC 6H 6D"], up="5S", turn=2, phase="open", opened=False,
                     asked=(2, 3, 0, 1), rules=("face-skip",))
    state = start.apply("play QS")
    assert state.phase == "play" and state.direction == 1 and state.to_act == 0   # seat 3 skipped


def test_two_players_have_one_neighbour_and_no_choice_of_direction():
    state = position(["KD 3D 5D", "9S 5C 3C"], up="5S", turn=0, phase="open", opened=False, asked=(1, 0))
    state = state.apply("pass").apply("play 5D")
    assert state.phase == "play" and state.to_act == 1


# ---- play, the call and its penalty -----------------------------------------------------------------

def test_a_card_matches_in_suit_or_rank_and_refusals_name_their_rule():
    state = position(["2C 3C", "9S 5H KD 8D", "QC 4C", "TC 6C"], up="5S", stock="7D 7H")
    assert moves(state) == ["play 9S", "play 5H", "draw"]
    assert "neither in suit nor in rank" in refused(state, "play KD", "play.match")
    assert "you do not hold" in refused(state, "play 2C", "play.turn")
    assert refused(state, "play 8D call hearts", "play.match")
    assert refused(state, "pass", "play.draw")
    assert refused(state, "rule club-even", "rules.new")
    assert refused(state, "stop", "rules.new")


def test_bartok_is_said_with_the_next_to_last_card_or_with_the_option_a_penalty_card():
    state = position(["2C 3C", "9S 5H", "QC 4C", "TC 6C"], up="5S", stock="7D 7H")
    assert moves(state) == ["play 9S bartok", "play 5H bartok", "draw"]
    assert "bartok" in refused(state, "play 9S", "play.bartok")
    assert "only by a player left with one card" in refused(position(["2C", "9S 5H KD", "QC", "TC"], up="5S"),
                                                            "play 9S bartok", "play.bartok")
    forgetful = position(["2C 3C", "9S 5H", "QC 4C", "TC 6C"], up="5S", stock="7D 7H")
    forgetful.options = dict(forgetful.options, forgetful=True)
    after = forgetful.apply("play 9S")
    assert len(after.hands[1]) == 2 and "did not say “Bartok” and draws 1 card" in after.said
    assert forgetful._click_choice(forgetful.parse_move("play 9S bartok")) == "say “Bartok”"


def test_the_wrong_card_option_takes_the_card_back_with_a_penalty_card_and_the_turn_goes_on():
    state = position(["2C 3C", "9S KD", "QC 4C", "TC 6C"], up="5S", stock="7D 7H", rules=("red-black",))
    state.options = dict(state.options, wrong_card=True)
    assert "play KD" in moves(state)
    after = state.apply("play KD")
    assert after.to_act == 1 and sorted(c.text for c in after.hands[1]) == ["7H", "9S", "KD"]
    assert after.up.text == "5S" and "penalty of 1 card" in after.said


# ---- the catalogue -----------------------------------------------------------------------------------

def test_the_catalogue_holds_the_text_s_examples_and_more_and_its_conflicts_are_real():
    assert len(CATALOGUE) >= 14 and {"club-even", "red-black", "face-skip", "ace-reverse", "two-wild",
                                     "four-draw"} <= set(RULES)
    assert set(RULES) == set(ASKS) | set(DOES)
    for a, b in CONFLICTS:
        if a in ASKS and b in ASKS:   # some card asks for two kinds at once that no card is
            assert any(IS[ASKS[a][0]](t) and IS[ASKS[b][0]](t) for t in PACK)
            assert not any(IS[ASKS[a][1]](c) and IS[ASKS[b][1]](c) for c in PACK)
    assert ("face-skip", "jack-again") in CONFLICTS and not conflict("club-even", "spade-odd")
    assert "club-odd" not in addable(("club-even",)) and "club-even" not in addable(("club-even",))


def test_a_rule_that_contradicts_one_in_force_or_is_in_force_is_refused_between_hands():
    state = position(["", "", "", ""], up="5S", phase="rule", rules=("club-even", "face-skip"))
    state.stock, state.discard, state.up, state.chooser = make_deck("52"), [], None, 1
    assert "contradict club-even" in refused(state, "rule club-odd", "rules.conflict")
    assert "contradict face-skip" in refused(state, "rule jack-again", "rules.conflict")
    assert "already in force" in refused(state, "rule club-even", "rules.new")
    assert refused(state, "play 5S", "rules.new")
    assert moves(state)[-1] == "stop" and "rule red-black" in moves(state)
    dealt = state.apply("rule red-black")
    assert dealt.in_force == ("club-even", "face-skip", "red-black") and dealt.phase == "open"
    assert [len(h) for h in dealt.hands] == [7] * 4


def test_each_demand_of_the_catalogue_refuses_with_its_rule_id():
    for rule_id, (after, asks) in ASKS.items():
        up = next(c for c in PACK if IS[after](c))
        bad = next(c for c in PACK if c != up and (c.suit == up.suit or c.rank == up.rank) and not IS[asks](c))
        state = position(["2C 3C", f"{bad.text} KH QH", "QC 4C", "TC 6C"], up=up.text, rules=(rule_id,))
        assert refused(state, f"play {bad.text}", f"catalogue.{rule_id}")


def replay_check(before, move, after):
    """One move checked against the independent model: the card played may follow; every card
    that may follow is offered; the turn, direction and draws after it."""
    rules, seat, hand = before.in_force, before.turn, before.hands[before.turn]
    offered = {m.text.split()[1] for m in before.legal_moves() if m.kind.startswith("play")}
    if before.options["wrong_card"] and before.phase != "rule":   # every card held may be tried
        assert offered == {c.text for c in hand}
        if move.kind.startswith("play") and not (before.phase == "draws" or may_follow(move.card, before.up, rules)):
            if after.hand_number != before.hand_number or after.is_over:   # the hand's move limit
                return
            assert after.to_act == seat and after.up == before.up and move.card in after.hands[seat]
            assert len(after.hands[seat]) - len(hand) == (1 if after.stock or before.stock or
                                                           len(before.discard) > 1 else 0)
            return
        offered = {c for c in offered if may_follow(parse_card(c), before.up, rules)
                   and (before.phase != "draws" or parse_card(c).rank == before.up.rank)}
    if before.phase in ("play", "open", "follow", "again"):
        assert offered == {c.text for c in hand if may_follow(c, before.up, rules)}, (before.up, rules)
    if before.phase == "draws":
        stack = [r for r in rules if r in DOES and DOES[r][1] == "stack" and before.up.rank in DOES[r][0]]
        assert offered == {c.text for c in hand if c.rank == before.up.rank and may_follow(c, before.up, rules)}, stack
    if not move.kind.startswith("play") or after.hand_number != before.hand_number or before.phase != "play" \
            or after.is_over:
        return
    card = move.card
    assert may_follow(card, before.up, rules)
    direction = before.direction * (-1 if does(card, rules, "reverse") else 1)
    order = before.active

    def step(s, k=1):
        return order[(order.index(s) + direction * k) % len(order)]
    assert after.direction == direction
    if does(card, rules, "again"):
        assert after.to_act == seat and after.phase == "again"
    elif does(card, rules, "stack"):
        assert after.to_act == step(seat) and after.pending == before.pending + sum(does(card, rules, "stack"))
    elif does(card, rules, "draw") or does(card, rules, "skip"):
        assert after.to_act == step(seat, 2)
        if does(card, rules, "draw"):
            victim = step(seat)
            assert len(after.hands[victim]) - len(before.hands[victim]) <= 1
    else:
        assert after.to_act == step(seat)


def play_checked_session(state, bots, limit=None):
    pack = sorted(c.text for c in make_deck("52"))
    for _ in range(limit or 10 ** 6):
        if state.is_over:
            break
        move = state.parse_move(bots[state.to_act].choose(state.view(state.to_act)))
        after = state.apply(move)
        replay_check(state, move, after)
        cards = [c for h in after.hands for c in h] + after.stock + after.discard
        assert sorted(c.text for c in cards) == pack
        state = after
    return state


@pytest.mark.parametrize("rule_id", [rule.id for rule in CATALOGUE])
def test_every_catalogue_rule_is_kept_move_by_move(rule_id):
    number = [r.id for r in CATALOGUE].index(rule_id)
    state = rules_engine.load_game("bartok", hands=3).new(seed=f"rule-{rule_id}", seats=2 + number % 5)
    state.in_force = (rule_id,)
    kind = HeuristicBot if number % 2 else RandomBot
    final = play_checked_session(state, [kind(seat) for seat in range(state.seats)], limit=600)
    assert rule_id in final.in_force


def test_random_sets_of_compatible_rules_are_kept_move_by_move():
    rng = random.Random(22)
    for game in range(6):
        in_force = []
        for _ in range(rng.randrange(3, 9)):
            choices = [r for r in addable(in_force) if not dead_ends(in_force + [r])]
            if choices:
                in_force.append(rng.choice(choices))
        assert not any(conflict(a, b) for a in in_force for b in in_force)
        state = rules_engine.load_game("bartok", hands=3).new(seed=f"set-{game}", seats=2 + game % 5)
        state.in_force = tuple(in_force)
        play_checked_session(state, [HeuristicBot(game + s) for s in range(state.seats)], limit=500)


# ---- the session's end ----------------------------------------------------------------------------

def test_a_rule_that_leaves_a_card_nothing_could_follow_ends_the_session():
    state = position(["", "", "", ""], up="5S", phase="rule", rules=("red-black", "black-red"))
    state.stock, state.discard, state.up, state.chooser, state.points = make_deck("52"), [], None, 2, (0, 0, 1, 0)
    final = state.apply("rule even-odd")
    assert final.is_over and final.ended_by == "no-play" and final.winners == (2,)
    assert "no card could ever follow" in final.said
    assert final.table(None)["result"] == "The session ends when the rules left no further play: Seat 2 wins, " \
                                          "with 1 hand won."
    stopped = state.apply("stop")
    assert stopped.is_over and stopped.ended_by == "stop"


def test_the_winner_of_a_hand_scores_one_and_adds_the_next_rule():
    state = position(["2C 3C", "9S", "QC 4C", "TC 6C"], up="5S", stock="7D 7H")
    after = state.apply("play 9S")
    assert after.points == (0, 1, 0, 0) and after.phase == "rule" and after.to_act == 1
    assert after.hand_number == 2 and after.dealer == 1 and all(not h for h in after.hands)
    assert len(after.stock) == 52 and after.scores.game == (0, 1, 0, 0)
    # The table's buttons say what each choice does: the rule in the catalogue's words.
    labels = {click["move"]: click.get("label") for click in after.table(1)["moves"]}
    assert labels["rule club-even"] == "Add the rule: after a club, the next card played must be an even card."
    assert labels["stop"] == "Stop the session here"


def test_a_default_session_ends_after_its_hands_and_most_hands_won_wins():
    from rules_engine.bots import play_out

    final = play_out(BARTOK.new(seed=3), [HeuristicBot(seat) for seat in range(4)])
    assert final.ended_by == "hands" and len(final.hand_results) == 6
    won = [sum(p[s] for _, p, _ in final.hand_results) for s in range(4)]
    assert list(final.points) == won and final.winners == tuple(s for s in range(4) if won[s] == max(won))
    assert len(final.in_force) == sum(won) - (final.hand_results[-1][1] != (0,) * 4)


def test_sessions_under_both_penalty_options_are_kept_move_by_move():
    game = rules_engine.load_game("bartok", wrong_card=True, forgetful=True, hands=3)
    for number, kind in enumerate((RandomBot, HeuristicBot)):
        state = game.new(seed=f"options-{number}", seats=3 + number)
        state.in_force = ("red-black", "four-draw")
        play_checked_session(state, [kind(seat) for seat in range(state.seats)], limit=500)


def test_a_default_game_ends_as_its_text_says():
    final = played_to_end("bartok")
    # A session of ``hands`` hands, or fewer when the rules leave a card nothing could follow:
    # each hand won counts one, and most hands won wins.
    from rules_engine.games.bartok.catalogue import dead_ends

    played = len(final.hand_results)
    assert final.ended_by in ("hands", "no-play")
    assert played == final.options["hands"] if final.ended_by == "hands" else dead_ends(final.in_force)
    assert final.points == tuple(sum(p[s] for _, p, _ in final.hand_results) for s in range(final.seats))
    assert sum(final.points) <= played and final.winners == most(final.points)


def test_a_hands_end_shows_the_point_for_going_out():
    end = first_hand_end(BARTOK.new(seed=3))
    items = [(group["name"], item["label"], item["points"]) for group in end["breakdown"] for item in group["items"]]
    assert len(items) == 1 and items[0][1:] == ("Out of cards first", 1), items
