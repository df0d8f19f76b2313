"""``_headers``: the HTTP headers the site asks of hosts that read such a file (Netlify,
Cloudflare Pages), and that the browser tests' and benchmarks' server applies.

- every path: the content security policy (build_scripts/csp.py), which then also covers the
  engine's worker, where no <meta> element can;
- files whose address changes with their content: kept by browsers for a year without asking
  again (``immutable``), which spares a returning reader a round trip per file on the way to the
  engine: the Pyodide bundle's folders, ``pyodide/<runtime>/<engine>/``, each named by a digest of
  what it holds (build_scripts/browser.py), and the theme's fingerprinted assets
  (``bundle.<hash>.min.js`` and the like).

Everything else keeps the host's own policy (usually: ask again each time), so a new build is
seen at once.
"""

import re
from pathlib import Path

HEADERS_FILE = "_headers"
FOREVER = "public, max-age=31536000, immutable"
# mkdocs-material's fingerprinted files: bundle.a5f9d56c.min.js, main.57a0d79d.min.css, ...
FINGERPRINTED = re.compile(r"\.[0-9a-f]{8}\.min\.(?:js|css)$")


def fingerprinted_files(site_dir):
    """Site-relative paths (with a leading /) of the theme's fingerprinted files."""
    site_dir = Path(site_dir)
    return sorted("/" + path.relative_to(site_dir).as_posix()
                  for path in site_dir.rglob("*") if path.is_file() and FINGERPRINTED.search(path.name))


def rules(site_dir, content_security_policy, bundle_folder):
    """The file's rules: [(path pattern, [(header, value), ...]), ...]. ``bundle_folder`` is
    ``<runtime>/<engine>``: the runtime's folder holds the engine's."""
    runtime = bundle_folder.split("/")[0]
    out = [("/*", [("Content-Security-Policy", content_security_policy)]),
           (f"/pyodide/{runtime}/*", [("Cache-Control", FOREVER)])]
    out += [(path, [("Cache-Control", FOREVER)]) for path in fingerprinted_files(site_dir)]
    return out


def write(site_dir, content_security_policy, bundle_folder):
    """Write ``<site>/_headers``; returns its rules."""
    found = rules(site_dir, content_security_policy, bundle_folder)
    text = "".join(f"{path}\n" + "".join(f"  {name}: {value}\n" for name, value in headers) for path, headers in found)
    (Path(site_dir) / HEADERS_FILE).write_text(text, encoding="utf-8")
    return found


def parse(text):
    """``_headers`` text back into rules: a path pattern on its own line, its headers indented
    below it (``Name: value``); ``#`` starts a comment line."""
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if not line[0].isspace():
            found.append((line.strip(), []))
        elif found and ":" in line:
            name, value = line.strip().split(":", 1)
            found[-1][1].append((name.strip(), value.strip()))
        else:
            raise ValueError(f"{HEADERS_FILE}:{number}: a header line needs a path above it and 'Name: value': {line!r}")
    return found


def headers_for(found, path):
    """The headers of every rule whose pattern matches ``path`` (``*`` matches anything)."""
    out = []
    for pattern, headers in found:
        if re.fullmatch(".*".join(map(re.escape, pattern.split("*"))), path):
            out += headers
    return out
