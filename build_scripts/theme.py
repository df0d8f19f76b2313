"""The theme's own files and markup, changed where they cost every reader on every page.

mkdocs-material's palette marks the body (``data-md-color-switching``) as its script starts, and
unmarks it a frame later, so that a switch of colours does not fade. Its stylesheet's rule for
that mark reaches every element of the page, so each of the two writes restyles the whole page:
about 80 ms each on a game's page with the CPU 4× slower, while a reader who came by a ``#play-``
link is choosing a card on the table drawn before it (benchmarks/link_speed.py). Without the rule,
a switch of the light and dark schemes fades for a quarter of a second instead.
"""

import re
from pathlib import Path

PALETTE_GLOB = "assets/stylesheets/palette.*.min.css"
SWITCHING_RULE = ("[data-md-color-switching] *,[data-md-color-switching] :after,"
                  "[data-md-color-switching] :before{transition-duration:0s!important}")
# Left in the stylesheet in the rule's place: a dirty build (``make serve``) finds the file it
# changed before, which MkDocs copies again only when the theme's own is newer.
DONE = "/* build_scripts/theme.py: the switching rule taken out */"


class ThemeError(RuntimeError):
    """The theme's file is not as this step expects (a new version of the theme)."""


def drop_switching_rule(site_dir):
    """Removes the palette's rule for its switching mark from the built site (if the palette is
    on); returns the stylesheet changed, or None (no palette, or changed already). A palette
    stylesheet without the rule stops the build: the theme has changed, and this step must be
    looked at again."""
    sheets = sorted(Path(site_dir).glob(PALETTE_GLOB))
    if not sheets:
        return None
    if len(sheets) > 1:
        raise ThemeError(f"{len(sheets)} palette stylesheets in the site ({', '.join(p.name for p in sheets)}): expected one")
    sheet = sheets[0]
    text = sheet.read_text(encoding="utf-8")
    if DONE in text:
        return None
    if SWITCHING_RULE not in text:
        raise ThemeError(f"{sheet}: the theme's rule for data-md-color-switching is not where it was "
                         "(a new mkdocs-material?): see build_scripts/theme.py")
    sheet.write_text(text.replace(SWITCHING_RULE, DONE, 1), encoding="utf-8")
    return sheet


# A code block as Pygments writes it: <pre><span></span><code>, the <code> without attributes.
CODE_BLOCK = re.compile(r"(<pre\b[^>]*>(?:<span></span>)?)<code>")


def keyboard_reachable_code(html):
    """Every code block of a page reachable from the keyboard from the start (tabindex 0). The theme
    puts its button on a code block, and the tabindex on one wider than the column, only when the
    block nears the view (``content.lazy`` in mkdocs.yml: all at once, they made it lay the page out
    once per block as it started); until then a wide block could not be scrolled from the keyboard.
    Once there, the theme takes the tabindex off a block that does not scroll."""
    return CODE_BLOCK.sub(r'\1<code tabindex="0">', html)
