"""Check the games' sources against the engine; every problem is ``file:line``.

On top of the syntax checks of ``source.py``: the game must be registered,
every rule id the engine cites must be a paragraph on its page, the front
matter must not restate what the engine knows, playable hands must deal,
diagrams must draw, worked examples must replay, doctests must pass, and the
words a note changed from the text quotes must be the text's (``seeds.py``).

Run ``python -m build_scripts.validate`` to check every page without a build.
"""

import difflib
import inspect
import re
import sys
import time
from pathlib import Path

from markdown.extensions.toc import slugify

import rules_engine
from rules_engine import Record, RecordError, RulesError
from rules_engine.errors import quote
from rules_engine.table import plural

from . import check_cache, diagrams, lessons, seeds
from .collection_pages import check_collections
from .doctests import Snippet, is_simulation, run_snippets
from .errors import SourceError, display_path
from .frontmatter import GAME_ID
from .source import parse_source

GAMES_DIR = "games"
# Where a missing cited rule would go, by its id's first word.
SECTION_OF_PREFIX = {"object": "object", "setup": "setup", "play": "play", "scoring": "scoring",
                     "end": "scoring", "interpretation": "interpretation"}


def registered_specs():
    return {spec.id: spec for spec in rules_engine.list_games()}


def game_sources(docs_dir):
    """The paths of the game pages, ``docs/games/*.md``, by game id."""
    folder = Path(docs_dir) / GAMES_DIR
    return {path.stem: path for path in sorted(folder.glob("*.md"))}


def check_site(docs_dir, specs=None, shared=seeds.SHARED, previous=None, only=None):
    """Parse and check every game page: ``(sources by id, errors)``. ``shared`` holds the
    seed texts and the list of which holds each game (``seeds.py``). ``previous``: the sources
    an earlier build of this run checked against the same engine (``mkdocs serve --dirty``);
    a page unchanged since, and found sound then, is not checked again. ``only``: one game's id,
    whose page alone is checked (the others are only read, for its links to them)."""
    specs = registered_specs() if specs is None else specs
    sources = {}
    errors = []
    engine = check_cache.engine_digest()
    for game_id, path in game_sources(docs_dir).items():
        stamp = path.stat().st_mtime_ns   # taken first: an edit made while checking shows next time
        earlier = (previous or {}).get(game_id)
        if earlier is not None and earlier.stamp == stamp and not earlier.errors:
            source = earlier
        elif only is not None and game_id != only:
            source = parse_source(path)
            source.errors = []
        else:
            source = check_game(parse_source(path), specs, shared=shared, engine=engine)
            check_contents(source)
            source.stamp = stamp
        sources[game_id] = source
        errors += source.errors
    for source in sources.values():   # links to the other games' pages, now that every page is read
        if only is None or source.game_id == only:
            before = len(source.errors)
            _check_links(source, sources, other_pages=True)
            errors += source.errors[before:]
    for game_id in sorted(set(specs) - set(sources)):
        if only is not None and game_id != only:
            continue
        errors.append(_missing_page_error(game_id, specs[game_id], Path(docs_dir) / GAMES_DIR))
    if only is not None:
        sources = {only: sources[only]} if only in sources else {}
    return sources, sorted(errors)


def check_game(source, specs=None, spec=None, shared=seeds.SHARED, engine=None):
    """Add the engine's checks to a parsed source's ``errors``; returns it.

    ``spec`` overrides the registered spec of ``source.game_id`` (tests use
    it to check a small page against a subset of a game's cited rules);
    ``engine``: the engine's digest, if already known (``check_cache.py``).
    """
    specs = registered_specs() if specs is None else specs
    spec = spec or specs.get(source.game_id)
    if spec is None:
        known = ", ".join(sorted(specs))
        source.error(1, f"no game '{source.game_id}' is registered in rules_engine (the file's name is the "
                        f"game's id; the games are {known})")
        return source
    _check_cited_rules(source, spec)
    _check_links(source, {source.game_id: source})
    _check_front_matter(source, spec, specs)
    check_quotations(source, shared)
    started = time.perf_counter()
    for fence in source.fences:
        if fence.kind == "play":
            _check_play(source, spec, fence)
        elif fence.kind == "diagram":
            _check_diagram(source, spec, fence)
    source.timings["diagrams"] = time.perf_counter() - started
    started = time.perf_counter()
    for fence in source.fences:
        if fence.kind == "example":
            _check_example(source, spec, fence)
        elif fence.kind == "lesson" and fence.lesson is not None:
            _check_lesson(source, spec, fence)
    source.timings["examples"] = time.perf_counter() - started
    started = time.perf_counter()
    snippets = built_snippets(source)
    key = check_cache.snippets_key(snippets, engine or check_cache.engine_digest())
    if not check_cache.passed_before(key):  # doctests that passed are remembered by what they depend on
        problems = run_snippets(source.path, snippets)
        source.errors += problems
        if not problems:
            check_cache.remember_pass(key)
    source.timings["doctests"] = time.perf_counter() - started
    return source


# What every game's page holds beyond its rules, and why (docs/adding-a-game.md lists them).
MIN_DOCTESTS = 5
# The share of a page's Play and Scoring rules its lessons and worked examples must name.
TAUGHT_SHARE = 0.9
WIDGET_FENCES = ("play", "example", "diagram", "lesson")


def teachable_rules(source):
    """The page's Play and Scoring rules a learner should meet in its lessons or worked examples:
    all but a paragraph that only introduces the block after it ("Here is a hand to play")."""
    lines = source.lines
    out = []
    for rule in source.rules:
        if rule.section not in ("play", "scoring"):
            continue
        after = next((line.strip() for line in lines[rule.last_index + 1:] if line.strip()), "")
        if after.startswith("```") and after[3:].strip() in WIDGET_FENCES:
            continue
        out.append(rule.id)
    return out


def taught_rules(source):
    """The rules the page's lessons and worked examples name (``#play.follow-suit`` in their words)."""
    named = set()
    for fence in source.fences:
        if fence.kind == "lesson" and fence.lesson is not None:
            for step in fence.lesson.steps:
                named.update(lessons.rule_refs(step.text))
                for feedback in step.feedback.values():
                    named.update(lessons.rule_refs(feedback))
        elif fence.kind == "example":
            named.update(lessons.rule_refs(fence.body))
    return named


def untaught_rules(source):
    taught = taught_rules(source)
    return [rule for rule in teachable_rules(source) if rule not in taught]


def check_contents(source):
    """Add to ``source.errors`` what its page lacks of the checked material every game shows."""
    fences = source.fences
    sections = {heading.section: heading.line for heading in source.headings if heading.section}
    doctests = sum(fence.kind == "pycon" for fence in fences)
    if doctests < MIN_DOCTESTS:
        source.error(sections.get("scoring", 1), (
            f"the page has {doctests} doctest(s) (```pycon```), and a game's page shows at least "
            f"{MIN_DOCTESTS}: put one after each rule a reader may doubt, each scoring rule above all, so "
            "the engine bears the page out where it matters"))
    if not any(fence.kind == "diagram" and fence.options.get("layout") == "deal" for fence in fences):
        source.error(sections.get("setup", 1), "the page has no picture of the deal: add a ```diagram``` "
                                               "with 'layout: deal' and 'seed: N' under '## Setup'")
    if not any(fence.kind == "play" and "seed" in fence.options for fence in fences):
        source.error(sections.get("play", 1), (
            "the page has no playable hand with a seed: add a ```play``` block with 'seed: N' (the "
            "catalogue's and the collections' buttons open that deal, and its first deal is drawn "
            "before the engine loads)"))
    if not any(fence.kind == "example" for fence in fences):
        source.error(sections.get("play", 1), "the page has no worked example: add an ```example``` record of "
                                              "a real hand, so a reader can step through one")
    if not any(fence.kind == "lesson" for fence in fences):
        source.error(sections.get("play", 1), "the page has no lesson: add a ```lesson``` block "
                                              "(build_scripts/lessons.py) that plays a first hand with the reader, "
                                              "so they learn by playing before they face the bots")
    teachable, untaught = teachable_rules(source), untaught_rules(source)
    if len(untaught) > (1 - TAUGHT_SHARE) * len(teachable):
        source.error(sections.get("play", 1), (
            f"the page's lessons and worked examples name {len(teachable) - len(untaught)} of its "
            f"{len(teachable)} Play and Scoring rules, and a page teaches at least {TAUGHT_SHARE:.0%} of them: "
            f"name each (#rule.id) in the step that shows it; not yet: {', '.join(untaught)}"))


def built_snippets(source):
    """The doctests the build runs: all of a page's but its simulations, which the tests run."""
    snippets = [Snippet(fence.body_line, fence.body) for fence in source.fences if fence.kind == "pycon"]
    return [snippet for snippet in snippets if not is_simulation(snippet)]


def _missing_page_error(game_id, spec, folder):
    module = inspect.getsourcefile(rules_engine.state_class(game_id))
    return SourceError(module, 1, f"game '{game_id}' ({spec.name}) is registered but has no page: "
                                  f"write {folder / (game_id + '.md')}")


# ---- rule ids the engine cites ------------------------------------------------------------------

def _check_cited_rules(source, spec):
    missing = [rule for rule in spec.cited_rules if rule not in source.rule_ids]
    if not missing:
        return
    section_lines = {h.section: h.line for h in source.headings if h.section}
    module = _engine_module(spec)
    for rule in missing:
        section = SECTION_OF_PREFIX.get(rule.split(".")[0])
        line = section_lines.get(section, 1)
        source.error(line, f"the engine cites rule '{rule}' ({module}) but no paragraph on this page "
                           f"ends with {{#{rule}}}")


def anchors(source):
    """Every anchor a game page has: its rules' ids, its sections', its blocks' and its subheadings'."""
    return (source.rule_ids | {h.section for h in source.headings if h.section}
            | {fence.id for fence in source.fences} | {slugify(h.text, "-") for h in source.headings})


def _check_links(source, sources, other_pages=False):
    """A link to an anchor of this page (``#play.follow-suit``) or, with ``other_pages``, of
    another game's page (``other-game.md#play.lead``) must find it."""
    for line, href in source.links:
        page, _, anchor = href.partition("#")
        target = source.game_id if not page else Path(page).stem if page.endswith(".md") else None
        if not anchor or target is None or (target != source.game_id) != other_pages or target not in sources:
            continue
        known = anchors(sources[target])
        if anchor in known:
            continue
        where = "this page" if target == source.game_id else f"the page of {target}"
        close = difflib.get_close_matches(anchor, known, n=1)
        hint = f" (did you mean '#{close[0]}'?)" if close else ""
        source.error(line, f"link to '{href}' goes nowhere: no rule, section, block or heading of {where} "
                           f"has the anchor '{anchor}'{hint}")


def _engine_module(spec):
    try:
        path = Path(inspect.getsourcefile(rules_engine.state_class(spec.id)))
        return path.relative_to(Path(rules_engine.__file__).parent.parent).as_posix()
    except (RulesError, TypeError, ValueError):
        return "rules_engine"


# ---- notes changed from the text ----------------------------------------------------------------

def check_quotations(source, shared=seeds.SHARED):
    """The words a note changed from the text quotes are the text's own: they occur in the
    game's seed text, whitespace and the shape of quote marks aside."""
    if not source.quotations:
        return
    texts = seeds.texts_for(source.game_id, shared)
    if texts.reason:
        source.notices.append(f"{display_path(source.path)}: quotations in notes changed from the text not "
                              f"checked: {texts.reason}")
        return
    names = " and ".join(texts.texts)
    for quotation in source.quotations:
        if not texts.holds(quotation.words):
            source.error(quotation.line, f"the words quoted in note '{quotation.rule_id}', “{quotation.words}”, "
                                         f"are not in the game's text ({names}): quote the words it departs "
                                         f"from exactly as the text has them")


# ---- front matter --------------------------------------------------------------------------------

def _check_front_matter(source, spec, specs):
    data, lines = source.front_matter, source.front_matter_lines
    known = {alias.lower() for alias in spec.aliases} | {spec.name.lower()}
    for alias in data.get("aliases") or ():
        if isinstance(alias, str) and alias.lower() in known:
            source.error(lines.get("aliases", 1), f"alias {quote(alias, 80)} is already known to the engine "
                                                  f"(its name or spec.aliases): list it only once")
    names = {name.casefold(): spec_id for spec_id, other in specs.items() for name in (other.name, *other.aliases)}
    for item in data.get("related") or ():
        if not isinstance(item, str):
            continue
        if item.casefold() in names and not GAME_ID.fullmatch(item):
            source.error(lines.get("related", 1), f"related game {quote(item, 80)} is on this site: write its id "
                                                  f"'{names[item.casefold()]}' so that it links to its page")
        elif item == source.game_id:
            source.error(lines.get("related", 1), "a game is not related to itself")
        elif GAME_ID.fullmatch(item) and item not in specs:
            source.error(lines.get("related", 1),
                         f"related game {quote(item, 80)} is not registered: write a game on this site by its id, "
                         f"and any other game by its name, capitalised (like 'Klondike')")


# ---- fenced blocks ------------------------------------------------------------------------------

def _seats_of(spec, fence):
    return fence.options.get("seats", spec.default_seats or spec.seats[0])


def _check_play(source, spec, fence):
    seats = _seats_of(spec, fence)
    for name, value in fence.game_options.items():
        try:
            rules_engine.load_game(spec.id, **{name: value})
        except RulesError as error:
            source.error(fence.option_lines[f"option {name}"], f"this hand cannot be dealt: {error}")
            return
    try:
        rules_engine.load_game(spec.id, **fence.game_options).new(seed=fence.options.get("seed", 0), seats=seats)
    except RulesError as error:
        source.error(fence.option_lines.get("seats", fence.line), f"this hand cannot be dealt: {error}")
        return
    seat = fence.options.get("seat", 0)
    if not 0 <= seat < seats:
        source.error(fence.option_lines["seat"], f"seat {seat} does not exist: the seats are 0 to {seats - 1}")


def _check_diagram(source, spec, fence):
    options = fence.options
    if "layout" not in options or "seed" not in options:
        return  # already reported by the syntax check
    try:
        fence.artifact = diagrams.deal_diagram(spec.id, options["seed"], options.get("seats"), fence.id)
    except diagrams.DiagramError as error:
        source.error(fence.line, f"diagram cannot be drawn: {error}")


QUESTION_MARK = re.compile(r"^(\s*(?:\d+\.)?\s*)\?\s+")


def example_questions(body):
    """An example's body without its questions' marks (``12. ? play QS {...}``: the stepper asks the
    reader this move), and the numbers of the moves asked, from 1."""
    lines, asked, number, in_moves = [], [], 0, False
    for line in body.splitlines():
        stripped = line.strip()
        if in_moves and stripped and stripped != "end":
            number += 1
            match = QUESTION_MARK.match(line)
            if match:
                asked.append(number)
                line = match.group(1) + line[match.end():]
        in_moves = in_moves or stripped == "moves:"
        lines.append(line)
    return "\n".join(lines) + "\n", asked


def _check_example(source, spec, fence):
    body, asked = example_questions(fence.body)
    for line, rule in [(fence.body_line + offset, rule) for offset, text in enumerate(fence.body.splitlines())
                       for rule in lessons.rule_refs(text)]:
        if rule not in source.rule_ids:
            source.error(line, f"the example names rule '#{rule}', which no paragraph of this page has")
    try:
        record = Record.from_text(body)
    except RecordError as error:
        line, message = _locate_record_error(fence, str(error))
        source.error(line, f"example record does not read: {message}")
        return
    if record.game != spec.id:
        line = fence.body_line + _line_offsets(fence.body, r"game\s*:")[0]
        source.error(line, f"example record is for game {quote(record.game)}, but this page is '{spec.id}'")
        return
    try:
        states = list(rules_engine.replay(record))
    except RecordError as error:
        line, message = _locate_record_error(fence, str(error))
        source.error(line, f"example does not replay: {message}")
        return
    for number in asked:
        if states[number - 1].to_act is None:
            source.error(fence.line, f"move {number} is asked as a question, but nobody is to play before it")
    fence.artifact = (record, states, asked)


def _check_lesson(source, spec, fence):
    known = source.rule_ids
    lesson = fence.lesson
    before = len(source.errors)
    for step in lesson.steps:
        texts = [(step.line, step.text)] + [(line, lesson_text) for move, line in step.feedback_lines.items()
                                            for lesson_text in [step.feedback[move]]]
        for line, text in texts:
            for rule in lessons.rule_refs(text):
                if rule not in known:
                    close = difflib.get_close_matches(rule, known, n=1)
                    hint = f" (did you mean '#{close[0]}'?)" if close else ""
                    source.error(line, f"the lesson names rule '#{rule}', which no paragraph of this page has{hint}")
    if len(source.errors) > before:
        return
    try:
        fence.artifact = lessons.replay(spec, lesson)
    except lessons.LessonError as error:
        source.error(error.line or fence.line, f"lesson {quote(lesson.header.get('title', fence.id))}: {error}")


def _locate_record_error(fence, message):
    """The file line a RecordError message points at (its record line or move number)."""
    match = re.match(r"record line (\d+): (.*)", message)
    if match:
        return fence.body_line + int(match.group(1)) - 1, match.group(2)
    match = re.match(r"record move (\d+) ", message)
    if match:
        moves = _move_line_offsets(fence.body)
        number = int(match.group(1))
        if number <= len(moves):
            return fence.body_line + moves[number - 1], message
    return fence.line, message


def _line_offsets(body, pattern):
    offsets = [i for i, line in enumerate(body.splitlines()) if re.match(pattern, line.strip())]
    return offsets or [0]


def _move_line_offsets(body):
    """0-based offsets in ``body`` of each move line (after ``moves:``, before ``end``)."""
    offsets, in_moves = [], False
    for offset, raw in enumerate(body.splitlines()):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if in_moves and line != "end":
            offsets.append(offset)
        in_moves = in_moves or line == "moves:"
    return offsets


def main(argv=None):
    """``python -m build_scripts.validate [--game ID] [DOCS_DIR]``: print every problem, exit 1 if
    any; with ``--game``, only that game's page (and its links to other pages)."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in ("-h", "--help"):
        print("usage: python -m build_scripts.validate [--game ID] [DOCS_DIR]\n"
              "Checks every game page under DOCS_DIR (docs by default), or only that game's: each problem is\n"
              "printed as file:line: what is wrong, and the exit status is 1 if there is any.")
        return 0
    game_id = None
    if "--game" in args:
        at = args.index("--game")
        game_id = args[at + 1] if at + 1 < len(args) else ""
        del args[at:at + 2]
        try:
            rules_engine.state_class(game_id)
        except RulesError as error:
            print(f"error: {error}", file=sys.stderr)
            return 2
    docs_dir = args[0] if args else "docs"
    sources, errors = check_site(docs_dir, only=game_id)
    gathered, more = ([], []) if game_id else check_collections(docs_dir, registered_specs(), sources)
    errors = sorted(errors + more)
    for error in errors:
        print(error)
    for source in sources.values():
        for notice in source.notices:
            print(notice, file=sys.stderr)
    for _, source in sorted(sources.items()):
        teachable, untaught = teachable_rules(source), untaught_rules(source)
        if untaught:
            share = 1 - len(untaught) / len(teachable)
            print(f"{display_path(source.path)}: {len(teachable) - len(untaught)} of {len(teachable)} Play and "
                  f"Scoring rules taught ({share:.0%}) by its lessons and worked examples; not yet: "
                  f"{', '.join(untaught)}", file=sys.stderr)
    checked = ", ".join(sorted(sources)) or "none"
    what = (f"the page of {game_id}" if game_id else
            f"{plural(len(sources), 'game page')} ({checked}) and {plural(len(gathered), 'collection')}")
    print(f"{what} checked: {plural(len(errors), 'problem')}", file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
