"""Rewrite the text of a rendered page without touching its markup.

MkDocs hands the hooks a page's HTML as a string. The text between tags is
passed to a function together with what encloses it (inside a rule? inside
code, a link or a drawing?), so the glossary links and the card colours are
added to prose only.
"""

import re

# Elements whose text is never rewritten: links already, code, headings, drawings, the facts box.
SKIPPED = {"a", "code", "pre", "kbd", "script", "style", "svg", "figure", "aside", "button", "title",
           "h1", "h2", "h3", "h4", "h5", "h6", "summary", "textarea"}
VOID = {"br", "img", "hr", "input", "meta", "link", "wbr", "source", "col", "area", "base", "embed"}
TAG = re.compile(r"<!--.*?-->|<(/?)([a-zA-Z][a-zA-Z0-9-]*)((?:[^>\"']|\"[^\"]*\"|'[^']*')*?)(/?)>", re.DOTALL)
RULE_CLASS = re.compile(r"""class\s*=\s*["'][^"']*\brule\b""")
CARD = re.compile(r"(?<![\w>])(10|[2-9AJQK])([♠♥♦♣])")


def map_text(page_html, transform):
    """``page_html`` with each run of text ``t`` replaced by
    ``transform(t, in_rule)``, except inside the SKIPPED elements."""
    stack = []  # open elements: (tag, is a rule, is skipped)
    out = []
    position = 0
    for match in TAG.finditer(page_html):
        out.append(_apply(page_html[position:match.start()], stack, transform))
        out.append(match.group(0))
        position = match.end()
        if match.group(2) is None:  # a comment
            continue
        closing, tag, attrs, self_closing = match.group(1), match.group(2).lower(), match.group(3), match.group(4)
        if self_closing or tag in VOID:
            continue
        if closing:
            for depth in range(len(stack) - 1, -1, -1):
                if stack[depth][0] == tag:
                    del stack[depth:]
                    break
        else:
            stack.append((tag, bool(RULE_CLASS.search(attrs)), tag in SKIPPED))
    out.append(_apply(page_html[position:], stack, transform))
    return "".join(out)


def _apply(text, stack, transform):
    if not text or any(skipped for _, _, skipped in stack):
        return text
    return transform(text, any(is_rule for _, is_rule, _ in stack))


def colour_cards(page_html):
    """Cards written with suit symbols in the prose (``7♥``) get their suit's colour."""
    def colour(match):
        tone = "red" if match.group(2) in "♥♦" else "black"
        return f'<span class="card card--{tone}">{match.group(0)}</span>'

    return map_text(page_html, lambda text, in_rule: CARD.sub(colour, text))
