"""The text renderer: any game's table description (``state.table(seat)``,
see rules_engine/table.py) drawn for the terminal. It names no game.

It reads only the description, the same JSON a widget gets, so hidden cards
cannot leak into what is drawn. No I/O: the functions return strings and the
command line prints them.

>>> from rules_engine import load_game
>>> print(render(load_game("yukon").new(seed=3).table(0)).splitlines()[5])
   6♠   ??   ??   ??   ??   ??   ??
>>> pretty_move("move 7H onto 8C")
'move 7♥ onto 8♣'
>>> pretty_move("bid 1 notrump")
'bid 1NT'
"""

import math
import re

from .cards import HIDDEN, SUIT_SYMBOLS, parse_card
from .table import plain, signed


def symbol(text):
    """A card's display form (``TH`` -> ``10♥``); ``??`` stays as it is."""
    return text if text == HIDDEN else parse_card(text).symbol


def pretty_move(text):
    """A move's text with its cards and bids as symbols, as the widgets show it (widgets/cards.js's
    ``prettyMove``): ``move 7H onto 8C`` -> ``move 7♥ onto 8♣``, ``bid 2 hearts`` -> ``bid 2♥``."""
    # Only a card as the canonical text writes it, in capitals: "as" (a word) is no A♠.
    words = [parse_card(word).symbol if CARD_WORD.fullmatch(word) else word for word in text.split()]
    return BID.sub(lambda m: m.group(1) + BID_STRAINS[m.group(2)], " ".join(words))


CARD_WORD = re.compile(r"(?:[2-9TJQKA]|10)[SHDC]|JK")
BID = re.compile(r"\b([1-7]) (clubs|diamonds|hearts|spades|notrump)\b")
BID_STRAINS = {"clubs": "♣", "diamonds": "♦", "hearts": "♥", "spades": "♠", "notrump": "NT"}


def cell_text(value):
    """A score sheet's cell as drawn: nothing for None, a number with a real minus sign."""
    if value is None:
        return ""
    return plain(value) if isinstance(value, int) else value


def seat_label(seat, you=None):
    return f"seat {seat} (you)" if you is not None and seat == you else f"seat {seat}"


def player_name(table, seat, you=None):
    name = table["players"][seat]
    return f"{name} (you)" if you is not None and seat == you and table["seats"] > 1 else name


# ---- a whole table ---------------------------------------------------------------------------------


def render(table, you=None):
    """A readable text table of a description: headline, seats, the middle of
    the table, columns side by side, then the score sheet."""
    you = table["seat"] if you is None and isinstance(table["seat"], int) else you
    head = table["headline"]
    lines = [f"{table['name']} · {head['title']}"]
    if head["facts"]:
        lines.append(" · ".join(head["facts"]))
    if table.get("waiting"):
        lines.append(f"Waiting for {table['waiting']}.")
    lines.append("")
    for seat in range(table["seats"]):
        own = [z for z in table["zones"] if z["owner"] == seat]
        if not own:
            continue
        marks = " (to act)" if seat == table["to_act"] else ""
        notes = [z["note"] for z in own if z.get("note")]
        lines.append(f"{player_name(table, seat, you)}{marks}" + (f" — {', '.join(notes)}" if notes else ""))
        lines += [f"  {zone_line(z, table)}" for z in own if z["kind"] != "captured"]
    middle = [z for z in table["zones"] if z["owner"] is None]
    for group in _groups(middle):
        if all(z["layout"] == "column" for z in group):
            lines += [""] + columns_block(group)
        elif all(z["kind"] == "foundation" for z in group):
            tops = "  ".join(f"{z.get('empty', '')} {symbol(z['cards'][-1]) if z['cards'] else '--'}"
                             for z in group)
            lines.append(f"Foundations: {tops}")
        elif len(group) > 1 and len({z["label"] for z in group}) == 1 and all(len(z["cards"]) <= 1 for z in group):
            # Places of one band that share a label (a row of a layout, a card a place): one line.
            places = " ".join(symbol(z["cards"][0]) if z["cards"] else "--" for z in group)
            lines.append(f"{group[0]['label']}: {places}")
        else:
            lines += [zone_line(z, table) for z in group if z["cards"] or z["kind"] not in ("trick", "set-aside")]
    if table.get("selection"):
        lines += [""] + selection_block(table)
    if table["score"]:
        lines += [""] + score_block(table["score"])
    if table["result"]:
        lines += ["", table["result"]]
    elif table["is_over"] or table["seats"] == 1:
        lines += ["", scoreboard(table, you)]
    return "\n".join(lines)


def selection_block(table):
    """A move built from several cards: the cards picked, what may come next, where they may go
    and the moves that finish it (``table["selection"]``)."""
    chosen = table["selection"]
    labels = {z["id"]: z["label"] for z in table["zones"]}

    def cards(texts):
        return " ".join(map(symbol, texts)) or "none"

    if not chosen["picked"]:
        return [f"Cards to build a move from: {cards(chosen['selectable'])}"]
    lines = [f"Picked: {cards(chosen['picked'])}"
             + (f", towards {labels.get(chosen['target'], chosen['target'])}" if chosen["target"] else "")]
    if chosen["refused"]:
        lines.append(f"No move holds these cards: {chosen['refused']['reason']} (rule {chosen['refused']['rule']})")
    if chosen["next"]:
        lines.append(f"May add: {cards(chosen['next'])}")
    if chosen["targets"]:
        lines.append(f"May go to: {', '.join(labels.get(t, t) for t in chosen['targets'])}")
    lines += [f"[{f['button']}] {pretty_move(f['move'])}" for f in chosen["finish"]]
    return lines


def _groups(zones):
    groups = {}
    for z in zones:
        groups.setdefault(z.get("group", z["id"]), []).append(z)
    return list(groups.values())


def zone_line(z, table):
    """One zone on a line: ``Seat 0's hand: A♠ 7♠ · K♥``; a pool of chips: ``Pot: 12 chips``."""
    cards = z["cards"]
    if "chips" in z and not cards:
        return f"{z['label']}: {z['chips']} chip{'' if z['chips'] == 1 else 's'}"
    if z["layout"] == "squared":
        if z["kind"] == "captured" and z.get("note"):
            return f"{z['label']}: {z['note']}"
        if not cards:
            return f"{z['label']}: empty" + (f" ({z['note']})" if z.get("note") else "")
        top = "" if cards[-1] == HIDDEN else f", top {symbol(cards[-1])}"
        return f"{z['label']}: {len(cards)} card{'' if len(cards) == 1 else 's'}{top}"
    if cards and all(c == HIDDEN for c in cards):
        return f"{z['label']}: {len(cards)} card{'' if len(cards) == 1 else 's'}"
    down = cards.count(HIDDEN)
    if down and z["layout"] == "column":
        return f"{z['label']}: {down} face down, then {' '.join(map(symbol, cards[down:]))}"
    if z.get("by") or z.get("labels"):
        who = z.get("labels") or [table["players"][s] for s in z["by"]]
        items = [f"{name} {symbol(card)}" for name, card in zip(who, cards)]
        if "winner" in z:
            items[z["winner"]] += " (wins)"
        return f"{z['label']}: {', '.join(items) or 'nothing yet'}"
    return f"{z['label']}: {_by_suit(cards) if z['layout'] == 'fan' else ' '.join(map(symbol, cards)) or '--'}"


def _by_suit(cards):
    """A hand with a gap between suits, in the order held."""
    out, suit = [], None
    for card in cards:
        this = card[-1] if card not in (HIDDEN, "JK") else card
        if suit is not None and this != suit:
            out.append("·")
        out.append(symbol(card))
        suit = this
    return " ".join(out) or "--"


def columns_block(columns):
    """Tableau columns side by side, numbered, each read top to bottom."""
    lines = ["".join(f"{z['label'].split()[-1]:>5}" for z in columns)]
    depth = max((len(z["cards"]) for z in columns), default=0)
    for row in range(max(depth, 1)):
        cells = []
        for z in columns:
            cards = z["cards"]
            cells.append(f"{symbol(cards[row]) if row < len(cards) else ('--' if row == 0 else ''):>5}")
        lines.append("".join(cells).rstrip())
    return lines


def score_block(score):
    """The score sheet as a table: a row per hand, then the totals."""
    rows = score["rows"] + score["totals"]
    label_width = max([len(score["caption"])] + [len(r["label"]) for r in rows]) + 2
    widths = [max(7, len(c) + 2) for c in score["columns"]]
    lines = [score["caption"] + (f" ({score['target']})" if score.get("target") else "")]
    lines.append(" " * label_width + "".join(f"{c:>{w}}" for c, w in zip(score["columns"], widths)))
    for row in rows:
        cells = "".join(f"{cell_text(v):>{w}}" for v, w in zip(row["cells"], widths))
        lines.append(f"{row['label']:<{label_width}}{cells}")
    return lines


def interlude(table):
    """A hand's end: what ended it, its last trick (or the cards shown), each scorer's points item
    by item, and its lines, as lines."""
    part = table["interlude"]
    lines = [part["title"]] + ([f"  {part['ended']}"] if part.get("ended") else [])
    lines += [f"  {zone_line(z, table)}" for z in part["zones"]]
    lines += [f"  {line}" for line in breakdown_lines(part.get("breakdown"), part.get("unit", "points"))]
    if part.get("bonuses"):
        lines += ["  At the game's end:"]
        lines += [f"    {line}" for line in breakdown_lines(part["bonuses"], part.get("unit", "points"))]
    return lines + [f"  {line}" for line in part["lines"]]


def breakdown_lines(groups, unit="points"):
    """A hand's score item by item (``interlude["breakdown"]``): a line per scorer, then a line
    per item, with its cards, what a count stands for and its rule."""
    out = []
    for group in groups or ():
        out.append(f"{group['name']}: {units(group['points'], unit, sign=True)}")
        for item in group["items"]:
            detail = ", ".join(part for part in (" ".join(map(symbol, item["cards"])), item.get("note")) if part)
            out.append(f"  {item['label']}{f' ({detail})' if detail else ''}: {signed(item['points'])}"
                       f" · rule {item['rule']}")
    return out


def units(n, unit, sign=False):
    """``n`` with its unit, ``+1 point``, ``−3 chips``: the unit's word is plural but for one."""
    word = unit[:-1] if abs(n) == 1 and unit.endswith("s") else unit
    return f"{signed(n) if sign else plain(n)} {word}"


# ---- lists, scores and outcomes ------------------------------------------------------------------


def numbered(moves, width=78):
    """The moves numbered from 1, in as many columns as fit in ``width``."""
    items = [f"{n:>3}. {text}" for n, text in enumerate(moves, 1)]
    cell = max(map(len, items), default=0) + 2
    per_line = max(1, width // cell)
    rows = [items[i:i + per_line] for i in range(0, len(items), per_line)]
    return "\n".join("".join(item.ljust(cell) for item in row).rstrip() for row in rows)


def scoreboard(table, you=None):
    """The game's scores: final ones with the result once it is over, else the hand's and the game's."""
    game = table["scores"]["game"]
    if table["seats"] == 1:
        label = "Final score" if table["is_over"] else "Score so far"
        return f"{label}: {plain(game[0])}" + (f"\n{table['result']}" if table["result"] else "")
    names = [player_name(table, seat, you) for seat in range(table["seats"])]
    width = max(map(len, names)) + 2
    if table["is_over"]:
        lines = ["Final scores:"] + [f"  {name:<{width}}{plain(points):>7}" for name, points in zip(names, game)]
        return "\n".join(lines + ([table["result"]] if table["result"] else []))
    lines = [f"{'Scores so far:':<{width + 2}}{'hand':>7}{'game':>7}"]
    lines += [f"  {name:<{width}}{plain(hand):>7}{plain(points):>7}"
              for name, hand, points in zip(names, table["scores"]["hand"], game)]
    return "\n".join(lines)


def _won(state, seat):
    """Whether ``seat`` is among a finished game's winners: those the game names (the lowest
    totals win some games), else the highest total."""
    winners = getattr(state, "winners", None)
    if winners is not None:
        return seat in winners
    return state.scores.game[seat] == max(state.scores.game)


def outcomes(states):
    """What a batch of finished games came to, one line each fact."""
    n = len(states)
    lines = []
    results = [getattr(state, "result", None) for state in states]
    if any(results):
        won = results.count("won")
        low, high = wilson_interval(won, n)
        lines.append(f"won: {won} of {n} ({100 * won / n:.1f}%; 95% interval {100 * low:.1f}% to {100 * high:.1f}%)")
    seats = states[0].seats
    games = [state.scores.game for state in states]
    lines.append(f"{'final game scores':<20}{'min':>8}{'mean':>9}{'max':>8}")
    names = states[0].player_names()
    for seat in range(seats):
        values = [g[seat] for g in games]
        lines.append(f"  {names[seat]:<18}{min(values):>8}{sum(values) / n:>9.1f}{max(values):>8}")
    if seats > 1:
        wins = [sum(_won(state, seat) for state in states) for seat in range(seats)]
        lines.append("games won (ties count for each): " + ", ".join(f"{names[s]} {wins[s]}" for s in range(seats)))
    return lines


def wilson_interval(successes, trials, z=1.96):
    """The 95% Wilson score interval of a proportion.

    >>> [round(x, 3) for x in wilson_interval(77, 1000)]
    [0.062, 0.095]
    """
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    centre = p + z * z / (2 * trials)
    spread = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials))
    scale = 1 + z * z / trials
    # Clamped: with no success (or no failure) rounding can leave -0.0, printed "-0.0%".
    return max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale)


__all__ = ["SUIT_SYMBOLS", "breakdown_lines", "interlude", "numbered", "outcomes", "player_name", "pretty_move", "render",
           "score_block", "scoreboard", "seat_label", "symbol", "wilson_interval"]
