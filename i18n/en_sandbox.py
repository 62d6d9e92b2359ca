"""English strings of the sandbox (sandbox/: the bot in a local page, without Discord)."""

MESSAGES: dict[str, str | dict[str, str]] = {
    "sandbox.topic.table": "A {game} table: /game new game:{id}. /sandbox channel goes elsewhere, /sandbox wait moves the clock.",
    "sandbox.topic.lounge": "Open any game here. /sandbox channel goes to another channel, /sandbox wait moves the clock.",
    "cmd.sandbox": "The sandbox: change channel, move the clock",
    "cmd.sandbox.channel": "Show another channel of the sandbox's server, in this page",
    "cmd.sandbox.channel.to": "The channel to show",
    "cmd.sandbox.wait": "Move the sandbox's clock forward: reminders and turn clocks run as if that time passed",
    "cmd.sandbox.wait.hours": "How long to wait",
    "sandbox.wait.1": "1 hour",
    "sandbox.wait.6": "6 hours",
    "sandbox.wait.24": "1 day",
    "sandbox.wait.72": "3 days",
    "sandbox.wait.started": "Moving the clock forward {duration}, from {start}… Reminders and clocks that fall due are posted as it goes.",
    "sandbox.channel.switching": "Going to #{channel}: this page shows it in a moment, to the same player.",
    "sandbox.resumed.lobby": "The sandbox restarted. This table is still open: **{game}**.",
    "sandbox.resumed.game": "The sandbox restarted. The game as it stands:",
    "sandbox.channel.already": "This page already shows #{channel}.",
}
