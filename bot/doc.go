// Package bot wires shinpan's Discord bot together: New builds the parts,
// Start opens the gateway and starts the loops, Close and Shutdown stop them.
// What is left here is the game core the parts share: applying an action
// (act.go: the referee decides on a copy, compose writes every reader's
// messages, the store commits the action and its outbox in one
// transaction, the outbox sends), starting games (start.go), the CPU's turns
// (cpu.go), the timers (timers.go), the gateway (gateway.go), readiness and
// metrics (ready.go, ops.go). It maps referee events to messages and never
// decides a rule (package referee does).
//
// The parts, each in its own package under bot/, ask the bot for what they
// need through a small Host interface (the *host.go files here):
// interact (the route table, the gateway's and the HTTP endpoint's
// interactions), commands, moves, review, tournaments, dms (DM intake),
// cluster (several processes), outbox and budget (the one gate to
// Discord's REST API), compose (messages), games (the live games).
// docs/ARCHITECTURE.md walks one move through them.
package bot
