"""Paths and helpers shared by the site's tests."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
FIXTURES = Path(__file__).resolve().parent / "fixtures"


def snapshot(folder):
    """Every file under ``folder`` with its size and modification time."""
    return {path.relative_to(folder).as_posix(): (path.stat().st_size, path.stat().st_mtime_ns)
            for path in sorted(folder.rglob("*")) if path.is_file()}


def run_mkdocs(*args, cwd=ROOT):
    """``mkdocs`` in a subprocess, as ``make build`` runs it; returns the CompletedProcess."""
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    return subprocess.run([sys.executable, "-m", "mkdocs", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=300)
