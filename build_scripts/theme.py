"""The theme's own files, changed where they cost every reader on every page.

mkdocs-material's palette marks the body (``data-md-color-switching``) as its script starts, and
unmarks it a frame later, so that a switch of colours does not fade. Its stylesheet's rule for
that mark reaches every element of the page, so each of the two writes restyles the whole page:
about 80 ms each on King's page with the CPU 4× slower, while a reader who came by a ``#play-``
link is choosing a card on the table drawn before it (benchmarks/link_speed.py). Without the rule,
a switch of the light and dark schemes fades for a quarter of a second instead.
"""

from pathlib import Path

PALETTE_GLOB = "assets/stylesheets/palette.*.min.css"
SWITCHING_RULE = ("[data-md-color-switching] *,[data-md-color-switching] :after,"
                  "[data-md-color-switching] :before{transition-duration:0s!important}")


class ThemeError(RuntimeError):
    """The theme's file is not as this step expects (a new version of the theme)."""


def drop_switching_rule(site_dir, since=None):
    """Removes the palette's rule for its switching mark from the built site (if the palette is
    on); returns the stylesheet changed, or None. ``since`` (a time in seconds): a dirty build
    leaves a stylesheet written before it as the last build changed it. A palette stylesheet
    without the rule stops the build: the theme has changed, and this step must be looked at again."""
    sheets = sorted(Path(site_dir).glob(PALETTE_GLOB))
    if not sheets or since is not None and all(sheet.stat().st_mtime < since for sheet in sheets):
        return None
    if len(sheets) > 1:
        raise ThemeError(f"{len(sheets)} palette stylesheets in the site ({', '.join(p.name for p in sheets)}): expected one")
    sheet = sheets[0]
    text = sheet.read_text(encoding="utf-8")
    if SWITCHING_RULE not in text:
        raise ThemeError(f"{sheet}: the theme's rule for data-md-color-switching is not where it was "
                         "(a new mkdocs-material?): see build_scripts/theme.py")
    sheet.write_text(text.replace(SWITCHING_RULE, "", 1), encoding="utf-8")
    return sheet
