package interact

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"shinpan/bot/compose"
	"shinpan/bot/outbox"
	"shinpan/bot/texts"
	"shinpan/bot/texts/uitexts"
)

// Every interaction goes through serve: the route's handler gets a req and
// returns an answer (or an error, worded as an internal error); serve alone
// acknowledges, replies and logs. A slow route (one that writes the store,
// renders or waits on Discord) is deferred before it runs, so the 3-second
// deadline never depends on what the handler or the outbox is doing.

// Req is one interaction as a handler sees it.
type Req struct {
	I      *discordgo.InteractionCreate
	User   string
	Lang   texts.Lang        // the user's, read once
	Opts   Opts              // a slash command's options
	Arg    uint64            // a component's or modal's number (a game or a challenge)
	Values []string          // a select menu's values
	Fields map[string]string // a modal's text fields

	rp       replier // sends the initial response (reply.go)
	router   *Router
	overHTTP bool // the interaction came to the HTTP endpoint
	deferred bool
}

// Answer is what serve sends back: an ephemeral text unless public, with
// buttons and files; or a modal. The commands its texts name in code go as
// mentions once their ids are known (outbox.REST.Mention).
type Answer struct {
	Text string
	// Embed, when set, is a text too long for a message (the help, with
	// its mentions), sent below Text as an embed's description, up to
	// texts.MaxEmbed characters.
	Embed    string
	Public   bool
	Buttons  []compose.Button
	Files    []compose.File
	Mentions []string // who a public answer may ping
	Modal    *discordgo.InteractionResponseData
	// Own, when set, sends the answer itself (a review: several rows of
	// components, its board edited in place, alt texts); never after a
	// deferral the route asked for (Slow, Ack). After one sent in a late
	// handler's place, its reply gets ErrDeferredMeanwhile and Own answers
	// through the webhook (AnswerWithFiles), or the user is asked to try
	// again.
	Own func() error
	// Posted receives the answer's message once sent (the challenge card's id).
	Posted func(*discordgo.Message)
}

// Say is a plain ephemeral answer.
func Say(text string) Answer { return Answer{Text: text} }

// Route is one entry of the route table.
type Route struct {
	Run  func(*Req) (Answer, error)
	Slow bool // deferred first (ephemeral); the answer follows
	// Public says the answer is public (a card): should the handler be
	// late, the deferral sent in its place is public too, since the
	// answer that replaces it keeps the deferral's visibility.
	Public bool
}

// Opts is a subcommand's options by name.
type Opts map[string]*discordgo.ApplicationCommandInteractionDataOption

func (o Opts) Str(name string) string {
	if v, ok := o[name]; ok {
		return v.StringValue()
	}
	return ""
}

func (o Opts) Num(name string) (int, bool) {
	if v, ok := o[name]; ok {
		return int(v.IntValue()), true
	}
	return 0, false
}

func (o Opts) Flag(name string) (bool, bool) {
	if v, ok := o[name]; ok {
		return v.BoolValue(), true
	}
	return false, false
}

func (o Opts) User(name string) string {
	if v, ok := o[name]; ok {
		if s, ok := v.Value.(string); ok {
			return s
		}
	}
	return ""
}

// invoker returns the user behind an interaction (member in a guild, user in a DM).
func invoker(i *discordgo.InteractionCreate) *discordgo.User {
	if i.Member != nil && i.Member.User != nil {
		return i.Member.User
	}
	return i.User
}

// UserName is the name a user shows on Discord: their global name, else
// their username.
func UserName(u *discordgo.User) string {
	if u.GlobalName != "" {
		return u.GlobalName
	}
	return u.Username
}

// DisplayName is the interaction user's name on Discord (UserName), as the
// interaction carries it: no request. "" when it carries no user.
func (r *Req) DisplayName() string {
	if u := invoker(r.I); u != nil {
		return UserName(u)
	}
	return ""
}

// Hooks are what the router asks of the bot around every interaction.
type Hooks struct {
	// Begin marks an interaction in hand, false once the bot is closing;
	// End is called after a Begin that returned true.
	Begin func() bool
	End   func()
	// Lang is the language a user reads, from their settings or locale.
	Lang func(user string, locale discordgo.Locale) texts.Lang
	// ErrorText words a handler's error for the user.
	ErrorText func(lang texts.Lang, err error) string
	// Autocomplete answers an autocomplete interaction at once (never deferred).
	Autocomplete func(*Req)
	// After runs once the interaction is answered (nil: nothing).
	After func(user string)
}

// Table is every route: slash subcommands by name ("tournament create" for
// a group's), components and modals by their custom_id's verb ("accept:12").
type Table struct {
	Command, Admin string // the two slash commands' names
	Slash          map[string]Route
	AdminSlash     map[string]Route // the admin command's, for moderators
	Component      map[string]Route
	Modal          map[string]Route
}

// Router serves interactions from the gateway and the HTTP endpoint
// through the route table.
type Router struct {
	Table Table
	REST  *outbox.REST
	Log   *slog.Logger
	Hooks Hooks
	// DeferAfter is when a handler that has not answered is deferred: by
	// the HTTP endpoint (0: always, for tests), and over REST for one from
	// the gateway (0: never).
	DeferAfter time.Duration
}

// OnInteraction serves an interaction from the gateway; its initial
// response goes over REST.
func (rt *Router) OnInteraction(_ *discordgo.Session, i *discordgo.InteractionCreate) {
	rr := newRESTReplier(rt.REST, i, rt.DeferAfter, rt.Log)
	defer rr.finish()
	rt.Interact(i, rr)
}

// Interact finds the interaction's route and serves it, whichever way it
// came; rp sends its initial response.
func (rt *Router) Interact(i *discordgo.InteractionCreate, rp replier) {
	if !rt.Hooks.Begin() {
		return
	}
	defer rt.Hooks.End()
	u := invoker(i)
	if u == nil {
		return
	}
	if rt.Hooks.After != nil {
		defer rt.Hooks.After(u.ID) // after the reply: the 3-second deadline comes first
	}
	r := &Req{I: i, User: u.ID, rp: rp, router: rt}
	_, r.overHTTP = rp.(*httpReply)
	var route Route
	var ok bool
	var name string
	switch i.Type {
	case discordgo.InteractionApplicationCommand:
		data := i.ApplicationCommandData()
		routes := rt.Table.Slash
		if data.Name == rt.Table.Admin {
			routes = rt.Table.AdminSlash
		} else if data.Name != rt.Table.Command {
			return
		}
		if len(data.Options) == 0 {
			return
		}
		sub := data.Options[0]
		name = sub.Name
		if sub.Type == discordgo.ApplicationCommandOptionSubCommandGroup && len(sub.Options) > 0 {
			sub = sub.Options[0] // /shogi tournament create: routed as "tournament create"
			name += " " + sub.Name
		}
		r.Opts = Opts{}
		for _, o := range sub.Options {
			r.Opts[o.Name] = o
		}
		if route, ok = routes[name]; !ok {
			route = Route{Run: func(r *Req) (Answer, error) { return Say(uitexts.UI(r.Lang, uitexts.UnknownCommand)), nil }}
		}
	case discordgo.InteractionMessageComponent:
		data := i.MessageComponentData()
		name, r.Arg = splitCustomID(data.CustomID)
		r.Values = data.Values
		if route, ok = rt.Table.Component[name]; !ok {
			return
		}
	case discordgo.InteractionApplicationCommandAutocomplete:
		r.Lang = rt.Hooks.Lang(u.ID, i.Locale)
		rt.Hooks.Autocomplete(r)
		return
	case discordgo.InteractionModalSubmit:
		data := i.ModalSubmitData()
		name, r.Arg = splitCustomID(data.CustomID)
		r.Fields = modalFields(data)
		if route, ok = rt.Table.Modal[name]; !ok {
			return
		}
	default:
		return
	}
	if route.Public {
		rp.public()
	}
	// The language is read after the route is known: the read may be slow
	// (the store), and a public route deferred meanwhile stays public.
	r.Lang = rt.Hooks.Lang(u.ID, i.Locale)
	rt.serve(r, name, route)
}

// serve runs a route: deferral first when slow, then the handler, then the
// one reply.
// Its debug line costs nothing when the level is off: a logger With the
// interaction's attributes, built for every interaction, and the deferred
// line's arguments were 13 of the 18 allocations of a button answered at
// once (BenchmarkServeLogOff).
func (rt *Router) serve(r *Req, name string, route Route) {
	start := time.Now()
	if route.Slow {
		r.Ack()
	}
	a, err := route.Run(r)
	if err != nil {
		rt.Log.Error("interaction", "route", name, "user", r.User, "guild", r.I.GuildID, "err", err)
		a = Say(rt.Hooks.ErrorText(r.Lang, err))
	}
	if err := rt.respond(r, a); err != nil {
		rt.Log.Warn("interaction reply", "route", name, "user", r.User, "guild", r.I.GuildID, "err", err)
	}
	if rt.Log.Enabled(context.Background(), slog.LevelDebug) {
		rt.Log.Debug("interaction", "route", name, "user", r.User, "guild", r.I.GuildID, "arg", r.Arg, "took", time.Since(start))
	}
}

// Ack defers the reply now, for a handler that turns out slow (a challenge
// to the CPU starts a game); the answer then follows up.
func (r *Req) Ack() {
	if r.deferred {
		return
	}
	if err := r.Reply(&discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseDeferredChannelMessageWithSource, Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}}); err != nil &&
		!errors.Is(err, ErrDeferredMeanwhile) {
		r.router.Log.Warn("interaction defer", "user", r.User, "err", err)
	}
	r.deferred = true
}

// AckUpdate defers a component's (or a component's form's) answer as an
// update of its message (response 6, free of the global budget): the
// message is then edited through the interaction's webhook, by whichever
// process applies the action (compose.Payload.Answer). The handler answers
// with an Answer whose Own sends nothing more, or follows up.
func (r *Req) AckUpdate() error {
	err := r.Reply(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate})
	if errors.Is(err, ErrDeferredMeanwhile) {
		return nil // the endpoint deferred it already
	}
	return err
}

// Hook is the interaction's webhook (its original response's).
func (r *Req) Hook() compose.Hook { return compose.Hook{App: r.I.AppID, Token: r.I.Token} }

// FollowUp answers an interaction already acknowledged with an ephemeral
// message (a follow-up, free of the global budget).
func (r *Req) FollowUp(text string) error {
	_, err := UntilKnown(r, func() (*discordgo.Message, error) {
		return r.router.REST.Followup(r.I.Interaction, &discordgo.WebhookParams{Content: r.router.REST.Mention(text, texts.MaxLen), Flags: discordgo.MessageFlagsEphemeral,
			AllowedMentions: outbox.Mentions(nil)})
	})
	return err
}

// respond sends an answer: as the interaction's response, or as the
// follow-up of a deferral.
func (rt *Router) respond(r *Req, a Answer) error {
	if a.Modal != nil || (a.Own != nil && !r.deferred) {
		var err error
		if a.Modal != nil {
			err = r.Reply(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseModal, Data: a.Modal})
		} else {
			err = a.Own()
		}
		if !errors.Is(err, ErrDeferredMeanwhile) {
			return err
		}
		r.deferred = true
	}
	if a.Modal != nil || a.Own != nil {
		// A form, or an answer that writes its own response, cannot follow a
		// deferral: the user is asked to try again.
		a = Say(uitexts.UI(r.Lang, uitexts.InternalError))
	}
	var flags discordgo.MessageFlags
	if !a.Public {
		flags = discordgo.MessageFlagsEphemeral
	}
	text := rt.REST.Mention(a.Text, texts.MaxLen)
	var embeds []*discordgo.MessageEmbed
	if a.Embed != "" {
		embeds = []*discordgo.MessageEmbed{{Description: rt.REST.Mention(a.Embed, texts.MaxEmbed)}}
	}
	var comps []discordgo.MessageComponent
	if len(a.Buttons) > 0 {
		comps = outbox.Components(a.Buttons)
	}
	drawn := compose.DrawFiles(rt.Log, a.Files) // once, for the reply or the follow-up
	var msg *discordgo.Message
	var err error
	if !r.deferred {
		err = r.Reply(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: text, Embeds: embeds, Flags: flags, AllowedMentions: outbox.Mentions(a.Mentions), Components: comps, Files: DiscordFiles(drawn)}})
		if errors.Is(err, ErrDeferredMeanwhile) {
			r.deferred = true
		} else if err == nil && a.Posted != nil {
			msg, err = UntilKnown(r, func() (*discordgo.Message, error) { return rt.REST.InteractionResponse(r.I.Interaction) })
		}
	}
	if r.deferred {
		if !a.Public && r.rp.deferredPublic() {
			// The public "thinking…" would become this private answer, seen
			// by everyone: it goes, and the answer follows on its own.
			if err := rt.REST.DeleteOriginal(r.I.Interaction); err != nil {
				rt.Log.Warn("interaction deferral delete", "user", r.User, "err", err)
			}
		}
		msg, err = UntilKnown(r, func() (*discordgo.Message, error) {
			return rt.REST.Followup(r.I.Interaction, &discordgo.WebhookParams{Content: text, Embeds: embeds, Flags: flags,
				AllowedMentions: outbox.Mentions(a.Mentions), Components: comps, Files: DiscordFiles(drawn)})
		})
	}
	if err == nil && a.Posted != nil && msg != nil {
		a.Posted(msg)
	}
	return err
}

// DiscordFiles are an answer's files for discordgo, each with a fresh reader.
func DiscordFiles(fs []compose.File) []*discordgo.File {
	var files []*discordgo.File
	for _, f := range fs {
		files = append(files, &discordgo.File{Name: f.Name, ContentType: f.Type, Reader: bytes.NewReader(f.Data)})
	}
	return files
}

// splitCustomID reads "verb:number" (the number 0 when absent).
func splitCustomID(id string) (string, uint64) {
	verb, arg, _ := strings.Cut(id, ":")
	n, _ := strconv.ParseUint(arg, 10, 64)
	return verb, n
}

// modalFields are a modal's text inputs by custom id.
func modalFields(data discordgo.ModalSubmitInteractionData) map[string]string {
	fields := map[string]string{}
	for _, row := range data.Components {
		if r, ok := row.(*discordgo.ActionsRow); ok {
			for _, c := range r.Components {
				if t, ok := c.(*discordgo.TextInput); ok {
					fields[t.CustomID] = t.Value
				}
			}
		}
	}
	return fields
}

// GuildLocale is the interaction's guild_locale ("" in a DM).
func (r *Req) GuildLocale() string {
	if r.I.GuildLocale == nil {
		return ""
	}
	return string(*r.I.GuildLocale)
}

// Asker is the user of an interaction, answered ephemerally: their
// settings, in the interaction's language.
func (r *Req) Asker(readers compose.Readers) compose.Reader {
	rd := readers.Reader(r.User)
	rd.Lang = r.Lang
	return rd
}
