package referee

import (
	"encoding/json"
	"fmt"
	"strings"

	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// Session speaks the referee's JSON-lines protocol (issue 3, `go run . referee`):
// one request object in, one reply object out. It holds at most one game.
type Session struct {
	game *Game
	n    int
}

type request struct {
	Cmd     string          `json:"cmd"`
	Variant string          `json:"variant"`
	SFEN    string          `json:"sfen"`
	Options json.RawMessage `json:"options"`
	Player  string          `json:"player"`
	Square  string          `json:"square"`
	Move    string          `json:"move"`
	Salt    string          `json:"salt"`
}

// Handle answers one request line with one reply line (no trailing newline).
func (s *Session) Handle(line []byte) []byte {
	out, err := s.handle(line)
	if err == nil {
		var b []byte
		if b, err = json.Marshal(out); err == nil {
			return b
		}
		err = fmt.Errorf("encoding the reply: %v", err)
	}
	b, err := json.Marshal(map[string]any{"ok": false, "error": err.Error()})
	if err != nil { // a string always encodes; never reached
		return []byte(`{"ok":false,"error":"internal error"}`)
	}
	return b
}

func (s *Session) handle(line []byte) (map[string]any, error) {
	var r request
	if err := json.Unmarshal(line, &r); err != nil {
		return nil, fmt.Errorf("bad request: %v", err)
	}
	switch r.Cmd {
	case "new", "view", "move", "mask", "resign", "timeout", "declare":
	default: // named before anything else is checked
		return nil, fmt.Errorf("unknown cmd %q: want new, mask, move, resign, timeout, declare or view", r.Cmd)
	}
	if r.Cmd == "new" {
		v, err := ParseVariant(r.Variant)
		if err != nil {
			return nil, err
		}
		o, err := ParseOptions(v, r.Options)
		if err != nil {
			return nil, err
		}
		s.n++
		g, err := New(fmt.Sprintf("cli-%d", s.n), v, r.SFEN, o)
		if err != nil {
			return nil, err
		}
		s.game = g
		return map[string]any{"ok": true, "events": []any{}, "state": StateJSON(g)}, nil
	}
	if s.game == nil {
		return nil, fmt.Errorf("no game: send {\"cmd\":\"new\",...} first")
	}
	c, err := parseColor(r.Player)
	if err != nil {
		return nil, err
	}
	if r.Cmd == "view" {
		return map[string]any{"ok": true, "view": ViewJSON(s.game.View(view.ViewerOf(c)))}, nil
	}
	a := Action{Player: c, Salt: r.Salt}
	switch r.Cmd {
	case "move":
		a.Kind, a.Text = ActMove, r.Move
	case "mask":
		a.Kind, a.Text = ActMask, r.Square
		if a.Salt == "" {
			a.Salt = fmt.Sprintf("cli-salt-%s", c)
		}
	case "resign":
		a.Kind = ActResign
	case "timeout":
		a.Kind = ActTimeout
	case "declare":
		a.Kind = ActDeclare
	}
	evs, err := s.game.Apply(a)
	if err != nil {
		return nil, err
	}
	list := make([]any, len(evs))
	for i, e := range evs {
		list[i] = EventJSON(e)
	}
	return map[string]any{"ok": true, "events": list, "state": StateJSON(s.game)}, nil
}

func parseColor(s string) (shogi.Color, error) {
	switch strings.ToLower(s) {
	case "black", "b", "sente":
		return shogi.Black, nil
	case "white", "w", "gote":
		return shogi.White, nil
	}
	return 0, fmt.Errorf("player %q: want black or white", s)
}

// StateJSON is the protocol's state object.
func StateJSON(g *Game) map[string]any {
	st := map[string]any{
		"turn":   g.Turn().String(),
		"move":   g.MoveNumber(),
		"fouls":  map[string]int{"black": g.fouls[shogi.Black], "white": g.fouls[shogi.White]},
		"result": nil,
	}
	if r := g.result; r != nil {
		st["result"] = ResultJSON(r)
	}
	return st
}

// ResultJSON is {"winner": "black"|"white"|null, "reason": ...}.
func ResultJSON(r *view.Result) map[string]any {
	var w any
	if r.Winner != nil {
		w = r.Winner.String()
	}
	return map[string]any{"winner": w, "reason": string(r.Reason)}
}

// EventJSON is the protocol's form of an event: "to" and "kind" plus the
// fields of that kind.
func EventJSON(e view.Event) map[string]any {
	m := map[string]any{"to": e.To.String(), "kind": string(e.Kind)}
	switch e.Kind {
	case view.EvMoved:
		m["player"], m["number"] = e.Player.String(), e.Number
		if e.Move != "" {
			m["move"] = e.Move
		}
	case view.EvCapture:
		m["player"], m["number"], m["square"], m["piece"] = e.Player.String(), e.Number, e.Square.String(), e.Piece.String()
	case view.EvCheck:
		m["player"], m["number"] = e.Player.String(), e.Number
	case view.EvFoul:
		m["player"], m["number"], m["count"], m["limit"] = e.Player.String(), e.Number, e.Count, e.Limit
	case view.EvBounce:
		m["player"], m["number"], m["move"] = e.Player.String(), e.Number, e.Move
	case view.EvEnd:
		r := ResultJSON(&view.Result{Winner: e.Winner, Reason: e.Reason})
		m["winner"], m["reason"] = r["winner"], r["reason"]
	case view.EvReveal:
		m["sfen"] = e.SFEN
		fouls := make([]any, len(e.Fouls))
		for i, f := range e.Fouls {
			fouls[i] = map[string]any{"player": f.Player.String(), "number": f.Number, "text": f.Text, "move": f.Move, "reason": f.Reason}
		}
		m["fouls"] = fouls
		if e.Moves != nil {
			m["moves"] = e.Moves
		} else {
			m["moves"] = []string{}
		}
		if e.Masks[0] != shogi.NoSquare || e.Masks[1] != shogi.NoSquare || e.Salts != [2]string{} {
			m["masks"] = map[string]string{"black": e.Masks[0].String(), "white": e.Masks[1].String()}
			m["masks_at_end"] = map[string]string{"black": e.MasksAtEnd[0].String(), "white": e.MasksAtEnd[1].String()}
			m["salts"] = map[string]string{"black": e.Salts[0], "white": e.Salts[1]}
			m["commitments"] = map[string]string{"black": e.Commitments[0], "white": e.Commitments[1]}
		}
	case view.EvMaskSet:
		m["player"], m["square"], m["piece"] = e.Player.String(), e.Square.String(), e.Piece.String()
	case view.EvMasksDone:
		m["commitments"] = map[string]string{"black": e.Commitments[0], "white": e.Commitments[1]}
	}
	return m
}

// ViewJSON is the protocol's form of a view: "board" as nine rank strings from
// Black's side (rank a first, file 9 first; a SFEN piece, "." known empty, "?"
// unseen), "hand" (the viewer's SFEN hand, "-" when empty), "opponent_hand"
// where the variant shows it, "mask" in Masked, "seen_kings" under Tsuitate's
// king_visible (the opponent's king, also on the board).
func ViewJSON(v view.View) map[string]any {
	rows := make([]string, 9)
	for r := 1; r <= 9; r++ {
		var b strings.Builder
		for f := 9; f >= 1; f-- {
			c := v.Board[shogi.Sq(f, r)]
			switch {
			case !c.Known:
				b.WriteByte('?')
			case c.Piece == shogi.NoPiece:
				b.WriteByte('.')
			default:
				b.WriteString(c.Piece.String())
			}
		}
		rows[r-1] = b.String()
	}
	me := v.Viewer.Color()
	hand := func(c shogi.Color) string {
		s := shogi.HandString(c, v.Hands[c])
		if s == "" {
			return "-"
		}
		return s
	}
	m := map[string]any{"board": rows, "turn": v.Turn.String(), "move": v.MoveNumber}
	if v.HandKnown[me] {
		m["hand"] = hand(me)
	}
	if v.HandKnown[me.Opp()] {
		m["opponent_hand"] = hand(me.Opp())
	}
	if v.Variant.HasMasks() {
		m["mask"] = v.Mask.String()
	}
	if v.FoulLimit > 0 {
		f := map[string]any{}
		for _, c := range []shogi.Color{shogi.Black, shogi.White} {
			if v.FoulsKnown[c] {
				f[c.String()] = v.Fouls[c]
			}
		}
		m["fouls"] = f
		m["foul_limit"] = v.FoulLimit
	}
	if v.InCheck {
		m["check"] = true
	}
	if v.LastMove != shogi.NoMove {
		m["last_move"] = v.LastMove.USI()
	}
	if seen := seenKings(&v); len(seen) > 0 {
		m["seen_kings"] = seen
	}
	return m
}

// seenKings are the squares of the kings v shows as seen (king_visible), by
// side: {"white": "5a"}.
func seenKings(v *view.View) map[string]string {
	out := map[string]string{}
	for s, c := range v.Board {
		if pc := c.Piece; c.Known && pc.Kind() == shogi.King && v.KingSeen[pc.Color()] {
			out[pc.Color().String()] = shogi.Square(s).String()
		}
	}
	return out
}
