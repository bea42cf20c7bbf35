package tap

import (
	"errors"
	"strconv"
	"strings"

	"shinpan/referee/shogi"
)

// A component's custom_id is "tap:GAME:NUMBER:SLOT". A button's slot is the
// step it leads to; a select's slot is "s0".."s3" (custom_ids in a message
// must differ) and the step is the option picked. Steps:
//
//	r            the first screen (the pieces, or the mask menu)
//	p:7g         the piece on 7g picked: its squares
//	g:97         the pieces on files 9 to 7 (more pieces than menus hold)
//	d:S          a silver in hand picked: its squares
//	d:S:97       its squares on files 9 to 7 (more than the menus hold)
//	q:7c7b       the promotion question for 7c7b
//	m:7c7b+      play the move (USI)
//	k:7g         choose the piece on 7g as the mask (Masked)
const Verb = "tap"

// Root is the first step.
const Root = "r"

// ErrStale is the answer to a step that the player's view does not offer
// (an old board's, or one never offered).
var ErrStale = errors.New("tap: the step is not on this board")

// ID returns the custom_id of a component of game at move number. Game 0
// writes the placeholder "{game}" instead, for a message composed before its
// game has a number (compose.Payload.FillGame fills it in).
func ID(game uint64, number int, slot string) string {
	g := "{game}"
	if game != 0 {
		g = strconv.FormatUint(game, 10)
	}
	return Verb + ":" + g + ":" + strconv.Itoa(number) + ":" + slot
}

// Parse reads a tap component's custom_id and the values picked: its game,
// move number and the step asked for. ok is false for anything else.
func Parse(customID string, values []string) (game uint64, number int, step string, ok bool) {
	parts := strings.SplitN(customID, ":", 4)
	if len(parts) != 4 || parts[0] != Verb {
		return 0, 0, "", false
	}
	g, err1 := strconv.ParseUint(parts[1], 10, 64)
	n, err2 := strconv.Atoi(parts[2])
	if err1 != nil || err2 != nil || n < 0 {
		return 0, 0, "", false
	}
	step = parts[3]
	if isSelectSlot(step) {
		if len(values) != 1 {
			return 0, 0, "", false
		}
		step = values[0]
	}
	return g, n, step, step != ""
}

func isSelectSlot(s string) bool { return len(s) == 2 && s[0] == 's' && s[1] >= '0' && s[1] <= '9' }

// Leads reports whether step is on the way to move m: the piece or the
// piece in hand it moves, its group of files, its promotion question, or m
// itself. A program that taps (the demo, tests) follows it from the first
// screen.
func Leads(step string, m shogi.Move) bool {
	kind, arg, _ := strings.Cut(step, ":")
	switch kind {
	case "m":
		return arg == m.USI()
	case "p":
		return !m.IsDrop() && arg == m.From().String()
	case "q":
		return !m.IsDrop() && arg == m.From().String()+m.To().String()
	case "g":
		first, last, ok := fileRange(arg)
		return ok && !m.IsDrop() && inFiles(m.From(), first, last)
	case "d":
		letter, files, grouped := strings.Cut(arg, ":")
		if !m.IsDrop() || letter != m.DropKind().Letter() {
			return false
		}
		if !grouped {
			return true
		}
		first, last, ok := fileRange(files)
		return ok && inFiles(m.To(), first, last)
	}
	return false
}

// LeadsToMask reports whether step chooses the piece on s as the mask.
func LeadsToMask(step string, s shogi.Square) bool { return step == "k:"+s.String() }
