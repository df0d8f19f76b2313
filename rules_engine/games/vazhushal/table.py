"""Vazhushal's table as a seat sees it: the hands, the stock with the negative joker face up
beneath it, the discard line (its cards may be picked to take a run of it), each player's melds,
the headline, the score sheet and the hand's end; the rummies' parts from
rules_engine/families/rummy_table.py."""

from ...families.rummy_table import description, hand_sheet, hand_zone, interlude, stock_zone
from ...game import ALL
from ...table import article, plural, zone
from .melds import is_wild


def describe(state, seat):
    names = state.player_names()
    zones = []
    for s, hand in enumerate(state.hands):
        visible = seat in (s, ALL)
        shown = state.shown_doubles() if s == state.turn and not visible else []
        # The doubled cards shown first: where they lie among the others would tell something of those.
        cards = [c.text for c in hand] if visible else [c.text for c in shown] + ["??"] * (len(hand) - len(shown))
        zones.append(hand_zone(state, s, cards, note=plural(state.points[s], "hand") + " won"))
    if state.negative is None:   # a deal being thrown in
        zones.append(stock_zone(len(state.stock), "Undealt cards"))
    elif state.stock:
        zones.append(stock_zone(len(state.stock) - 1))
        zones.append(zone("negative", "Negative joker, at the bottom of the stock", [state.negative],
                          kind="set-aside", group="middle"))
    zones.append(zone("line", "Discard line, oldest first", state.line, kind="discard", layout="row",
                      group="line", source=state.phase == "draw"))
    if state.phase == "rearrange":
        zones.append(zone("pool", f"{names[state.turn]}'s melds taken up, to be laid again", state.pool,
                          kind="meld", owner=state.turn, source=True))
    for number, (owner, meld) in enumerate(state.melds, 1):
        zones.append(zone(f"meld-{number}", f"Meld {number}", meld.cards, kind="meld", owner=owner))
    standing = [f"Negative joker {state.negative.symbol}: {wild_words(state)}"] if state.negative is not None else []
    score = hand_sheet(state, [("Hands won", list(state.points))],
                       target=f"{plural(state.options['hands'], 'hand')} in the game")
    return description(state, zones, standing=standing, doing=_doing, score=score, result=_result, ended=_ended)


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


def _doing(state, turn):
    first = "" if state.has_melded(state.turn) else ", a natural sequence first"
    return [{
        "draw": f"{turn} draws from the stock or takes from the line{first}",
        "meld": f"{turn} melds{first}, lays off or discards",
        "final": f"the stock is out: {turn} may lay further melds",
        "throw-in": f"{turn} was dealt both copies of three or more cards and throws the deal in",
        "rearrange": f"{turn} is rearranging: every card taken up goes again into new melds, or all is put back",
    }[state.phase]]


def _result(state):
    names = state.player_names()
    if len(state.winners) == 1:
        won = state.points[state.winners[0]]
        return f"{names[state.winners[0]]} wins the game, with {plural(won, 'hand')} won."
    who = " and ".join(names[s] for s in state.winners)
    return f"{who} share the game, with {plural(state.points[state.winners[0]], 'hand')} won each."


def _ended(state, number, lines, hands, melds, ended):
    names = state.player_names()
    zones = [zone(f"end-hand-{s}", f"{names[s]}'s cards left", hand, kind="hand", owner=s, source=False)
             for s, hand in enumerate(hands)]
    zones += [zone(f"end-meld-{n}", f"{names[owner]}'s meld {n}{_standing_for(meld)}", meld.cards, kind="meld",
                   owner=owner) for n, (owner, meld) in enumerate(melds, 1)]
    return interlude(state, number, zones, lines, ended=ended, unit="hands")


def _standing_for(meld):
    """What each wild card of ``meld`` stands for, in words: `` (★ as 7♥)``, `` (★ as a K)`` in a
    set; nothing for a meld whose cards all stand for themselves."""
    told = [f"{card.symbol} as " + (stands.symbol if meld.kind == "run" else article(stands.symbol[:-1]))
            for card, stands in zip(meld.cards, meld.stands) if card is not stands]
    return f" ({', '.join(told)})" if told else ""
