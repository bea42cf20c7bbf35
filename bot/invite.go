package bot

import (
	"strconv"

	"github.com/bwmarrin/discordgo"
)

// InvitePermissions are the permissions the bot uses in a server, and no
// more: it sees the channel, posts and edits its own messages with board
// images, and (threads on) starts a public thread under a game card and
// posts in it. It sends no embeds, so it asks for no Embed Links.
const InvitePermissions int64 = discordgo.PermissionViewChannel | discordgo.PermissionSendMessages |
	discordgo.PermissionAttachFiles | discordgo.PermissionReadMessageHistory |
	discordgo.PermissionCreatePublicThreads | discordgo.PermissionSendMessagesInThreads

// InviteURL is the link that adds the bot of application appID to a server
// with its slash commands and InvitePermissions.
func InviteURL(appID string) string {
	return "https://discord.com/oauth2/authorize?client_id=" + appID + "&scope=bot+applications.commands&permissions=" +
		strconv.FormatInt(InvitePermissions, 10)
}
