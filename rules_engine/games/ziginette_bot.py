"""Ziginette's heuristic bot, from its seat's view only.

No wager in Ziginette has an edge: a board card and the banker's card each have three cards of
their rank left in the stock (a playette is dealt again, and a dead rank is never the banker's),
so each is matched first half the time, and a wager wins its amount or loses it at even money.
The bot therefore plays the game's standing, as the game is won by the most chips:
- it keeps one wager at most on the board (a second would ride on the same banker's card, and
  its loss with the first); behind the leader it wagers the most it may, for the swings it
  needs; level with the leader the least; ahead, nothing, each wager only adding risk to a lead;
- as the banker after a hand, it deals again unless ahead (the bank's swings are
  the largest on the table) and passes the bank when ahead.
"""


def _standing(table, me):
    held = [c + s for c, s in zip(table["chips"]["held"], table["chips"]["stakes"])]
    best_other = max(h for s, h in enumerate(held) if s != me)
    return held[me] - best_other


def choose(view, rng):
    moves = view["moves"]
    if len(moves) == 1:
        return moves[0]
    table, me = view["table"], view["seat"]
    standing = _standing(table, me)
    if table["phase"] == "choice":
        return "deal again" if standing <= 0 else "pass the bank"
    wagers = [m for m in moves if m.startswith("wager ")]
    if not wagers or standing > 0 or any(w[0] == me for w in table["wagers"]):
        return "done"
    pick = max if standing < 0 else min
    return pick(wagers, key=lambda m: int(m.split()[1]))
