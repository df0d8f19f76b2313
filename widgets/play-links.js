// A table's links and options: the deal a share link names (#play-1/SEED/CODE, with /first_hand=7
// for a game's options), the link to the position on the table, asked of the engine only when the
// reader shares it, the address kept on that position once shared, and the game's options offered.
import { el } from "./cards.js";
import { request } from "./engine.js";
import { readableHash } from "./keep.js";

// The engine's replies tell the reader's seat only what it may see; what rebuilds the whole deal
// (the seed and the moves) it gives when the reader asks to share, and the link says so.
const SHARE_WARNING = "Whoever opens it gets the same deal: every hand, the bots' included, can be worked out from it.";

/** The deal a share link names for ``widget``'s table, or why it names none (null: no link to it). */
export function linkFromHash(widget) {
  const prefix = `#${widget.id}/`;
  if (widget.record || !location.hash.startsWith(prefix)) return null;
  const text = readableHash(location.hash.slice(prefix.length));
  const match = text.match(/^(\d{1,15})\/([0-9A-Za-z~]*)((?:\/[a-z_]+=[0-9A-Za-z_-]{1,20})*)$/);
  if (!match) return { bad: true, text };
  // Options the deal was made with follow its moves: #play-1/42/CODE/first_hand=7
  const options = Object.fromEntries(match[3].split("/").filter(Boolean).map((pair) => {
    const [name, value] = pair.split("=");
    return [name, /^-?\d+$/.test(value) ? Number(value) : value];
  }));
  return { seed: Number(match[1]), share: match[2], options, text };
}

/** The link to the table's position: asks the engine for the deal's seed and moves (null if it cannot). */
export async function shareLink(widget) {
  if (widget.link) return `${location.origin}${location.pathname}${widget.link}`;
  const reply = await request("share", { session: widget.session });
  if (!reply.ok) return null;
  // Options the table would take anyway (its own, else the game's defaults) stay out of the link.
  const assumed = { ...widget.defaults, ...widget.blockOptions };
  const options = Object.entries(widget.options).filter(([name, value]) => value !== assumed[name]);
  const suffix = options.map(([name, value]) => `/${name}=${value}`).join("");
  return `${location.origin}${location.pathname}#${widget.id}/${reply.seed}/${reply.share}${suffix}`;
}

/** Keeps the address on the table's position once the reader has shared it (or came by a link). */
export async function updateHash(widget) {
  if (widget.record) return;  // a position played on from an example has its own record
  if (widget.badLink && !widget.readerHasMoved) return;  // a bad link stays as it was until the reader plays
  if (!(location.hash.startsWith(`#${widget.id}/`) || widget.shared)) return;
  const link = await shareLink(widget);
  if (link) history.replaceState(null, "", link);
}

/** The reader shares the position: the link goes to the address and the clipboard, and says what it gives away. */
export async function share(widget) {
  const link = await shareLink(widget);
  if (!link) return;
  widget.shared = true;
  history.replaceState(null, "", link);
  const what = widget.link ? "it opens this example at this step, ready to play on."
    : `it opens this deal at this move. ${SHARE_WARNING}`;
  try {
    await navigator.clipboard.writeText(link);
    widget.say(`Link copied: ${what}`);
  } catch {
    widget.say(`Link to this position: ${link} (${what})`);
  }
}

/** The game's options from the engine's spec, offered in ``widget``'s toolbar before a deal (a change deals anew). */
export async function offerOptions(widget, chosen = {}) {
  const reply = await request("games", {});
  const spec = reply.ok ? reply.games.find((game) => game.id === widget.game) : null;
  for (const option of spec?.options || []) {
    if (!option.choices || option.choices.length < 2) continue;
    const label = el("label", "rw-option", `${option.name.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase())} `);
    label.title = option.description || "";
    const select = document.createElement("select");
    select.name = option.name;
    for (const value of option.choices) {
      const node = document.createElement("option");
      node.value = String(value);
      node.textContent = String(value);
      select.append(node);
    }
    select.value = String(chosen?.[option.name] ?? option.default);
    if (!select.value) select.value = String(option.default);  // a link's value that is no choice
    widget.options[option.name] = option.choices.find((value) => String(value) === select.value);
    select.addEventListener("change", () => {
      widget.options[option.name] = option.choices.find((value) => String(value) === select.value);
      widget.newDeal();
    });
    label.append(select);
    widget.optionsBox.append(label);
    widget.defaults = { ...widget.defaults, [option.name]: option.default };
  }
}
