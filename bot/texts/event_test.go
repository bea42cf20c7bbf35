package texts

import (
	"strings"
	"testing"

	"shinpan/referee/notation"
	"shinpan/referee/policy"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

var (
	B = shogi.Black
	W = shogi.White
)

func sq(s string) shogi.Square {
	q, err := shogi.ParseSquare(s)
	if err != nil {
		panic(err)
	}
	return q
}

func winner(c shogi.Color) *shogi.Color { return &c }

func tsuitateCtx(l Lang) Ctx {
	return Ctx{Lang: l, Variant: view.Tsuitate, Last: shogi.NoSquare, Options: policy.Defaults(view.Tsuitate)}
}

// TestEventExamples pins the exact wording of the main events in both languages.
func TestEventExamples(t *testing.T) {
	start := shogi.Startpos()
	tests := []struct {
		name   string
		ctx    func(Lang) Ctx
		ev     view.Event
		en, ja string
	}{
		{"moved to the mover, Japanese notation", func(l Lang) Ctx {
			c := tsuitateCtx(l)
			c.Notation, c.Before = notation.Japanese, start
			return c
		}, view.Event{To: view.ToBlack, Kind: view.EvMoved, Player: B, Number: 1, Move: "7g7f"},
			"You played ☗７六歩 (move 1).", "☗７六歩と指しました（1手目）。"},
		{"moved to the mover, no position: USI", tsuitateCtx,
			view.Event{To: view.ToBlack, Kind: view.EvMoved, Player: B, Number: 1, Move: "7g7f"},
			"You played ☗ 7g7f (move 1).", "☗ 7g7fと指しました（1手目）。"},
		{"moved to the Tsuitate opponent", tsuitateCtx,
			view.Event{To: view.ToWhite, Kind: view.EvMoved, Player: B, Number: 1},
			"☗ moved (move 1) — your turn.", "☗が指しました（1手目）。あなたの番です。"},
		{"moved to the channel", tsuitateCtx,
			view.Event{To: view.ToPublic, Kind: view.EvMoved, Player: B, Number: 12},
			"☗ moved (move 12).", "☗が指しました（12手目）。"},
		{"open move to the channel, Western", func(l Lang) Ctx {
			return Ctx{Lang: l, Variant: view.Standard, Notation: notation.Western, Before: start, Last: shogi.NoSquare}
		}, view.Event{To: view.ToPublic, Kind: view.EvMoved, Player: B, Number: 1, Move: "7g7f"},
			"☗ P-7f (move 1).", "☗ P-7f（1手目）。"},
		{"open move to the opponent, Japanese", func(l Lang) Ctx {
			return Ctx{Lang: l, Variant: view.Masked, Notation: notation.Japanese, Before: start, Last: shogi.NoSquare}
		}, view.Event{To: view.ToWhite, Kind: view.EvMoved, Player: B, Number: 1, Move: "7g7f"},
			"☗７六歩 (move 1) — your turn.", "☗７六歩（1手目）。あなたの番です。"},
		{"capture to the channel", tsuitateCtx,
			view.Event{To: view.ToPublic, Kind: view.EvCapture, Player: B, Square: sq("5e"), Piece: shogi.MakePiece(W, shogi.Silver)},
			"☖'s silver on 5e was captured.", "☖の５五銀が取られました。"},
		{"capture to the victim", tsuitateCtx,
			view.Event{To: view.ToWhite, Kind: view.EvCapture, Player: B, Square: sq("5e"), Piece: shogi.MakePiece(W, shogi.ProPawn)},
			"Your tokin on 5e was captured.", "あなたの５五とが取られました。"},
		{"capture of a dragon", tsuitateCtx,
			view.Event{To: view.ToBlack, Kind: view.EvCapture, Player: B, Square: sq("2b"), Piece: shogi.MakePiece(W, shogi.Dragon)},
			"☖'s dragon on 2b was captured.", "☖の２二龍が取られました。"},
		{"check", tsuitateCtx, view.Event{To: view.ToPublic, Kind: view.EvCheck, Player: W},
			"Check!", "王手！"},
		{"masked check to the mask's owner", func(l Lang) Ctx { return Ctx{Lang: l, Variant: view.Masked} },
			view.Event{To: view.ToWhite, Kind: view.EvCheck, Player: W},
			"Check: your mask is attacked!", "王手：あなたの影武者が狙われています！"},
		{"foul to the fouler", tsuitateCtx, view.Event{To: view.ToBlack, Kind: view.EvFoul, Player: B, Count: 3, Limit: 10},
			"Foul — that move is not allowed. Fouls: 3/10. Move again.", "反則です。その手は指せません。反則 3/10。もう一度指してください。"},
		{"last foul to the fouler", tsuitateCtx, view.Event{To: view.ToBlack, Kind: view.EvFoul, Player: B, Count: 10, Limit: 10},
			"Foul — that move is not allowed. Fouls: 10/10.", "反則です。その手は指せません。反則 10/10。"},
		{"foul to the others", tsuitateCtx, view.Event{To: view.ToPublic, Kind: view.EvFoul, Player: B, Count: 3, Limit: 10},
			"☗ foul (3/10).", "☗反則（3/10）。"},
		{"bounce", func(l Lang) Ctx { return Ctx{Lang: l, Variant: view.Dark} },
			view.Event{To: view.ToWhite, Kind: view.EvBounce, Player: W, Move: "P*5e"},
			"That square is occupied — your drop bounced. Your turn again.", "そのマスには駒があります。打った駒は戻りました。もう一度あなたの番です。"},
		{"foul limit to the channel", tsuitateCtx,
			view.Event{To: view.ToPublic, Kind: view.EvEnd, Winner: winner(W), Reason: view.ReasonFoulLimit},
			"☗ reached the foul limit (10/10) — ☖ wins.", "☗の反則が上限（10/10）に達しました。☖の勝ちです。"},
		{"checkmate to the loser, with names", func(l Lang) Ctx {
			c := tsuitateCtx(l)
			c.Names = Names{"<@1>", "Bob"}
			return c
		}, view.Event{To: view.ToBlack, Kind: view.EvEnd, Winner: winner(W), Reason: view.ReasonCheckmate},
			"Checkmate — ☖ Bob wins. You lose.", "詰みです。☖ Bobの勝ちです。あなたの負けです。"},
		{"mask set", func(l Lang) Ctx { return Ctx{Lang: l, Variant: view.Masked} },
			view.Event{To: view.ToBlack, Kind: view.EvMaskSet, Player: B, Square: sq("7g"), Piece: shogi.MakePiece(B, shogi.Silver)},
			"Your mask is the silver on 7g. You can change it until both players have chosen.",
			"あなたの影武者は７七の銀です。両者が選び終えるまで変更できます。"},
	}
	for _, tc := range tests {
		for _, l := range Langs {
			want := tc.en
			if l == JA {
				want = tc.ja
			}
			if got := Event(tc.ctx(l), tc.ev); got != want {
				t.Errorf("%s (%s):\n got %q\nwant %q", tc.name, l, got, want)
			}
		}
	}
}

// TestEveryEventKind: every kind, to every audience it can reach, in both
// languages, says something (bounce and mask_set only to their player).
func TestEveryEventKind(t *testing.T) {
	silver := shogi.MakePiece(W, shogi.Silver)
	evs := []view.Event{
		{Kind: view.EvMoved, Player: B, Number: 1},
		{Kind: view.EvMoved, Player: B, Number: 1, Move: "7g7f"},
		{Kind: view.EvCapture, Player: B, Number: 1, Square: sq("5e"), Piece: silver},
		{Kind: view.EvCheck, Player: W, Number: 1},
		{Kind: view.EvFoul, Player: B, Number: 1, Count: 1, Limit: 10},
		{Kind: view.EvBounce, Player: B, Number: 1, Move: "P*5e"},
		{Kind: view.EvEnd, Winner: winner(B), Reason: view.ReasonCheckmate},
		{Kind: view.EvReveal, SFEN: shogi.Startpos().SFEN(), Moves: []string{"7g7f"}},
		{Kind: view.EvMaskSet, Player: B, Square: sq("7g"), Piece: shogi.MakePiece(B, shogi.Pawn)},
		{Kind: view.EvMasksDone, Commitments: [2]string{strings.Repeat("ab", 32), strings.Repeat("cd", 32)}},
		{Kind: view.EvRefused},
	}
	for _, v := range []view.Variant{view.Standard, view.Tsuitate, view.Masked, view.Dark} {
		for _, l := range Langs {
			ctx := Ctx{Lang: l, Variant: v, GameID: 5, Last: shogi.NoSquare}
			for _, e := range evs {
				for _, to := range []view.Audience{view.ToBlack, view.ToWhite, view.ToPublic} {
					e.To = to
					got := Event(ctx, e)
					private := e.Kind == view.EvBounce || e.Kind == view.EvMaskSet
					if private && to != view.AudienceOf(e.Player) {
						if got != "" {
							t.Errorf("%s %s %s to %s: %q, want nothing", v, l, e.Kind, to, got)
						}
						continue
					}
					if got == "" || strings.Contains(got, "%!") || strings.Contains(got, "piece.") {
						t.Errorf("%s %s %s to %s: %q", v, l, e.Kind, to, got)
					}
					if l == JA && !hasJapanese(got) {
						t.Errorf("%s %s to %s: no Japanese in %q", v, e.Kind, to, got)
					}
				}
			}
		}
	}
}

func hasJapanese(s string) bool {
	for _, r := range s {
		if r >= 0x3040 && r <= 0x30ff || r >= 0x4e00 && r <= 0x9fff {
			return true
		}
	}
	return false
}

// TestEveryEnd: each reason, with and without a winner, in both languages.
func TestEveryEnd(t *testing.T) {
	reasons := []view.Reason{view.ReasonCheckmate, view.ReasonFoulLimit, view.ReasonMaskCaptured,
		view.ReasonMaskCheckmated, view.ReasonKingCaptured, view.ReasonNoLegalMove, view.ReasonSennichite,
		view.ReasonPerpetualCheck, view.ReasonImpasse, view.ReasonMoveLimit, view.ReasonResignation,
		view.ReasonTimeout, view.ReasonAbort, view.ReasonDrawAgreed, view.ReasonModerator, "something_new"}
	wantEN := map[view.Reason]string{
		view.ReasonCheckmate:      "Checkmate — ☗ Ann wins",
		view.ReasonFoulLimit:      "☖ Bob reached the foul limit (10/10) — ☗ Ann wins",
		view.ReasonMaskCaptured:   "☖ Bob's mask was captured — ☗ Ann wins",
		view.ReasonMaskCheckmated: "☖ Bob's mask is checkmated — ☗ Ann wins",
		view.ReasonKingCaptured:   "☖ Bob's king was captured — ☗ Ann wins",
		view.ReasonNoLegalMove:    "☖ Bob has no legal move — ☗ Ann wins",
		view.ReasonPerpetualCheck: "☖ Bob gave check with every move",
		view.ReasonImpasse:        "Impasse declared (27-point rule) — ☗ Ann wins",
		view.ReasonResignation:    "☖ Bob resigned — ☗ Ann wins",
		view.ReasonTimeout:        "☖ Bob ran out of time — ☗ Ann wins",
		view.ReasonModerator:      "A moderator ended the game — ☗ Ann wins",
		"something_new":           "Game over — ☗ Ann wins",
	}
	wantDraw := map[view.Reason]string{
		view.ReasonSennichite:  "Sennichite (fourfold repetition) — draw",
		view.ReasonMoveLimit:   "Move limit reached (150 moves) — draw",
		view.ReasonAbort:       "The game was aborted — no result",
		view.ReasonDrawAgreed:  "Draw by agreement",
		view.ReasonModerator:   "A moderator ended the game — no result",
		view.ReasonTimeout:     "Time ran out — draw",
		"something_new":        "Game over — draw",
		view.ReasonCheckmate:   "Game over — draw",
		view.ReasonNoLegalMove: "No legal move — draw",
	}
	for _, l := range Langs {
		ctx := tsuitateCtx(l)
		ctx.Names = Names{"Ann", "Bob"}
		for _, r := range reasons {
			for _, w := range []*shogi.Color{winner(B), nil} {
				e := view.Event{To: view.ToPublic, Kind: view.EvEnd, Winner: w, Reason: r, Number: 151}
				got := Event(ctx, e)
				if got == "" || strings.Contains(got, "%!") {
					t.Errorf("%s %s: %q", l, r, got)
				}
				if l == JA {
					if w != nil && !strings.Contains(got, "☗ Annの勝ち") {
						t.Errorf("ja %s: %q does not name the winner", r, got)
					}
					if w == nil && strings.Contains(got, "勝ち") {
						t.Errorf("ja %s draw: %q names a winner", r, got)
					}
					continue
				}
				want := wantEN[r]
				if w == nil {
					want = wantDraw[r]
				}
				if want != "" && !strings.Contains(got, want) {
					t.Errorf("en %s (winner %v): %q, want it to contain %q", r, w != nil, got, want)
				}
			}
		}
	}
	// Masked perpetual check speaks of the mask.
	ctx := Ctx{Lang: EN, Variant: view.Masked}
	got := Event(ctx, view.Event{To: view.ToPublic, Kind: view.EvEnd, Winner: winner(W), Reason: view.ReasonPerpetualCheck})
	if !strings.Contains(got, "attacked the mask") {
		t.Errorf("masked perpetual: %q", got)
	}
}

func TestPieceNames(t *testing.T) {
	wantEN := []string{"pawn", "lance", "knight", "silver", "bishop", "rook", "gold", "king",
		"tokin", "promoted lance", "promoted knight", "promoted silver", "horse", "dragon"}
	wantJA := []string{"歩", "香", "桂", "銀", "角", "飛", "金", "玉", "と", "成香", "成桂", "成銀", "馬", "龍"}
	for k := shogi.Pawn; k < shogi.NumKinds; k++ {
		if got := PieceName(EN, k); got != wantEN[k-1] {
			t.Errorf("en %d: %q", k, got)
		}
		if got := PieceName(JA, k); got != wantJA[k-1] {
			t.Errorf("ja %d: %q", k, got)
		}
	}
	if PieceName(EN, shogi.NoKind) != "piece" || PieceName(JA, 99) != "駒" {
		t.Error("unknown kind")
	}
}

func TestParseLang(t *testing.T) {
	for in, want := range map[string]Lang{"en": EN, "en-US": EN, "EN-gb": EN, "ja": JA, "ja-JP": JA, " Japanese ": JA, "日本語": JA} {
		if got, ok := ParseLang(in); !ok || got != want {
			t.Errorf("ParseLang(%q) = %q, %v", in, got, ok)
		}
	}
	for _, in := range []string{"", "fr", "zh-CN"} {
		if got, ok := ParseLang(in); ok || got != EN {
			t.Errorf("ParseLang(%q) = %q, %v; want en, false", in, got, ok)
		}
	}
}

// TestMoveTextFallsBack: a move that does not fit Before is written in USI,
// never formatted against a position it does not belong to.
func TestMoveTextFallsBack(t *testing.T) {
	ctx := Ctx{Lang: EN, Variant: view.Standard, Notation: notation.Western, Before: shogi.Startpos(), Last: shogi.NoSquare}
	for usi, want := range map[string]string{
		"3c3d":    "☗ 3c3d",    // White's piece on Black's turn
		"P*5e":    `☗ P\*5e`,   // nothing in hand (escaped for Discord)
		"5e5d":    "☗ 5e5d",    // empty origin
		"garbage": "☗ garbage", // unparsable, shown as code-safe text
	} {
		got := Event(ctx, view.Event{To: view.ToPublic, Kind: view.EvMoved, Player: B, Number: 1, Move: usi})
		if !strings.HasPrefix(got, want+" (move 1)") {
			t.Errorf("%s: %q", usi, got)
		}
	}
	// 同 after a previous move to the same square.
	p := shogi.Startpos()
	for _, m := range []string{"7g7f", "3c3d", "8h2b+"} {
		p = p.Do(mustUSI(m))
	}
	ctx = Ctx{Lang: JA, Variant: view.Standard, Notation: notation.Japanese, Before: p, Last: sq("2b")}
	got := Event(ctx, view.Event{To: view.ToPublic, Kind: view.EvMoved, Player: W, Number: 4, Move: "3a2b"})
	if got != "☖同　銀（4手目）。" {
		t.Errorf("同: %q", got)
	}
}

func mustUSI(s string) shogi.Move {
	m, err := shogi.ParseUSI(s)
	if err != nil {
		panic(err)
	}
	return m
}
