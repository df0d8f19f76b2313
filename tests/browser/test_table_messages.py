"""What a table says, and how (issue 38's defects): the status after "Next hand" tells only the new
hand's moves and a kept game's notice goes; a real-time table does not call a bot "thinking" before
its beat starts; a refusal looks apart from a prompt and from news; buttons and the prompts that
name them read alike; Escape (or Back) leaves a list of choices; a touch screen is told to tap, not
to press Escape; a rummy's draw is a click on the pile, and the card drawn is marked; a worked
example's caption counts the steps its stepper counts."""

import pytest

from rules_engine.host import Host
from test_tables import dealt

PLAY = "[data-widget=play]"
NEXT_HAND = "button[data-move=next-hand]"
READY = "() => {{ const t = document.querySelector('{0}'); return !!t && t.classList.contains('rw-play--your-turn') " \
        "&& !t.querySelector('.rw-move-list select').disabled; }}"


def before_the_readers_last_move_of_hand_1(game, seed):
    """The share code of the deal ``seed`` just before the reader's move that ends hand 1 (the
    reader always taking the first legal move, as the move list offers it)."""
    host = Host()
    send = lambda op, **args: host.handle({"v": 1, "op": op, "session": "s", **args})  # noqa: E731
    reply, code = send("open", game=game, seed=seed, human=0), None
    while not reply["table"]["interlude"]:
        if reply["table"]["to_act"] == 0:
            code = send("share")["share"]
            reply = send("move", move=reply["view"]["moves"][0])
        else:
            reply = send("bot")
    assert reply["last"]["seat"] == 0, f"{game} {seed}: a bot ends hand 1"
    return code, reply["table"]["last"]


def play_first_move(page, widget):
    page.wait_for_function(READY.format(widget))
    page.locator(f"{widget} .rw-move-list select").select_option(index=0)
    page.locator(f"{widget} .rw-move-list button").click()


@pytest.mark.parametrize("game", ["diloti", "cassino"])
def test_after_next_hand_the_status_tells_only_the_new_hands_moves(page, site_url, game):
    code, ending = before_the_readers_last_move_of_hand_1(game, 3)
    page.goto(site_url + f"games/{game}/#play-1/3/{code}")
    play_first_move(page, "#play-1")
    page.locator(f"#play-1 {NEXT_HAND}").wait_for()
    # Kept in the tab: the page opened again (without the link), the table is at the hand's end and
    # says so, until the reader goes on.
    page.goto(site_url + f"games/{game}/")
    page.locator("#play-1").scroll_into_view_if_needed()
    message = page.locator("#play-1 .rw-message")
    message.get_by_text("Your game, as you left it.").wait_for()
    page.locator(f"#play-1 {NEXT_HAND}").click()
    page.wait_for_function(READY.format("#play-1"))
    status = page.locator("#play-1 .rw-status").inner_text()
    assert ending not in status and status == "Your turn.", status   # the reader leads hand 2
    assert message.inner_text() == ""
    # The move that ended hand 1 is the log's last line of that hand.
    assert page.locator("#play-1 .rw-log__hand[data-hand='1'] .rw-log__move").last.inner_text().startswith(ending)


def test_a_real_time_table_waits_for_its_beat_without_a_bot_thinking(new_page, site_url):
    page = new_page()
    page.add_init_script("""window.__statuses = [];
      new MutationObserver(() => { const s = document.querySelector('[data-widget=play] .rw-status');
        if (s && s.textContent !== window.__statuses.at(-1)) window.__statuses.push(s.textContent); })
      .observe(document, { childList: true, subtree: true, characterData: true });""")
    page.goto(site_url + "games/salute-the-king/")
    page.locator(PLAY).first.scroll_into_view_if_needed()
    page.locator(f"{PLAY} .rw-rhythm__toggle").first.wait_for()
    page.wait_for_function("() => window.__statuses.some((s) => s.includes('Start the beat'))")
    statuses = page.evaluate("window.__statuses")
    assert not [s for s in statuses if "thinking" in s], statuses


def colour(locator):
    return locator.evaluate("(node) => getComputedStyle(node).color")


def test_a_refusal_looks_apart_from_a_prompt_and_from_news(page, site_url):
    widget = dealt(page, site_url + "games/king/")
    message = widget.locator(".rw-message")
    widget.locator("[data-zone=hand-0] .rw-card:not(.rw-card--legal)").first.click()
    message.get_by_text("Not allowed").wait_for()
    refusal = colour(message)
    assert message.get_attribute("data-kind") == "refusal" and message.get_attribute("aria-live") == "assertive"
    widget.get_by_role("button", name="Hint").click()
    message.get_by_text("Hint:").wait_for()
    assert message.get_attribute("data-kind") == "prompt" and colour(message) != refusal
    assert message.get_attribute("aria-live") == "polite"
    widget.locator("[data-zone=hand-0] button.rw-card--legal").first.click()
    page.wait_for_function(READY.format(PLAY))
    widget.get_by_role("button", name="Undo").click()
    message.get_by_text("Move taken back.").wait_for()
    assert message.get_attribute("data-kind") == "news" and colour(message) != refusal


def test_a_cancelled_choice_is_news_and_a_touch_screen_is_told_to_tap(new_page, site_url):
    """Yukon: a card with two places, chosen, then Escape. Ziginette on a phone: a board card is
    tapped, and the prompt says how a finger takes it back (no Escape key there)."""
    page = new_page()
    widget = dealt(page, site_url + "games/yukon/")
    key = page.wait_for_function(f"""() => {{ const w = document.querySelector('{PLAY}').rwWidget; const n = {{}};
        for (const c of w.desc.moves) if (c.card) n[c.card.join("/")] = (n[c.card.join("/")] || 0) + 1;
        return Object.keys(n).find((k) => n[k] > 1) || "none"; }}""").json_value()
    if key != "none":
        widget.locator(f'[data-key="{key}"]').click(position={"x": 6, "y": 6})
        assert "or press Escape" in widget.locator(".rw-message").inner_text()
        page.keyboard.press("Escape")
        assert widget.locator(".rw-message").inner_text() == "Selection cancelled."
        assert widget.locator(".rw-message").get_attribute("data-kind") == "news"
    phone = new_page(touch=True)
    phone.goto(site_url + "games/ziginette/")
    phone.locator(PLAY).first.scroll_into_view_if_needed()
    phone.wait_for_selector(f"{PLAY}.rw-play--your-turn")
    board = phone.locator(f"{PLAY} [data-zone^=board-] button.rw-card").first
    board.tap()
    prompt = phone.locator(f"{PLAY} .rw-message").first.inner_text()
    assert "chosen: choose below" in prompt and "or tap it again" in prompt and "Escape" not in prompt, prompt
    board.tap()
    assert phone.locator(f'{PLAY} .rw-card[aria-pressed="true"]').count() == 0


def test_buttons_read_capitalised_and_a_prompt_names_them_as_they_read(page, site_url):
    """Diloti: a hand card picked may be laid on the table or start a capture or a declaration:
    the prompt says to press “Lay”, the button's own words."""
    widget = dealt(page, site_url + "games/diloti/")
    selection = page.evaluate(f"document.querySelector('{PLAY}').rwWidget.desc.selection")
    card = selection["selectable"][0]
    widget.locator(f'[data-key="{"/".join(map(str, selection["places"][card][0]))}"]').click()
    widget.locator(".rw-actions button[data-choice]").first.wait_for()
    buttons = widget.locator(".rw-actions button").all_inner_texts()
    prompt = widget.locator(".rw-message").inner_text()
    assert "Lay" in buttons and "press “Lay”" in prompt and "press lay" not in prompt, (buttons, prompt)
    assert all(words[0].isupper() or not words[0].isalpha() for words in buttons), buttons


def test_escape_or_back_leaves_a_list_of_choices(page, site_url):
    """Commune: "Pair…" opens the pairs to declare; Escape goes back to the choice before, as Back does."""
    widget = dealt(page, site_url + "games/commune/")
    step = page.evaluate(f"document.querySelector('{PLAY}').rwWidget.step")
    for leave in ("Escape", "Back"):
        widget.locator(".rw-actions button[data-move=pair]").click()
        widget.get_by_role("button", name="Pair of aces").wait_for()
        assert "to choose again" in widget.locator(".rw-message").inner_text()
        if leave == "Escape":
            page.keyboard.press("Escape")
        else:
            widget.get_by_role("button", name="Back", exact=True).click()
        widget.locator(".rw-actions button[data-move=pair]").wait_for()
        assert page.evaluate(f"document.querySelector('{PLAY}').rwWidget.step") == step


def test_a_rummy_draws_by_a_click_on_the_stock_and_marks_the_card_drawn(page, site_url):
    """Gin Rummy's table opens on a hand the reader plays from its start (no knock before it)."""
    widget = dealt(page, site_url + "games/gin-rummy/")
    assert "knock" not in widget.locator(".rw-log").inner_text()
    for _ in range(4):   # the upcard is offered first: the reader passes on it, as may the bot
        page.wait_for_function(READY.format(PLAY))
        if widget.locator("[data-zone=stock] button.rw-card").count():
            break
        widget.get_by_role("button", name="Pass", exact=True).click()
    hand = widget.locator("[data-zone=hand-0] .rw-card")
    held = hand.count()
    widget.locator("[data-zone=stock] button.rw-card").click()
    page.wait_for_function(f"() => document.querySelectorAll('{PLAY} [data-zone=hand-0] .rw-card').length === {held + 1}")
    drawn = widget.locator("[data-zone=hand-0] .rw-card--drawn")
    assert drawn.count() == 1 and drawn.get_attribute("aria-label").endswith(", new")
    assert "Seat 0 draws from the stock." in widget.locator(".rw-status").inner_text()


def test_a_worked_examples_caption_counts_the_steps_of_its_stepper(page, site_url):
    page.goto(site_url + "games/king/#example-2/62")
    example = page.locator("[data-widget=example]").nth(1)
    assert example.locator(".rw-counter").inner_text() == "Step 62 of 62"
    caption = example.locator("figcaption").inner_text()
    assert caption.startswith("Worked example 2: 61 moves") and "(62 steps: a hand's end is a step of its own)" in caption


def line_card_starting_nothing(game, seed, seats):
    """The share code of the deal ``seed`` at the reader's first turn where a card of the discard
    line starts no move of theirs (the reader taking the first legal move until then), that card's
    place in the line, and the engine's refusal of it."""
    host = Host()
    send = lambda op, **args: host.handle({"v": 1, "op": op, "session": "s", **args})  # noqa: E731
    reply = send("open", game=game, seed=seed, seats=seats, human=0)
    while not reply["table"]["interlude"]:
        if reply["table"]["to_act"] == 0:
            line = next(zone for zone in reply["table"]["zones"] if zone["id"] == "line")
            places = reply["table"]["selection"]["places"]
            for index, card in enumerate(line["cards"]):
                refused = card not in places and send("select", cards=[card])["table"]["selection"].get("refused")
                if refused:
                    return send("share")["share"], index, refused
            reply = send("move", move=reply["view"]["moves"][0])
        else:
            reply = send("bot")
    raise AssertionError(f"{game} {seed}: no card of the line starts nothing at the reader's turn")


def test_a_card_that_starts_no_move_is_refused_with_the_engines_reason(page, site_url):
    """Vazhushal (issue 38): a card of the discard line that no move of the reader's may take is
    refused with the engine's reason and its rule's link, where the table said only that no legal
    move starts with it."""
    code, index, refused = line_card_starting_nothing("vazhushal", 7, 3)
    page.goto(site_url + f"games/vazhushal/#play-1/7/{code}")
    page.wait_for_function(READY.format(PLAY))
    widget = page.locator(PLAY).first
    widget.locator("[data-zone=line] button.rw-card").nth(index).click()
    message = widget.locator(".rw-message")
    message.get_by_text(refused["reason"]).wait_for()
    assert "No legal move starts with" not in message.inner_text()
    assert message.get_attribute("data-kind") == "refusal"
    assert message.locator(f'a[href$="#{refused["rule"]}"]').count() == 1


def test_cards_picked_to_take_the_pile_are_told_to_choose_the_pile(page, site_url):
    """Triple Play (issue 38): after picking the 6♠ and the 6♥ that take the discard pile, the prompt
    names the place they go to as the table labels it, not a meld to lay off onto."""
    widget = dealt(page, site_url + "games/triple-play/")
    assert "pickup 6S 6H" in page.evaluate(f"document.querySelector('{PLAY}').rwWidget.view.moves")
    for card in ("6S", "6H"):
        index = page.evaluate(f"document.querySelector('{PLAY}').rwWidget.desc.zones"
                              f".find((z) => z.id === 'hand-0').cards.indexOf('{card}')")
        widget.locator(f'[data-key="hand-0/{index}"]').click()
    message = widget.locator(".rw-message")
    message.get_by_text("choose “Discard pile”").wait_for()
    assert "lay off" not in message.inner_text()
