"""MkDocs hooks: the only place the site's build touches MkDocs.

Each hook hands over to a plain function in ``build_scripts`` and passes
its result back, so moving to another generator (Zensical) means
rewriting this file alone:

- on_startup: whether the site is built or served (``mkdocs serve``, whose pages get a
  policy that lets its live-reload script run: build_scripts/csp.py), and whether dirty
  (``make serve`` is: an edited page alone is checked and built again);
- on_config: under ``mkdocs serve``, after an edit to the engine, the build steps or the
  widgets, these are imported afresh and every page is built again; the Games section of the
  navigation gets a page per registered game;
- on_files: every game source and collection is checked (a broken one stops the build with
  ``file:line`` messages), and the generated index pages are added;
- on_page_markdown: a game source becomes its page, a collection's source its page (the
  games' facts measured by the engine's bots); the home page gets its catalogue;
  the score pad's page gets its element (its data file is added in on_files);
- on_page_content: terms in the rules are linked to the glossary;
- on_post_page: a game page's worked-example frames are written beside it, and every
  code block is made reachable from the keyboard (build_scripts/theme.py);
- on_post_build: the self-hosted Pyodide bundle goes into the site, the widgets'
  scripts and styles are minified, the theme's palette loses a rule that restyles every page
  twice as it starts (build_scripts/theme.py), the content security policy is applied and
  ``_headers`` written (the policy, and which files browsers may keep for good).
"""

import importlib
import logging
import posixpath
import re
import sys
import time
from collections import Counter
from pathlib import Path

# MkDocs loads this file by path, so the project's packages are not importable yet.
ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from mkdocs import utils  # noqa: E402
from mkdocs.exceptions import PluginError  # noqa: E402
from mkdocs.structure.files import File  # noqa: E402
from mkdocs.utils import get_relative_url  # noqa: E402

from build_scripts import (  # noqa: E402
    browser, collection_pages, csp, glossary, headers, htmltext, indexes, minify, pyodide_bundle, render, scorepad,
    theme, timing,
)
from build_scripts.validate import check_site, registered_specs  # noqa: E402

GLOSSARY = "glossary.md"
STEPS = ("browser", "collection_pages", "csp", "glossary", "headers", "htmltext", "indexes", "minify", "pyodide_bundle",
         "render", "scorepad", "theme")

# What one build learned in on_config/on_files, for the page hooks after it.
_build = {}
# What MkDocs was asked to do, for every build of this run (MkDocs loads this file once).
_run = {"serving": False, "dirty": False, "builds": 0, "code": None, "checked": None}
# What every page depends on besides its own source: a change here builds every page again.
CODE = ("rules_engine", "build_scripts", "widgets")


def on_startup(command, dirty):
    _run["serving"] = command == "serve"
    _run["dirty"] = dirty
    if dirty:   # MkDocs warns that links to pages not built again may be stale: strict would stop
        logging.getLogger("mkdocs.commands.build").addFilter(
            lambda record: not record.getMessage().startswith("A 'dirty' build is being performed"))


def _code_stamp():
    """The latest change to the code every page depends on."""
    files = [ROOT / "mkdocs.yml"] + [path for folder in CODE for path in (ROOT / folder).rglob("*")
                                     if path.is_file() and "__pycache__" not in path.parts]
    return max(path.stat().st_mtime_ns for path in files)


def _import_afresh():
    """Forget the engine and the build steps and import them again, as this file's names: MkDocs
    runs this file once, and Python would keep the modules as they were. (The timings stay, for
    the benchmark.)"""
    for name in [name for name in sys.modules if name.split(".")[0] in ("rules_engine", "build_scripts")]:
        if name != "build_scripts.timing":
            del sys.modules[name]
    names = globals()
    for step in STEPS:
        names[step] = importlib.import_module(f"build_scripts.{step}")
    validate = importlib.import_module("build_scripts.validate")
    names.update(check_site=validate.check_site, registered_specs=validate.registered_specs)


def on_config(config):
    code = _code_stamp() if _run["serving"] else None
    if _run["serving"] and _run["builds"] and (code != _run["code"] or not _run["dirty"]):
        _import_afresh()  # a rebuild after the code changed: every page is checked and built again
        _run["checked"] = None
        if _run["dirty"]:
            utils.clean_directory(config.site_dir)
    _run["code"] = code
    _run["builds"] += 1
    timing.reset()
    _build.clear()
    _build["started"] = time.time()
    _build["specs"] = registered_specs()
    config.nav = indexes.add_games_to_nav(config.nav, _build["specs"])
    return config


def on_files(files, config):
    started = time.perf_counter()
    sources, errors = check_site(config.docs_dir, _build["specs"], previous=_run["checked"] if _run["dirty"] else None)
    _run["checked"] = sources
    gathered, collection_errors = collection_pages.check_collections(config.docs_dir, _build["specs"], sources)
    errors = sorted(errors + collection_errors)
    timing.VALIDATION["seconds"] = time.perf_counter() - started
    if errors:
        listed = "\n".join(str(error) for error in errors)
        raise PluginError(f"{len(errors)} problem(s) in the rules sources; nothing was published:\n{listed}")
    for game_id, source in sources.items():
        timing.CHECKS[f"games/{game_id}.md"] = dict(source.timings)
        for notice in source.notices:  # a check that could not run here, and why
            logging.getLogger("mkdocs").info(notice)
    _build["sources"] = sources
    _build["collections"] = gathered
    # The Pyodide bundle (cached), now: every page names its folder (on_post_page).
    _build["bundle"] = pyodide_bundle.build_bundle()
    _build["bundle_folder"] = browser.bundle_folder(_build["bundle"])
    glossary_path = Path(config.docs_dir) / GLOSSARY
    _build["terms"] = glossary.read_terms(glossary_path.read_text(encoding="utf-8")) if glossary_path.exists() else []
    for src_uri, content in indexes.generated_pages(_build["specs"], sources).items():
        files.append(File.generated(config, src_uri, content=content))
    # The score pad's data: every registered game's sheet, from the engine (build_scripts/scorepad.py).
    files.append(File.generated(config, scorepad.DATA, content=scorepad.games_json(_build["specs"])))
    for path in browser.widget_files():
        files.append(File(path, src_dir=str(ROOT), dest_dir=config.site_dir,
                          use_directory_urls=config.use_directory_urls))
    return files


def on_post_build(config):
    try:
        # A dirty rebuild copies only what changed (a whole one starts from an empty folder); the
        # margin covers a file system's coarser clock, and minifying a file twice changes nothing.
        minify.minify_site(config.site_dir, since=_build["started"] - 0.1 if _run["dirty"] else None)
        theme.drop_switching_rule(config.site_dir)
    except (minify.MinifyError, theme.ThemeError) as error:
        raise PluginError(str(error)) from None
    _say_answers()
    # The self-hosted Pyodide runtime and the engine's wheel, the worker's (minified) scripts with them.
    browser.install_pyodide(config.site_dir, _build["bundle"], _build["bundle_folder"])
    # Last: the policy's hashes are those of the pages as written.
    policy = csp.apply(config.site_dir, serving=_run["serving"])
    headers.write(config.site_dir, policy, _build["bundle_folder"])


def _say_answers():
    """One line on the play blocks' answers to a first move, made for readers whose engine is loading."""
    blocks = render.ANSWERS
    if blocks:
        largest = max(blocks, key=lambda stem: blocks[stem]["bytes"])
        deep = sum(1 for block in blocks.values() if block["moves"] and block["deep"] == block["moves"])
        logging.getLogger("mkdocs").info(
            f"First moves answered before the engine loads: {len(blocks)} play blocks, "
            f"{sum(block['moves'] for block in blocks.values())} first moves, {deep} blocks answered two turns deep "
            f"while within {render.ANSWER_BUDGET / 1000:.0f} KB gzipped; the most, {blocks[largest]['bytes'] / 1000:.1f} KB "
            f"for the {blocks[largest]['moves']} first moves of {largest.rsplit('/', 1)[-1].removesuffix('-answer')} "
            "(a reader fetches one move's answer, 1-3 KB)")


def _game_id(page):
    path = page.file.src_uri
    if path.startswith("games/") and path.endswith(".md"):
        game_id = path[len("games/"):-len(".md")]
        if game_id in _build.get("sources", {}):
            return game_id
    return None


def _clock_start(page):
    _build.setdefault("clock", {})[page.file.src_uri] = time.perf_counter()


def _clock_stop(page):
    """Add the time since ``_clock_start`` to the page's total. MkDocs reads
    every page before it writes any, so a page's time comes in two spans."""
    started = _build.get("clock", {}).pop(page.file.src_uri, None)
    if started is not None:
        uri = page.file.src_uri
        timing.PAGES[uri] = timing.PAGES.get(uri, 0.0) + time.perf_counter() - started


def on_pre_page(page, config, files):
    _clock_start(page)  # reading: Markdown hooks and conversion, until on_page_content
    return page


def on_page_markdown(markdown, page, config, files):
    game_id = _game_id(page)
    if game_id:
        # The engine's one-line summary is the page's description for search engines and link previews.
        page.meta.setdefault("description", _build["specs"][game_id].summary)
        # Worked examples' frames are written beside the page (on_post_page), not inline.
        frames = _build.setdefault("frames", {})[page.file.src_uri] = {}
        folder = posixpath.dirname(page.file.dest_uri)
        return render.render_game_page(_build["sources"][game_id], _build["specs"][game_id], _build["specs"],
                                       frames_out=frames, frames_dir=f"{folder}/" if folder else "")
    collection = _build.get("collections", {}).get(page.file.src_uri)
    if collection:
        if collection.description:
            page.meta.setdefault("description", collection.description)
        return collection_pages.render_collection(collection, _build["specs"])
    if page.file.src_uri == "index.md":
        return markdown.replace(indexes.HOME_MARKER, indexes.home_games_list(_build["specs"], _build.get("sources")))
    if page.file.src_uri == scorepad.PAGE:
        return scorepad.page_markdown(markdown, get_relative_url(scorepad.DATA, page.file.url),
                                      get_relative_url("", page.file.url))
    return markdown


def on_page_content(html, page, config, files):
    glossary_file = files.get_file_from_path(GLOSSARY)
    if _game_id(page):
        html = htmltext.colour_cards(html)
        if glossary_file is not None:
            url = get_relative_url(glossary_file.url, page.file.url)
            html = glossary.link_terms(html, _build["terms"], url)
        # A game page is long: a skip link reaches the card table, the first stop after the page's
        # title (where the theme's "Skip to content" leads).
        table = re.search(r'<div class="rules-widget rules-widget--play" id="([^"]+)"', html)
        title = html.find("</h1>")
        if table and title >= 0:
            skip = f'<p class="rules-skip"><a href="#{table.group(1)}">Skip to the card table</a></p>'
            html = html[:title + 5] + "\n" + skip + html[title + 5:]
    return html


def on_page_context(context, page, config, nav):
    _clock_start(page)  # writing: the theme's template, until on_post_page
    return context


PLAY_TAG = re.compile(r'<div [^>]*data-widget="play"[^>]*>')


def play_openings(html):
    """Each play widget's id in ``html``, with the file of its first deal drawn from the build (or None)."""
    found = {}
    for tag in PLAY_TAG.findall(html):
        block, src = re.search(r'\bid="([^"]+)"', tag), re.search(r'\bdata-opening-src="([^"]+)"', tag)
        if block:
            found[block.group(1)] = src.group(1) if src else None
    return found


def on_post_page(output, page, config):
    # Two elements with one id break deep links (a heading "Example 1" and worked example 1).
    ids = Counter(re.findall(r'\sid="([^"]+)"', output))
    twice = sorted(name for name, count in ids.items() if count > 1)
    if twice:
        raise PluginError(f"{page.file.src_uri}: these ids are used twice: {', '.join(twice)} "
                          "(a heading 'Example 1' takes the id of worked example 1: reword the heading)")
    script = get_relative_url("widgets/early.js", page.file.url)
    # The worker's address is relative to early.js, whatever the page's depth.
    worker = browser.worker_address(_build["bundle_folder"])
    openings = play_openings(output) if 'data-widget="play"' in output else None
    output = output.replace("</head>", browser.early_start_script(script, worker, openings) + "\n</head>", 1)
    output = theme.keyboard_reachable_code(output)
    for path, text in _build.get("frames", {}).pop(page.file.src_uri, {}).items():
        target = Path(config.site_dir) / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    _clock_stop(page)
    return output
