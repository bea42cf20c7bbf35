package outbox

import (
	"encoding/json"
	"testing"

	"shinpan/bot/compose"
	"shinpan/store"
)

// TestEditRefOf: the reference read after the mark is the payload's
// edit_ref as json.Unmarshal reads it, escapes and all; text that merely
// mentions the field is no reference.
func TestEditRefOf(t *testing.T) {
	for _, p := range []compose.Payload{
		{EditRef: "card"},
		{EditRef: `ca"rd\x`, Content: `"edit_ref":"no"`},
		{Content: `"edit_ref":"no"`},
		{EditRef: "カード", Files: []compose.File{{Name: "board.png", Data: []byte("\x89PNG")}}},
		{},
	} {
		raw, err := json.Marshal(p)
		if err != nil {
			t.Fatal(err)
		}
		if got := editRefOf(store.OutMsg{Payload: raw}); got != p.EditRef {
			t.Errorf("%s: edit_ref %q, want %q", raw, got, p.EditRef)
		}
	}
}
