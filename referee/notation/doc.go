// Package notation reads the moves players type in chat and writes moves for
// announcements, in the notations shogi players use:
//
//   - USI, the engine format: "7g7f", "8h2b+", "P*5e" (usi.go).
//   - Western (Hosking): "P-7f", "Bx3c+", "B-3c=", "S*5e", "G6i-5h", "+R-2b" (western.go).
//   - Japanese (日本将棋連盟「棋譜の表記方法」): "☗７六歩", "☖同　歩", "５八金右",
//     "２二角成", "５五角打" (japanese.go, with the 右左直上引寄 rules in relative.go).
//   - KIF move bodies (Kakinoki): "７六歩(77)", "同　歩(23)", "５五角打" (kif.go).
//   - CSA: "+7776FU", "-0055KA" (csa.go).
//
// Resolve (resolve.go) turns typed text into exactly one of the moves the caller
// allows, or a *ResolveError (errors.go) that says in plain words why not and lists
// the moves it considered, written in the notation the player used. Resolve looks
// only at the position the player sees and at the candidate moves, so its answers
// never leak hidden information (Tsuitate, Dark). Format and FormatKIF write moves;
// kanji.go has the kanji and full-width helpers other packages use.
//
// The package imports only the standard library and shinpan/referee/shogi.
package notation
