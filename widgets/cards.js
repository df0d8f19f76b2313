// Cards as accessible HTML: rank and suit symbol, suit colour, and a spoken
// name for screen readers. The same notation as the engine: "QS", "TD", "??".

const SUITS = { S: ["♠", "spades"], H: ["♥", "hearts"], D: ["♦", "diamonds"], C: ["♣", "clubs"] };
const RANKS = { A: "ace", T: "10", J: "jack", Q: "queen", K: "king" };

export function cardName(text) {
  if (text === "??") return "face-down card";
  if (text === "JK") return "joker";
  const rank = text.slice(0, -1);
  return `${RANKS[rank] || rank} of ${SUITS[text.slice(-1)][1]}`;
}

export function cardLabel(text) {
  if (text === "??") return "🂠";
  if (text === "JK") return "★";  // as the rules texts write a joker
  const rank = text[0] === "T" ? "10" : text.slice(0, -1);
  return rank + SUITS[text.slice(-1)][0];
}

/** A card element: a button when it can be acted on, otherwise a plain span. */
export function cardElement(text, { interactive = false, legal = false, selected = false } = {}) {
  const el = document.createElement(interactive ? "button" : "span");
  el.className = "rw-card";
  if (interactive) el.type = "button";
  if (text === "??") {
    el.classList.add("rw-card--back");
    el.setAttribute("aria-label", "face-down card");
    if (!interactive) el.setAttribute("role", "img");
  } else {
    const suit = text.slice(-1);
    el.classList.add(suit === "H" || suit === "D" ? "rw-card--red" : "rw-card--black");
    if (text === "JK") el.classList.add("rw-card--joker");
    const rank = document.createElement("span");
    rank.className = "rw-card__rank";
    rank.textContent = text === "JK" ? cardLabel(text) : cardLabel(text).slice(0, -1);
    const symbol = document.createElement("span");
    symbol.className = "rw-card__suit";
    symbol.textContent = text === "JK" ? "" : SUITS[suit][0];
    symbol.setAttribute("aria-hidden", "true");
    rank.setAttribute("aria-hidden", "true");
    el.append(rank, symbol);
    el.setAttribute("aria-label", cardName(text) + (legal ? ", playable" : ""));
    if (!interactive) el.setAttribute("role", "img");
    el.dataset.card = text;
  }
  if (legal) el.classList.add("rw-card--legal");
  if (selected) {
    el.classList.add("rw-card--selected");
    el.setAttribute("aria-pressed", "true");
  }
  return el;
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
