"""Seeded fuzzing of everything that reads outside input: the page protocol (every operation),
every game's options, records (text and JSON) and the score pad's rows (rules_engine.scoring).

Malformed input of the shapes that have escaped before (1.0 and True for an int, '²', 5,000-digit
numbers, long texts, nested junk, fields of the wrong JSON type) must end as a RulesError, or an
error reply, whose message is under 500 characters; the host never raises. The same seed makes
the same cases on every run, so a failure can be replayed.
"""

import json
import random

import pytest

import rules_engine
from rules_engine import OptionError, RecordError, RulesError
from rules_engine.host import Host
from rules_engine.scoring import score_row

HUGE = 10**5000
JUNK = [
    None, True, False, 0, 1, -1, 3, 99, 2**53, HUGE, -HUGE, 1.0, 0.5, -0.0, float("nan"), float("inf"),
    "", " ", "0", "1", "-0", "1.0", "1e3", "²", "７", "٣", "x" * 5000, "9" * 5000, "all", "ALL", "??", "JK",
    "play 2C", "bid 5", "\x00", "\ud7ff", "🃏", "{", "}", "~", "zz~", "game: king",
    [], [1], [None, [[]]], [HUGE], ["play 2C"], {}, {"a": 1}, {"": {"": [HUGE]}}, {"move": None},
]
LINES = [
    "", "end", "moves:", ":", "x", "²", "x" * 5000, "game:", "game: yukon", "game: king", "engine: 0.1.0",
    "engine: 1.0.0", "engine: 0.1", "engine: x", "seats: 0", "seats: 99", "seats: ²", "seats: 4.0",
    "seed:", "seed: -0", "seed: " + "9" * 5000, "seed: 1.5", "option first_hand: 1.0", "option first_hand: true",
    "option x: 1", "option chips: " + "1" * 5000, "option deal: [1]", "deck deal: AS", "deck hand-1: AS KS",
    "deck hand-9: " + "AS " * 60, "deck bogus: 2C", "deck : 2C", "1. pass", "1.", "2. play", "play ZZ",
    "play 2C {", "play 2C {}", "{comment}", "# a comment", "\ufeffgame: king", "\t", "moves: x",
]
ERROR_KINDS = {"ProtocolError", "NotationError", "IllegalMoveError", "NotYourTurnError", "OptionError",
               "RecordError", "ScoreError"}


def junk(rng, depth=0):
    roll = rng.random()
    if depth < 2 and roll < 0.1:
        return [junk(rng, depth + 1) for _ in range(rng.randrange(4))]
    if depth < 2 and roll < 0.2:
        return {rng.choice(["a", "taken", "move", "", "x" * 5000]): junk(rng, depth + 1) for _ in range(rng.randrange(3))}
    return rng.choice(JUNK)


def check_error(error):
    message = str(error)
    assert isinstance(error, RulesError) and len(message) < 500, message[:1000]


def check_reply(reply):
    text = json.dumps(reply, allow_nan=False)  # what the worker sends to the page
    if reply["ok"] is not True:
        assert reply["ok"] is False and reply["error"]["kind"] in ERROR_KINDS, reply["error"]
        assert len(reply["error"]["message"]) < 500 and len(text) < 1000, text[:1000]


# ---- the page protocol ---------------------------------------------------------------------------

OPS = {
    "games": {},
    "open": {"session": "w", "game": "king", "seed": 1, "human": 0, "seats": 4, "options": {"first_hand": 2},
             "bots": "random", "share": "0"},
    "move": {"session": "w", "move": "play 2C"},
    "bot": {"session": "w"},
    "undo": {"session": "w"},
    "hint": {"session": "w"},
    "explain": {"session": "w", "move": "play 2C"},
    "record": {"session": "w"},
    "close": {"session": "w"},
    "score": {"game": "king", "hand": 1, "facts": {"taken": [13, 0, 0, 0]}, "context": None, "columns": 4},
}
RECORD = "game: king\nseed: 1\nmoves:\n1. play 2C\nend\n"


def protocol_message(rng):
    op = rng.choice(list(OPS))
    message = {"v": 1, "id": rng.randrange(1000), "op": op, **OPS[op]}
    if op == "open" and rng.random() < 0.3:
        message = {"v": 1, "id": 1, "op": "open", "session": "w", "record": rng.choice([RECORD, {"game": "king"}])}
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        arguments = [key for key in message if key not in ("v", "id", "op")]
        roll = rng.random()
        key = rng.choice(arguments if arguments and roll < 0.55 else list(message))
        if roll < 0.65:
            message[key] = junk(rng)
        elif roll < 0.8:
            del message[key]
        elif roll < 0.9:
            message[rng.choice(["x", "v2", "x" * 5000, "seat"])] = junk(rng)
        else:
            return junk(rng)
    return message


def test_every_operation_of_the_page_protocol_answers_bad_messages_with_a_short_error():
    rng = random.Random("fuzz-protocol")
    host = Host()
    for n in range(2000):
        if n % 25 == 0:  # a session for the operations that need one
            check_reply(host.handle({"v": 1, "id": 0, "op": "open", "session": "w", "game": "king", "seed": n}))
        check_reply(host.handle(protocol_message(rng)))


# ---- every game's options, seats and seeds -----------------------------------------------------

@pytest.mark.parametrize("spec", rules_engine.list_games(), ids=lambda spec: spec.id)
def test_every_games_options_refuse_bad_values_with_a_short_error(spec):
    rng = random.Random(f"fuzz-options-{spec.id}")
    for option in spec.options:
        for value in JUNK + [c for c in option.choices[:3]] + [str(c) for c in option.choices[:3]]:
            allowed = any(type(value) is type(c) and value == c for c in option.choices)
            try:
                rules_engine.load_game(spec.id, **{option.name: value})
            except OptionError as error:
                check_error(error)
                assert not allowed, (option.name, value)
            else:
                assert allowed, (option.name, value)
    game = rules_engine.load_game(spec.id)
    for _ in range(40):
        arguments = {rng.choice(["seed", "seats", "decks"]): junk(rng)}
        try:
            game.new(**arguments)
        except RulesError as error:
            check_error(error)
    for name in ("x", "x" * 5000, "", "²"):
        with pytest.raises(OptionError) as info:
            rules_engine.load_game(spec.id, **{name: 1})
        check_error(info.value)


# ---- records -------------------------------------------------------------------------------------

def sample_record(spec):
    state = rules_engine.load_game(spec.id).new(seed=3)
    for _ in range(4):
        state = state.apply(state.legal_moves()[-1], comment="a note")
    return state.record


def text_mutation(rng, text):
    lines = text.splitlines()
    roll, at = rng.random(), rng.randrange(len(lines) + 1)
    if roll < 0.4:
        lines.insert(at, rng.choice(LINES))
    elif roll < 0.6 and at < len(lines):
        lines[at] = rng.choice(LINES)
    elif roll < 0.75 and at < len(lines):
        del lines[at]
    elif roll < 0.85:
        lines = lines[:at]
    else:
        lines.insert(at, lines[min(at, len(lines) - 1)])
    return "\n".join(lines) + rng.choice(["\n", "", "\r\n"])


def json_mutation(rng, data):
    data = json.loads(json.dumps(data))  # a copy
    roll = rng.random()
    if roll < 0.5:
        data[rng.choice(["game", "engine", "options", "seats", "seed", "decks", "moves", "x"])] = junk(rng)
    elif roll < 0.7 and data["moves"]:
        data["moves"][rng.randrange(len(data["moves"]))] = junk(rng)
    elif roll < 0.85:
        data[rng.choice(["options", "decks"])] = {rng.choice(["first_hand", "deal", "hand-1", "x"]): junk(rng)}
    else:
        data.pop(rng.choice(list(data)))
    return data


def as_json_text(value):
    """``value`` as JSON text, its huge numbers written out (json.loads then refuses them)."""
    def marked(item):
        if type(item) is int and abs(item) > 10**4000:
            return "<huge>"
        if isinstance(item, list):
            return [marked(x) for x in item]
        if isinstance(item, dict):
            return {key: marked(x) for key, x in item.items()}
        return item

    return json.dumps(marked(value)).replace('"<huge>"', "9" * 5000)


@pytest.mark.parametrize("spec", rules_engine.list_games(), ids=lambda spec: spec.id)
def test_damaged_records_of_every_game_are_refused_with_a_short_error(spec):
    rng = random.Random(f"fuzz-records-{spec.id}")
    record = sample_record(spec)
    text, data = record.to_text(), record.to_json()
    for n in range(40):
        damaged = text_mutation(rng, text) if n % 2 else json_mutation(rng, data)
        if n % 5 == 0 and isinstance(damaged, dict):
            damaged = as_json_text(damaged)
        try:
            for _ in rules_engine.replay(damaged):
                pass
        except RecordError as error:
            check_error(error)
        if n % 3 == 0:
            check_reply(Host().handle({"v": 1, "id": 1, "op": "open", "session": "w", "record": damaged}))


# ---- the score pad's rows ------------------------------------------------------------------------

def test_score_rows_of_every_game_refuse_bad_facts_with_a_short_error():
    rng = random.Random("fuzz-scores")
    specs = rules_engine.list_games()
    for _ in range(800):
        spec = rng.choice(specs)
        rule = spec.scoring
        hand = rng.choice([None, 1, len(rule.hands), junk(rng)])
        facts_of = rule.hands[hand - 1].facts if rule.hands and type(hand) is int and 1 <= hand <= len(rule.hands) \
            else rule.facts
        facts = {fact.name: rng.choice([junk(rng), 1, [1] * spec.seats[0]]) for fact in facts_of}
        if rng.random() < 0.2:
            facts = junk(rng)
        arguments = {"hand": hand, "facts": facts}
        if rng.random() < 0.3:
            arguments[rng.choice(["context", "columns"])] = junk(rng)
        try:
            row = score_row(spec.id, **arguments)
        except RulesError as error:
            check_error(error)
        else:
            json.dumps(row, allow_nan=False)
        reply = Host().handle({"v": 1, "id": 1, "op": "score", "game": spec.id, **arguments})
        check_reply(reply)
