"""Vazhushal's table as a seat sees it: the hands, the stock with the negative joker face up
beneath it, the discard line (its cards may be picked to take a run of it), each player's melds,
the headline, the score sheet and the hand's end."""

from ...game import ALL
from ...table import headline, plural, score_sheet, zone
from .melds import is_wild


def describe(state, seat):
    names = state.player_names()
    zones = []
    for s, hand in enumerate(state.hands):
        visible = seat in (s, ALL)
        shown = state.shown_doubles() if s == state.turn and not visible else []
        # The doubled cards shown first: where they lie among the others would tell something of those.
        cards = [c.text for c in hand] if visible else [c.text for c in shown] + ["??"] * (len(hand) - len(shown))
        zones.append(zone(f"hand-{s}", f"{names[s]}'s hand", cards,
                          kind="hand", layout="fan", owner=s, backs="hidden",
                          note=plural(state.points[s], "hand") + " won"))
    if state.negative is None:   # a deal being thrown in
        zones.append(zone("stock", "Undealt cards", ["??"] * len(state.stock), kind="stock", layout="squared",
                          group="middle"))
    elif state.stock:
        zones.append(zone("stock", "Stock", ["??"] * (len(state.stock) - 1), kind="stock", layout="squared",
                          group="middle"))
        zones.append(zone("negative", "Negative joker, at the bottom of the stock", [state.negative],
                          kind="set-aside", group="middle"))
    zones.append(zone("line", "Discard line, oldest first", state.line, kind="discard", layout="row",
                      group="line", source=state.phase == "draw"))
    if state.phase == "rearrange":
        zones.append(zone("pool", f"{names[state.turn]}'s melds taken up, to be laid again", state.pool,
                          kind="meld", owner=state.turn, source=True))
    for number, (owner, meld) in enumerate(state.melds, 1):
        zones.append(zone(f"meld-{number}", f"Meld {number}", meld.cards, kind="meld", owner=owner))
    return {
        "headline": headline(f"Hand {state.hand_number}", *_facts(state)),
        "zones": zones,
        "dealer": state.dealer,
        "score": _score_sheet(state),
        "last": state.said,
        "result": _result(state),
        "interlude": _interlude(state),
    }


def wild_words(state):
    neg = state.negative
    if neg is None:
        return "the deal is thrown in"
    if neg.is_joker:
        return "jokers only are wild"
    wilds = [c.symbol for c in _wild_cards(state)]
    return f"jokers, the {wilds[0]} and the {wilds[1]} are wild"


def _wild_cards(state):
    from ...cards import SUITS, Card

    return [Card(state.negative.rank, s) for s in SUITS if is_wild(Card(state.negative.rank, s), state.negative)]


def _facts(state):
    names = state.player_names()
    facts = [f"Dealer: {names[state.dealer]}"]
    if state.negative is not None:
        facts.append(f"Negative joker {state.negative.symbol}: {wild_words(state)}")
    if state.over:
        return facts
    turn = names[state.turn]
    first = "" if state.has_melded(state.turn) else ", a natural sequence first"
    facts.append({
        "draw": f"{turn} draws from the stock or takes from the line{first}",
        "meld": f"{turn} melds{first}, lays off or discards",
        "final": f"the stock is out: {turn} may lay further melds",
        "throw-in": f"{turn} was dealt both copies of three or more cards and throws the deal in",
        "rearrange": f"{turn} is rearranging: every card taken up goes again into new melds, or all is put back",
    }[state.phase])
    return facts


def _score_sheet(state):
    rows = [(f"Hand {n}", list(p)) for n, p, _ in state.hand_results]
    hands = state.options["hands"]
    return score_sheet(state.player_names(), rows, [("Hands won", list(state.points))],
                       target=f"{plural(hands, 'hand')} in the game")


def _result(state):
    if not state.over:
        return None
    names = state.player_names()
    if len(state.winners) == 1:
        won = state.points[state.winners[0]]
        return f"{names[state.winners[0]]} wins the game, with {plural(won, 'hand')} won."
    who = " and ".join(names[s] for s in state.winners)
    return f"{who} share the game, with {plural(state.points[state.winners[0]], 'hand')} won each."


def _interlude(state):
    ended = state.__dict__.get("hand_end")
    if not ended:
        return None
    number, lines, hands, melds = ended
    names = state.player_names()
    zones = [zone(f"end-hand-{s}", f"{names[s]}'s cards left", hand, kind="hand", owner=s, source=False)
             for s, hand in enumerate(hands)]
    zones += [zone(f"end-meld-{n}", f"Meld {n}", meld.cards, kind="meld", owner=owner)
              for n, (owner, meld) in enumerate(melds, 1)]
    return {"title": f"End of hand {number}", "zones": zones,
            "lines": [line[0].upper() + line[1:] for line in lines]}
