"""Where the build notes how long each step took, for ``benchmarks/site_build.py``.

The hooks fill these in during a build; nothing else reads them.
"""

# Seconds per page, by the page's path in docs/: from reading its Markdown to its finished HTML.
PAGES = {}
# Seconds per game page for each engine check (doctests, examples, diagrams).
CHECKS = {}
# Seconds spent checking every source, once per build.
VALIDATION = {"seconds": 0.0}


def reset():
    PAGES.clear()
    CHECKS.clear()
    VALIDATION["seconds"] = 0.0
