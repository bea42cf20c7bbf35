package view

import "shinpan/referee/shogi"

// Audience is who an event is addressed to.
type Audience uint8

const (
	ToBlack Audience = iota
	ToWhite
	ToPublic
)

// AudienceOf returns the audience of a player.
func AudienceOf(c shogi.Color) Audience { return Audience(c) }

// String returns "black", "white" or "public".
func (a Audience) String() string {
	switch a {
	case ToBlack:
		return "black"
	case ToWhite:
		return "white"
	}
	return "public"
}

// EventKind names an event; the names are those of the referee protocol.
type EventKind string

const (
	EvMoved     EventKind = "moved"     // an accepted move: Player, Number, Move (USI) only where the audience may know it
	EvCapture   EventKind = "capture"   // Square, Piece as it stood
	EvCheck     EventKind = "check"     // Player is the side in check
	EvFoul      EventKind = "foul"      // Player, Count, Limit
	EvBounce    EventKind = "bounce"    // Dark: a drop onto a fogged occupied square; to the dropper only
	EvEnd       EventKind = "end"       // Winner (nil: draw), Reason
	EvReveal    EventKind = "reveal"    // SFEN, Masks, Fouls, Moves
	EvMaskSet   EventKind = "mask_set"  // Masked: to the chooser, Square
	EvMasksDone EventKind = "masks_set" // Masked: both chose; Commitments to the channel
	EvRefused   EventKind = "refused"   // never stored: a refusal to one player (Text)
)

// Event is one thing a referee tells one audience. Fields beyond To and Kind are
// set only for the kinds that use them.
type Event struct {
	To     Audience
	Kind   EventKind
	Player shogi.Color
	Number int    // the move number of the move concerned
	Move   string // USI; empty when the audience may not know it
	Square shogi.Square
	Piece  shogi.Piece
	Count  int
	Limit  int
	Winner *shogi.Color
	Reason Reason
	SFEN   string
	Masks  [2]shogi.Square // the masks as chosen (what the commitments bind)
	// MasksAtEnd are where the masks stood at the end (a mask moves with its piece).
	MasksAtEnd [2]shogi.Square
	// Salts open the mask commitments at the reveal (Masked).
	Salts       [2]string
	Commitments [2]string
	Fouls       []FoulRecord
	Moves       []string // the whole move list in USI, at the reveal
}

// FoulRecord is one foul attempt, listed at the reveal: who, at which move
// number, what they typed (as USI) and why it was a foul.
type FoulRecord struct {
	Player shogi.Color
	Number int
	Text   string
	Move   string
	Reason string
}

// For returns the events of evs addressed to a, in order: what one audience
// is told of an action.
func For(evs []Event, a Audience) []Event {
	var out []Event
	for _, e := range evs {
		if e.To == a {
			out = append(out, e)
		}
	}
	return out
}
