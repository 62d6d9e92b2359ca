"""The sandbox: the real bot in a local, Discord-like page, with no Discord and no token.

`sandbox.run.run_sandbox` builds the bot as `bot.py` does (same database code, commands and
cogs), attaches it to simcord's offline Discord and serves simcord's browser preview on
loopback. `sandbox.world` is the fixed server it plays in (a channel per game, four players);
`sandbox.commands` adds the two commands only the sandbox has (`/sandbox channel`,
`/sandbox wait`); `sandbox.page` is the page, `sandbox.address` keeps its address across
restarts and `sandbox.resume` shows the open games again at a start. docs/sandbox.md says what
it is for and how to go live.
"""
