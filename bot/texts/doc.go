// Package texts makes every word the bot says to people about a game, in
// English and Japanese, from typed referee events (view.Event) and a little
// context (Ctx). No package outside bot/texts builds sentences for players or
// the channel.
//
// Events are worded in event.go, the moves they carry in move.go, the
// end-of-game reveal in reveal.go. Refusals are worded from their code and
// typed parts (refusal.go: referee.Refusal, notation.ResolveError,
// shogi.ImpasseError), never by reading the referee's English back. Besides
// them: the game card's state and the status line (card.go), the words drawn
// on a board image (board.go) and its alt text (alt.go), the clocks
// (clock.go).
//
// This package also holds what its sub-packages share: the language (Lang),
// the lookup (Words: a subject's tables and the English fallback), the
// markdown escaping and bounds of a message (Escape, Name, Clip), and the
// words every subject uses (ColorName, PieceName, VariantName, TimeControl).
// The other subjects are theirs:
//   - bot/texts/uitexts: the bot's interface around the games — the slash
//     commands' Japanese names, replies, buttons and menus, help and rules,
//     the game and challenge cards, the welcome DM, /shogiadmin, review and
//     watch, moving by tapping;
//   - bot/texts/tntexts: tournaments.
//
// The words live in one table per language and package, en.go and ja.go,
// keyed by message id (keys.go) with fmt-style placeholders; a translator
// edits two files per package. Where the word order differs, a template uses
// explicit argument indexes (%[2]s). The tests check that both tables have
// the same keys and the same placeholders, and that no two packages declare
// the same id (internal/texttest).
//
// No leaks: a text is made only from the event it describes, the caller's Ctx
// (names, options, the audience's own view of the position) and the language.
// A Tsuitate or Dark "moved" event for the opponent or the channel carries no
// move, and its text names no square or piece (RULES.md §2, §3).
package texts
