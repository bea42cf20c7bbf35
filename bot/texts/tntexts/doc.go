// Package tntexts words tournaments (/shogi tournament), in English and
// Japanese: the card in the channel, the pairings and standings, the final
// post, the players' DMs and the answers to the subcommands. The Japanese
// names of the subcommands are bot/texts/uitexts's (CommandJA), with the rest
// of the command tree.
//
// The words live in one table per language, en.go and ja.go, keyed by
// message id (keys.go); the tests check that both tables have the same keys
// and placeholders.
package tntexts

import "shinpan/bot/texts"

// words are this package's tables.
var words = texts.Words[msg]{EN: en, JA: ja}

// tr formats message k in l (texts.Words.Tr).
func tr(l texts.Lang, k msg, args ...any) string { return words.Tr(l, k, args...) }
