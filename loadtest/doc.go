// Package loadtest drives the real bot against the local Discord stand-in
// (bot/discordtest, on 127.0.0.1) and measures it: `shinpan loadtest`.
//
// Run fills a store with N active games between simulated players (each
// game with its own channel, each player in one game, their DM channels
// known), starts the bot on it and sends R moves per second by DM, open loop:
// the k-th move is due at start + k/R whether or not the bot keeps up. A due
// move goes to a game that is waiting for its next move; when none is, it
// waits for the first to be ready and its latency still counts from when it
// was due. A move's latency runs from then to the last of the requests it
// causes answered by the stand-in: the mover's DM, the opponent's DM (each
// with a PNG board) and the edit of the game card in the game's channel (its
// text and the channel's board). The moves are random
// legal moves that capture nothing, give no check and repeat no position, so
// no game ends. The moves due in the first --warmup after the bot's start
// (default 5 s: the start's catch-ups, and caches and connections filling)
// are timed apart: the line gives their p99 as warmup_p99, and p50, p99
// and max are those of the rest.
//
// Restart fills a store the same way and measures the bot's start on it,
// from bot.New to Start returning.
//
// Everything runs in one process. The CPU share is that of the bot, the
// stand-in and the driver together. The heap is the live heap after a
// collection less the same before the bot started (the filled stand-in and,
// for Run, the driver's games): the bot's, plus for Run the stand-in's record
// of the messages sent (without their attachments).
package loadtest
