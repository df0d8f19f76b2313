"""Gin Rummy's heuristic bot is the knock rummies' (rules_engine/families/knock_rummy_bots.py): it
takes the upcard offered as it takes a discard, only when the best arrangement of its hand with it
melds it, and answering a knock it counts the lay-offs onto the knocker's melds."""

from ...families.knock_rummy_bots import choose  # noqa: F401 (the registry reads bot.choose)
