package bot

import (
	"github.com/bwmarrin/discordgo"

	"shinpan/store"
)

// dmHost is the bot as the DM intake sees it (dms.Host).
type dmHost struct{ b *Bot }

func (h dmHost) Begin() bool                        { return h.b.begin() }
func (h dmHost) End()                               { h.b.end() }
func (h dmHost) HandleDM(m *discordgo.Message) bool { return h.b.handleDM(m) }
func (h dmHost) Owns(id store.GameID) bool          { return h.b.owns(id) }
func (h dmHost) BotID() string                      { return h.b.botID() }
func (h dmHost) OwnerTakesDMs(id store.GameID) bool {
	return h.b.cl != nil && h.b.cl.OwnerTakesDMs(id)
}
