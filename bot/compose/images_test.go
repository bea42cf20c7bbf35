package compose

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"testing"

	"shinpan/bot/texts"
	"shinpan/referee"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
	"shinpan/render"
	"shinpan/store"
)

// TestBoardDrawnAtSendIsTheSame: a board queued as what to draw goes through
// the outbox's JSON and is drawn, at send, into exactly the PNG that drawing
// it at once gives — for every variant, viewer, a capture, a promotion, hands,
// notes, a reach, clocks, the contrast theme, a flipped board, Japanese words,
// a result and the revealed board.
func TestBoardDrawnAtSendIsTheSame(t *testing.T) {
	log := slog.New(slog.DiscardHandler)
	readers := []Reader{{Lang: texts.EN}, {Lang: texts.JA, Set: store.Settings{Theme: "contrast", Orientation: "flip", Notation: store.NotationJapanese}},
		{Lang: texts.EN, Set: store.Settings{Theme: "wood", Pieces: "koma"}}}
	moves := []string{"7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"}
	n, biggest := 0, 0
	for _, v := range []view.Variant{view.Standard, view.Tsuitate, view.Masked, view.Dark} {
		o := referee.DefaultOptions(v)
		o.KingVisible = v == view.Tsuitate // a king shown, marked seen, through the JSON too
		g, err := referee.New("img", v, "", o)
		if err != nil {
			t.Fatal(err)
		}
		var acts []referee.Action
		if v == view.Masked {
			acts = append(acts, referee.Action{Kind: referee.ActMask, Player: shogi.Black, Text: "6i", Salt: "a"},
				referee.Action{Kind: referee.ActMask, Player: shogi.White, Text: "4a", Salt: "b"})
		}
		for i, m := range moves {
			acts = append(acts, referee.Action{Kind: referee.ActMove, Player: shogi.Color(i % 2), Text: m})
		}
		acts = append(acts, referee.Action{Kind: referee.ActResign, Player: shogi.Black})
		steps, err := referee.Timeline(g, acts)
		if err != nil {
			t.Fatal(v, err)
		}
		for _, s := range steps {
			views := []view.View{s.True, s.Sides[shogi.Black], s.Sides[shogi.White]}
			for _, vw := range views {
				for _, rd := range readers {
					opts := []render.Options{{}, {Notes: []shogi.Square{shogi.Sq(7, 7)}, Clocks: [2]string{"9:59", "0:30"}}}
					if sq := shogi.Sq(1, 9); vw.Board[sq].Known && vw.Board[sq].Piece != shogi.NoPiece {
						opts = append(opts, render.Options{Reach: &render.Reach{From: sq, To: []shogi.Square{shogi.Sq(1, 8)}}})
					}
					for _, opt := range opts {
						f, err := RenderFor(vw, rd, opt)
						if err != nil {
							continue // a view the renderer refuses (a note on a piece it can't see): refused alike at once
						}
						if f.Data != nil || f.Board == nil {
							t.Fatal("a board was drawn when queued")
						}
						raw, err := json.Marshal(Payload{Files: []File{f}})
						if err != nil {
							t.Fatal(err)
						}
						var back Payload
						if err := json.Unmarshal(raw, &back); err != nil {
							t.Fatal(err)
						}
						drawn := DrawFiles(log, back.Files)
						want, err := render.Render(f.Board.View, f.Board.Options)
						if err != nil {
							t.Fatal(err)
						}
						if len(drawn) != 1 || drawn[0].Board != nil || !bytes.Equal(drawn[0].Data, want.PNG) || drawn[0].Alt != f.Alt {
							t.Fatalf("%s ply %d: the board drawn after the outbox differs", v, s.Ply)
						}
						biggest = max(biggest, len(raw))
						n++
					}
				}
			}
		}
	}
	if n < 200 {
		t.Fatalf("only %d boards compared", n)
	}
	if biggest > 3<<10 { // a PNG is 15–30 KB, 20–40 KB in base64
		t.Fatalf("a queued board takes up to %d bytes", biggest)
	}
	t.Logf("%d boards, queued in at most %d bytes", n, biggest)
}

// TestRenderForLook: a reader's board theme and piece set reach the board's
// options; a name the renderer does not know keeps the default.
func TestRenderForLook(t *testing.T) {
	v := view.Of(view.Standard, shogi.Startpos(), view.ViewerBlack)
	for _, c := range []struct {
		theme, pieces string
		want          render.Options
	}{
		{"wood", "koma2", render.Options{Theme: render.ThemeWood, Pieces: render.PiecesKoma2}},
		{"contrast", "international", render.Options{Theme: render.ThemeContrast, Pieces: render.PiecesInternational}},
		{"dark", "chess", render.Options{}},
		{"", "", render.Options{}},
	} {
		t.Run(c.theme+"/"+c.pieces, func(t *testing.T) {
			f, err := RenderFor(v, Reader{Lang: texts.EN, Set: store.Settings{Theme: c.theme, Pieces: c.pieces}}, render.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if o := f.Board.Options; o.Theme != c.want.Theme || o.Pieces != c.want.Pieces {
				t.Fatalf("theme %q pieces %q, want %q %q", o.Theme, o.Pieces, c.want.Theme, c.want.Pieces)
			}
		})
	}
}
