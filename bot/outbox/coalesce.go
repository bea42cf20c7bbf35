package outbox

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

// editRefMark is how a compose.Payload that edits a stored message starts its field
// (a text's quotes are escaped in JSON, so no content holds it).
var editRefMark = []byte(`"edit_ref":"`)

// editMark is how the field naming a message an edit is of starts.
var editMark = []byte(`"edit":"`)

// editRefOf is the stored message m edits ("" for any other message). Only
// the string after the mark is decoded, not the compose.Payload (a board's is tens of
// kilobytes, and a worker asks this of every message queued behind the one it
// sends).
func editRefOf(m store.OutMsg) string { return stringAfter(m, editRefMark) }

// editOf is the message id m edits (compose.Payload.Edit; "" for any other).
func editOf(m store.OutMsg) string { return stringAfter(m, editMark) }

// stringAfter decodes the JSON string that follows mark in m's payload.
func stringAfter(m store.OutMsg, mark []byte) string {
	editRefMark := mark
	i := bytes.Index(m.Payload, editRefMark)
	if i < 0 {
		return ""
	}
	rest := m.Payload[i+len(editRefMark)-1:] // from the string's opening quote
	end := 1
	for end < len(rest) && rest[end] != '"' {
		if rest[end] == '\\' {
			end++
		}
		end++
	}
	var ref string
	if end >= len(rest) || json.Unmarshal(rest[:end+1], &ref) != nil {
		return ""
	}
	return ref
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
