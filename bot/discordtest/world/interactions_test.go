package world

import (
	"testing"

	"github.com/bwmarrin/discordgo"
)

// TestAnsweredAfterDeferredUpdate: a deferred update is answered by an edit
// made after it, not by the edits the message had before.
func TestAnsweredAfterDeferredUpdate(t *testing.T) {
	deferred := &Callback{Type: discordgo.InteractionResponseDeferredMessageUpdate, EditsBefore: 2}
	for _, tc := range []struct {
		name      string
		edits     int
		followups int
		want      bool
	}{
		{"edited before only", 2, 0, false},
		{"edited since", 3, 0, true},
		{"followed up", 2, 1, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			i := Interaction{Callback: deferred, Original: &Message{Edits: tc.edits}, Followups: make([]Message, tc.followups)}
			if got := Answered(i); got != tc.want {
				t.Errorf("Answered %v, want %v", got, tc.want)
			}
		})
	}
}
