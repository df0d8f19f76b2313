"""Seeded randomness: one ``random.Random`` per labelled stream of a game.

Every shuffle of a game draws from its own stream, named by a label such as
``hand-3``, so that one hand's deal never depends on how many random numbers an
earlier hand consumed, and the global ``random`` is never touched. String
seeds are hashed with SHA-512 by ``random.Random``, the same on every Python.
"""

import random


def stream(seed, label):
    """The random stream called ``label`` of the game seeded with ``seed``."""
    return random.Random(f"{seed}/{label}")


def shuffled(cards, seed, label):
    """A shuffled copy of ``cards`` from the stream ``label``."""
    deck = list(cards)
    stream(seed, label).shuffle(deck)
    return deck
