package referee

import (
	"shinpan/referee/record"
	"strings"
	"testing"

	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

var B, W = shogi.Black, shogi.White

func newGame(t *testing.T, v view.Variant, sfen string, mod func(*Options)) *Game {
	t.Helper()
	o := DefaultOptions(v)
	if mod != nil {
		mod(&o)
	}
	g, err := New("t1", v, sfen, o)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func move(t *testing.T, g *Game, c shogi.Color, text string) []view.Event {
	t.Helper()
	evs, err := g.Apply(Action{Kind: ActMove, Player: c, Text: text})
	if err != nil {
		t.Fatalf("%s %s refused: %v", c, text, err)
	}
	return evs
}

func refused(t *testing.T, g *Game, c shogi.Color, text, want string) {
	t.Helper()
	before := g.TruePosition().SFEN()
	seq, fouls := g.Seq(), g.Fouls()
	_, err := g.Apply(Action{Kind: ActMove, Player: c, Text: text})
	if err == nil || !IsRefusal(err) {
		t.Fatalf("%s %s: want a refusal, got %v (outcome %s)", c, text, err, g.LastOutcome())
	}
	if !strings.Contains(err.Error(), want) {
		t.Errorf("%s %s: refusal %q does not say %q", c, text, err, want)
	}
	if g.TruePosition().SFEN() != before || g.Seq() != seq || g.Fouls() != fouls {
		t.Fatalf("a refusal changed the game")
	}
}

// kinds lists "to:kind" for each event, e.g. "black:moved".
func kinds(evs []view.Event) string {
	var out []string
	for _, e := range evs {
		out = append(out, e.To.String()+":"+string(e.Kind))
	}
	return strings.Join(out, " ")
}

func TestTsuitateSliderThroughHiddenPieceIsAFoul(t *testing.T) {
	g := newGame(t, view.Tsuitate, "4k4/9/7p1/9/9/9/9/7R1/4K4 b - 1", nil)
	evs := move(t, g, B, "2h2a+")
	if g.LastOutcome() != Foul || kinds(evs) != "black:foul white:foul public:foul" {
		t.Fatalf("slide through 2c: %s %s", g.LastOutcome(), kinds(evs))
	}
	if evs[0].Count != 1 || evs[0].Limit != 10 || g.Turn() != B || g.MoveNumber() != 1 {
		t.Fatalf("foul count %d/%d, turn %v, move %d", evs[0].Count, evs[0].Limit, g.Turn(), g.MoveNumber())
	}
	evs = move(t, g, B, "2h2c+")
	if g.LastOutcome() != Accepted {
		t.Fatal("stopping on the hidden pawn should capture it")
	}
	want := "black:moved white:moved public:moved black:capture white:capture public:capture"
	if kinds(evs) != want {
		t.Fatalf("events %s, want %s", kinds(evs), want)
	}
	if evs[1].Move != "" || evs[2].Move != "" || evs[0].Move != "2h2c+" {
		t.Error("the opponent or the channel learned the move")
	}
	if c := evs[3]; c.Square != shogi.Sq(2, 3) || c.Piece != shogi.MakePiece(W, shogi.Pawn) {
		t.Errorf("capture event %+v", c)
	}
	if g.TruePosition().HandCount(B, shogi.Pawn) != 1 {
		t.Error("the captured pawn is not in Black's hand")
	}
}

func TestTsuitateFouls(t *testing.T) {
	cases := []struct{ name, sfen, move, reason string }{
		{"drop onto a hidden piece", "4k4/9/7p1/9/9/9/9/9/4K4 b P 1", "P*2c", "square_occupied"},
		{"king into a hidden attack", "3rk4/9/9/9/9/9/9/9/4K4 b - 1", "5i6h", "king_in_check"},
		{"pinned piece", "4r3k/9/9/9/9/9/9/4G4/4K4 b - 1", "5h4h", "king_in_check"},
		{"not answering check", "4r3k/9/9/9/9/9/9/9/4K3P b - 1", "1i1h", "king_in_check"},
		{"pawn-drop mate", "3lkl3/9/4G4/9/9/9/9/9/4K4 b P 1", "P*5b", "uchifuzume"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := newGame(t, view.Tsuitate, c.sfen, nil)
			evs := move(t, g, B, c.move)
			if g.LastOutcome() != Foul || evs[0].Kind != view.EvFoul {
				t.Fatalf("%s: outcome %s events %s", c.move, g.LastOutcome(), kinds(evs))
			}
			if log := g.FoulLog(); len(log) != 1 || log[0].Reason != c.reason || log[0].Move != c.move {
				t.Fatalf("foul log %+v, want reason %s", log, c.reason)
			}
		})
	}
}

func TestTsuitateOwnBoardIllegalIsRefusedNotAFoul(t *testing.T) {
	g := newGame(t, view.Tsuitate, "", nil)
	refused(t, g, B, "5i4i", "your own piece")
	refused(t, g, B, "2h1f", "cannot move there")
	refused(t, g, B, "2h2f", "blocked")
	refused(t, g, B, "P*5e", "no such piece in hand")
	refused(t, g, W, "3c3d", "not your turn")
	refused(t, g, B, "hello", "")
	if g.Fouls() != [2]int{} {
		t.Fatal("a refusal counted as a foul")
	}
}

// TestDropRefusalsSayWhy: a drop written out in any notation is refused with
// the own-board reason, not the notation's "nothing can move there".
func TestDropRefusalsSayWhy(t *testing.T) {
	const sfen = "4k4/9/9/9/9/9/4P4/9/4K4 b PNL 1"
	cases := []struct {
		texts []string
		want  string
	}{
		{[]string{"G*5e", "G'5e", "５五金打", "5e金打", "+0055KI"}, "no such piece in hand"},
		{[]string{"P'5c", "５三歩打", "5c歩打", "+0053FU"}, "nifu"},
		{[]string{"P'1a", "１一歩打", "N'2b", "２二桂打", "L'3a", "３一香打"}, "could never move"},
		{[]string{"L'5g", "５七香打", "N*5i", "５九桂打"}, "your own piece is on that square"},
	}
	for _, v := range []view.Variant{view.Tsuitate, view.Dark, view.Standard} {
		g := newGame(t, v, sfen, nil)
		for _, c := range cases {
			for _, text := range c.texts {
				refused(t, g, B, text, c.want)
			}
		}
	}
}

// TestDropRefusalsHideTheEnemy: the reason for a refused drop is the same
// whether or not hidden enemy pieces stand on the squares.
func TestDropRefusalsHideTheEnemy(t *testing.T) {
	worlds := []string{"4k4/9/9/9/9/9/4P4/9/4K4 b PNL 1", "4k2nl/9/4p4/9/4g4/9/4P4/9/4K4 b PNL 1"}
	texts := []string{"G'5e", "５五金打", "P'5c", "５三歩打", "P'1a", "１一歩打", "N'2a", "L'5g", "+0011FU"}
	for _, v := range []view.Variant{view.Tsuitate, view.Dark} {
		for _, text := range texts {
			var got []string
			for _, sfen := range worlds {
				g := newGame(t, v, sfen, nil)
				_, err := g.Apply(Action{Kind: ActMove, Player: B, Text: text})
				if err == nil || !IsRefusal(err) || strings.Contains(err.Error(), "occupied") {
					t.Fatalf("%s %s in %s: %v", v, text, sfen, err)
				}
				got = append(got, err.Error())
			}
			if got[0] != got[1] {
				t.Errorf("%s %s: the refusal depends on hidden pieces:\n %s\n %s", v, text, got[0], got[1])
			}
		}
	}
}

func TestTsuitateCheckAnnouncedToAll(t *testing.T) {
	g := newGame(t, view.Tsuitate, "4k4/9/9/9/9/9/9/9/R3K4 b - 1", nil)
	evs := move(t, g, B, "9i9a+")
	if kinds(evs) != "black:moved white:moved public:moved black:check white:check public:check" {
		t.Fatalf("events %s", kinds(evs))
	}
	if !g.View(view.ViewerWhite).InCheck || g.View(view.ViewerBlack).InCheck {
		t.Error("only White's view should show check")
	}
}

func TestTsuitateTenthFoulLoses(t *testing.T) {
	g := newGame(t, view.Tsuitate, "3rk4/9/9/9/9/9/9/9/4K4 b - 1", nil)
	for i := 1; i <= 9; i++ {
		move(t, g, B, "5i6h")
	}
	if g.Over() {
		t.Fatal("nine fouls ended the game")
	}
	evs := move(t, g, B, "5i6h")
	if !g.Over() || g.Result().Reason != view.ReasonFoulLimit || *g.Result().Winner != W {
		t.Fatalf("tenth foul: result %+v", g.Result())
	}
	want := "black:foul white:foul public:foul black:end white:end public:end black:reveal white:reveal public:reveal"
	if kinds(evs) != want {
		t.Fatalf("events %s", kinds(evs))
	}
	if len(evs[6].Fouls) != 10 || evs[6].Fouls[9].Reason != "king_in_check" {
		t.Errorf("reveal lists %d fouls", len(evs[6].Fouls))
	}
	refused(t, g, B, "5i5h", "over")
}

func TestTsuitateTwentyFoulOption(t *testing.T) {
	g := newGame(t, view.Tsuitate, "3rk4/9/9/9/9/9/9/9/4K4 b - 1", func(o *Options) { o.FoulLimit = 20 })
	for i := 1; i <= 19; i++ {
		move(t, g, B, "5i6h")
	}
	if g.Over() {
		t.Fatal("19 fouls ended a 20-foul game")
	}
	move(t, g, B, "5i6h")
	if !g.Over() || g.Result().Reason != view.ReasonFoulLimit {
		t.Fatal("20th foul did not lose")
	}
}

func TestTsuitateAnnounceFoulsOff(t *testing.T) {
	g := newGame(t, view.Tsuitate, "3rk4/9/9/9/9/9/9/9/4K4 b - 1", func(o *Options) { o.AnnounceFouls = false })
	evs := move(t, g, B, "5i6h")
	if kinds(evs) != "black:foul" || evs[0].Count != 1 {
		t.Fatalf("events %s", kinds(evs))
	}
	wv := g.View(view.ViewerWhite)
	if wv.FoulsKnown[B] || wv.Fouls[B] != 0 {
		t.Error("White's view shows Black's fouls")
	}
	if bv := g.View(view.ViewerBlack); !bv.FoulsKnown[B] || bv.Fouls[B] != 1 {
		t.Error("Black's view does not show Black's own foul")
	}
}

func TestMoveLimitDraw(t *testing.T) {
	g := newGame(t, view.Tsuitate, "4k4/9/9/9/9/9/9/9/4K4 b - 149", func(o *Options) { o.MoveLimit = 150 })
	move(t, g, B, "5i5h")
	if g.Over() {
		t.Fatal("drawn after move 149")
	}
	evs := move(t, g, W, "5a5b")
	if !g.Over() || g.Result().Reason != view.ReasonMoveLimit || g.Result().Winner != nil {
		t.Fatalf("result %+v", g.Result())
	}
	if !strings.Contains(kinds(evs), "public:end") {
		t.Fatal("no end event")
	}
}

func TestTsuitateMateJudgedAtOnceAndBeforeMoveLimit(t *testing.T) {
	g := newGame(t, view.Tsuitate, "4k4/9/4P4/9/9/9/9/9/4K4 b G 149", func(o *Options) { o.MoveLimit = 149 })
	move(t, g, B, "G*5b")
	if r := g.Result(); r == nil || r.Reason != view.ReasonCheckmate || *r.Winner != B {
		t.Fatalf("result %+v, want Black wins by checkmate", r)
	}
}

func TestTsuitateViewHidesEverythingElse(t *testing.T) {
	g := newGame(t, view.Tsuitate, "", nil)
	v := g.View(view.ViewerBlack)
	for s := shogi.Square(0); s < shogi.NumSquares; s++ {
		pc := g.TruePosition().At(s)
		own := pc != shogi.NoPiece && pc.Color() == B
		if v.Board[s].Known != own {
			t.Fatalf("%s known=%v", s, v.Board[s].Known)
		}
	}
	if v.HandKnown[W] {
		t.Fatal("White's hand shown to Black")
	}
	j := ViewJSON(v)
	if j["board"].([]string)[0] != "?????????" || j["board"].([]string)[8] != "LNSGKGSNL" {
		t.Fatalf("view board %v", j["board"])
	}
	if _, ok := j["opponent_hand"]; ok {
		t.Fatal("opponent hand in a Tsuitate view")
	}
}

func TestMaskedSetup(t *testing.T) {
	g := newGame(t, view.Masked, "", nil)
	if _, err := g.Apply(Action{Kind: ActMove, Player: B, Text: "7g7f"}); !IsRefusal(err) {
		t.Fatal("a move before the masks was accepted")
	}
	if _, err := g.Apply(Action{Kind: ActMask, Player: B, Text: "5i"}); err == nil || !strings.Contains(err.Error(), "king") {
		t.Fatalf("king as mask: %v", err)
	}
	if _, err := g.Apply(Action{Kind: ActMask, Player: B, Text: "5a"}); err == nil {
		t.Fatal("an enemy piece as mask accepted")
	}
	evs, err := g.Apply(Action{Kind: ActMask, Player: B, Text: "2h", Salt: "s1"})
	if err != nil || kinds(evs) != "black:mask_set" {
		t.Fatalf("mask: %v %s", err, kinds(evs))
	}
	if _, err := g.Apply(Action{Kind: ActMask, Player: B, Text: "7g", Salt: "s2"}); err != nil {
		t.Fatalf("changing the mask before both chose: %v", err)
	}
	evs, err = g.Apply(Action{Kind: ActMask, Player: W, Text: "8b", Salt: "s3"})
	if err != nil || kinds(evs) != "white:mask_set black:masks_set white:masks_set public:masks_set" {
		t.Fatalf("second mask: %v %s", err, kinds(evs))
	}
	if _, err := g.Apply(Action{Kind: ActMask, Player: B, Text: "2h"}); err == nil {
		t.Fatal("mask changed after both chose")
	}
	commit := evs[3].Commitments
	if commit[B] != MaskCommitment("t1", B, shogi.Sq(7, 7), "s2") || commit[W] != MaskCommitment("t1", W, shogi.Sq(8, 2), "s3") {
		t.Fatal("commitments do not bind square and salt")
	}
	if v := g.View(view.ViewerWhite); v.Mask != shogi.Sq(8, 2) {
		t.Fatal("White's view lacks White's mask")
	}
	if ViewJSON(g.View(view.ViewerBlack))["mask"] != "7g" {
		t.Fatal("view JSON mask")
	}
	// The mask moves with its piece and the reveal opens the commitments.
	move(t, g, B, "7g7f")
	evs, _ = g.Apply(Action{Kind: ActResign, Player: W})
	rv := evs[len(evs)-1]
	if rv.Kind != view.EvReveal || rv.Masks[B] != shogi.Sq(7, 7) || rv.MasksAtEnd[B] != shogi.Sq(7, 6) || rv.Salts[B] != "s2" {
		t.Fatalf("reveal %+v", rv)
	}
	if MaskCommitment("t1", B, rv.Masks[B], rv.Salts[B]) != commit[B] {
		t.Fatal("the reveal does not open the commitment")
	}
}

func maskedGame(t *testing.T, sfen, bm, wm string, mod func(*Options)) *Game {
	t.Helper()
	g := newGame(t, view.Masked, sfen, mod)
	if _, err := g.Apply(Action{Kind: ActMask, Player: B, Text: bm}); err != nil {
		t.Fatal(err)
	}
	if _, err := g.Apply(Action{Kind: ActMask, Player: W, Text: wm}); err != nil {
		t.Fatal(err)
	}
	return g
}

func TestMaskedKingCapturedAndDropped(t *testing.T) {
	g := maskedGame(t, "4k3g/4R4/9/9/9/9/9/9/G3K4 b - 1", "9i", "1a", nil)
	evs := move(t, g, B, "5b5a")
	if g.Over() {
		t.Fatal("capturing the king ended a Masked game")
	}
	if !strings.Contains(kinds(evs), "public:capture") || g.TruePosition().HandCount(B, shogi.King) != 1 {
		t.Fatal("the captured king is not in Black's hand")
	}
	move(t, g, W, "1a2a")
	move(t, g, B, "K*5e")
	if g.TruePosition().At(shogi.Sq(5, 5)) != shogi.MakePiece(B, shogi.King) {
		t.Fatal("king drop failed")
	}
}

func TestMaskedMaskPromotedAndCaptured(t *testing.T) {
	g := maskedGame(t, "4k4/9/9/2S6/9/9/9/9/4K3g b - 1", "7d", "1i", nil)
	move(t, g, B, "7d7c+")
	if g.Masks()[B] != shogi.Sq(7, 3) {
		t.Fatal("the mask did not follow its promoted piece")
	}
	move(t, g, W, "1i1h")
	g2 := maskedGame(t, "4k4/9/9/9/9/9/9/7g1/4K3R b - 1", "1i", "2h", nil)
	move(t, g2, B, "1i1h")
	move(t, g2, W, "5a5b")
	evs := move(t, g2, B, "1h2h")
	if r := g2.Result(); r == nil || r.Reason != view.ReasonMaskCaptured || *r.Winner != B {
		t.Fatalf("result %+v", g2.Result())
	}
	if g2.TruePosition().HandCount(B, shogi.Gold) != 0 {
		t.Fatal("the captured mask went to a hand")
	}
	if !strings.Contains(kinds(evs), "public:end") {
		t.Fatal("no end")
	}
}

func TestMaskedCheckToOwnerOnly(t *testing.T) {
	g := maskedGame(t, "4k4/9/9/9/9/9/9/4K4/R7g b - 1", "9i", "1i", nil)
	evs := move(t, g, B, "9i8i")
	if k := kinds(evs); k != "black:moved white:moved public:moved white:check" {
		t.Fatalf("events %s", k)
	}
	if !g.View(view.ViewerWhite).InCheck || g.View(view.ViewerBlack).InCheck {
		t.Error("check shown to the wrong player")
	}
	// The mask may be left attacked (no mask-as-king): any move is fine.
	move(t, g, W, "5a5b")
	evs = move(t, g, B, "8i1i")
	if r := g.Result(); r == nil || r.Reason != view.ReasonMaskCaptured {
		t.Fatalf("result %+v %s", r, kinds(evs))
	}
}

func TestMaskedMaskAsKing(t *testing.T) {
	mod := func(o *Options) { o.MaskAsKing = true }
	g := maskedGame(t, "4k4/9/9/9/9/9/9/9/4K1RSg b - 1", "3i", "1i", mod)
	evs := move(t, g, B, "2i3h")
	if kinds(evs) != "black:moved white:moved public:moved white:check" {
		t.Fatalf("events %s", kinds(evs))
	}
	refused(t, g, W, "5a5b", "mask would be attacked")
	refused(t, g, W, "1i2i", "mask would be attacked")
	move(t, g, W, "1i1h")
	// A mask attacked with no legal reply loses.
	h := maskedGame(t, "k7g/9/9/9/6R1R/9/9/9/4K4 b - 1", "3e", "1a", mod)
	move(t, h, B, "3e2e")
	if r := h.Result(); r == nil || r.Reason != view.ReasonMaskCheckmated || *r.Winner != B {
		t.Fatalf("result %+v", r)
	}
	// Without the option the same position plays on.
	h = maskedGame(t, "k7g/9/9/9/6R1R/9/9/9/4K4 b - 1", "3e", "1a", nil)
	move(t, h, B, "3e2e")
	if h.Over() {
		t.Fatal("mask checkmate ended a game without the mask-as-king option")
	}
}

func TestMaskedNoLegalMoveLoses(t *testing.T) {
	// With the mask as king, White's lone gold (the mask, unattacked) has only
	// moves into attack: no legal move, which loses.
	g := maskedGame(t, "8g/9/6R2/9/7R1/9/9/9/4K4 b - 1", "2e", "1a", func(o *Options) { o.MaskAsKing = true })
	move(t, g, B, "3c3b")
	if r := g.Result(); r == nil || r.Reason != view.ReasonNoLegalMove || *r.Winner != B {
		t.Fatalf("result %+v", r)
	}
}

func TestMaskedRepetitionAndPerpetualAttack(t *testing.T) {
	g := maskedGame(t, "4k3g/9/9/9/9/9/9/9/4K3G b - 1", "1i", "1a", nil)
	cycle := []struct {
		c shogi.Color
		m string
	}{{B, "1i2i"}, {W, "1a2a"}, {B, "2i1i"}, {W, "2a1a"}}
	for i := 0; i < 3 && !g.Over(); i++ {
		for _, s := range cycle {
			move(t, g, s.c, s.m)
		}
	}
	if r := g.Result(); r == nil || r.Reason != view.ReasonSennichite || r.Winner != nil {
		t.Fatalf("result %+v", r)
	}
	// Black's rook attacks White's mask (a gold) on every move: Black loses.
	g = maskedGame(t, "R7g/9/9/9/9/9/9/9/4K3k w - 1", "9a", "1a", nil)
	cycle = []struct {
		c shogi.Color
		m string
	}{{W, "1a1b"}, {B, "9a9b"}, {W, "1b1a"}, {B, "9b9a"}}
	for i := 0; i < 3 && !g.Over(); i++ {
		for _, s := range cycle {
			move(t, g, s.c, s.m)
		}
	}
	if r := g.Result(); r == nil || r.Reason != view.ReasonPerpetualCheck || *r.Winner != W {
		t.Fatalf("result %+v", r)
	}
}

func TestDarkVisibilityThroughSliders(t *testing.T) {
	// Black's lance on 1i sees up the file to the first piece (a white pawn on
	// 1e) and nothing behind it (the white king on 1c).
	g := newGame(t, view.Dark, "9/9/8k/9/8p/9/9/9/4K3L b - 1", nil)
	v := g.View(view.ViewerBlack)
	if !v.Board[shogi.Sq(1, 5)].Known || v.Board[shogi.Sq(1, 5)].Piece != shogi.MakePiece(W, shogi.Pawn) {
		t.Fatal("the pawn on the lance's line is not visible")
	}
	if v.Board[shogi.Sq(1, 3)].Known || v.Board[shogi.Sq(1, 4)].Known {
		t.Fatal("Black sees behind the first piece")
	}
	if !v.Board[shogi.Sq(1, 6)].Known || v.Board[shogi.Sq(1, 6)].Piece != shogi.NoPiece {
		t.Fatal("an empty square on the line is not known empty")
	}
	if v.HandKnown[W] {
		t.Fatal("White's hand visible")
	}
	evs := move(t, g, B, "1i1e")
	if k := kinds(evs); k != "black:moved white:moved public:moved black:capture white:capture public:capture" {
		t.Fatalf("events %s", k)
	}
	if evs[1].Move != "" {
		t.Fatal("White learned Black's move")
	}
}

func TestDarkBounceAndFogDrop(t *testing.T) {
	g := newGame(t, view.Dark, "4k4/9/9/9/9/9/9/9/4K4 b G 1", nil)
	evs := move(t, g, B, "G*5b") // fogged, occupied? 5b is empty: lands.
	if g.LastOutcome() != Accepted || !strings.HasPrefix(kinds(evs), "black:moved") {
		t.Fatalf("drop on a fogged empty square: %s %s", g.LastOutcome(), kinds(evs))
	}
	g = newGame(t, view.Dark, "4k4/9/9/9/9/9/9/9/4K4 b G 1", nil)
	evs = move(t, g, B, "G*5a") // fogged and holding the white king: bounce
	if g.LastOutcome() != Bounce || kinds(evs) != "black:bounce" {
		t.Fatalf("bounce: %s %s", g.LastOutcome(), kinds(evs))
	}
	if g.TruePosition().HandCount(B, shogi.Gold) != 1 || g.Turn() != B || g.MoveNumber() != 1 {
		t.Fatal("a bounce changed the game")
	}
	// A drop onto a visible occupied square is refused, not bounced.
	g = newGame(t, view.Dark, "4k4/9/9/9/4p4/4K4/9/9/9 b G 1", nil)
	refused(t, g, B, "G*5e", "occupied")
}

func TestDarkKingCaptureAndNoCheck(t *testing.T) {
	g := newGame(t, view.Dark, "4k4/9/9/9/9/9/9/9/R3K4 b - 1", nil)
	evs := move(t, g, B, "9i9a")
	if strings.Contains(kinds(evs), "check") {
		t.Fatal("Dark announced check")
	}
	move(t, g, W, "5a5b") // steps out; or any move — Dark allows staying in attack
	move(t, g, B, "9a9b")
	move(t, g, W, "5b4b")
	evs = move(t, g, B, "9b4b")
	if r := g.Result(); r == nil || r.Reason != view.ReasonKingCaptured || *r.Winner != B {
		t.Fatalf("result %+v %s", r, kinds(evs))
	}
}

func TestStandardRefusalsAndImpasse(t *testing.T) {
	g := newGame(t, view.Standard, "4k4/9/9/9/9/9/9/4r4/4K4 b G 1", nil)
	refused(t, g, B, "5i4h", "king would be in check")
	g2 := newGame(t, view.Standard, "+P+P+P+P+P+P+P+P1/RB2K4/9/9/9/9/9/9/4k4 b 2G2S2N2L2P 1", nil)
	evs, err := g2.Apply(Action{Kind: ActDeclare, Player: B})
	if err != nil || g2.Result().Reason != view.ReasonImpasse || *g2.Result().Winner != B {
		t.Fatalf("declare: %v %+v", err, g2.Result())
	}
	_ = evs
	g3 := newGame(t, view.Standard, "", nil)
	if _, err := g3.Apply(Action{Kind: ActDeclare, Player: B}); err == nil || !strings.Contains(err.Error(), "enemy camp") {
		t.Fatalf("invalid declaration: %v", err)
	}
	g4 := newGame(t, view.Tsuitate, "", nil)
	if _, err := g4.Apply(Action{Kind: ActDeclare, Player: B}); err == nil {
		t.Fatal("declaration accepted in Tsuitate")
	}
}

func TestEventOrderPerAudience(t *testing.T) {
	// A capture that gives check and mates: moved, capture, check, end, reveal.
	g := newGame(t, view.Tsuitate, "3lkl3/4p4/9/4RN3/9/9/9/9/4K4 b - 1", nil)
	evs := move(t, g, B, "5d5b+")
	for _, a := range []view.Audience{view.ToBlack, view.ToWhite, view.ToPublic} {
		var got []string
		for _, e := range view.For(evs, a) {
			got = append(got, string(e.Kind))
		}
		if strings.Join(got, ",") != "moved,capture,check,end,reveal" {
			t.Errorf("%s: %v", a, got)
		}
	}
}

func TestProtocolSession(t *testing.T) {
	var s Session
	lines := []string{
		`{"cmd":"new","variant":"tsuitate","options":{"foul_limit":20}}`,
		`{"cmd":"move","player":"black","move":"7g7f"}`,
		`{"cmd":"move","player":"black","move":"3c3d"}`,
		`{"cmd":"view","player":"white"}`,
	}
	var out []string
	for _, l := range lines {
		out = append(out, string(s.Handle([]byte(l))))
	}
	if !strings.Contains(out[0], `"move":1`) || !strings.Contains(out[1], `"move":"7g7f"`) || !strings.Contains(out[1], `"move":2`) {
		t.Fatalf("replies: %v", out)
	}
	if !strings.Contains(out[2], `"ok":false`) {
		t.Fatalf("out of turn accepted: %s", out[2])
	}
	if !strings.Contains(out[3], `"?????????"`) || strings.Contains(out[3], "opponent_hand") {
		t.Fatalf("view: %s", out[3])
	}
}

func TestReachUsesTheOwnBoardOnly(t *testing.T) {
	// Black's lance on 1i; a hidden white pawn on 1e. On Black's own board the
	// lance reaches 1h..1a; in the open game only up to the pawn.
	ts := newGame(t, view.Tsuitate, "4k4/9/9/9/8p/9/9/9/4K3L b - 1", nil)
	if got := ts.Reach(B, shogi.Sq(1, 9)); len(got) != 8 {
		t.Fatalf("tsuitate reach %v", got)
	}
	op := newGame(t, view.Standard, "4k4/9/9/9/8p/9/9/9/4K3L b - 1", nil)
	if got := op.Reach(B, shogi.Sq(1, 9)); len(got) != 4 {
		t.Fatalf("standard reach %v", got)
	}
	if got := ts.Reach(B, shogi.Sq(1, 5)); got != nil {
		t.Fatalf("reach of a hidden enemy piece: %v", got)
	}
	// White may ask on Black's turn.
	if got := op.Reach(W, shogi.Sq(5, 1)); len(got) != 5 {
		t.Fatalf("white king reach %v", got)
	}
}

func TestAbortOnlyBeforeBothMoved(t *testing.T) {
	g := newGame(t, view.Tsuitate, "", nil)
	move(t, g, B, "7g7f")
	if _, err := g.Apply(Action{Kind: ActAbort, Player: W}); err != nil {
		t.Fatalf("abort after one move refused: %v", err)
	}
	g = newGame(t, view.Tsuitate, "", nil)
	move(t, g, B, "7g7f")
	move(t, g, W, "3c3d")
	if _, err := g.Apply(Action{Kind: ActAbort, Player: W}); !IsRefusal(err) {
		t.Fatal("abort after both moved accepted")
	}
}

func usis(ms []shogi.Move) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.USI())
	}
	return out
}

// TestRecordOfDarkAndMaskedGames: records of games whose moves walk into
// attack, capture the king and drop it are written (KIF and CSA), marked with
// their variant, read back with the same moves and replay the same way.
func TestRecordOfDarkAndMaskedGames(t *testing.T) {
	dark := newGame(t, view.Dark, "", nil)
	// 6.B*9e checks Black's king; 7.1e5a+ ignores it and captures White's.
	for i, m := range []string{"7g7f", "3c3d", "8h2b+", "3a2b", "B*1e", "B*9e", "1e5a+"} {
		move(t, dark, shogi.Color(i%2), m)
	}
	if r := dark.Result(); r == nil || r.Reason != view.ReasonKingCaptured {
		t.Fatalf("result %+v", r)
	}
	masked := newGame(t, view.Masked, "", nil)
	for _, a := range []Action{{Kind: ActMask, Player: B, Text: "2h", Salt: "s"}, {Kind: ActMask, Player: W, Text: "8b", Salt: "t"}} {
		if _, err := masked.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	// The same, then White plays on without a king and Black drops it.
	for i, m := range []string{"7g7f", "3c3d", "8h2b+", "3a2b", "B*1e", "B*9e", "1e5a+", "9c9d", "K*5e"} {
		move(t, masked, shogi.Color(i%2), m)
	}
	if masked.Over() {
		t.Fatalf("masked game over: %+v", masked.Result())
	}
	for _, g := range []*Game{dark, masked} {
		v := g.Variant()
		var kif, csa strings.Builder
		if err := record.WriteKIF(&kif, g.Record(string(v))); err != nil {
			t.Fatalf("%s KIF: %v", v, err)
		}
		if v == view.Dark && !strings.Contains(kif.String(), "result: king_captured black") {
			t.Fatalf("no result comment:\n%s", kif.String())
		}
		if err := record.WriteCSA(&csa, g.Record(string(v))); err != nil {
			t.Fatalf("%s CSA: %v", v, err)
		}
		for format, text := range map[string]string{"kif": kif.String(), "csa": csa.String()} {
			back, err := record.Parse([]byte(text), "")
			if err != nil {
				t.Fatalf("%s %s: %v\n%s", v, format, err, text)
			}
			var moves []string
			for _, m := range back.Moves {
				moves = append(moves, m.USI())
			}
			if back.Variant != string(v) || strings.Join(moves, " ") != strings.Join(usis(g.Moves()), " ") {
				t.Fatalf("%s %s: read back %q %v, want %v", v, format, back.Variant, moves, usis(g.Moves()))
			}
			again, _, err := ReplayMoves("r", v, back.StartSFEN(), DefaultOptions(v), moves, nil)
			if err != nil || again.MoveNumber() != g.MoveNumber() || (again.Result() == nil) != (g.Result() == nil) {
				t.Fatalf("%s %s: replayed to move %d, result %+v (%v)", v, format, again.MoveNumber(), again.Result(), err)
			}
		}
	}
}

// TestMaskedRecordReplaysWithItsMasks: a Masked game's record names the masks
// chosen; replayed, the game has those masks, not the replay's default (the
// rooks): capturing a rook that is no mask does not end it.
func TestMaskedRecordReplaysWithItsMasks(t *testing.T) {
	g := newGame(t, view.Masked, "", nil)
	for _, a := range []Action{{Kind: ActMask, Player: B, Text: "6i", Salt: "s"}, {Kind: ActMask, Player: W, Text: "4a", Salt: "t"}} {
		if _, err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	moves := []string{"7g7f", "3c3d", "8h2b+", "8b3b", "2b3b"} // 5.2b3b captures White's rook
	for i, m := range moves {
		move(t, g, shogi.Color(i%2), m)
	}
	if g.Over() {
		t.Fatalf("capturing a rook that is no mask ended the game: %+v", g.Result())
	}
	var kif strings.Builder
	if err := record.WriteKIF(&kif, g.Record("masked")); err != nil {
		t.Fatal(err)
	}
	back, err := record.Parse([]byte(kif.String()), "")
	if err != nil {
		t.Fatal(err)
	}
	masks := RecordMasks(back)
	if masks[B].String() != "6i" || masks[W].String() != "4a" {
		t.Fatalf("masks read back as %v from\n%s", masks, kif.String())
	}
	again, _, err := ReplayMasked("r", view.Masked, back.StartSFEN(), DefaultOptions(view.Masked), masks, moves, nil)
	if err != nil || again.Over() || again.MoveNumber() != g.MoveNumber() {
		t.Fatalf("replayed to move %d, result %+v (%v)", again.MoveNumber(), again.Result(), err)
	}
	if RecordMasks(&record.Record{}) != [2]shogi.Square{shogi.NoSquare, shogi.NoSquare} {
		t.Error("masks read from a record without them")
	}
}

// TestImpliedDropRefusalsSayWhy: Japanese without 打 that no piece of the
// player's could make on their own board can only be a drop, and is refused
// with the drop's own-board reason, not "no pawn can go there".
func TestImpliedDropRefusalsSayWhy(t *testing.T) {
	const sfen = "4k4/9/9/9/9/9/4P4/9/4K4 b PNL 1"
	cases := []struct {
		texts []string
		want  string
	}{
		{[]string{"５五金", "55金", "5五金"}, "no such piece in hand"},
		{[]string{"５三歩", "53歩"}, "nifu"},
		{[]string{"１一歩", "２二桂", "３一香", "1一歩"}, "could never move"},
		{[]string{"５七香", "５九桂", "５九歩"}, "your own piece is on that square"},
	}
	for _, v := range []view.Variant{view.Tsuitate, view.Dark, view.Standard} {
		g := newGame(t, v, sfen, nil)
		for _, c := range cases {
			for _, text := range c.texts {
				refused(t, g, B, text, c.want)
			}
		}
	}
}

// TestImpliedDropRefusalsHideTheEnemy: whether a text without 打 is read as a
// drop, and why the drop is refused, depend on the player's own pieces only,
// never on hidden enemy pieces on or next to the squares.
func TestImpliedDropRefusalsHideTheEnemy(t *testing.T) {
	worlds := []string{"4k4/9/9/9/9/9/4P4/9/4K4 b PNL 1", "4k2nl/7n1/4p4/4s4/4g4/9/4P4/9/4K4 b PNL 1",
		"3gk4/2s6/1p2p2pp/9/4r4/9/4P4/9/4K4 b PNL 1"}
	texts := []string{"５五金", "55金", "５三歩", "１一歩", "２二桂", "３一香", "２一桂", "５七香", "５九歩", "５四銀", "同　歩"}
	for _, v := range []view.Variant{view.Tsuitate, view.Dark} {
		for _, text := range texts {
			var got []string
			for _, sfen := range worlds {
				g := newGame(t, v, sfen, nil)
				_, err := g.Apply(Action{Kind: ActMove, Player: B, Text: text})
				if err == nil || !IsRefusal(err) || strings.Contains(err.Error(), "occupied") {
					t.Fatalf("%s %s in %s: %v", v, text, sfen, err)
				}
				got = append(got, err.Error())
			}
			for i := 1; i < len(got); i++ {
				if got[i] != got[0] {
					t.Errorf("%s %s: the refusal depends on hidden pieces:\n %s\n %s", v, text, got[0], got[i])
				}
			}
			if strings.Contains(got[0], "can go there") || strings.Contains(got[0], "nothing can move") {
				if text != "同　歩" {
					t.Errorf("%s %s: generic refusal %q", v, text, got[0])
				}
			}
		}
	}
}

// TestQuotedMovesAreRead: a move typed between quote marks is read as the
// move inside them, and a refusal echoes it without them.
func TestQuotedMovesAreRead(t *testing.T) {
	for _, text := range []string{"“7g7f”", "「７六歩」", "\"P-7f\"", "'7g7f'", "`P7f`", " ‘７六歩’ "} {
		g := newGame(t, view.Tsuitate, "", nil)
		if _, err := g.Apply(Action{Kind: ActMove, Player: B, Text: text}); err != nil {
			t.Errorf("%s: %v", text, err)
		} else if g.LastOutcome() != Accepted {
			t.Errorf("%s: outcome %s", text, g.LastOutcome())
		}
	}
	g := newGame(t, view.Tsuitate, "", nil)
	refused(t, g, B, "“P*5e”", "“P*5e”: you have no such piece in hand")
	refused(t, g, B, "「５五歩打」", "“５五歩打”: you have no such piece in hand")
	refused(t, g, B, "“5i4i”", "“5i4i”: your own piece")
	refused(t, g, B, "“hello”", "“hello” is not a move I can read")
}
