// Package render draws one player's view of a shogi game as a PNG for a
// Discord DM, with its words in the viewer's language (Options.Labels). The
// image's alt text is bot/texts' (BoardAlt).
//
// The only input is a view.View (what the viewer may know) and Options (the
// viewer's own presentation choices: theme, orientation, private "?" notes, a
// selected piece with its reachable squares, the picture's words in the
// viewer's language (Labels, filled by the caller: render has no words of its
// own)). The output is a pure function of those two, so a view that hides
// something cannot leak it through the image: an unknown
// Tsuitate square is drawn exactly like an empty one, a Dark fog square is an
// opaque tile that does not depend on what lies beneath, and a hidden hand is
// not drawn at all.
//
// # Picture
//
// Every image is Size() pixels (658×866): a status line (side to move or the
// result, "check" when in check, the moves played), the hand panel of the side at
// the top, file numbers 9..1 (1..9 when White is at the bottom), the 9×9
// board with rank labels on its right (Labels.Ranks: a..i in English, 一..九
// in Japanese), and the hand panel of the side at the bottom. The viewer's
// side is at the bottom unless Options.Flip; the channel and the revealed
// board have Black at the bottom. Pieces of the side at the top are turned
// 180°. Kings are 玉 for Black and 王 for White. Promoted pieces are red
// (amber in the contrast theme's printed set).
//
// Options.Theme is the board theme (ThemeLight, ThemeWood, ThemeContrast),
// Options.Pieces the piece set (PiecesPrinted: the kanji alone, as in a
// printed diagram; PiecesKoma and PiecesKoma2: pentagon koma with one or
// two kanji, pointing at the opponent; PiecesInternational: koma with the
// piece's Western letter, upright for both sides, and its moves marked), all
// drawn here from the font and shapes. A hand's pieces are drawn in the set
// too (the koma sets turn the top side's). Hidden squares look the same in
// every set: a Tsuitate unknown square is an empty board square, a Dark fog
// tile is the theme's.
//
// Panels show ☗/☖ and the side's name, the
// fouls where the viewer knows them, a stripe and a pill for the side to
// move, and the hand with its label (the "none" label when known empty).
// Every word is a Labels field.
//
// Square marks, each with its own shape so colour is never the only cue:
// last move (tint and a frame on from and to), a piece just lost (tint and an
// X in the top-left corner), check (tint, ring and a Labels.CheckTag tag on
// the viewer's king, or mask in Masked), notes ("?" badge top-right), masks ("M" badge
// bottom-left), the selected piece (corner brackets), reachable squares
// (a dot in the middle, or in the bottom-right corner of an occupied square)
// and a king shown by Tsuitate's king_visible (View.KingSeen: a ring of dots
// round its square; none on a revealed board).
//
// # Speed
//
// Each theme is drawn once, on first use, with every piece set (fogleman/gg
// and x/image/font, into RGBA), and quantised into a fixed palette (the
// theme's named colours plus median-cut shades, at most 64) that the sets
// share, as they share every sprite but the pieces'. Render then only copies the background,
// copies 62×68-pixel tiles (piece × square background × orientation), blits
// pre-blended overlay and glyph sprites (the words too: every rune of the
// font subset is a sprite per text style) and fills rectangles, straight into an
// image.Paletted, and encodes an 8-bit paletted PNG with a deflater of its own
// that looks for repeats only where this picture has them: one row up, one
// pixel left, one square left (internal/deflate; about half the CPU of
// image/png at BestSpeed, and files a quarter smaller). No text is rasterised
// per image. See BenchmarkRender and BenchmarkEncode.
//
// The bit-level codecs are packages of their own under internal/, each
// fuzzed against the standard library and benchmarked beside it (README.md
// has the figures): deflate (segments that join into one stream), adler
// (Adler-32, faster than hash/adler32, and the combining of two checksums),
// png (the paletted PNG container round a caller's deflate stream) and gif
// (an animation written a frame at a time, coded by compress/lzw).
//
// A player's successive boards differ in a few horizontal bands (the status
// line, a hand panel, the ranks of the move's squares). With
// Options.CacheScope (the bot: the game and the seat) the image is cut into
// 14 bands, the status line, each hand panel, the file numbers, each rank,
// and each is compressed as a deflate segment of its own, reaching into no
// other and ended on a byte boundary; a band already compressed for an
// earlier board of the same scope is copied, not compressed again, and the
// zlib checksum is combined from the bands' (bands.go). A hit gives the very
// bytes compressing the band would, and only the scope's own boards can
// serve it. Bands every board of a theme, orientation and language shares
// (an empty rank, the file numbers, the status line of each move number,
// each variant's starting panels and ranks) are compressed once, from boards
// that show no game (the starting boards once per piece set, the rest once
// per theme), and copied into any board that has them (static.go). The cache is an LRU of at most 48 MiB, keeping a player's last
// two boards' bands (about 19 KB a player). Through a real game about three
// bands in four are reused: the encoding takes less than half the CPU, and
// the files are a little smaller, each band having Huffman codes of its own
// (BenchmarkRenderGame, BenchmarkEncodeGame, BenchmarkBandCacheGames). A
// band is looked up before it is painted: painting is first recorded as a
// list of those copies, blits and fills (drawlist.go), and a band's key is
// the ops that touch its rows, which fix its pixels; only the bands not
// found are painted and compressed.
//
// The channel's board of a hidden variant (View.ShowCaptured) has no piece and
// no hand: its panels list the pieces each side took as announced, labelled
// Labels.Took.
//
// # Animation
//
// WriteGIF draws a game as a looping GIF (ReplayFrames: the revealed board
// after each move, optionally a frame per foul attempt) with the same sprites:
// one global palette, each frame after the first only the rectangle that
// changed with unchanged pixels transparent, coded by compress/lzw
// (internal/gif), frames drawn and compressed one at a time. See
// BenchmarkGIF and BenchmarkGIFEncoder.
//
// The font is an embedded subset of Noto Sans CJK JP Bold (SIL OFL 1.1); see
// fonts/README.md.
package render
