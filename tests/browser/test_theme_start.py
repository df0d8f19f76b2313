"""The theme's start restyles the page no more than it must: what mkdocs-material's bundle changes
on <html> as it starts is done in the <head> by widgets/early.js, before the body exists (its
class for script, the focus-visible polyfill's mark), and the palette's rule that reached every
element is gone from the built site (build_scripts/theme.py).
Each was a restyle of the whole page, 70-90 ms with a phone's CPU, while a reader who came by a
#play- link was choosing a card on the table drawn before it."""

# Every write, from the document's start, to an attribute of <html> (its class, the polyfill's mark);
# and when the parser added <body>. Records come in order: a write changed its attribute if the
# value it left differs from the one before it (the next record's old value, or the last value).
WATCH = """
window.__writes = [];
new MutationObserver((records) => {
  for (const r of records) {
    if (r.type === "childList") {
      for (const node of r.addedNodes) if (node.nodeName === "BODY") window.__writes.push({ body: true });
    } else if (r.target === document.documentElement) {
      window.__writes.push({ node: r.target.nodeName, name: r.attributeName, old: r.oldValue, target: r.target });
    }
  }
}).observe(document, { subtree: true, childList: true, attributes: true, attributeOldValue: true });
"""

CHANGES_AFTER_BODY = """() => {
  const writes = window.__writes, changes = [];
  let body = false;
  writes.forEach((w, i) => {
    if (w.body) { body = true; return; }
    const next = writes.slice(i + 1).find((x) => x.target === w.target && x.name === w.name);
    const after = next ? next.old : w.target.getAttribute(w.name);
    if (body && after !== w.old) changes.push(`${w.node} ${w.name}: ${w.old} -> ${after}`);
  });
  return changes;
}"""

SWITCHING_RULES = """() => [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules])
  .map((rule) => rule.cssText).filter((text) => text.includes("data-md-color-switching"))"""


def test_the_theme_s_start_changes_nothing_that_restyles_the_whole_page(page, site_url):
    page.add_init_script(WATCH)
    page.goto(site_url + "games/king/")
    # The theme is up (its document$), and its palette has unmarked the body a frame later.
    page.wait_for_function("() => window.document$ && document.querySelector('[data-md-component=palette]')")
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    assert page.evaluate("document.documentElement.className").split() == ["js", "js-focus-visible"]
    assert page.evaluate(CHANGES_AFTER_BODY) == []
    assert page.evaluate(SWITCHING_RULES) == []
