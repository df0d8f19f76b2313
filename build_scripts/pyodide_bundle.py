"""The self-hosted Pyodide distribution: the pinned runtime plus the engine's wheel.

    python -m build_scripts.pyodide_bundle [OUT_DIR] [--force]

OUT_DIR (default ``build/pyodide``) ends up holding exactly what a page needs
to run the engine with no request leaving the site's origin::

    pyodide.mjs, pyodide.js        the loader (ES module, classic script)
    pyodide.asm.mjs, pyodide.asm.wasm, python_stdlib.zip
                                   the runtime that ``loadPyodide`` fetches at start
    pyodide-lock.json              the package lock, listing only the engine
    rules_engine-0.1.0-py3-none-any.whl
                                   the engine's wheel, compiled to bytecode (build_scripts/bytecode.py)
    engine-<sha256>.snapshot       a memory snapshot of the interpreter with the engine imported
    snapshot.json                  its name, size and sha256, the Pyodide version it is for, and
                                   its gzip's name, size and sha256
    stdlib.zip                     python_stdlib.zip cut to the modules the engine needs
                                   (build_scripts/stdlib_cut.py) and compiled to bytecode, which
                                   the page's worker fetches instead
    *.gz                           the gzips made at build time of the WebAssembly binary (3.5 MB
                                   for 9.6 MB), the snapshot (5.5 MB for 31.5 MB), the standard
                                   library (1.0 MB for 3.2 MB) and the wheel (0.6 MB for 2.0 MB)
    bundle-manifest.json           versions, the inputs' digest, size and sha256 per file

so a page does ``loadPyodide({indexURL: "<site>/pyodide/", _loadSnapshot: <the snapshot>})``
(the fast start: Python's start-up, loadPackage and the engine's imports are already done), or
``loadPyodide({indexURL: "<site>/pyodide/"})`` and then ``await pyodide.loadPackage("rules_engine")``
(the normal start); the page's worker chooses (widgets/engine-start.js).

The .gz files are what the page's worker fetches (widgets/engine-start.js undoes them with
DecompressionStream, and takes the plain file when it cannot), so a reader's download is as small
on a host that compresses only text (and sends a ``.snapshot``, ``.wasm`` or ``.zip`` as it is) as
on one that compresses everything.

Where things come from, all pinned exactly:

- the runtime: npm ``pyodide`` as pinned in ``build_scripts/pyodide_pins/package.json`` and
  ``package-lock.json``, installed with ``npm ci`` into ``build/npm/`` (skipped while
  ``build/npm/`` matches the lock);
- the wheel: built from ``pyproject.toml`` and ``rules_engine/`` (a clean copy, so nothing is
  written into the tree) with setuptools in ``.venv-pyodide``; ``SOURCE_DATE_EPOCH`` makes it
  reproducible, so its sha256 only changes when the engine does;
- the bytecode: compiled by ``compile_python.mjs`` in Node with the bundle's own Pyodide, so it is
  the browser's Python's; the lock then records the compiled wheel's sha256;
- the snapshot: made by ``make_snapshot.mjs`` (beside this script) in Node (>= 18) from the new
  bundle itself (see that file); Pyodide checks at restore that it was made by the same runtime;
- the lock: the upstream ``pyodide-lock.json`` with the engine added by pyodide-build's
  ``pyodide lockfile add-wheels``, run from ``.venv-pyodide`` (Python >= 3.12, created here from
  ``build_scripts/pyodide_pins/requirements.txt`` when missing or out of date). The upstream
  entries (357 packages) are dropped first: their wheels are not in the npm package nor
  shipped, so listing them would only invite requests that fail. The lock lists exactly
  the bundle's wheels.

The whole step is skipped when OUT_DIR's manifest records the same inputs (this script, the
pins, the engine's sources) and every file still matches its recorded sha256. Concurrent runs
on one OUT_DIR wait for each other; a new bundle is built beside OUT_DIR and swapped in whole.
"""

import argparse
import contextlib
import fcntl
import glob
import gzip
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

from build_scripts import stdlib_cut
from build_scripts.bundle_steps import (
    BundleError, find_node, gzip_file, log,
    digest_files as _digest_files, gunzipped_sha256 as _gunzipped_sha256, run as _run, sha256_file as _sha256_file,
)

ROOT = Path(__file__).resolve().parent.parent
PINS = ROOT / "build_scripts" / "pyodide_pins"
NPM_DIR = ROOT / "build" / "npm"
VENV = ROOT / ".venv-pyodide"
DEFAULT_OUT = ROOT / "build" / "pyodide"

PYODIDE_VERSION = "314.0.7"
ENGINE_IMPORT = "rules_engine"
# Everything loadPyodide() fetches for a bare start (the loader itself, the Emscripten module,
# the WebAssembly binary, the standard library, the lock) -- checked against the npm package.
RUNTIME_FILES = ("pyodide.mjs", "pyodide.js", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
# Made from RUNTIME_FILES at build time (gzip, level 9): the worker fetches these instead.
RUNTIME_COMPRESSED = {"pyodide.asm.wasm.gz": "pyodide.asm.wasm"}
LOCK_NAME = "pyodide-lock.json"
MANIFEST_NAME = "bundle-manifest.json"
SNAPSHOT_MANIFEST = "snapshot.json"
SNAPSHOT_SCRIPT = Path(__file__).resolve().parent / "make_snapshot.mjs"
CUT_FILES = (Path(__file__).resolve().parent / "stdlib_cut.py", *stdlib_cut.SCRIPTS,
             ROOT / "widgets" / "engine-start.js")   # the worker's host code is run to find the modules
# 1980-01-01, the earliest time a zip can hold: the wheel's bytes depend only on its contents.
SOURCE_DATE_EPOCH = "315532800"
MIN_BUILD_PYTHON = (3, 12)


# ---- the npm runtime -------------------------------------------------------------------------


def npm_pins_digest():
    return _digest_files([PINS / "package.json", PINS / "package-lock.json"], PINS)


def ensure_npm_runtime(npm_dir=NPM_DIR):
    """``npm ci`` the pinned packages into ``npm_dir`` unless it already matches the lock.
    Returns the installed ``pyodide`` package's folder. Concurrent callers wait for each other."""
    npm_dir = Path(npm_dir).resolve()
    with _exclusive(npm_dir):
        return _ensure_npm_runtime(npm_dir)


def _ensure_npm_runtime(npm_dir):
    package_dir = npm_dir / "node_modules" / "pyodide"
    stamp = npm_dir / ".pins-sha256"
    wanted = npm_pins_digest()
    if stamp.is_file() and stamp.read_text().strip() == wanted and _installed_pyodide_version(package_dir) == PYODIDE_VERSION:
        return package_dir
    npm = shutil.which("npm")
    if npm is None:
        raise BundleError(
            "npm not found: the Pyodide runtime comes from the pinned npm package "
            f"pyodide@{PYODIDE_VERSION}. Install Node.js >= 18 with npm (Debian: apt-get install nodejs npm)."
        )
    log(f"installing pyodide@{PYODIDE_VERSION} with npm ci into {npm_dir}")
    npm_dir.mkdir(parents=True, exist_ok=True)
    stamp.unlink(missing_ok=True)
    for name in ("package.json", "package-lock.json"):
        shutil.copyfile(PINS / name, npm_dir / name)
    _run(
        [npm, "ci", "--prefer-offline", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"],
        f"npm ci (pins in {PINS.relative_to(ROOT)})",
        cwd=npm_dir,
    )
    found = _installed_pyodide_version(package_dir)
    if found != PYODIDE_VERSION:
        raise BundleError(
            f"npm ci installed pyodide {found!r}, expected {PYODIDE_VERSION}: "
            f"build_scripts/pyodide_pins/package-lock.json and PYODIDE_VERSION in {Path(__file__).name} disagree"
        )
    stamp.write_text(wanted + "\n")
    return package_dir


def _installed_pyodide_version(package_dir):
    try:
        return json.loads((package_dir / "package.json").read_text())["version"]
    except (OSError, ValueError, KeyError):
        return None


# ---- the build venv (Python >= 3.12) ---------------------------------------------------------


def _python_ok(python):
    """``python``'s version as a tuple if it runs and is new enough, else None."""
    try:
        result = subprocess.run(
            [python, "-c", "import sys; print('%d.%d' % sys.version_info[:2])"],
            capture_output=True, text=True, timeout=30, check=False,
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    if result.returncode != 0:
        return None  # e.g. a pyenv shim for a version that is installed but not selected
    version = tuple(int(part) for part in result.stdout.strip().split("."))
    return version if version >= MIN_BUILD_PYTHON else None


def find_build_python():
    """A Python >= 3.12 for pyodide-build: $PYODIDE_BUILD_PYTHON, else python3.12/3.13 on PATH,
    else pyenv's installed versions."""
    candidates = []
    if os.environ.get("PYODIDE_BUILD_PYTHON"):
        candidates.append(os.environ["PYODIDE_BUILD_PYTHON"])
    pyenv_root = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv"))
    for minor in ("3.12", "3.13", "3.14"):
        found = shutil.which(f"python{minor}")
        if found:
            candidates.append(found)
        candidates.extend(sorted(glob.glob(str(pyenv_root / "versions" / f"{minor}.*" / "bin" / f"python{minor}"))))
    for candidate in candidates:
        if _python_ok(candidate):
            return candidate
    raise BundleError(
        "pyodide-build 0.39 needs Python >= 3.12 and none was found "
        f"(tried: {', '.join(candidates) or 'no candidates'}). Install one (e.g. pyenv install 3.12) "
        "or point PYODIDE_BUILD_PYTHON at it."
    )


def _venv_python(venv):
    return Path(venv) / "bin" / "python"


def ensure_build_venv(venv=VENV):
    """Create or refresh ``venv`` from the pinned requirements; returns its python."""
    venv = Path(venv)
    requirements = PINS / "requirements.txt"
    python = _venv_python(venv)
    stamp = venv / ".pins-sha256"
    wanted = _digest_files([requirements], PINS)
    if stamp.is_file() and stamp.read_text().strip() == wanted and _python_ok(str(python)):
        return python
    if not _python_ok(str(python)):
        base = find_build_python()
        log(f"creating {venv} with {base}")
        shutil.rmtree(venv, ignore_errors=True)
        _run([base, "-m", "venv", venv], f"creating the build venv {venv}")
    log(f"installing the pinned build tools into {venv} ({requirements.relative_to(ROOT)})")
    stamp.unlink(missing_ok=True)
    _run(
        [python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "-r", requirements],
        f"pip install into {venv}",
    )
    stamp.write_text(wanted + "\n")
    return python


# ---- the engine's wheel ------------------------------------------------------------------------


def engine_source_files(root=ROOT):
    """What goes into the wheel: pyproject.toml and the package's .py files."""
    files = [Path(root) / "pyproject.toml"]
    files += [
        path for path in (Path(root) / ENGINE_IMPORT).rglob("*.py") if "__pycache__" not in path.parts
    ]
    return files


def _check_build_backend_pinned(root=ROOT):
    """The wheel is built without isolation, so the venv must hold exactly what pyproject asks for."""
    requires = tomllib.loads((Path(root) / "pyproject.toml").read_text())["build-system"]["requires"]
    pins = {
        line.split("==")[0].strip().lower(): line.strip()
        for line in (PINS / "requirements.txt").read_text().splitlines()
        if "==" in line and not line.lstrip().startswith("#")
    }
    for requirement in requires:
        name = requirement.split("==")[0].strip().lower()
        if pins.get(name) != requirement.strip():
            raise BundleError(
                f"pyproject.toml's build-system requires {requirement!r} but "
                f"build_scripts/pyodide_pins/requirements.txt pins {pins.get(name, 'nothing')!r} for it: make them equal"
            )


def build_engine_wheel(python, dest_dir, root=ROOT):
    """Build the engine's wheel into ``dest_dir`` from a clean copy of its sources; returns its path."""
    _check_build_backend_pinned(root)
    dest_dir = Path(dest_dir)
    dest_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="rules-engine-src-") as tmp:
        for path in engine_source_files(root):
            target = Path(tmp) / path.relative_to(root)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)
        env = dict(os.environ, SOURCE_DATE_EPOCH=SOURCE_DATE_EPOCH, PYTHONDONTWRITEBYTECODE="1")
        _run(
            [python, "-m", "pip", "wheel", "--quiet", "--disable-pip-version-check", "--no-deps",
             "--no-build-isolation", "--no-index", "--wheel-dir", dest_dir, tmp],
            "building the engine's wheel",
            env=env,
        )
    wheels = sorted(dest_dir.glob("rules_engine-*-py3-none-any.whl"))
    if len(wheels) != 1:
        raise BundleError(f"expected one rules_engine wheel in {dest_dir}, found {[w.name for w in wheels]}")
    return wheels[0]


# ---- the lock --------------------------------------------------------------------------------


def write_lock(python, upstream_lock, wheel, out_dir):
    """Write ``out_dir/pyodide-lock.json``: the upstream lock's header (its packages dropped)
    plus ``wheel`` (which must sit in ``out_dir``), added by ``pyodide lockfile add-wheels``."""
    out_dir = Path(out_dir)
    pyodide_cli = Path(python).parent / "pyodide"
    data = json.loads(Path(upstream_lock).read_text())
    data["packages"] = {}
    with tempfile.TemporaryDirectory(prefix="pyodide-lock-") as tmp:
        source = Path(tmp) / LOCK_NAME
        source.write_text(json.dumps(data, indent=2, sort_keys=True))
        _run(
            [pyodide_cli, "lockfile", "add-wheels", "--input", source, "--output", out_dir / LOCK_NAME,
             "--base-path", out_dir, wheel],
            "pyodide lockfile add-wheels",
        )
    lock = json.loads((out_dir / LOCK_NAME).read_text())
    entry = _engine_entry(lock)
    if entry is None or entry.get("file_name") != Path(wheel).name or entry.get("sha256") != _sha256_file(wheel):
        raise BundleError(f"pyodide lockfile add-wheels wrote an unexpected entry for the engine: {entry!r}")
    return out_dir / LOCK_NAME


def relock(lock_path, wheel):
    """Record ``wheel``'s new sha256 in the lock, once it has been compiled (stdlib_cut.py)."""
    lock = json.loads(Path(lock_path).read_text())
    _engine_entry(lock)["sha256"] = _sha256_file(wheel)
    Path(lock_path).write_text(json.dumps(lock, indent=2, sort_keys=True))


def engine_compressed(wheel_name):
    """The engine's files the worker fetches gzipped (made at build time, as RUNTIME_COMPRESSED):
    the compiled standard library and the wheel, stored zips that gzip packs whole."""
    name = Path(wheel_name).name
    return {stdlib_cut.STDLIB_CUT + ".gz": stdlib_cut.STDLIB_CUT, name + ".gz": name}


def _engine_entry(lock):
    for entry in lock.get("packages", {}).values():
        if ENGINE_IMPORT in entry.get("imports", []):
            return entry
    return None


# ---- the memory snapshot ---------------------------------------------------------------------


def make_snapshot(bundle_dir, package_dir, wheel):
    """Make ``bundle_dir``'s memory snapshot (see make_snapshot.mjs) and its ``snapshot.json``;
    returns that manifest."""
    bundle_dir = Path(bundle_dir)
    made = bundle_dir / "engine.snapshot.tmp"
    result = _run([find_node(), SNAPSHOT_SCRIPT, "--bundle", bundle_dir, "--loader", Path(package_dir) / "pyodide.mjs",
                   "--wheel", Path(wheel).name, "--stdlib", bundle_dir / stdlib_cut.STDLIB_CUT, "--out", made], "making the memory snapshot (make_snapshot.mjs)",
                  env=dict(os.environ, NODE_OPTIONS=""))
    report = json.loads(result.stdout.strip().splitlines()[-1])
    digest = _sha256_file(made)
    name = f"engine-{digest[:16]}.snapshot"
    made.rename(bundle_dir / name)
    manifest = {
        "version": 1,
        "pyodide": PYODIDE_VERSION,
        "file": name,
        "bytes": report["bytes"],
        # The restore never grows the memory: the heap must fit in the module's first (make_snapshot.mjs).
        "heap_bytes": report["heap"],
        "initial_memory_bytes": report["initialMemory"],
        "sha256": digest,
        "engine_wheel": Path(wheel).name,
        "engine_wheel_sha256": _sha256_file(wheel),
        "engine_version": report["engine"],
        "python": report["python"],
        "modules": report["modules"],
        "random_generators": report["randoms"],
    }
    (bundle_dir / SNAPSHOT_MANIFEST).write_text(json.dumps(manifest, indent=2) + "\n")
    return manifest


def compress_snapshot(bundle_dir, manifest):
    """Gzip the snapshot beside it and record the gzip in ``snapshot.json`` (``compressed``)."""
    bundle_dir = Path(bundle_dir)
    name = manifest["file"] + ".gz"
    size = gzip_file(bundle_dir / manifest["file"], bundle_dir / name)
    manifest["compressed"] = {"file": name, "encoding": "gzip", "bytes": size,
                              "sha256": _sha256_file(bundle_dir / name)}
    (bundle_dir / SNAPSHOT_MANIFEST).write_text(json.dumps(manifest, indent=2) + "\n")
    return manifest


def snapshot_manifest(bundle_dir):
    return json.loads((Path(bundle_dir) / SNAPSHOT_MANIFEST).read_text())


# ---- the bundle ------------------------------------------------------------------------------


def inputs_digest():
    """What the bundle is made from: this script, the pins and the engine's sources."""
    files = [Path(__file__).resolve(), SNAPSHOT_SCRIPT, *CUT_FILES, *PINS.glob("*"), *engine_source_files()]
    return _digest_files([f for f in files if f.is_file()], ROOT)


def check_bundle(out_dir, deep=False):
    """Problems with the bundle in ``out_dir`` (an empty list if it is complete and intact):
    every runtime file present, every file the lock names present with its sha256, the snapshot
    and its gzip as snapshot.json says, the gzipped runtime files present, and every file
    matching the manifest. ``deep`` (when the bundle is made) also unpacks each .gz and compares
    it with its plain file."""
    out_dir = Path(out_dir)
    problems = []
    try:
        manifest = json.loads((out_dir / MANIFEST_NAME).read_text())
        lock = json.loads((out_dir / LOCK_NAME).read_text())
    except (OSError, ValueError) as error:
        return [f"cannot read the manifest or the lock: {error}"]
    for name in RUNTIME_FILES:
        if not (out_dir / name).is_file():
            problems.append(f"missing runtime file {name}")
    for key, entry in lock.get("packages", {}).items():
        path = out_dir / entry["file_name"]
        if "/" in entry["file_name"] or ":" in entry["file_name"]:
            problems.append(f"lock entry {key} points outside the bundle: {entry['file_name']}")
        elif not path.is_file():
            problems.append(f"lock entry {key}: {entry['file_name']} is not in the bundle")
        elif _sha256_file(path) != entry["sha256"]:
            problems.append(f"lock entry {key}: sha256 of {entry['file_name']} does not match")
    if _engine_entry(lock) is None:
        problems.append(f"the lock has no package importing {ENGINE_IMPORT}")
    try:
        snapshot = snapshot_manifest(out_dir)
        path = out_dir / snapshot["file"]
        if not path.is_file() or path.stat().st_size != snapshot["bytes"]:
            problems.append(f"the memory snapshot {snapshot['file']} is missing or has the wrong size")
        packed = snapshot["compressed"]
        path = out_dir / packed["file"]
        if packed["file"] != snapshot["file"] + ".gz" or packed["encoding"] != "gzip":
            problems.append(f"{SNAPSHOT_MANIFEST}: the compressed snapshot should be {snapshot['file']}.gz, gzip")
        elif not path.is_file() or path.stat().st_size != packed["bytes"] or _sha256_file(path) != packed["sha256"]:
            problems.append(f"the compressed snapshot {packed['file']} is missing or differs from {SNAPSHOT_MANIFEST}")
        compressed = {packed["file"]: snapshot["sha256"]}
    except (OSError, ValueError, KeyError, TypeError) as error:
        problems.append(f"cannot read {SNAPSHOT_MANIFEST}: {error}")
        compressed = {}
    for name, source in {**RUNTIME_COMPRESSED, **engine_compressed(manifest.get("engine_wheel", ""))}.items():
        if not (out_dir / name).is_file():
            problems.append(f"missing {name} (the gzip of {source})")
        elif deep:
            compressed[name] = _sha256_file(out_dir / source) if (out_dir / source).is_file() else None
    if deep:
        # Each .gz unpacks to the very bytes of its plain file (checked when the bundle is made; later
        # checks compare every file's sha256 with the manifest's).
        for name, wanted in compressed.items():
            try:
                if _gunzipped_sha256(out_dir / name) != wanted:
                    problems.append(f"{name} does not unpack to the file it is the gzip of")
            except (OSError, EOFError, gzip.BadGzipFile) as error:
                problems.append(f"{name} does not unpack: {error}")
    for name, info in manifest.get("files", {}).items():
        path = out_dir / name
        if not path.is_file() or path.stat().st_size != info["bytes"] or _sha256_file(path) != info["sha256"]:
            problems.append(f"{name} differs from the manifest")
    return problems


@contextlib.contextmanager
def _exclusive(out_dir):
    """One build per OUT_DIR at a time (pytest-xdist workers, make targets)."""
    out_dir.parent.mkdir(parents=True, exist_ok=True)
    with open(out_dir.parent / f".{out_dir.name}.lock", "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def build_bundle(out_dir=DEFAULT_OUT, force=False, npm_dir=NPM_DIR, venv=VENV):
    """Build (or confirm up to date) the Pyodide distribution in ``out_dir``; returns its path."""
    out_dir = Path(out_dir).resolve()
    wanted = inputs_digest()
    with _exclusive(out_dir):
        if not force and _up_to_date(out_dir, wanted):
            log(f"{out_dir} is up to date")
            return out_dir
        if out_dir.exists() and not (out_dir / MANIFEST_NAME).is_file() and any(out_dir.iterdir()):
            raise BundleError(
                f"refusing to replace {out_dir}: it is not empty and holds no {MANIFEST_NAME}, "
                "so this script did not make it; remove it or choose another OUT_DIR"
            )
        started = time.perf_counter()
        package_dir = ensure_npm_runtime(npm_dir)
        python = ensure_build_venv(venv)
        staging = out_dir.parent / f".{out_dir.name}.staging"
        shutil.rmtree(staging, ignore_errors=True)
        staging.mkdir(parents=True)
        for name in RUNTIME_FILES:
            if not (package_dir / name).is_file():
                raise BundleError(f"npm pyodide@{PYODIDE_VERSION} has no {name}: has its layout changed?")
            shutil.copyfile(package_dir / name, staging / name)
        wheel = build_engine_wheel(python, staging)
        lock_path = write_lock(python, package_dir / LOCK_NAME, wheel, staging)
        lock = json.loads(lock_path.read_text())
        loader = package_dir / "pyodide.mjs"
        used = stdlib_cut.used_files(_run, find_node(), staging, loader)
        stdlib_cut.compile_bundle(_run, find_node(), staging, loader, used, wheel)
        relock(lock_path, wheel)
        snapshot = compress_snapshot(staging, make_snapshot(staging, package_dir, wheel))
        for name, source in {**RUNTIME_COMPRESSED, **engine_compressed(wheel)}.items():
            gzip_file(staging / source, staging / name)
        files = {
            path.name: {"bytes": path.stat().st_size, "sha256": _sha256_file(path)}
            for path in sorted(staging.iterdir())
        }
        manifest = {
            "pyodide": PYODIDE_VERSION,
            "python": lock.get("info", {}).get("python"),
            "engine_wheel": wheel.name,
            "snapshot": snapshot["file"],
            "inputs": wanted,
            "files": files,
        }
        (staging / MANIFEST_NAME).write_text(json.dumps(manifest, indent=2) + "\n")
        problems = check_bundle(staging, deep=True)
        if problems:
            raise BundleError("the new bundle is broken:\n  " + "\n  ".join(problems))
        old = out_dir.parent / f".{out_dir.name}.old"
        shutil.rmtree(old, ignore_errors=True)
        if out_dir.exists():
            out_dir.rename(old)
        staging.rename(out_dir)
        shutil.rmtree(old, ignore_errors=True)
        total = sum(info["bytes"] for info in files.values())
        log(f"built {out_dir} ({len(files) + 1} files, {total / 1e6:.1f} MB, "
            f"{wheel.name}) in {time.perf_counter() - started:.1f} s")
        return out_dir


def _up_to_date(out_dir, wanted):
    try:
        manifest = json.loads((out_dir / MANIFEST_NAME).read_text())
    except (OSError, ValueError):
        return False
    return manifest.get("inputs") == wanted and not check_bundle(out_dir)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out_dir", nargs="?", default=str(DEFAULT_OUT),
                        help=f"where the bundle goes (default {DEFAULT_OUT.relative_to(ROOT)})")
    parser.add_argument("--force", action="store_true", help="rebuild even if up to date")
    args = parser.parse_args(argv)
    try:
        build_bundle(args.out_dir, force=args.force)
    except BundleError as error:
        log(f"error: {error}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
