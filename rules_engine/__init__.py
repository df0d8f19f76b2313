"""A pure-Python rules engine for the site's card games.

The contract, used by the site, the widgets, the examples, the CLI and the tests::

    >>> import rules_engine
    >>> {'king', 'yukon'} <= {g.id for g in rules_engine.list_games()}
    True
    >>> state = rules_engine.load_game("yukon").new(seed=7)
    >>> state.to_act, state.is_over
    (0, False)
    >>> after = state.apply(state.legal_moves()[0])
    >>> len(after.record.moves), len(state.record.moves)
    (1, 0)
"""

from .cards import Card, format_cards, parse_card, parse_cards
from .errors import IllegalMoveError, NotationError, NotYourTurnError, OptionError, RecordError, RulesError
from .game import Explanation, Game, GameSpec, Option, Scores, State
from .moves import Move
from .record import ENGINE_VERSION, Record, replay
from .registry import list_games, load_game, state_class

__version__ = ENGINE_VERSION

__all__ = [
    "Card", "Explanation", "Game", "GameSpec", "IllegalMoveError", "Move", "NotationError",
    "NotYourTurnError", "Option", "OptionError", "Record", "RecordError", "RulesError", "Scores",
    "State", "format_cards", "list_games", "load_game", "parse_card", "parse_cards", "replay",
    "state_class", "__version__",
]
