"""The command line: ``python -m rules_engine list|play|replay|validate|simulate``.

This is the only module of the engine that reads or writes anything.
``main(argv, stdin=..., stdout=..., stderr=...)`` takes its streams as
arguments, so tests can drive a whole session, and returns the exit status
(0, or 2 for a bad record, a bad option or a bad file).
"""

import argparse
import io
import json
import sys
import time
from contextlib import redirect_stderr, redirect_stdout
from functools import partial

from . import __version__, list_games, load_game, state_class
from .bots import BOTS, MAX_IDLE, HeuristicBot, make_bot, play_out
from .errors import IllegalMoveError, NotationError, RecordError, RulesError, quote
from .record import Record, replay
from .rng import canonical_seed
from .render import interlude, numbered, outcomes, pretty_move, render, scoreboard, seat_label

MAX_GAMES = 100_000  # a run of simulate: it shows its progress on a terminal and stops cleanly on Ctrl-C
COMMANDS_HELP = "a move's number or text, or: undo, hint, record, moves, help, quit"


def main(argv=None, stdin=None, stdout=None, stderr=None):
    """Run one command; returns the exit status."""
    stdin = sys.stdin if stdin is None else stdin
    out = sys.stdout if stdout is None else stdout
    err = sys.stderr if stderr is None else stderr
    # Python gives None for a stream that was closed when it started (`<&-`, `>&-`).
    err = io.StringIO() if err is None else err  # errors then go nowhere; the exit status still tells
    if out is None:
        print("error: standard output is closed", file=err)
        return 2
    stdin = io.StringIO() if stdin is None else stdin  # no input: as at its end
    parser = _parser()
    try:
        with redirect_stdout(out), redirect_stderr(err):
            args = parser.parse_args(argv)
    except SystemExit as exit:  # argparse has printed its help or its usage error
        return exit.code
    try:
        return args.run(args, stdin, out, err)
    except RulesError as error:
        print(f"error: {error}", file=err)
        return 2
    except BrokenPipeError:  # the output went to a pager or `head` that has stopped reading
        return 1
    except UnicodeError as error:  # a binary file or binary input
        print(f"error: the input is not UTF-8 text ({error.reason} at byte {getattr(error, 'start', '?')})",
              file=err)
        return 2
    except OSError as error:
        print(f"error: {error}", file=err)
        return 2
    except KeyboardInterrupt:
        print("\ninterrupted", file=err)
        return 130


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        # argparse quotes a bad argument whole ("invalid int value: '...'"), of any length.
        super().error(message if len(message) <= 300 else message[:299] + "…")


def _parser():
    parser = _Parser(prog="python -m rules_engine", description="The card-game rules engine.")
    parser.add_argument("--version", action="version", version=f"rules_engine {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    commands.add_parser("list", help="the registered games").set_defaults(run=cmd_list)
    for name, run, about in (("replay", cmd_replay, "print every move of a record, then the scores"),
                             ("validate", cmd_validate, "check that a record replays")):
        sub = commands.add_parser(name, help=about)
        sub.add_argument("file", help="a text or JSON record, or - for stdin")
        sub.set_defaults(run=run)
    for name, run, about in (("play", cmd_play, "play a game in the terminal against bots"),
                             ("simulate", cmd_simulate, "play many seeded bot games and report the outcomes")):
        sub = commands.add_parser(name, help=about)
        sub.add_argument("game", help="a game's id, as 'list' shows them")
        if name == "play":
            sub.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
            sub.add_argument("--seed", help="the deal's seed (default: a fresh one, printed at the end)")
        else:
            sub.add_argument("--games", type=int, default=100, help="how many games (default 100)")
            sub.add_argument("--seed", default="1", help="game i is dealt from seed '<seed>-<i>' (default 1)")
        sub.add_argument("--bots", choices=sorted(BOTS), default="heuristic", help="the bots (default heuristic)")
        sub.add_argument("--seats", type=int, help="number of seats, for games that offer a choice")
        sub.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                         help="a game option; VALUE is read as JSON if it can be (true, 3), else as text")
        sub.set_defaults(run=run)
    return parser


def _load(args):
    """The game named on the command line, with its ``--option NAME=VALUE``s: a value is
    taken as text for an option whose default is text, else read as JSON if it can be."""
    defaults = {option.name: option.default for option in state_class(args.game).spec.options}
    options = {}
    for pair in args.option:
        name, sep, value = (part.strip() for part in pair.partition("="))
        if not sep or not name:
            raise RulesError(f"bad --option {quote(pair)}: expected NAME=VALUE")
        try:
            options[name] = value if isinstance(defaults.get(name), str) else json.loads(value)
        except ValueError:  # not JSON (or a number of over 4,300 digits): the text itself
            options[name] = value
    return load_game(args.game, **options)


def _seed(text):
    return canonical_seed(text)  # "42" is the number 42; "007" or "²" stay texts


# ---- list ----------------------------------------------------------------------------------------


def cmd_list(args, stdin, out, err):
    say = partial(print, file=out)
    for spec in list_games():
        low, high = spec.seats
        seats = f"{low}" if low == high else " or ".join(map(str, spec.seat_counts)) if spec.seat_counts else f"{low}-{high}"
        say(f"{spec.id:<8} {spec.name} ({spec.family}, {seats} seat{'s' if high > 1 else ''}, {spec.deck_words()})")
        if spec.aliases:
            say(f"         also called: {', '.join(spec.aliases)}")
        options = ", ".join(f"{o.name}={json.dumps(o.default)}" + (f" ({'|'.join(map(str, o.choices))})"
                                                                  if o.choices else "") for o in spec.options)
        options = options or "none"
        say(f"         options: {options}")
        if spec.summary:
            say(f"         {spec.summary}")
    return 0


# ---- play ----------------------------------------------------------------------------------------


def cmd_play(args, stdin, out, err):
    game = _load(args)
    seed = _seed(args.seed) if args.seed is not None else int(time.time_ns() % 10**9)
    state = game.new(seed=seed, seats=args.seats)
    you = args.seat
    if not 0 <= you < state.seats:
        raise RulesError(f"bad seat {you}: {game.spec.id} has seats 0 to {state.seats - 1}")
    bots = {seat: make_bot(args.bots, f"{seed}-{seat}") for seat in range(state.seats) if seat != you}
    others = f", {args.bots} bots in the other seats" if bots else ""
    # A fresh seed is told at the end, with the record: it deals every card, the bots' hands included.
    deal = f"seed {seed}" if args.seed is not None else "a fresh deal"
    print(f"{game.spec.name}, {deal}: you are seat {you}{others}.", file=out)
    print(f"Type {COMMANDS_HELP}.", file=out)
    session = _Session(state, you, bots, stdin, out)
    session.run()
    _print_end(session.state, you, out)
    return 0


class _Session:
    """One terminal game: the human's turns, the bots' turns, and undo."""

    def __init__(self, state, you, bots, stdin, out):
        self.state = state
        self.you = you
        self.bots = bots
        self.stdin = stdin
        self.out = out
        self.undo_stack = []  # states at the human's earlier turns

    def say(self, text=""):
        print(text, file=self.out)

    def run(self):
        state_shown = None
        while not self.state.is_over:
            if self.state.to_act != self.you:
                self.move(self.bots[self.state.to_act].choose(self.state.view(self.state.to_act)), bot=True)
                continue
            if state_shown is not self.state:
                self.show()
                state_shown = self.state
            self.out.write("your move> ")
            self.out.flush()
            line = self.stdin.readline()
            if not line:
                self.say("(end of input)")
                return
            if not _isatty(self.stdin):
                self.say(line.rstrip("\n"))  # echo scripted input, so the transcript reads well
            if not self.command(line.strip()):
                return
        self.say(f"\n{render(self.state.table(self.you))}")

    def show(self):
        view = self.state.view(self.you)
        self.say(f"\n{render(self.state.table(self.you))}\n\nYour moves:\n{numbered(view['moves'])}")

    def command(self, text):
        """Carry out one line of input; False to stop the game."""
        word = text.lower()
        if not text:
            return True
        if word in ("quit", "q", "exit"):
            self.say("You quit.")
            return False
        if word in ("help", "?"):
            self.say(f"Type {COMMANDS_HELP}.")
        elif word == "moves":
            self.say(numbered(self.state.view(self.you)["moves"]))
        elif word == "undo":
            if not self.undo_stack:
                self.say("Nothing to undo.")
            else:
                self.state = self.undo_stack.pop()
                self.say("Undone: back to your previous turn.")
        elif word == "hint":
            move = HeuristicBot(0).choose(self.state.view(self.you))
            self.say(f"hint: {move}  (what the heuristic bot would play)")
        elif word == "record":
            self.say("The record so far; its seed deals every card, the other hands included:")
            self.say(self.state.record.to_text().rstrip())
        elif text.isdigit():
            moves = self.state.legal_moves()
            number = int(text)
            if 1 <= number <= len(moves):
                self.move(moves[number - 1].text)
            else:
                self.say(f"There is no move {number}: choose 1 to {len(moves)}, or type a move.")
        else:
            self.move(text)
        return True

    def move(self, text, bot=False):
        state = self.state
        seat = state.to_act
        if bot:
            after = state.apply(text, seat=seat)  # a bot's illegal move is a bug: let it raise
        else:
            try:
                after = state.apply(text, seat=seat)
            except IllegalMoveError as error:
                self.say(f"Illegal move {error.move!r}: {error.reason} (rule {error.rule}). Try again.")
                return
            except NotationError as error:
                self.say(f"{error}. Try again.")
                return
            self.undo_stack.append(state)
        self.state = after
        for line in told_lines(after, self.you):
            self.say(line)


def told_lines(state, you, table=None):
    """The transcript's lines for the move that led to ``state``, as seat ``you`` is told of it
    (``table``: its table, if at hand): none for another seat's private decision (the comet
    offered to its holder), and a move seen only in part (a card given face down) by its public text."""
    if not state.told_last_move(you):
        return []
    text, mover = state.last_move_seen_by(you)
    table = state.table(you) if table is None else table
    who = "someone" if mover is None else seat_label(mover, you)  # a seat it may not know
    return [f"{who}: {pretty_move(text)}"] + [f"  {line}" for line in _told(table)]


def _told(table):
    """What the engine says of the last move, and of the hand it ended."""
    lines = [table["last"]] if table["last"] else []
    return lines + (interlude(table) if table["interlude"] else [])


def _isatty(stream):
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def _print_end(state, you, out):
    print("\nGame over." if state.is_over else "\nGame stopped before its end.", file=out)
    print(scoreboard(state.table(you), you), file=out)
    print("\n" + state.record.to_text(), end="", file=out)


# ---- replay and validate -------------------------------------------------------------------------


def _read_record(path, stdin):
    if path == "-":
        text = stdin.read()
    else:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
    return Record.load(text)


def cmd_replay(args, stdin, out, err):
    record = _read_record(args.file, stdin)
    states = replay(record)
    try:
        state = next(states)
        where = f"seed {record.seed}" if record.seed is not None else "fixed deck"
        print(f"{state.spec.name}, {state.seats} seat{'s' if state.seats > 1 else ''}, {where}, "
              f"{len(record.moves)} moves", file=out)
        heading = None
        for number, after in enumerate(states, 1):
            title = state.table(None)["headline"]["title"]
            if title != heading:
                heading = title
                print(f"\n{heading}", file=out)
            text, comment, seat = after.moves_made[-1]
            note = f"  {{{comment}}}" if comment else ""
            print(f"{number:>4}. seat {seat}: {pretty_move(text)}{note}", file=out)
            for line in _told(after.table(None)):
                print(f"        {line}", file=out)
            state = after
    except RecordError as error:
        out.flush()
        print(f"error: {error}", file=err)
        return 2
    print(f"\n{render(state.table(None))}\n\n{scoreboard(state.table(None))}", file=out)
    return 0


def cmd_validate(args, stdin, out, err):
    try:
        record = _read_record(args.file, stdin)
        state = None
        for state in replay(record):
            pass
    except RecordError as error:
        print(f"error: {error}", file=err)
        return 2
    status = "over" if state.is_over else "in progress"
    print(f"ok: {record.game}, {len(record.moves)} moves, {status}, scores {', '.join(map(str, state.scores.game))}",
          file=out)
    return 0


# ---- simulate ------------------------------------------------------------------------------------


class _Final:
    """What ``outcomes`` reads of a finished game, without its moves: a long run keeps only these."""

    __slots__ = ("result", "seats", "scores", "is_over", "names", "winners")

    def __init__(self, state):
        self.result = getattr(state, "result", None)
        self.seats, self.scores, self.is_over = state.seats, state.scores, state.is_over
        self.names = state.player_names()
        self.winners = getattr(state, "winners", None)

    def player_names(self):
        return self.names


def _duration(seconds):
    """``42 s``, ``7 min 5 s``, ``3 h 20 min``."""
    seconds = round(seconds)
    if seconds < 60:
        return f"{seconds} s"
    if seconds < 3600:
        return f"{seconds // 60} min {seconds % 60} s"
    return f"{seconds // 3600} h {seconds // 60 % 60} min"


class _Progress:
    """One line on a terminal, rewritten as games end: how many, and an estimate of the time left."""

    EVERY = 0.5  # seconds between updates

    def __init__(self, stream, total):
        self.stream, self.total = stream, total
        self.started = self.shown = time.perf_counter()
        self.width = 0

    def update(self, done):
        now = time.perf_counter()
        if done > 1 and done < self.total and now - self.shown < self.EVERY:
            return
        self.shown = now
        elapsed = now - self.started
        left = elapsed / done * (self.total - done)
        self._write(f"{done:,} of {self.total:,} games, {_duration(elapsed)} so far, about {_duration(left)} left "
                    f"(Ctrl-C stops with the figures so far)")

    def clear(self):
        self._write("")

    def _write(self, text):
        self.stream.write("\r" + text.ljust(self.width) + ("\r" if not text else ""))
        self.stream.flush()
        self.width = len(text)


def cmd_simulate(args, stdin, out, err):
    game = _load(args)
    if not 1 <= args.games <= MAX_GAMES:
        raise RulesError(f"bad --games {quote(args.games)}: play at least one game and at most {MAX_GAMES}")
    progress = _Progress(err, args.games) if _isatty(err) else None
    finals, moves, interrupted = [], 0, False
    started = time.perf_counter()
    try:
        for i in range(args.games):
            seed = f"{args.seed}-{i}"
            state = game.new(seed=seed, seats=args.seats)
            state = play_out(state, [make_bot(args.bots, f"{seed}-{seat}") for seat in range(state.seats)])
            moves += len(state.moves_made)
            finals.append(_Final(state))
            if progress:
                progress.update(len(finals))
    except KeyboardInterrupt:  # Ctrl-C: the games played so far still tell something
        interrupted = True
    finally:
        if progress:
            progress.clear()
    elapsed = time.perf_counter() - started
    played = len(finals)
    if not played:
        print("interrupted before the first game ended: nothing to report", file=err)
        return 130
    say = partial(print, file=out)
    say(f"{game.spec.name}: {played} games with {args.bots} bots, seeds {args.seed}-0 to {args.seed}-{played - 1}")
    if interrupted:
        say(f"interrupted after {played} of {args.games} games: these figures are partial")
    for line in outcomes(finals):
        say(line)
    stopped = sum(not final.is_over for final in finals)
    if stopped:  # bots.play_out gave up on them: the bots went round in circles
        say(f"given up after {MAX_IDLE} moves without progress: {stopped} of {played}")
    say(f"moves per game: mean {moves / played:.1f}")
    say(f"time: {elapsed:.2f} s, {played / elapsed:.1f} games/s, {moves / elapsed:.0f} moves/s")
    return 130 if interrupted else 0
