"""The build's bytecode (build_scripts/bytecode.py), checked here on CPython: the same code runs
inside Pyodide at build time, where the Pyodide tests play every game on what it made."""

import io
import marshal
import zipfile

import pytest

from build_scripts import bytecode

SOURCE = b'''"""The module's docstring."""

def play(card):
    """Play a card."""
    assert card, "no card"
    return card.upper()

def only_documented():
    """Nothing else."""

class Seat:
    """A seat keeps its docstring."""

    def name(self):
        "A one-line docstring."
        return "seat"
'''


def load(pyc):
    namespace = {}
    exec(marshal.loads(pyc[16:]), namespace)
    return namespace


def test_a_pyc_is_hash_based_unchecked_and_runs():
    pyc = bytecode.compiled("game.py", SOURCE)
    assert int.from_bytes(pyc[4:8], "little") == 1   # hash-based, source not checked
    module = load(pyc)
    assert module["play"]("qs") == "QS" and module["only_documented"]() is None


def test_docstrings_go_but_a_class_keeps_its_own_and_asserts_stay():
    module = load(bytecode.compiled("game.py", SOURCE))
    assert module.get("__doc__") is None
    assert module["play"].__doc__ is None and module["Seat"].name.__doc__ is None
    assert module["Seat"].__doc__ == "A seat keeps its docstring."
    with pytest.raises(AssertionError, match="no card"):
        module["play"]("")


def test_the_same_sources_give_the_same_zip():
    files = [("pkg/__init__.py", b""), ("pkg/game.py", SOURCE), ("pkg/data.txt", b"cards")]
    first = bytecode.compiled_zip(files)
    assert first == bytecode.compiled_zip(files)
    archive = zipfile.ZipFile(io.BytesIO(first))
    assert archive.namelist() == ["pkg/__init__.pyc", "pkg/game.pyc", "pkg/data.txt"]
    assert {info.compress_type for info in archive.infolist()} == {zipfile.ZIP_STORED}


def test_a_name_missing_from_the_library_is_an_error(tmp_path):
    full = tmp_path / "full.zip"
    with zipfile.ZipFile(full, "w") as archive:
        archive.writestr("random.py", b"x = 1\n")
    with pytest.raises(ValueError, match="has no json/__init__.py"):
        bytecode.compile_stdlib(full, ["random.py", "json/__init__.py"], tmp_path / "out.zip")
    assert bytecode.compile_stdlib(full, ["random.py"], tmp_path / "out.zip") == 1
