package notation

import (
	"strings"

	"shinpan/referee/shogi"
)

// promo is what the text says about promotion.
type promo uint8

const (
	promoAny promo = iota // said nothing
	promoYes              // +, 成
	promoNo               // =, 不成, 生
)

// dropReq is what the text says about dropping.
type dropReq uint8

const (
	dropAny dropReq = iota // said nothing: a board move if one fits, else a drop
	dropYes                // *, ', 打
	dropNo                 // gave an origin square
)

// query is a move as read from text, before looking at the candidates: each
// field narrows the candidates, the zero value of each narrows nothing.
type query struct {
	n      Notation // notation the text was written in
	to     shogi.Square
	same   bool         // 同: to is the last move's destination
	from   shogi.Square // NoSquare: any
	kind   shogi.Kind   // the moving piece before the move; NoKind: any
	after  shogi.Kind   // the piece after the move (CSA); NoKind: any
	drop   dropReq
	promo  promo
	motion motion
	side   side
}

func newQuery(n Notation) query { return query{n: n, to: shogi.NoSquare, from: shogi.NoSquare} }

// Resolve reads text, a move typed by the player to move in p, and returns the
// one move among candidates that it means.
//
// candidates are the moves the variant lets the player try: p.LegalMoves for
// open shogi, p.OwnBoardMoves for Tsuitate, p.PseudoMoves for Masked and Dark.
// p is the board the player sees (for hidden variants, only what the player
// knows); Resolve reads from it only which piece stands on each origin square.
// last is the destination of the previous move the player saw, for 同
// (shogi.NoSquare if none).
//
// The text may be USI ("7g7f", "8h2b+", "P*5e"; without "+" a USI move does not
// promote), Western ("P-7f", "P7f", "Bx3c+", "B-3c=", "S*5e", "S'5e", "G6i-5h",
// "G69-58", "+R-2b", "7f"), Japanese ("７六歩", "7六歩", "76歩", "同　歩", "５八金右",
// "２二角成", "２二角不成", "５五角打"), a KIF body ("７六歩(77)") or CSA
// ("+7776FU"); see the parse functions for the details. Surrounding space
// and quote marks (“P*5e”, 「７六歩」, see Unquote), full-width ASCII and a ▲☗ (sente) or △☖ (gote) prefix naming the side to move are ignored; piece letters may be in
// either case. Capture marks are not checked against the board.
//
// The rules it applies (only candidates count, never other pieces):
//   - A text without a drop mark means a board move when a board piece of the
//     named kind (any kind if none is named) can reach the square, else a drop
//     (as Japanese needs 打 only when a board piece could also go there).
//   - Japanese 右左直上引寄 narrow the pieces as in relative.go.
//   - When promotion is optional the text must say +/= (成/不成); USI is exact.
//
// The error is a *ResolveError whose Kind is Unparsable, NoSuchMove, Ambiguous
// or PromotionUnstated; it depends only on text, p, candidates and last.
func Resolve(p *shogi.Position, text string, candidates []shogi.Move, last shogi.Square) (shogi.Move, error) {
	q, perr := parse(p, text)
	if perr != nil {
		return shogi.NoMove, perr
	}
	r := resolver{p: p, c: p.SideToMove(), all: candidates, last: last, text: Unquote(text)}
	return r.run(q)
}

// NamedDrop returns the drop text names outright — a drop mark (*, ', 打, or a
// CSA origin of 00), an unpromoted piece and a square — whether or not it is
// among the candidates, so that a caller can say on the player's own board why
// it is refused. It reads only the text, p (for CSA) and last (for 同).
func NamedDrop(p *shogi.Position, text string, last shogi.Square) (shogi.Move, bool) {
	q, err := parse(p, text)
	if err != nil || q.drop != dropYes {
		return shogi.NoMove, false
	}
	k := q.kind
	if k == shogi.NoKind {
		k = q.after
	}
	to := q.to
	if q.same {
		to = last
	}
	if k == shogi.NoKind || k.IsPromoted() || !to.Valid() {
		return shogi.NoMove, false
	}
	return shogi.NewDrop(k, to), true
}

// ImpliedDrop returns the drop a Japanese text without 打 means when no board
// piece could make it: a square and an unpromoted piece, with no origin and
// none of 右左直上引寄成不成, where own has no piece of that kind that can go
// to the square on its own board (p.OwnBoardMoves: own pieces only, every
// other piece treated as absent). Such a text can only be read as a drop
// ("１九歩" when no pawn reaches 1i, "１七歩" onto one's own piece), so that a
// caller can say on the player's own board why it is refused (dead drop,
// nifu, own piece there, not in hand), whether or not the piece is in hand.
// It reads only the text and own's own pieces, never an enemy piece, so its
// answer is the same whatever the player cannot see. 同 ("同角") never implies
// a drop: it names a recapture on the last move's square by a board piece.
func ImpliedDrop(own *shogi.Position, text string, last shogi.Square) (shogi.Move, bool) {
	q, err := parse(own, text)
	if err != nil || q.n != Japanese || q.drop != dropAny || q.from.Valid() || q.same ||
		q.motion != anyMotion || q.side != anySide || q.promo != promoAny {
		return shogi.NoMove, false
	}
	k, to := q.kind, q.to
	if k == shogi.NoKind || k.IsPromoted() || !to.Valid() {
		return shogi.NoMove, false
	}
	var buf [shogi.MaxMoves]shogi.Move
	for _, m := range own.OwnBoardMoves(buf[:0]) {
		if !m.IsDrop() && m.To() == to && own.At(m.From()).Kind() == k {
			return shogi.NoMove, false
		}
	}
	return shogi.NewDrop(k, to), true
}

// parse reads text in the first notation that fits, or returns an Unparsable error.
func parse(p *shogi.Position, text string) (query, *ResolveError) {
	text = Unquote(text)
	trimmed := text
	s, wide := normalize(text)
	// A sentence's end after the move (a phone types "." for two spaces;
	// 。 and ！ in Japanese) is no part of any notation.
	s = strings.TrimRight(s, ".。!")
	guess := Western
	if !isASCII(s) {
		guess = Japanese
	}
	fail := &ResolveError{Kind: Unparsable, Text: trimmed, Notation: guess}
	if len(s) > maxText {
		fail.Detail = Detail{Code: DetailTooLong}
		return query{}, fail
	}
	if c, ok := sideMark(text); ok && c != p.SideToMove() {
		fail.Kind, fail.Detail = NoSuchMove, Detail{Code: DetailOtherSide}
		return query{}, fail
	}
	if q, ok := parseUSI(s); ok {
		return q, nil
	}
	if q, ok := parseCSA(p, s); ok {
		return q, nil
	}
	if q, ok := parseWestern(s); ok {
		if wide && !strings.ContainsAny(asciiLower(s), "abcdefghiklnprstx*'+=") {
			q.n = Japanese // "７６": full-width digits are a Japanese keyboard
		}
		return q, nil
	}
	if q, ok := parseJapanese(s); ok {
		return q, nil
	}
	return query{}, fail
}

// resolver applies a query to the candidates.
type resolver struct {
	p    *shogi.Position
	c    shogi.Color
	all  []shogi.Move
	last shogi.Square
	text string
}

// kindOf is the kind that moves: the dropped kind, or the piece on the origin
// in the player's view (NoKind if the view shows none there).
func (r *resolver) kindOf(m shogi.Move) shogi.Kind {
	if m.IsDrop() {
		return m.DropKind()
	}
	return r.p.At(m.From()).Kind()
}

// afterOf is the kind on the destination after m.
func (r *resolver) afterOf(m shogi.Move) shogi.Kind {
	k := r.kindOf(m)
	if m.IsPromotion() {
		return k.Promoted()
	}
	return k
}

func (r *resolver) fail(q query, kind ErrorKind, moves []shogi.Move, detail Detail) *ResolveError {
	detail.Notation = q.n
	e := &ResolveError{Kind: kind, Text: r.text, Notation: q.n, Moves: moves, Detail: detail}
	for _, m := range moves {
		e.Written = append(e.Written, FormatAmong(r.p, m, q.n, r.last, r.all))
	}
	return e
}

func (r *resolver) run(q query) (shogi.Move, error) {
	if q.same {
		if !r.last.Valid() {
			return shogi.NoMove, r.fail(q, NoSuchMove, nil, Detail{Code: DetailNoPrevious})
		}
		q.to = r.last
	}
	stage := dedupe(filter(r.all, func(m shogi.Move) bool { return m.To() == q.to }))
	if len(stage) == 0 {
		return shogi.NoMove, r.fail(q, NoSuchMove, nil, Detail{Code: DetailNothingTo, Square: q.to})
	}
	// narrow keeps the moves that pass keep; when none do, the error lists the
	// moves before this step as the closest ones.
	var err error
	narrow := func(keep func(shogi.Move) bool, detail Detail) bool {
		next := filter(stage, keep)
		if len(next) == 0 {
			err = r.fail(q, NoSuchMove, stage, detail)
			return false
		}
		stage = next
		return true
	}
	if q.from.Valid() && !narrow(func(m shogi.Move) bool { return m.From() == q.from }, Detail{Code: DetailNoneFrom, Square: q.from}) {
		return shogi.NoMove, err
	}
	if q.kind != shogi.NoKind && !narrow(func(m shogi.Move) bool { return r.kindOf(m) == q.kind }, Detail{Code: DetailNoKind, Kind: q.kind}) {
		return shogi.NoMove, err
	}
	if q.after != shogi.NoKind && !narrow(func(m shogi.Move) bool { return r.afterOf(m) == q.after }, Detail{Code: DetailBecomes, Kind: q.after}) {
		return shogi.NoMove, err
	}
	wantDrop := q.drop == dropYes
	if q.drop == dropAny && q.motion == anyMotion && q.side == anySide {
		wantDrop = !anyMove(stage, func(m shogi.Move) bool { return !m.IsDrop() })
	}
	if wantDrop {
		if !narrow(shogi.Move.IsDrop, Detail{Code: DetailNoDrop}) {
			return shogi.NoMove, err
		}
	} else if !narrow(func(m shogi.Move) bool { return !m.IsDrop() }, Detail{Code: DetailNoBoard}) {
		return shogi.NoMove, err
	}
	if q.motion != anyMotion && !narrow(func(m shogi.Move) bool { return motionOf(r.c, m.From(), m.To()) == q.motion },
		Detail{Code: motionDetail[q.motion]}) {
		return shogi.NoMove, err
	}
	if q.side != anySide && !r.narrowSide(q, &stage, &err) {
		return shogi.NoMove, err
	}
	switch q.promo {
	case promoYes:
		if !narrow(shogi.Move.IsPromotion, Detail{Code: DetailCannotPromote}) {
			return shogi.NoMove, err
		}
	case promoNo:
		if !narrow(func(m shogi.Move) bool { return !m.IsPromotion() }, Detail{Code: DetailMustPromote}) {
			return shogi.NoMove, err
		}
	}
	origins := map[shogi.Move]bool{} // a move with the promotion bit cleared stands for its origin
	for _, m := range stage {
		origins[m&^shogi.NewMove(0, 0, true)] = true
	}
	switch {
	case len(origins) > 1:
		return shogi.NoMove, r.fail(q, Ambiguous, stage, Detail{})
	case len(stage) > 1:
		return shogi.NoMove, r.fail(q, PromotionUnstated, stage, Detail{})
	}
	return stage[0], nil
}

var motionDetail = [...]DetailCode{up: DetailUp, sideways: DetailSideways, back: DetailBack}

// narrowSide keeps the board moves whose 位置 is q.side: 直 is straight up;
// 左/右 follow relative.go, read the other way round when nothing fits the
// canonical reading (e.g. "右" for the straight-up gold of two).
func (r *resolver) narrowSide(q query, stage *[]shogi.Move, err *error) bool {
	group := func(m shogi.Move) []shogi.Square {
		var g []shogi.Square
		k := r.kindOf(m)
		for _, o := range *stage {
			if r.kindOf(o) == k && !containsSquare(g, o.From()) {
				g = append(g, o.From())
			}
		}
		return g
	}
	keep := func(alt bool) []shogi.Move {
		return filter(*stage, func(m shogi.Move) bool {
			if q.side == straight {
				return m.From().File() == m.To().File() && advance(r.c, m.From(), m.To()) > 0
			}
			return sideOf(r.c, r.kindOf(m), m.From(), m.To(), group(m), alt) == q.side
		})
	}
	next := keep(false)
	if len(next) == 0 && q.side != straight {
		next = keep(true)
	}
	if len(next) == 0 {
		*err = r.fail(q, NoSuchMove, *stage, Detail{Code: sideDetail[q.side]})
		return false
	}
	*stage = next
	return true
}

var sideDetail = [...]DetailCode{left: DetailLeft, right: DetailRight, straight: DetailStraight}

// dedupe drops repeats (and NoMove) from a short list, keeping the order.
func dedupe(ms []shogi.Move) []shogi.Move {
	out := ms[:0:0]
	for _, m := range ms {
		if m != shogi.NoMove && !containsMove(out, m) {
			out = append(out, m)
		}
	}
	return out
}

func filter(ms []shogi.Move, keep func(shogi.Move) bool) []shogi.Move {
	var out []shogi.Move
	for _, m := range ms {
		if keep(m) {
			out = append(out, m)
		}
	}
	return out
}

func anyMove(ms []shogi.Move, f func(shogi.Move) bool) bool {
	for _, m := range ms {
		if f(m) {
			return true
		}
	}
	return false
}

func containsMove(ms []shogi.Move, m shogi.Move) bool {
	for _, x := range ms {
		if x == m {
			return true
		}
	}
	return false
}

func containsSquare(ss []shogi.Square, s shogi.Square) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}
