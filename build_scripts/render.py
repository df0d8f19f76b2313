"""Turn a checked game source into the Markdown that MkDocs renders.

The page is the source with: a title, the engine's one-line summary and a
facts box taken from the engine's spec; fixed anchors on the sections; each
rule's ``{#id}`` rewritten for Python-Markdown's attr_list (which wants it on
a line of its own); doctests shown as checked examples; and the ``play``,
``example`` and ``diagram`` blocks expanded into HTML. Links are written as
Markdown links to ``.md`` files so MkDocs resolves and checks them.
"""

import gzip
import hashlib
import html
import json
import re

from rules_engine.game import ALL
from rules_engine.prepared import answers, frames_of, opening, sentence
from rules_engine.table import plain

from . import diagrams, scorepad
from .frontmatter import GAME_ID
from .htmltext import colour_cards
from .lessons import RULE_REF as RULE_MENTION
from .source import SECTIONS, TRAILING_ATTRS

CARD_TOKEN = re.compile(r"\b(10|[2-9TJQKA])([SHDC])\b")
SECTION_TITLES = dict(SECTIONS)


def slug(text):
    """An anchor for a family's name: ``trick-taking``."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def players_text(counts):
    """The numbers of players ``counts`` (a spec's ``player_counts``) in words: ``2 to 4``, ``2 or 4``."""
    counts = list(counts)
    if counts == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}" if len(counts) == 1 else f"{counts[0]} to {counts[-1]}"
    return ", ".join(map(str, counts[:-1])) + f" or {counts[-1]}"


def render_game_page(source, spec, specs, frames_out=None, frames_dir=""):
    """The Markdown for ``source``, which has been checked (its fences carry
    their drawings and replays); ``specs`` are all registered games, by id.

    With ``frames_out`` (a dict), each worked example's step frames go there as
    ``{path in the site: JSON text}``, the path in ``frames_dir`` (the page's folder in the
    site, ``games/<id>/``), and the page only names that path (``data-frames-src``, relative
    to the site's root, fetched when the example comes near the view); without it they are
    inline (``data-frames``)."""
    lines = source.lines
    replace, append_after, skip = {}, {}, set()
    for heading in source.headings:
        if heading.section:
            replace[heading.line - 1] = [f"## {SECTION_TITLES[heading.section]} {{#{heading.section}}}"]
    for rule in source.rules:
        text = TRAILING_ATTRS.sub("", lines[rule.last_index])
        # A visible link to the rule itself, so players can share it.
        replace[rule.last_index] = [f'{text} [¶](#{rule.id} "Link to this rule: {rule.id}"){{ .rule-link }}']
        append_after[rule.last_index] = [" " * rule.indent + f"{{: #{rule.id} .rule }}"]
    for fence in source.fences:
        start = fence.line - 1
        replace[start] = ["", *_render_fence(fence, spec, frames_out, frames_dir), ""]
        skip.update(range(start + 1, fence.end_index))
    out = [f"# {spec.name}", "", spec.summary, "{: .game-summary }", "", *facts_box(source, spec, specs), ""]
    for index in range(source.body_start, len(lines)):
        if index in skip:
            continue
        out += replace.get(index, [lines[index]])
        out += append_after.get(index, [])
    return "\n".join(out) + "\n"


# ---- the facts box ------------------------------------------------------------------------------

def facts_box(source, spec, specs):
    """A definition list of the engine's facts (and the front matter's), as Markdown in an aside."""
    low, high = spec.seats
    players = f"[{players_text(spec.player_counts)}](by-players.md#players-{low})"
    facts = [
        ("Players", players),
        ("Deck", spec.deck_words()),
        ("Family", f"[{spec.family.capitalize()}](by-family.md#{slug(spec.family)})"),
        ("Options", _options_text(spec)),
    ]
    aliases = list(spec.aliases) + list(source.front_matter.get("aliases") or [])
    if aliases:
        facts.append(("Also known as", ", ".join(escape_md(alias) for alias in aliases)))
    if source.front_matter.get("origin"):
        facts.append(("Origin", escape_md(source.front_matter["origin"])))
    related = source.front_matter.get("related") or []
    if related:
        facts.append(("Related games", ", ".join(_related_link(item, specs) for item in related)))
    facts.append(("Score sheet", f"{scorepad.keep_score_link(spec.id)} on the site's score pad, set up for "
                                 f"{escape_md(spec.name)}"))
    out = [f'<aside class="game-facts" aria-label="{html.escape(spec.name)} at a glance" markdown="1">', ""]
    for term, value in facts:
        out += [term, f":   {value}", ""]
    out.append("</aside>")
    return out


def _choices_text(choices):
    if not choices:
        return ""
    if all(isinstance(c, int) for c in choices) and list(choices) == list(range(choices[0], choices[-1] + 1)):
        return f"; from `{choices[0]}` to `{choices[-1]}`"
    return f"; one of {', '.join(f'`{c}`' for c in choices)}"


def _options_text(spec):
    if not spec.options:
        return "none: the rules below are the whole game"
    parts = []
    for option in spec.options:
        choices = _choices_text(option.choices)
        about = f": {escape_md(option.description)}" if option.description else ""
        parts.append(f"`{option.name}`{about} (default `{option.default}`{choices})")
    return "; ".join(parts)


def _related_link(item, specs):
    if GAME_ID.fullmatch(item) and item in specs:
        return f"[{specs[item].name}]({item}.md)"
    return escape_md(item)


def escape_md(text):
    return re.sub(r"([\\`*_\[\]<>])", r"\\\1", str(text))


# ---- fenced blocks ------------------------------------------------------------------------------

def _render_fence(fence, spec, frames_out=None, frames_dir=""):
    if fence.kind == "pycon":
        return _render_doctest(fence)
    if fence.kind == "diagram":
        return _render_diagram(fence)
    if fence.kind == "play":
        return _render_play(fence, spec, frames_out, frames_dir)
    if fence.kind == "lesson":
        return _render_lesson(fence, spec, frames_out, frames_dir)
    return _render_example(fence, spec, frames_out, frames_dir)


def _render_doctest(fence):
    body = fence.body.rstrip("\n").splitlines()
    # Folded (pymdownx.details): the rules read on without them; print.css and main.js open them in print.
    return ['??? example "Checked example: the engine runs this at every build"', "",
            "    ```pycon", *("    " + line if line else "" for line in body), "    ```"]


def _render_diagram(fence):
    drawing = fence.artifact
    caption = fence.options.get("caption") or f"The starting layout of seed {fence.options['seed']}, dealt by the engine."
    return [
        f'<figure class="rules-diagram" id="{fence.id}" data-search-exclude>',
        drawing.svg,
        f"<figcaption>{html.escape(caption)}</figcaption>",
        "</figure>",
    ]


def _render_play(fence, spec, frames_out=None, frames_dir=""):
    seats = fence.options.get("seats", spec.default_seats or spec.seats[0])
    seat = fence.options.get("seat", 0)
    seed = fence.options.get("seed")
    attrs = {"data-widget": "play", "data-game": spec.id, "data-seats": seats, "data-seat": seat}
    if seed is not None:
        attrs["data-seed"] = seed
    if fence.game_options:
        attrs["data-options"] = json.dumps(fence.game_options, separators=(",", ":"))
    # A block's first deal, as the reader's seat sees it at its first turn: a file beside the page (as
    # worked examples' frames are), drawn while the engine loads (widgets/first-deal.js). A block that
    # names no seed deals afresh once the engine is up, but its first deal, drawn before, is one the
    # build chose (``data-first-seed``), so that every table has something to show at once.
    first, first_seed = None, seed if seed is not None else _first_seed(spec.id, fence.id)
    if frames_out is not None:
        first = opening(spec.id, first_seed, seats, seat, fence.game_options)
    if first is not None:
        if seed is None:
            attrs["data-first-seed"] = first_seed
        name = frames_dir + opening_file_name(spec.id, fence.id)
        play = (spec.id, first_seed, seats, seat, fence.game_options)
        stem = frames_dir + f"{spec.id}-{fence.id}-answer"
        ANSWERS[stem] = _first_answers(first[-1], play, frames_out, stem)
        frames_out[name] = _json(first)
        attrs["data-opening-src"] = name
    command = f"python -m rules_engine play {spec.id}"
    if seed is not None:
        command += f" --seed {seed}"
    if seat:
        command += f" --seat {seat}"
    for name, value in fence.game_options.items():
        command += f" --option {name}={value if isinstance(value, str) else json.dumps(value)}"
    # The widget replaces this text when scripts run, but keeps the title as its heading (so it names
    # no deal, which "New deal" changes); without scripts the notice says how to play anyway.
    title = f"Play {spec.name} at this table"
    if spec.seats[1] > 1:
        title += f": {seats} players, you in seat {seat}"
    return [
        f'<div class="rules-widget rules-widget--play" id="{fence.id}" {_attrs(attrs)}>',
        f'<p class="rules-widget__title">{html.escape(title)}</p>',
        '<p class="rules-widget__notice">The card table needs JavaScript and WebAssembly. '
        f"You can play the same deal in a terminal: <code>{html.escape(command)}</code></p>",
        "</div>",
    ]


def _first_seed(game_id, play_id):
    """The seed of the first deal drawn at a block that names none: fixed by the block, so that a
    build writes the same files every time."""
    return int.from_bytes(hashlib.sha256(f"{game_id}/{play_id}".encode()).digest()[:3], "big")


# A play block's answers to the reader's first moves, prepared so that a first move is answered before the
# engine has loaded: the gzipped bytes of the files each block may fetch (one a move), as far as a block's
# turns go (``ANSWER_BUDGET``). The build prints them (hooks.on_post_build).
ANSWERS = {}
ANSWER_BUDGET = 20_000


def _first_answers(turn, play, frames_out, stem):
    """Writes the answers to each move of the reader's first ``turn`` (a reply of the engine's) beside
    the page, one file a move, and names them in the turn's ``answers`` (move → file); then, while the
    block's files stay within ``ANSWER_BUDGET`` gzipped, those to the reader's second turn after each
    first move. Returns the block's gzipped bytes and how many first moves go a second turn deep."""
    first = answers(*play)
    files = _write_answers(turn, first, frames_out, stem)
    size = sum(_gzipped(frames_out[name]) for name in files)
    deep = 0
    for index, (move, replies) in enumerate(first.items()):
        second = answers(*play, played=(move,))
        if not second:
            continue
        name = turn["answers"][move]
        nested = _write_answers(replies[-1], second, {}, f"{stem}-{index}")
        written = {path: _json(answer) for path, answer in nested.items()}
        written[name] = _json(replies)   # the first move's answer, now naming the second turn's files
        extra = sum(_gzipped(text) for text in written.values()) - _gzipped(frames_out[name])
        if size + extra > ANSWER_BUDGET:
            del replies[-1]["answers"]
            break
        frames_out.update(written)
        size += extra
        deep += 1
    return {"bytes": size, "moves": len(first), "deep": deep}


def _write_answers(turn, moves_answered, frames_out, stem):
    """Each move's answer to a file ``<stem>-<n>.json`` in ``frames_out``, named in ``turn["answers"]``."""
    turn["answers"] = {}
    for index, (move, replies) in enumerate(moves_answered.items()):
        turn["answers"][move] = name = f"{stem}-{index}.json"
        frames_out[name] = _json(replies)
    return {name: replies for name, replies in zip(turn["answers"].values(), moves_answered.values())}


def _gzipped(text):
    return len(gzip.compress(text.encode(), 6))


def _json(value):
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _render_example(fence, spec, frames_out=None, frames_dir=""):
    record, states, asked = fence.artifact
    number = fence.id.rsplit("-", 1)[-1]
    start = diagrams.draw_state(states[0], f"{fence.id}-start",
                                f"{spec.name}, worked example {number}: the position before the first move")
    final = states[-1]
    moves = final.moves_made
    # The stepper's frames, replayed here so that stepping needs no Pyodide. An attribute, not a
    # <script type="application/json">: instant navigation re-creates a page's scripts without their type.
    # Inline they are most of a page's weight, so the site fetches them as a file when the example
    # comes near the view; the page keeps their number, for the counter meanwhile.
    replayed = ask_questions(frames_of(states), states, asked)
    attrs = {"data-widget": "example", "data-game": spec.id, "data-record": record.dumps(),
             "data-steps": len(moves)}
    _place_frames(attrs, replayed, spec, fence, frames_out, frames_dir)
    if frames_out is not None:
        attrs["data-frame-count"] = len(replayed)
    # The stepper counts steps, "Step 0 of N": a move that ends a hand gives two, so the caption
    # says so where the two counts differ.
    steps = len(replayed) - 1
    extra = f" ({steps} steps: a hand's end is a step of its own)" if steps != len(moves) else ""
    out = [
        f'<figure class="rules-widget rules-widget--example" id="{fence.id}" {_attrs(attrs)}>',
        f'<figcaption class="rules-widget__title">Worked example {number}: {len(moves)} '
        f'move{"s" if len(moves) != 1 else ""}, replayed by the engine{extra}</figcaption>',
        f'<div class="rules-example__start" data-search-exclude>{start.svg}</div>',
        '<ol class="rules-example__moves">',
    ]
    for text, comment, seat in moves:
        who = f'<span class="rules-example__seat">Seat {seat}:</span> ' if final.seats > 1 and seat is not None else ""
        note = f' <span class="rules-example__comment">{_rule_links(html.escape(comment))}</span>' if comment else ""
        out.append(f'<li>{who}<code class="rules-example__move">{format_move(text)}</code>{note}</li>')
    out.append("</ol>")
    out.append(f'<p class="rules-example__end">{html.escape(example_end(final))}</p>')
    out.append("</figure>")
    return out


def ask_questions(frames, states, asked):
    """The example's frames with its questions: at the last frame before each move asked, what the
    stepper needs to ask it as at a live table (the clicks of the seat to act, the move that is right,
    the other legal moves and the refusals of the cards that start none), prepared here so that a
    question works before the engine has loaded."""
    from rules_engine.prepared import built_of, refusals

    for number in asked:
        state, (move, comment, seat) = states[number - 1], states[number].moves_made[-1]
        table = state.table(ALL)
        frame = [frame for frame in frames if frame["step"] == number - 1][-1]
        frame["question"] = {"seat": seat, "expect": move, "reason": comment,
                             "moves": table["moves"], "legal": [click["move"] for click in table["moves"]],
                             "refusals": refusals(state, table)}
        if table.get("selection"):   # a move of several cards, built card by card as at a lesson's step
            frame["question"].update(selection=table["selection"], built=built_of(state, [move]))
    return frames


def _place_frames(attrs, replayed, spec, fence, frames_out, frames_dir):
    """A widget's frames: a file beside the page (``frames_out``), fetched as it nears the view,
    or inline where the caller keeps no files."""
    frames = json.dumps(replayed, ensure_ascii=False, separators=(",", ":"))
    if frames_out is None:
        attrs["data-frames"] = frames
    else:
        name = frames_dir + frames_file_name(spec.id, fence.id)
        frames_out[name] = frames
        attrs["data-frames-src"] = name


def _render_lesson(fence, spec, frames_out=None, frames_dir=""):
    """A lesson: its frames, made here, fetched when it nears the view (widgets/lesson.js); without
    scripts, its steps as a list the reader can follow at a table of their own."""
    replayed, lesson = fence.artifact, fence.lesson
    title = lesson.header["title"]
    attrs = {"data-widget": "lesson", "data-game": spec.id, "data-title": title,
             "data-seat": replayed["seat"], "data-seats": replayed["seats"]}
    _place_frames(attrs, replayed, spec, fence, frames_out, frames_dir)
    steps = ['<ol class="rules-lesson__steps">',
             *(f"<li>{words}</li>" for frame in replayed["frames"] if (words := _lesson_words(frame, replayed["seats"]))),
             "</ol>"]
    out = [f'<figure class="rules-widget rules-widget--lesson" id="{fence.id}" {_attrs(attrs)}>',
           f'<figcaption class="rules-widget__title">Lesson: {html.escape(title)}</figcaption>']
    if frames_out is None:
        # Folded away: a reader with scripts starts the lesson above it (widgets/lesson.js) and
        # is not shown its answers first; one without opens it and follows it at a table.
        out += ['<details class="rules-lesson__script"><summary>The lesson\'s steps in text</summary>', *steps,
                "</details>"]
    else:
        # A page of its own, beside the game's: a reader without scripts follows it at a table, and
        # the game's page does not carry every lesson's script to readers who play it here.
        name = frames_file_name(spec.id, fence.id).removesuffix(".json") + "-steps.html"
        frames_out[frames_dir + name] = _steps_page(spec, fence.id, title, "".join(steps), frames_dir)
        out.append(f'<p class="rules-lesson__script"><a href="{name}">The lesson\'s steps in text</a> '
                   "(a page of its own, to follow at a table of yours)</p>")
    out.append("</figure>")
    return out


def _steps_page(spec, lesson_id, title, steps, frames_dir):
    """A lesson's steps in text as a page of its own, beside the game's page: its rule links lead to
    the rules there, its cards coloured as the game's page colours them."""
    up = "../" * frames_dir.count("/")
    steps = colour_cards(steps.replace('href="#', 'href="./#'))
    name = html.escape(spec.name)
    return (f'<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<title>{name}, lesson “{html.escape(title)}”: its steps in text</title>'
            f'<link rel="stylesheet" href="{up}assets/site.css"></head>'
            f'<body class="rules-steps-page md-typeset"><main>'
            f'<h1>{name}, lesson: {html.escape(title)}</h1>'
            f'<p>The lesson\'s steps, to follow at a table of your own. On the <a href="./#{lesson_id}">{name} '
            f"page</a> the lesson plays them with you on the page's card table.</p>{steps}</main></body></html>\n")


def _lesson_words(frame, seats):
    """A lesson's step as a line of its static list (the page's rule names linked)."""
    text = _rule_links(html.escape(frame.get("text", "")))
    if frame["kind"] == "say":
        return text
    if frame["kind"] == "you":
        answer = " or ".join(_move_words(frame, move) for move in frame["expect"][:3])
        asked = "any legal move" if frame["any"] else answer
        return f'<strong>Your move.</strong> {text} <span class="rules-lesson__answer">({asked})</span>'
    if frame["kind"] == "move" and not frame["mine"]:
        return f'{sentence(_move_words(frame, frame["move"]))} {text}'.rstrip()
    if frame["kind"] == "rest":
        return "The bots play out the rest of the hand." if seats > 1 else "The bot plays out the rest of the deal."
    if frame["kind"] == "end":
        interlude = frame["table"]["interlude"]
        return html.escape(frame["result"] or (interlude["title"] if interlude else ""))
    return ""


def _move_words(frame, move):
    """A move in the table's words as the reader is told it (lessons.py made them), or in notation."""
    said = frame["said"].get(move) if isinstance(frame.get("said"), dict) else frame.get("said")
    if said:
        return html.escape(said.rstrip("."))
    who = f"Seat {frame['seat']}: " if frame.get("seat") is not None and frame["kind"] == "move" else ""
    return f'{who}<code>{format_move(move)}</code>'


def _rule_links(text):
    """``#play.follow-suit`` in a lesson's words as a link to the rule on the page: one link a rule,
    each in words of its own where the words name several (as widgets/rule-links.js does)."""
    rules = list(dict.fromkeys(RULE_MENTION.findall(text)))
    linked = set()

    def link(match):
        rule = match.group(1)
        if rule in linked:
            return ""
        linked.add(rule)
        return f'(<a class="rules-lesson__rule" href="#{rule}">{rule_words(rule, rules)}</a>)'
    return RULE_MENTION.sub(link, text)


def rule_words(rule, rules):
    """A rule link's words: "the rule" where it is the only one named; else its id's last part
    ("rule: sweep" for ``play.sweep``), or its place ("rule 2") where two would read alike."""
    if len(rules) == 1:
        return "the rule"
    tails = [named.rsplit(".", 1)[1].replace("-", " ") for named in rules]
    tail = tails[rules.index(rule)]
    return f"rule: {tail}" if tails.count(tail) == 1 else f"rule {rules.index(rule) + 1}"


def opening_file_name(game_id, play_id):
    """The file, beside the page, holding a play block's first deal: ``<id>-play-1-opening.json``."""
    return f"{game_id}-{play_id}-opening.json"


def frames_file_name(game_id, example_id):
    """The file, beside the page, holding a worked example's frames: ``<id>-example-1.json``."""
    return f"{game_id}-{example_id}.json"


def example_end(state):
    """One line for the end of a worked example, in the engine's own words: the hand the last
    move ended (its result and each player's standing), the game's result, or where the game
    stands (the table's headline) with the scores, where they are not all nought."""
    table = state.table(ALL)
    where = "The game is over" if state.is_over else "After the last move"
    ended = table["interlude"]
    if ended and ended["lines"]:
        # The last move ended a hand: its result, rather than the next hand's empty score (a game of
        # one hand whose end tells no lines has its result said below).
        return f"{where}. {ended['title']}: {'; '.join(ended['lines'])}."
    if table["result"]:
        return f"{where}. {sentence(table['result'])}"
    head = table["headline"]
    out = " ".join([f"{where}: {sentence(head['title'])}", *map(sentence, head["facts"])])
    if state.seats == 1:
        return out  # a solitaire's headline states its score

    def per_seat(points):
        return ", ".join(f"{name} {plain(p)}" for name, p in zip(table["players"], points))
    hand, game = state.scores
    if hand == game:  # the first hand: its scores are the game's
        scores = [f"the scores so far: {per_seat(game)}"] if any(game) else []
    else:
        scores = ([f"this hand so far: {per_seat(hand)}"] if any(hand) else []) + \
                 ([f"the game so far: {per_seat(game)}"] if any(game) else [])
    if not scores:
        return out
    said = "; ".join(scores)
    return f"{out} {sentence(said[0].upper() + said[1:])}"


def format_move(text):
    """A move's canonical text, with cards shown by suit symbol and colour."""
    def card(match):
        rank = "10" if match.group(1) in ("T", "10") else match.group(1)
        suit = match.group(2)
        symbol = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[suit]
        colour = "red" if suit in "HD" else "black"
        return f'<span class="card card--{colour}">{rank}{symbol}</span>'
    return CARD_TOKEN.sub(card, html.escape(text))


def _attrs(attrs):
    return " ".join(f'{name}="{html.escape(str(value), quote=True)}"' for name, value in attrs.items())
