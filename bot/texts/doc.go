// Package texts makes every word the bot says to people, in English and
// Japanese, from typed referee events (view.Event) and a little context (Ctx).
// No other package builds sentences for players or the channel.
//
// Events are worded in event.go, the moves they carry in move.go, the
// end-of-game reveal in reveal.go. Refusals are worded from their code and
// typed parts (refusal.go: referee.Refusal, notation.ResolveError,
// shogi.ImpasseError), never by reading the referee's English back.
//
// Besides the events: help and rules (static.go); the cards, welcome and status
// lines of games and challenges (static.go); and the bot's interface texts
// (ui.go) — replies, button labels, prompts — as UIText ids read with UI, or a
// function each for those that carry values. Texts name only the commands the
// bot has: /shogi and its subcommands (the tests check it).
//
// The words live in one table per language, en.go and ja.go, keyed by message
// id (keys.go) with fmt-style placeholders; a translator edits one file. Where
// the word order differs, a template uses explicit argument indexes (%[2]s).
// The tests check that both tables have the same keys and the same placeholders.
//
// No leaks: a text is made only from the event it describes, the caller's Ctx
// (names, options, the audience's own view of the position) and the language.
// A Tsuitate or Dark "moved" event for the opponent or the channel carries no
// move, and its text names no square or piece (RULES.md §2, §3).
package texts
