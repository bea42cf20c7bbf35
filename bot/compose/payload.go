package compose

import (
	"encoding/json"
	"strconv"
	"strings"

	"shinpan/store"
)

// Payload is an outbox message body: what to post (or edit) in a channel or a
// DM. It is JSON in the store, so a crash between commit and send loses nothing.
type Payload struct {
	Content string   `json:"content,omitempty"`
	Files   []File   `json:"files,omitempty"`
	Buttons []Button `json:"buttons,omitempty"`
	// Edit, when set, edits that message (in the target channel) instead of posting.
	Edit string `json:"edit,omitempty"`
	// EditRef, when set, replaces the files of the game's message stored
	// under this purpose (the card's public board, card.go).
	EditRef string `json:"edit_ref,omitempty"`
	// Ref stores the posted message's id under this purpose (store.MessageRef).
	Ref string `json:"ref,omitempty"`
	// Mentions are the user ids this message may ping.
	Mentions []string `json:"mentions,omitempty"`
	// Select is a string select menu in its own action row.
	Select *Menu `json:"select,omitempty"`
	// Selects are menus in rows of their own above the buttons (the tap
	// menus, tap.go).
	Selects []Menu `json:"selects,omitempty"`
	// Thread starts a thread under the posted message with this name, and
	// stores its id as the game's thread.
	Thread string `json:"thread,omitempty"`
	// Public marks a DM sent at a point the channel learns of anyway (its
	// action was announced there): only its failure may be told in the channel.
	Public bool `json:"public,omitempty"`
	// Challenge stores the posted message's id as this challenge's card.
	Challenge uint64 `json:"challenge,omitempty"`
	// Final marks a game card's last edit, the game over (a public fact):
	// the card lane sends it first and never merges it away (outbox/cards.go).
	Final bool `json:"final,omitempty"`
	// Urgent marks a message someone waits on now: a new game's first
	// messages (the players' boards, the card, the challenge's card
	// accepted; a public fact, the channel sees the game start). The
	// outbox sends it, and what its destination holds before it, ahead of
	// the routine messages waiting for the global budget (outbox/sender.go).
	Urgent bool `json:"urgent,omitempty"`
	// Answer, on a player's DM, is the interaction whose message it
	// replaces (a tap or the Move form acted on by another process): the
	// sender edits that interaction's original response, free of the
	// global budget, and posts the DM only should the edit fail for good
	// (the token expired).
	Answer *Hook `json:"answer,omitempty"`
}

// Hook is an interaction's webhook: the application and the token that
// edit its original response for 15 minutes.
type Hook struct {
	App   string `json:"app"`
	Token string `json:"token"`
}

// File is an attachment; Alt is its description (alt text). A board is
// kept as what to draw (Board) until it is sent (images.go), any other file
// as its bytes.
type File struct {
	Name  string     `json:"name"`
	Alt   string     `json:"alt,omitempty"`
	Type  string     `json:"type"`
	Data  []byte     `json:"data,omitempty"`
	Board *BoardSpec `json:"board,omitempty"`
}

// Menu is one string select.
type Menu struct {
	ID          string       `json:"id"`
	Placeholder string       `json:"placeholder"`
	Options     []MenuOption `json:"options"`
}

// MenuOption is one choice of a Menu, with discordgo.SelectMenuOption's JSON.
type MenuOption struct {
	Label       string `json:"label"`
	Value       string `json:"value"`
	Description string `json:"description,omitempty"`
	Default     bool   `json:"default"`
}

// Button is one button of the message's single action row.
type Button struct {
	ID    string `json:"id"`
	Label string `json:"label"`
	Style int    `json:"style"` // discordgo.ButtonStyle
}

// ToChannel queues p for a channel.
func ToChannel(id string, p Payload) store.OutMsg {
	return store.OutMsg{Dest: store.DestChannel, Target: id, Payload: p.Encode()}
}

// ToDM queues p for a user's DMs.
func ToDM(user string, p Payload) store.OutMsg {
	return store.OutMsg{Dest: store.DestDM, Target: user, Payload: p.Encode()}
}

// Encode is p as the outbox stores it. A Payload holds only strings, bytes,
// numbers and bools, which always encode; should one ever fail, the message
// has no Payload, which the store refuses (ErrInvalid), so the action that
// queues it fails and is logged instead of sending something else.
func (p Payload) Encode() json.RawMessage {
	b, err := json.Marshal(p)
	if err != nil {
		return nil
	}
	Memo.Put(b, p) // the sender's copy (memo.go)
	return b
}

// FillGame puts the game number into a queued message's "{game}" slots.
func (p *Payload) FillGame(id store.GameID) {
	if id == 0 {
		return
	}
	n := strconv.FormatUint(uint64(id), 10)
	r := func(s string) string { return strings.ReplaceAll(s, "{game}", n) } // a Replacer built its tables at every message
	p.Content = r(p.Content)
	p.Thread = r(p.Thread)
	for i := range p.Buttons {
		p.Buttons[i].ID = r(p.Buttons[i].ID)
	}
	for i := range p.Files {
		p.Files[i].Name = r(p.Files[i].Name)
	}
	if p.Select != nil {
		p.Select.ID = r(p.Select.ID)
	}
	for i := range p.Selects {
		p.Selects[i].ID = r(p.Selects[i].ID)
	}
}
