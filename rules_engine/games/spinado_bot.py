"""Spinado's heuristic bot, from its seat's view only.

What wins a hand of stops is control: the player whose card stops play
starts the next sequence and goes on shedding. So the bot values each move
by the cards it sheds in a row (a start from which this hand holds the next
cards too), by whether play then surely stops with this hand (the next card
is out of the pack, past the king, already played, or known to be in the
dead hand because an earlier sequence stopped before it), and by the pots
its cards take.

- It spends the spinado, the A♦, to keep control when play would otherwise
  pass on, and always when it goes out with it; keeping it to the end costs
  two chips a card.
- A start that plays both cards of a pair (K♦ Q♦, Q♦ J♦) is worth the pot
  it takes, chip for chip: the pots carry over and grow, and are worth more
  than the hand's Game pot.
- Going out wins the hand: a move that empties this hand comes first.
"""

from ..cards import ACES_LOW, make_deck, parse_card

PACK = frozenset(make_deck("47"))
SPINADO = parse_card("AD")
PAIRS = {"Matrimony": (parse_card("KD"), parse_card("QD")), "Intrigue": (parse_card("QD"), parse_card("JD"))}
CONTROL, SPINADO_WORTH, OTHERS = 3.0, 2.5, 0.7


def _after(card):
    rank = ACES_LOW.next_above(card)
    return parse_card(rank + card.suit) if rank else None


def known_dead(played):
    """The cards the play so far shows to be in the dead hand: a sequence stopped
    before them while they were still to be played, so nobody held them."""
    dead, gone = set(), set()
    for (seat, card), (other, nxt) in zip(played, played[1:]):
        gone.add(card)
        follows = _after(card)
        if nxt != follows and nxt != SPINADO and follows in PACK and follows not in gone:
            dead.add(follows)
    return dead


def choose(view, rng):
    moves = view["moves"]
    if len(moves) == 1:
        return moves[0]
    seat = view["seat"]
    hand = {parse_card(t) for t in view["table"]["play"]["hands"][seat]}
    order = [(s, parse_card(c)) for s, c in view["table"]["play"]["played"]]
    played = {card for _, card in order}
    dead = known_dead(order)
    hands = view["table"]["play"]["hands"]
    opponents = sum(n for s, n in enumerate(hands) if s != seat)
    unknown_dead = view["table"]["play"]["dead"] - len(dead)
    held_by_others = opponents / max(1, opponents + unknown_dead)
    pools = view["table"]["chips"]["pools"]

    def run_from(card):
        run = [card]
        while (nxt := _after(run[-1])) is not None and nxt in hand:
            run.append(nxt)
        return run

    def surely_stops(card):
        nxt = _after(card)
        return nxt is None or nxt not in PACK or nxt in played or nxt in dead

    def score(text):
        words = text.split()
        card = parse_card(words[1])
        with_spinado = len(words) == 4
        if with_spinado:
            shed, control = {card, SPINADO}, True
        else:
            run = run_from(card)
            shed, control = set(run), surely_stops(run[-1])
        if shed >= hand:
            return 1000  # out of cards: the hand is won
        # What the others may shed after this hand's run, if play passes on: a chance per card that
        # it lies in an opponent's hand rather than the dead one.
        others, chance, nxt = 0.0, 1.0, None if control else _after(max(shed - {SPINADO}, key=ACES_LOW.index))
        while nxt is not None and nxt in PACK and nxt not in played and nxt not in dead:
            if nxt not in hand:
                chance *= held_by_others
                others += chance
            nxt = _after(nxt)
        mine = {c for c in hand if c in shed}
        pots = sum(pools[pot] for pot, pair in PAIRS.items() if all(c in mine for c in pair))
        value = len(shed) + CONTROL * control + pots - SPINADO_WORTH * with_spinado - OTHERS * others
        if SPINADO in hand and not with_spinado and len(hand) <= 3:
            value -= 1  # the spinado still held at the end costs two chips a card
        return value + rng.random() / 10

    return max(moves, key=score)
