// Package referee turns players' actions into events addressed to Black, White or
// the channel, one referee per variant (Standard, Tsuitate, Masked, Dark) over the
// rules core in referee/shogi. Each variant's information rules live in its own
// file (open.go, tsuitate.go, masked.go, dark.go). Pure and deterministic: a game
// is its variant, options, start position and list of actions.
package referee
