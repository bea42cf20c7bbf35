// Package tournament is a tournament's state and rules, with no I/O: sign-up,
// the formats (Swiss, round robin, arena), pairing, results and standings
// with their tie-breaks, and the standings' export. A Tournament is a value
// the caller loads, changes with its methods and stores again (it encodes
// as JSON); the methods decide, the caller starts the games they ask for and
// brings their results back.
//
// The caller's loop is: Advance(now, busy) — it starts, pairs, finishes or
// cancels the tournament as the time and the results allow, and returns the
// new pairings, each a game to start (Link gives a pairing its game) —;
// Record(game, outcome) when a game of it ends; Standings() to show.
// Everything is deterministic given its inputs: the same calls in the same
// order give the same pairings, whatever the machine (no map order, no
// randomness).
//
// The rules chosen are in docs/RULES.md (§6 Tournaments).
package tournament
