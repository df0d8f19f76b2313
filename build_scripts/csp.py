"""The site's content security policy, computed from the built pages.

Every script is a file of the site ('self'); Pyodide compiles WebAssembly
('wasm-unsafe-eval'); the theme's few inline scripts are allowed by their sha256
hashes, read from the pages themselves so a theme update cannot silently break
them. The policy goes in every page (a <meta> element, read by any host) and in
``_headers`` (build_scripts/headers.py, for hosts that read one, such as Netlify or
Cloudflare Pages, where it also covers the worker's scripts).

Under ``mkdocs serve`` (``make serve``) only, the policy also lets inline scripts run:
MkDocs' server adds its live-reload script to every page it serves, inline and made anew
for each request (it carries the build's time and the request's), so no hash can name it.
Browsers ignore 'unsafe-inline' beside hashes, so the served policy lists none."""

import base64
import hashlib
import re
from pathlib import Path

# An inline script: no src attribute, and a type the browser runs (data blocks such as the
# theme's application/json configuration are not scripts to CSP).
INLINE = re.compile(r"<script(?P<attrs>(?:\s[^>]*)?)>(?P<body>.*?)</script>", re.S | re.I)
TYPE = re.compile(r"""\btype\s*=\s*["']?([^"'\s>]*)""", re.I)
RUNS = ("", "text/javascript", "module")
BASE = "script-src 'self' 'wasm-unsafe-eval'"
SERVED = "'unsafe-inline'"  # mkdocs serve's live-reload script (see above)
REST = "object-src 'none'; base-uri 'self'"


def inline_scripts(html):
    """The bodies of the page's inline scripts that a browser would run."""
    for match in INLINE.finditer(html):
        attrs = match.group("attrs")
        kind = TYPE.search(attrs)
        if re.search(r"\bsrc\s*=", attrs, re.I) or (kind and kind.group(1).lower() not in RUNS):
            continue
        yield match.group("body")


def script_hash(body):
    return "'sha256-" + base64.b64encode(hashlib.sha256(body.encode("utf-8")).digest()).decode() + "'"


def policy(hashes, serving=False):
    """The policy allowing the inline scripts of these ``hashes``; ``serving``: the policy of a
    site served by ``mkdocs serve``, which runs any inline script (its live-reload script)."""
    return f"{' '.join([BASE, SERVED] if serving else [BASE, *sorted(hashes)])}; {REST}"


def apply(site_dir, serving=False):
    """Put the one policy for every page in each page's <head>; returns it."""
    pages = sorted(Path(site_dir).rglob("*.html"))
    pages = [page for page in pages if "pyodide" not in page.relative_to(site_dir).parts[:1]]
    texts = {page: page.read_text(encoding="utf-8") for page in pages}
    hashes = {script_hash(body) for text in texts.values() for body in inline_scripts(text)}
    value = policy(hashes, serving)
    meta = f'<meta http-equiv="Content-Security-Policy" content="{value}">'
    for page, text in texts.items():
        # Before any script: a <meta> policy covers only what follows it.
        head = re.search(r"<head[^>]*>", text, re.I)
        if head:
            page.write_text(text[:head.end()] + "\n" + meta + text[head.end():], encoding="utf-8")
    return value
