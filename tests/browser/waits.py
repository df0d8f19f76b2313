"""Waits for what a test is about to check, never for a fixed time: on a loaded machine a page
may take many times longer to scroll, animate or answer than on a quiet one."""


def still(page, frames=10):
    """Waits until the page's scroll position has stayed the same for ``frames`` frames (a wheel
    or a smooth scroll has ended)."""
    page.evaluate("""async (frames) => {
        let last = null, same = 0;
        while (same < frames) {
            await new Promise((next) => requestAnimationFrame(next));
            same = scrollX + "," + scrollY === last ? same + 1 : 0;
            last = scrollX + "," + scrollY;
        }
    }""", frames)


def wheel(page, dy):
    """Turns the mouse wheel by ``dy`` pixels and waits for the scroll it makes to end."""
    before = page.evaluate("scrollY")
    page.mouse.wheel(0, dy)
    page.wait_for_function("(y) => scrollY !== y", arg=before)
    still(page)


def transitions_done(page, selector):
    """Waits until the CSS transitions and animations of the element ``selector`` have finished
    (those started by the last change: a frame is let pass for them to start)."""
    page.evaluate("""async (selector) => {
        await new Promise((next) => requestAnimationFrame(() => requestAnimationFrame(next)));
        const node = document.querySelector(selector);
        await Promise.all(node.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => null)));
    }""", selector)


def follow(page, link):
    """Clicks ``link`` (a locator), a link within the page, and waits for the address to name its
    anchor; returns that hash."""
    target = "#" + link.get_attribute("href").split("#", 1)[1]
    link.click()
    page.wait_for_function("(hash) => decodeURIComponent(location.hash) === decodeURIComponent(hash)", arg=target)
    return target
