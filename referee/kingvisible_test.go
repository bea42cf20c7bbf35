package referee

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"shinpan/referee/record"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

func kingVisible(o *Options) { o.KingVisible = true }

// TestKingVisibleViews: each player is shown the opponent's king on its
// square (marked seen) and nothing else of the opponent; the channel both
// kings; without the option nobody sees it.
func TestKingVisibleViews(t *testing.T) {
	g := newGame(t, view.Tsuitate, "", kingVisible)
	move(t, g, B, "7g7f")
	move(t, g, W, "5a4b")
	for _, c := range []struct {
		name string
		who  view.Viewer
		seen [2]bool
	}{{"black", view.ViewerBlack, [2]bool{false, true}}, {"white", view.ViewerWhite, [2]bool{true, false}},
		{"channel", view.ViewerPublic, [2]bool{true, true}}} {
		t.Run(c.name, func(t *testing.T) {
			v := g.View(c.who)
			if c.who == view.ViewerPublic {
				v = g.PublicView()
			}
			if v.KingSeen != c.seen {
				t.Fatalf("KingSeen %v, want %v", v.KingSeen, c.seen)
			}
			for s, cell := range v.Board {
				sq := shogi.Square(s)
				pc := g.pos.At(sq)
				mine := c.who != view.ViewerPublic && pc != shogi.NoPiece && pc.Color() == c.who.Color()
				shownKing := pc.Kind() == shogi.King && c.seen[pc.Color()]
				if want := mine || shownKing; cell.Known != want || want && cell.Piece != pc {
					t.Fatalf("%v: %+v, true %v", sq, cell, pc)
				}
			}
		})
	}
	if k := g.View(view.ViewerBlack).Board[shogi.Sq(4, 2)]; k.Piece != shogi.MakePiece(W, shogi.King) {
		t.Fatalf("Black does not see White's king on 4b after it moved: %+v", k)
	}
	plain := newGame(t, view.Tsuitate, "", nil)
	if v := plain.View(view.ViewerBlack); v.KingSeen != [2]bool{} || v.Board[shogi.Sq(5, 1)].Known {
		t.Fatal("without king_visible the king is shown")
	}
	if v := plain.PublicView(); v.KingSeen != [2]bool{} {
		t.Fatal("without king_visible the channel sees a king")
	}
}

// TestKingVisibleObstacle: the shown king is on the player's own board: a
// slide through it, a move or drop onto it and the own king's step next to
// it are refused with the reason (no foul, nothing told); a slide stopping
// short of it is judged on the true position as ever.
func TestKingVisibleObstacle(t *testing.T) {
	// White's king on 5c, behind its gold on 5d that Black cannot see.
	const sfen = "9/9/4k4/4g4/4R4/9/9/3K5/9 b G 1"
	for _, c := range []struct{ move, want string }{
		{"5e5b", "blocked"},
		{"5e5a+", "blocked"},
		{"5e5c", "king is never captured"},
		{"G*5c", "occupied"},
	} {
		t.Run(c.move, func(t *testing.T) {
			refused(t, newGame(t, view.Tsuitate, sfen, kingVisible), B, c.move, c.want)
		})
	}
	t.Run("king next to king", func(t *testing.T) {
		g := newGame(t, view.Tsuitate, "9/9/9/4k4/9/3K5/9/9/9 b - 1", kingVisible)
		refused(t, g, B, "6f5e", "check")
		move(t, g, B, "6f6g")
	})
	t.Run("without the option it is a foul", func(t *testing.T) {
		g := newGame(t, view.Tsuitate, sfen, nil)
		move(t, g, B, "5e5b")
		if g.LastOutcome() != Foul {
			t.Fatalf("outcome %s", g.LastOutcome())
		}
	})
	t.Run("a hidden piece before the king is a foul", func(t *testing.T) {
		g := newGame(t, view.Tsuitate, sfen, kingVisible)
		move(t, g, B, "5e5d")
		if g.LastOutcome() != Accepted {
			t.Fatalf("taking the gold: outcome %s", g.LastOutcome())
		}
		g = newGame(t, view.Tsuitate, "9/9/4k4/R3g4/9/9/9/3K5/9 b - 1", kingVisible)
		move(t, g, B, "9d3d")
		if g.LastOutcome() != Foul {
			t.Fatalf("a slide through the hidden gold: outcome %s", g.LastOutcome())
		}
	})
	t.Run("reach stops before the king", func(t *testing.T) {
		g := newGame(t, view.Tsuitate, sfen, kingVisible)
		for _, s := range g.Reach(B, shogi.Sq(5, 5)) {
			if s == shogi.Sq(5, 3) || s == shogi.Sq(5, 2) {
				t.Fatal("the rook reaches the shown king's square")
			}
		}
	})
}

// TestKingVisibleSameViews is the option's leak test by hand: two true
// positions differing in every hidden piece but the kings give identical
// views to both players and the channel; moving the king changes them.
func TestKingVisibleSameViews(t *testing.T) {
	a := newGame(t, view.Tsuitate, "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", kingVisible)
	// White's pieces moved about (not its king), Black's the same.
	b := newGame(t, view.Tsuitate, "l1sgkg1nl/6rb1/p1ppp1ppp/1p3p3/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b n 1", kingVisible)
	for _, who := range []view.Viewer{view.ViewerBlack, view.ViewerPublic} {
		va, vb := a.View(who), b.View(who)
		if who == view.ViewerPublic {
			va, vb = a.PublicView(), b.PublicView()
		}
		if va != vb {
			t.Fatalf("%v: views differ\nA %+v\nB %+v", who, va, vb)
		}
	}
	c := newGame(t, view.Tsuitate, "lnsg1gsnl/1r3k1b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", kingVisible)
	if a.View(view.ViewerBlack) == c.View(view.ViewerBlack) {
		t.Fatal("the king moved and Black's view is the same")
	}
}

// TestKingVisibleRecordAndReview: the record notes the option in its
// header; the review keeps each side's view with the shown king, the
// revealed board shows everything plainly.
func TestKingVisibleRecordAndReview(t *testing.T) {
	g := newGame(t, view.Tsuitate, "", kingVisible)
	var acts []Action
	for _, m := range []string{"7g7f", "3c3d", "5i4h"} {
		a := Action{Kind: ActMove, Player: g.Turn(), Text: m}
		if _, err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
		acts = append(acts, a)
	}
	acts = append(acts, Action{Kind: ActResign, Player: W})
	g.Apply(acts[len(acts)-1])
	var kif bytes.Buffer
	if err := record.WriteKIF(&kif, g.Record("")); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(kif.String(), "備考："+KingVisibleNote+"\n") || !strings.Contains(kif.String(), "ルール：tsuitate") {
		t.Fatalf("KIF header:\n%s", kif.String())
	}
	rec, err := record.ReadKIF(strings.NewReader(kif.String()))
	if err != nil || rec.Variant != "tsuitate" || len(rec.Moves) != 3 {
		t.Fatalf("read back: %v %+v", err, rec)
	}
	fresh := newGame(t, view.Tsuitate, "", kingVisible)
	steps, err := Timeline(fresh, acts)
	if err != nil {
		t.Fatal(err)
	}
	last := steps[len(steps)-1]
	if last.Sides[B].KingSeen != [2]bool{false, true} || last.Sides[W].KingSeen != [2]bool{true, false} {
		t.Fatalf("review side views: %v %v", last.Sides[B].KingSeen, last.Sides[W].KingSeen)
	}
	if k := last.Sides[W].Board[shogi.Sq(4, 8)]; k.Piece != shogi.MakePiece(B, shogi.King) {
		t.Fatalf("White's view in the review lacks Black's king on 4h: %+v", k)
	}
	if rv := g.RevealView(); rv.KingSeen != [2]bool{} || !rv.Revealed {
		t.Fatalf("the revealed board marks a king seen: %v", rv.KingSeen)
	}
	if last.True.KingSeen != [2]bool{} {
		t.Fatal("the whole board marks a king seen")
	}
}

// TestKingVisibleProtocol: the JSON protocol takes "king_visible": true and
// its view names the shown king.
func TestKingVisibleProtocol(t *testing.T) {
	var s Session
	out := s.Handle([]byte(`{"cmd":"new","variant":"tsuitate","options":{"king_visible":true}}`))
	if !bytes.Contains(out, []byte(`"ok":true`)) {
		t.Fatal(string(out))
	}
	var r struct {
		View struct {
			Board     []string          `json:"board"`
			SeenKings map[string]string `json:"seen_kings"`
		} `json:"view"`
	}
	if err := json.Unmarshal(s.Handle([]byte(`{"cmd":"view","player":"black"}`)), &r); err != nil {
		t.Fatal(err)
	}
	if r.View.Board[0] != "????k????" || r.View.SeenKings["white"] != "5a" || len(r.View.SeenKings) != 1 {
		t.Fatalf("view %+v", r.View)
	}
	if o, err := ParseOptions(view.Tsuitate, []byte(`{"king_visible":true}`)); err != nil || !o.KingVisible {
		t.Fatalf("ParseOptions: %+v %v", o, err)
	}
	if b, _ := json.Marshal(DefaultOptions(view.Tsuitate)); bytes.Contains(b, []byte("king_visible")) {
		t.Fatalf("the default options write king_visible: %s", b)
	}
}
