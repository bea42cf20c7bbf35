package player

import (
	"math/rand"

	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// base is what every level keeps: the latest view, the moves already tried
// this turn (refused, fouled or bounced), and the player's random source.
type base struct {
	cfg Config
	me  shogi.Color
	rng *rand.Rand

	v        view.View
	haveView bool

	tried    map[shogi.Move]bool // attempts that did not become a move this turn
	triedAt  int                 // the move number tried belongs to
	lastMove shogi.Move          // the last move the player sent
	lastMask bool                // the last action was a mask choice
}

func newBase(cfg Config) *base {
	return &base{cfg: cfg, me: cfg.Color, rng: rand.New(rand.NewSource(cfg.Seed)), tried: map[shogi.Move]bool{}}
}

// observe records the view and notes the player's own failed attempts.
func (b *base) observe(v view.View, evs []view.Event) {
	b.v = v
	b.haveView = true
	if v.MoveNumber != b.triedAt {
		clear(b.tried)
		b.triedAt = v.MoveNumber
	}
	for _, e := range evs {
		if e.Player != b.me || e.To != view.AudienceOf(b.me) {
			continue
		}
		switch e.Kind {
		case view.EvFoul, view.EvBounce:
			if b.lastMove != shogi.NoMove {
				b.tried[b.lastMove] = true
			}
		case view.EvMoved:
			clear(b.tried)
		}
	}
}

// refused notes that the last action was refused.
func (b *base) refused(string) {
	if b.lastMove != shogi.NoMove && !b.lastMask {
		b.tried[b.lastMove] = true
	}
}

func (b *base) Observe(v view.View, evs []view.Event) { b.observe(v, evs) }
func (b *base) Refused(text string)                   { b.refused(text) }

// moveAction records m as the last attempt and returns it as an action.
func (b *base) moveAction(m shogi.Move) Action {
	b.lastMove, b.lastMask = m, false
	if m == shogi.NoMove {
		return Action{Kind: ActResign}
	}
	return Action{Kind: ActMove, Text: m.USI()}
}

func (b *base) maskAction(s shogi.Square) Action {
	b.lastMove, b.lastMask = shogi.NoMove, true
	return Action{Kind: ActMask, Text: s.String()}
}

// needsMask reports whether the player still has to choose its mask.
func (b *base) needsMask() bool {
	return b.cfg.Variant == view.Masked && b.v.Mask == shogi.NoSquare && b.v.Result == nil
}

// ownPosition returns the player's own pieces and hand, the player to move.
func ownPosition(v *view.View, me shogi.Color) *shogi.Position {
	p := shogi.NewPosition()
	for s := shogi.Square(0); s < shogi.NumSquares; s++ {
		if c := v.Board[s]; c.Known && c.Piece != shogi.NoPiece && c.Piece.Color() == me {
			p.Put(s, c.Piece)
		}
	}
	for k := shogi.Pawn; k <= shogi.King; k++ {
		p.SetHand(me, k, int(v.Hands[me][k]))
	}
	p.SetSideToMove(me)
	p.SetMoveNumber(v.MoveNumber)
	return p
}

// seenPosition returns every piece the view shows and the hands it shows,
// side to move as in the view.
func seenPosition(v *view.View, me shogi.Color) *shogi.Position {
	p := shogi.NewPosition()
	for s := shogi.Square(0); s < shogi.NumSquares; s++ {
		if c := v.Board[s]; c.Known && c.Piece != shogi.NoPiece {
			p.Put(s, c.Piece)
		}
	}
	for c := shogi.Black; c <= shogi.White; c++ {
		if v.HandKnown[c] {
			for k := shogi.Pawn; k <= shogi.King; k++ {
				p.SetHand(c, k, int(v.Hands[c][k]))
			}
		}
	}
	p.SetSideToMove(v.Turn)
	p.SetMoveNumber(v.MoveNumber)
	return p
}

// knownBoard returns the position the player knows and the moves the referee
// lets it try there (RULES.md §2): Standard, legal moves on the open board;
// Masked, pseudo-legal moves (with the mask-as-king rule, those leaving the own
// mask unattacked); Tsuitate, own-board moves on the own pieces alone; Dark,
// pseudo-legal moves on the own pieces plus the enemy pieces in sight.
func knownBoard(v *view.View, me shogi.Color, maskAsKing bool) (*shogi.Position, []shogi.Move) {
	switch v.Variant {
	case view.Tsuitate:
		p := ownPosition(v, me)
		return p, p.OwnBoardMoves(nil)
	case view.Dark:
		p := seenPosition(v, me)
		p.SetSideToMove(me)
		return p, p.PseudoMoves(nil)
	case view.Masked:
		p := seenPosition(v, me)
		p.SetSideToMove(me)
		ms := p.PseudoMoves(nil)
		if maskAsKing && v.Mask != shogi.NoSquare {
			out := ms[:0]
			for _, m := range ms {
				if maskSafeAfter(p, m, v.Mask) {
					out = append(out, m)
				}
			}
			ms = out
		}
		return p, ms
	}
	p := seenPosition(v, me)
	p.SetSideToMove(me)
	return p, p.LegalMoves(nil)
}

// maskAfter follows a mask on mask through move m.
func maskAfter(mask shogi.Square, m shogi.Move) shogi.Square {
	if !m.IsDrop() && m.From() == mask {
		return m.To()
	}
	return mask
}

// maskSafeAfter reports whether m by the side to move leaves its mask (on mask)
// unattacked.
func maskSafeAfter(p *shogi.Position, m shogi.Move, mask shogi.Square) bool {
	us := p.SideToMove()
	to := maskAfter(mask, m)
	u := p.MakeMove(m)
	ok := !p.IsAttacked(to, us.Opp())
	p.UnmakeMove(m, u)
	return ok
}

// untried returns the moves of ms not yet tried this turn.
func (b *base) untried(ms []shogi.Move) []shogi.Move {
	if len(b.tried) == 0 {
		return ms
	}
	out := make([]shogi.Move, 0, len(ms))
	for _, m := range ms {
		if !b.tried[m] {
			out = append(out, m)
		}
	}
	return out
}
