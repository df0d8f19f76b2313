"""The engine's errors: one small hierarchy under ValueError.

Every message quotes the offending input and the context it was read in, so a
player, a widget or a test can show it as it is.
"""


class RulesError(ValueError):
    """Anything the engine refuses."""


def quote(value, limit=40):
    """``repr(value)`` for a message, cut to about ``limit`` characters: input
    can be of any size, and ``repr`` refuses integers of over 4,300 digits."""
    if type(value) is int and abs(value) >= 10**limit:
        return f"a number of {int(value.bit_length() * 0.30103) + 1} digits or so"
    try:
        text = repr(value)
    except ValueError:  # a container holding a huge integer
        return f"a {type(value).__name__} too large to show"
    if len(text) <= limit:
        return text
    size = f" ({len(value)} characters)" if isinstance(value, str) else ""
    return f"{text[:limit - 1]}…{size}"


def quoted_list(values, shown=5):
    """Some of ``values`` (of any types and number) quoted for a message, in a fixed order."""
    texts = sorted(quote(value) for value in values)
    more = f" and {len(texts) - shown} more" if len(texts) > shown else ""
    return ", ".join(texts[:shown]) + more


class NotationError(RulesError):
    """Text that is not a card, a list of cards or a move of this game."""


class IllegalMoveError(RulesError):
    """A well-formed move that the rules forbid in this position.

    ``reason`` says why in a sentence; ``rule`` is the id of the rule
    paragraph on the game's page that forbids it (``play.follow-suit``).
    """

    def __init__(self, move, reason, rule):
        self.move = str(move)
        self.reason = reason
        self.rule = rule
        super().__init__(f"illegal move {quote(self.move, 80)}: {reason} (rule {rule})")


class NotYourTurnError(IllegalMoveError):
    """A move made for a seat that is not the one to act."""

    def __init__(self, move, seat, to_act):
        self.seat = seat
        self.to_act = to_act
        super().__init__(move, f"it is seat {to_act}'s turn, not seat {seat}'s", "play.turn")


class OptionError(RulesError):
    """An unknown game, an unknown option or an option value out of range."""


class RecordError(RulesError):
    """A game record that cannot be read or does not replay."""
