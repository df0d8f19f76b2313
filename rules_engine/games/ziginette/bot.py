"""Ziginette's heuristic bot, from its seat's view only.

No wager in Ziginette has an edge: a board card and the banker's card each have three cards of
their rank left in the stock (a playette is dealt again, and a dead rank is never the banker's),
so each is matched first half the time, and a wager wins its amount or loses it at even money.
The bot therefore plays its standing against the best of the others, as the game is won by the
most chips, and ends soon (random bettors often leave a player without chips in a few hands):
- behind or level, it wants swings: it wagers the most it may on every board card open to it,
  and as the banker after a hand it deals again with the widest limits it may set (lowest 5,
  highest 25 or the whole bank), so that every bettor's wagers grow and the bank's swing with
  them;
- ahead, it holds its lead: it passes the bank, and as a bettor it copies the wagers of its
  nearest rival, when that rival is a bettor, so that whatever the cards do the gap stays; else
  it wagers nothing.
Against random players (benchmarks/bots_vs_random.py) this wins more often than a random seat at
every count from 2 to 8; keeping to one wager a hand did worse at 3 and 8 players, and keeping
the bank when ahead (with the widest or the narrowest limits) at 6 and 8. The margin shrinks as players are added: random bettors often leave a
player without chips in the first hand, which the bot, the first banker there, cannot steer.
"""

from ...families.banking import chips_with_stakes, widest_limit


def choose(view, rng):
    moves = view["moves"]
    if len(moves) == 1:
        return moves[0]
    table, me = view["table"], view["seat"]
    held = chips_with_stakes(table)
    rival = max((s for s in range(len(held)) if s != me), key=lambda s: held[s])
    ahead = held[me] > held[rival]
    if table["phase"] == "choice":
        return "pass the bank" if ahead else widest_limit(moves, "lowest")
    if table["phase"] == "limits":
        return widest_limit(moves, "highest")
    wagers = [m for m in moves if m.startswith("wager ")]
    if not wagers:
        return "done"
    if not ahead:
        return max(wagers, key=lambda m: int(m.split()[1]))
    if rival != table["banker"]:
        mine = {b for s, b, _ in table["wagers"] if s == me}
        for s, b, amount in table["wagers"]:
            same = [m for m in wagers if m.endswith(" on " + table["board"][b])]
            if s == rival and b not in mine and same:
                return min(same, key=lambda m: abs(int(m.split()[1]) - amount))
    return "done"
