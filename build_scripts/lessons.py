"""Lessons: a hand played with the reader, one idea a step, replayed by the engine at build time.

A ``lesson`` block on a game's page fixes the game's deal and the reader's seat, then its steps::

    ```lesson
    title: Your first hand
    seats: 4
    seat: 0
    seed: 12
    option first_hand: 1

    say: You want to take no tricks at all in this hand. #object.goal
    move: play 2C {Seat 1 leads the lowest club.}
    you: Follow suit with a low club. #play.follow-suit
    expect: play 3C
    else play AC: The ace would win the trick, and each trick costs you 20.
    you: Play any card.
    expect: any
    rest: bots
    say: Each trick you took cost 20. #scoring.no-tricks
    ```

- ``say:`` narration, read and passed with "Next".
- ``move: <move> {narration}``: the next move of the seat to act, which is not the reader's.
- ``you: <instruction>`` then ``expect:``: the move the lesson asks for (``play 3C``), any of a
  few (``play 3C | play 4C``) or ``any`` legal move; ``else <move>: <feedback>`` lines answer a
  tempting legal move the lesson does not want. The first expected move is the one the lesson's
  script goes on from; each other move it accepts must leave the rest of the script legal, and
  the lesson then goes on from it (its frames are made here too).
- ``rest: bots``: the site's bots play the rest of the hand, the reader's seat included.

``#rule.id`` in any text names the rule the step teaches (the page links it); a line that starts
with white space goes on the step above. The lesson must end its hand, so its last step can
explain the score. Every problem is ``file:line: what is wrong``.
"""

import json
import re
from dataclasses import dataclass, field

import rules_engine
from rules_engine import RulesError
from rules_engine.bots import HeuristicBot
from rules_engine.errors import quote
from rules_engine.movelog import entry as log_entry
from rules_engine.prepared import built_of, move_sentences, refusals

HEADER = {"title": "text", "seats": "int", "seat": "int", "seed": "int", "id": "id"}
KINDS = ("say", "move", "you", "expect", "else", "rest")
RULE_REF = re.compile(r"#([a-z][a-z0-9]*(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)+)")
NARRATION = re.compile(r"^(.*?)\s*\{(.*)\}\s*$")
# The most frames a lesson may make, its branches included: a lesson is fetched whole.
MAX_FRAMES = 400


@dataclass
class Step:
    kind: str          # say, move, you, rest
    line: int
    text: str = ""     # narration or instruction
    move: str = ""     # a move: step's move
    expect: tuple = ()     # you: the moves it accepts (empty: any legal move)
    expect_line: int = 0
    feedback: dict = field(default_factory=dict)   # you: move text -> the lesson's answer
    feedback_lines: dict = field(default_factory=dict)


@dataclass
class Lesson:
    header: dict = field(default_factory=dict)
    header_lines: dict = field(default_factory=dict)
    options: dict = field(default_factory=dict)      # the game's options, as in a record
    decks: dict = field(default_factory=dict)
    steps: list = field(default_factory=list)


def rule_refs(text):
    """The rule ids ``text`` names (``#play.follow-suit``)."""
    return RULE_REF.findall(text)


def parse(body, first_line, error):
    """A :class:`Lesson` from a block's ``body`` (its first line is file line ``first_line``);
    ``error(line, message)`` is told each problem."""
    lesson = Lesson()
    for offset, raw in enumerate(body.splitlines()):
        line = first_line + offset
        if not raw.strip():
            continue
        if raw[:1].isspace():   # goes on the step above
            if not lesson.steps or lesson.steps[-1].kind not in ("say", "you"):
                error(line, "an indented line goes on a 'say:' or 'you:' step above it")
            else:
                lesson.steps[-1].text += " " + raw.strip()
            continue
        key, colon, value = raw.strip().partition(":")
        key, value = key.strip(), value.strip()
        if key.startswith("else "):
            _read_else(lesson, line, key[len("else "):].strip(), value, error)
            continue
        if not colon or not key:
            error(line, f"expected 'key: value' in a lesson, got {quote(raw.strip(), 80)}")
            continue
        if key.startswith("option "):
            name = key[len("option "):].strip()
            try:
                lesson.options[name] = json.loads(value)
            except ValueError:
                error(line, f"option '{name}' must have a JSON value, as in a record, got {quote(value, 80)}")
            continue
        if key.startswith("deck "):
            lesson.decks[key[len("deck "):].strip()] = value
            continue
        if key in HEADER:
            if lesson.steps:
                error(line, f"'{key}:' belongs at the top of the lesson, before its first step")
            elif key in lesson.header:
                error(line, f"'{key}:' is given twice")
            else:
                parsed = _header_value(HEADER[key], value)
                if parsed is None:
                    error(line, f"'{key}:' {'must be a whole number' if HEADER[key] == 'int' else 'needs a value'}, "
                                f"got {quote(value, 80)}")
                else:
                    lesson.header[key], lesson.header_lines[key] = parsed, line
            continue
        if key not in KINDS:
            error(line, f"unknown lesson line '{key}:': the steps are say:, move:, you: with expect: "
                        "and else <move>:, and rest: bots")
            continue
        _read_step(lesson, line, key, value, error)
    if "title" not in lesson.header:
        error(first_line - 1, "a lesson needs 'title:', the words its button shows")
    if "seed" not in lesson.header and not lesson.decks:
        error(first_line - 1, "a lesson needs its deal: 'seed: N' or 'deck LABEL: cards' lines")
    if not any(step.kind == "you" for step in lesson.steps):
        error(first_line - 1, "a lesson has at least one 'you:' step: the reader learns by playing")
    return lesson


def _header_value(kind, value):
    if kind == "int":
        return int(value) if re.fullmatch(r"-?\d{1,15}", value) else None
    if kind == "id":
        return value if re.fullmatch(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*", value) else None
    return value or None


def _read_step(lesson, line, key, value, error):
    last = lesson.steps[-1] if lesson.steps else None
    if key == "expect":
        if last is None or last.kind != "you" or last.expect_line:
            error(line, "'expect:' follows a 'you:' step, once")
            return
        last.expect_line = line
        last.expect = () if value == "any" else tuple(m.strip() for m in value.split("|") if m.strip())
        if value != "any" and not last.expect:
            error(line, "'expect:' names a move, a few moves between '|', or 'any'")
        return
    if last is not None and last.kind == "you" and not last.expect_line:
        error(last.line, "a 'you:' step needs an 'expect:' line under it (a move, moves between '|', or 'any')")
    if key == "say":
        if not value:
            error(line, "'say:' needs its words")
        lesson.steps.append(Step("say", line, text=value))
    elif key == "move":
        match = NARRATION.match(value)
        move, text = (match.group(1), match.group(2)) if match else (value, "")
        if not move:
            error(line, "'move:' names the move another seat makes, as in a record ('play 2C')")
        lesson.steps.append(Step("move", line, text=text.strip(), move=move.strip()))
    elif key == "you":
        if not value:
            error(line, "'you:' needs its instruction: what the reader is to do, in a sentence")
        lesson.steps.append(Step("you", line, text=value))
    elif key == "rest":
        if value != "bots":
            error(line, "'rest:' takes 'bots': the site's bots play the rest of the hand")
        lesson.steps.append(Step("rest", line))


def _read_else(lesson, line, move, feedback, error):
    last = lesson.steps[-1] if lesson.steps else None
    if last is None or last.kind != "you" or not last.expect_line:
        error(line, "'else <move>:' follows a 'you:' step's 'expect:' line")
        return
    if not move or not feedback:
        error(line, "write 'else <move>: <why the lesson asks for another>'")
        return
    last.feedback[move] = feedback
    last.feedback_lines[move] = line


# ---- the replay -------------------------------------------------------------------------------

class LessonError(Exception):
    def __init__(self, line, message):
        super().__init__(message)
        self.line = line


def replay(spec, lesson, seats=None):
    """Play ``lesson`` with the engine: its frames, or :class:`LessonError` with the line at fault."""
    header = lesson.header
    seat = header.get("seat", 0)
    try:
        game = rules_engine.load_game(spec.id, **lesson.options)
        state = game.new(seed=header.get("seed", 0), seats=header.get("seats", seats), decks=lesson.decks or None)
    except RulesError as error:
        raise LessonError(min(lesson.header_lines.values(), default=0),
                          f"this lesson's deal cannot be made: {error}") from None
    if not 0 <= seat < state.seats:
        raise LessonError(lesson.header_lines.get("seat", 0), f"seat {seat} is not at this table of {state.seats}")
    builder = _Frames(spec, seat)
    builder.start(state)
    end = _play(builder, state, lesson.steps, seat)
    return {"seat": seat, "seats": end.seats, "frames": builder.frames}


def _play(builder, state, steps, seat):
    """Play ``steps`` from ``state`` into ``builder``'s frames; then the branches of the moves the
    script's 'you:' steps also accept, each played to the end with the steps after it."""
    pending = []
    for index, step in enumerate(steps):
        if step.kind == "say":
            builder.say(step, state)
        elif step.kind == "move":
            state = _others_move(builder, state, step, seat)
        elif step.kind == "you":
            before, (state, asked) = state, _your_move(builder, state, step, seat)
            pending.append((asked, before, step, steps[index + 1:]))
        elif step.kind == "rest":
            state = _rest(builder, state, step, seat)
    if not _hand_over(state, seat):
        last = steps[-1].line if steps else 0
        raise LessonError(last, f"the lesson stops before its hand ends ({_who_acts(state)} is to play): "
                                "add the hand's last moves, or end with 'rest: bots', so it can explain the score")
    builder.end(state)
    for frame, before, step, rest in pending:
        frame["branches"] = {move: _branch(builder, before, step, move, rest, seat) for move in frame["expect"][1:]}
    return state


def _branch(builder, state, step, move, rest, seat):
    """The frames after ``move``, which ``step`` accepts besides the script's own."""
    other = _Frames(builder.spec, seat, builder)
    other.moved(Step("you", step.line, move=move), state, state.apply(move), mine=True)
    try:
        _play(other, state.apply(move), rest, seat)
    except LessonError as error:
        raise LessonError(error.line, f"after {quote(move)}, which line {step.expect_line} also accepts: "
                                      f"{error}") from None
    return other.frames


def _hand_over(state, seat):
    return state.is_over or state.table(seat)["interlude"] is not None


def _who_acts(state):
    return "nobody" if state.to_act is None else f"seat {state.to_act}"


def _apply(state, move, line, what):
    try:
        explanation = state.explain(move)
    except RulesError as error:
        raise LessonError(line, f"{what} {quote(move)} does not read: {error}") from None
    if explanation is not None:
        raise LessonError(line, f"{what} {quote(move)} is not legal here: {explanation.reason} "
                                f"(rule {explanation.rule})")
    return state.apply(move)


def _others_move(builder, state, step, seat):
    if state.is_over:
        raise LessonError(step.line, "the game is over: no move is left to make")
    if state.to_act == seat:
        raise LessonError(step.line, f"it is the reader's seat ({seat}) to play here: write a 'you:' step")
    after = _apply(state, step.move, step.line, "the move")
    builder.moved(step, state, after)
    return after


def _your_move(builder, state, step, seat):
    if state.to_act != seat:
        raise LessonError(step.line, f"it is {_who_acts(state)}'s turn here, not the reader's (seat {seat}): "
                                     "write its 'move:' first")
    legal = [move.text for move in state.legal_moves()]
    accepted = list(step.expect) or legal
    for move in step.expect:
        if state.explain(move) is not None:
            _apply(state, move, step.expect_line, "the expected move")
    expected = [state.parse_move(move).text for move in accepted]
    for move, line in step.feedback_lines.items():
        _apply(state, move, line, "the move answered by 'else'")
        if state.parse_move(move).text in expected:
            raise LessonError(line, f"{quote(move)} is one the lesson accepts: 'else' answers a move it does not")
    main = state.apply(expected[0])
    asked = builder.asked(step, state, expected, {state.parse_move(m).text: text for m, text in step.feedback.items()})
    builder.moved(Step("you", step.line, move=expected[0]), state, main, mine=True)
    return main, asked


def _rest(builder, state, step, seat):
    """The bots play the hand out: one frame, the moves the reader's seat is told of in words
    (its log), and the table once the hand is over."""
    bots = [HeuristicBot(f"lesson/{i}") for i in range(state.seats)]
    moves = []
    while not _hand_over(state, seat):
        mover = state.to_act
        state = state.apply(bots[mover].choose(state.view(mover)))
        if state.told_last_move(seat):
            text, told_mover = state.last_move_seen_by(seat)
            moves.append({"move": text, "seat": told_mover, "mine": mover == seat,
                          "said": state.table(seat)["last"]})
    builder.rested(step, state, moves)
    return state


class _Frames:
    """The frames a lesson's widget shows, each the table as the reader's seat sees it."""

    def __init__(self, spec, seat, parent=None):
        self.spec, self.seat, self.frames = spec, seat, []
        self.count = parent.count if parent else [0]

    def _add(self, frame):
        self.count[0] += 1
        if self.count[0] > MAX_FRAMES:
            raise LessonError(0, f"the lesson makes more than {MAX_FRAMES} frames with its branches: accept "
                                 "fewer moves at its 'expect:' lines")
        self.frames.append(frame)
        return frame

    def _table(self, state, with_moves=False):
        table = state.table(self.seat)
        return table if with_moves else {**table, "moves": []}

    def start(self, state):
        self._add({"kind": "deal", "table": self._table(state)})

    def say(self, step, state):
        self._add({"kind": "say", "line": step.line, "text": step.text, "rules": rule_refs(step.text)})

    def moved(self, step, before, after, mine=False):
        if not after.told_last_move(self.seat):
            return   # another seat's private decision: the reader is not told of it
        text, mover = after.last_move_seen_by(self.seat)
        self._add({"kind": "move", "line": step.line, "move": text, "seat": mover, "mine": mine,
                   "said": log_entry(before, after, self.seat)["said"], "text": step.text,
                   "rules": rule_refs(step.text), "table": self._table(after)})

    def rested(self, step, state, moves):
        self._add({"kind": "rest", "line": step.line, "moves": moves, "table": self._table(state)})

    def asked(self, step, state, expected, feedback):
        table = self._table(state, with_moves=True)
        frame = {"kind": "you", "line": step.line, "text": step.text, "rules": rule_refs(step.text),
                 "expect": expected, "any": not step.expect, "feedback": feedback,
                 "legal": [move["move"] for move in table["moves"]],
                 "refusals": refusals(state, table), "table": table,
                 # Each move the step allows, in the table's words, for the widget's answers.
                 "said": move_sentences(state, self.seat, list(dict.fromkeys(
                     [move["move"] for move in table["moves"]] + expected)))}
        if table.get("selection"):
            frame["built"] = built_of(state, expected)
        return self._add(frame)

    def end(self, state):
        table = self._table(state)
        self._add({"kind": "end", "table": table, "result": table["result"]})
