package referee

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"

	"shinpan/referee/notation"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// maskedRules is Masked (Kagemusha) shogi (RULES.md §2 Masked; seed 001): the
// board and hands are open; each player's secret mask replaces the king. Any
// pseudo-legal move is allowed (unless the mask-as-king option forbids leaving
// one's mask attacked); "check" — the mask attacked — is told only to its owner.
type maskedRules struct{}

// maskAttacked reports whether c's mask is attacked on the true position.
func maskAttacked(g *Game, c shogi.Color) bool { return view.MaskAttacked(g.pos, c, g.masks[c]) }

// maskSafe reports whether m (by the side to move, on the true position) leaves
// the mover's mask unattacked.
func maskSafe(g *Game, m shogi.Move) bool {
	return view.MaskSafe(g.pos, m, g.masks[g.pos.SideToMove()])
}

// maskedCandidates are the moves the side to move may try.
func maskedCandidates(g *Game) []shogi.Move {
	return view.Candidates(view.Masked, g.pos, g.masks[g.pos.SideToMove()], g.opts.MaskAsKing)
}

func (maskedRules) board(g *Game, c shogi.Color) (*shogi.Position, []shogi.Move) {
	return g.pos.Clone(), maskedCandidates(g)
}

func (maskedRules) explain(g *Game, c shogi.Color, seen *shogi.Position, text string, m shogi.Move) *Refusal {
	if r := illegal(text, seen.PseudoReason(m)); r != nil {
		return r
	}
	if g.opts.MaskAsKing && !maskSafe(g, m) {
		return &Refusal{Code: RefMaskAttacked, Typed: text}
	}
	return nil
}

func (maskedRules) wider(g *Game, seen *shogi.Position) []shogi.Move { return seen.PseudoMoves(nil) }

func (maskedRules) judge(g *Game, m shogi.Move) (Outcome, string) { return Accepted, "" }

func (maskedRules) moveEvents(g *Game, mover shogi.Color, m shogi.Move, captured shogi.Piece) []view.Event {
	num := g.pos.MoveNumber() - 1
	opp := mover.Opp()
	g.lastSeen[opp] = m.To()
	g.masks[mover] = view.MaskAfter(g.masks[mover], m)
	evs := toAll(view.Event{Kind: view.EvMoved, Player: mover, Number: num, Move: m.USI()})
	if captured != shogi.NoPiece {
		evs = append(evs, toAll(view.Event{Kind: view.EvCapture, Player: mover, Number: num, Square: m.To(), Piece: captured})...)
	}
	if g.masks[opp] == m.To() && captured != shogi.NoPiece {
		return evs // the mask is gone: the end follows
	}
	attacked := [2]bool{maskAttacked(g, shogi.Black), maskAttacked(g, shogi.White)}
	g.hist.Push(g.pos.Key(), mover, attacked[opp])
	for _, c := range []shogi.Color{shogi.Black, shogi.White} {
		if attacked[c] {
			evs = append(evs, view.Event{To: view.AudienceOf(c), Kind: view.EvCheck, Player: c, Number: num})
		}
	}
	return evs
}

// outcomeAfter: capturing the opponent's mask wins (the mask never goes to a
// hand, RULES.md Decision); a side with no legal move on its turn loses; fourfold
// repetition draws unless one side attacked the other's mask with every move.
func (maskedRules) outcomeAfter(g *Game, mover shogi.Color, m shogi.Move, captured shogi.Piece) *view.Result {
	opp := mover.Opp()
	if captured != shogi.NoPiece && g.masks[opp] == m.To() {
		k := captured.Kind().Unpromoted()
		g.pos.SetHand(mover, k, g.pos.HandCount(mover, k)-1)
		return &view.Result{Winner: colorPtr(mover), Reason: view.ReasonMaskCaptured}
	}
	if len(maskedCandidates(g)) == 0 {
		if g.opts.MaskAsKing && maskAttacked(g, opp) {
			return &view.Result{Winner: colorPtr(mover), Reason: view.ReasonMaskCheckmated}
		}
		return &view.Result{Winner: colorPtr(mover), Reason: view.ReasonNoLegalMove}
	}
	return sennichite(g)
}

func (maskedRules) view(g *Game, who view.Viewer, v *view.View) {
	v.LastMove = g.lastMove
	if who == view.ViewerPublic {
		return
	}
	me := who.Color()
	v.Mask = g.masks[me]
	v.InCheck = g.told[me] || g.seq == 0 && maskAttacked(g, me)
	v.LostAt = g.lostAt[me]
}

// applyMask sets (or changes, until both have chosen) a player's mask: one of
// their own pieces on the board other than the king.
func (g *Game) applyMask(a Action) ([]view.Event, error) {
	if g.variant != view.Masked {
		return nil, refuse(RefMasksNotMasked)
	}
	if g.masksLocked {
		return nil, refuse(RefMasksLocked)
	}
	s, err := notation.ParseSquare(strings.TrimSpace(a.Text))
	if err != nil {
		return nil, &Refusal{Code: RefNotASquare, Typed: a.Text}
	}
	pc := g.pos.At(s)
	if pc == shogi.NoPiece || pc.Color() != a.Player {
		return nil, &Refusal{Code: RefNoPieceOn, Square: s}
	}
	if pc.Kind() == shogi.King {
		return nil, refuse(RefKingNotMask)
	}
	g.masks[a.Player] = s
	g.maskStart[a.Player] = s
	g.salts[a.Player] = a.Salt
	evs := []view.Event{{To: view.AudienceOf(a.Player), Kind: view.EvMaskSet, Player: a.Player, Square: s, Piece: pc}}
	if g.masks[a.Player.Opp()] != shogi.NoSquare {
		g.masksLocked = true
		evs = append(evs, toAll(view.Event{Kind: view.EvMasksDone, Commitments: g.commitments(), Number: g.pos.MoveNumber()})...)
	}
	return evs, nil
}

// commitments returns each side's mask commitment: the hex SHA-256 of
// "shinpan-mask|<game id>|<black|white>|<square>|<salt>" (RULES.md Decision).
// Anyone can check them at the reveal, which opens square and salt.
func (g *Game) commitments() [2]string {
	var out [2]string
	for c := shogi.Black; c <= shogi.White; c++ {
		if g.maskStart[c] == shogi.NoSquare {
			continue
		}
		out[c] = MaskCommitment(g.id, c, g.maskStart[c], g.salts[c])
	}
	return out
}

// MaskCommitment computes one mask commitment.
func MaskCommitment(gameID string, c shogi.Color, square shogi.Square, salt string) string {
	h := sha256.Sum256([]byte(fmt.Sprintf("shinpan-mask|%s|%s|%s|%s", gameID, c, square, salt)))
	return hex.EncodeToString(h[:])
}
