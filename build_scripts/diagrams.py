"""The SVG renderer: any game's table description (``state.table(seat)``,
see rules_engine/table.py) drawn at build time, for deal diagrams and the
static fallback of worked examples. It names no game.

The engine deals (``load_game(id).new(seed=...)``) and the drawing reads only
the description, the same JSON a widget gets, so a diagram can never show a
layout the engine would not deal, nor a card the seat may not see.

Layout: the seats' zones sit round the table (seat 0 at the bottom, the
others clockwise, as play goes to the left), the zones of the middle in
bands, one band per ``group``; tableau columns side by side. Colours are
classes, so the site's themes and print stylesheet restyle them;
presentation attributes are the fallback.
"""

import re
from dataclasses import dataclass
from xml.sax.saxutils import escape

import rules_engine
from rules_engine.game import ALL
from rules_engine.render import zone_line

CARD_W, CARD_H = 44, 62
FAN_STEP, ROW_STEP, LABEL_H, GAP, MARGIN = 21, CARD_W + 6, 18, 24, 12
RAISE = 10  # how far a card picked for a move of several cards stands out of its fan
DOWN_STEP, UP_STEP = 8, 22
HIDDEN = "??"
SUIT_CLASSES = {"S": "rd-black rd-spades", "C": "rd-black rd-clubs", "H": "rd-red rd-hearts", "D": "rd-red rd-diamonds"}


class DiagramError(ValueError):
    """The engine cannot deal, or the build cannot draw, what a block asks for."""


@dataclass(frozen=True)
class Diagram:
    svg: str
    title: str
    description: str


def deal_diagram(game_id, seed, seats=None, element_id="diagram-1"):
    """The starting layout of ``game_id`` dealt from ``seed``, as a :class:`Diagram`."""
    try:
        state = rules_engine.load_game(game_id).new(seed=seed, seats=seats)
    except rules_engine.RulesError as error:
        raise DiagramError(f"the engine cannot deal it: {error}") from None
    return draw_state(state, element_id, f"{state.spec.name}: the layout dealt from seed {seed}")


def draw_state(state, element_id, title):
    """A drawing of ``state`` as a commentator sees it (every seat's own cards)."""
    return draw_table(state.table(ALL), element_id, title)


def draw_table(table, element_id, title):
    block = table_block(table)
    lines = [head for head in [table["headline"]["title"], *table["headline"]["facts"]]]
    lines += [zone_line(z, table) for z in table["zones"] if z["cards"] or z["kind"] not in ("trick", "captured")]
    description = ". ".join(line.rstrip(".") for line in lines) + "."
    width, height = _short(block.width + 2 * MARGIN), _short(block.height + 2 * MARGIN)
    # The title and description are what a screen reader reads (the drawing is one image to it).
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" '
           f'height="{height}" role="img" class="rules-diagram__svg" '
           f'aria-labelledby="{element_id}-title {element_id}-desc" font-family="system-ui, sans-serif">'
           f'<title id="{element_id}-title">{escape(title)}</title>'
           f'<desc id="{element_id}-desc">{escape(description)}</desc>'
           + WHOLE_NUMBER.sub(r'="\1"', "".join(block.draw(MARGIN, MARGIN))) + "</svg>")
    return Diagram(svg=svg, title=title, description=description)


# An attribute's whole number written without its ".0": every byte of a page's few hundred cards is
# sent before the reader can do anything.
WHOLE_NUMBER = re.compile(r'="(-?\d+)\.0"')


def _short(number):
    return int(number) if float(number).is_integer() else number


# ---- blocks: a size and a way to draw at a place ------------------------------------------------

@dataclass
class Block:
    width: float
    height: float
    draw: object  # (x, y) -> list of SVG strings


def row_of(blocks, gap=GAP):
    blocks = [b for b in blocks if b]
    width = sum(b.width for b in blocks) + gap * max(0, len(blocks) - 1)
    height = max((b.height for b in blocks), default=0)

    def draw(x, y):
        parts = []
        for b in blocks:
            parts += b.draw(x, y)
            x += b.width + gap
        return parts
    return Block(width, height, draw) if blocks else None


def stack_of(blocks, gap=GAP / 2, centre=True):
    blocks = [b for b in blocks if b]
    width = max((b.width for b in blocks), default=0)
    height = sum(b.height for b in blocks) + gap * max(0, len(blocks) - 1)

    def draw(x, y):
        parts = []
        for b in blocks:
            parts += b.draw(x + ((width - b.width) / 2 if centre else 0), y)
            y += b.height + gap
        return parts
    return Block(width, height, draw) if blocks else None


def table_block(table):
    seats = {}
    for z in table["zones"]:
        if z["owner"] is not None:
            seats.setdefault(z["owner"], []).append(z)
    groups = {}
    for z in table["zones"]:
        if z["owner"] is None:
            groups.setdefault(z.get("group", z["id"]), []).append(z)
    # Each band of the middle centred, as the page's card table draws it (a pyramid looks like one).
    middle = stack_of([group_block(g, table) for g in groups.values()])
    places = {seat: seat_block(seat, zones, table) for seat, zones in seats.items()}
    if len(places) == 4:
        side = row_of([places[1], middle, places[3]])
        return stack_of([places[2], side, places[0], selection_block(table)])
    return stack_of([middle] + [places[s] for s in sorted(places)] + [selection_block(table)], centre=False)


def selection_block(table):
    """A move being built from several cards: the cards picked (raised in their zone), what may
    follow and the buttons that finish it, as a line under the table; None when none is picked."""
    chosen = table.get("selection")
    if not chosen or not chosen["picked"]:
        return None
    words = ["Picked: " + " ".join(rules_engine.parse_card(c).symbol for c in chosen["picked"])]
    if chosen["next"]:
        words.append("may add " + " ".join(rules_engine.parse_card(c).symbol for c in chosen["next"]))
    words += [f"[{f['button']}]" for f in chosen["finish"]]
    return text_block(" · ".join(words))


def _raised(z, table):
    """The indexes of ``z``'s cards picked for a move being built from several cards."""
    chosen = table.get("selection")
    if not chosen:
        return set()
    return {chosen["places"][c][1] for c in chosen["picked"] if chosen["places"].get(c, [None])[0] == z["id"]}


def seat_block(seat, zones, table):
    words = [table["players"][seat]]
    if seat == table.get("dealer"):
        words.append("deals")
    if seat == table["to_act"]:
        words.append("to play")
    notes = [z["note"] for z in zones if z.get("note")]
    label = " · ".join(words + notes)
    shown = [zone_block(z, table, label=False) for z in zones if z["cards"] and z["kind"] != "captured"]
    return stack_of([text_block(label)] + shown, gap=4, centre=False)


def group_block(zones, table):
    if all(z["layout"] == "column" for z in zones):
        return row_of([zone_block(z, table) for z in zones], gap=10)
    if len(zones) > 1 and all(z["layout"] == "row" and len(z["cards"]) <= 1 and z["label"] == zones[0]["label"]
                              for z in zones):
        # Places that share a label (a row of a pyramid), as the card table draws them: the label once.
        return row_of([zone_block(z, table, caption=None if i else z["label"]) for i, z in enumerate(zones)], gap=6)
    return row_of([zone_block(z, table) for z in zones if z["cards"] or z["kind"] != "trick"])


def text_block(text):
    return Block(7 * len(text), LABEL_H, lambda x, y: [_label(x, y + 12, text)])


def zone_block(z, table, label=True, caption=""):
    """A zone under its label; ``caption`` None keeps the label's room but writes nothing there."""
    cards, layout = z["cards"], z["layout"]
    text = caption or (z["label"].rsplit(" ", 1)[-1] if layout == "column" else z["label"])
    head = (Block(0, LABEL_H, lambda x, y: []) if caption is None else text_block(text)) if label else None
    if "chips" in z and not cards:
        body = text_block(f"{z['chips']} chip{'' if z['chips'] == 1 else 's'}")
    elif not cards:
        body = Block(CARD_W, CARD_H, lambda x, y: [_slot(x, y, z.get("empty", ""))])
    elif layout == "column":
        body = _column(cards)
    elif layout == "squared":
        body = _squared(cards, z)
    else:
        step = FAN_STEP if layout == "fan" else ROW_STEP
        who = z.get("labels") or ([table["players"][s] for s in z["by"]] if "by" in z else None)
        body = _spread(cards, step, who, z.get("winner"), _raised(z, table))
    return stack_of([head, body], gap=4, centre=False) if head else body


def _spread(cards, step, who=None, winner=None, raised=()):
    under = LABEL_H if who else 0
    step = max(step, 7 * max(map(len, who)) + 6) if who else step
    lift = RAISE if raised else 0

    def draw(x, y):
        parts = []
        for i, card in enumerate(cards):
            last = i == len(cards) - 1
            top = y + lift - (RAISE if i in raised else 0)
            parts.append(_card(x + i * step, top, card, whole=last or step >= CARD_W, stacked=step < CARD_W))
            if who:
                mark = " ✓" if winner == i else ""
                parts.append(_label(x + i * step, y + lift + CARD_H + 13, who[i] + mark))
        return parts
    return Block((len(cards) - 1) * step + CARD_W, CARD_H + under + lift, draw)


def _column(cards):
    down = sum(c == HIDDEN for c in cards)
    height = down * DOWN_STEP + max(0, len(cards) - down - 1) * UP_STEP + CARD_H

    def draw(x, y):
        parts = []
        for i, card in enumerate(cards):
            parts.append(_card(x, y, card, whole=i == len(cards) - 1))
            y += DOWN_STEP if card == HIDDEN else UP_STEP
        return parts
    return Block(CARD_W, height, draw)


def _squared(cards, z):
    step = 2 if len(cards) <= 20 else 1
    count = f"{len(cards)} card{'' if len(cards) == 1 else 's'}"

    def draw(x, y):
        parts = [_card(x + i * step, y, card, whole=True) for i, card in enumerate(cards)]
        return parts + [_label(x, y + CARD_H + 13, z.get("note") or count)]
    return Block((len(cards) - 1) * step + CARD_W, CARD_H + LABEL_H, draw)


# ---- cards ------------------------------------------------------------------------------------------

def _card(x, y, text, whole=False, stacked=False):
    if text == HIDDEN:
        return _back(x, y)
    card = rules_engine.parse_card(text)
    symbol = card.symbol
    rank, suit = (symbol, "") if card.is_joker else (symbol[:-1], symbol[-1])
    classes = "rd-red rd-joker" if card.is_joker else SUIT_CLASSES[card.suit]
    fill = "#b3261e" if "rd-red" in classes else "#1b1b1b"
    # The card's colour and type are set once on its group, which its texts inherit, and its place
    # once, as the group's offset, so that every card's inner drawing is the same few bytes: a page
    # shows a few hundred cards, and every byte of them is sent before the reader can do anything.
    # (No label of its own: the drawing's description names every card.)
    parts = [f'<g class="rd-face {classes}" transform="translate({x} {y})" fill="{fill}" font-size="13" '
             f'font-weight="600" text-anchor="middle">',
             f'<rect width="{CARD_W}" height="{CARD_H}" rx="4" class="rd-card" fill="#ffffff" stroke="#777"/>']
    parts.append(f'<text x="{9 if len(rank) == 1 else 10}" y="14">{escape(rank)}</text>')
    if suit:
        # Rank over suit reads where the next card of a fan covers the right; the suit again in the
        # top right corner reads beside the rank where the next card of a column covers all but the top.
        parts.append(f'<text x="9" y="28">{escape(suit)}</text>')
        parts.append(f'<text x="{CARD_W - 9}" y="14">{escape(suit)}</text>')
    if whole:
        parts.append(f'<text x="{CARD_W / 2 + 4:g}" y="{CARD_H / 2 + 14:g}" class="rd-pip" font-size="24" '
                     f'font-weight="400">{escape(suit or symbol)}</text>')
    parts.append("</g>")
    return "".join(parts)


def _back(x, y):
    return (f'<g class="rd-down" transform="translate({x} {y})"><rect width="{CARD_W}" height="{CARD_H}" rx="4" '
            f'class="rd-back" fill="#3949ab" stroke="#777"/><rect x="4" y="4" width="{CARD_W - 8}" '
            f'height="{CARD_H - 8}" rx="2" class="rd-back-inner" fill="none" stroke="#c5cae9"/></g>')


def _slot(x, y, label):
    return (f'<rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="4" class="rd-slot" fill="none" '
            f'stroke="#999" stroke-dasharray="4 3"/><text x="{x + CARD_W / 2}" y="{y + CARD_H / 2 + 8}" '
            f'class="rd-slot-label" fill="#767676" font-size="22" text-anchor="middle">{escape(label)}</text>')


def _label(x, y, text, anchor="start"):
    return (f'<text x="{x}" y="{y}" class="rd-label" fill="#555" font-size="12" '
            f'text-anchor="{anchor}">{escape(text)}</text>')
