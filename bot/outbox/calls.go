package outbox

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/bwmarrin/discordgo"

	"shinpan/bot/compose"
	"shinpan/bot/texts"
)

// The bot's REST requests other than the outbox's messages: they pass here
// too, so that every request to Discord leaves through one client. Those
// without a caller of their own to retry them retry a 429 here (restTries).

// restTries is how often a request answered 429 is made: each retry waits
// in the budget for the 429's Retry-After.
const restTries = 3

// Me is the bot's own user.
func (r *REST) Me() (*discordgo.User, error) {
	return again(restTries, func() (*discordgo.User, error) { return r.s.User("@me", r.bound(nil)...) })
}

// User looks a user up (autocomplete's names); ctx bounds the wait.
func (r *REST) User(ctx context.Context, id string) (*discordgo.User, error) {
	return r.s.User(id, discordgo.WithContext(ctx))
}

// ChannelMessages reads up to limit messages of a channel after a message id
// (a catch-up of missed DMs).
func (r *REST) ChannelMessages(channel string, limit int, after string) ([]*discordgo.Message, error) {
	return again(restTries, func() ([]*discordgo.Message, error) {
		return r.s.ChannelMessages(channel, limit, "", after, "", r.bound(nil)...)
	})
}

// PutCommands overwrites the application's commands (in a guild when guild
// is not ""); list is their JSON. It returns the commands as Discord holds
// them now, with their ids.
func (r *REST) PutCommands(appID, guild string, list any) ([]map[string]any, error) {
	endpoint := discordgo.EndpointApplicationGlobalCommands(appID)
	if guild != "" {
		endpoint = discordgo.EndpointApplicationGuildCommands(appID, guild)
	}
	body, err := again(restTries, func() ([]byte, error) {
		return r.s.RequestWithBucketID(http.MethodPut, endpoint, list, endpoint, r.bound(nil)...)
	})
	if err != nil {
		return nil, err
	}
	var held []map[string]any
	err = json.Unmarshal(body, &held)
	return held, err
}

// SetCommandIDs keeps the ids of the application's commands, learnt when
// they are registered, for the mentions of them in the texts (Mention).
func (r *REST) SetCommandIDs(ids texts.CommandIDs) { r.cmdIDs.Store(&ids) }

// Mention writes the commands s names in code as mentions, once their ids
// are known, within max characters (texts.CommandIDs.Mention). Every text
// the bot sends passes here: the messages below and the interactions'
// answers (package interact).
func (r *REST) Mention(s string, max int) string {
	if ids := r.cmdIDs.Load(); ids != nil {
		return ids.Mention(s, max)
	}
	return s
}

// InteractionCallback sends an interaction's initial response.
func (r *REST) InteractionCallback(id, token, contentType string, body []byte) error {
	endpoint := discordgo.EndpointInteractionResponse(id, token)
	_, err := r.s.RequestRaw(http.MethodPost, endpoint, contentType, body, endpoint, 0)
	return err
}

// InteractionResponse reads the message an interaction's response posted.
func (r *REST) InteractionResponse(i *discordgo.Interaction) (*discordgo.Message, error) {
	return r.s.InteractionResponse(i)
}

// DeleteOriginal deletes an interaction's response (a deferral's "thinking…").
func (r *REST) DeleteOriginal(i *discordgo.Interaction) error {
	return r.s.InteractionResponseDelete(i, r.bound(nil)...)
}

// Followup posts an interaction's follow-up message (after a deferral).
func (r *REST) Followup(i *discordgo.Interaction, p *discordgo.WebhookParams) (*discordgo.Message, error) {
	return r.s.FollowupMessageCreate(i, true, p)
}

// Commands reads the application commands registered (of guild, or the
// global ones when guild is "").
func (r *REST) Commands(appID, guild string) ([]map[string]any, error) {
	endpoint := discordgo.EndpointApplicationGlobalCommands(appID)
	if guild != "" {
		endpoint = discordgo.EndpointApplicationGuildCommands(appID, guild)
	}
	body, err := again(restTries, func() ([]byte, error) {
		return r.s.RequestWithBucketID(http.MethodGet, endpoint, nil, endpoint, r.bound(nil)...)
	})
	if err != nil {
		return nil, err
	}
	var list []map[string]any
	err = json.Unmarshal(body, &list)
	return list, err
}

// PostNow posts a message outside the outbox, for someone waiting on it
// now (an Accept's welcome DM, which must fail before the game is stored):
// a 429 is retried after its Retry-After, safely since nonce is set.
func (r *REST) PostNow(ch string, p compose.Payload, nonce string, opts ...discordgo.RequestOption) (string, error) {
	return again(restTries, func() (string, error) { return r.PostMessage(ch, p, nonce, opts...) })
}

// InteractionWebhook sends an encoded message (contentType, body: JSON or
// multipart) through an interaction's webhook: a follow-up (POST, msg ""),
// or an edit of one of its messages (PATCH, msg "@original" or a
// follow-up's id). As the callback, it is not bounded by the bot's context.
func (r *REST) InteractionWebhook(i *discordgo.Interaction, method, msg, contentType string, body []byte) error {
	endpoint := discordgo.EndpointWebhookToken(i.AppID, i.Token) + "?wait=true"
	if msg != "" {
		endpoint = discordgo.EndpointWebhookMessage(i.AppID, i.Token, msg)
	}
	_, err := r.s.RequestRaw(method, endpoint, contentType, body, endpoint, 0)
	return err
}
