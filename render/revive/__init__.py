"""Images for Revive: the main board (`render_board`) and one player's board (`render_player`).

Why it is built the way it is:

* Both images are made from the PUBLIC view only (`Revive.view(state, None)`, typed in
  engine/revive/views.py), so they can be posted in a channel. Nothing reads `view["private"]`;
  a seat's artifact card, resting cards and closed crates appear only as counts that the public
  view already carries.
* Discord shows an inline preview about 550 px wide. The channel image (focus.py) and a
  player's summary (summary.py, `/board player:`) are 640 px wide, with their labels at least
  9 px tall at 550 px (docs/revive-discord.md); the whole board (`/board`) and a whole player
  board (behind a button) are about 1500 px wide with big scores and names; terrain and seats
  stay apart at that size by colour *and* shape (a glyph per terrain; colour + shape + letter
  per seat, the same seat marks as Rebirth).
* A render runs on every move, so whatever does not depend on the game state is drawn once and
  cached by content (ref.py): frames, tile, piece, card, token and technology sprites; those
  with words once per language too (each image's `locale`: a table plays in its own language;
  docs/images.md).
* Card and token texts come from their effect lists through Revive's one effect vocabulary
  (i18n/revive_words.py) in its image style (words.py), so no component needs a
  hand-written text. Display names go through `clean_text` and are drawn in their own script.

The modules, by what they draw: board.py (the board image: frame, tiles, pieces, plaques),
focus.py (the channel and options image), panel.py (its side panel), player.py and
player_frame.py (a seat's whole image), summary.py (a seat's board for a phone), strip.py (a
turn's own-board changes under the channel image) and sheet.py (their legible pieces),
sprites.py (board sprites), chips.py (cards, tokens, technologies, gems), style.py (colours and sizes),
geometry.py (where everything is), text.py and words.py (text and the image's words),
palette.py (fixed palettes), ref.py (cache keys), seats.py (seat styles from the view).
"""

from render.revive.board import render_board
from render.revive.focus import render_focus
from render.revive.geometry import board_panel_left, board_size, player_size, space_center
from render.revive.player import render_player
from render.revive.style import HEX, TERRAIN_ORDER
from render.revive.summary import render_summary
from render.revive.words import ability_label, effect_label, effects_label, resources_label

__all__ = [
    "HEX",
    "TERRAIN_ORDER",
    "ability_label",
    "board_panel_left",
    "board_size",
    "effect_label",
    "effects_label",
    "player_size",
    "render_board",
    "render_focus",
    "render_player",
    "render_summary",
    "resources_label",
    "space_center",
]
