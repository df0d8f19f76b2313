"""The game record: what PGN is to chess, as text and as JSON.

Text form::

    game: king
    engine: 0.1.0
    seats: 4
    seed: 42
    option variant: standard
    deck hand-1: AS KD ...
    moves:
    1. choose auction {The dealer sells the trump choice.}
    2. bid 5
    end

Header lines are ``key: value``; ``deck LABEL:`` fixes the order of one
shuffle; each move stands on its own line after ``moves:``, optionally
numbered and followed by ``{commentary}``. The closing ``end`` line lets a
truncated record be told from a short one. ``#`` starts a comment line.
"""

import json
import re
from dataclasses import dataclass, field

from .errors import RecordError, RulesError, quote, quoted_list
from .rng import canonical_seed

ENGINE_VERSION = "0.1.0"
_SEATS = re.compile(r"[0-9]{1,3}")
_VERSION = re.compile(r"([0-9]{1,4})\.[0-9]{1,4}\.[0-9]{1,4}")


def _engine(version):
    """The ``engine:`` of a record, if this engine replays it: ``major.minor.patch``, of the same
    major version (a new major version is free to deal or read moves differently)."""
    if version is None:
        return ENGINE_VERSION
    match = _VERSION.fullmatch(version)
    if match is None:
        raise RecordError(f"record engine {quote(version)} is not a version: expected major.minor.patch, "
                          f"like {ENGINE_VERSION!r}")
    major = ENGINE_VERSION.split(".")[0]
    if match.group(1) != major:
        raise RecordError(f"record engine {quote(version)} cannot be replayed by this engine ({ENGINE_VERSION}), "
                          f"which replays records of engine {major}.x.y")
    return version


@dataclass
class RecordedMove:
    text: str
    comment: str = None


@dataclass
class Record:
    game: str
    options: dict = field(default_factory=dict)
    seats: int = None
    seed: object = None
    decks: dict = field(default_factory=dict)
    moves: list = field(default_factory=list)
    engine: str = ENGINE_VERSION

    # ---- JSON ----------------------------------------------------------------

    def to_json(self):
        data = {
            "game": self.game,
            "engine": self.engine,
            "options": dict(self.options),
            "seats": self.seats,
        }
        if self.seed is not None:
            data["seed"] = self.seed
        if self.decks:
            data["decks"] = dict(self.decks)
        data["moves"] = [
            {"move": m.text, "comment": m.comment} if m.comment else m.text for m in self.moves
        ]
        return data

    def dumps(self):
        return json.dumps(self.to_json(), ensure_ascii=False)

    @classmethod
    def from_json(cls, data):
        if isinstance(data, (str, bytes)):
            try:
                data = json.loads(data)
            except ValueError as error:  # JSONDecodeError, or a number of over 4,300 digits
                raise RecordError(f"record is not valid JSON ({str(error)[:100]}): truncated or damaged?") from None
        if not isinstance(data, dict):
            raise RecordError(f"record must be a JSON object, got {type(data).__name__}")
        unknown = set(data) - {"game", "engine", "options", "seats", "seed", "decks", "moves"}
        if unknown:
            raise RecordError(f"record has unknown fields: {quoted_list(unknown)}: "
                              f"its fields are game, engine, options, seats, seed, decks and moves")
        for key in ("game", "moves"):
            if key not in data:
                raise RecordError(f"record has no {key!r} field")
        # Every field is checked here, so a record of the wrong shape is refused as a record.
        expected = {"game": (str, "a text"), "engine": (str, "a text"), "options": (dict, "an object"),
                    "seats": (int, "a number"), "decks": (dict, "an object"), "moves": (list, "a list")}
        for key, (kind, name) in expected.items():
            value = data.get(key)
            if value is not None and (type(value) is not kind or key == "game" and not value):
                raise RecordError(f"record {key!r} must be {name}, got {quote(value)}")
        if data["moves"] is None:
            raise RecordError("record 'moves' must be a list, got None")
        moves = []
        for number, item in enumerate(data["moves"], 1):
            if isinstance(item, str):
                moves.append(RecordedMove(item))
            elif isinstance(item, dict) and isinstance(item.get("move"), str) and (
                    item.get("comment") is None or isinstance(item.get("comment"), str)):
                moves.append(RecordedMove(item["move"], item.get("comment")))
            else:
                raise RecordError(f"record move {number} is not a move: {quote(item)}")
        for name in data.get("options") or {}:
            if type(name) is not str:
                raise RecordError(f"record option {quote(name)} must be named by a text")
        decks = dict(data.get("decks") or {})
        for label, cards in decks.items():
            if not isinstance(cards, str):
                raise RecordError(f"record deck {quote(label)} must be its cards as text, got {quote(cards)}")
        seed = data.get("seed")
        return cls(
            game=data["game"],
            engine=_engine(data.get("engine")),
            options=data.get("options") or {},
            seats=data.get("seats"),
            seed=None if seed is None else canonical_seed(seed, RecordError),
            decks=decks,
            moves=moves,
        )

    # ---- text --------------------------------------------------------------------

    def to_text(self):
        lines = [f"game: {self.game}", f"engine: {self.engine}"]
        if self.seats is not None:
            lines.append(f"seats: {self.seats}")
        if self.seed is not None:
            lines.append(f"seed: {self.seed}")
        for name, value in self.options.items():
            lines.append(f"option {name}: {json.dumps(value)}")
        for label, cards in self.decks.items():
            lines.append(f"deck {label}: {cards}")
        lines.append("moves:")
        for number, move in enumerate(self.moves, 1):
            comment = f" {{{move.comment}}}" if move.comment else ""
            lines.append(f"{number}. {move.text}{comment}")
        lines.append("end")
        return "\n".join(lines) + "\n"

    @classmethod
    def from_text(cls, text):
        header = {}
        options = {}
        decks = {}
        moves = []
        in_moves = False
        ended = False
        for number, raw in enumerate(text.splitlines(), 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            if ended:
                raise RecordError(f"record line {number}: text after the closing 'end': {quote(line, 80)}")
            if in_moves:
                if line == "end":
                    ended = True
                    continue
                moves.append(_read_move_line(line, number))
                continue
            if line == "moves:":
                in_moves = True
                continue
            key, sep, value = line.partition(":")
            if not sep:
                raise RecordError(f"record line {number}: expected 'key: value' or 'moves:', got {quote(line, 80)}")
            key, value = key.strip(), value.strip()
            if key.startswith("option "):
                try:
                    options[key[7:].strip()] = json.loads(value)
                except ValueError:  # not JSON, or a number of over 4,300 digits
                    raise RecordError(f"record line {number}: option value {quote(value)} is not JSON") from None
            elif key.startswith("deck "):
                decks[key[5:].strip()] = value
            elif key in ("game", "engine", "seats", "seed"):
                header[key] = value
            else:
                raise RecordError(f"record line {number}: unknown header {quote(key)}")
        if "game" not in header:
            raise RecordError("record has no 'game:' line")
        if not in_moves or not ended:
            raise RecordError("record does not end with its 'end' line: it is truncated")
        seats = header.get("seats")
        if seats is not None:
            if not _SEATS.fullmatch(seats):  # ASCII digits: str.isdigit() accepts '²', which int() refuses
                raise RecordError(f"record seats {quote(seats)} is not a number of seats")
            seats = int(seats)
        seed = header.get("seed")
        if seed is not None:
            seed = canonical_seed(seed, RecordError)
        return cls(
            game=header["game"],
            engine=_engine(header.get("engine")),
            options=options,
            seats=seats,
            seed=seed,
            decks=decks,
            moves=moves,
        )

    @classmethod
    def load(cls, text):
        """A record from either form: JSON if it starts with ``{``, else text."""
        if isinstance(text, dict):
            return cls.from_json(text)
        if not isinstance(text, str):
            raise RecordError(f"a record is text or a JSON object, not {quote(text)}")
        return cls.from_json(text) if text.lstrip().startswith("{") else cls.from_text(text)


def _read_move_line(line, number):
    body = line
    head, dot, rest = body.partition(".")
    if dot and head.strip().isdigit():
        body = rest.strip()
    comment = None
    if "{" in body:
        body, _, tail = body.partition("{")
        if not tail.rstrip().endswith("}"):
            raise RecordError(f"record line {number}: commentary opened with '{{' is not closed: {quote(line, 80)}")
        comment = tail.rstrip()[:-1].strip()
        body = body.strip()
    if not body:
        raise RecordError(f"record line {number}: no move on the line: {quote(line, 80)}")
    return RecordedMove(body, comment)


def start(record):
    """The first state of the game a record describes."""
    from . import load_game

    if not isinstance(record, Record):
        record = Record.load(record)
    try:
        game = load_game(record.game, **record.options)
        return game.new(seed=record.seed, seats=record.seats, decks=record.decks or None)
    except RecordError:
        raise
    except RulesError as error:
        raise RecordError(f"record cannot start: {error}") from None


def replay(record):
    """Every state of the recorded game in turn, from the deal to the last move.

    A move that does not apply raises RecordError naming its number and text.
    """
    if not isinstance(record, Record):
        record = Record.load(record)
    state = start(record)
    yield state
    for number, move in enumerate(record.moves, 1):
        try:
            state = state.apply(move.text, comment=move.comment)
        except RulesError as error:
            raise RecordError(f"record move {number} {quote(move.text)} does not apply: {error}") from None
        yield state
    _check_decks_dealt(record, state)


def _shape(label):
    return re.sub(r"[0-9]+", "#", label)


def _check_decks_dealt(record, state):
    """Refuse a ``deck`` line for a shuffle the game never deals (a misspelt label would
    otherwise be ignored, and the cards dealt from the seed). In a game still going, a deck
    of the same kind as one dealt (``hand-3`` after ``hand-1``) may be for a hand to come."""
    kinds = {_shape(label) for label in state.labels_dealt} if not state.is_over else set()
    unused = [label for label in record.decks if label not in state.labels_dealt and _shape(label) not in kinds]
    if unused:
        raise RecordError(f"record deck {quoted_list(unused)} is never dealt in {state.spec.name}: "
                          f"this record deals {quoted_list(state.labels_dealt) or 'none'}")
