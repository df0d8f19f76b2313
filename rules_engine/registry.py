"""The registered games. A game joins the site (and the conformance suite) by
being listed in ``GAME_MODULES``."""

import difflib
import importlib

from .errors import OptionError, quote
from .game import Game

# One a line, in alphabetical order, so that games added side by side rarely touch the same lines.
GAME_MODULES = (
    "bartok",
    "black_hole",
    "bridge_solitaire",
    "cassino",
    "chinese_ten",
    "comet",
    "commune",
    "couillon",
    "crates",
    "diloti",
    "forty_thieves",
    "getaway",
    "gin_rummy",
    "go_boom",
    "jersey_gin",
    "kaiser",
    "king",
    "last_one",
    "lorum",
    "malilla",
    "mate",
    "pishe_pasha",
    "play_or_pay",
    "pope_joan",
    "pyramid",
    "ristiseiska",
    "seven_and_a_half",
    "rolling_stone",
    "salute_the_king",
    "scotch_whist",
    "spinado",
    "stop_the_bus",
    "the_clock",
    "triple_play",
    "turnover_bridge",
    "umtali",
    "vazhushal",
    "yaniv",
    "yukon",
    "zetema",
    "ziginette",
)


def _load_classes():
    classes = {}
    for name in GAME_MODULES:
        module = importlib.import_module(f".games.{name}", __package__)
        classes[module.GAME.spec.id] = module.GAME
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


def load_game(game_id, **options):
    """The game ``game_id`` with ``options``; unknown ids or options raise OptionError."""
    return Game(state_class(game_id), **options)
