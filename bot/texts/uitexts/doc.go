// Package uitexts words the bot's interface around the games, in English and
// Japanese: the slash commands' Japanese names (CommandJA), the replies to
// commands and buttons, button and menu labels, prompts (UIText ids read with
// UI, or a function each for those that carry values), help and rules, the
// game and challenge cards and the welcome DM (static.go), autocomplete
// choices, the moderators' /shogiadmin, review and watch (spectate.go), and
// the menus of moving by tapping (tap.go).
//
// The language, the lookup and the words every subject shares (sides,
// pieces, variants, the options' time control) are bot/texts's; the words
// here live in one table per language, en.go and ja.go, keyed by message id
// (keys.go), and the tests check that both tables have the same keys and
// placeholders. Texts name only the commands the bot has (the tests check
// it).
package uitexts

import "shinpan/bot/texts"

// words are this package's tables.
var words = texts.Words[msg]{EN: en, JA: ja}

// tr formats message k in l (texts.Words.Tr).
func tr(l texts.Lang, k msg, args ...any) string { return words.Tr(l, k, args...) }
