"""Vazhushal's hand's end: each player's count (``scoring.count``), and the hand's row of hands
won item by item (``table.Tally``), with what ended the hand: going out (``end.out``), or the
stock run out and the highest count (``end.stock``; players level share it, ``interpretation.tie``)."""

from ...table import Tally, signed
from .melds import card_value


def hand_count(melds, hand):
    """The text's count: what a player's melds are worth, less the cards left in hand.

    >>> from rules_engine.cards import parse_card, parse_cards
    >>> from rules_engine.games.vazhushal.melds import read_meld
    >>> neg = parse_card("4C")
    >>> melds = [read_meld(parse_cards(t), neg) for t in ("5H 6H 7H", "QS QD 4H")]
    >>> hand_count(melds, parse_cards("KD 2S JK"))   # 18 + 30, less 10 + 2 + 0
    36
    """
    return sum(m.value for m in melds) - sum(card_value(c) for c in hand)


def hand_tally(state, winners, rule):
    """The hand's row item by item: a hand won by the player who went out, with the last card
    discarded; once the stock is out, every player's count with the cards left in hand, a hand
    won for each of the highest."""
    tally = Tally(state.seats)
    for s, held in enumerate(state.hands):
        if rule == "end.out":
            if s in winners:
                tally.add(s, "Went out", 1, "end.out", state.line[-1:], "the last card discarded")
            continue
        melds = [m for owner, m in state.melds if owner == s]
        note = (f"melds {sum(m.value for m in melds)}, less {sum(map(card_value, held))} in hand: "
                f"{signed(hand_count(melds, held))}")
        if s not in winners:
            tally.add(s, "Count", 0, "scoring.count", held, note)
        elif len(winners) == 1:
            tally.add(s, "The highest count", 1, "scoring.count", held, note)
        else:
            tally.add(s, "The highest count, shared", 1, "interpretation.tie", held, note)
    return tally


def end_words(state, winners, rule):
    """``(what ended the hand, its lines)``, in words."""
    names = state.player_names()
    counts = state.counts()
    if rule == "end.out":
        ended = f"{names[winners[0]]} discarded the last card and went out"
        lines = [f"{names[winners[0]]} goes out and wins the hand"]
    else:
        ended = "the stock ran out, and every player has laid their last melds"
        who = " and ".join(names[s] for s in winners)
        lines = [f"the stock is out: {who} {'has' if len(winners) == 1 else 'have'} the highest count, "
                 f"and {'wins' if len(winners) == 1 else 'share'} the hand"]
    return ended, lines + [f"{names[s]}: melds less hand, {signed(counts[s])}" for s in range(state.seats)]
