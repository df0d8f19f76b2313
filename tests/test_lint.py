"""Ruff's error checks (undefined names, unused imports, syntax) over the project's Python."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_ruff_finds_no_errors():
    result = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--select", "F,E9", "--no-cache",
         "rules_engine", "build_scripts", "tests", "benchmarks", "conftest.py"],
        cwd=ROOT, capture_output=True, text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
