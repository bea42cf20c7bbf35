// Package referee turns players' actions into events addressed to Black, White or
// the channel, one referee per variant (Standard, Tsuitate, Masked, Dark) over the
// rules core in referee/shogi. Each variant is one file (open.go, tsuitate.go,
// masked.go, dark.go) implementing variantRules (variant.go): its boards,
// judging, events, endings, state (the Masked masks), option defaults, setup,
// reveal and record; what a player sees is referee/view's sight.go. Refusals
// are typed (refusal.go). Pure and deterministic: a game is its variant,
// options, start position and list of actions.
package referee
