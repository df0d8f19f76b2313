"""The worker's way to the build's gzips (widgets/engine-start.js), in Node, without Pyodide: a .gz
is unpacked by DecompressionStream; one that arrives already unpacked (a host that sent it with
Content-Encoding: gzip) is taken as it is; the plain file is fetched when the .gz is missing or
DecompressionStream is; the snapshot's unpacked size is checked; every chunk is a sign of life."""

import base64
import gzip
import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NODE = shutil.which("node")

SCRIPT = r"""
import { fetchSnapshot, fetchingCompressed } from "%(module)s";
const raw = new Uint8Array(Buffer.from(process.argv[1], "base64"));
const packed = new Uint8Array(Buffer.from(process.argv[2], "base64"));
const out = {};
const files = (gz) => async (url) => {
  const name = String(url).split("/").pop();
  if (name === "snapshot.json") {
    return new Response(JSON.stringify({ version: 1, pyodide: "1", file: "s.snapshot", bytes: raw.length,
                                         compressed: { file: "s.snapshot.gz", encoding: "gzip" } }));
  }
  if (name.endsWith(".gz")) return gz === null ? new Response("missing", { status: 404 }) : new Response(gz);
  return new Response(raw);
};
const text = async (response) => Buffer.from(await response.arrayBuffer()).toString();
let chunks = 0;
for (const [label, gz] of [["gzip", packed], ["unpacked", raw], ["missing", null]]) {
  const marks = {};
  const bytes = await fetchSnapshot(files(gz), "1", marks, () => { chunks += 1; });
  const wasmMarks = {};
  const wasm = fetchingCompressed(files(gz), "http://h/r/", ["a.wasm"], wasmMarks);
  const response = await wasm("http://h/r/a.wasm");
  out[label] = { snapshot: Buffer.from(bytes).toString(), via: marks.snapshotVia, failed: marks.gzipFailed ?? null,
                 wasm: await text(response), wasmVia: wasmMarks["a.wasm"], type: response.headers.get("content-type") };
}
out.chunks = chunks;
// A gzip that unpacks to the wrong size: the plain file.
const short = {};
await fetchSnapshot(files(packed.slice(0, 0)), "1", short);
out.short = { via: short.snapshotVia, failed: short.gzipFailed };
// No DecompressionStream: the plain files, and no request for a .gz.
globalThis.DecompressionStream = undefined;
const asked = [];
const plain = {};
const spy = async (url) => { asked.push(String(url).split("/").pop()); return files(packed)(url); };
await fetchSnapshot(spy, "1", plain);
await fetchingCompressed(spy, "http://h/r/", ["a.wasm"], plain)("http://h/r/a.wasm");
out.none = { via: plain.snapshotVia, wasm: plain["a.wasm"], asked };
console.log(JSON.stringify(out));
"""


@pytest.mark.skipif(NODE is None, reason="needs Node.js")
def test_the_gzips_are_unpacked_and_the_plain_files_are_the_fallback():
    raw = ("the interpreter's memory " * 2000).encode()
    script = SCRIPT % {"module": (ROOT / "widgets" / "engine-start.js").as_uri()}
    result = subprocess.run(
        [NODE, "--input-type=module", "-e", script, base64.b64encode(raw).decode(),
         base64.b64encode(gzip.compress(raw)).decode()],
        capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    text = raw.decode()
    for label in ("gzip", "unpacked", "missing"):
        assert out[label]["snapshot"] == text and out[label]["wasm"] == text, label
    assert (out["gzip"]["via"], out["gzip"]["wasmVia"], out["gzip"]["failed"]) == ("gzip", "gzip", None)
    assert out["gzip"]["type"] == "application/wasm"
    assert (out["unpacked"]["via"], out["unpacked"]["wasmVia"]) == ("gzip", "gzip")
    assert (out["missing"]["via"], out["missing"]["wasmVia"]) == ("plain", "plain")
    assert "HTTP 404" in out["missing"]["failed"]
    assert out["chunks"] >= 2
    assert out["short"]["via"] == "plain" and "expected" in out["short"]["failed"]
    assert out["none"] == {"via": "plain", "wasm": "plain", "asked": ["snapshot.json", "s.snapshot", "a.wasm"]}
