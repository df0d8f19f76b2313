"""Pages and navigation generated from the engine's registry.

Games A–Z, games by family and games by number of players are written here
as Markdown, never by hand, so a game appears on every list the moment it is
registered and has a page. Aliases (the engine's and the page's) get their
own A–Z entries, so a player who knows a game by another name finds it.
"""

import html
import unicodedata

from rules_engine.cards import make_deck, pack_words

from .render import players_text, slug

A_TO_Z = "games/index.md"
BY_FAMILY = "games/by-family.md"
BY_PLAYERS = "games/by-players.md"
GAMES_SECTION = "Games"
HOME_MARKER = "<!-- games: the list of games is generated here -->"


def sort_key(name):
    """Alphabetical order, with accents ignored: "Ó" files under O, and capitals among small letters."""
    decomposed = unicodedata.normalize("NFKD", name)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def _aliases(spec, source):
    front = list(source.front_matter.get("aliases") or []) if source else []
    return list(spec.aliases) + front


def _entry(spec, link_prefix=""):
    count = players_text(spec.player_counts)
    players = f"{count} player{'s' if spec.seats != (1, 1) else ''}"
    return f"- [{spec.name}]({link_prefix}{spec.id}.md): {spec.summary} *{players}, {spec.family}.*"


def a_to_z_page(specs, sources):
    entries = []
    for spec in specs.values():
        entries.append((spec.name, _entry(spec)))
        for alias in _aliases(spec, sources.get(spec.id)):
            entries.append((alias, f"- *{alias}*: see [{spec.name}]({spec.id}.md)"))
    entries.sort(key=lambda item: sort_key(item[0]))
    out = ["# Games A–Z", "",
           "Every game on the site, in alphabetical order; a game's other names are listed too, "
           "each pointing to its page. The lists [by family](by-family.md) and "
           "[by number of players](by-players.md) hold the same games.", ""]
    letter = None
    for name, line in entries:
        first = sort_key(name)[:1].upper()
        if first != letter:
            letter = first
            out += ["", f"## {letter} {{#letter-{letter.lower()}}}", ""]
        out.append(line)
    return "\n".join(out) + "\n"


def by_family_page(specs):
    families = {}
    for spec in specs.values():
        families.setdefault(spec.family, []).append(spec)
    out = ["# Games by family", "",
           "Games of one family share their machinery: how tricks are won, how a tableau is built, "
           "how melds are laid down. Learn one and the others come quickly.", ""]
    for family in sorted(families, key=sort_key):
        out += ["", f"## {family.capitalize()} {{#{slug(family)}}}", ""]
        out += [_entry(spec) for spec in sorted(families[family], key=lambda s: sort_key(s.name))]
    return "\n".join(out) + "\n"


def by_players_page(specs):
    counts = sorted({n for spec in specs.values() for n in spec.player_counts})
    out = ["# Games by number of players", "",
           "Find a game for the people at your table. A game that takes a range of players is "
           "listed under each number in it.", ""]
    for n in counts:
        games = [spec for spec in specs.values() if n in spec.player_counts]
        title = "1 player" if n == 1 else f"{n} players"
        out += ["", f"## {title} {{#players-{n}}}", ""]
        out += [_entry(spec) for spec in sorted(games, key=lambda s: sort_key(s.name))]
    return "\n".join(out) + "\n"


def generated_pages(specs, sources):
    """``{docs-relative path: Markdown}`` of the index pages."""
    return {
        A_TO_Z: a_to_z_page(specs, sources),
        BY_FAMILY: by_family_page(specs),
        BY_PLAYERS: by_players_page(specs),
    }


def home_games_list(specs, sources=None):
    """The home page's catalogue of games (links relative to ``docs/index.md``): a plain list,
    each game carrying what the filters read (``widgets/catalogue.js``; its lessons' ids, from
    its page in ``sources``, for the mark of the ones this browser completed), and the filters'
    form, hidden until that script shows it, so the page works as a list without JavaScript."""
    sources = sources or {}
    ordered = sorted(specs.values(), key=lambda spec: sort_key(spec.name))
    counts = sorted({n for spec in ordered for n in spec.player_counts})
    families = sorted({spec.family for spec in ordered}, key=sort_key)
    packs = {}
    for spec in ordered:
        for name in _packs(spec):
            packs.setdefault(name, pack_words(name))
    players = "".join(f'<option value="{n}">{n}</option>' for n in counts)
    family_options = "".join(f'<option value="{slug(f)}">{html.escape(f.capitalize())}</option>' for f in families)
    pack_options = "".join(f'<option value="{name}">{html.escape(words)}</option>'
                           for name, words in sorted(packs.items(), key=lambda item: (_pack_size(item[0]), item[1])))
    out = ['<div class="rules-catalogue" data-widget="catalogue" markdown="1">', "",
           '<form class="rules-catalogue__filters" aria-label="Choose games" hidden>',
           f'<label>Players <select name="players"><option value="">any number</option>{players}</select></label>',
           f'<label>Family <select name="family"><option value="">any family</option>{family_options}</select></label>',
           f'<label>Pack <select name="pack"><option value="">any pack</option>{pack_options}</select></label>',
           '<label>Kind <select name="kind"><option value="">solitaires and games for two or more</option>'
           '<option value="solitaire">solitaires only</option><option value="company">games for two or more</option>'
           '</select></label>',
           '<label>Lessons <select name="learned"><option value="">learned or not</option>'
           '<option value="no">not yet learned</option><option value="yes">learned</option></select></label>',
           '<button type="reset">Show every game</button>',
           '<p class="rules-catalogue__learned-note" role="status" hidden></p>',
           '<p class="rules-catalogue__count" role="status" aria-live="polite"></p>',
           "</form>", ""]
    for spec in ordered:
        low, high = spec.seats
        attrs = (f'data-players="{" ".join(str(n) for n in spec.player_counts)}" data-family="{slug(spec.family)}" '
                 f'data-pack="{" ".join(_packs(spec))}" data-kind="{"solitaire" if high == 1 else "company"}" '
                 f'data-game="{spec.id}" data-lessons="{" ".join(_lesson_ids(sources.get(spec.id)))}"')
        out += [_entry(spec, link_prefix="games/"), f"    {{: {attrs} }}"]
    out += ["", '<p class="rules-catalogue__none" hidden>No game on the site fits all of these: '
                'change a filter, or show every game.</p>', "", "</div>"]
    return "\n".join(out)


def _lesson_ids(source):
    """The ids of a game page's lessons (``lesson-1``...), in the page's order."""
    return [fence.id for fence in (source.fences if source else ()) if fence.kind == "lesson"]


def _packs(spec):
    """The names of the packs a game uses, at any number of players."""
    names = [spec.deck] + [name for _, name in spec.deck_by_seats]
    return list(dict.fromkeys(names))


def _pack_size(name):
    return len(make_deck(name))


def add_games_to_nav(nav, specs):
    """``nav`` with a page per registered game appended to its Games section."""
    games = [{spec.name: f"games/{spec.id}.md"} for spec in sorted(specs.values(), key=lambda s: sort_key(s.name))]
    out = []
    found = False
    for item in nav or []:
        if isinstance(item, dict) and GAMES_SECTION in item:
            found = True
            pages = [page for page in item[GAMES_SECTION] if page not in games]
            item = {GAMES_SECTION: pages + games}
        out.append(item)
    if not found:
        out.append({GAMES_SECTION: [A_TO_Z, BY_FAMILY, BY_PLAYERS] + games})
    return out
