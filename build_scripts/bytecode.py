"""The engine and the standard library it needs, compiled to bytecode at build time.

Pyodide ships Python's library as source, so every start in a browser compiles each module it
imports: about 1.1 s of Python's start-up and 0.35 s of the engine's imports on this machine,
more on a phone. This module runs inside Pyodide in Node (``compile_python.mjs``), so the bytecode
is that of the browser's own Python, and writes:

- the standard library cut to the engine's needs (``stdlib_cut.py`` chooses the files) as a zip
  of ``.pyc`` files, which zipimport loads without their source;
- the engine's wheel with each ``.py`` replaced by its ``.pyc`` (``RECORD`` written again), which
  ``loadPackage`` unpacks into site-packages, where Python imports a lone ``.pyc`` as a module.

Each ``.pyc`` is hash-based and unchecked (no timestamp to compare, no source to read). What is
left out, to keep the download near the size of the source: column positions (the worker's
Python gives ``PYTHONNODEBUGRANGES=1``, so a traceback names the line but draws no carets), and
the docstrings of modules and functions (nothing reads them; a class keeps its own, since
``dataclasses`` would otherwise compute one from the class's signature at import). Members are
stored, not deflated: the build gzips each zip whole, which packs bytecode better.
"""

import ast
import base64
import hashlib
import importlib._bootstrap_external as bootstrap
import importlib.util
import io
import zipfile

ZIP_TIME = (1980, 1, 1, 0, 0, 0)   # the same files give the same bytes
DOCUMENTED = (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef)


def without_docstrings(tree):
    """``tree`` with the docstrings of its module and functions removed (a body left empty gets a
    ``pass``); classes keep theirs."""
    for node in ast.walk(tree):
        if isinstance(node, DOCUMENTED) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                node.body = node.body[1:] or [ast.copy_location(ast.Pass(), first)]
    return tree


def compiled(name, source):
    """The ``.pyc`` bytes of ``source`` (bytes), which is the file ``name``."""
    code = compile(without_docstrings(ast.parse(source, name)), name, "exec", dont_inherit=True)
    return bytes(bootstrap._code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))


def _entry(name):
    info = zipfile.ZipInfo(name, ZIP_TIME)
    info.compress_type = zipfile.ZIP_STORED
    info.external_attr = 0o644 << 16
    return info


def _compiled(files):
    """``files`` (name and bytes) with every ``.py`` replaced by its ``.pyc``."""
    return [(name + "c", compiled(name, data)) if name.endswith(".py") else (name, data) for name, data in files]


def _stored_zip(files):
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for name, data in files:
            archive.writestr(_entry(name), data)
    return out.getvalue()


def compiled_zip(files):
    """A zip of ``files`` (name and bytes, in order) with every ``.py`` compiled to its ``.pyc``."""
    return _stored_zip(_compiled(files))


def compile_stdlib(full_zip, names, out):
    """Write ``out``: the files of the zip ``full_zip`` named in ``names``, in its order, compiled.
    Returns how many."""
    wanted = set(names)
    with zipfile.ZipFile(full_zip) as full:
        kept = [name for name in full.namelist() if name in wanted]
        missing = wanted - set(kept)
        if missing:
            raise ValueError(f"{full_zip} has no {', '.join(sorted(missing))}")
        data = compiled_zip([(name, full.read(name)) for name in kept])
    with open(out, "wb") as handle:
        handle.write(data)
    return len(kept)


def _record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def compile_wheel(wheel, out):
    """Write ``out``: the wheel ``wheel`` with each ``.py`` compiled to its ``.pyc`` and its
    ``RECORD`` listing the files as they now are."""
    with zipfile.ZipFile(wheel) as source:
        names = [name for name in source.namelist() if not name.endswith("/")]
        record = next(name for name in names if name.endswith(".dist-info/RECORD"))
        files = _compiled([(name, source.read(name)) for name in names if name != record])
    lines = [_record_line(name, data) for name, data in files] + [f"{record},,"]
    files.append((record, ("\n".join(lines) + "\n").encode()))
    with open(out, "wb") as handle:
        handle.write(_stored_zip(files))
    return len(files)
