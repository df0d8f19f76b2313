"""Lórum's heuristic bot, from its seat's view only.

- Tricks to avoid: lose each trick with the highest card that still loses,
  throw the most dangerous card when void, lead low; each contract says
  what is dangerous (hearts; the queens by what they cost and the cards
  that would take them; high cards; the K♥ and the hearts that could take it).
- The Hairy Ape held backwards: every place in the hand is as good as any other.
- Train: keep the count short of the next charge, playing high cards while
  it is far and saving the cards worth nothing for when it is close.
- Quart: start the sequence that sheds most of its own cards, best one that
  it ends itself (four cards, or the next already played), so it starts again.
- Domino: lay the card that opens the way to its own cards rather than the others'.
"""

from ...cards import ACES_HIGH, RankOrder, parse_card
from ...families.layout import opened_by
from ...families.trick_bots import shed_tricks

SEVEN_TO_ACE = RankOrder("789TJQKA")
TRAIN_VALUES = {"A": 11, "K": 4, "Q": 3, "J": 2, "T": 1}
TRAIN_STEPS = (25, 50, 75, 100)
QUEEN_COST = {"QH": 4, "QD": 3, "QS": 2, "QC": 1}


def _danger(contract, played):
    """How much each card risks in an avoiding contract, given the cards already ``played``."""
    if contract == "no-hearts":
        return lambda c: 2 * (c.suit == "H") + (c.suit == "H" and c.rank in "AKQ")
    if contract == "queens":
        out = {q for q in QUEEN_COST if parse_card(q) not in played}
        return lambda c: 3 * QUEEN_COST.get(c.text, 0) + (c.rank in "AK" and f"Q{c.suit}" in out)
    if contract == "hairy-ape":
        return lambda c: 9 * (c.text == "KH") + 3 * (c.text == "AH") + (c.suit == "H")
    return lambda c: ACES_HIGH.index(c) // 4   # No tricks: high cards take tricks


def _tricks(view):
    table = view["table"]
    if table["contract"] == "hairy-ape" and all(t == "??" for t in table["play"]["hands"][view["seat"]]):
        return view["moves"][0] if len(view["moves"]) == 1 else None
    played = {parse_card(item["card"]) for item in table["play"]["trick"]}
    return shed_tricks(view["moves"], table["play"]["trick"], None, _danger(table["contract"], played))


def _train(view, rng):
    count = view["table"]["play"]["count"]
    gap = next((step for step in TRAIN_STEPS if step > count), 1000) - count
    cards = [parse_card(m.split()[1]) for m in view["moves"]]
    safe = [c for c in cards if TRAIN_VALUES.get(c.rank, 0) < gap]
    valued = [c for c in safe if TRAIN_VALUES.get(c.rank, 0)]
    # High cards while the count is far from a charge; the cards worth nothing once it is near.
    pool = valued or safe or cards
    best = max(pool, key=lambda c: (TRAIN_VALUES.get(c.rank, 0), rng.random()))
    return f"play {best.text}"


def _after(card):
    rank = SEVEN_TO_ACE.next_above(card) or SEVEN_TO_ACE.order[0]
    return parse_card(rank + card.suit)


def _quart(view, rng):
    play = view["table"]["play"]
    if len(view["moves"]) == 1:
        return view["moves"][0]
    hand = {parse_card(t) for t in play["hands"][view["seat"]]}
    gone = {parse_card(c) for _, c in play["played"]}

    def value(move):
        run = [parse_card(move.split()[1])]
        while len(run) < 4 and _after(run[-1]) in hand:
            run.append(_after(run[-1]))
        keeps_lead = len(run) == 4 or _after(run[-1]) in gone
        return len(run) + 3 * keeps_lead + rng.random() / 10

    return max(view["moves"], key=value)


def _domino(view, rng):
    moves = view["moves"]
    if len(moves) == 1:
        return moves[0]
    play = view["table"]["play"]
    hand = {parse_card(t) for t in play["hands"][view["seat"]]}
    laid = {parse_card(t) for texts in play["layout"].values() for t in texts}

    def score(move):
        card = parse_card(move.split()[1])
        start = play["start"] or card.rank
        beyond = [c for c in opened_by(card, start, SEVEN_TO_ACE) if c not in laid]
        mine = sum(c in hand for c in beyond)
        return mine - 0.5 * (len(beyond) - mine) + rng.random() / 10

    return max(moves, key=score)


def choose(view, rng):
    moves = view["moves"]
    if len(moves) == 1:
        return moves[0]
    contract = view["table"]["contract"]
    if contract == "train":
        return _train(view, rng)
    if contract == "quart":
        return _quart(view, rng)
    if contract == "domino":
        return _domino(view, rng)
    return _tricks(view) or rng.choice(moves)
