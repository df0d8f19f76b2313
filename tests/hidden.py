"""The leak check: two deals that differ only in cards hidden from a seat,
played with the same moves, must look the same to that seat in every channel.

A game is played once by bots, and its deals and public moves are kept. Deal
A is that game; deal B the same with two cards of one deal swapped, both
hidden from the observing seat. The same moves are made in both (a move
naming one of the two cards names the other: the gift of the 9♠ in one deal
is the gift of the card in its place in the other). A seat deciding in
private (Comet's holder offered the comet) is settled as the host settles a
bot's private turn before it answers, here by the first move that keeps it
private, so the two deals may differ in who was asked and how often.

Each time the seat would be shown the table, from the swapped deal on, as
long as the two cards stay hidden from it and the moves still apply, all the
seat is given must be equal: its view and table (headline, last sentence,
result, score sheet, zones, clicks), the turn and the moves it is told of,
the page protocol's reply to a reader in that seat, its move log and the
command line's transcript lines. The deals part, and the comparison ends, where the rules
part them in the open: a different seat to act where the game makes the turn
public, a card shown by a move (which its table must then show or name), or
the end of the swapped deal. That end is compared too (a showdown, the cards
left counted, the screen between hands): where it shows neither card, on the
table, between hands or in its words, all is the same, scores included; where
it shows them, each zone shows the same cards but for the two exchanged.
"""

import copy
import random
import re
from collections import Counter

from rules_engine.prepared import built_of, move_sentences, refusals, turn_offers  # what a widget drawn before the engine asks with
import rules_engine
from rules_engine import movelog
from rules_engine.bots import make_bot
from rules_engine.cards import HIDDEN, format_cards, parse_card
from rules_engine.cli import told_lines
from rules_engine.errors import RecordError, RulesError
from rules_engine.game import ALL, Game
from rules_engine.host import Host, Session


def _recording(state_class, decks):
    """``state_class`` noting each labelled shuffle it draws in ``decks``, in order."""
    class Recording(state_class):
        def _shuffle(self, label, cards):
            out = super()._shuffle(label, cards)
            decks.setdefault(label, format_cards(out))
            return out

    Recording.__name__ = state_class.__name__
    return Recording


def _kept_private(state, move):
    return state._private_turn() and state._keeps_private(state.parse_move(move))


def play_recorded(game_id, seed, seats, bot_kind="heuristic", max_moves=None, options=None):
    """A seeded bot game: its deals (``{label: cards}``) and its public moves (the others'
    private decisions left out: they are settled again in each deal)."""
    decks = {}
    state = Game(_recording(rules_engine.state_class(game_id), decks), **(options or {})).new(seed=seed, seats=seats)
    bots = [make_bot(bot_kind, f"{seed}/{seat}") for seat in range(state.seats)]
    moves = []
    while not state.is_over and (max_moves is None or len(moves) < max_moves):
        seat = state.to_act
        move = bots[seat].choose(state.view(seat))
        if not _kept_private(state, move):
            moves.append(move)
        state = state.apply(move)
    return decks, moves


def mapped(move, first, second):
    """``move`` with the cards ``first`` and ``second`` exchanged: the same move in the other deal."""
    swap = {first: second, second: first}
    return " ".join(swap.get(word, word) for word in move.split(" "))


def swapped(decks, label, first, second):
    cards = decks[label].split()
    i, j = cards.index(first), cards.index(second)
    cards[i], cards[j] = cards[j], cards[i]
    return {**decks, label: " ".join(cards)}


class Timeline:
    """A deal played with the recorded public moves, as ``seat`` is shown it. The others'
    private decisions are made as the host makes a bot's, at once and unseen, by the first move
    that keeps them private; the seat's own too, but it is shown the table when asked. ``points``
    are the states it is shown, each with the number of public moves made before it."""

    def __init__(self, game_id, decks, seats, seat, options=None, drawn=None):
        cls = rules_engine.state_class(game_id)
        self.drawn_decks = {} if drawn is None else drawn
        game = Game(_recording(cls, self.drawn_decks) if drawn is not None else cls, **(options or {}))
        self.seat = seat
        self.state = game.new(seats=seats, decks=decks)
        self.public = 0
        self.points = []
        self.lines = []  # the command line's transcript since the last point
        self.log = []  # the move log as the host keeps it for a reader in this seat
        self.indexes = []  # each move's index among the legal moves, as the host's share code keeps them

    @classmethod
    def resumed(cls, a, point, decks):
        """The deal ``decks`` as ``a``'s seat is shown it, from ``point`` of ``a`` on: the two deals
        are one game until a shuffle where they differ is drawn, so that game is not played again."""
        b = cls.__new__(cls)
        state = point["state"]
        plain = rules_engine.state_class(state.spec.id)
        fixed = Game(plain, **state.options).new(seats=state.seats, decks=decks).decks
        b.state = copy.copy(state)
        b.state.__class__, b.state.decks = plain, fixed  # A's state records its shuffles: B's need not
        b.seat, b.drawn_decks = a.seat, {}
        b.public, b.points, b.lines, b.indexes = point["public"], [], [], point["indexes"][:]
        b.log = list(point["log"])
        return b

    def toward(self, move):
        """Make the private decisions that come before ``move`` (a private decision that shows,
        such as the comet played when offered, is ``move`` itself), or all of them for None."""
        while self.state._private_turn() and not self.state.is_over:
            if move is not None and move in [m.text for m in self.state.legal_moves()]:
                break
            if self.state.to_act == self.seat:
                self._take_point()
            quiet = [m for m in self.state.legal_moves() if self.state._keeps_private(m)]
            self._moved(self.state.apply(quiet[0]))
        self._take_point()

    def _moved(self, state):
        listed, made = [m.text for m in self.state.legal_moves()], state.last_move[0]
        self.indexes.append(listed.index(made) if made in listed else made)   # as the host keeps it
        if self.seat != ALL:
            self.lines += told_lines(state, self.seat)
            told = movelog.entry(self.state, state, self.seat)
            self.log += [told] if told else []
        self.state = state

    def _take_point(self):
        self.points.append({"state": self.state, "public": self.public, "drawn": len(self.drawn_decks),
                            "lines": self.lines, "indexes": self.indexes[:], "log": tuple(self.log)})
        self.lines = []

    def apply(self, move):
        """Make the public ``move``; False if it does not apply in this deal."""
        try:
            self._moved(self.state.apply(move))
        except RulesError:
            return False
        self.public += 1
        return True

    def play(self, moves):
        for move in moves:
            self.toward(move)
            assert self.apply(move), (self.state.spec.id, move)
        self.toward(None)
        return self


def observed(point, seat):
    """Everything ``seat`` is given at a point of its timeline."""
    state = point["state"]
    seen = {"turn": state.turn_seen_by(seat), "last": state.last_move_seen_by(seat)}
    if seat == ALL:
        seen.update(view=state.view(seat), table=state.table(seat))
    else:
        seen["host"] = reader_reply(state, seat, point["indexes"])  # its view and its table
        seen["cli"] = point["lines"]
        seen["log"] = point["log"]
        if state.to_act == seat and not state.is_over:
            # What a lesson's step, an example's question or a first deal drawn before the engine
            # gives the reader at its turn, made at build time: the engine's refusal of each card
            # that starts no move, the moves built card by card, each move the table offers in the
            # words the reader would be told of it.
            table = seen["host"]["table"]
            seen["asked"] = (refusals(state, table), built_of(state) if table.get("selection") else None,
                             turn_offers(state, table), _sentences(state, seat, table))
    return seen


def _sentences(state, seat, table):
    """Each move the table offers in the words a lesson's step would answer it with
    (build_scripts/lessons.py); a move whose next deal this replay never drew (a record's decks hold
    only the deals the game played) is left out, in both deals alike."""
    moves = list(dict.fromkeys(click["move"] for click in table["moves"]))
    try:
        return move_sentences(state, seat, moves)
    except RecordError:
        out = {}
        for move in moves:
            try:
                out.update(move_sentences(state, seat, [move]))
            except RecordError:
                out[move] = "(a deal not drawn)"
        return out


def reader_reply(state, seat, indexes):
    """The page protocol's reply to a reader in ``seat`` at ``state`` (the bots' private
    decisions were made in its moves, as the host makes them)."""
    session = Session(state, seat, "heuristic")
    session.indexes = indexes
    reply = Host._reply(session)
    # Once the game is over, the reply gives the seed and the share code, which tell the whole deal.
    reply.pop("seed", None), reply.pop("share", None)
    seen = state.last_move_seen_by(seat)
    if seen is not None and seen[1] != seat:  # the reply to a bot's move
        reply["played"] = Host._played(state, seat)
    return reply


def hidden_pairs(timeline, seat, decks, rng, count):
    """``count`` pairs of cards of one deal, both hidden from ``seat`` when it is dealt, taking
    the deals in turn. Of the shuffles drawn at one point only the last is the deal: those
    before it cut for the first dealer, which all see."""
    deals = []
    for index, (label, cards) in enumerate(decks.items()):
        point = next((p for p in timeline.points if p["drawn"] > index), None)
        if point is None or point["drawn"] > index + 1:
            continue
        hidden = {c.text for c in point["state"].hidden_from(seat)}
        # With two packs a card may lie both hidden and in sight (one 7♥ in the stock, the other
        # face up): only a card whose every copy is hidden is swapped, as the swap takes the first.
        shown = {text for z in point["state"].table(seat)["zones"] for text in z["cards"]}
        cards = [c for c in cards.split() if c in hidden and c not in shown]
        if len(cards) >= 2:
            deals.append((label, cards))
    rng.shuffle(deals)
    return [(deals[i % len(deals)][0], *rng.sample(deals[i % len(deals)][1], 2)) for i in range(count)] if deals else []


def check_pair(a, decks, moves, seat, label, first, second, options=None):
    """Compare ``seat``'s observations of deal A (its timeline ``a``, played whole) and of the
    deal with ``first`` and ``second`` swapped in shuffle ``label``; returns the points compared."""
    state = a.points[0]["state"]
    game_id, seats = state.spec.id, state.seats
    index = list(decks).index(label)
    start = next(p["public"] for p in a.points if p["drawn"] > index)
    # The last point before the swapped shuffle is drawn: up to there the deals are one game.
    before = [p for p in a.points if p["drawn"] <= index and p["public"] < start]
    if before:
        b = Timeline.resumed(a, before[-1], swapped(decks, label, first, second))
    else:
        b = Timeline(game_id, swapped(decks, label, first, second), seats, seat, options)
    for move in moves[b.public:start]:
        b.toward(move)
        if not b.apply(move):
            return 0
    compared = 0
    for k in range(start, len(moves) + 1):
        move = mapped(moves[k], first, second) if k < len(moves) else None
        if k > start and not b.apply(mapped(moves[k - 1], first, second)):
            break  # in the other deal the move is not legal: the deals part here
        b.toward(move)
        points_a = [p for p in a.points if p["public"] == k]
        points_b = [p for p in b.points if p["public"] == k]
        if len(points_a) != len(points_b):
            break  # the seat decides in private more often in one deal: the rules part them
        for pa, pb in zip(points_a, points_b):
            sa, sb = pa["state"], pb["state"]
            if any(s._private_turn() and s.to_act != seat for s in (sa, sb)):
                # The next move is made out of another seat's private turn (the comet played when
                # offered), and shows itself: the host shows that seat about to play it.
                return compared
            if pa["drawn"] > index + 1 or sa.is_over or sb.is_over:
                # The swapped deal is over: its end (a showdown, a count, the screen between hands)
                # shows the cards the rules show then, and tells nothing of the others. Unless it is
                # over in one deal only: the move that ended it showed a card that ends it.
                if sa.is_over != sb.is_over or sa.labels_dealt != sb.labels_dealt:
                    return compared
                told = k > start and _shows(sa, seat, sa.last_move[0], {first, second})
                return compared + _compare_end(pa, pb, seat, first, second, told, (game_id, seats, label))
            if k > start and _shows(sa, seat, sa.last_move[0], {first, second}):
                return compared  # the move showed one of the two cards, as the rules have it shown
            if not all({first, second} <= {c.text for c in s.hidden_from(seat)} for s in (sa, sb)):
                return compared
            if any({first, second} & {t for z in s.table(seat)["zones"] for t in z["cards"]} for s in (sa, sb)):
                return compared  # a copy of one of them came into sight (two packs): the deals part there
            if (sa.turn_seen_by(seat), sa.turn_seen_by(None)) != (sb.turn_seen_by(seat), sb.turn_seen_by(None)):
                # The rules part the deals in the open: a different seat is to act, and the game says
                # the others may know who (the holder of the 7♣ leads; the turn passes on to the
                # holder of the next card, each player passed over paying for it).
                return compared
            if "seen" not in pa:   # A's points are compared with each of the seat's swaps: shown once
                pa["seen"] = observed(pa, seat)
            seen_a, seen_b = pa["seen"], observed(pb, seat)
            if seen_a != seen_b:
                diff = {key: (seen_a[key], seen_b[key]) for key in seen_a if seen_a[key] != seen_b[key]}
                raise AssertionError(
                    f"{game_id} ({seats} seats): seat {seat!r} tells apart deals that differ only in "
                    f"{first} and {second} (shuffle {label!r}), hidden from it, after public move {k} "
                    f"{moves[k - 1] if k else 'the deal'!r}: {_first_difference(diff)}")
            compared += 1
    return compared


def _end_shown(state, seat):
    """What ``seat`` is shown of a hand's end, zone by zone (its cards counted, as two packs may
    show two of a card): the screen between hands, or at the game's end the table."""
    table = state.table(seat)
    zones = table["interlude"]["zones"] if table["interlude"] else table["zones"]
    return {z["id"]: Counter(z["cards"]) for z in zones}


def _end_names(state, seat, cards):
    """Which of ``cards`` the words of a hand's end name (its last move, its result, the screen
    between hands), by text or symbol: a card named there is shown."""
    table = state.table(seat)
    words = " ".join([table["last"] or "", table["result"] or "", *((table["interlude"] or {}).get("lines") or [])])
    return {card for card in cards
            if re.search(rf"(?<![\w♠♥♦♣])({re.escape(card)}|{re.escape(parse_card(card).symbol)})(?![\w♠♥♦♣])", words)}


def _compare_end(pa, pb, seat, first, second, told, about):
    """What ``seat`` is shown at the end of the swapped deal, in both deals (returns 1). Where the
    end shows neither card (on its table, on the screen between hands or in its words), everything
    the seat is shown is the same, scores, counts and words included (the next deal, if dealt, is
    the same in both); where it shows one (a showdown, the hands counted, a card the move played),
    what follows may differ, but each of its zones shows as many cards face up in both deals.
    ``told``: the move that ended the deal showed one of them."""
    game_id, seats, label = about
    pair = {first, second}
    shown_a, shown_b = _end_shown(pa["state"], seat), _end_shown(pb["state"], seat)
    in_sight = {text for counted in (*shown_a.values(), *shown_b.values()) for text in counted} & pair
    named = _end_names(pa["state"], seat, pair) | _end_names(pb["state"], seat, pair)
    where = f"at the end of the deal, seat {seat!r} tells apart deals that differ only in {first} and {second} " \
            f"(shuffle {label!r}), hidden from it until then"
    if not (told or in_sight or named):
        seen_a, seen_b = observed(pa, seat), observed(pb, seat)
        if seen_a != seen_b:
            diff = {key: (seen_a[key], seen_b[key]) for key in seen_a if seen_a[key] != seen_b[key]}
            raise AssertionError(f"{game_id} ({seats} seats): {where}, and its end shows neither: "
                                 f"{_first_difference(diff)}")
        return 1
    for zone_id in dict.fromkeys([*shown_a, *shown_b]):
        a, b = shown_a.get(zone_id, Counter()), shown_b.get(zone_id, Counter())
        if (sum(a.values()), a[HIDDEN]) != (sum(b.values()), b[HIDDEN]):
            raise AssertionError(f"{game_id} ({seats} seats): {where}: its end shows {sorted(pair & in_sight)}, and "
                                 f"its zone {zone_id!r} shows {sorted(a.elements())} in one deal, "
                                 f"{sorted(b.elements())} in the other")
    return 1


def _shows(state, seat, move, cards):
    """Whether ``move``, which led to ``state``, showed ``seat`` one of ``cards``. A move told in
    full that names such a card claims to: the seat's table must then say so too, in its last
    sentence or by showing the card (a card played and picked up with the trick at once), or
    the move's text tells what the table hides (a card given face down, named to all)."""
    named = cards & set(move.split(" "))
    if not named or not state.told_last_move(seat) or state.last_move_seen_by(seat)[0] != move:
        return False
    table = state.table(seat)
    on_table = {c for z in table["zones"] for c in z["cards"]}
    for card in named:
        if card not in on_table and parse_card(card).symbol not in (table["last"] or ""):
            raise AssertionError(f"{state.spec.id}: seat {seat!r} is told the move {move!r}, but its table "
                                 f"neither shows the card nor says it was played: {table['last']!r}")
    return True


def _first_difference(diff, path=""):
    for key, (x, y) in diff.items():
        where = f"{path}.{key}" if path else str(key)
        if isinstance(x, dict) and isinstance(y, dict):
            inner = {k: (x.get(k), y.get(k)) for k in set(x) | set(y) if x.get(k) != y.get(k)}
            return _first_difference(inner, where)
        if isinstance(x, list) and isinstance(y, list) and len(x) == len(y):
            inner = {i: (p, q) for i, (p, q) in enumerate(zip(x, y)) if p != q}
            return _first_difference(inner, where)
        return f"{where}: {str(x)[:300]} against {str(y)[:300]}"
    return "?"


def check_game(game_id, seats, seed, pairs_per_seat=6, bot_kind="heuristic", max_moves=None, options=None):
    """Play one game and check every seat (and a spectator and a commentator) on swaps of
    hidden cards, ``pairs_per_seat`` each, taking the deals in turn; returns the points compared."""
    decks, moves = play_recorded(game_id, seed, seats, bot_kind, max_moves, options)
    rng = random.Random(f"leaks/{game_id}/{seats}/{seed}")
    compared = 0
    for seat in [None, ALL, *range(seats)]:
        a = Timeline(game_id, decks, seats, seat, options, drawn={}).play(moves)
        for label, x, y in hidden_pairs(a, seat, decks, rng, pairs_per_seat):
            compared += check_pair(a, decks, moves, seat, label, x, y, options)
    return compared
