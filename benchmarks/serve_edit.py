"""How soon `make serve` shows an edit: the time from saving a page to the served page holding
the new words, for a game page (its source checked against the engine, then rendered) and for
the glossary (rendered only: MkDocs' own watching, rebuilding and serving, the floor).

    .venv/bin/python benchmarks/serve_edit.py [--edits N]

Serves a copy of docs/ (the project's pages are never touched) as `make serve` does (strict,
dirty) at a free port of 127.0.0.1, and edits each page N times (default 5), a few seconds
apart (a random part of the pause spreads the edits over MkDocs' polling, every 0.5 s, so
each figure includes up to half a second of waiting for it). Prints the median and the range beside the target (1 s); never asserts.
"""

import argparse
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGES = {"a game page": ("games/yukon.md", "games/yukon/"), "the glossary (floor)": ("glossary.md", "glossary/")}
TARGET = 1.0
SERVE = """import sys
from mkdocs.commands.serve import serve
serve(config_file=sys.argv[1], docs_dir=sys.argv[2], dev_addr=sys.argv[3], build_type="dirty", strict=True,
      open_in_browser=False)
"""


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def fetch(url):
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.read().decode()
    except OSError:
        return ""


def edit_shown(docs, path, url, marker):
    """Seconds from saving ``path`` with ``marker`` in its first paragraph that carries an id to
    the served page holding it."""
    page = docs / path
    text = page.read_text(encoding="utf-8")
    started = time.perf_counter()
    page.write_text(text.replace(" {#", f" {marker} {{#", 1) if " {#" in text else text + f"\n{marker}\n",
                    encoding="utf-8")
    while marker not in fetch(url):
        if time.perf_counter() - started > 60:
            raise RuntimeError(f"{url} did not show the edit within 60 s")
        time.sleep(0.02)
    return time.perf_counter() - started


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edits", type=int, default=5, help="edits per page (default 5)")
    args = parser.parse_args(argv)
    port = free_port()
    base = f"http://127.0.0.1:{port}/"
    with tempfile.TemporaryDirectory() as folder:
        docs = Path(folder) / "docs"
        shutil.copytree(ROOT / "docs", docs)
        env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
        server = subprocess.Popen([sys.executable, "-c", SERVE, str(ROOT / "mkdocs.yml"), str(docs),
                                   f"127.0.0.1:{port}"], cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                                  stderr=subprocess.PIPE, text=True)
        try:
            started = time.perf_counter()
            while "<html" not in fetch(base + PAGES["a game page"][1]):
                if server.poll() is not None:
                    raise RuntimeError(f"mkdocs serve stopped:\n{server.stderr.read()}")
                time.sleep(0.1)
            print(f"`mkdocs serve --strict --dirty`: first build served after {time.perf_counter() - started:.1f} s")
            pauses = random.Random(0)
            for name, (path, address) in PAGES.items():
                times = []
                for n in range(args.edits):
                    time.sleep(2 + pauses.random() / 2)   # the watcher settled, at any point of its polling
                    times.append(edit_shown(docs, path, base + address, f"Edit{n}x{time.time_ns()}"))
                print(f"  {name:<22} edit shown in {statistics.median(times):.2f} s median "
                      f"({min(times):.2f}-{max(times):.2f}, {len(times)} edits); target {TARGET:.1f} s")
        finally:
            server.terminate()
            server.wait(timeout=30)


if __name__ == "__main__":
    main()
