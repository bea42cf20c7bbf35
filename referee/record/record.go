package record

import (
	"errors"
	"fmt"
	"strings"

	"shinpan/referee/shogi"
)

// Record is one game: where it started, the main line's moves, how it ended,
// the header fields and the comments.
type Record struct {
	// Start is the position before the first move; nil means the standard
	// initial position (shogi.Startpos). Readers always set it.
	Start *shogi.Position
	// Moves are the main line's moves in order, each legal in its position.
	Moves []shogi.Move
	// Result is how the game ended (Result{ReasonUnknown, WinnerNone} when the
	// record does not say).
	Result Result
	// Header holds the header fields in file order. Keys are the KIF names
	// (先手, 後手, 棋戦, 開始日時, ...); CSA's N+/N-/$ lines are mapped to them
	// (see csaHeaderKeys) and unknown $KEYs keep their CSA name with the '$'.
	Header []HeaderField
	// Comments maps a ply to the comment lines that follow it: 0 is before the
	// first move, n is after move n. The comment marker (*, ', &) is dropped.
	Comments map[int][]string
	// Variant names the rules the game was played under when they are not
	// standard shogi's: "tsuitate", "masked" or "dark" (the referee's names;
	// "" for standard shogi). The writers mark it in a header line (KIF
	// "ルール：dark", CSA "'ルール：dark", text "# variant: dark", see
	// VariantKey) and the readers read it back. "masked" and "dark" imply
	// Pseudo.
	Variant string
	// Pseudo marks a game played under rules where a king may be left in or
	// moved into attack, captured and dropped (Masked and Dark shogi): moves
	// are then checked only for piece movement and the drop rules, when
	// written and when read. Readers set it from Variant; a writer given
	// Pseudo without such a Variant marks the file "pseudo".
	Pseudo bool
	// Warnings are what a reader noticed and settled on its own, one
	// sentence each: an ending word it does not know and read as the
	// closest known one, an ending the final position contradicts (the
	// board's verdict is kept, see finish). Writers ignore them.
	Warnings []string
}

// warn adds a warning.
func (r *Record) warn(format string, a ...any) {
	r.Warnings = append(r.Warnings, fmt.Sprintf(format, a...))
}

// VariantKey is the KIF header key of Record.Variant (a comment "'ルール：…"
// in CSA). Other software reads it as an unknown header field.
const VariantKey = "ルール"

// variantPseudo is the mark of a Pseudo record with no Variant.
const variantPseudo = "pseudo"

// pseudo reports whether the record's moves are checked as pseudo-legal.
func (r *Record) pseudo() bool {
	return r.Pseudo || r.Variant == "masked" || r.Variant == "dark" || r.Variant == variantPseudo
}

// variantMark is the value the writers mark the rules with ("" for none).
func (r *Record) variantMark() string {
	if r.Variant == "" && r.Pseudo {
		return variantPseudo
	}
	return r.Variant
}

// setVariant reads a variant mark: its first word, in lower case.
func (r *Record) setVariant(v string) {
	if f := strings.Fields(v); len(f) > 0 {
		r.Variant = strings.ToLower(f[0])
	} else {
		r.Variant = ""
	}
	r.Pseudo = r.pseudo()
}

// playable reports whether m may be played after p under the record's rules.
func (r *Record) playable(p *shogi.Position, m shogi.Move) bool {
	if r.pseudo() {
		return p.IsPseudoLegal(m)
	}
	return p.IsLegal(m)
}

// HeaderField is one header line: KIF "key：value", CSA "$KEY:value" or N+/N-.
type HeaderField struct {
	Key, Value string
}

// MaxPlies bounds the moves a reader accepts; longer records are an error.
const MaxPlies = 10000

// MaxInput bounds the size in bytes of a record a reader accepts.
const MaxInput = 8 << 20

// ErrTooLong is returned (wrapped) for input over MaxInput bytes or MaxPlies moves.
var ErrTooLong = errors.New("record too long")

// StartPosition returns a copy of the start position (the standard one when
// Start is nil).
func (r *Record) StartPosition() *shogi.Position {
	if r.Start == nil {
		return shogi.Startpos()
	}
	return r.Start.Clone()
}

// StartSFEN returns the start position as SFEN.
func (r *Record) StartSFEN() string { return r.StartPosition().SFEN() }

// Position returns the position after the first n moves (0 ≤ n ≤ len(Moves)).
// The moves are replayed with the legality check of the record's rules (see
// Pseudo); an illegal one gives an *IllegalMoveError.
func (r *Record) Position(n int) (*shogi.Position, error) {
	if n < 0 || n > len(r.Moves) {
		return nil, fmt.Errorf("record has %d moves, no position after move %d", len(r.Moves), n)
	}
	p := r.StartPosition()
	for i, m := range r.Moves[:n] {
		if !r.playable(p, m) {
			return p, &IllegalMoveError{Number: i + 1, Text: m.USI(), Reason: Explain(p, m)}
		}
		p.MakeMove(m)
	}
	return p, nil
}

// Final returns the position after the last move (see Position).
func (r *Record) Final() (*shogi.Position, error) { return r.Position(len(r.Moves)) }

// Get returns the value of the first header field named key.
func (r *Record) Get(key string) (string, bool) {
	for _, h := range r.Header {
		if h.Key == key {
			return h.Value, true
		}
	}
	return "", false
}

// Set replaces the first header field named key, or appends one.
func (r *Record) Set(key, value string) {
	for i := range r.Header {
		if r.Header[i].Key == key {
			r.Header[i].Value = value
			return
		}
	}
	r.Header = append(r.Header, HeaderField{key, value})
}

// AddComment appends a comment line after ply n (0: before the first move).
func (r *Record) AddComment(n int, text string) {
	if r.Comments == nil {
		r.Comments = map[int][]string{}
	}
	r.Comments[n] = append(r.Comments[n], text)
}

// builder plays the moves of a record being read, checking each.
type builder struct {
	rec     *Record
	pos     *shogi.Position
	err     error // the first illegal move, once seen no move is added
	started bool  // the start position was checked (see checkStart)
}

func newBuilder(start *shogi.Position) *builder {
	return &builder{rec: &Record{Start: start.Clone(), Result: Unknown}, pos: start.Clone()}
}

// play checks m (written as text in the source) and plays it. An illegal move
// is recorded as b.err and returned; after it nothing more is played.
func (b *builder) play(m shogi.Move, text string) error {
	if b.err != nil {
		return b.err
	}
	if err := b.checkStart(); err != nil {
		return err
	}
	if len(b.rec.Moves) >= MaxPlies {
		b.err = fmt.Errorf("%w: more than %d moves", ErrTooLong, MaxPlies)
		return b.err
	}
	if !b.rec.playable(b.pos, m) {
		return b.illegal(m, text, Explain(b.pos, m))
	}
	b.pos.MakeMove(m)
	b.rec.Moves = append(b.rec.Moves, m)
	return nil
}

// illegal records that the next move is illegal for reason, and that the side
// to move therefore loses. The error names the move in USI when it could be
// decoded (m != NoMove), else by its source text.
func (b *builder) illegal(m shogi.Move, text, reason string) error {
	if m != shogi.NoMove {
		text = m.USI()
	}
	b.err = &IllegalMoveError{Number: len(b.rec.Moves) + 1, Text: text, Reason: reason}
	b.rec.Result = Result{ReasonIllegalMove, colorWinner(b.pos.SideToMove().Opp())}
	return b.err
}

// checkStart refuses, once, a start position that could not arise under the
// record's rules (shogi.Position.Validate; ValidatePseudo for Masked and
// Dark). It runs at the first move or at the end, when a variant mark read
// after the board diagram is known. The error wraps a *shogi.SetupError.
func (b *builder) checkStart() error {
	if b.started {
		if errors.As(b.err, new(*shogi.SetupError)) {
			return b.err
		}
		return nil
	}
	b.started = true
	validate := b.rec.Start.Validate
	if b.rec.pseudo() {
		validate = b.rec.Start.ValidatePseudo
	}
	if err := validate(); err != nil {
		b.err = fmt.Errorf("start position: %w", err)
		return b.err
	}
	return nil
}

// side returns the side to move now.
func (b *builder) side() shogi.Color { return b.pos.SideToMove() }

// done settles the result (see finish) and returns the record and the error of
// an illegal move, if any.
func (b *builder) done() (*Record, error) {
	if err := b.checkStart(); err != nil {
		return nil, err
	}
	if b.err != nil {
		var ie *IllegalMoveError
		if errors.As(b.err, &ie) {
			b.rec.Result = Result{ReasonIllegalMove, colorWinner(b.pos.SideToMove().Opp())}
			// a game the board had ended already ended that way (g22: a
			// drop after the mate)
			if board, at, ok := boardEnding(b.rec, b.pos); ok && !b.rec.pseudo() {
				b.rec.Result = board
				b.rec.warn("move %d is played after the game ended: %s", ie.Number, at)
			}
		}
		return b.rec, b.err
	}
	finish(b.rec, b.pos)
	return b.rec, nil
}

// SyntaxError is malformed record text: the format, the 1-based line number
// (0 when not tied to a line) and what is wrong.
type SyntaxError struct {
	Format string // "kif", "csa", "usi" or "text"
	Line   int
	Msg    string
}

func (e *SyntaxError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s line %d: %s", e.Format, e.Line, e.Msg)
	}
	return e.Format + ": " + e.Msg
}

func syntaxErr(format string, line int, msg string, a ...any) error {
	return &SyntaxError{Format: format, Line: line, Msg: fmt.Sprintf(msg, a...)}
}

func errorf(format string, a ...any) error { return fmt.Errorf(format, a...) }
