"""The last move in words after each reply the table takes (``desc.last``), however fast the
bots play on: a test that reads ``desc.last`` once its move is made may find a bot's move
there instead on a loaded machine."""


def listen(page, block):
    """From now on, keep every sentence the table at ``block`` shows for its last move."""
    page.wait_for_function(f"() => !!document.querySelector('{block}')?.rwWidget")   # the table made
    page.evaluate("""(block) => {
        const w = document.querySelector(block).rwWidget;
        let desc = w.desc;
        let shown = desc && desc.last;   // a pick redraws the table with the same last move
        w.said = [];
        Object.defineProperty(w, "desc", { configurable: true, get: () => desc,
            set: (value) => {
                desc = value;
                if (value && value.last && value.last !== shown) w.said.push(shown = value.last);
            } });
    }""", block)


def said_after(page, block, before):
    """The sentence of the first move made after step ``before`` (waits for it)."""
    page.wait_for_function(f"n => document.querySelector('{block}').rwWidget.step > n", arg=before)
    return page.evaluate(f"document.querySelector('{block}').rwWidget.said[0]") or ""
