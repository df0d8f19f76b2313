"""The table description: what lies on the table for one seat, in terms every
family shares, so that one renderer per medium (text, SVG, DOM) draws any game.

``state.table(seat)`` returns a JSON-ready dict::

    {"game": "<id>", "name": "<name>", "seat": 0, "seats": 4, "to_act": 1, "is_over": False,
     # "to_act" is None before the end when this seat cannot know who is to act; then
     "waiting": "the holder of the Q♥",     # says for what the table waits
     "players": ["Seat 0", ...],            # a name per seat
     "dealer": 3,                           # the dealer's seat, or None
     "headline": {"title": "Hand 3 of 10: No queens", "facts": ["Dealer: seat 1", ...]},
     "zones": [zone, ...],                  # see zone() below
     "moves": [{"move": "play QS", "card": ["hand-0", 4], "to": None}, ...],
     # a move that makes a choice once its card is picked has its words as "choice":
     # {"move": "play 8S call hearts", "card": ["hand-0", 2], "to": None, "choice": "call hearts"}
     # a move no card starts may have the words of its button as "label":
     # {"move": "rule club-even", "card": None, "to": None, "label": "Add the rule: after a club, ..."}
     # moves built from several cards (a meld) are listed with "built": True and no card; then
     "selection": {"selectable": [...], "picked": [...], "target": None, "next": [...],
                   "targets": ["meld-2"], "finish": [{"move": "meld 5H 6H 7H", "button": "Meld"}],
                   "refused": None or {"reason", "rule"}, "places": {"5H": [["hand-0", 3]], ...}},
     "score": {...} or None,                # see score_sheet() below
     "last": "Seat 2 wins the trick with the K♥." or None,
     "result": "Seat 1 wins with 450." or None,
     "interlude": {"title": ..., "ended": ..., "zones": [...], "lines": [...], "unit": "points",
                   "breakdown": [...], "bonuses": [...] or None} or None}

A zone is a place where cards lie: a seat's hand, a stock, a discard pile, a
tableau column, a foundation, the trick in progress, the last trick, melds, a
stops layout, captured cards, a pool of chips. Its cards are texts, ``??``
for a card whose face this seat cannot see. ``moves`` tells what a click
means: the card that starts each legal move (zone id and index, in a zone
marked ``source``) and the zone that completes it, if any; a move with
neither is offered as a button. Several moves from one card that differ only
by a choice (the suit an 8 calls, the card a joker stands for) each carry the
``choice`` in words: renderers offer the card, then its choices as buttons.
Only the seat to act gets moves.

``interlude`` is set on the state right after a move that ended a hand: the
hand's last trick (or last play) and its result, which renderers show before
the next deal (:func:`hand_end` builds it). ``ended`` says in a sentence what
ended the hand ("Seat 2 is out of cards."); ``zones`` are the cards the rules
show at the end (the last trick, the hands laid down, the won piles);
``lines`` tell what happened and where each player stands. ``breakdown`` is
each scorer's points for the hand, item by item, as the code that scored the
hand added them (:class:`Tally`), so that the items add up to the hand's
row of the score sheet::

    [{"name": "Seat 0 and Seat 2", "seats": [0, 2], "points": 10,
      "items": [{"label": "Most cards", "points": 4, "rule": "scoring.hand", "cards": [],
                 "note": "30 cards"},
                {"label": "Aces", "points": 2, "rule": "scoring.hand", "cards": ["AS", "AC"]}, ...]},
     ...]

An item's ``cards`` are cards every seat has seen by the hand's end (played,
captured, laid down or shown), ``note`` (optional) what a count stands for;
``unit`` names what the points count (``points``, ``chips``, ``tokens``).
``bonuses``, once the game is over, has the same shape: the bonuses its end
adds to the totals (a knock rummy's 25 for each hand won and 100 for the
game).
"""

import re
from collections import Counter

from .cards import HIDDEN, parse_card

LAYOUTS = ("fan", "row", "squared", "column", "trick", "grid")
KINDS = ("hand", "stock", "discard", "column", "foundation", "trick", "last-trick", "meld", "layout",
         "captured", "pool", "set-aside")
BACKS = ("down", "hidden")
# The kinds of zone that moves start from unless a zone says otherwise: a player picks a card
# from a hand or a tableau column, never from a trick, a pile played to or a layout built on.
SOURCE_KINDS = ("hand", "column")


def zone(zone_id, label, cards=(), *, kind, layout="row", owner=None, group=None, backs="down",
         by=None, labels=None, winner=None, note=None, chips=None, empty=None, tries=None, source=None,
         whole=False):
    """One zone of the table.

    ``cards`` are card texts or Cards, bottom (or first) to top; ``??`` is a
    card this seat cannot see: ``backs`` says whether it lies face ``down``
    (no one sees it) or is ``hidden`` in another seat's hand. ``owner`` is the
    seat the zone belongs to (drawn at that seat's place), or None for the
    middle of the table, where zones of one ``group`` share a band.
    ``layout``: ``fan`` (overlapping, a hand), ``row`` (side by side),
    ``squared`` (a pile: its top and a count), ``column`` (overlapping
    downwards, a tableau), ``trick`` (each card towards the seat in ``by``
    that played it), ``grid`` (rows of a layout). ``labels`` names each card's
    player in words; ``winner`` is the index of the card that takes a trick;
    ``empty`` is what an empty zone shows (a suit symbol, "K"); ``tries`` is
    the move a click on a card without a legal move attempts (``play {card}``),
    so that the engine can say why it is refused. ``source``: whether moves
    start from this zone's cards (by default, for a hand or a tableau column);
    renderers let its owner (anyone, for a zone of the middle) pick its
    face-up cards even when none starts a move now, and no other card but
    one that does. ``whole``: the zone's cards are one item, taken only together (a build): a
    click on any of them picks them all for a move built card by card.
    """
    assert kind in KINDS and layout in LAYOUTS and backs in BACKS, (kind, layout, backs)
    out = {"id": zone_id, "label": label, "kind": kind, "layout": layout, "owner": owner,
           "cards": [c if isinstance(c, str) else c.text for c in cards]}
    for key, value in (("group", group), ("by", by), ("labels", labels), ("winner", winner),
                       ("note", note), ("chips", chips), ("empty", empty), ("tries", tries)):
        if value is not None:
            out[key] = list(value) if key in ("by", "labels") else value
    if HIDDEN in out["cards"]:
        out["backs"] = backs
    if kind in SOURCE_KINDS if source is None else source:
        out["source"] = True
    if whole:
        out["whole"] = True
    return out


class Tally:
    """A hand's score item by item, for each of ``scorers`` columns (players, or sides): the
    scoring code adds each item as it scores it, and the hand's points are the items' sums, so
    the hand's end shows exactly what was scored."""

    def __init__(self, scorers):
        self.items = tuple([] for _ in range(scorers))

    def add(self, scorer, label, points, rule, cards=(), note=None):
        """One item: ``points`` (may be 0, shown as scored nothing) under ``rule``, with the
        ``cards`` behind it (shown to every seat by the hand's end) and a ``note`` on a count."""
        item = {"label": label, "points": points, "rule": rule, "cards": [getattr(c, "text", c) for c in cards]}
        if note:
            item["note"] = note
        self.items[scorer].append(item)
        return points

    @property
    def points(self):
        return tuple(sum(item["points"] for item in items) for items in self.items)

    def breakdown(self, names, members=None):
        """JSON-ready, as the hand's end shows it: for each scorer its ``name``, its ``seats``
        (``members(scorer)``: the seats of a side) and its items."""
        return [{"name": names[s], "seats": list(members(s) if members else [s]), "points": points,
                 "items": [dict(item, cards=list(item["cards"])) for item in items]}
                for s, (points, items) in enumerate(zip(self.points, self.items))]


def hand_end(title, lines=(), *, zones=(), totals=(), ended=None, state=None, unit="points"):
    """A hand's end as the table describes it (``interlude``): its ``title``, the sentence of
    what ended it (``ended``), the ``zones`` shown, its ``lines`` (each told as a sentence,
    capitalised) and the players' ``totals`` after it, and, from ``state``, the breakdown of the
    hand's score its scoring code kept (``state.hand_tally``) and the bonuses of the game's end."""
    breakdown = state.__dict__.get("hand_tally") if state is not None else None
    bonuses = state.__dict__.get("end_bonuses") if state is not None else None
    return {"title": title, "ended": ended and ended[0].upper() + ended[1:].rstrip(".") + ".", "zones": list(zones),
            "lines": [line[0].upper() + line[1:] for line in lines if line] + list(totals),
            "unit": unit, "breakdown": breakdown or [], "bonuses": bonuses}


class GameEnd:
    """The end of a game of one hand, explained: mixed in before ``State``. The move that ends
    the game keeps its score item by item (``hand_tally``), as the game's ``_tally_end(tally)``
    adds each item to each seat's column (the cards it counts, under its scoring rule), so that
    the items add up to the scores; ``_end_interlude(zones)`` is then the table's ``interlude``,
    with what ended the game (``_ended()``) and the ``zones`` shown."""

    END_UNIT = "points"

    def apply(self, move, seat=None, comment=None):
        new = super().apply(move, seat=seat, comment=comment)
        if new.is_over:
            tally = Tally(new.seats)
            new._tally_end(tally)
            new.hand_tally = tally.breakdown(new.player_names())
        return new

    def _end_interlude(self, zones, lines=()):
        """The game's end, right after the move that ended it (None before)."""
        if "hand_tally" not in self.__dict__:
            return None
        return hand_end(self._end_title(), lines, zones=zones, ended=self._ended(), state=self, unit=self.END_UNIT)

    def _end_title(self):
        return "End of the game"


def tally_first_out(tally, held, winners, at_limit="Fewest cards at the limit", rule="scoring.winner"):
    """The score of a game that the first player out of cards wins (1, the others nothing) or,
    stopped at its limit, those holding the fewest (``at_limit``): each seat's item, with the
    cards it still holds (``held``, counted: they are not shown)."""
    for seat, count in enumerate(held):
        note = plural(count, "card") if count else None
        if seat not in winners:
            tally.add(seat, "Still holding cards", 0, rule, note=note)
        else:
            tally.add(seat, at_limit if count else "Out of cards first", 1, rule, note=note)


def shown(cards, visible):
    """``cards`` as texts if ``visible``, else as backs."""
    return [c.text for c in cards] if visible else [HIDDEN] * len(cards)


def score_sheet(columns, rows=(), totals=(), caption="Score sheet", target=None):
    """A score sheet: a row per hand (``(label, cells)``; a cell may be None
    for nothing scored), rows of totals, and the game's target or length."""
    def row(label, cells):
        return {"label": label, "cells": list(cells)}
    return {"caption": caption, "columns": list(columns), "rows": [row(*r) for r in rows],
            "totals": [row(*r) for r in totals], "target": target}


def headline(title, *facts):
    return {"title": title, "facts": [f for f in facts if f]}


def signed(points):
    """Points as a reader writes them: ``+25``, ``−30`` (a real minus), ``0``."""
    return f"−{-points}" if points < 0 else f"+{points}" if points > 0 else "0"


def plain(points):
    """A number as a reader writes it, with a real minus and no plus: ``−30``, ``0``, ``25``."""
    return f"−{-points}" if points < 0 else str(points)


def plural(n, word):
    """A count with its noun: ``1 card``, ``0 cards``, ``3 cards``."""
    return f"{plain(n)} {word}{'' if n == 1 else 's'}"


def article(word):
    """``word`` after ``a`` or ``an`` as it is said: ``an ace``, ``an 8``, ``an A``, ``a king``, ``a 7``."""
    spoken_vowel = word[:1].lower() in "aeio" or word[:1] == "8" or word in ("11", "18")
    return f"{'an' if spoken_vowel else 'a'} {word}"


# Words that follow a player's name as the subject of a sentence, and those the same for "you".
SECOND_PERSON = {"is": "are", "has": "have", "does": "do", "was": "were", "isn't": "aren't", "hasn't": "haven't",
                 "doesn't": "don't", "wasn't": "weren't"}
KEPT_AFTER_YOU = {"must", "may", "can", "cannot", "could", "might", "will", "would", "should", "already", "only",
                  "first", "still", "also", "never", "now", "just", "then", "no", "not"}
ADDRESSED_PRONOUNS = {"their own": "your own", "theirs": "yours", "themselves": "yourself", "they": "you"}
# The verbs of a turn that a refusal strings after its subject ("Seat 0 has drawn and now discards,
# or knocks"): after "you" they agree with it too, wherever a word of ``STRUNG_AFTER`` leads them.
TURN_VERBS = ("bids|calls|discards|draws|follows|gives|keeps|knocks|lays|leads|melds|passes|picks|plays|sets|sits|"
              "stakes|takes|wagers|is|has")
STRUNG_AFTER = re.compile(rf"\b(or|and|then|now|first|,) ({TURN_VERBS})\b")


def addressed(reason, name):
    """A refusal's ``reason`` worded for the player ``name`` who tried the move: ``Seat 0 does not
    hold the 5♠`` -> ``you do not hold the 5♠``, ``Seat 0's build`` -> ``your build``, ``their own
    turn`` -> ``your own turn``. The verb after the name agrees with "you"; a name that is no
    subject (``pays Seat 0``) becomes "you" as it stands.

    >>> addressed("Seat 1 already has a wager on the 5♦", "Seat 1")
    'you already have a wager on the 5♦'
    >>> addressed("Seat 0 may move only the top of their own pile, not Seat 10's", "Seat 0")
    "you may move only the top of your own pile, not Seat 10's"
    """
    pattern = re.compile(rf"(^|[,:;] |(?<![\w'])){re.escape(name)}(?![\w])('s)?( [\w']+)*")
    if name.lower() == "you" or not pattern.search(reason):
        return reason

    def to_you(match):
        before, rest = match.group(1), match.group(0)[len(match.group(1)) + len(name):]
        if match.group(2):
            return before + "your" + rest[2:]
        words = rest.split(" ")[1:]
        if not before and match.start():   # not the subject of a clause: "pays Seat 0 3 chips"
            return " ".join(["you", *words])
        out = []
        for i, word in enumerate(words):
            if word in KEPT_AFTER_YOU:
                out.append(word)
                continue
            if word in SECOND_PERSON:
                out.append(SECOND_PERSON[word])
            elif i == len(out) and re.fullmatch(r"[a-z]+s", word) and not word.endswith("ss"):
                out.append(_base_form(word))
            else:
                out.append(word)
            out += words[i + 1:]
            break
        return before + " ".join(["you", *out])

    text = pattern.sub(to_you, reason)
    text = STRUNG_AFTER.sub(lambda m: f"{m.group(1)} {SECOND_PERSON.get(m.group(2)) or _base_form(m.group(2))}",
                            text).replace(" , ", ", ")
    for theirs, yours in ADDRESSED_PRONOUNS.items():
        text = re.sub(rf"\b{theirs}\b", yours, text)
    return text


def _base_form(verb):
    """The verb a third person's ``verb`` is for "you": ``holds`` -> ``hold``, ``carries`` -> ``carry``."""
    if verb.endswith("ies"):
        return verb[:-3] + "y"
    if verb.endswith(("ches", "shes", "sses", "xes", "zes", "oes")):
        return verb[:-2]
    return verb[:-1]


def symbol(text):
    return text if text == HIDDEN else parse_card(text).symbol


def card_moves(state, table):
    """What a click means, for the seat to act: each legal move with the card
    that starts it (found in the zones, or by the game's ``_click_source``)
    and the zone that completes it (the game's ``_click_target``)."""
    where = {}
    for z in table["zones"]:
        for index, text in enumerate(z["cards"]):
            if text != HIDDEN:
                where.setdefault(text, [z["id"], index])
    out = []
    for move in state.legal_moves():
        if state._built(move) is not None:
            # Built from several cards, picked one by one: "selection" tells the renderers how.
            out.append({"move": move.text, "card": None, "to": None, "built": True})
            continue
        source = state._click_source(move, where)
        click = {"move": move.text, "card": source, "to": state._click_target(move, table) if source else None}
        choice = state._click_choice(move) if source else None
        if choice is not None:
            click["choice"] = choice
        words = None if source else state._button_words(move)
        if words is not None:
            click["label"] = words
        out.append(click)
    return out


def check(table, deck, hidden=(), whole=False):
    """Problems with a description, as sentences (none: it is sound): no card
    shows more often than the ``deck`` (card texts) holds it less the
    ``hidden`` ones; ``whole``: every card of the deck lies in exactly one zone."""
    problems = []
    ids = [z["id"] for z in table["zones"]]
    if len(set(ids)) != len(ids):
        problems.append(f"zone ids repeat: {ids}")
    faces = Counter(c for z in table["zones"] for c in z["cards"] if c != HIDDEN)
    if whole:
        total = sum(len(z["cards"]) for z in table["zones"])
        if total != len(deck):
            problems.append(f"the zones hold {total} cards, not the deck's {len(deck)}")
    allowed = Counter(deck)
    allowed.subtract(getattr(c, "text", c) for c in hidden)
    leaked = sorted(card for card, n in faces.items() if n > allowed[card])
    if leaked:
        problems.append(f"cards show that this seat may not see, or more often than the deck holds them: {leaked}")
    zones = {z["id"]: z for z in table["zones"]}
    for click in table["moves"]:
        if click["card"] is not None:
            zone_id, index = click["card"]
            if zone_id not in zones or not 0 <= index < len(zones[zone_id]["cards"]):
                problems.append(f"{click['move']!r} starts from a card that is not on the table: {click['card']}")
            elif not zones[zone_id].get("source"):
                problems.append(f"{click['move']!r} starts from {zone_id!r}, a zone not marked as a source of moves")
        if click["to"] is not None and click["to"] not in zones:
            problems.append(f"{click['move']!r} ends on a zone that is not on the table: {click['to']}")
    # Moves from one card that end nowhere must be told apart by their choices, or a click could not say which.
    # (The same move listed twice from one card, as two jokers both "play JK", is no ambiguity.)
    ending_nowhere = Counter((tuple(c["card"]), c.get("choice"))
                             for c in {(tuple(c["card"]), c["move"]): c for c in table["moves"]
                                       if c["card"] and not c["to"]}.values())
    for (card, choice), n in ending_nowhere.items():
        if n > 1:
            problems.append(f"{n} moves start from {list(card)} with the same choice {choice!r}: a click cannot tell them apart")
    return problems
