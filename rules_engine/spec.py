"""What the engine knows about a game before any deal: its spec (name, seats, pack, rules cited,
scoring) and its options, each checked on the way in."""

from dataclasses import dataclass

from .cards import make_deck
from .errors import OptionError, quote
from .scoring import ScoreRule

# Rule ids that every game's page defines, because the shared machinery cites them.
COMMON_RULES = ("play.turn", "end.game")


@dataclass(frozen=True)
class Option:
    """One option of a game: its name, default and allowed values."""

    name: str
    default: object
    choices: tuple = ()
    description: str = ""

    def check(self, value, game_id):
        # Types must match exactly: 1.0 or True equal 1, but would reach the game (and its
        # record, and the labels of its random streams) as another value.
        if self.choices and not any(type(value) is type(c) and value == c for c in self.choices):
            allowed = ", ".join(repr(c) for c in self.choices)
            if len(allowed) > 60:
                allowed = f"{self.choices[0]!r} to {self.choices[-1]!r}" if _is_range(self.choices) else allowed
            kind = f" ({type(self.choices[0]).__name__} values)" if value in self.choices else ""
            raise OptionError(
                f"bad value {quote(value)} for option {self.name!r} of {game_id}: expected one of {allowed}{kind}"
            )
        if not self.choices and type(value) is not type(self.default):
            raise OptionError(
                f"bad value {quote(value)} for option {self.name!r} of {game_id}: "
                f"expected a value like {self.default!r}"
            )
        return value


def _is_range(choices):
    return all(type(c) is int for c in choices) and list(choices) == list(range(choices[0], choices[-1] + 1))


@dataclass(frozen=True)
class GameSpec:
    """What the engine knows about a game, for the registry, the CLI and the site."""

    id: str
    name: str
    family: str
    seats: tuple
    deck: str
    aliases: tuple = ()
    # A pack that depends on the number of players, as ((5, "35"), (7, "35")); ``deck`` otherwise.
    deck_by_seats: tuple = ()
    options: tuple = ()
    rules: tuple = ()
    seat_names: tuple = ()
    summary: str = ""
    default_seats: int = 0
    # The numbers of players allowed when not every number from seats[0] to seats[1] is: (2, 4).
    seat_counts: tuple = ()
    scoring: ScoreRule = ScoreRule()  # how its score sheet is kept (rules_engine/scoring.py)

    def deck_for(self, seats):
        """The name of the pack used by ``seats`` players."""
        return dict(self.deck_by_seats).get(seats, self.deck)

    @property
    def player_counts(self):
        """Every number of players the game takes, fewest first."""
        return tuple(self.seat_counts) or tuple(range(self.seats[0], self.seats[1] + 1))

    @property
    def deck_size(self):
        """The size of the pack at the default number of players."""
        return len(make_deck(self.deck_for(self.default_seats or self.seats[0])))

    def deck_words(self):
        """The pack in words, with the packs of other numbers of players."""
        from .cards import pack_words

        words = pack_words(self.deck)
        others = {}
        for seats, name in self.deck_by_seats:
            others.setdefault(name, []).append(str(seats))
        for name, counts in others.items():
            words += f"; with {' or '.join(counts)} players, {pack_words(name)}"
        return words

    @property
    def cited_rules(self):
        """Every rule id the engine may cite for this game."""
        return tuple(dict.fromkeys(COMMON_RULES + self.rules + self.scoring.cited()))

    def to_json(self):
        return {
            "id": self.id,
            "name": self.name,
            "family": self.family,
            "aliases": list(self.aliases),
            "seats": list(self.seats),
            "player_counts": list(self.player_counts),
            "deck": self.deck,
            "deck_size": self.deck_size,
            "deck_by_seats": {str(seats): name for seats, name in self.deck_by_seats},
            "options": [
                {"name": o.name, "default": o.default, "choices": list(o.choices), "description": o.description}
                for o in self.options
            ],
            "rules": list(self.cited_rules),
            "summary": self.summary,
            "scoring": self.scoring.to_json(self.options),
        }
