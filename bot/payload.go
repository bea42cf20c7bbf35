package bot

import (
	"encoding/json"

	"github.com/bwmarrin/discordgo"

	"shinpan/store"
)

// payload is an outbox message body: what to post (or edit) in a channel or a
// DM. It is JSON in the store, so a crash between commit and send loses nothing.
type payload struct {
	Content string    `json:"content,omitempty"`
	Files   []outFile `json:"files,omitempty"`
	Buttons []button  `json:"buttons,omitempty"`
	// Edit, when set, edits that message (in the target channel) instead of posting.
	Edit string `json:"edit,omitempty"`
	// EditRef, when set, replaces the files of the game's message stored
	// under this purpose (the card's public board, public.go).
	EditRef string `json:"edit_ref,omitempty"`
	// Ref stores the posted message's id under this purpose (store.MessageRef).
	Ref string `json:"ref,omitempty"`
	// Mentions are the user ids this message may ping.
	Mentions []string `json:"mentions,omitempty"`
	// Select is a string select menu in its own action row.
	Select *selectMenu `json:"select,omitempty"`
	// Thread starts a thread under the posted message with this name, and
	// stores its id as the game's thread.
	Thread string `json:"thread,omitempty"`
	// Public marks a DM sent at a point the channel learns of anyway (its
	// action was announced there): only its failure may be told in the channel.
	Public bool `json:"public,omitempty"`
	// Challenge stores the posted message's id as this challenge's card.
	Challenge uint64 `json:"challenge,omitempty"`
}

// outFile is an attachment; Alt is its description (alt text). A board is
// kept as what to draw (Board) until it is sent (images.go), any other file
// as its bytes.
type outFile struct {
	Name  string     `json:"name"`
	Alt   string     `json:"alt,omitempty"`
	Type  string     `json:"type"`
	Data  []byte     `json:"data,omitempty"`
	Board *boardSpec `json:"board,omitempty"`
}

// selectMenu is one string select.
type selectMenu struct {
	ID          string                       `json:"id"`
	Placeholder string                       `json:"placeholder"`
	Options     []discordgo.SelectMenuOption `json:"options"`
}

// button is one button of the message's single action row.
type button struct {
	ID    string `json:"id"`
	Label string `json:"label"`
	Style int    `json:"style"` // discordgo.ButtonStyle
}

func toChannel(id string, p payload) store.OutMsg {
	return store.OutMsg{Dest: store.DestChannel, Target: id, Payload: p.encode()}
}

func toDM(user string, p payload) store.OutMsg {
	return store.OutMsg{Dest: store.DestDM, Target: user, Payload: p.encode()}
}

// encode is p as the outbox stores it. A payload holds only strings, bytes,
// numbers and bools, which always encode; should one ever fail, the message
// has no payload, which the store refuses (ErrInvalid), so the action that
// queues it fails and is logged instead of sending something else.
func (p payload) encode() json.RawMessage {
	b, err := json.Marshal(p)
	if err != nil {
		return nil
	}
	payloads.put(b, p) // the sender's copy (payloadmemo.go)
	return b
}
