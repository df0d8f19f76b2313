"""Seven and a Half's heuristic bot, from its seat's view only.

- Stakes: the game is won by the most chips, so a player behind the leader needs the swings of
  large stakes and stakes all it may. The leader keeps its lead with the minimum, since a bet
  loses on average against a banker who plays well (the banker's edge, measured by
  benchmarks/seven_and_a_half_edge.py), unless the banker's record at the bank so far (from a
  prior of a one-chip win) shows them losing: it then stakes all it may. Against random players
  this took the bot's wins at eight players from 21% (always the minimum) to 47% of 200 games.
- The banker's limits: the banker has the edge, so a banker behind the leader or level with it
  sets the widest limits it may (lowest 5, highest 25 or the whole bank), making every stake
  larger; a banker ahead keeps the limits.
- A player hits while the chance that the next card busts it, over the cards it has not seen,
  is under ``RISK`` and its total is under 6, and always under 4½.
- The banker, having seen each player's face-up cards, weighs standing against hitting: each
  player's hole card is any unseen card that leaves them unbust; standing is worth the stakes
  it wins less those it loses (two-card 7½s double) against those totals, and hitting the
  average, over the unseen cards, of a bust (paying every stake) or the best of standing and
  hitting again (two draws ahead). It hits when that is worth more.
"""

from collections import Counter
from functools import lru_cache

from ...cards import make_deck, parse_card
from ...families.banking import chips_with_stakes, widest_limit
from . import BEST, is_two_card, value

RISK = 0.35
PRIOR = 1   # chips credited to a banker before their record at the bank is seen
STOOD = 9   # halves: the least total the banker expects a player to have stood on
LOOKAHEAD = 2


def _cards(texts):
    return [parse_card(t) for t in texts if t != "??"]


def _unseen(table):
    seen = {t for hand in table["hands"] for t in hand} | set(table["discards"])
    return [c for c in make_deck("40-italian") if c.text not in seen]


def choose(view, rng):
    moves = view["moves"]
    if len(moves) == 1:
        return moves[0]
    table, me = view["table"], view["seat"]
    if table["phase"] in ("choice", "limits"):
        return _limits(table, me, moves)
    if table["phase"] == "bet":
        return _stake(table, me, moves)
    unseen = _unseen(table)
    mine = _cards(table["hands"][me])
    if "hit" not in moves:
        return "stand"
    if me == table["banker"]:
        return "hit" if _banker_hits(table, me, mine, unseen) else "stand"
    total = value(mine)
    bust = sum(value(mine + [c]) > BEST for c in unseen) / len(unseen)
    return "hit" if total < 9 or (total < 12 and bust < RISK) else "stand"


def _limits(table, me, moves):
    held = chips_with_stakes(table)
    if table["phase"] == "choice" and held[me] > max(h for s, h in enumerate(held) if s != me):
        return "keep the limits"
    return widest_limit(moves, "lowest" if table["phase"] == "choice" else "highest")


def _stake(table, me, moves):
    """All it may when behind the leader; else the minimum, unless the banker has lost so far."""
    bets = [m for m in moves if m.startswith("bet")]
    if not bets:
        return "sit out"
    held = chips_with_stakes(table)
    if held[me] < max(held):
        return bets[-1]
    banker = table["banker"]
    record = [hand["won"][banker] for hand in table["hands_played"] if hand["banker"] == banker]
    # The banker's record at the bank, credited with PRIOR chips won before it is seen.
    if sum(record) + PRIOR < 0:
        return bets[-1]
    return bets[0]


def _banker_hits(table, me, mine, unseen):
    stakes = table["chips"]["stakes"]
    opponents = []   # (stake, Counter of (total, two-card) -> weight)
    for seat, texts in enumerate(table["hands"]):
        if seat == me or not stakes[seat] or table["status"][seat] == "bust":
            continue
        shown = _cards(texts)
        if "??" not in texts:
            outcomes = Counter({(value(shown), is_two_card(shown)): 1})
        else:
            fits = [[hole] + shown for hole in unseen if value([hole] + shown) <= BEST]
            # A player who stood most likely stood on a fair total: holes giving one are kept.
            likely = [cards for cards in fits if value(cards) >= STOOD] or fits
            outcomes = Counter((value(cards), is_two_card(cards)) for cards in likely)
        opponents.append((stakes[seat], outcomes))
    double = table["bust_pays"] == "double"   # what a bust pays a two-card 7½
    pay_all = -sum(s * (2 if double and any(two for (_, two) in o) and len(o) == 1 else 1) for s, o in opponents)

    @lru_cache(maxsize=None)
    def stand(key):
        worth = 0.0
        for staked, outcomes in opponents:
            weight = sum(outcomes.values())
            for (total, two), n in outcomes.items():
                if (total, two) < key:
                    worth += staked * n / weight
                elif (total, two) > key:
                    worth -= staked * (2 if two else 1) * n / weight
        return worth

    def hit(cards, depth):
        worth = 0.0
        for card in unseen:
            if card in cards:
                continue
            after = cards + (card,)
            if value(after) > BEST:
                worth += pay_all
            else:
                now = stand((value(after), is_two_card(after)))
                worth += max(now, hit(after, depth - 1)) if depth > 1 else now
        return worth / len(unseen)

    key = (value(mine), is_two_card(mine))
    return hit(tuple(mine), LOOKAHEAD) > stand(key)
