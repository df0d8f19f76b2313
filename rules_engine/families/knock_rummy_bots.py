"""The knock rummies' heuristic bot (rules_engine/families/knock_rummy.py), from its seat's view only.

It takes the discard pile's card (or the upcard offered) only when the best arrangement of its
hand with that card melds it, and otherwise draws blind (or passes the upcard). It discards the
card whose loss leaves the least deadwood (of equals, the one with the fewest near-meld partners,
then the highest), and knocks as soon as it may, going gin when it can. Laying out, it lays the
melds of its best arrangement, counting the cards it may lay off onto the melds its moves reach,
and lays those off.
"""

from ..cards import RANKS, parse_card
from .rummy import Arranger, canonical, extends, lay_off_groups, least_deadwood, meld_kind, pips


def _cards(texts):
    return [parse_card(t) for t in texts]


def _partners(card, hand):
    """How many cards of ``hand`` could meld with ``card`` later: same rank, or near in its suit."""
    rank = RANKS.index(card.rank)
    return sum(1 for c in hand if c is not card and (c.rank == card.rank or
                                                     c.suit == card.suit and abs(RANKS.index(c.rank) - rank) <= 2))


def choose(view, rng):
    moves, table = view["moves"], view["table"]
    if len(moves) == 1:
        return moves[0]
    hand = _cards(table["hands"][view["seat"]])
    if "draw discard" in moves:   # a draw, or the upcard offered
        top = parse_card(table["discard"][-1])
        if any(top in meld for meld in least_deadwood(hand + [top]).melds):
            return "draw discard"
        return "draw stock" if "draw stock" in moves else "pass"
    if table["phase"] == "discard":
        return _discard(hand, moves, rng)
    return _lay_out(hand, moves, table)


def _discard(hand, moves, rng):
    options = [m for m in moves if m.startswith(("discard ", "knock "))]
    scored = {}
    arranger = Arranger(hand)
    for move in options:
        card = parse_card(move.split()[1])
        if card not in scored:
            rest = [c for c in hand if c is not card]
            scored[card] = (arranger.least((card,)).points, _partners(card, rest), -pips(card), rng.random())
    best = min((parse_card(m.split()[1]) for m in options), key=lambda c: scored[c])
    knock = f"knock {best.text}"
    return knock if knock in moves else f"discard {best.text}"


def _lay_out(hand, moves, table):
    """The next meld of the best arrangement, counting lay-offs onto the melds a lay-off may reach
    now (none for the knocker, none on gin); then the card next to such a meld; then done."""
    reachable = [meld for meld in table["melds"]
                 if any(f"layoff {c.text} on meld {meld['number']}" in moves for c in hand)]
    groups = least_deadwood(hand, pips, lay_off_groups([_cards(m["cards"]) for m in reachable], hand)).melds
    for group in groups:
        if meld_kind(group) is not None:
            text = "meld " + " ".join(c.text for c in canonical(group))
            if text in moves:
                return text
    for group in groups:
        for meld in reachable:
            move = f"layoff {group[0].text} on meld {meld['number']}"
            if move in moves and extends(_cards(meld["cards"]), group[0]):
                return move
    return "done" if "done" in moves else moves[0]
