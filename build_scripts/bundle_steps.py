"""What the steps of the bundle build share (build_scripts/pyodide_bundle.py, stdlib_cut.py): the
error they raise, running a command, digests, gzip and Node."""

import gzip
import hashlib
import shutil
import subprocess
import sys
from pathlib import Path

GZIP_LEVEL = 9
MIN_NODE = (18, 0)


class BundleError(RuntimeError):
    """A step of the bundle build failed; the message says which and what to do."""


def log(message):
    print(f"pyodide-bundle: {message}", file=sys.stderr, flush=True)


def sha256_file(path):
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def digest_files(paths, base):
    digest = hashlib.sha256()
    for path in sorted(paths):
        digest.update(str(Path(path).relative_to(base)).encode() + b"\0")
        digest.update(Path(path).read_bytes() + b"\0")
    return digest.hexdigest()


def run(cmd, what, cwd=None, env=None):
    """Run ``cmd``; on failure raise BundleError naming ``what``, the command and its output."""
    try:
        result = subprocess.run(
            [str(c) for c in cmd], cwd=cwd, env=env, capture_output=True, text=True, check=False
        )
    except FileNotFoundError as error:
        raise BundleError(f"{what}: cannot run {cmd[0]!s}: {error}") from None
    if result.returncode != 0:
        output = (result.stdout + result.stderr).strip().splitlines()
        tail = "\n".join("    " + line for line in output[-40:])
        raise BundleError(
            f"{what} failed (exit {result.returncode}):\n    $ {' '.join(str(c) for c in cmd)}\n{tail}"
        )
    return result


def find_node():
    """The ``node`` executable (>= 18, as Pyodide needs), or BundleError saying why not."""
    node = shutil.which("node")
    if node is None:
        raise BundleError("node is not on PATH: the bundle is made, and the engine-in-Pyodide checks run, "
                          "with Pyodide in Node.js >= 18 (Debian: apt-get install nodejs npm)")
    version = subprocess.run([node, "--version"], capture_output=True, text=True, check=False).stdout.strip()
    try:
        found = tuple(int(part) for part in version.lstrip("v").split(".")[:2])
    except ValueError:
        found = (0, 0)
    if found < MIN_NODE:
        raise BundleError(f"{node} is Node.js {version or '(unknown version)'}; Pyodide needs >= 18")
    return node


def gzip_file(source, destination):
    """Write ``destination``, the gzip of ``source`` (no name or time in its header, so the same
    bytes give the same file); returns its size."""
    with open(source, "rb") as raw, open(destination, "wb") as out:
        with gzip.GzipFile(filename="", mode="wb", fileobj=out, compresslevel=GZIP_LEVEL, mtime=0) as packed:
            shutil.copyfileobj(raw, packed, 1 << 20)
    return Path(destination).stat().st_size


def gunzipped_sha256(path):
    digest = hashlib.sha256()
    with gzip.open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()
