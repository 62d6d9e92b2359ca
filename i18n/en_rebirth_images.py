"""English words of Rebirth's images (issue 14 items 2 and 5): the legend, in the rules' own
terms, and the channel image's score strip. Merged into i18n/en.py's MESSAGES."""

MESSAGES: dict[str, str] = {
    "rebirth.img.legend.e": "Energy Farm space",
    "rebirth.img.legend.f": "Food Farm space",
    "rebirth.img.legend.blank": "Blank space: either farm",
    "rebirth.img.legend.s": "Settlement: 1, 2 or 3 spaces",
    "rebirth.img.legend.s4": "Settlement: 1, 2, 3 or 4 spaces",
    "rebirth.img.legend.pips": "Settlement tile: pips = Influence",
    "rebirth.img.legend.neutral": "Neutral tile: closed space",
    "rebirth.img.legend.yellow": "Yellow: neutral at start, 2-3 players",
    "rebirth.img.legend.port": "Port: +1 for a Settlement",
    "rebirth.img.legend.offshore": "Offshore Farm: +1 for a Settlement",
    "rebirth.img.legend.C": "Castle: 5 pts to controller",
    "rebirth.img.legend.K": "Cathedral: marker + mission",
    "rebirth.img.legend.R": "Round Tower: bonus when next to it",
    "rebirth.img.legend.T": "Hill of Tara: breaks ties",
    "rebirth.img.turn": "Turn {turn}",
    "rebirth.img.final": "Final",
    "rebirth.img.last": "{head}  ·  last: {who}{tile} at {space}",
    "rebirth.img.also": "{line}  ·  also {spaces}: /board",
}
