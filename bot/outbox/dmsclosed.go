package outbox

import (
	"errors"

	"github.com/bwmarrin/discordgo"
)

// DMsClosed reports whether err is Discord refusing a DM (50007: the user's
// DMs are closed to the bot).
func DMsClosed(err error) bool {
	var rerr *discordgo.RESTError
	return errors.As(err, &rerr) && rerr.Message != nil && rerr.Message.Code == discordgo.ErrCodeCannotSendMessagesToThisUser
}
