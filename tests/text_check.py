"""The text check: every sentence the engine writes for a table, read as a proofreader would.

``table_texts(table)`` lists the texts of one table description (headline, facts, the last move
and the result, what the table waits for, a hand's end, the score sheet's caption, columns, row
labels, cells and target, and the zones' labels and notes); ``problems(kind, text, sides)`` finds
what is wrong in one of them, as ``(check, excerpt)`` pairs:

- ``doubled punctuation``: ``next.. Seat 3``, ``,,``, ``;.``, a space before a stop (an
  ellipsis of three is meant);
- ``hyphen for minus``: ``-40`` where a real minus sign, ``−40``, belongs;
- ``side with a singular verb``: a partnership named as one (``Seat 0 and Seat 2``,
  ``Ann & Cat``) followed by ``wins``, ``has``, ``takes``…;
- ``number agreement``: ``1 of 52 cards are``, ``1 cards``, ``3 chip``;
- ``doubled parenthetical``: ``(1 for the player who took it) (1 in all)``;
- ``repeated word``, ``a or an``, ``signed zero`` (``+0``), ``spacing``, ``brackets``;
- ``code``: a program's words in a sentence (``points [75, 100]``, ``{'H': ...}``, ``None``);
- ``ending``: the texts that widgets join into sentences keep to one convention: a last move,
  a result and a worked example's commentary are whole sentences (ending in a stop); a title,
  fact, line, label or note is not (the widgets add the stop or the separator).

The tests run it over every state of every golden record and every worked example on the pages
(tests/test_text.py).
"""

import functools
import re

from rules_engine.render import breakdown_lines, cell_text

SENTENCES = ("last", "result", "said", "outcome", "ended")  # whole sentences: they end with a stop
STOPS = ".!?…"

NOUNS = ("card", "chip", "point", "trick", "line", "hand", "move", "heart", "king", "queen", "jack", "ace",
         "erasure", "mark", "game", "player", "step", "seat", "row", "sequence", "deal")
SINGULAR_VERBS = ("wins", "loses", "takes", "has", "is", "was", "scores", "makes", "gets", "pays", "leads",
                  "collects", "accepts", "declines", "bids", "passes", "plays", "goes", "rubs", "erases")
_NOUN = "|".join(NOUNS)
# A number that names something (Seat 1, hand 3, column 2, card 1 of 8) is no count.
_COUNT = r"(?<![\d.,−+\-])(?<![Ss]eat )(?<![Ss]eats )(?<![Hh]and )(?<![Tt]rick )(?<![Cc]olumn )(?<![Cc]ard )(?<![Ss]tep )\b"

CHECKS = [
    ("doubled punctuation", re.compile(r"(?<!\.)\.\.(?!\.)|[,;:]\s*[.,;:!?]|[.!?]\s*[,;:]|\.\s+\.(?!\.)|\s[.,;:!?](?=\s|$)")),
    ("hyphen for minus", re.compile(r"(?<![\w\-−])-\d")),
    ("number agreement", re.compile(
        rf"{_COUNT}1 of \d+ \w+ (?:are|were|have|lie)\b"
        rf"|{_COUNT}1 (?:{_NOUN})s\b"
        rf"|{_COUNT}(?:0|[2-9]|\d\d+) (?:{_NOUN})\b(?![-'’])")),
    ("doubled parenthetical", re.compile(r"\)\s*\(")),
    ("repeated word", re.compile(r"\b([A-Za-z]+) \1\b", re.IGNORECASE)),
    ("a or an", re.compile(r"\ba (?:8|11|18|A[♠♥♦♣]|[aeiAEI][a-z]+)\b|\ban (?:[2-79]|10|J|Q|K|[b-df-gj-np-tv-z][a-z]*)(?![\w♠♥♦♣])")),
    ("signed zero", re.compile(r"(?<![\w.])[+−\-]0\b(?![.,]\d)")),
    ("spacing", re.compile(r"^\s|\s$|\s{2,}")),
    ("code", re.compile(r"[\[\]{}]|\b(?:None|True|False)\b")),
]
_SIDE_VERB = "|".join(SINGULAR_VERBS)
AMPERSAND_SIDE = re.compile(rf"\b[\w.]+(?: [\w.]+)? & [\w.]+(?: \d+)? (?:{_SIDE_VERB})\b")


def sides_of(table):
    """The partnerships a table names: score sheet columns of two or more players."""
    columns = table["score"]["columns"] if table.get("score") else []
    return tuple(sorted(c for c in columns if " and " in c or " & " in c))


@functools.lru_cache(maxsize=None)
def problems(kind, text, sides=()):
    """What is wrong with one text of ``kind`` (see ``table_texts``): ``[(check, excerpt), ...]``."""
    found = []
    for name, pattern in CHECKS:
        for match in pattern.finditer(text):
            found.append((name, _excerpt(text, match)))
    for side in sides:
        for match in re.finditer(rf"\b{re.escape(side)} (?:{_SIDE_VERB})\b", text, re.IGNORECASE):
            found.append(("side with a singular verb", _excerpt(text, match)))
    for match in AMPERSAND_SIDE.finditer(text):
        found.append(("side with a singular verb", _excerpt(text, match)))
    for match in re.finditer(rf"\b[Ss]eats \d+ and \d+ (?:{_SIDE_VERB})\b", text):
        found.append(("side with a singular verb", _excerpt(text, match)))
    if text.count("(") != text.count(")"):
        found.append(("brackets", text))
    if kind in SENTENCES:
        if text and text[-1] not in STOPS:
            found.append(("ending", f"a sentence without its stop: {text}"))
    elif text.endswith(".") and not text.endswith("..."):
        found.append(("ending", f"a {kind} ending in a full stop, which the widgets add: {text}"))
    return found


def _excerpt(text, match, around=30):
    start, end = max(0, match.start() - around), min(len(text), match.end() + around)
    return ("…" if start else "") + text[start:end] + ("…" if end < len(text) else "")


def table_texts(table):
    """Every text of a table description as ``(kind, text)``."""
    out = []
    head = table.get("headline")
    if head:
        out.append(("title", head["title"]))
        out += [("fact", fact) for fact in head["facts"]]
    for key in ("last", "result", "waiting"):
        if table.get(key):
            out.append((key, table[key]))
    part = table.get("interlude")
    if part:
        out.append(("interlude title", part["title"]))
        if part.get("ended"):
            out.append(("ended", part["ended"]))
        out += [("interlude line", line) for line in part["lines"]]
        out += _zone_texts(part["zones"])
        for groups in (part.get("breakdown"), part.get("bonuses")):
            for group in groups or ():
                out.append(("side", group["name"]))
                for item in group["items"]:
                    out.append(("item label", item["label"]))
                    if item.get("note"):
                        out.append(("item note", item["note"]))
            # The breakdown as the renderers word it ("Seat 0: +1 point", "Aces (A♠, 2 aces): +2").
            out += [("breakdown line", line.strip()) for line in breakdown_lines(groups, part.get("unit", "points"))]
    sheet = table.get("score")
    if sheet:
        out.append(("caption", sheet["caption"]))
        out += [("column", column) for column in sheet["columns"]]
        for row in sheet["rows"] + sheet["totals"]:
            out.append(("row label", row["label"]))
            out += [("cell", cell_text(cell)) for cell in row["cells"] if cell is not None]
        if sheet.get("target"):
            out.append(("target", sheet["target"]))
    out += _zone_texts(table["zones"])
    return out


def _zone_texts(zones):
    out = []
    for z in zones:
        out.append(("zone label", z["label"]))
        if z.get("note"):
            out.append(("zone note", z["note"]))
        out += [("card label", label) for label in z.get("labels") or ()]
    return out


def table_problems(table, where):
    """Every problem in a table's texts: ``[(check, where, kind, excerpt), ...]``."""
    sides = sides_of(table)
    return [(check, where, kind, excerpt)
            for kind, text in table_texts(table) for check, excerpt in problems(kind, text, sides)]
