//go:build !production

package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
)

// review has a user press Review under the result, then ◀ and the point of
// view "Black's view" in the ephemeral review that opens.
func (d *demo) review(user string) error {
	var result string
	// The result post may still be on its way (the outbox sends it after the
	// last move's answer).
	for deadline := time.Now().Add(15 * time.Second); result == "" && time.Now().Before(deadline); {
		for _, m := range d.srv.Messages(d.channel) {
			if strings.Contains(string(m.Components), `"review:`) {
				result = m.ID
			}
		}
		if result == "" {
			time.Sleep(20 * time.Millisecond)
		}
	}
	if result == "" {
		return errors.New("no Review button under the result")
	}
	rm, _ := d.srv.Message(result)
	id := componentID(rm.Components, "review:")
	d.typed(user, "#general", "[presses Review]")
	var iid string
	if err := d.after(d.channel, func() (err error) {
		iid, err = d.srv.ClickButton(user, d.channel, result, id)
		return err
	}); err != nil {
		return err
	}
	in, _ := d.srv.Interaction(iid)
	if in.Original == nil {
		return errors.New("the review did not open")
	}
	msg := in.Original.ID
	for _, step := range []struct{ say, prefix, value string }{
		{"[presses ◀]", "rvgo:", ""}, {"[picks Black's view]", "rvpov:", "b"}} {
		m, _ := d.srv.Message(msg)
		cid := componentID(m.Components, step.prefix)
		if step.prefix == "rvgo:" {
			cid = componentIDAt(m.Components, step.prefix, 1)
		}
		d.typed(user, "#general", step.say)
		n := m.Edits
		var err error
		if step.value != "" {
			_, err = d.srv.SelectMenu(user, d.channel, msg, cid, step.value)
		} else {
			_, err = d.srv.ClickButton(user, d.channel, msg, cid)
		}
		if err != nil {
			return err
		}
		for i := 0; i < 2000; i++ {
			if m, _ := d.srv.Message(msg); m.Edits > n {
				break
			}
			time.Sleep(5 * time.Millisecond)
		}
		d.settle()
	}
	return nil
}

// componentID returns the first custom id starting with prefix.
func componentID(raw json.RawMessage, prefix string) string { return componentIDAt(raw, prefix, 0) }

// componentIDAt returns the n-th custom id starting with prefix ("" if none).
func componentIDAt(raw json.RawMessage, prefix string, n int) string {
	for _, c := range components(raw) {
		if strings.HasPrefix(c.CustomID, prefix) {
			if n == 0 {
				return c.CustomID
			}
			n--
		}
	}
	return ""
}

type component struct {
	CustomID    string `json:"custom_id"`
	Label       string `json:"label"`
	Disabled    bool   `json:"disabled"`
	Placeholder string `json:"placeholder"`
	Options     []struct {
		Label string `json:"label"`
	} `json:"options"`
}

// components flattens a message's action rows.
func components(raw json.RawMessage) []component {
	var rows []struct {
		Components []component `json:"components"`
	}
	if json.Unmarshal(raw, &rows) != nil {
		return nil
	}
	var out []component
	for _, r := range rows {
		out = append(out, r.Components...)
	}
	return out
}

// buttonText shows a message's buttons and menus in the transcript, as a
// phone shows them: " [Rematch] [Review]", " [Choose your mask ▾ 2h rook | 8h bishop | …]".
func buttonText(raw json.RawMessage) string {
	var s strings.Builder
	for _, c := range components(raw) {
		switch {
		case c.Label != "":
			fmt.Fprintf(&s, " [%s]", c.Label)
		case len(c.Options) > 0:
			labels := make([]string, len(c.Options))
			for i, o := range c.Options {
				labels[i] = o.Label
			}
			fmt.Fprintf(&s, " [%s ▾ %s]", c.Placeholder, strings.Join(labels, " | "))
		}
	}
	return s.String()
}
