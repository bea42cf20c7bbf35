// Package record reads and writes shogi game records: KIF and KI2 (UTF-8 with
// or without BOM, or Shift_JIS), CSA V2/V2.2, USI position commands and the
// project's own text format (a start SFEN line, one USI move a line, a "#
// result:" line).
//
// Every reader returns a *Record: the start position, the main line's moves, the
// header fields, the comments, how the game ended (Result) and the warnings
// about what the reader settled on its own. The start position must be one
// that could arise under the record's rules (shogi.Position.Validate; a
// *shogi.SetupError otherwise). Each move is checked against the rules core
// (shinpan/referee/shogi) while it is read; the first illegal move stops the
// reading, and the reader returns the record up to before it together with an
// *IllegalMoveError naming the move (1-based ply) and why it is illegal. Other
// malformed input — a KI2 move that cannot be read included — gives a
// *SyntaxError (line number and what was expected) or ErrUnknownFormat;
// readers never panic. The stated ending is checked on the final position
// (see finish): where they disagree the board's verdict is the Result and a
// warning says both.
//
// Read and Parse detect the format from the content (and from a file name's
// extension when the content does not decide). WriteKIF, WriteKI2, WriteCSA,
// WriteText and USIPosition write a record back; what they write reads back to
// the same start position, moves and result.
//
// The KIF move text ("７六歩(77)", "同　歩(23)", "５五角打", "２二角成(88)",
// "２三銀不成(34)") is read and written here: the origin in parentheses makes a
// KIF move unambiguous. KI2 moves, and KIF moves without an origin, are
// Japanese notation, read and written with the notation package.
package record
