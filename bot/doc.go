// Package bot is shinpan's Discord glue: slash commands, buttons and modals in a
// server channel, moves by DM, announcements in the channel, and the outbox that
// sends what the referee decided after the store committed it. It maps referee
// events to messages and never decides a rule (the referee package does).
//
// Flow of one action: parse → referee (on a copy of the game) → store (action,
// game record and outbox in one transaction) → send the outbox. Actions of one
// game are applied one at a time; Discord is never called inside a transaction.
//
// Interactions come over the gateway, or signed to the Interactions Endpoint
// (endpoint.go); either way they go through the same route table (router.go),
// and only the initial response goes back differently (reply.go). DMs always
// come over the gateway, on shard 0 (gateway.go); each is handled once, also
// when several processes receive it (dmclaim.go).
package bot
