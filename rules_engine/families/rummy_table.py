"""What the rummies' tables (rules_engine/table.py) share: each hand fanned at its seat, the
stock face down, a headline naming the hand and the dealer, a score sheet of a row per hand,
the result once the game is over, and the hand's end with its lines and the players' totals.

A game's table module lays out its own zones and says what is its own: its facts (``standing``,
shown all game, and ``doing(state, turn)``, the facts of the turn while the game goes on), its
score sheet's totals and target, its result in words (``result(state)``) and what its hand's end
shows (``ended(state, *state.hand_end)``, which returns :func:`interlude`).
"""

from ..game import ALL
from ..table import hand_end, headline, plural, score_sheet, shown, zone


def description(state, zones, *, score, result, ended, doing, standing=(), title=None):
    """A rummy's ``_describe``: the headline (``title``, by default "Hand n"), the dealer,
    ``standing`` and, while the game goes on, ``doing(state, name of the seat to act)``."""
    names = state.player_names()
    facts = [f"Dealer: {names[state.dealer]}", *standing]
    if not state.over:
        facts += doing(state, names[state.turn])
    hand_end = state.__dict__.get("hand_end")
    return {
        "headline": headline(title or f"Hand {state.hand_number}", *facts),
        "zones": zones,
        "dealer": state.dealer,
        "score": score,
        "last": state.said,
        "result": result(state) if state.over else None,
        "interlude": ended(state, *hand_end) if hand_end else None,
    }


def hand_zone(state, seat, cards, note):
    """``seat``'s hand fanned at its place: ``cards`` as the viewer sees them (``??`` for a hidden one)."""
    return zone(f"hand-{seat}", f"{state.player_names()[seat]}'s hand", cards, kind="hand", layout="fan",
                owner=seat, backs="hidden", note=note)


def hand_zones(state, seat, notes, face_up=()):
    """Every hand as ``seat`` sees it: face up to its owner, and to all for a seat in ``face_up``;
    ``notes``: one per seat, beside its hand."""
    return [hand_zone(state, s, shown(hand, seat in (s, ALL) or s in face_up), notes[s])
            for s, hand in enumerate(state.hands)]


def stock_zone(count, label="Stock", source=None):
    """The stock, squared; ``source``: a draw starts from its top card (``_click_source``)."""
    return zone("stock", label, ["??"] * count, kind="stock", layout="squared", group="middle", source=source)


def hand_sheet(state, totals, target):
    """The score sheet: a row per hand played (``state.hand_results``), then ``totals`` and ``target``."""
    rows = [(f"Hand {n}", list(p)) for n, p, _ in state.hand_results]
    return score_sheet(state.player_names(), rows, totals, target=target)


def interlude(state, number, zones, lines, totals=(), ended=None, unit="points"):
    """Hand ``number``'s end: what ``ended`` it, ``zones``, its ``lines`` as sentences, then the
    points in all of each seat in ``totals``, and the breakdown its scoring kept (``table.hand_end``),
    counted in ``unit``."""
    names = state.player_names()
    told = [f"{names[s]}: {plural(state.points[s], 'point')} in all" for s in totals]
    return hand_end(f"End of hand {number}", lines, zones=zones, totals=told, ended=ended, state=state, unit=unit)
