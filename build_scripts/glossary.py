"""The glossary: its terms, read from ``docs/glossary.md``, and the links
from the rules to them.

A term is a level-2 heading with an id (``## Trick {#trick}``); the first
paragraph under it is its definition, which also becomes the link's tooltip.
On a game page, the first use of each term inside a rule is linked; words in
code, links, headings and drawings are left alone.
"""

import html
import re
from dataclasses import dataclass

from .htmltext import map_text
from .source import TRAILING_ATTRS, markdown_parser



@dataclass(frozen=True)
class Term:
    name: str
    id: str
    definition: str


def read_terms(text):
    """The glossary's terms, in page order."""
    tokens = markdown_parser().parse(text)
    terms = []
    pending = None
    for index, token in enumerate(tokens):
        if token.type == "heading_open" and token.tag == "h2":
            content = tokens[index + 1].content
            match = TRAILING_ATTRS.search(content)
            if match and match.group(1).strip().startswith("#"):
                pending = (TRAILING_ATTRS.sub("", content).strip(), match.group(1).strip()[1:])
            else:
                pending = None
        elif token.type == "inline" and pending and tokens[index - 1].type == "paragraph_open":
            terms.append(Term(pending[0], pending[1], _plain(token)))
            pending = None
    return terms


def _plain(inline):
    """The text of an inline token without its Markdown (links keep their words)."""
    words = [child.content for child in inline.children or () if child.type in ("text", "code_inline")]
    return re.sub(r"\s+", " ", "".join(words)).strip()


def term_pattern(terms):
    """One regex for every term and its plural, longest first ("no trumps" before "trump")."""
    names = sorted((term.name for term in terms), key=len, reverse=True)
    # "face up" is also written "face-up" (a face-up card).
    alternatives = "|".join("[ -]".join(re.escape(word) for word in name.split()) for name in names)
    return re.compile(rf"(?<![\w-])({alternatives})(?:s|es)?(?![\w-])", re.IGNORECASE)


def link_terms(page_html, terms, glossary_url):
    """``page_html`` with the first use of each term inside a rule linked to
    its entry at ``glossary_url``."""
    if not terms:
        return page_html
    by_name = {term.name.lower(): term for term in terms}
    pattern = term_pattern(terms)
    linked = set()

    def link(match):
        term = by_name[match.group(1).lower().replace("-", " ")]
        if term.id in linked:
            return match.group(0)
        linked.add(term.id)
        title = html.escape(term.definition, quote=True)
        return (f'<a class="glossary-term" href="{glossary_url}#{term.id}" title="{title}">'
                f"{match.group(0)}</a>")

    return map_text(page_html, lambda text, in_rule: pattern.sub(link, text) if in_rule else text)
