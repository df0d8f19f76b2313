"""Read a game's structured rules source (``docs/games/<id>.md``).

The format, documented for authors in ``docs/adding-a-game.md``:

- YAML front matter (see ``frontmatter.py``);
- optional introductory paragraphs, then the fixed sections, as level-2
  headings in this order: Object of the game, Setup, Play, Scoring and end
  of the game, Interpretation notes (level-3 headings may divide them);
- in the sections, every paragraph and list item is a rule and ends with its
  id: ``... of the other colour. {#play.build}``;
- fenced blocks: ``pycon`` (a doctest run against the engine), ``play`` (a
  playable hand), ``example`` (a worked example: a game record) and
  ``diagram`` (a layout the engine deals and the build draws);
- an interpretation note that changes a rule the text states begins with
  ``**Changed from the text:**`` and quotes, in “…”, the few words it departs
  from (``validate.py`` finds them in the game's seed text).

This module checks what can be checked from the text alone; ``validate.py``
adds what needs the engine (cited ids, deals, records, doctests).
"""

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from markdown_it import MarkdownIt
from mdit_py_plugins.front_matter import front_matter_plugin

from rules_engine.errors import quote

from . import lessons
from .errors import SourceError
from .frontmatter import read_front_matter

# (anchor, heading) of the fixed sections, in order.
SECTIONS = (
    ("object", "Object of the game"),
    ("setup", "Setup"),
    ("play", "Play"),
    ("scoring", "Scoring and end of the game"),
    ("interpretation", "Interpretation notes"),
)
SECTION_BY_TITLE = {title: key for key, title in SECTIONS}
INTERPRETATION = "interpretation"
# An interpretation note that departs from what the text states opens with these words,
# and quotes the text's own words it departs from, in curly quotes, a few at most.
DEPARTURE = "**Changed from the text:**"
QUOTATION = re.compile(r"“([^“”]*)”")
MAX_QUOTED_WORDS = 12

# Lowercase words joined by "-", at least two parts joined by ".": play.follow-suit.
RULE_ID = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)+")
TRAILING_ATTRS = re.compile(r"\s*\{([^{}]*)\}\s*$")
WIDGET_ID = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*")

FENCE_KINDS = {
    "pycon": "a doctest: a Python session run against the engine at every build",
    "play": "a playable hand",
    "example": "a worked example: a game record the build replays",
    "diagram": "a layout the engine deals and the build draws",
    "lesson": "a hand played with the reader, step by step (build_scripts/lessons.py)",
}
# Option types: "int", "text", "id", or a tuple of the allowed words.
FENCE_OPTIONS = {
    "play": {"id": "id", "seed": "int", "seats": "int", "seat": "int"},
    "diagram": {"id": "id", "layout": ("deal",), "seed": "int", "seats": "int", "caption": "text"},
}
REQUIRED_OPTIONS = {"diagram": ("layout", "seed")}


@dataclass
class Rule:
    id: str
    section: str
    line: int          # the line that carries the id (the paragraph's last)
    first_line: int
    last_index: int    # 0-based index of that line in the source
    indent: int        # column where the paragraph's text starts
    departure: bool = False   # a note that changes a rule the text states


@dataclass
class Quotation:
    """Words a note changed from the text quotes from it."""
    rule_id: str
    line: int
    words: str


@dataclass
class Fence:
    kind: str
    line: int          # the opening fence's line
    end_index: int     # 0-based index just past the closing fence
    body: str
    options: dict = field(default_factory=dict)
    option_lines: dict = field(default_factory=dict)
    game_options: dict = field(default_factory=dict)   # a playable hand's options for the game
    id: str = ""
    # What the engine made of the block while it was checked (a drawing, a
    # replayed record), kept so the page is rendered from the checked result.
    artifact: object = None
    lesson: object = None   # a lesson block's steps, as read (build_scripts/lessons.py)

    @property
    def body_line(self):
        return self.line + 1


@dataclass
class Heading:
    level: int
    text: str
    line: int
    section: str = None  # the section's anchor for a fixed section's heading


@dataclass
class GameSource:
    path: str
    game_id: str
    text: str
    front_matter: dict = field(default_factory=dict)
    front_matter_lines: dict = field(default_factory=dict)
    body_start: int = 0            # 0-based index of the first line after the front matter
    headings: list = field(default_factory=list)
    rules: list = field(default_factory=list)
    fences: list = field(default_factory=list)
    quotations: list = field(default_factory=list)
    links: list = field(default_factory=list)      # (line, href) of every Markdown link
    errors: list = field(default_factory=list)
    notices: list = field(default_factory=list)  # checks skipped, and why
    timings: dict = field(default_factory=dict)  # seconds per check, for the benchmark
    stamp: int = 0                 # the file's modification time (ns) when it was checked

    @property
    def lines(self):
        return self.text.splitlines()

    @property
    def rule_ids(self):
        return {rule.id for rule in self.rules}

    def error(self, line, message):
        self.errors.append(SourceError(self.path, line, message))


def markdown_parser():
    """The CommonMark parser shared by the checks (tables on, like the site)."""
    return MarkdownIt("commonmark").use(front_matter_plugin).enable("table")


def parse_source(path, text=None, game_id=None):
    """A :class:`GameSource` for ``path`` with its syntax errors listed in
    ``.errors``; the game's id is the file's name unless given."""
    path = str(path)
    if text is None:
        text = Path(path).read_text(encoding="utf-8")
    source = GameSource(path=path, game_id=game_id or Path(path).stem, text=text)
    tokens = markdown_parser().parse(text)
    lines = text.splitlines()
    _read_front_matter(source, tokens)
    _read_body(source, tokens, lines)
    return source


def _read_front_matter(source, tokens):
    if not tokens or tokens[0].type != "front_matter":
        source.error(1, "the source must start with YAML front matter between '---' lines (origin, aliases, related)")
        return
    token = tokens[0]
    source.body_start = token.map[1]
    data, key_lines, problems = read_front_matter(token.content, first_line=token.map[0] + 2)
    source.front_matter, source.front_matter_lines = data, key_lines
    for line, message in problems:
        source.error(line, message)


def _read_body(source, tokens, lines):
    section = None
    seen_sections = []
    counters = {}
    for index, token in enumerate(tokens):
        line = token.map[0] + 1 if token.map else None
        if token.type == "inline":
            source.links += _links(token)
        if token.type == "heading_open":
            section = _read_heading(source, token, tokens[index + 1], seen_sections, section)
        elif token.type == "paragraph_open":
            _read_paragraph(source, tokens[index + 1], lines, section)
        elif token.type == "fence":
            _read_fence(source, token, lines, counters)
        elif token.type == "code_block":
            source.error(line, "indented code is not allowed on a game page: if this is a list item's "
                               "text, indent it to line up with the item; if it is code, use a fenced block")
        elif token.type == "blockquote_open":
            # A rule's id is moved to a line of its own when the page is rendered,
            # which a quote's '>' markers would not survive.
            source.error(line, "quotes are not allowed on a game page: state the rule as a paragraph")
        elif token.type == "html_block" and not token.content.strip().startswith("<!--"):
            source.error(line, "raw HTML is not allowed on a game page: use Markdown and the fenced blocks "
                               "(play, example, diagram)")
    _check_sections(source, seen_sections, lines)


def _links(inline):
    """``(line, href)`` of each link in an inline token, on the line it stands on."""
    line, found = inline.map[0] + 1, []
    for child in inline.children or ():
        if child.type in ("softbreak", "hardbreak"):
            line += 1
        elif child.type == "link_open":
            found.append((line, child.attrGet("href") or ""))
    return found


def _read_heading(source, token, inline, seen_sections, section):
    line = token.map[0] + 1
    level = int(token.tag[1])
    text = inline.content.strip()
    if TRAILING_ATTRS.search(text):
        source.error(line, "headings take no id: the sections have fixed anchors, and subsections take theirs "
                           "from their text")
        text = TRAILING_ATTRS.sub("", text)
    heading = Heading(level, text, line)
    source.headings.append(heading)
    if level == 1:
        source.error(line, "a game page has no level-1 heading: its title is the game's name, taken from the engine")
    elif level == 2:
        key = SECTION_BY_TITLE.get(text)
        if key is None:
            titles = ", ".join(f"'{title}'" for _, title in SECTIONS)
            source.error(line, f"unknown section '{text}': the sections are, in order, {titles} "
                               f"(use '###' for a subsection)")
            return section
        heading.section = key
        seen_sections.append((key, line))
        return key
    elif section is None:
        source.error(line, f"'{text}' comes before the first section '## {SECTIONS[0][1]}'")
    return section


def _read_paragraph(source, inline, lines, section):
    first, end = inline.map
    match = TRAILING_ATTRS.search(inline.content)
    if section is None:
        if match:
            source.error(end, "a rule id outside the sections: rules belong under "
                              f"'## {SECTIONS[0][1]}' and the sections after it")
        return
    if match is None:
        source.error(first + 1, "rule paragraph has no id: end it with one, like {#play.follow-suit}")
        return
    attrs = match.group(1).strip()
    rule_id = attrs[1:] if attrs.startswith("#") else None
    if rule_id is None or not RULE_ID.fullmatch(rule_id):
        source.error(end, f"malformed rule id {{{attrs}}}: write {{#section.name}}, lowercase words joined "
                          f"by '-' and at least one '.', like {{#play.follow-suit}}")
        return
    earlier = next((rule for rule in source.rules if rule.id == rule_id), None)
    if earlier is not None:
        source.error(end, f"duplicate rule id '{rule_id}': line {earlier.line} has it already")
        return
    is_note = rule_id.startswith(INTERPRETATION + ".")
    if section == INTERPRETATION and not is_note:
        source.error(end, f"rule '{rule_id}' is an interpretation note: its id must start with 'interpretation.'")
    elif section != INTERPRETATION and is_note:
        source.error(end, f"rule '{rule_id}' belongs under '## Interpretation notes'")
    source.rules.append(Rule(
        id=rule_id, section=section, line=end, first_line=first + 1,
        last_index=end - 1, indent=_content_indent(lines[first]),
        departure=section == INTERPRETATION and DEPARTURE in inline.content,
    ))
    if DEPARTURE in inline.content:
        _read_departure(source, source.rules[-1], inline.content)


def _read_departure(source, rule, text):
    """A note that changes the text's rule: it says so first, then quotes the words it departs from."""
    if rule.section != INTERPRETATION:
        source.error(rule.first_line, f"'{DEPARTURE}' marks an interpretation note: state the text's rule "
                                      f"here and move the change, with its reason, under '## Interpretation notes'")
        return
    if not text.startswith(DEPARTURE):
        source.error(rule.first_line, f"a note that changes the text's rule begins with '{DEPARTURE}'")
    if text.count("“") != text.count("”"):
        source.error(rule.first_line, "a quotation opened with “ is not closed with ”, or the other way round")
        return
    quoted = list(QUOTATION.finditer(text))
    if not quoted:
        source.error(rule.first_line, "a note changed from the text quotes, in “…”, the few words of the "
                                      "text it departs from")
    for match in quoted:
        line = rule.first_line + text.count("\n", 0, match.start())
        words = match.group(1).split()
        if not words:
            source.error(line, "an empty quotation: quote the words of the text this note departs from")
        elif len(words) > MAX_QUOTED_WORDS:
            source.error(line, f"a quotation of {len(words)} words: quote only the few words this note departs "
                               f"from, {MAX_QUOTED_WORDS} at most, and say the rest in our own words")
        else:
            source.quotations.append(Quotation(rule.id, line, " ".join(words)))


def _content_indent(line):
    """The column where a paragraph's text starts, past any list markers."""
    return re.match(r"(?:\s*(?:[-*+]|\d+[.)])\s+|\s+)*", line).end()


def _read_fence(source, token, lines, counters):
    line = token.map[0] + 1
    info = token.info.strip()
    kind = info.split()[0] if info else ""
    closing = lines[token.map[1] - 1].strip() if token.map[1] - 1 > token.map[0] else ""
    if not (closing.startswith(token.markup) and set(closing) == {token.markup[0]}):
        source.error(line, f"the fenced block opened here is never closed with {token.markup}")
    if kind not in FENCE_KINDS:
        kinds = "; ".join(f"'{name}' ({meaning})" for name, meaning in FENCE_KINDS.items())
        shown = f"'{kind}'" if kind else "with no kind"
        source.error(line, f"unknown fence kind {shown}: a game page's fenced blocks are {kinds}")
        return
    if token.level > 0 or lines[token.map[0]][:1].isspace():
        # The build replaces whole blocks by line; inside a list or a quote
        # that would cut the surrounding Markdown in two.
        source.error(line, f"a {kind} block must start at the left margin, outside lists and quotes")
    if info != kind:
        source.error(line, f"write '{kind}' alone after the fence: options go inside the block, one "
                           f"'key: value' a line")
    counters[kind] = counters.get(kind, 0) + 1
    fence = Fence(kind=kind, line=line, end_index=token.map[1], body=token.content, id=f"{kind}-{counters[kind]}")
    if kind in FENCE_OPTIONS:
        _read_options(source, fence)
    if kind == "lesson":
        fence.lesson = lessons.parse(fence.body, fence.body_line, source.error)
        if "id" in fence.lesson.header:
            fence.id = fence.lesson.header["id"]
    if any(other.id == fence.id for other in source.fences):
        source.error(fence.option_lines.get("id", line), f"duplicate block id '{fence.id}' on this page")
    source.fences.append(fence)


def _read_options(source, fence):
    allowed = FENCE_OPTIONS[fence.kind]
    given = set()  # keys written, even with a bad value, so a bad value is not also "missing"
    for offset, raw in enumerate(fence.body.splitlines()):
        line = fence.body_line + offset
        text = raw.strip()
        if not text or text.startswith("#"):
            continue
        key, colon, value = text.partition(":")
        key, value = key.strip(), value.strip()
        if not colon or not key:
            source.error(line, f"expected 'key: value' in a {fence.kind} block, got {quote(text, 80)}")
            continue
        if key.startswith("option ") and fence.kind == "play":
            _read_game_option(source, fence, line, key[len("option "):].strip(), value)
            continue
        if key not in allowed:
            names = ", ".join(allowed)
            source.error(line, f"unknown option '{key}' for a {fence.kind} block: its options are {names}")
            continue
        if key in given:
            source.error(line, f"option '{key}' is given twice")
            continue
        given.add(key)
        parsed, problem = _parse_option(allowed[key], value)
        if problem:
            source.error(line, f"option '{key}' {problem}")
            continue
        fence.options[key] = parsed
        fence.option_lines[key] = line
    for key in REQUIRED_OPTIONS.get(fence.kind, ()):
        if key not in given:
            source.error(fence.line, f"a {fence.kind} block needs '{key}:'")
    if "id" in fence.options:
        fence.id = fence.options["id"]


def _read_game_option(source, fence, line, name, value):
    """A game option of a playable hand, written as in a record: ``option first_hand: 7``
    (the value in JSON); the validator checks it against the engine's spec."""
    try:
        parsed = json.loads(value)
    except ValueError:
        source.error(line, f"option '{name}' must have a JSON value, as in a record ('7', '\"facing\"'), got {quote(value, 80)}")
        return
    if name in fence.game_options:
        source.error(line, f"option '{name}' is given twice")
        return
    fence.game_options[name] = parsed
    fence.option_lines[f"option {name}"] = line


def _parse_option(kind, value):
    """``(value, None)`` or ``(None, what is wrong)``."""
    if kind == "int":
        if re.fullmatch(r"-?\d+", value):
            return int(value), None
        return None, f"must be a whole number, got {value!r}"
    if kind == "id":
        if WIDGET_ID.fullmatch(value):
            return value, None
        return None, f"must be lowercase words joined by '-', got {value!r}"
    if isinstance(kind, tuple):
        if value in kind:
            return value, None
        return None, f"must be one of {', '.join(kind)}, got {value!r}"
    if not value:
        return None, "needs a value"
    return value, None


def _check_sections(source, seen_sections, lines):
    order = [key for key, _ in SECTIONS]
    titles = dict(SECTIONS)
    found = {}
    for key, line in seen_sections:
        if key in found:
            source.error(line, f"section '{titles[key]}' appears twice: line {found[key]} has it already")
        else:
            found[key] = line
    present = [key for key, _ in seen_sections if key in found]
    for key in order:
        if key in found:
            continue
        later = [found[k] for k in order[order.index(key) + 1:] if k in found]
        line = min(later) if later else max(len(lines), 1)  # before the next section, or at the end
        source.error(line, f"missing section '## {titles[key]}': the sections are, in order, "
                           + ", ".join(f"'{title}'" for _, title in SECTIONS))
    ranks = [order.index(key) for key in dict.fromkeys(present)]
    if ranks != sorted(ranks):
        for key, line in seen_sections:
            before = [k for k, _ in seen_sections[: seen_sections.index((key, line))]]
            if any(order.index(k) > order.index(key) for k in before):
                source.error(line, f"section '{titles[key]}' is out of order: the sections are, in order, "
                                   + ", ".join(f"'{title}'" for _, title in SECTIONS))
                break
