"""What the tables and the stepper say, in Chromium: a worked example's line names its cards and
keeps its words, a refusal says why in words for the reader who tried, a prompt names the place
the cards picked go, the table's word for a move is the move list's, and the Hint is the bot's
own varying choice."""

EXAMPLE = "[data-widget=example]"


def test_an_examples_line_keeps_the_word_as(page, site_url):
    """Diloti's second example opens with ``declare 2S 6H 4D with 4C as 8``: the line shows the
    cards by symbol and the word "as" as a word, never as the A♠."""
    page.goto(site_url + "games/diloti/#example-2/1")
    page.reload()
    stepper = page.locator(EXAMPLE).nth(1)
    line = stepper.locator(".rw-commentary")
    page.wait_for_function("el => el.textContent.includes('declare')", arg=line.element_handle())
    said = line.inner_text()
    assert "declare 2♠ 6♥ 4♦ with 4♣ as 8" in said, said
    assert "A♠" not in said
