"""Moves and their canonical text.

A game declares the forms its moves take, as templates such as
``"move {card} onto {card}"`` or ``"bid {int}"``. A template both writes a move
(``form.make(card, card)``) and reads it back from a player's text, so every
move has exactly one canonical text and parsing is shared by all games.

Slots: ``{card}``, ``{cards}`` (one or more), ``{int}``, ``{suit}`` (written as
its name: ``hearts``) and ``{seat}`` (a seat number).
"""

import re

from .cards import SUIT_NAMES, Card, format_cards, parse_card, parse_suit
from .errors import NotationError, quote


class Move:
    """One move: its form's name (``kind``), its arguments and its text."""

    __slots__ = ("kind", "args", "text")

    def __init__(self, kind, args, text):
        self.kind = kind
        self.args = args
        self.text = text

    def __str__(self):
        return self.text

    def __repr__(self):
        return f"Move({self.text!r})"

    def __eq__(self, other):
        if isinstance(other, Move):
            return self.text == other.text
        return NotImplemented

    def __hash__(self):
        return hash(self.text)

    @property
    def card(self):
        """The first card argument, for the many moves that name one card."""
        for arg in self.args:
            if isinstance(arg, Card):
                return arg
            if isinstance(arg, tuple) and arg and isinstance(arg[0], Card):
                return arg[0]
        return None

    def cards(self):
        """Every card the move names, in order."""
        for arg in self.args:
            if isinstance(arg, Card):
                yield arg
            elif isinstance(arg, tuple):
                yield from (card for card in arg if isinstance(card, Card))


MOST_MADE = 4096  # moves a form remembers before it forgets them all

MAX_DIGITS = 6  # no move of any game needs more; int() refuses over 4,300
MAX_MOVE_CHARS = 10_000  # a meld of a whole 2-pack hand is some 300: a far longer text is refused unread
ASCII_NUMBER = re.compile(r"-?[0-9]+")  # ASCII only: str.isdigit() also accepts '²', which int() refuses


def _read_int(token):
    if ASCII_NUMBER.fullmatch(token):
        if len(token.lstrip("-")) > MAX_DIGITS:
            raise NotationError(f"number {quote(token)} is too long: at most {MAX_DIGITS} digits")
        return int(token)
    raise NotationError(f"expected a number, got {quote(token)}")


_READERS = {
    "card": parse_card,
    "int": _read_int,
    "seat": _read_int,
    "suit": parse_suit,
}


def _write(slot, value):
    if slot == "cards":
        return format_cards(value)
    if slot == "suit":
        return SUIT_NAMES[value]
    return str(value)


class MoveForm:
    """A template for one kind of move."""

    def __init__(self, kind, template):
        self.kind = kind
        self.template = template
        self.parts = []
        for word in template.split():
            if word.startswith("{") and word.endswith("}"):
                slot = word[1:-1]
                if slot not in _READERS and slot != "cards":
                    raise ValueError(f"unknown slot {word} in move form {template!r}")
                self.parts.append(("slot", slot))
            else:
                self.parts.append(("word", word.lower()))
        self._plain = all(kind == "word" for kind, _ in self.parts)
        slots = [value for kind, value in self.parts if kind == "slot"]
        self._arity = len(slots)
        self._numbers = tuple(k for k, slot in enumerate(slots) if slot in ("int", "seat"))
        self._made = {}  # the moves made, by their arguments

    def make(self, *args):
        """The move of these arguments. Moves are never changed, so one made before is given
        again: games make the same few at every step (King's play {card}, Yukon's move {card}
        onto {card})."""
        if len(args) != self._arity:
            return self._make(args)
        for k in self._numbers:
            if type(args[k]) is not int:
                return self._make(args)  # not remembered: True equals 1 but writes otherwise
        try:
            made = self._made.get(args)
        except TypeError:  # a list of cards is not hashable
            return self._make(args)
        if made is None:
            if len(self._made) >= MOST_MADE:
                self._made.clear()
            made = self._made[args] = self._make(args)
        return made

    def _make(self, args):
        values = iter(args)
        words = []
        normalized = []
        for kind, value in self.parts:
            if kind == "word":
                words.append(value)
            else:
                arg = next(values)
                if value == "cards":
                    arg = tuple(arg)
                normalized.append(arg)
                words.append(_write(value, arg))
        return Move(self.kind, tuple(normalized), " ".join(words))

    def read(self, tokens):
        """The move these tokens spell in this form, or None if they don't fit.

        Raises NotationError when the words fit but a card, suit or number in
        them is malformed, so the message can say which.
        """
        if len(tokens) < len(self.parts) or (
            len(tokens) > len(self.parts) and not any(s == "cards" for _, s in self.parts)
        ):
            return None
        args = []
        i = 0
        for index, (kind, value) in enumerate(self.parts):
            if kind == "word":
                if i >= len(tokens) or tokens[i].lower() != value:
                    return None
                i += 1
            elif value == "cards":
                rest = len(self.parts) - index - 1
                taken = tokens[i:len(tokens) - rest]
                if not taken:
                    return None
                args.append(tuple(parse_card(t) for t in taken))
                i += len(taken)
            else:
                args.append(_READERS[value](tokens[i]))
                i += 1
        if i != len(tokens):
            return None
        return self.make(*args)


class MoveForms:
    """All the forms a game's moves take, in the order they are tried."""

    def __init__(self, *forms):
        self.forms = forms
        self.by_kind = {form.kind: form for form in forms}

    def __getitem__(self, kind):
        return self.by_kind[kind]

    def parse(self, text, game_name=""):
        if len(str(text)) > MAX_MOVE_CHARS:
            where = f" in {game_name}" if game_name else ""
            raise NotationError(f"bad move {quote(str(text), 80)}{where}: {len(str(text)):,} characters, "
                                f"more than any move needs (at most {MAX_MOVE_CHARS:,})")
        tokens = str(text).replace(",", " ").split()
        first_error = None
        for form in self.forms if tokens else ():
            try:
                move = form.read(tokens)
            except NotationError as error:
                # The words fit this form but a card or number did not; another
                # form may still fit ("play up" is not "play {card}").
                first_error = first_error or error
                continue
            if move is not None:
                return move
        where = f" in {game_name}" if game_name else ""
        if first_error is not None:
            raise NotationError(f"bad move {quote(str(text), 80)}{where}: {first_error}")
        # The forms that differ only in a word after the first ("stand for 7s") are listed as one.
        shapes = list(dict.fromkeys(re.sub(r" for \S+$", " for …", form.template) for form in self.forms))
        expected = "; ".join(shapes)
        raise NotationError(f"bad move {quote(str(text), 80)}{where}: expected one of: {expected}")
