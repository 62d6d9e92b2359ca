"""The sandbox in a real browser: headless Chromium drives the page.

The browser is Debian's `chromium` (`.ci/run` installs it), driven by Playwright through
`executable_path`: nothing downloads a browser. Without a Chromium on the machine the test is
skipped, saying so; in CI, where `.ci/run` installs one, it fails instead. `TABLETOP_SCREENSHOT=1`
also writes the page to `docs/images/sandbox.png`.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator

import pytest

from tests.support.paths import ROOT
from tests.support.sandbox_process import sandbox_process

SCREENSHOT = ROOT / "docs" / "images" / "sandbox.png"
WAIT_MS = 60_000  # a first board draws its layers on a busy machine; nothing here is timed

# The last message's board image has loaded, at a board's size.
DRAWN = """() => {
  const img = document.querySelector(
    "#channel-message-list article.channel-message:last-of-type img[alt='board.png']");
  return img !== null && img.complete && img.naturalWidth > 600;
}"""

# Every text the toolbar's status takes, from now on (page.evaluate installs it).
WATCH_STATUS = """() => {
  const status = document.getElementById("action-status");
  window.statuses = [];
  new MutationObserver(() => window.statuses.push(status.textContent))
    .observe(status, {childList: true, characterData: true, subtree: true});
}"""
# The command went to the bot (the page said "Completing action…"); its answer may come later.
SENT = """() => window.statuses.some(text => text.startsWith("Completing action"))"""
# The viewer switch was handled and its view has loaded: the status said so, and says no more
# "Switching viewer…" / "Loading preview…".
SWITCHED = """() => window.statuses.some(text => text.startsWith("Switching viewer"))
  && !document.getElementById("action-status").textContent.trim().endsWith("…")"""

pytestmark = [pytest.mark.slow, pytest.mark.browser]


def chromium() -> str | None:
    """Debian's chromium, or another Chromium named by TABLETOP_CHROMIUM."""
    named = os.environ.get("TABLETOP_CHROMIUM")
    if named:
        return named
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        found = shutil.which(name)
        if found:
            return found
    return None


@pytest.fixture
def sandbox_url(tmp_path) -> Iterator[str]:
    """`python bot.py` with no token, as ./scripts/run-bot starts it: the page's address."""
    database = str(tmp_path / "sandbox.sqlite3")
    with sandbox_process(tmp_path, TABLETOP_SANDBOX_DATABASE=database) as started:
        assert started.url, "the sandbox printed no address"
        yield started.url
    assert started.returncode == 0 and "Traceback" not in started.err, started.err


def command(page, name: str, *values: str) -> None:
    """Type `/name` in the composer, pick it, give each required option a value (its first
    suggestion for what is typed), and send it, as a person does with the keyboard."""
    page.evaluate("() => { window.statuses = []; }")
    box = page.locator("#channel-composer-input")
    box.click()
    box.type("/" + name)
    page.locator(".command-entry.is-active", has_text="/" + name).wait_for()
    page.keyboard.press("Enter")
    for typed in values:
        page.keyboard.type(typed)
        page.locator("#command-suggestion-listbox [role=option][aria-selected=true]").wait_for()
        page.keyboard.press("Enter")
        page.keyboard.press("Escape")
    page.keyboard.press("Enter")
    page.wait_for_function(SENT)


def view_as(page, name: str) -> None:
    """ "Viewing as": the page shows the channel as that player sees it, and acts as them. A
    command typed before that view has loaded would be cleared with the old one."""
    picker = page.locator("#viewer-picker")
    if picker.evaluate("e => e.selectedOptions[0]?.label") == name:
        return
    page.evaluate("() => { window.statuses = []; }")
    page.select_option("#viewer-picker", label=name)
    page.wait_for_function(SWITCHED)


def reload_until(page, shown, tries: int = 60) -> None:
    """Reload the page until `shown()`: a restarted sandbox serves the page at the same address
    once it is ready, so a reload before that finds nobody listening."""
    from playwright.sync_api import Error

    for _ in range(tries):
        try:
            page.reload(wait_until="load")
            page.locator("#channel-name:not(:empty)").wait_for(timeout=5_000)
            if shown():
                return
        except Error:
            pass  # the next page is not served yet
        page.wait_for_timeout(500)
    raise AssertionError("the page never showed the channel asked for")


def test_a_rebirth_game_is_opened_joined_started_and_moved_in_the_page(sandbox_url, tmp_path):
    """What a newcomer does first, in the page itself: start the sandbox, drive it with headless
    Chromium, create a Rebirth game, join as a second player, make a move through the page, and see
    the board image and the ping appear; a screenshot can go to `docs/images/`."""
    browser_path = chromium()
    if browser_path is None:
        if os.environ.get("CI"):
            pytest.fail("CI has no chromium: .ci/run installs Debian's chromium before the tests")
        pytest.skip("no Chromium on this machine: apt-get install chromium (.ci/run does)")
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=WAIT_MS)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=browser_path, headless=True)
        page = browser.new_page(viewport={"width": 1280, "height": 1000})
        page.set_default_timeout(WAIT_MS)
        page.goto(sandbox_url)
        expect(page.locator("#channel-name")).to_have_text("rebirth-1")
        # On load the page reports its size to the preview; typing before that is done is lost.
        expect(page.locator("#action-status")).to_have_text("Viewport updated")
        page.evaluate(WATCH_STATUS)
        messages = page.locator("#channel-message-list article.channel-message")

        command(page, "game new", "Reb")
        expect(messages.last).to_contain_text("@Alice opened a Rebirth")
        view_as(page, "Bob")
        command(page, "game join")
        expect(messages.last).to_contain_text("@Bob joined")
        view_as(page, "Alice")
        command(page, "game start")
        started = messages.last
        expect(started).to_contain_text("goes first")
        expect(started.locator("img[alt='board.png']")).to_be_visible()
        first = started.locator(".mention").last.inner_text().lstrip("@")
        other = {"Alice": "Bob", "Bob": "Alice"}[first]

        view_as(page, first)
        before = messages.count()
        command(page, "move", "F")  # a column letter: the best of the legal moves in column F
        moved = messages.last
        expect(messages).to_have_count(before + 1)
        expect(moved).to_contain_text("placed")
        board = moved.locator("img[alt='board.png']")
        expect(board).to_be_visible()
        page.wait_for_function(DRAWN)  # the PNG loaded in the browser: a board, not a stub
        expect(moved.locator(".mention", has_text=f"@{other}")).to_be_visible()  # the ping
        expect(moved).not_to_contain_text("went wrong")
        moved.scroll_into_view_if_needed()
        page.locator("#channel-timeline").evaluate("e => { e.scrollTop = e.scrollHeight; }")
        shot = tmp_path / "sandbox.png"
        page.screenshot(path=str(shot))
        if os.environ.get("TABLETOP_SCREENSHOT") == "1":
            shutil.copy(shot, SCREENSHOT)

        # Another table, in the same page: no reload, the same "Viewing as", commands run there.
        command(page, "sandbox channel", "revive-1")
        expect(page.locator("#channel-name")).to_have_text("revive-1")
        assert page.locator("#viewer-picker").evaluate("e => e.selectedOptions[0]?.label") == first
        expect(messages).to_have_count(0)
        command(page, "game new", "Rev")
        expect(messages.last).to_contain_text(f"@{first} opened a Revive")
        command(page, "sandbox channel", "rebirth-1")
        expect(page.locator("#channel-name")).to_have_text("rebirth-1")
        expect(messages.filter(has_text="placed").last).to_be_visible()  # the game where it was left
        expect(page.locator("body")).not_to_contain_text("Preview session is unavailable")
        browser.close()


def test_after_a_restart_the_same_address_shows_the_game_again(tmp_path):
    """Ctrl+C, then the sandbox again: the tab left open reloads at the same address (same port,
    same capability) onto the channel, where the open game is shown again without `/board`."""
    browser_path = chromium()
    if browser_path is None:
        if os.environ.get("CI"):
            pytest.fail("CI has no chromium: .ci/run installs Debian's chromium before the tests")
        pytest.skip("no Chromium on this machine: apt-get install chromium (.ci/run does)")
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=WAIT_MS)
    database = str(tmp_path / "sandbox.sqlite3")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=browser_path, headless=True)
        page = browser.new_page(viewport={"width": 1280, "height": 1000})
        page.set_default_timeout(WAIT_MS)
        messages = page.locator("#channel-message-list article.channel-message")
        with sandbox_process(tmp_path, TABLETOP_SANDBOX_DATABASE=database) as first:
            page.goto(first.url)
            expect(page.locator("#action-status")).to_have_text("Viewport updated")
            page.evaluate(WATCH_STATUS)
            command(page, "game new", "Reb")
            expect(messages.last).to_contain_text("@Alice opened a Rebirth")
        with sandbox_process(tmp_path, TABLETOP_SANDBOX_DATABASE=database) as second:
            assert second.url == first.url
            listed = page.locator("#channel-message-list")
            reload_until(page, lambda: "The sandbox restarted" in listed.inner_text())
            expect(page.locator("#channel-name")).to_have_text("rebirth-1")
            expect(messages.last).to_contain_text("This table is still open: Rebirth")
            expect(messages.last).to_contain_text("@Alice")
        browser.close()
    assert second.returncode == 0 and "Traceback" not in second.err, second.err
