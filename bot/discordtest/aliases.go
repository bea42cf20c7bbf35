package discordtest

import (
	"shinpan/bot/discordtest/gateway"
	"shinpan/bot/discordtest/rest"
	"shinpan/bot/discordtest/wire"
	"shinpan/bot/discordtest/world"
)

// The types of the stand-in's parts, under the names its users know.
type (
	// Options configure a Server (see world.Options).
	Options = world.Options
	// ValidationMode says what the server does with a REST request whose
	// body or query does not satisfy Options.Spec or the extra limits.
	ValidationMode = world.ValidationMode
	// A Spec checks a REST request against a description of Discord's API.
	Spec = world.Spec

	User        = world.User
	Channel     = world.Channel
	Guild       = world.Guild
	Message     = world.Message
	Attachment  = world.Attachment
	Interaction = world.Interaction
	Callback    = world.Callback
	Choice      = world.Choice

	File      = world.File
	Request   = world.Request
	Dispatch  = world.Dispatch
	Event     = world.Event
	EventKind = world.EventKind

	APIError = wire.APIError

	GatewayStats = gateway.Stats
	SessionStats = gateway.SessionStats

	Fault    = rest.Fault
	Forgery  = rest.Forgery
	Delivery = rest.Delivery
	Endpoint = rest.Endpoint
)

const (
	ValidateReject = world.ValidateReject
	ValidateRecord = world.ValidateRecord
	ValidateOff    = world.ValidateOff

	// DefaultHeartbeatInterval is the heartbeat interval Discord announces in HELLO.
	DefaultHeartbeatInterval = world.DefaultHeartbeatInterval
	// NonceWindow is how long a nonce sent with enforce_nonce keeps a
	// second create from making a new message.
	NonceWindow = world.NonceWindow

	EventRequest  = world.EventRequest
	EventDispatch = world.EventDispatch
	EventGateway  = world.EventGateway
	EventEndpoint = world.EventEndpoint

	Genuine             = rest.Genuine
	ForgeBadSignature   = rest.ForgeBadSignature
	ForgeNoSignature    = rest.ForgeNoSignature
	ForgeStaleTimestamp = rest.ForgeStaleTimestamp
	ForgeTamperedBody   = rest.ForgeTamperedBody
)

// Discord's JSON error codes used by the stand-in.
const (
	CodeGeneral                 = wire.CodeGeneral
	CodeUnknownApplication      = wire.CodeUnknownApplication
	CodeUnknownChannel          = wire.CodeUnknownChannel
	CodeUnknownGuild            = wire.CodeUnknownGuild
	CodeUnknownMember           = wire.CodeUnknownMember
	CodeUnknownMessage          = wire.CodeUnknownMessage
	CodeUnknownUser             = wire.CodeUnknownUser
	CodeUnknownWebhook          = wire.CodeUnknownWebhook
	CodeUnknownInteraction      = wire.CodeUnknownInteraction
	CodeUnknownCommand          = wire.CodeUnknownCommand
	CodeAlreadyAcknowledged     = wire.CodeAlreadyAcknowledged
	CodeMissingAccess           = wire.CodeMissingAccess
	CodeCannotExecuteOnDM       = wire.CodeCannotExecuteOnDM
	CodeEditOthersMessage       = wire.CodeEditOthersMessage
	CodeEmptyMessage            = wire.CodeEmptyMessage
	CodeCannotSendToUser        = wire.CodeCannotSendToUser
	CodeMissingPermissions      = wire.CodeMissingPermissions
	CodeInvalidRecipient        = wire.CodeInvalidRecipient
	CodeInvalidFormBody         = wire.CodeInvalidFormBody
	CodeOldMessageEdits         = wire.CodeOldMessageEdits
	CodeOpeningDMsFast          = wire.CodeOpeningDMsFast
	CodeThreadAlreadyCreated    = wire.CodeThreadAlreadyCreated
	CodeInvalidInteractionReply = wire.CodeInvalidInteractionReply
)

// Errors returned by the methods that act for simulated users.
var (
	ErrNotStarted     = world.ErrNotStarted
	ErrUnknownUser    = world.ErrUnknownUser
	ErrUnknownChannel = world.ErrUnknownChannel
	ErrUnknownMessage = world.ErrUnknownMessage
	ErrUnknownCommand = world.ErrUnknownCommand
	ErrBadOption      = world.ErrBadOption
	ErrNoComponent    = world.ErrNoComponent
	ErrNoModal        = world.ErrNoModal
	ErrNotVisible     = world.ErrNotVisible
)

// ShardOf is the shard that receives a guild's events when the bot runs
// count shards: (guild_id >> 22) % count; events without a guild (DMs) go
// to shard 0.
func ShardOf(guildID string, count int) int { return world.ShardOf(guildID, count) }

// Acknowledged is a WaitInteraction condition: the callback was accepted.
func Acknowledged(i Interaction) bool { return world.Acknowledged(i) }

// Answered is a WaitInteraction condition: the user sees an answer — a
// message or modal callback, or a deferred answer that has since been
// edited or followed up.
func Answered(i Interaction) bool { return world.Answered(i) }

// HasFollowups returns a WaitInteraction condition: at least n follow-ups.
func HasFollowups(n int) func(Interaction) bool { return world.HasFollowups(n) }
