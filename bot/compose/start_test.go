package compose

import (
	"encoding/json"
	"testing"

	"shinpan/referee"
	"shinpan/referee/policy"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
	"shinpan/store"
)

// noSettings is a store.UserSettings where nobody has settings, and
// store.Notes where nobody has notes.
type noSettings struct{}

func (noSettings) GetSettings(string) (store.Settings, error) {
	return store.Settings{}, store.ErrNotFound
}
func (noSettings) UpdateSettings(string, func(*store.Settings)) (store.Settings, error) {
	return store.Settings{}, store.ErrNotFound
}
func (noSettings) Notes(store.GameID, shogi.Color) ([]shogi.Square, error) { return nil, nil }
func (noSettings) ToggleNote(store.GameID, shogi.Color, shogi.Square) ([]shogi.Square, error) {
	return nil, nil
}

// TestStartMessagesUrgent: every message a game's start queues (the
// boards, Masked's mask prompts, the card, the challenge's card accepted)
// is urgent, for the outbox to send it ahead of the games under way, and
// the messages of its first move are not.
func TestStartMessagesUrgent(t *testing.T) {
	for _, v := range []view.Variant{view.Tsuitate, view.Masked, view.Standard} {
		t.Run(v.String(), func(t *testing.T) {
			cm := &Composer{Readers: Readers{St: noSettings{}}, Notes: noSettings{}}
			opts := policy.Options{Options: referee.DefaultOptions(v)}
			meta := store.Game{ID: 3, ChannelID: "ch", Players: [2]string{"alice", "bob"}, Variant: v, Options: opts, StartSFEN: shogi.StartSFEN}
			g, err := referee.New("3", v, meta.StartSFEN, opts.Options)
			if err != nil {
				t.Fatal(err)
			}
			out := cm.StartMessages(meta, g, store.Challenge{ID: 9, ChannelID: "ch", MessageID: "777"}, false)
			want := 4 // two boards, the card, the challenge's card
			if g.NeedsMasks() {
				want += 2 // the mask prompts
			}
			if len(out) != want {
				t.Fatalf("%d start messages, want %d", len(out), want)
			}
			for _, m := range out {
				var p Payload
				if err := json.Unmarshal(m.Payload, &p); err != nil {
					t.Fatal(err)
				}
				if !p.Urgent {
					t.Errorf("start message to %s %s is not urgent: %s", m.Dest, m.Target, m.Payload)
				}
			}
			if g.NeedsMasks() {
				return // the first move comes after the masks
			}
			a := referee.Action{Kind: referee.ActMove, Player: shogi.Black, Text: "7g7f"}
			var before [3]*shogi.Position
			evs, err := g.Apply(a)
			if err != nil {
				t.Fatal(err)
			}
			msgs := cm.ActionMessages(meta, g, a, evs, before, nil, cm.Reader("alice"))
			if len(msgs) == 0 {
				t.Fatal("the first move queued no message")
			}
			for _, m := range msgs {
				var p Payload
				if err := json.Unmarshal(m.Payload, &p); err != nil {
					t.Fatal(err)
				}
				if p.Urgent {
					t.Errorf("the first move's message to %s %s is urgent", m.Dest, m.Target)
				}
			}
		})
	}
}
