package uitexts

import (
	"shinpan/bot/texts"
	"shinpan/referee/notation"
	"shinpan/referee/shogi"
)

// The words of moving by tapping (package bot/tap): the menus' options, their
// placeholders and buttons, and the lines above them.

// The fixed texts of the tap menus.
const (
	TapPickPiece  = UIText(mTapPickPiece)  // placeholder of the menu of pieces on the board
	TapPickHand   = UIText(mTapPickHand)   // placeholder of the menu of pieces in hand
	TapPickSquare = UIText(mTapPickSquare) // placeholder of the menu of destinations
	TapPickFiles  = UIText(mTapPickFiles)  // placeholder of the menu of groups of files
	TapPickMask   = UIText(mTapPickMask)   // placeholder of the mask menu (Masked)
	TapBack       = UIText(mTapBack)       // button: back to the pieces
	TapPromote    = UIText(mTapPromote)    // button
	TapNoPromote  = UIText(mTapNoPromote)  // button
	TapStale      = UIText(mTapStale)      // a pick on a board that is no longer current
	TapTried      = UIText(mTapTried)      // a picked move that was a foul at this move already
	TapPromotes   = UIText(mTapPromotes)   // a destination where the piece must promote
	InputMenus    = UIText(mSetInputMenus) // /shogi settings input: menus
	InputTyping   = UIText(mSetInputTyping)
)

// InputSaved is the settings' line on how the user moves (store.Settings.Input).
func InputSaved(l texts.Lang, input string) string {
	if input == "typing" {
		return tr(l, mSetInputSaved, tr(l, mSetInputTyping))
	}
	return tr(l, mSetInputSaved, tr(l, mSetInputMenus))
}

// TapSquare names a square as the reader's board shows it: "6f" (ranks a–i),
// "６六" in Japanese or in Japanese notation.
func TapSquare(l texts.Lang, n notation.Notation, s shogi.Square) string {
	if l == texts.JA || n == notation.Japanese {
		return notation.FullWidthDigit(s.File()) + notation.KanjiRank(s.Rank())
	}
	return s.String()
}

// TapPiece labels c's piece of kind k on s: "☗ Silver 7g"; in Japanese
// notation "☗７七銀".
func TapPiece(l texts.Lang, n notation.Notation, c shogi.Color, k shogi.Kind, s shogi.Square) string {
	if n == notation.Japanese {
		return tr(l, mTapPieceJA, c.Symbol(), TapSquare(l, n, s), notation.KanjiPiece(k))
	}
	return tr(l, mTapPiece, c.Symbol(), texts.Capitalize(texts.PieceName(l, k)), TapSquare(l, n, s))
}

// TapDrop labels c's pieces of kind k in hand: "☗ Silver in hand"; in
// Japanese notation "☗銀打".
func TapDrop(l texts.Lang, n notation.Notation, c shogi.Color, k shogi.Kind) string {
	if n == notation.Japanese {
		return tr(l, mTapDropJA, c.Symbol(), notation.KanjiPiece(k))
	}
	return tr(l, mTapDrop, c.Symbol(), texts.Capitalize(texts.PieceName(l, k)))
}

// TapTakes describes a destination holding an enemy piece the reader sees.
func TapTakes(l texts.Lang, k shogi.Kind) string { return tr(l, mTapTakes, texts.PieceName(l, k)) }

// TapFiles names a group of files, from the reader's left: "Files 9–7".
func TapFiles(l texts.Lang, first, last int) string { return tr(l, mTapFiles, first, last) }

// TapPicked heads the destinations of the picked piece (its label).
func TapPicked(l texts.Lang, label string) string { return tr(l, mTapPicked, texts.Escape(label)) }

// TapPromoteAsk heads the promotion question (the move so far).
func TapPromoteAsk(l texts.Lang, label string) string {
	return tr(l, mTapPromoteAsk, texts.Escape(label))
}

// TapTranscript is a pick as the demo's transcript shows it: "[picks ☗ Silver 7g]".
func TapTranscript(l texts.Lang, label string) string { return tr(l, mTapTranscript, label) }
