"""The games, found rather than listed: each folder of ``rules_engine/games/`` is one game.

A game's folder is a package whose ``__init__`` holds its rules and ends with ``GAME = <its
State class>``, and whose ``bot.py`` holds its heuristic bot: ``choose(view, rng)``, and for a
game played in real time ``reaction(view, seat, rng)``. The bot imports the game, never the
other way round, and is imported only when a bot first plays.
"""

import difflib
import importlib
import pkgutil

from . import games
from .errors import OptionError, quote
from .game import Game


class GameFolderError(ImportError):
    """A folder of ``rules_engine/games/`` that is not a game as this module expects one."""


def _load_classes():
    classes = {}
    for info in pkgutil.iter_modules(games.__path__):
        if not info.ispkg:
            raise GameFolderError(f"rules_engine/games/{info.name}.py: a game is a folder "
                                  f"(rules_engine/games/{info.name}/__init__.py and bot.py), not a module")
        module = importlib.import_module(f"{games.__name__}.{info.name}")
        game = getattr(module, "GAME", None)
        if game is None:
            raise GameFolderError(f"rules_engine/games/{info.name}/__init__.py: no GAME; end the module "
                                  "with 'GAME = <the game's State class>'")
        if game.spec.id.replace("-", "_") != info.name:
            raise GameFolderError(f"rules_engine/games/{info.name}/: the folder of game {game.spec.id!r} is "
                                  f"named {game.spec.id.replace('-', '_')} (its id, '-' written '_')")
        classes[game.spec.id] = game
    return classes


_CLASSES = _load_classes()


def list_games():
    """The registered games' specs, by id."""
    return [_CLASSES[game_id].spec for game_id in sorted(_CLASSES)]


def state_class(game_id):
    try:
        return _CLASSES[game_id]
    except (KeyError, TypeError):  # TypeError: an id that is not even hashable, such as a list
        close = difflib.get_close_matches(game_id, _CLASSES, n=3) if isinstance(game_id, str) else []
        hint = f" (did you mean {' or '.join(close)}?)" if close else ""
        ids = sorted(_CLASSES)
        raise OptionError(f"unknown game {quote(game_id)}{hint}: no such id among the {len(ids)} games "
                          f"({', '.join(ids[:3])}, ... {ids[-1]})") from None


def bot_module(game_id):
    """The module of ``game_id``'s heuristic bot: the ``bot.py`` of the folder its state class
    comes from (or, for a class made from a game's, as tests make variants, that game's)."""
    for cls in state_class(game_id).__mro__:
        package, _, rest = cls.__module__.partition(games.__name__ + ".")
        if not package and rest:
            return importlib.import_module(f"{games.__name__}.{rest.split('.')[0]}.bot")
    raise GameFolderError(f"game {game_id!r} comes from no folder of rules_engine/games/, so it has no bot")


def load_game(game_id, **options):
    """The game ``game_id`` with ``options``; unknown ids or options raise OptionError."""
    return Game(state_class(game_id), **options)
