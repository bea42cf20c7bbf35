package compose

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"log/slog"
	"slices"

	"shinpan/bot/texts"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
	"shinpan/render"
	"shinpan/store"
)

// RenderFor is a view for a Reader as a PNG attachment with its alt text,
// with their board theme and piece set (a name the renderer does not know
// keeps the default), orientation, language (the picture's words and the alt
// text) and notation (of the alt text's last move, the one their texts use).
// A channel Reader gets the defaults in its language, its notation included.
//
// The attachment holds what to draw, checked now and drawn when it is sent
// (draw): the outbox keeps a few KB of view instead of a PNG, and the sender
// draws it outside the game's lock and transaction. render.Render is a
// function of the view and options alone, so a message sent again after a
// restart carries the same bytes.
func RenderFor(v view.View, rd Reader, opt render.Options) (File, error) {
	if th := render.Theme(rd.Set.Theme); slices.Contains(render.Themes, th) {
		opt.Theme = th
	}
	if set := render.PieceSet(rd.Set.Pieces); slices.Contains(render.PieceSets, set) {
		opt.Pieces = set
	}
	opt.Flip = rd.Set.Orientation == "flip"
	opt.Labels = texts.BoardLabels(rd.Lang, v.Result)
	if err := render.Check(v, opt); err != nil {
		return File{}, err
	}
	alt := texts.BoardAlt(rd.Lang, rd.Notation(), &v)
	return File{Name: "board.png", Alt: alt, Type: "image/png", Board: &BoardSpec{View: v, Options: opt}}, nil
}

// SeatScope is the render.Options.CacheScope of a player's boards: the
// compressed bands of one seat's earlier boards serve its next ones, never
// anyone else's (render/bands.go).
func SeatScope(id store.GameID, c shogi.Color) string {
	return fmt.Sprintf("game %d seat %d", id, c)
}

// PublicScope is the CacheScope of a game's boards in its channel.
func PublicScope(id store.GameID) string { return fmt.Sprintf("game %d public", id) }

// BoardSpec is a board to draw: a view and how.
type BoardSpec struct {
	View    view.View
	Options render.Options
}

// specJSON is a BoardSpec in the outbox: the board's cells as one string of
// two hex digits per square (the piece, shifted, plus 1 when known), the
// rest of the view as it is (its board then zero, left out).
type specJSON struct {
	Cells   string         `json:"cells"`
	View    view.View      `json:"view"`
	Options render.Options `json:"options"`
}

func (s BoardSpec) MarshalJSON() ([]byte, error) {
	j := specJSON{View: s.View, Options: s.Options}
	cells := make([]byte, 0, 2*len(s.View.Board))
	for _, c := range s.View.Board {
		x := uint16(c.Piece) << 1
		if c.Known {
			x |= 1
		}
		if x > 0xff {
			return nil, fmt.Errorf("board cell %v out of range", c)
		}
		cells = append(cells, hexDigits[x>>4], hexDigits[x&15])
	}
	j.Cells = string(cells)
	j.View.Board = [shogi.NumSquares]view.Cell{}
	return json.Marshal(j)
}

func (s *BoardSpec) UnmarshalJSON(raw []byte) error {
	var j specJSON
	if err := json.Unmarshal(raw, &j); err != nil {
		return err
	}
	b, err := hex.DecodeString(j.Cells)
	if err != nil || len(b) != shogi.NumSquares {
		return fmt.Errorf("board cells %q: want %d squares in hex", j.Cells, shogi.NumSquares)
	}
	s.View, s.Options = j.View, j.Options
	for i, x := range b {
		s.View.Board[i] = view.Cell{Piece: shogi.Piece(x >> 1), Known: x&1 == 1}
	}
	return nil
}

const hexDigits = "0123456789abcdef"

// DrawFiles returns files with every board drawn. A board that cannot be
// drawn (renderFor checked it, so only a store holding a view this version
// refuses) is left out and logged: sending the rest beats retrying forever.
func DrawFiles(log *slog.Logger, files []File) []File {
	var out []File
	for _, f := range files {
		if f.Board != nil {
			img, err := render.Render(f.Board.View, f.Board.Options)
			if err != nil {
				log.Error("render", "file", f.Name, "err", err)
				continue
			}
			f.Data, f.Board = img.PNG, nil
		}
		out = append(out, f)
	}
	return out
}
