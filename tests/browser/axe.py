"""axe-core in the browser tests: ``axe_violations(page)`` checks a Playwright
page (or one part of it) for accessibility problems.

axe-core comes from npm, pinned in ``tests/browser/axe_pins/`` (package.json
and its lock) and installed with ``npm ci`` into ``build/test-npm/`` the first
time a test asks for it (again only when the pins change). It is injected into
the page under test from that file, never fetched, and is no part of the site.

    from axe import axe_violations, describe

    problems = axe_violations(page, "[data-widget=scorepad]")
    assert not problems, describe(problems)
"""

import fcntl
import hashlib
import json
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PINS = Path(__file__).resolve().parent / "axe_pins"
NPM_DIR = ROOT / "build" / "test-npm"
AXE_JS = NPM_DIR / "node_modules" / "axe-core" / "axe.min.js"
# WCAG 2.x A and AA, the bar the site sets itself.
DEFAULT_TAGS = ("wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa")


def _pins_digest():
    digest = hashlib.sha256()
    for name in ("package.json", "package-lock.json"):
        digest.update((PINS / name).read_bytes())
    return digest.hexdigest()


def ensure_axe():
    """The path of the pinned ``axe.min.js``, installing it with ``npm ci`` if needed."""
    wanted = _pins_digest()
    stamp = NPM_DIR / ".pins-sha256"
    NPM_DIR.mkdir(parents=True, exist_ok=True)
    with open(NPM_DIR / ".lock", "w") as lock:  # two test workers may ask at once
        fcntl.flock(lock, fcntl.LOCK_EX)
        if AXE_JS.exists() and stamp.exists() and stamp.read_text().strip() == wanted:
            return AXE_JS
        npm = shutil.which("npm")
        if npm is None:
            raise RuntimeError("npm not found: the browser tests install axe-core with `npm ci` "
                               "(Debian: apt-get install nodejs npm)")
        for name in ("package.json", "package-lock.json"):
            shutil.copyfile(PINS / name, NPM_DIR / name)
        result = subprocess.run(
            [npm, "ci", "--prefer-offline", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"],
            cwd=NPM_DIR, capture_output=True, text=True)
        if result.returncode != 0 or not AXE_JS.exists():
            raise RuntimeError(f"npm ci of axe-core failed in {NPM_DIR}:\n{result.stdout}{result.stderr}")
        stamp.write_text(wanted + "\n")
    return AXE_JS


def axe_version():
    return json.loads((NPM_DIR / "node_modules" / "axe-core" / "package.json").read_text())["version"]


# The rules whose outcome depends on the colours alone: a page shown in its other colour scheme
# (the same document, other colours) is checked again on these only.
COLOUR_RULES = ("color-contrast", "link-in-text-block")


def axe_violations(page, selector=None, tags=DEFAULT_TAGS, colours_only=False):
    """axe-core's violations on ``page`` (limited to ``selector`` if given), as
    plain dicts: ``id``, ``impact``, ``help``, ``helpUrl`` and ``nodes`` (each with
    ``target``, ``html`` and ``failureSummary``). An empty list means no problem found.
    ``colours_only``: the colour rules alone (COLOUR_RULES), for a page already checked whole in
    another colour scheme."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(content=ensure_axe().read_text(encoding="utf-8"))
    run_only = {"type": "rule", "values": list(COLOUR_RULES)} if colours_only else {"type": "tag", "values": list(tags)}
    return page.evaluate(
        """async ([selector, runOnly]) => {
            const context = selector ? { include: [selector] } : document;
            const options = { resultTypes: ["violations"], runOnly };
            const results = await window.axe.run(context, options);
            return results.violations.map((v) => ({
                id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl,
                nodes: v.nodes.map((n) => ({ target: n.target, html: n.html, failureSummary: n.failureSummary })),
            }));
        }""",
        [selector, run_only],
    )


def in_scheme(page, scheme):
    """Shows ``page`` in the theme's colour ``scheme`` ("default" or "slate") at once: the
    theme's colour transitions are turned off first, so axe never reads a colour half-way
    (a fixed wait lost that race on a loaded machine)."""
    page.evaluate(
        """(scheme) => {
            if (!document.getElementById("axe-no-transitions")) {
                const style = document.createElement("style");
                style.id = "axe-no-transitions";
                style.textContent = "*, *::before, *::after { transition: none !important; animation: none !important; }";
                document.head.append(style);
            }
            document.body.setAttribute("data-md-color-scheme", scheme);
            return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        }""",
        scheme,
    )


def describe(violations):
    """Violations as readable lines, for an assertion's message."""
    lines = []
    for v in violations:
        lines.append(f"{v['id']} ({v['impact']}): {v['help']}")
        for node in v["nodes"][:5]:
            lines.append(f"    {' '.join(map(str, node['target']))}: {node['html'][:160]}")
            if node.get("failureSummary"):
                lines.append("      " + node["failureSummary"].replace("\n", " ")[:300])
    return "\n".join(lines)
