"""Seeded randomness: one ``random.Random`` per labelled stream of a game.

Every shuffle of a game draws from its own stream, named by a label such as
``hand-3``, so that one hand's deal never depends on how many random numbers an
earlier hand consumed, and the global ``random`` is never touched. String
seeds are hashed with SHA-512 by ``random.Random``, the same on every Python.
"""

import random
import re

from .errors import OptionError, quote


def stream(seed, label):
    """The random stream called ``label`` of the game seeded with ``seed``."""
    return random.Random(f"{seed}/{label}")


def shuffled(cards, seed, label):
    """A shuffled copy of ``cards`` from the stream ``label``."""
    deck = list(cards)
    stream(seed, label).shuffle(deck)
    return deck


def fresh_seed():
    """A new deal's seed, from the system's entropy (a game's own randomness then comes from it)."""
    return random.SystemRandom().randrange(10**9)


# The largest integer a JavaScript number holds exactly: seeds travel through the page's links.
MAX_SEED = 2**53 - 1
MAX_SEED_TEXT = 100
_INT_TEXT = re.compile(r"0|-?[1-9][0-9]{0,15}")


def canonical_seed(seed, error=OptionError):
    """The seed as states and records keep it, or ``error`` if it cannot be one.

    Streams are keyed by the seed's text and a text record reads a seed back
    from its text, so a seed must survive that round trip: an int within
    ±MAX_SEED, or a str that is 1 to 100 printable characters with no space
    at either end. A str spelling such an int in its usual form becomes that
    int (the same streams); ``"007"``, ``"-0"`` and ``"４２"`` stay texts, as
    they deal differently from 7, 0 and 42.
    """
    if type(seed) is int:  # not bool: True would deal from "True/hand-1"
        if -MAX_SEED <= seed <= MAX_SEED:
            return seed
        raise error(f"bad seed {quote(seed)}: a number seed must lie between -{MAX_SEED} and {MAX_SEED}")
    if type(seed) is str:
        if _INT_TEXT.fullmatch(seed) and abs(int(seed)) <= MAX_SEED:
            return int(seed)
        if 0 < len(seed) <= MAX_SEED_TEXT and seed.isprintable() and seed.strip() == seed:
            return seed
        raise error(f"bad seed {quote(seed)}: a seed text must be 1 to {MAX_SEED_TEXT} printable characters, "
                    f"with no space at either end")
    raise error(f"bad seed {quote(seed)}: a seed is a number or a text, not a {type(seed).__name__}")
