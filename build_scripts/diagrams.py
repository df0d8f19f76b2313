"""Diagrams of a real deal, drawn as SVG at build time.

The engine deals (``load_game(id).new(seed=...)``) and the drawing reads
only ``state.view(...)``, the same JSON a widget gets, so a diagram can never
show a layout the engine would not deal. Which drawing fits is told by the
view's shape: tableau columns (solitaire) or dealt hands (trick games).

Colours are classes, so the site's light and dark themes and its print
stylesheet restyle them; presentation attributes are the fallback.
"""

from dataclasses import dataclass
from xml.sax.saxutils import escape, quoteattr

import rules_engine

CARD_W, CARD_H = 44, 62
SMALL_W, SMALL_H = 40, 56


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
    """A drawing of ``state`` (a deal, or the start of a worked example)."""
    table = state.view(None)["table"]
    if "columns" in table and "foundations" in table:
        return _tableau(table, element_id, title)
    if "facedown" in table and "stock" in table and table.get("phase") == "choose":
        return _face_up_deal(table, element_id, title)
    if "play" in table and "hands" in table["play"]:
        return _hands(state, element_id, title)
    raise DiagramError(f"the build cannot draw {state.spec.name} yet: its view has neither tableau "
                       f"columns nor dealt hands (add a drawing to build_scripts/diagrams.py)")


# ---- pieces ---------------------------------------------------------------------------------

def _card_label(text):
    card = rules_engine.parse_card(text)
    return card.symbol, ("rd-red" if card.is_red else "rd-black"), card.name


def _face(x, y, text, w=CARD_W, h=CARD_H, whole=False, stacked=False):
    """A face-up card. Its index (rank and suit) sits in the top-left corner,
    on one line for cards overlapped from above (columns) or rank over suit
    for cards overlapped from the side (a fanned hand)."""
    symbol, colour, name = _card_label(text)
    rank, suit = symbol[:-1], symbol[-1]
    fill = "#b3261e" if colour == "rd-red" else "#1b1b1b"
    font = f'class="rd-index {colour}" fill="{fill}" font-size="13" font-weight="600"'
    parts = [
        f'<g class="rd-face" aria-label={quoteattr(name)}>',
        f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="4" class="rd-card" fill="#ffffff" stroke="#777"/>',
    ]
    if stacked:
        middle = x + 9 if len(rank) == 1 else x + 10
        parts.append(f'<text x="{middle}" y="{y + 14}" text-anchor="middle" {font}>{escape(rank)}</text>')
        parts.append(f'<text x="{x + 9}" y="{y + 28}" text-anchor="middle" {font}>{escape(suit)}</text>')
    else:
        parts.append(f'<text x="{x + 4}" y="{y + 15}" {font}>{escape(symbol)}</text>')
    if whole:
        parts.append(f'<text x="{x + w / 2 + (4 if stacked else 0)}" y="{y + h / 2 + 12}" class="rd-pip {colour}" '
                     f'fill="{fill}" font-size="24" text-anchor="middle">{escape(suit)}</text>')
    parts.append("</g>")
    return "".join(parts)


def _back(x, y, w=CARD_W, h=CARD_H):
    return (f'<g class="rd-down"><rect x="{x}" y="{y}" width="{w}" height="{h}" rx="4" class="rd-back" '
            f'fill="#3949ab" stroke="#777"/><rect x="{x + 4}" y="{y + 4}" width="{w - 8}" height="{h - 8}" '
            f'rx="2" class="rd-back-inner" fill="none" stroke="#c5cae9"/></g>')


def _slot(x, y, label):
    return (f'<rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="4" class="rd-slot" fill="none" '
            f'stroke="#999" stroke-dasharray="4 3"/><text x="{x + CARD_W / 2}" y="{y + CARD_H / 2 + 8}" '
            f'class="rd-slot-label" fill="#999" font-size="22" text-anchor="middle">{escape(label)}</text>')


def _label(x, y, text, anchor="start"):
    return (f'<text x="{x}" y="{y}" class="rd-label" fill="#555" font-size="12" '
            f'text-anchor="{anchor}">{escape(text)}</text>')


def _svg(width, height, element_id, title, description, body):
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" '
        f'height="{height}" role="img" class="rules-diagram__svg" '
        f'aria-labelledby="{element_id}-title {element_id}-desc" font-family="system-ui, sans-serif">'
        f'<title id="{element_id}-title">{escape(title)}</title>'
        f'<desc id="{element_id}-desc">{escape(description)}</desc>'
        + "".join(body) + "</svg>"
    )


def _symbols(texts):
    return " ".join(_card_label(text)[0] for text in texts)


# ---- a solitaire tableau -------------------------------------------------------------------------

def _tableau(table, element_id, title):
    columns, foundations = table["columns"], table["foundations"]
    margin, pitch, down_step, up_step = 12, CARD_W + 10, 8, 22
    width = 2 * margin + (len(columns) - 1) * pitch + CARD_W
    body = []
    first_slot = len(columns) - len(foundations)
    body.append(_label(margin + first_slot * pitch, 16, "Foundations"))
    for i, (suit, pile) in enumerate(foundations.items()):
        x = margin + (first_slot + i) * pitch
        symbol = rules_engine.cards.SUIT_SYMBOLS[suit]
        body.append(_face(x, 24, pile[-1], whole=True) if pile else _slot(x, 24, symbol))
    top = 24 + CARD_H + 28
    height = top
    lines = []
    for number, column in enumerate(columns, 1):
        x = margin + (number - 1) * pitch
        body.append(_label(x + CARD_W / 2, top - 8, f"{number}", anchor="middle"))
        y = top
        down = [card for card in column["down"]]
        for _ in down:
            body.append(_back(x, y))
            y += down_step
        for index, card in enumerate(column["up"]):
            body.append(_face(x, y, card, whole=index == len(column["up"]) - 1))
            y += up_step
        height = max(height, y - up_step + CARD_H if column["up"] else y + CARD_H)
        hidden = f"{len(down)} face down, then " if down else ""
        lines.append(f"column {number}: {hidden}{_symbols(column['up']) or 'empty'}")
    description = ("Tableau, the top card of each column last. " + "; ".join(lines)
                   + ". " + _foundations_text(foundations))
    svg = _svg(width, height + margin, element_id, title, description, body)
    return Diagram(svg=svg, title=title, description=description)


# ---- hands dealt around a table ------------------------------------------------------------------

def _foundations_text(foundations):
    built = [f"{_card_label(pile[-1])[0]}" for pile in foundations.values() if pile]
    if not built:
        return "The foundations are empty."
    return "The foundations are built up to " + ", ".join(built) + "."


def _hands(state, element_id, title):
    seats = state.seats
    hands = [state.view(seat)["table"]["play"]["hands"][seat] for seat in range(seats)]
    table = state.view(None)["table"]
    dealer, leader = table.get("dealer"), table["play"].get("leader")
    step = 21
    hand_width = (max(map(len, hands)) - 1) * step + SMALL_W
    margin, gap, row = 12, 24, SMALL_H + 38

    def roles(seat):
        words = [f"Seat {seat}"]
        if seat == dealer:
            words.append("deals")
        if seat == leader:
            words.append("leads")
        return " · ".join(words)

    if seats == 4:
        # Seat 0 at the bottom; play goes to the left, so round the table clockwise.
        width = 2 * margin + 2 * hand_width + gap
        places = {0: ((width - hand_width) / 2, 2), 1: (margin, 1),
                  2: ((width - hand_width) / 2, 0), 3: (width - margin - hand_width, 1)}
    else:
        width = 2 * margin + hand_width
        places = {seat: (margin, seat) for seat in range(seats)}
    rows = max(r for _, r in places.values()) + 1
    body = []
    for seat, cards in enumerate(hands):
        x, r = places[seat]
        y = margin + r * row
        body.append(_label(x, y + 10, roles(seat)))
        for index, card in enumerate(cards):
            body.append(_face(x + index * step, y + 18, card, SMALL_W, SMALL_H,
                              whole=index == len(cards) - 1, stacked=True))
    lines = [f"{roles(seat)}: {_symbols(cards)}" for seat, cards in enumerate(hands)]
    # King finds its first dealer by turning cards up until the K♥ appears.
    turned = table.get("first_dealer_turned")
    intro = ""
    if turned and table.get("hand_number") == 1:
        intro = f"Cards were turned up until the K♥ reached seat {dealer}, the first dealer, after {turned} cards. "
    description = intro + "; ".join(lines) + "."
    svg = _svg(width, margin + rows * row, element_id, title, description, body)
    return Diagram(svg=svg, title=title, description=description)


# ---- a solitaire deal of face-down cards, face-up cards and a stock (Bridge Solitaire) --------------

def _face_up_deal(table, element_id, title):
    facedown, faceup, stock = table["facedown"], table["play"]["hands"][0], table["stock"]
    step, margin, gap = 21, 12, 24
    width = 2 * margin + (len(faceup) - 1) * step + SMALL_W
    row = SMALL_H + 38
    down_label = f"Face down: {len(facedown)} cards"
    body = [_label(margin, margin + 10, down_label)]
    body += [_back(margin + i * 6, margin + 18, SMALL_W, SMALL_H) for i in range(len(facedown))]
    # The stock starts past both the face-down pile and its label (about 7 px a character at 12 px).
    x = margin + max((len(facedown) - 1) * 6 + SMALL_W, 7 * len(down_label)) + gap
    body.append(_label(x, margin + 10, f"Stock: {stock} cards"))
    body += [_back(x + i * 2, margin + 18, SMALL_W, SMALL_H) for i in range(stock)]
    y = margin + row
    body.append(_label(margin, y + 10, "Face up"))
    for index, card in enumerate(faceup):
        body.append(_face(margin + index * step, y + 18, card, SMALL_W, SMALL_H,
                          whole=index == len(faceup) - 1, stacked=True))
    width = max(width, x + (stock - 1) * 2 + SMALL_W + margin)
    description = (f"{len(facedown)} cards face down, {stock} in the stock, and face up: "
                   f"{_symbols(faceup)}.")
    svg = _svg(width, margin + 2 * row, element_id, title, description, body)
    return Diagram(svg=svg, title=title, description=description)
