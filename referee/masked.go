package referee

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"regexp"
	"strings"
	"sync"

	"shinpan/referee/notation"
	"shinpan/referee/record"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

// maskedRules is Masked (Kagemusha) shogi (RULES.md §2 Masked; seed 001): the
// board and hands are open; each player's secret mask replaces the king. Any
// pseudo-legal move is allowed (unless the mask-as-king option forbids leaving
// one's mask attacked); "check" — the mask attacked — is told only to its owner.
// It holds the masks: hidden information until the game is over.
type maskedRules struct {
	baseRules
	now    [2]shogi.Square // where each mask stands now
	chosen [2]shogi.Square // where each was chosen (what the commitment binds)
	salts  [2]string
	locked bool // both chosen: they can no longer change
}

func newMaskedRules() *maskedRules { return &maskedRules{now: noMasks, chosen: noMasks} }

func (r *maskedRules) clone() variantRules { c := *r; return &c }

func (r *maskedRules) masks() [2]shogi.Square { return r.now }

// checkStart: a king may be left attacked, captured and dropped, so only
// nifu and the like make a start impossible.
func (*maskedRules) checkStart(p *shogi.Position) error { return p.ValidatePseudo() }

// pending: the game waits for both masks before the first move.
func (r *maskedRules) pending(g *Game) bool { return !r.locked && g.result == nil }

// maskAttacked reports whether c's mask is attacked on the true position.
func (r *maskedRules) maskAttacked(g *Game, c shogi.Color) bool {
	return view.MaskAttacked(g.pos, c, r.now[c])
}

// candidates are the moves the side to move may try.
func (r *maskedRules) candidates(g *Game) []shogi.Move {
	return view.Candidates(view.Masked, g.pos, r.now[g.pos.SideToMove()], g.opts.MaskAsKing)
}

func (r *maskedRules) board(g *Game, c shogi.Color) (*shogi.Position, []shogi.Move) {
	return g.pos.Clone(), r.candidates(g)
}

func (r *maskedRules) explain(g *Game, c shogi.Color, seen *shogi.Position, text string, m shogi.Move) *Refusal {
	if ref := illegal(text, seen.PseudoReason(m)); ref != nil {
		return ref
	}
	if g.opts.MaskAsKing && !view.MaskSafe(g.pos, m, r.now[g.pos.SideToMove()]) {
		return &Refusal{Code: RefMaskAttacked, Typed: text}
	}
	return nil
}

func (*maskedRules) wider(g *Game, seen *shogi.Position) []shogi.Move { return seen.PseudoMoves(nil) }

func (*maskedRules) judge(g *Game, m shogi.Move) (Outcome, string) { return Accepted, "" }

func (r *maskedRules) moveEvents(g *Game, mover shogi.Color, m shogi.Move, captured shogi.Piece) []view.Event {
	num := g.pos.MoveNumber() - 1
	opp := mover.Opp()
	g.lastSeen[opp] = m.To()
	r.now[mover] = view.MaskAfter(r.now[mover], m)
	evs := toAll(view.Event{Kind: view.EvMoved, Player: mover, Number: num, Move: m.USI()})
	if captured != shogi.NoPiece {
		evs = append(evs, toAll(view.Event{Kind: view.EvCapture, Player: mover, Number: num, Square: m.To(), Piece: captured})...)
	}
	if r.now[opp] == m.To() && captured != shogi.NoPiece {
		return evs // the mask is gone: the end follows
	}
	attacked := [2]bool{r.maskAttacked(g, shogi.Black), r.maskAttacked(g, shogi.White)}
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
func (r *maskedRules) outcomeAfter(g *Game, mover shogi.Color, m shogi.Move, captured shogi.Piece) *view.Result {
	opp := mover.Opp()
	if captured != shogi.NoPiece && r.now[opp] == m.To() {
		k := captured.Kind().Unpromoted()
		g.pos.SetHand(mover, k, g.pos.HandCount(mover, k)-1)
		return &view.Result{Winner: colorPtr(mover), Reason: view.ReasonMaskCaptured}
	}
	if len(r.candidates(g)) == 0 {
		if g.opts.MaskAsKing && r.maskAttacked(g, opp) {
			return &view.Result{Winner: colorPtr(mover), Reason: view.ReasonMaskCheckmated}
		}
		return &view.Result{Winner: colorPtr(mover), Reason: view.ReasonNoLegalMove}
	}
	return sennichite(g)
}

func (r *maskedRules) view(g *Game, who view.Viewer, v *view.View) {
	v.LastMove = g.lastMove
	if who == view.ViewerPublic {
		return
	}
	me := who.Color()
	v.Mask = r.now[me]
	v.InCheck = g.told[me] || g.seq == 0 && r.maskAttacked(g, me)
	v.LostAt = g.lostAt[me]
}

// setup sets (or changes, until both have chosen) a player's mask: one of
// their own pieces on the board other than the king.
func (r *maskedRules) setup(g *Game, a Action) ([]view.Event, error) {
	if r.locked {
		return nil, refuse(RefMasksLocked)
	}
	s, named, err := notation.ParseSquarePiece(strings.TrimSpace(a.Text)) // "2h", or "２八飛"
	if err != nil {
		return nil, &Refusal{Code: RefNotASquare, Typed: a.Text}
	}
	pc := g.pos.At(s)
	if pc == shogi.NoPiece || pc.Color() != a.Player {
		return nil, &Refusal{Code: RefNoPieceOn, Square: s}
	}
	if named != shogi.NoKind && named != pc.Kind() {
		return nil, &Refusal{Code: RefNotThatPiece, Square: s, Kind: named}
	}
	if pc.Kind() == shogi.King {
		return nil, refuse(RefKingNotMask)
	}
	r.now[a.Player] = s
	r.chosen[a.Player] = s
	r.salts[a.Player] = a.Salt
	evs := []view.Event{{To: view.AudienceOf(a.Player), Kind: view.EvMaskSet, Player: a.Player, Square: s, Piece: pc}}
	if r.now[a.Player.Opp()] != shogi.NoSquare {
		r.locked = true
		evs = append(evs, toAll(view.Event{Kind: view.EvMasksDone, Commitments: r.commitments(g.id), Number: g.pos.MoveNumber()})...)
	}
	return evs, nil
}

// setupActions choose the masks given, a NoSquare one by defaultMask.
func (r *maskedRules) setupActions(g *Game, masks [2]shogi.Square) []Action {
	var out []Action
	for _, c := range []shogi.Color{shogi.Black, shogi.White} {
		text := defaultMask(g, c)
		if masks[c].Valid() {
			text = masks[c].String()
		}
		out = append(out, Action{Kind: ActMask, Player: c, Text: text, Salt: "replay"})
	}
	return out
}

// defaultMask picks a replay's mask: the side's rook, else its first non-king
// piece.
func defaultMask(g *Game, c shogi.Color) string {
	if r := g.pos.PiecesOf(c, shogi.Rook); r.Any() {
		return r.First().String()
	}
	for _, s := range g.pos.Pieces(c).Squares() {
		if g.pos.At(s).Kind() != shogi.King {
			return s.String()
		}
	}
	return fmt.Sprint(shogi.NoSquare)
}

// reveal opens the masks as chosen and where they stood at the end, with the
// salts that open the commitments.
func (r *maskedRules) reveal(g *Game, rv *view.Event) {
	rv.Masks = r.chosen
	rv.MasksAtEnd = r.now
	rv.Salts = r.salts
	rv.Commitments = r.commitments(g.id)
}

// record names the variant and writes the masks and salts as the first
// comment (RecordMasks reads it back).
func (r *maskedRules) record(g *Game, rec *record.Record) {
	rec.Variant = string(g.variant)
	if r.chosen[0] != shogi.NoSquare {
		rec.Comments[0] = append(rec.Comments[0], fmt.Sprintf("masks: black %s, white %s (salts %q, %q)",
			r.chosen[0], r.chosen[1], r.salts[0], r.salts[1]))
	}
}

// masksRE reads the masks comment Record writes first in a Masked game's record.
var masksRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^masks: black ([1-9][a-i]), white ([1-9][a-i])\b`) })

// RecordMasks returns the masks chosen at the start of the Masked game rec
// records (its first comment, as Record writes it), indexed by colour;
// NoSquare for both when rec names none.
func RecordMasks(rec *record.Record) [2]shogi.Square {
	masks := [2]shogi.Square{shogi.NoSquare, shogi.NoSquare}
	for _, c := range rec.Comments[0] {
		m := masksRE().FindStringSubmatch(strings.TrimSpace(c))
		if m == nil {
			continue
		}
		b, berr := shogi.ParseSquare(m[1])
		w, werr := shogi.ParseSquare(m[2])
		if berr == nil && werr == nil {
			masks = [2]shogi.Square{b, w}
		}
		break
	}
	return masks
}

// commitments returns each side's mask commitment (MaskCommitment), "" for a
// mask not chosen.
func (r *maskedRules) commitments(gameID string) [2]string {
	var out [2]string
	for c := shogi.Black; c <= shogi.White; c++ {
		if r.chosen[c] == shogi.NoSquare {
			continue
		}
		out[c] = MaskCommitment(gameID, c, r.chosen[c], r.salts[c])
	}
	return out
}

// MaskPreimage is what a mask commitment hashes:
// "shinpan-mask|<game id>|<black|white>|<square>|<salt>" (RULES.md Decision).
// Anyone can check a commitment at the reveal, which opens square and salt.
func MaskPreimage(gameID string, c shogi.Color, square shogi.Square, salt string) string {
	return fmt.Sprintf("shinpan-mask|%s|%s|%s|%s", gameID, c, square, salt)
}

// MaskCommitment computes one mask commitment: the hex SHA-256 of its
// MaskPreimage.
func MaskCommitment(gameID string, c shogi.Color, square shogi.Square, salt string) string {
	h := sha256.Sum256([]byte(MaskPreimage(gameID, c, square, salt)))
	return hex.EncodeToString(h[:])
}
