"""Gin Rummy's heuristic bot, from its seat's view only.

It keeps what makes melds: it takes a card (the upcard, the discard) only when the best
arrangement of its hand with that card melds it, and otherwise draws blind. It discards the card
whose loss leaves the least deadwood (of equals, the one with the fewest near-meld partners, then
the highest), and knocks as soon as it may, going gin when it can. Laying out, it lays the melds
of its best arrangement; answering a knock, it finds the arrangement that counts least with
lay-offs onto the knocker's melds, and lays that out.
"""

from ...cards import RANKS, parse_card
from ...families.rummy import Arranger, extends, lay_off_groups, least_deadwood, meld_kind, pips


def _cards(texts):
    return [parse_card(t) for t in texts]


def _partners(card, hand):
    """How many cards of ``hand`` could meld with ``card`` later: same rank, or near in its suit."""
    rank = RANKS.index(card.rank)
    return sum(1 for c in hand if c is not card and (c.rank == card.rank or
                                                     c.suit == card.suit and abs(RANKS.index(c.rank) - rank) <= 2))


def _melds_with(hand, card):
    return any(card in meld for meld in least_deadwood(hand + [card]).melds)


def choose(view, rng):
    moves, table = view["moves"], view["table"]
    if len(moves) == 1:
        return moves[0]
    hand = _cards(table["hands"][view["seat"]])
    phase = table["phase"]
    if phase in ("offer", "offer-dealer", "draw"):
        top = parse_card(table["discard"][-1]) if table["discard"] else None
        if "draw discard" in moves and top is not None and _melds_with(hand, top):
            return "draw discard"
        return "draw stock" if "draw stock" in moves else "pass"
    if phase == "discard":
        return _discard(hand, moves, rng)
    if phase == "lay":
        return _lay_out(hand, moves, least_deadwood(hand).melds)
    knocker_melds = [_cards(m["cards"]) for m in table["melds"] if m["owner"] == table["knocker"]]
    extra = () if table["gin"] else lay_off_groups(knocker_melds, hand)
    return _lay_out(hand, moves, least_deadwood(hand, pips, extra).melds, table)


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


def _lay_out(hand, moves, groups, table=None):
    for group in groups:
        if meld_kind(group) is not None and len(group) >= 3:
            text = "meld " + " ".join(c.text for c in sorted(group, key=lambda c: (RANKS.index(c.rank), "SHDC".index(c.suit))))
            if text in moves:
                return text
    for group in groups:
        if table is None or (meld_kind(group) is not None and len(group) >= 3):
            continue
        for meld in table["melds"]:
            move = f"layoff {group[0].text} on meld {meld['number']}"
            if move in moves and extends(_cards(meld["cards"]), group[0]):
                return move
    return "done" if "done" in moves else moves[0]
