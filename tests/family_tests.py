"""What the tests of one family's games share: a position set up by hand, a pack stacked for a
deal, moves played in turn, whole games played by bots and counted, and a family's own end
checked. A game's test module keeps its own rules' tests and calls these."""

from rules_engine.cards import make_deck, parse_cards
from ends import chips_after_each_hand


def play(state, *moves):
    """``state`` after ``moves``, applied in turn."""
    for move in moves:
        state = state.apply(move)
    return state


def stacked(order, deck):
    """The pack ``deck`` with ``order`` (texts) on top, in that order, and the rest in the pack's order."""
    first = parse_cards(order)
    return first + [c for c in make_deck(deck) if c not in first]


# ---- the banking family ------------------------------------------------------------------------

def check_banking_end(final):
    """A banking game's end: after its hands, or after the first hand that leaves a player with no
    chips; every stake settled and no chip lost; the most chips win."""
    held, hands = final.chips.held, len(final.hand_results)
    assert hands == final.options["hands"] or min(held) <= 0
    assert all(min(held_after) > 0 for held_after in chips_after_each_hand(final)[:-1])
    assert not any(final.staked(s) for s in range(final.seats)) and sum(held) == final.chips.issued
    assert final.winners == tuple(s for s in range(final.seats) if held[s] == max(held))
