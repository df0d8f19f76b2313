"""The Clock's bot. Every move of The Clock is forced (the card just turned
up goes under the pile of its rank), so the bot plays the only move there is."""


def choose(view, rng):
    return view["moves"][0]
