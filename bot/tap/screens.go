package tap

import (
	"sort"
	"strconv"
	"strings"

	"shinpan/bot/texts/uitexts"
	"shinpan/referee/shogi"
	"shinpan/render"
)

// Pick is what a step asks for: a move to play, a mask to choose, or a
// screen to show.
type Pick struct {
	Move   shogi.Move   // shogi.NoMove unless a move is to be played
	Mask   shogi.Square // shogi.NoSquare unless a mask is chosen
	Screen Screen
}

// Step answers a step in the player's view: ErrStale when the view does not
// offer it.
func Step(in *Input, step string) (Pick, error) {
	pk := Pick{Move: shogi.NoMove, Mask: shogi.NoSquare}
	if !in.Active() {
		return pk, ErrStale
	}
	kind, arg, _ := strings.Cut(step, ":")
	var err error
	switch {
	case kind == Root:
		pk.Screen, err = root(in)
	case in.MaskPhase && kind == "k":
		pk.Mask, err = maskOf(in, arg)
	case in.MaskPhase:
		err = ErrStale
	case kind == "p":
		pk.Screen, err = pieceScreen(in, arg)
	case kind == "g":
		pk.Screen, err = groupScreen(in, arg)
	case kind == "d":
		pk.Screen, err = dropScreen(in, arg)
	case kind == "q":
		pk.Screen, err = promoteScreen(in, arg)
	case kind == "m":
		pk.Move, err = moveOf(in, arg)
	default:
		err = ErrStale
	}
	return pk, err
}

// First returns the first screen: the pieces (or the mask menu), or a screen
// with no menus when the player may not tap now.
func First(in *Input) Screen {
	s, err := root(in)
	if err != nil {
		return Screen{}
	}
	return s
}

// item is one option with the square that places it on the board (the file
// it is grouped by).
type item struct {
	sq  shogi.Square
	opt Option
}

func root(in *Input) (Screen, error) {
	if !in.Active() {
		return Screen{}, ErrStale
	}
	me := in.Me()
	if in.MaskPhase {
		var items []item
		for _, s := range MaskSquares(in) {
			items = append(items, item{s, Option{Label: pieceLabel(in, s), Value: "k:" + s.String()}})
		}
		return Screen{Selects: in.menus(items, uitexts.UI(in.Lang, uitexts.TapPickMask), MaxSelects, "")}, nil
	}
	ms := Moves(in)
	from := map[shogi.Square]bool{}
	drops := map[shogi.Kind]bool{}
	for _, m := range ms {
		if m.IsDrop() {
			drops[m.DropKind()] = true
		} else {
			from[m.From()] = true
		}
	}
	var board []item
	for _, s := range in.reading(keys(from)) {
		board = append(board, item{s, Option{Label: pieceLabel(in, s), Value: "p:" + s.String()}})
	}
	var hand []Option
	for _, k := range shogi.HandKinds {
		if drops[k] {
			hand = append(hand, Option{Label: uitexts.TapDrop(in.Lang, in.Notation, me, k), Value: "d:" + k.Letter()})
		}
	}
	pickPiece := uitexts.UI(in.Lang, uitexts.TapPickPiece)
	if len(board)+len(hand) <= MaxOptions {
		opts := make([]Option, 0, len(board)+len(hand))
		for _, it := range byKind(in, board) {
			opts = append(opts, it.opt)
		}
		opts = append(opts, hand...)
		return Screen{Selects: in.selects([][]Option{opts}, []string{pickPiece})}, nil
	}
	room := MaxSelects
	if len(hand) > 0 {
		room--
	}
	sel := in.menus(board, pickPiece, room, "g:")
	if len(hand) > 0 {
		sel = append(sel, Select{Placeholder: uitexts.UI(in.Lang, uitexts.TapPickHand), Options: hand})
	}
	return Screen{Selects: in.number(sel)}, nil
}

// groupScreen shows the pieces on a group of files (more pieces than the
// first screen's menus hold).
func groupScreen(in *Input, arg string) (Screen, error) {
	first, last, ok := fileRange(arg)
	if !ok {
		return Screen{}, ErrStale
	}
	from := map[shogi.Square]bool{}
	for _, m := range Moves(in) {
		if !m.IsDrop() && inFiles(m.From(), first, last) {
			from[m.From()] = true
		}
	}
	if len(from) == 0 {
		return Screen{}, ErrStale
	}
	var items []item
	for _, s := range in.reading(keys(from)) {
		items = append(items, item{s, Option{Label: pieceLabel(in, s), Value: "p:" + s.String()}})
	}
	return Screen{Selects: in.menus(items, uitexts.UI(in.Lang, uitexts.TapPickPiece), MaxSelects, ""), Buttons: in.back(Root)}, nil
}

// pieceScreen shows where the piece on arg may go.
func pieceScreen(in *Input, arg string) (Screen, error) {
	from, err := shogi.ParseSquare(arg)
	if err != nil {
		return Screen{}, ErrStale
	}
	type dest struct{ plain, promo bool }
	dests := map[shogi.Square]*dest{}
	for _, m := range Moves(in) {
		if m.IsDrop() || m.From() != from {
			continue
		}
		d := dests[m.To()]
		if d == nil {
			d = &dest{}
			dests[m.To()] = d
		}
		if m.IsPromotion() {
			d.promo = true
		} else {
			d.plain = true
		}
	}
	if len(dests) == 0 {
		return Screen{}, ErrStale
	}
	var items []item
	var to []shogi.Square
	for _, s := range in.reading(keys(dests)) {
		d := dests[s]
		o := Option{Label: uitexts.TapSquare(in.Lang, in.Notation, s), Description: in.takes(s)}
		switch {
		case d.plain && d.promo:
			o.Value = "q:" + from.String() + s.String()
		case d.promo:
			o.Value = "m:" + shogi.NewMove(from, s, true).USI()
			o.Description = join(o.Description, uitexts.UI(in.Lang, uitexts.TapPromotes))
		default:
			o.Value = "m:" + shogi.NewMove(from, s, false).USI()
		}
		items = append(items, item{s, o})
		to = append(to, s)
	}
	return Screen{Heading: uitexts.TapPicked(in.Lang, pieceLabel(in, from)),
		Selects: in.menus(items, uitexts.UI(in.Lang, uitexts.TapPickSquare), MaxSelects, ""),
		Buttons: in.back(Root), Reach: &render.Reach{From: from, To: sortSquares(to)}}, nil
}

// promoteScreen asks whether the move arg (from and to, USI) promotes.
func promoteScreen(in *Input, arg string) (Screen, error) {
	plain, err := shogi.ParseUSI(arg)
	if err != nil || plain.IsDrop() || plain.IsPromotion() {
		return Screen{}, ErrStale
	}
	promo := shogi.NewMove(plain.From(), plain.To(), true)
	var hasPlain, hasPromo bool
	for _, m := range Moves(in) {
		hasPlain = hasPlain || m == plain
		hasPromo = hasPromo || m == promo
	}
	if !hasPlain || !hasPromo {
		return Screen{}, ErrStale
	}
	from, to := plain.From(), plain.To()
	label := pieceLabel(in, from) + " → " + uitexts.TapSquare(in.Lang, in.Notation, to)
	return Screen{Heading: uitexts.TapPromoteAsk(in.Lang, label),
		Buttons: []Button{
			{ID: ID(in.Game, in.View.MoveNumber, "m:"+promo.USI()), Label: uitexts.UI(in.Lang, uitexts.TapPromote), Primary: true},
			{ID: ID(in.Game, in.View.MoveNumber, "m:"+plain.USI()), Label: uitexts.UI(in.Lang, uitexts.TapNoPromote)},
			in.back("p:" + from.String())[0]},
		Reach: &render.Reach{From: from, To: []shogi.Square{to}}}, nil
}

// dropScreen shows where a piece in hand may be dropped: arg is its letter,
// then ":" and a group of files when there are more squares than the menus
// hold.
func dropScreen(in *Input, arg string) (Screen, error) {
	letter, files, grouped := strings.Cut(arg, ":")
	k, ok := kindOf(letter)
	if !ok {
		return Screen{}, ErrStale
	}
	first, last := 0, 0
	if grouped {
		if first, last, ok = fileRange(files); !ok {
			return Screen{}, ErrStale
		}
	}
	var squares []shogi.Square
	for _, m := range Moves(in) {
		if m.IsDrop() && m.DropKind() == k && (!grouped || inFiles(m.To(), first, last)) {
			squares = append(squares, m.To())
		}
	}
	if len(squares) == 0 {
		return Screen{}, ErrStale
	}
	var items []item
	for _, s := range in.reading(squares) {
		items = append(items, item{s, Option{Label: uitexts.TapSquare(in.Lang, in.Notation, s), Value: "m:" + shogi.NewDrop(k, s).USI()}})
	}
	back := Root
	if grouped {
		back = "d:" + letter
	}
	return Screen{Heading: uitexts.TapPicked(in.Lang, uitexts.TapDrop(in.Lang, in.Notation, in.Me(), k)),
		Selects: in.menus(items, uitexts.UI(in.Lang, uitexts.TapPickSquare), MaxSelects, "d:"+letter+":"),
		Buttons: in.back(back), Reach: &render.Reach{From: shogi.NoSquare, To: sortSquares(squares)}}, nil
}

// moveOf is the move a leaf step names, when the view offers it.
func moveOf(in *Input, arg string) (shogi.Move, error) {
	m, err := shogi.ParseUSI(arg)
	if err != nil {
		return shogi.NoMove, ErrStale
	}
	for _, c := range Moves(in) {
		if c == m {
			return m, nil
		}
	}
	return shogi.NoMove, ErrStale
}

func maskOf(in *Input, arg string) (shogi.Square, error) {
	s, err := shogi.ParseSquare(arg)
	if err != nil {
		return shogi.NoSquare, ErrStale
	}
	for _, c := range MaskSquares(in) {
		if c == s {
			return s, nil
		}
	}
	return shogi.NoSquare, ErrStale
}

// menus lays items (in reading order) out as at most room menus: one when
// they fit; else split between files; else, with group set, one menu of
// groups of three files whose values are group and the files ("g:97").
func (in *Input) menus(items []item, placeholder string, room int, group string) []Select {
	if len(items) <= MaxOptions {
		return in.selects([][]Option{options(items)}, []string{placeholder})
	}
	chunks := splitByFile(items)
	if len(chunks) <= room || group == "" {
		if len(chunks) > room {
			chunks = chunks[:room] // never reached: a group is always given where it could be
		}
		var opts [][]Option
		var ph []string
		for _, c := range chunks {
			opts = append(opts, options(c))
			ph = append(ph, placeholder+" ("+in.filesLabel(c)+")")
		}
		return in.selects(opts, ph)
	}
	var groups []Option
	files := in.files()
	for i := 0; i < 9; i += 3 {
		first, last := files[i], files[i+2]
		n := 0
		for _, it := range items {
			if inFiles(it.sq, first, last) {
				n++
			}
		}
		if n > 0 {
			groups = append(groups, Option{Label: uitexts.TapFiles(in.Lang, first, last), Value: group + strconv.Itoa(first) + strconv.Itoa(last)})
		}
	}
	return in.selects([][]Option{groups}, []string{uitexts.UI(in.Lang, uitexts.TapPickFiles)})
}

// selects makes menus of the option lists, numbered in order.
func (in *Input) selects(opts [][]Option, placeholders []string) []Select {
	var out []Select
	for i, o := range opts {
		if len(o) > 0 {
			out = append(out, Select{Placeholder: placeholders[i], Options: o})
		}
	}
	return in.number(out)
}

// number gives each menu its custom_id.
func (in *Input) number(sel []Select) []Select {
	for i := range sel {
		sel[i].ID = ID(in.Game, in.View.MoveNumber, "s"+strconv.Itoa(i))
	}
	return sel
}

func (in *Input) back(step string) []Button {
	return []Button{{ID: ID(in.Game, in.View.MoveNumber, step), Label: uitexts.UI(in.Lang, uitexts.TapBack)}}
}

// splitByFile cuts items (in reading order) between files into menus of at
// most MaxOptions.
func splitByFile(items []item) [][]item {
	var out [][]item
	start := 0
	for start < len(items) {
		end := start
		for end < len(items) {
			f := items[end].sq.File()
			j := end
			for j < len(items) && items[j].sq.File() == f {
				j++
			}
			if j-start > MaxOptions && end > start {
				break
			}
			end = j
			if end-start >= MaxOptions {
				break
			}
		}
		if end-start > MaxOptions { // one file holds more than a menu: never with nine squares a file
			end = start + MaxOptions
		}
		out = append(out, items[start:end])
		start = end
	}
	return out
}

func options(items []item) []Option {
	out := make([]Option, len(items))
	for i, it := range items {
		out[i] = it.opt
	}
	return out
}

// filesLabel names the files of a chunk in reading order.
func (in *Input) filesLabel(c []item) string {
	return uitexts.TapFiles(in.Lang, c[0].sq.File(), c[len(c)-1].sq.File())
}

// pieceLabel labels the player's piece on s.
func pieceLabel(in *Input, s shogi.Square) string {
	return uitexts.TapPiece(in.Lang, in.Notation, in.Me(), in.View.Board[s].Piece.Kind(), s)
}

// takes describes a destination holding an enemy piece the player sees.
func (in *Input) takes(s shogi.Square) string {
	c := in.View.Board[s]
	if !c.Known || c.Piece == shogi.NoPiece || c.Piece.Color() == in.Me() {
		return ""
	}
	return uitexts.TapTakes(in.Lang, c.Piece.Kind())
}

func join(a, b string) string {
	if a == "" {
		return b
	}
	return a + ", " + b
}

func kindOf(letter string) (shogi.Kind, bool) {
	for _, k := range shogi.HandKinds {
		if k.Letter() == letter {
			return k, true
		}
	}
	return shogi.NoKind, false
}

// fileRange reads "97" (files 9 to 7) or "13".
func fileRange(s string) (first, last int, ok bool) {
	if len(s) != 2 || s[0] < '1' || s[0] > '9' || s[1] < '1' || s[1] > '9' {
		return 0, 0, false
	}
	return int(s[0] - '0'), int(s[1] - '0'), true
}

func inFiles(s shogi.Square, first, last int) bool {
	lo, hi := min(first, last), max(first, last)
	return s.File() >= lo && s.File() <= hi
}

func keys[V any](m map[shogi.Square]V) []shogi.Square {
	out := make([]shogi.Square, 0, len(m))
	for s := range m {
		out = append(out, s)
	}
	return out
}

func sortSquares(s []shogi.Square) []shogi.Square {
	out := append([]shogi.Square(nil), s...)
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}
