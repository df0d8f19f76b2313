"""Spinado's bot, from its seat's view only: it looks ahead by play-outs
(``families/stops_search.py``), each of its moves tried on the same imagined
deals of the cards it cannot see, and keeps the one that earns most chips.

A play-out counts, for the bot's seat:

- the pots of the pairs it plays both cards of (K♦ Q♦ Matrimony, Q♦ J♦
  Intrigue), at what they hold now;
- going out: the Game pot, the ante the winner does not pay next hand, and
  the two chips a card from whoever still holds the spinado;
- the two chips a card it pays if the hand ends with the spinado in its own hand.

So it spends the spinado when that keeps the lead or takes it out, keeps
back the cards that would hand the lead to a player about to go out, and
plays its diamonds for the pots while the hand lasts. Holding the next card,
it weighs playing it against holding it back (a pass) the same way, when
another player is close to going out (holding back only keeps a card in
hand otherwise). A card that stopped play may have been kept back by its holder
rather than dead, so the bot learns nothing from stops. Against random players
it wins clearly more games than the rule-of-thumb bot it replaced (which
started the cards no sequence can reach first): ``benchmarks/bots_vs_random.py``.
"""

from ...cards import ACES_LOW, parse_card
from ...families.stops_search import StopsRules, search

SPINADO = parse_card("AD")
PAIRS = {"Matrimony": (parse_card("KD"), parse_card("QD")), "Intrigue": (parse_card("QD"), parse_card("JD"))}
RULES = StopsRules(ACES_LOW, "47", start="any", interrupter=SPINADO)
PLAYOUTS = 400


# Holding a card back only keeps it in hand, unless it keeps a player about to go out from playing:
# the bot weighs a pass only when another hand is this small (and spares the search otherwise).
CLOSE_TO_OUT = 2


def choose(view, rng):
    moves = view["moves"]
    table = view["table"]
    sizes = [len(h) if isinstance(h, list) else h for h in table["play"]["hands"]]
    if "pass" in moves and min(n for s, n in enumerate(sizes) if s != view["seat"]) > CLOSE_TO_OUT:
        moves = [m for m in moves if m != "pass"]
        view = {**view, "moves": moves}
    if len(moves) == 1:
        return moves[0]
    pools = table["chips"]["pools"]
    seats = len(table["play"]["hands"])
    dead = known_dead(view)

    def payoff(out, me):
        index, by = out.pack.index, out.by
        gain = sum(pools[pot] for pot, pair in PAIRS.items() if all(by[index[c]] == me for c in pair))
        holder = out.owner[index[SPINADO]]
        if out.winner == me:
            gain += pools["Game"] + (seats - 1)   # and no ante next hand: a chip to each pot
            if holder >= 0:
                gain += 2 * len(out.hands[holder])
        elif holder == me:
            gain -= 2 * len(out.hands[me])
        return gain

    return search(view, rng, RULES, payoff, known_dead=dead, playouts=PLAYOUTS)


def known_dead(view):
    """The cards the seat knows lie in the dead hand: none. A stop says only that nobody played
    the next card, and in Spinado its holder may keep it (interpretation.hold-back)."""
    return set()
