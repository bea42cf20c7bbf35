package bot

import (
	"bytes"
	"encoding/json"

	"shinpan/store"
)

// Edits of a stored message (the game card) are coalesced: a destination's
// worker sends one message at a time, so at most one edit of the card is in
// flight, and an edit that a newer edit of the same message already queued
// behind it replaces is skipped (latest state wins). While Discord's rate
// limit holds the worker, the card's edits pile up and go as one. Only
// messages the channel is owed queue there, so what is skipped depends on
// public actions and Discord alone.

// editRefMark is how a payload that edits a stored message starts its field
// (a text's quotes are escaped in JSON, so no content holds it).
var editRefMark = []byte(`"edit_ref":"`)

// editRefOf is the stored message m edits ("" for any other message).
func editRefOf(m store.OutMsg) string {
	if !bytes.Contains(m.Payload, editRefMark) {
		return ""
	}
	var p struct {
		EditRef string `json:"edit_ref"`
	}
	if json.Unmarshal(m.Payload, &p) != nil {
		return ""
	}
	return p.EditRef
}

// superseded says whether m is an edit that one of next, queued after it in
// the same destination, replaces: an edit of the same game's same message.
func superseded(m store.OutMsg, next []store.OutMsg) bool {
	ref := editRefOf(m)
	if ref == "" {
		return false
	}
	for _, n := range next {
		if n.GameID == m.GameID && editRefOf(n) == ref {
			return true
		}
	}
	return false
}
