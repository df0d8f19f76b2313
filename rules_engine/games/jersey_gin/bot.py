"""Jersey Gin's heuristic bot is the knock rummies' (rules_engine/families/knock_rummy_bots.py): it
counts the lay-offs its moves allow, onto the knocker's melds answering a knock and onto any meld
after the break, where it takes the discard pile's card only when it melds it."""

from ...families.knock_rummy_bots import choose  # noqa: F401 (the registry reads bot.choose)
