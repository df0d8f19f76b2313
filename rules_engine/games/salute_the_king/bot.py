"""Salute the King's bot, from its seat's view only (the piles are face down to everyone).

In turn-based play (``choose``) it turns its card when it is to turn, and makes the right
gesture the moment a reaction is open: it is never wrong and never late, which is all the skill
the game has. For the real-time table, ``reaction`` says what a bot seat will do about the card
just turned, and after how many milliseconds: human-like times (a log-normal around ``MEDIAN_MS``),
sometimes the wrong gesture (``WRONG``), and sometimes a gesture at a card that calls for none
(``FALSE_ALARM``), all drawn from the rng the host seeds.
"""

import math

MEDIAN_MS = 650
SPREAD = 0.35          # of the log of the time: most reactions between 0.45 and 0.95 s
WRONG = 0.06           # the chance of a wrong gesture at a trigger
FALSE_ALARM = 0.02     # the chance of a gesture at a card that calls for nothing
GESTURE_OF = {"A": "stand", "K": "salute", "Q": "bow", "J": "applaud"}
VERBS = {"stand": "stands", "salute": "salutes", "bow": "bows", "applaud": "applauds"}


def choose(view, rng):
    me, moves, reaction = view["seat"], view["moves"], view["table"]["reaction"]
    if moves and " for " in moves[0]:   # the dealer's four triggers: any will do, as long as all know them
        return rng.choice(moves)
    if reaction and me in reaction["pending"]:
        return f"{me} {VERBS[reaction['gesture']]}"
    return "turn" if "turn" in moves else moves[0]


def reaction(view, seat, rng):
    """``(move, milliseconds)`` that ``seat`` will make about the table of ``view``, or None.

    >>> import random
    >>> view = {"table": {"reaction": {"gesture": "salute", "pending": [1, 2]}, "alarm": False}}
    >>> move, ms = reaction(view, 2, random.Random(1))
    >>> move, 200 <= ms <= 3000
    ('2 salutes', True)
    """
    table = view["table"]
    wait = int(min(3000, max(200, math.exp(math.log(MEDIAN_MS) + SPREAD * rng.gauss(0, 1)))))
    if table["reaction"] and seat in table["reaction"]["pending"]:
        gesture = table["reaction"]["gesture"]
        if rng.random() < WRONG:
            gesture = rng.choice([g for g in VERBS if g != gesture])
        return f"{seat} {VERBS[gesture]}", wait
    if table["alarm"] and rng.random() < FALSE_ALARM:
        return f"{seat} {VERBS[rng.choice(list(VERBS))]}", wait
    return None
