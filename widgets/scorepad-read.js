// Reading text from elsewhere (a file, a link) with our own sentences for what is wrong and
// where, never an engine's raw error: a strict JSON reader, a CSV reader, UTF-8. What the text
// must hold to be a sheet is checked by scorepad-import.js.
import { MAX_ROWS, grouped, quote, short } from "./scorepad-model.js";

const MAX_DEPTH = 16; // a sheet nests 7 deep, an engine row's state included

/** A file or link that holds no sheet the pad can show; the message says what is wrong and where. */
export class SheetError extends Error {
  constructor(message) {
    super(message);
    this.name = "SheetError";
  }
}

export function refuse(message) {
  throw new SheetError(message);
}

/** The end of a sentence saying why `error` stopped an import (a bug's raw text is never shown). */
export function whyNot(error) {
  return error instanceof SheetError ? error.message : "it holds no score sheet the pad can read";
}

/** A size in KB or MB, for a sentence. */
export function size(bytes) {
  return bytes >= 1048576 ? `${grouped(Math.round(bytes / 104857.6) / 10)} MB` : `${grouped(Math.ceil(bytes / 1024))} KB`;
}

/** "line 3, column 7" of offset `at` in `text`. */
function place(text, at) {
  const before = text.slice(0, at);
  const line = before.split("\n").length;
  return `line ${grouped(line)}, column ${grouped(at - before.lastIndexOf("\n"))}`;
}

// ---- JSON, read strictly ------------------------------------------------------------------------

/** A number as written that is no safe whole number (1.0, 1e3, 20 or 400 digits), which
 * JSON.parse would turn into 1, 1000, a rounded number or Infinity without a word. */
export class Written {
  constructor(text) {
    this.text = text;
  }
}

const NUMBER = /-?(?:0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;

export function setField(object, key, value) {
  // A plain own field, even for the key "__proto__", which assignment would take for the prototype.
  if (key === "__proto__") Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  else object[key] = value;
}

/** JSON text to values, with our own sentences for what is wrong and where; numbers that are
 * no safe whole number come back as Written, and nesting is bounded. */
export function parseJSON(text) {
  let at = 0;
  let depth = 0;
  const fail = (what) => refuse(`it is not valid JSON at ${place(text, at)}: ${what}`);
  const unexpected = (wanted) => fail(at < text.length
    ? `${quote(text.slice(at, at + 12))} stands where ${wanted} belongs`
    : `the text stops where ${wanted} belongs (is it cut short?)`);
  const space = () => {
    while (at < text.length && " \t\n\r".includes(text[at])) at += 1;
  };

  function value(key) {
    space();
    const c = text[at];
    if (c === "{" || c === "[") {
      depth += 1;
      if (depth > MAX_DEPTH) fail(`lists and objects nest more than ${MAX_DEPTH} deep, and no score sheet does`);
      const out = c === "{" ? members() : items(key);
      depth -= 1;
      return out;
    }
    if (c === '"') return string();
    if (c === "-" || (c >= "0" && c <= "9")) return number();
    for (const [word, known] of [["true", true], ["false", false], ["null", null]]) {
      if (text.startsWith(word, at)) {
        at += word.length;
        return known;
      }
    }
    return unexpected("a value");
  }

  function members() {
    at += 1;
    const out = {};
    space();
    if (text[at] === "}") {
      at += 1;
      return out;
    }
    for (;;) {
      space();
      if (text[at] !== '"') unexpected("a field's name in quotes");
      const key = string();
      space();
      if (text[at] !== ":") unexpected("“:”");
      at += 1;
      setField(out, key, value(key));
      space();
      if (text[at] === ",") at += 1;
      else if (text[at] === "}") {
        at += 1;
        return out;
      } else unexpected("“,” or “}”");
    }
  }

  function items(key) {
    at += 1;
    const out = [];
    space();
    if (text[at] === "]") {
      at += 1;
      return out;
    }
    for (;;) {
      // The longest list a sheet has is its rows: refuse a longer one at once, before reading it all.
      if (out.length === MAX_ROWS) {
        const list = key === undefined ? "a list" : `“${short(key)}”`;
        refuse(`${list} holds more than ${grouped(MAX_ROWS)} ${key === "rows" ? "rows" : "items"} (at ${place(text, at)}), `
          + `and ${key === "rows" ? `a sheet has at most ${grouped(MAX_ROWS)}` : "no list in a score sheet does"}`);
      }
      out.push(value());
      space();
      if (text[at] === ",") at += 1;
      else if (text[at] === "]") {
        at += 1;
        return out;
      } else unexpected("“,” or “]”");
    }
  }

  function string() {
    const start = at;
    let escapes = false;
    at += 1;
    for (;;) {
      if (at >= text.length) {
        at = start;
        fail("a text in quotes is never closed");
      }
      const code = text.charCodeAt(at);
      if (code === 34) break;
      if (code === 92) {
        escapes = true;
        at += 2;
      } else if (code < 32) {
        fail("a text in quotes holds a line break or another control character");
      } else at += 1;
    }
    at += 1;
    if (!escapes) return text.slice(start + 1, at - 1);
    try {
      return JSON.parse(text.slice(start, at));
    } catch (error) {
      at = start;
      return fail("a text in quotes holds a “\\” that starts no escape JSON knows");
    }
  }

  function number() {
    NUMBER.lastIndex = at;
    const match = NUMBER.exec(text);
    if (!match) return unexpected("a value");
    at = NUMBER.lastIndex;
    const n = Number(match[0]);
    return match[1] || match[2] || !Number.isSafeInteger(n) ? new Written(match[0]) : n || 0;
  }

  const result = value();
  space();
  if (at < text.length) fail(`${quote(text.slice(at, at + 12))} follows the end of the sheet`);
  return result;
}

// ---- CSV -------------------------------------------------------------------------------------

const UNQUOTED = /[^,\r\n]*/y;
const LINE_BREAKS = /\r\n?|\n/g;

/** CSV's records that hold something, each `{cells, line}` (the line it starts on), trailing empty
 * cells dropped; a quoted cell may hold commas, quotes ("") and line breaks. Stops past `most`. */
export function parseCSV(text, most) {
  const records = [];
  let cells = [];
  let line = 1;
  let first = 1;
  let at = 0;
  for (;;) {
    let cell;
    if (text[at] === '"') {
      const opened = line;
      const parts = [];
      at += 1;
      for (;;) {
        const close = text.indexOf('"', at);
        if (close < 0) refuse(`line ${grouped(opened)}: a cell opens a quote (") that is never closed`);
        parts.push(text.slice(at, close));
        at = close + 1;
        if (text[at] !== '"') break;
        parts.push('"');
        at += 1;
      }
      cell = parts.join("");
      line += (cell.match(LINE_BREAKS) || []).length;
      if (at < text.length && !",\r\n".includes(text[at])) {
        refuse(`line ${grouped(line)}: ${quote(text.slice(at, at + 12))} follows a quoted cell before the next comma`);
      }
    } else {
      UNQUOTED.lastIndex = at;
      cell = UNQUOTED.exec(text)[0];
      at = UNQUOTED.lastIndex;
    }
    cells.push(cell);
    if (text[at] === ",") {
      at += 1;
      continue;
    }
    while (cells.length && cells[cells.length - 1].trim() === "") cells.pop();
    if (cells.length) records.push({ cells, line: first });
    if (records.length > most) refuse(`it has more than ${grouped(MAX_ROWS)} rows, and a sheet holds at most ${grouped(MAX_ROWS)}`);
    if (at >= text.length) return records;
    at += text[at] === "\r" && text[at + 1] === "\n" ? 2 : 1;
    line += 1;
    first = line;
    cells = [];
  }
}

// ---- UTF-8 -----------------------------------------------------------------------------------

/** UTF-8 bytes as text, or a sentence saying where they are no character. */
export function decodeText(bytes) {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch (error) {
    const text = new TextDecoder().decode(bytes);
    const at = text.indexOf("\uFFFD");
    return refuse(`it is not text in UTF-8, as a sheet is (JSON or CSV): the bytes at ${place(text, Math.max(at, 0))} are no character`);
  }
}
