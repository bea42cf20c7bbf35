package bot

import (
	"encoding/hex"
	"encoding/json"
	"fmt"

	"shinpan/bot/texts"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
	"shinpan/render"
	"shinpan/store"
)

// renderFor is a view for a reader as a PNG attachment with its alt text,
// with their theme, orientation, language (the picture's words and the alt
// text) and notation (of the alt text's last move, the one their texts use).
// A channel reader gets the defaults in its language, its notation included.
//
// The attachment holds what to draw, checked now and drawn when it is sent
// (draw): the outbox keeps a few KB of view instead of a PNG, and the sender
// draws it outside the game's lock and transaction. render.Render is a
// function of the view and options alone, so a message sent again after a
// restart carries the same bytes.
func (b *Bot) renderFor(v view.View, rd reader, opt render.Options) (outFile, error) {
	if rd.set.Theme == "contrast" {
		opt.Theme = render.ThemeContrast
	}
	opt.Flip = rd.set.Orientation == "flip"
	opt.Labels = texts.BoardLabels(rd.lang, v.Result)
	if err := render.Check(v, opt); err != nil {
		return outFile{}, err
	}
	alt := texts.BoardAlt(rd.lang, rd.notation(), &v)
	return outFile{Name: "board.png", Alt: alt, Type: "image/png", Board: &boardSpec{View: v, Options: opt}}, nil
}

// seatScope is the render.Options.CacheScope of a player's boards: the
// compressed bands of one seat's earlier boards serve its next ones, never
// anyone else's (render/bands.go).
func seatScope(id store.GameID, c shogi.Color) string {
	return fmt.Sprintf("game %d seat %d", id, c)
}

// publicScope is the CacheScope of a game's boards in its channel.
func publicScope(id store.GameID) string { return fmt.Sprintf("game %d public", id) }

// boardSpec is a board to draw: a view and how.
type boardSpec struct {
	View    view.View
	Options render.Options
}

// specJSON is a boardSpec in the outbox: the board's cells as one string of
// two hex digits per square (the piece, shifted, plus 1 when known), the
// rest of the view as it is (its board then zero, left out).
type specJSON struct {
	Cells   string         `json:"cells"`
	View    view.View      `json:"view"`
	Options render.Options `json:"options"`
}

func (s boardSpec) MarshalJSON() ([]byte, error) {
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

func (s *boardSpec) UnmarshalJSON(raw []byte) error {
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

// drawFiles returns files with every board drawn. A board that cannot be
// drawn (renderFor checked it, so only a store holding a view this version
// refuses) is left out and logged: sending the rest beats retrying forever.
func (b *Bot) drawFiles(files []outFile) []outFile {
	var out []outFile
	for _, f := range files {
		if f.Board != nil {
			img, err := render.Render(f.Board.View, f.Board.Options)
			if err != nil {
				b.log.Error("render", "file", f.Name, "err", err)
				continue
			}
			f.Data, f.Board = img.PNG, nil
		}
		out = append(out, f)
	}
	return out
}
