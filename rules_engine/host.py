"""The engine's side of the page ↔ worker protocol: JSON-ready messages in,
JSON-ready answers out, errors carried as data.

The browser's worker creates one :class:`Host` and passes every message from
the page to ``Host.handle``; the same object is driven directly by the tests.
Each widget on a page opens its own session. Protocol version 1::

    → {"v": 1, "id": 7, "op": "open", "session": "w1", "game": "king", "seed": 42, "human": 0}
    ← {"v": 1, "id": 7, "ok": true, "view": {...}, "share": "", ...}
    → {"v": 1, "id": 8, "op": "move", "session": "w1", "move": "play QS"}
    ← {"v": 1, "id": 8, "ok": false, "error": {"kind": "IllegalMoveError",
        "message": "...", "reason": "you must follow suit ♥ when you can", "rule": "play.follow-suit"}}

Operations: ``games``, ``open``, ``move``, ``bot``, ``undo``, ``hint``,
``explain``, ``select`` (a move built from several cards, step by step), ``share``,
``close``, ``score`` (a score pad's computed row), ``log`` (the move log again, from an entry on),
and for a real-time game ``reactions`` (when each bot seat will react) and ``react`` (one of them does).

While a game is in progress, a reply holds only what the reader's seat may
see: its view and table, how many moves it has been told of (``step``), the
last of them as it saw it, and the move log's entries the page does not have yet (``log``: each move
the seat was told of, in words, from entry ``from`` on: rules_engine/movelog.py). The seed, the record and the share code (the moves
so far as their indexes among the legal moves, so that a link replays them
exactly) fix the whole deal, the other hands included: a reply carries them
once the game is over, and before that only the ``share`` operation gives
them, when the reader asks.
"""

import inspect
import logging
from dataclasses import replace

from . import list_games, load_game, movelog
from .bots import make_bot
from .errors import RulesError, quote
from .record import Record, start
from .rng import fresh_seed

PROTOCOL_VERSION = 1
# The most moves a session may open with (a share code's and a record's): longer than the games
# bots play (Kaiser's 60 hands run to some 2,200 moves, Comet's longest to 1,500), and short enough to
# replay in well under 0.2 s in CPython (Yukon, the slowest per move, in about 0.15 s:
# benchmarks/share_links.py). Yukon's cards and Rolling Stone's tricks can go round for ever, so a
# longer code is refused before anything is replayed.
MAX_SHARE_MOVES = 2_500
MAX_SHARE = 3 * MAX_SHARE_MOVES  # characters: a move takes one, or three past the 62nd legal move
LOG = logging.getLogger(__name__)
SHARE_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


class ProtocolError(RulesError):
    """A message the host cannot act on."""


def _message_id(value):
    """A message's ``id``, which the reply carries back: a number the page's JavaScript holds
    exactly, or a short text (anything else would come back as large as it came)."""
    if value is None or type(value) is int and abs(value) <= 2**53 - 1 or type(value) is str and len(value) <= 100:
        return value
    raise ProtocolError(f"bad message id {quote(value)}: expected a number or a text of at most 100 characters")


def _check_name(name):
    if type(name) is not str or not 0 < len(name) <= 100:
        raise ProtocolError(f"bad session name {quote(name)}: expected a text of 1 to 100 characters")


def encode_share(indexes):
    """Move indexes as text for a link: one character each below 62, else ``~`` and two. A move
    its game does not list (a meld of a game that cannot list them all, ``lists_built_moves``
    False) is kept as its text, between ``~~`` marks, its spaces written ``~``."""
    out = []
    for index in indexes:
        if isinstance(index, str):
            out.append("~~" + index.replace(" ", "~") + "~~")
        elif index < 62:
            out.append(SHARE_DIGITS[index])
        else:
            out.append("~" + SHARE_DIGITS[index // 62] + SHARE_DIGITS[index % 62])
    return "".join(out)


def decode_share(text):
    """The indexes (and move texts) of ``encode_share``."""
    indexes = []
    at = 0
    while at < len(text):
        char = text[at]
        try:
            if text.startswith("~~", at):
                end = text.index("~~", at + 2)
                move = text[at + 2:end].replace("~", " ")
                if not move or not all(c in SHARE_DIGITS or c == " " for c in move):
                    raise ValueError
                indexes.append(move)
                at = end + 2
            elif char == "~":
                indexes.append(SHARE_DIGITS.index(text[at + 1]) * 62 + SHARE_DIGITS.index(text[at + 2]))
                at += 3
            else:
                indexes.append(SHARE_DIGITS.index(char))
                at += 1
        except (ValueError, IndexError):
            raise ProtocolError(f"bad share code {quote(text)} at {char!r}") from None
    return indexes


class Session:
    """One widget's game: its states (for undo), the human's seat and the bots."""

    def __init__(self, state, human, bots):
        self.states = [state]
        self.indexes = []
        self.human = human
        self.bots = bots
        self.fixed_decks = None  # the record's deals, when the host drew the seed for the others
        self.planned = {}  # a real-time game's bot reactions to the card on the table, by seat
        self.log = []  # the move log: an entry per move the reader's seat was told of (movelog.py)
        self.logged = [0]  # the log's length at each state, for undo
        self.log_sent = 0  # the entries the page has: a reply sends those after them

    @property
    def state(self):
        return self.states[-1]

    def push(self, move, index=None, seat=None):
        """Make ``move`` (``seat``'s, if given: refused unless that seat may make it now);
        ``index``, its place among the legal moves, if known."""
        state = self.state
        after = state.apply(move, seat=seat)  # a Move or its text; anything else is refused as a NotationError
        if index is None:
            listed = [m.text for m in state.legal_moves()]
            made = after.last_move[0]
            index = listed.index(made) if made in listed else made   # a move its game does not list
        self.indexes.append(index)
        self.states.append(after)
        told = movelog.entry(state, after, self.human)
        if told is not None:
            self.log.append(told)
        self.logged.append(len(self.log))
        return after

    def pop(self):
        """Take back the last move."""
        self.states.pop()
        self.indexes.pop()
        self.logged.pop()
        del self.log[self.logged[-1]:]

    def log_since(self, start):
        """The log's entries from ``start`` on, as a reply carries them; the page has them all now."""
        self.log_sent = len(self.log)
        return {"from": start, "entries": self.log[start:]}

    def bot_to_decide_in_private(self):
        """The bot seat deciding in private now (Comet's holder offered the comet), or None."""
        state = self.state
        if state.is_over or state.to_act == self.human or not state._private_turn():
            return None
        return state.to_act


class Host:
    def __init__(self):
        self.sessions = {}  # by name, the least recently used first

    MAX_SESSIONS = 16  # a finished King game holds about 0.9 MB of states
    def handle(self, message):
        """Answer one message; never raises for bad input."""
        reply = {"v": PROTOCOL_VERSION, "id": None}
        try:
            if not isinstance(message, dict):
                raise ProtocolError(f"a message must be an object, got {quote(message)}")
            reply["id"] = _message_id(message.get("id"))
            version = message.get("v")
            if type(version) is not int or version != PROTOCOL_VERSION:  # not 1.0 or true, which equal 1
                raise ProtocolError(f"protocol version {quote(version)} is not {PROTOCOL_VERSION}")
            op = message.get("op")
            handler = getattr(self, f"op_{op}", None) if isinstance(op, str) else None
            if handler is None:
                raise ProtocolError(f"unknown operation {quote(op)}")
            args = {k: v for k, v in message.items() if k not in ("v", "id", "op")}
            try:
                inspect.signature(handler).bind(**args)
            except TypeError as error:
                # Python's message names the argument, which came from the page: of any length.
                raise ProtocolError(f"bad arguments: {quote(str(error), 200)}") from None
            reply.update(handler(**args))
            reply["ok"] = True
        except RulesError as error:
            reply["ok"] = False
            reply["error"] = {
                "kind": type(error).__name__,
                "message": str(error),
                "reason": getattr(error, "reason", None),
                "rule": getattr(error, "rule", None),
            }
        except Exception as error:  # noqa: BLE001 - a bug must reach the page as an answer, not kill the worker
            # A bug, not bad input: its traceback goes to the log (the browser's console) to be fixed.
            LOG.error("internal error answering %s", quote(message, 200), exc_info=error)
            reply["ok"] = False
            reply["error"] = {"kind": "InternalError", "message": f"{type(error).__name__}: {quote(str(error), 200)}",
                              "reason": None, "rule": None}
        return reply

    # ---- operations ---------------------------------------------------------------

    def op_games(self):
        return {"games": [spec.to_json() for spec in list_games()]}

    def op_score(self, game, facts, hand=None, context=None, columns=None):
        """A score pad's hand row computed from the facts a player entered
        (rules_engine/scoring.py): ``{"row": {"points", "rule", "detail", "check", ...}}``."""
        from .scoring import score_row

        return {"row": score_row(game, facts, hand=hand, context=context, columns=columns)}

    def op_open(self, session, game=None, options=None, seed=None, seats=None, human=0, bots="heuristic",
                record=None, share=""):
        """Start a session: a new deal (``game``, ``seed``), or the position a
        record reaches (``record``: text or JSON), then the moves of ``share``.

        A record without a seed (a worked example, which fixes its deal by ``deck`` lines) is
        played on with a seed drawn here for the deals it does not fix; replies say
        ``dealt_afresh`` once such a deal has been made."""
        _check_name(session)
        if options is not None and not isinstance(options, dict):
            raise ProtocolError(f"options must be an object, got {quote(options)}")
        if not isinstance(share, str) or len(share) > MAX_SHARE:
            raise ProtocolError(f"bad share code {quote(share)}: expected a text of at most {MAX_SHARE} characters")
        shared = decode_share(share)
        parsed = Record.load(record) if record is not None else None
        moves = [m.text for m in parsed.moves] if parsed is not None else []
        if len(moves) + len(shared) > MAX_SHARE_MOVES:
            raise ProtocolError(f"a position of {len(moves) + len(shared)} moves is too long to open: "
                                f"a record and a share code replay at most {MAX_SHARE_MOVES} moves")
        drawn_for = None
        if parsed is not None:
            if parsed.seed is None:
                # A record that fixes its deals (a worked example's "play on from here") fixes only
                # those it plays: the hands after them are dealt from a seed drawn now, kept in the
                # session's record so that it replays them.
                drawn_for = frozenset(parsed.decks)
                parsed = replace(parsed, seed=fresh_seed())
            state = start(parsed)
        else:
            state = load_game(game, **(options or {})).new(seed=seed, seats=seats)
        if bots not in ("random", "heuristic"):
            raise ProtocolError(f"unknown bot kind {quote(bots)}")
        if human is not None and (type(human) is not int or not 0 <= human < state.seats):
            raise ProtocolError(f"human seat {quote(human)} is not a seat of this game: 0 to {state.seats - 1}, "
                                f"or null for none")
        current = Session(state, human, bots)
        current.fixed_decks = drawn_for
        for move in moves:
            current.push(move)
        for index in shared:
            legal = current.state.legal_moves()
            if isinstance(index, str):
                try:
                    current.push(index)
                except RulesError:
                    raise ProtocolError(f"share code {quote(share)} does not fit this game") from None
                continue
            if not 0 <= index < len(legal):
                raise ProtocolError(f"share code {quote(share)} does not fit this game")
            current.push(legal[index], index)
        answer = self._snapshot(current)  # before storing: a session that cannot be shown is not kept
        self.sessions.pop(session, None)
        if len(self.sessions) >= self.MAX_SESSIONS:
            del self.sessions[next(iter(self.sessions))]  # the least recently used
        self.sessions[session] = current
        return answer

    def op_move(self, session, move):
        current = self._session(session)
        current.push(move, seat=current.human)   # the reader's turn, or a reaction of the reader's seat
        return self._snapshot(current)

    def op_reactions(self, session):
        """A real-time game (``rhythm``): what each bot seat will do about the table now, and when.
        The reply gives only the seats and their times in milliseconds (``react`` plays each one);
        the moves, drawn from a stream seeded by the position, stay here until then."""
        current = self._session(session)
        state = current.state
        if state.rhythm is None:
            raise ProtocolError(f"{state.spec.name} is played turn by turn: no seat reacts out of turn")
        current.planned, timed = {}, []
        for seat in range(state.seats):
            if seat == current.human or not state.reactions(seat):
                continue
            bot = make_bot("heuristic", f"{state.seed}/{len(current.indexes)}/react/{seat}")
            planned = bot.react(state.view(seat), seat)
            if planned is not None:
                current.planned[seat], ms = planned
                timed.append({"seat": seat, "ms": ms})
        return {"reactions": timed}

    def op_react(self, session, seat):
        """A bot seat makes the reaction ``reactions`` planned for it, if it still may."""
        current = self._session(session)
        state = current.state
        if type(seat) is not int or seat not in current.planned:
            raise ProtocolError(f"no reaction is planned for seat {quote(seat)}")
        move = current.planned.pop(seat)
        if move not in [m.text for m in state.reactions(seat)]:
            raise ProtocolError(f"seat {seat} can no longer make its reaction {quote(move)}")
        current.push(move, seat=seat)
        return {**self._snapshot(current), "played": self._played(current.state, current.human)}

    def op_bot(self, session):
        """The bot to act plays one move (the reader's widget paces them)."""
        current = self._session(session)
        state = current.state
        if state.is_over or state.to_act == current.human:
            raise ProtocolError("no bot is to act")
        seat = state.to_act
        move = self._bot_choice(current, seat)
        current.push(move)
        played = self._played(current.state, current.human)
        return {**self._snapshot(current), "played": played}

    def op_undo(self, session):
        """Back to the human's previous decision, taking back the bots' replies."""
        current = self._session(session)
        if len(current.states) == 1:
            raise ProtocolError("nothing to undo")
        while len(current.states) > 1:
            current.pop()
            if current.state.to_act == current.human or current.human is None:
                break
        return self._snapshot(current)

    def op_hint(self, session):
        current = self._session(session)
        state = self._readers_turn(current, "a hint")
        view = state.view(current.human)
        # Seeded by what the reader has seen, so that a hint tells nothing of the others' private moves.
        return {"hint": make_bot("heuristic", f"hint/{state.moves_seen_by(current.human)}").choose(view)}

    def op_explain(self, session, move):
        current = self._session(session)
        state = self._readers_turn(current, "an explanation")
        parsed = state.parse_move(move)
        explanation = state.explain(parsed)
        if explanation is None:
            return {"legal": True, "move": parsed.text}
        return {"legal": False, "move": parsed.text, "reason": explanation.reason, "rule": explanation.rule}

    def op_select(self, session, cards=(), target=None):
        """The reader's table while a move is built from several cards: ``cards`` picked so far
        (texts) and the ``target`` aimed at (a zone id); its ``selection`` says what may follow."""
        current = self._session(session)
        state = self._readers_turn(current, "a choice of cards")
        return {"table": state.table(current.human, cards, target)}

    def op_share(self, session):
        """What rebuilds the whole deal, for a reader who asks to share it: the seed,
        the share code of the moves so far and the record."""
        current = self._session(session)
        state = current.state
        return {"seed": state.seed, "share": encode_share(current.indexes), "record": state.record.to_text()}

    def op_log(self, session, since=0):
        """The move log from entry ``since`` on: for a page that missed some (a reply it set aside)."""
        current = self._session(session)
        if type(since) is not int or not 0 <= since <= len(current.log):
            raise ProtocolError(f"bad log entry {quote(since)}: expected a number from 0 to {len(current.log)}")
        return {"log": current.log_since(since)}

    def op_close(self, session):
        _check_name(session)
        self.sessions.pop(session, None)
        return {}

    # ---- helpers -------------------------------------------------------------------

    def _session(self, name):
        _check_name(name)
        try:
            current = self.sessions.pop(name)
        except KeyError:
            raise ProtocolError(f"no open session {quote(name)}") from None
        self.sessions[name] = current  # now the most recently used
        return current

    @staticmethod
    def _readers_turn(current, what):
        """The state, if it is the reader's turn: hints and explanations are
        for the reader's own seat only, or they would tell a bot's cards."""
        state = current.state
        if state.is_over:
            raise ProtocolError("the game is over")
        if current.human is None:
            raise ProtocolError(f"{what} is only for a player's seat, and this session has none")
        if state.to_act != current.human:
            raise ProtocolError(f"{what} is only for your own turn: seat {state.to_act} is to play")
        return state

    def _bot_choice(self, current, seat):
        # Seeded by the position, so undoing and replaying gets the same answers.
        bot = make_bot(current.bots, f"{current.state.seed}/{len(current.indexes)}")
        return bot.choose(current.state.view(seat))

    def _settle(self, current):
        """Let the bots make their private decisions at once, where the reader cannot see them
        being asked. A bot that comes out of its private turn with a move the table sees (the
        comet itself) is left to play it as its own step, shown to act then as it is about to."""
        while (seat := current.bot_to_decide_in_private()) is not None:
            move = self._bot_choice(current, seat)
            if not current.state._keeps_private(current.state.parse_move(move)):
                return seat
            current.push(move)
        return None

    def _snapshot(self, current):
        return self._reply(current, self._settle(current))

    @staticmethod
    def _reply(current, about_to_play=None):
        """What the reader's seat is told of the session's position (see the module's docstring)."""
        state = current.state
        seat = current.human  # None: a spectator, who sees no one's hidden cards
        last = state.last_move_seen_by(seat)
        view, table = state.view(seat), state.table(seat)
        if about_to_play is not None:
            view["to_act"] = table["to_act"] = about_to_play
        reply = {
            "view": view,
            "table": table,
            "human": current.human,
            "step": state.moves_seen_by(seat),
            "last": {"move": last[0], "seat": last[1]} if last else None,
            "result": getattr(state, "result", None),
            # The entries the page does not have yet: it keeps those before "from" (fewer after an undo).
            "log": current.log_since(min(current.log_sent, len(current.log))),
        }
        if current.fixed_decks is not None and state.labels_dealt - current.fixed_decks:
            reply["dealt_afresh"] = True  # a deal the record did not fix, from the seed drawn for it
        if state.is_over:
            reply.update(seed=state.seed, share=encode_share(current.indexes))
        return reply

    @staticmethod
    def _played(state, seat):
        """The move that led to ``state`` as ``seat`` saw it."""
        text, mover = state.last_move_seen_by(seat)
        return {"seat": mover, "move": text}
