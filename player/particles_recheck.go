package player

import (
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// oppMoveSeen is what the filter had and was told when the opponent last
// gave check: the particles before the move, their styles, and the capture
// announced with it.
type oppMoveSeen struct {
	ok       bool // a check (Tsuitate, strong), and no move of the player's since
	redrawn  bool // the particles are the move drawn again
	before   []shogi.Position
	style    []uint8
	capSq    shogi.Square
	captured shogi.Piece
}

// keepOppMove records, when the move gave check (Tsuitate, strong), the
// particles before it (before) and what was told of it.
func (f *filter) keepOppMove(before []shogi.Position, capSq shogi.Square, captured shogi.Piece, checked bool) {
	if f.variant != view.Tsuitate || !checked || f.policy == nil {
		f.lastOpp = oppMoveSeen{}
		return
	}
	f.lastOpp = oppMoveSeen{ok: true, before: before, style: append([]uint8(nil), f.style...), capSq: capSq, captured: captured}
}

// redoOppMove, when the player is in check (Tsuitate, strong) and its answer
// fouled, draws the opponent's checking move again on the particles as they
// stood before it, among the moves after which every answer tried so far
// fouls. The check is what the last move did: which piece gives it is best
// told by the moves that could have given it, not by patching particles
// after the fact (spoil). It reports whether any particle fits; if none does,
// the caller patches as before. m is the answer that fouled: when nearly
// every redrawn particle let it land, the particles before the check missed
// the truth, and drawing again from them would only be as sure and as wrong
// (runs of 5 to 9 fouls at a P(legal) of 1.00 in the diagnostics); the rest of
// this check is patched as before.
func (f *filter) redoOppMove(m shogi.Move, fa *facts) bool {
	lo := &f.lastOpp
	if !lo.ok || !fa.inCheck || len(lo.before) == 0 {
		return false
	}
	if lo.redrawn && f.landShare(m) >= redrawTrust {
		lo.ok = false
		return false
	}
	evS, evU := f.evS, f.evU // the evidence was counted when the move came
	defer func() { f.evS, f.evU = evS, evU }()
	parts := make([]shogi.Position, 0, len(lo.before))
	ws := make([]float64, 0, len(lo.before))
	style := make([]uint8, 0, len(lo.before))
	for i := range lo.before {
		p := lo.before[i]
		st := uint8(0)
		if i < len(lo.style) {
			st = lo.style[i]
		}
		om, like := f.sampleOppMove(&p, lo.capSq, lo.captured, true, fa, styleTemps[st], f.failed)
		if om == shogi.NoMove {
			continue
		}
		p.MakeMove(om)
		if !fa.matches(&p) {
			continue
		}
		parts = append(parts, p)
		ws = append(ws, like)
		style = append(style, st)
	}
	if len(parts) == 0 {
		return false
	}
	f.updates++
	f.parts, f.w, f.style = parts, ws, style
	f.resample()
	lo.redrawn = true
	return true
}

// redrawTrust is the share of the redrawn particles letting a fouled answer
// land from which they are no longer trusted.
const redrawTrust = 0.9

// landShare is the share of the particles' weight on which m would land.
func (f *filter) landShare(m shogi.Move) float64 {
	in, all := 0.0, 0.0
	for i := range f.parts {
		all += f.w[i]
		if f.ourMoveLands(&f.parts[i], m) {
			in += f.w[i]
		}
	}
	if all <= 0 {
		return 0
	}
	return in / all
}
