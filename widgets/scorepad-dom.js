// Small DOM helpers shared by the score pad's modules.

let counter = 0;

/** A fresh id for a label's `for` or an aria reference. */
export function uid(prefix = "sp") {
  counter += 1;
  return `${prefix}-${counter}`;
}

/** `h("button", {type: "button", onclick}, "Text")`: an element with attributes, properties and children. */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith("on") && typeof value === "function") el.addEventListener(name.slice(2), value);
    else if (name === "class") el.className = value;
    else if (name === "style" && typeof value === "object") {
      for (const [key, v] of Object.entries(value)) el.style.setProperty(key.startsWith("--") ? key : key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`), v);
    }
    else if (name === "dataset") Object.assign(el.dataset, value);
    else if (["value", "checked", "disabled", "hidden", "selected", "open"].includes(name)) el[name] = value;
    else el.setAttribute(name, value === true ? "" : value);
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** A button that never submits a form by accident. */
export function button(text, onclick, attrs = {}) {
  return h("button", { type: "button", class: "scorepad__button", onclick, ...attrs }, text);
}

/** An input with its visible label; returns `[wrapper, input]`. */
export function labelled(text, attrs = {}, wrapperClass = "scorepad__field") {
  const id = uid();
  const input = h(attrs.tag || "input", { id, ...attrs, tag: null });
  return [h("div", { class: wrapperClass }, h("label", { for: id }, text), input), input];
}

/** Points as a person writes them: "+10", "−40" (a true minus sign), "0". */
export function signed(value) {
  if (value === null || value === undefined) return "";
  if (value < 0) return `\u2212${-value}`;
  return value > 0 ? `+${value}` : "0";
}

/** A total as a number: "−40", "475". */
export function plain(value) {
  return value < 0 ? `\u2212${-value}` : String(value);
}

export function listJoin(names) {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/** Save `text` as a file named `name` (nothing leaves the browser). */
export function download(name, type, text) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = h("a", { href: url, download: name, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function fileName(text) {
  return (text || "score-sheet").normalize("NFKD").replace(/[^\w\s-]/g, "").trim().replace(/\s+/g, "-").toLowerCase() || "score-sheet";
}
