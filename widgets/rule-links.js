// Rules named in a lesson's or a worked example's words (``#play.follow-suit``), as links to the
// rules on the page.
import { el } from "./cards.js";

// A rule named in a lesson's or an example's words: ``#play.follow-suit``.
export const RULE = /#([a-z][a-z0-9]*(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)+)/g;

/** ``text`` as nodes, each ``#rule.id`` a link to the rule on the page (as the build's list has it):
 *  one link a rule, each in words of its own where the text names several. */
export function linked(text) {
  const rules = [...new Set([...text.matchAll(RULE)].map((match) => match[1]))]
    .filter((rule) => document.getElementById(rule));
  const out = [];
  const done = new Set();
  let last = 0;
  for (const match of text.matchAll(RULE)) {
    out.push(text.slice(last, match.index));
    const rule = match[1];
    if (rules.includes(rule) && !done.has(rule)) {
      done.add(rule);
      const words = ruleWords(rule, rules);
      const link = el("a", "rules-lesson__rule", words);
      link.href = `#${rule}`;
      link.setAttribute("aria-label", `${words} (${rule})`);
      out.push("(", link, ")");
    }
    last = match.index + match[0].length;
  }
  out.push(text.slice(last));
  return out.filter((part) => part !== "");
}

/** A rule link's words: "the rule" where it is the only one named; else its id's last part
 *  ("rule: sweep" for play.sweep), or its place ("rule 2") where two would read alike
 *  (build_scripts/render.py rule_words does the same for the page's static list). */
export function ruleWords(rule, rules) {
  if (rules.length === 1) return "the rule";
  const tails = rules.map((named) => named.slice(named.lastIndexOf(".") + 1).replaceAll("-", " "));
  const tail = tails[rules.indexOf(rule)];
  return tails.filter((t) => t === tail).length === 1 ? `rule: ${tail}` : `rule ${rules.indexOf(rule) + 1}`;
}
