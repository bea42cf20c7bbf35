package shogi

// Hand is one side's pieces in hand, counted by base Kind (Pawn..Gold, and King
// for Masked shogi, where a captured king goes to the hand).
type Hand [King + 1]uint8

// Empty reports whether the hand holds nothing.
func (h Hand) Empty() bool {
	for _, n := range h {
		if n != 0 {
			return false
		}
	}
	return true
}

// Position is a shogi position: board, both hands, side to move and the SFEN move
// number. The zero value is not usable; build one with NewPosition, ParseSFEN or
// Startpos. A Position is not safe for concurrent use; Clone it.
type Position struct {
	board   [NumSquares]Piece
	hands   [2]Hand
	side    Color
	ply     int
	byColor [2]Bitboard
	byKind  [NumKinds]Bitboard
	key     uint64 // XOR of board pieces and side to move
	hkey    uint64 // sum over hands of count × key, kept apart so the order of updates never matters
}

// NewPosition returns an empty board, Black to move, move 1.
func NewPosition() *Position {
	return &Position{ply: 1}
}

// Clone returns an independent copy.
func (p *Position) Clone() *Position { q := *p; return &q }

// At returns the piece on s (NoPiece when empty or s is not a square).
func (p *Position) At(s Square) Piece {
	if !s.Valid() {
		return NoPiece
	}
	return p.board[s]
}

// Hand returns c's hand.
func (p *Position) Hand(c Color) Hand { return p.hands[c] }

// HandCount returns how many pieces of kind k c holds.
func (p *Position) HandCount(c Color, k Kind) int { return int(p.hands[c][k]) }

// SideToMove returns the side to move.
func (p *Position) SideToMove() Color { return p.side }

// MoveNumber returns the SFEN move number (1 at the start, +1 per ply).
func (p *Position) MoveNumber() int { return p.ply }

// SetMoveNumber sets the SFEN move number.
func (p *Position) SetMoveNumber(n int) { p.ply = n }

// SetSideToMove sets the side to move.
func (p *Position) SetSideToMove(c Color) {
	if p.side != c {
		p.key ^= zSide
	}
	p.side = c
}

// Key returns the position's Zobrist key over board, both hands and side to move
// (not the move number): equal positions in the sense of sennichite have equal keys.
func (p *Position) Key() uint64 { return p.key ^ p.hkey }

// Occupied returns all occupied squares.
func (p *Position) Occupied() Bitboard { return p.byColor[0].Or(p.byColor[1]) }

// Pieces returns the squares of c's pieces.
func (p *Position) Pieces(c Color) Bitboard { return p.byColor[c] }

// PiecesOf returns the squares of c's pieces of kind k.
func (p *Position) PiecesOf(c Color, k Kind) Bitboard { return p.byKind[k].And(p.byColor[c]) }

// KingSquare returns c's king square when c has exactly one king on the board,
// else NoSquare.
func (p *Position) KingSquare(c Color) Square {
	b := p.PiecesOf(c, King)
	if b.Empty() || b.More1() {
		return NoSquare
	}
	return b.First()
}

// Put places pc on s (replacing anything there). For setting up positions.
func (p *Position) Put(s Square, pc Piece) {
	if old := p.board[s]; old != NoPiece {
		p.remove(s)
	}
	if pc != NoPiece {
		p.place(s, pc)
	}
}

// SetHand sets how many of kind k c holds.
func (p *Position) SetHand(c Color, k Kind, n int) {
	p.hkey -= zHand[c][k] * uint64(p.hands[c][k])
	p.hands[c][k] = uint8(n)
	p.hkey += zHand[c][k] * uint64(n)
}

func (p *Position) place(s Square, pc Piece) {
	p.board[s] = pc
	p.byColor[pc.Color()].Set(s)
	p.byKind[pc.Kind()].Set(s)
	p.key ^= zPiece[pc][s]
}

func (p *Position) remove(s Square) Piece {
	pc := p.board[s]
	p.board[s] = NoPiece
	p.byColor[pc.Color()].Clear(s)
	p.byKind[pc.Kind()].Clear(s)
	p.key ^= zPiece[pc][s]
	return pc
}

// Undo holds what UnmakeMove needs to take a move back.
type Undo struct {
	Captured Piece // the piece that stood on the destination, NoPiece if none
	key      uint64
	hkey     uint64
}

// MakeMove plays m, which must be at least pseudo-legal for the side to move
// (or own-board legal with the destination empty or enemy-held), and returns
// what UnmakeMove needs. A captured piece goes to the mover's hand unpromoted
// (a king too: Masked shogi).
func (p *Position) MakeMove(m Move) Undo {
	u := Undo{key: p.key, hkey: p.hkey}
	us := p.side
	to := m.To()
	if m.IsDrop() {
		k := m.DropKind()
		p.hands[us][k]--
		p.hkey -= zHand[us][k]
		p.place(to, MakePiece(us, k))
	} else {
		from := m.From()
		pc := p.remove(from)
		if cap := p.board[to]; cap != NoPiece {
			u.Captured = cap
			p.remove(to)
			k := cap.Kind().Unpromoted()
			p.hands[us][k]++
			p.hkey += zHand[us][k]
		}
		if m.IsPromotion() {
			pc = MakePiece(us, pc.Kind().Promoted())
		}
		p.place(to, pc)
	}
	p.side = us.Opp()
	p.key ^= zSide
	p.ply++
	return u
}

// UnmakeMove takes back m, which must be the last move made, given its Undo.
func (p *Position) UnmakeMove(m Move, u Undo) {
	p.ply--
	p.side = p.side.Opp()
	us := p.side
	to := m.To()
	if m.IsDrop() {
		p.remove(to)
		p.hands[us][m.DropKind()]++
	} else {
		pc := p.remove(to)
		if m.IsPromotion() {
			pc = MakePiece(us, pc.Kind().Unpromoted())
		}
		p.place(m.From(), pc)
		if u.Captured != NoPiece {
			p.hands[us][u.Captured.Kind().Unpromoted()]--
			p.place(to, u.Captured)
		}
	}
	p.key, p.hkey = u.key, u.hkey
}

// Do plays m and returns a new position, leaving p unchanged.
func (p *Position) Do(m Move) *Position {
	q := p.Clone()
	q.MakeMove(m)
	return q
}

// PassTurn gives the move to the other side without a move (null move); used by
// search and by referees that need the opponent's attacks. It does not change
// the move number.
func (p *Position) PassTurn() {
	p.side = p.side.Opp()
	p.key ^= zSide
}
