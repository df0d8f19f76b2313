// Cards drawn as SVG, named as they read ("J♣, jack of clubs"), in the
// engine's notation: "QS", "TD", "JK", "??" for a card this seat cannot see.

const SUITS = { S: ["♠", "spades"], H: ["♥", "hearts"], D: ["♦", "diamonds"], C: ["♣", "clubs"] };
const RANKS = { A: "ace", T: "10", J: "jack", Q: "queen", K: "king" };
const SVG_NS = "http://www.w3.org/2000/svg";

export function rankText(text) {
  return text[0] === "T" ? "10" : text.slice(0, -1);
}

/** What a card reads, then what it is: "J♣, jack of clubs"; "face-down card". */
export function cardName(text, backs = "down") {
  if (text === "??") return backs === "hidden" ? "hidden card" : "face-down card";
  if (text === "JK") return "★, joker";
  const rank = text.slice(0, -1);
  return `${cardLabel(text)}, ${RANKS[rank] || rank} of ${SUITS[text.slice(-1)][1]}`;
}

export function cardLabel(text) {
  if (text === "??") return "🂠";
  if (text === "JK") return "★";  // as the rules texts write a joker
  return rankText(text) + SUITS[text.slice(-1)][0];
}

function svgNode(tag, attrs, text) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

// One drawing per card text, cloned for each use: a page may draw hundreds of cards per frame.
const drawings = new Map();

function drawing(text) {
  let svg = drawings.get(text);
  if (svg) return svg.cloneNode(true);
  svg = svgNode("svg", { viewBox: "0 0 50 70", class: "rw-card__svg", "aria-hidden": "true", focusable: "false" });
  if (text === "??") {
    svg.append(svgNode("rect", { x: 1, y: 1, width: 48, height: 68, rx: 4, class: "rw-back__base" }),
      svgNode("rect", { x: 4.5, y: 4.5, width: 41, height: 61, rx: 2.5, class: "rw-back__frame" }),
      svgNode("path", { d: "M25 12 L38 35 L25 58 L12 35 Z", class: "rw-back__mark" }));
  } else {
    const joker = text === "JK";
    const rank = joker ? "★" : rankText(text);
    const suit = joker ? "" : SUITS[text.slice(-1)][0];
    const index = (x, y, rotate) => {
      const group = svgNode("g", rotate ? { transform: `rotate(180 ${x} ${y})` } : {});
      const attrs = { x, y: y + 3, class: "rw-card__rank", "text-anchor": "middle", "font-size": 14 };
      if (rank.length > 1) Object.assign(attrs, { "font-size": 12, textLength: 13, lengthAdjust: "spacingAndGlyphs" });
      group.append(svgNode("text", attrs, rank));
      if (suit) group.append(svgNode("text", { x, y: y + 16, class: "rw-card__suit", "text-anchor": "middle", "font-size": 13 }, suit));
      return group;
    };
    // The corner index reads rank over suit where a hand's next card covers the right of this one;
    // the suit again in the top right corner reads beside the rank where a column's next card covers
    // all but the top strip.
    const corner = (x, y, rotate) => svgNode("text", {
      x, y: y + 3, class: "rw-card__suit", "text-anchor": "middle", "font-size": 13,
      ...(rotate ? { transform: `rotate(180 ${x} ${y})` } : {}),
    }, suit);
    svg.append(svgNode("rect", { x: 0.5, y: 0.5, width: 49, height: 69, rx: 4, class: "rw-card__face" }),
      index(9, 9, false), index(41, 61, true), ...(suit ? [corner(41, 9, false), corner(9, 61, true)] : []),
      svgNode("text", { x: 26, y: 44, class: "rw-card__pip", "text-anchor": "middle", "font-size": joker ? 26 : 24 },
        joker ? "★" : (/[JQK]/.test(text[0]) ? text[0] : suit)));
  }
  drawings.set(text, svg);
  return svg.cloneNode(true);
}

/** A card: a button when it can be acted on, otherwise an image. */
export function cardElement(text, { interactive = false, legal = false, selected = false, backs = "down" } = {}) {
  const node = document.createElement(interactive ? "button" : "span");
  node.className = "rw-card";
  if (interactive) node.type = "button";
  else node.setAttribute("role", "img");
  if (text === "??") node.classList.add("rw-card--back");
  else if (text === "JK") node.classList.add("rw-card--joker");
  else node.classList.add(`rw-card--${SUITS[text.slice(-1)][1]}`);
  node.append(drawing(text));
  node.setAttribute("aria-label", cardName(text, backs) + (legal ? ", playable" : ""));
  node.dataset.card = text;
  if (legal) node.classList.add("rw-card--legal");
  if (selected) {
    node.classList.add("rw-card--selected");
    node.setAttribute("aria-pressed", "true");
  }
  return node;
}

const SUIT_WORDS = { clubs: "♣", diamonds: "♦", hearts: "♥", spades: "♠", notrump: "NT" };

/** Move text with cards and bids shown by their symbols: "play QS" → "play Q♠",
 * "keep JK" → "keep ★", "bid 2 hearts" → "bid 2♥", "bid 1 notrump" → "bid 1NT". */
export function prettyMove(text) {
  return text
    .replace(/\b([2-9TJQKA])([SHDC])\b/g, (_, rank, suit) => (rank === "T" ? "10" : rank) + SUITS[suit][0])
    .replace(/\bJK\b/g, cardLabel("JK"))
    .replace(/\b([1-7]) (clubs|diamonds|hearts|spades|notrump)\b/g, (_, level, strain) => level + SUIT_WORDS[strain]);
}

export function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}
