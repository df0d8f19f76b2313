"""Ziginette's heuristic bot, from its seat's view only.

No wager in Ziginette has an edge: a board card and the banker's card each have three cards of
their rank left in the stock (a playette is dealt again, and a dead rank is never the banker's),
so each is matched first half the time, and a wager wins its amount or loses it at even money.
The bot therefore plays its standing against the best of the others, as the game is won by the
most chips, and ends soon (random bettors often leave a player without chips in a few hands):
- behind or level, it wants swings: it wagers on every board card open to it, level an amount of
  the upper half of those allowed drawn at random (so that its wagers, and the reader's Hint,
  vary as a player's do), behind the least that would close the gap should every open card win,
  and at least the middle amount; as the banker after a hand it deals again with the widest
  limits it may set (lowest 5, highest 25 or the whole bank), so that every bettor's wagers grow
  and the bank's swing with them;
- ahead, it holds its lead: it passes the bank, and as a bettor it copies the wagers of its
  nearest rival, when that rival is a bettor, so that whatever the cards do the gap stays; else
  it wagers nothing.
Against random players (benchmarks/bots_vs_random.py) this wins more often than a random seat at
every count from 2 to 8 (1,000 games each: 61% against 49% at 2 players, 25% against 22% at 8),
as wagering the most allowed did; a modest wager of the lower half did a little worse at 3 to 5;
keeping to one wager a hand did worse at 3 and 8 players, and keeping the bank when ahead (with
the widest or the narrowest limits) at 6 and 8. The margin shrinks as players are added: random bettors often leave a
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
        return _wager(wagers, held[rival] - held[me], rng)
    if rival != table["banker"]:
        mine = {b for s, b, _ in table["wagers"] if s == me}
        for s, b, amount in table["wagers"]:
            same = [m for m in wagers if m.endswith(" on " + table["board"][b])]
            if s == rival and b not in mine and same:
                return min(same, key=lambda m: abs(int(m.split()[1]) - amount))
    return "done"


def _wager(wagers, behind, rng):
    """A wager on the first board card open to it: level, one of the upper half of the amounts
    allowed, drawn at random; behind, the least that would close the gap should that card and
    each other open card win, at least the middle amount, or the most allowed."""
    cards = list(dict.fromkeys(m.split(" on ")[1] for m in wagers))
    amounts = sorted(int(m.split()[1]) for m in wagers if m.endswith(" on " + cards[0]))
    middle = amounts[len(amounts) // 2]
    if behind <= 0:
        amount = rng.choice([a for a in amounts if a >= middle])
    else:
        wanted = max(middle, -(-behind // len(cards)))
        amount = next((a for a in amounts if a >= wanted), amounts[-1])
    return f"wager {amount} on {cards[0]}"
