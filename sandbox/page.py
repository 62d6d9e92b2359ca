"""The sandbox's page: simcord's preview, able to move to another channel without a reload.

simcord's preview shows one channel: it is opened for it and has no channel list. Closing it and
opening another would end every open tab's session ("Preview session is unavailable") and its
"Viewing as". So the sandbox serves one preview for the whole run, a `SandboxPreview`, which
points itself at another channel where it stands: the channel it runs commands in and each open
page's channel. Each page keeps its viewer; like simcord's own viewer switch, it gets a new
generation, the newest message of its new channel in focus and a new publication, which the
browser, polling its page every half second, draws in place.

It uses the preview's page registry (`_pages`, `_publish`, ...), which simcord keeps to itself:
it has no public call for this. simcord is pinned exactly (`pyproject.toml`), and
`tests/sandbox/` drives the switch in process and in Chromium, so a simcord that changes those
breaks a test, not the page.
"""

from __future__ import annotations

from typing import Any

from simcord import SetupError
from simcord.preview import Preview

BUSY = "operation overlaps active preview.action"  # as simcord says it: the driver waits


class SandboxPreview(Preview):
    """simcord's preview of one channel at a time, for the sandbox's players."""

    def __init__(self, env: Any, channel: Any, viewers: tuple[Any, ...], *, port: int, locale: str) -> None:
        super().__init__(
            env,
            channel,
            viewers,
            layout="channel",
            display="responsive",
            width=960,
            height=720,
            locale=locale,
            timezone="UTC",
            presentation_time=None,
            assets=None,
            port=port,
        )

    def show_channel(self, channel: Any) -> None:
        """Show `channel` on every page open now and on those opened later, each page keeping
        its viewer. Refused with simcord's "overlaps" while a click on a page is handled (the
        switch is all in one step, so nothing else runs in between)."""
        if self._active_action is not None:
            raise SetupError(BUSY)
        self.channel = channel
        for page in tuple(self._pages.values()):
            self._clear_page_assets(page)
            page.channel_id = channel.id
            page.generation += 1
            self._reset_queries(page)
            page.target_id = self._initial_target(page.viewer, channel.id)
            if page.layout == "channel":
                page.window_end_id = page.target_id
            page.modal = None
            page.modal_handle = None
            page.status = "current"
            self._publish(page, reason="navigation")
