// Rules named in a lesson's or a worked example's words (``#play.follow-suit``), as links to the
// rules on the page.
import { el } from "./cards.js";

// A rule named in a lesson's or an example's words: ``#play.follow-suit``.
export const RULE = /#([a-z][a-z0-9]*(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)+)/g;

/** ``text`` as nodes, each ``#rule.id`` a link to the rule on the page (as the build's list has it). */
export function linked(text) {
  const out = [];
  let last = 0;
  for (const match of text.matchAll(RULE)) {
    out.push(text.slice(last, match.index));
    if (document.getElementById(match[1])) {
      const link = el("a", "rules-lesson__rule", "the rule");
      link.href = `#${match[1]}`;
      link.setAttribute("aria-label", `the rule ${match[1]}`);
      out.push("(", link, ")");
    }
    last = match.index + match[0].length;
  }
  out.push(text.slice(last));
  return out.filter((part) => part !== "");
}
