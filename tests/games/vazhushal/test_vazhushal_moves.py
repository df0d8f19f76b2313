"""Vazhushal's moves of several cards: the legal moves list only a few melds and takes, and any
other is legal exactly when the full list of them (listing_oracle.py, as the engine once listed
them) holds it, refused otherwise with the same reason; the cards picked one by one are answered
as that full list would answer them; a rearranging lists one way to lay its cards again; a share
link keeps a meld the moves do not list."""

import random
from collections import Counter
from itertools import combinations

import rules_engine
from rules_engine.bots import HeuristicBot, RandomBot
from rules_engine.cards import make_deck, parse_cards
from rules_engine.games.vazhushal.melds import melds_from
from rules_engine.host import Host
from rules_engine.selection import listed_answer
from listing_oracle import full_built_moves, full_legal_moves, take_position

GAME = rules_engine.load_game("vazhushal")


class FullListBot:
    """Plays a uniformly random move of the full list: melds the moves do not list, rearranging
    included, as a reader building them card by card may."""

    def __init__(self, seed):
        self.rng = random.Random(seed)

    def choose(self, state):
        return self.rng.choice(full_legal_moves(state)).text


def positions(games, moves=120):
    """States of games of two to six players: by random bots choosing from the full list, from the
    moves listed, and by the heuristic bots."""
    for number in range(games):
        seats, kind = 2 + number % 5, number % 3
        state = GAME.new(seed=f"moves-{number}", seats=seats)
        bots = ([FullListBot(f"{number}-{s}") for s in range(seats)] if kind == 0 else
                [RandomBot(f"{number}-{s}") for s in range(seats)] if kind == 1 else
                [HeuristicBot(s) for s in range(seats)])
        for _ in range(moves):
            if state.is_over:
                break
            yield state
            bot = bots[state.to_act]
            state = state.apply(bot.choose(state) if kind == 0 else bot.choose(state.view(state.to_act)))


def tries(state, full, rng):
    """Melds and takes a reader might try: each full list's built move changed by a card dropped,
    added or swapped, or given in another order, and cards drawn at random."""
    hand = state.hands[state.turn]
    cards = hand + state.pool + (state.line if state.phase == "draw" else [])
    built = [m for m in full if m.kind in ("meld", "take")]
    out = []
    for _ in range(10):
        if built and rng.random() < 0.6:
            move = rng.choice(built)
            picked = list(move.args[-1])
            change = rng.random()
            if change < 0.3 and len(picked) > 3:
                picked.pop(rng.randrange(len(picked)))
            elif change < 0.6:
                picked.insert(rng.randrange(len(picked) + 1), rng.choice(cards))
            elif change < 0.8:
                picked[rng.randrange(len(picked))] = rng.choice(cards)
            rng.shuffle(picked)
            words = " ".join(c.text for c in picked)
            place = move.args[0] + rng.choice((0, 0, 1, -1)) if move.kind == "take" else None
        else:
            picked = rng.sample(cards, min(len(cards), rng.randint(3, 5)))
            words = " ".join(c.text for c in picked)
            place = rng.randint(1, len(state.line)) if state.line and rng.random() < 0.5 else None
        out.append(f"take {place} meld {words}" if place is not None else f"meld {words}")
    return out


def test_the_moves_open_are_those_of_the_full_list():
    rng = random.Random(3)
    seen = Counter()
    for state in positions(10, 100):
        full = full_legal_moves(state)
        texts = {m.text for m in full}
        listed = state.legal_moves()
        assert {m.text for m in listed} <= texts
        for move in rng.sample(full, min(len(full), 25)):
            assert state.explain(move.text) is None, move
        for text in tries(state, full, rng):
            move = state.parse_move(text)
            explanation = state.explain(move)
            assert (explanation is None) == (move.text in texts), (move, explanation)
            seen[explanation is None] += 1
        unlisted = [m for m in full if m not in listed]
        if unlisted:   # applied as any legal move is
            move = rng.choice(unlisted)
            assert state.apply(move.text).last_move[0] == move.text
        # Few listed, and enough: every card a meld of the full list holds starts a meld listed (or
        # a take, from each card of the line a take starts from), and the longest are among them.
        melds = [m for m in full if m.kind == "meld"]
        shown = [m for m in listed if m.kind == "meld"]
        if state.phase == "rearrange":
            assert all(state.explain(m) is None for m in shown)
        else:
            assert {c for m in shown for c in m.args[0]} == {c for m in melds for c in m.args[0]}
            assert max((len(m.args[0]) for m in shown), default=0) == max((len(m.args[0]) for m in melds), default=0)
            assert len(shown) <= len(state.hands[state.turn])
            longest = {}
            for move in full:
                if move.kind == "take":
                    longest[move.args[0]] = max(longest.get(move.args[0], 0), len(move.args[1]))
            assert [(m.args[0], len(m.args[1])) for m in listed if m.kind == "take"] == sorted(longest.items())
        seen[state.phase] += 1
    assert seen[True] > 300 and seen[False] > 1000 and seen["rearrange"] > 20, seen


def small_positions(rng):
    """Positions of a few cards with wild cards among them: to draw (takes from a short line), to
    meld, and rearranging."""
    deck = make_deck("108")
    for case in range(14):
        rng.shuffle(deck)
        neg = deck[-1]
        hand = deck[:5] + parse_cards("JK")[:case % 2]
        line = deck[5:8]
        melded = case % 3 != 0
        mine = []
        if melded:   # a natural sequence laid, and perhaps a set
            found = [m for m in melds_from(deck[8:30], neg, natural_runs_only=True) if len(m.cards) == 3]
            mine = [found[0].cards] if found else []
        state = take_position(hand, line, neg, [" ".join(c.text for c in m) for m in mine], seats=3)
        yield state
        if not melded or not mine:
            continue
        state = state.apply("draw")
        yield state
        if "rearrange" in [m.text for m in state.legal_moves()]:
            yield state.apply("rearrange")


def test_picking_cards_one_by_one_is_answered_as_the_full_list_would():
    # A brute force over the cards picked: every choice of up to four of the cards that may be
    # picked (hand, line before drawing, cards taken up) is answered with the cards that may
    # follow, the moves it makes and the lay-offs' targets that the full list gives, or refused.
    rng = random.Random(11)
    answered = Counter()
    for state in small_positions(rng):
        cards = [c.text for c in state.hands[state.turn] + state.pool + (state.line if state.phase == "draw" else [])]
        built = full_built_moves(state)
        targets = [None] + [b.target for _, b in built if b.target]
        for size in range(1, 5):
            for picked in set(combinations(sorted(cards), size)):
                for target in targets[:2] if size == 1 else [None]:
                    got = state.choose(list(picked), target)
                    want = listed_answer(state, picked, target, built=built)
                    assert set(got["next"]) == set(want["next"]), (state.phase, picked, got, want)
                    assert got["finish"] == want["finish"] or sorted(map(str, got["finish"])) == sorted(
                        map(str, want["finish"])), (picked, got, want)
                    assert set(got["targets"]) == set(want["targets"]) and got["refused"] == want["refused"]
                    answered[bool(got["finish"])] += 1
                    answered[state.phase] += 1
    assert answered[True] > 100 and answered[False] > 2000 and answered["rearrange"] > 500, answered


def rearranging_state():
    """Seat 0 has laid 4♥ to 9♥ and holds 3♥ 6♠ 6♣ 7♠ 7♣ 10♥ 2♥ K♦, rearranging."""
    state = take_position("3H 6S 6C 7S 7C TH 2H KD", "4D", "8D", ["4H 5H 6H 7H 8H 9H"])
    return state.apply("draw").apply("rearrange")


def test_a_rearranging_lists_one_way_to_lay_every_card_taken_up():
    state = rearranging_state()
    assert [m.text for m in state.legal_moves()] == ["meld 4H 5H 6H 7H 8H 9H", "put back"]
    # Another meld laid: the list is now another way, its melds laid in turn lay the pool.
    state = state.apply("meld 8H 9H TH")
    way = [m.text for m in state.legal_moves()][:-1]
    assert way and state.legal_moves()[-1].text == "put back"
    for move in way:
        assert state.phase == "rearrange" and [m.text for m in state.legal_moves()][:-1] == way[way.index(move):]
        state = state.apply(move)
    assert state.phase == "meld" and not state.pool


def test_a_share_link_keeps_a_meld_the_moves_do_not_list():
    host = Host()

    def call(op, **args):
        reply = host.handle({"v": 1, "op": op, "session": "s", **args})
        assert reply["ok"], reply
        return reply

    for seed in range(40):
        call("open", game="vazhushal", seed=seed, seats=2, human=0)
        for _ in range(200):
            state = host.sessions["s"].state
            if state.is_over:
                break
            if state.to_act != 0:
                call("bot")
                continue
            unlisted = [m for m in full_legal_moves(state) if m.kind == "meld" and m not in state.legal_moves()]
            if unlisted:
                move = unlisted[0].text
                after = call("move", move=move)
                code = call("share")["share"]
                assert "~~" + move.replace(" ", "~") + "~~" in code
                reopened = host.handle({"v": 1, "op": "open", "session": "t", "game": "vazhushal", "seed": seed,
                                        "seats": 2, "human": 0, "share": code})
                assert reopened["ok"] and reopened["view"] == after["view"]
                return
            call("move", move=call("hint")["hint"])
    raise AssertionError("no deal of 40 brings seat 0 to a meld the moves do not list")


def test_a_meld_given_in_another_order_is_read_as_its_meld_when_not_listed():
    state = rearranging_state()
    assert state.explain("meld TH 8H 9H") is None
    assert state.apply("meld TH 9H 8H").last_move[0] == "meld 8H 9H TH"
