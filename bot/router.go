package bot

import (
	"bytes"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"shinpan/bot/compose"
	"shinpan/bot/outbox"
	"shinpan/bot/texts"
)

// Every interaction goes through serve: the route's handler gets a req and
// returns an answer (or an error, worded as an internal error); serve alone
// acknowledges, replies and logs. A slow route (one that writes the store,
// renders or waits on Discord) is deferred before it runs, so the 3-second
// deadline never depends on what the handler or the outbox is doing.

// req is one interaction as a handler sees it.
type req struct {
	i      *discordgo.InteractionCreate
	user   string
	lang   texts.Lang // the user's, read once
	sc     scope
	opts   optMap            // a slash command's options
	arg    uint64            // a component's or modal's number (a game or a challenge)
	values []string          // a select menu's values
	fields map[string]string // a modal's text fields

	rp       replier // sends the initial response (reply.go)
	overHTTP bool    // the interaction came to the HTTP endpoint
	deferred bool
}

// answer is what serve sends back: an ephemeral text unless public, with
// buttons and files; or a modal.
type answer struct {
	text     string
	public   bool
	buttons  []compose.Button
	files    []compose.File
	mentions []string // who a public answer may ping
	modal    *discordgo.InteractionResponseData
	// own, when set, sends the answer itself (a review: several rows of
	// components, its board edited in place, alt texts); never after a deferral.
	own func() error
	// posted receives the answer's message once sent (the challenge card's id).
	posted func(*discordgo.Message)
}

// say is a plain ephemeral answer.
func say(text string) answer { return answer{text: text} }

// route is one entry of the command table.
type route struct {
	run  func(*Bot, *req) (answer, error)
	slow bool // deferred first (ephemeral); the answer follows
}

// optMap is a subcommand's options by name.
type optMap map[string]*discordgo.ApplicationCommandInteractionDataOption

func (o optMap) str(name string) string {
	if v, ok := o[name]; ok {
		return v.StringValue()
	}
	return ""
}

func (o optMap) num(name string) (int, bool) {
	if v, ok := o[name]; ok {
		return int(v.IntValue()), true
	}
	return 0, false
}

func (o optMap) flag(name string) (bool, bool) {
	if v, ok := o[name]; ok {
		return v.BoolValue(), true
	}
	return false, false
}

func (o optMap) user(name string) string {
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

// onInteraction serves an interaction from the gateway; its initial
// response goes over REST.
func (b *Bot) onInteraction(s *discordgo.Session, i *discordgo.InteractionCreate) {
	b.interact(i, restReplier{rest: b.rest, id: i.ID, token: i.Token})
}

// interact finds the interaction's route and serves it, whichever way it
// came; rp sends its initial response.
func (b *Bot) interact(i *discordgo.InteractionCreate, rp replier) {
	if !b.begin() {
		return
	}
	defer b.end()
	u := invoker(i)
	if u == nil {
		return
	}
	defer b.comeBack(u.ID) // after the reply: the 3-second deadline comes first
	r := &req{i: i, user: u.ID, lang: b.interactionLang(u.ID, i.Locale), sc: scopeOf(i, u.ID), rp: rp}
	_, r.overHTTP = rp.(*httpReply)
	var rt route
	var ok bool
	var name string
	switch i.Type {
	case discordgo.InteractionApplicationCommand:
		data := i.ApplicationCommandData()
		routes := slashRoutes
		if data.Name == adminName {
			routes = adminRoutes
		} else if data.Name != cmdName {
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
		r.opts = optMap{}
		for _, o := range sub.Options {
			r.opts[o.Name] = o
		}
		if rt, ok = routes[name]; !ok {
			rt = route{run: func(b *Bot, r *req) (answer, error) { return say(texts.UI(r.lang, texts.UnknownCommand)), nil }}
		}
	case discordgo.InteractionMessageComponent:
		data := i.MessageComponentData()
		name, r.arg = splitCustomID(data.CustomID)
		r.values = data.Values
		if rt, ok = componentRoutes[name]; !ok {
			return
		}
	case discordgo.InteractionApplicationCommandAutocomplete:
		b.autocomplete(r) // answered at once, never deferred (autocomplete.go)
		return
	case discordgo.InteractionModalSubmit:
		data := i.ModalSubmitData()
		name, r.arg = splitCustomID(data.CustomID)
		r.fields = modalFields(data)
		if rt, ok = modalRoutes[name]; !ok {
			return
		}
	default:
		return
	}
	b.serve(r, name, rt)
}

// serve runs a route: deferral first when slow, then the handler, then the
// one reply.
func (b *Bot) serve(r *req, name string, rt route) {
	log := b.log.With("route", name, "user", r.user, "guild", r.i.GuildID)
	defer func(start time.Time) { log.Debug("interaction", "arg", r.arg, "took", time.Since(start)) }(time.Now())
	if rt.slow {
		b.ack(r)
	}
	a, err := rt.run(b, r)
	if err != nil {
		log.Error("interaction", "err", err)
		a = say(storeText(r.lang, err)) // storeerr.go
	}
	if err := b.respond(r, a); err != nil {
		log.Warn("interaction reply", "err", err)
	}
}

// ack defers the reply now, for a handler that turns out slow (a challenge
// to the CPU starts a game); serve then sends the answer as a follow-up.
func (b *Bot) ack(r *req) {
	if r.deferred {
		return
	}
	if err := r.reply(&discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseDeferredChannelMessageWithSource, Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}}); err != nil &&
		!errors.Is(err, errDeferredMeanwhile) {
		b.log.Warn("interaction defer", "user", r.user, "err", err)
	}
	r.deferred = true
}

// respond sends an answer: as the interaction's response, or as the
// follow-up of a deferral.
func (b *Bot) respond(r *req, a answer) error {
	if a.modal != nil || (a.own != nil && !r.deferred) {
		var err error
		if a.modal != nil {
			err = r.reply(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseModal, Data: a.modal})
		} else {
			err = a.own()
		}
		if !errors.Is(err, errDeferredMeanwhile) {
			return err
		}
		r.deferred = true
	}
	if a.modal != nil || a.own != nil {
		// A form, or an answer that writes its own response, cannot follow a
		// deferral: the user is asked to try again.
		a = say(texts.UI(r.lang, texts.InternalError))
	}
	var flags discordgo.MessageFlags
	if !a.public {
		flags = discordgo.MessageFlagsEphemeral
	}
	var comps []discordgo.MessageComponent
	if len(a.buttons) > 0 {
		comps = outbox.Components(a.buttons)
	}
	drawn := compose.DrawFiles(b.log, a.files) // once, for the reply or the follow-up
	var msg *discordgo.Message
	var err error
	if !r.deferred {
		err = r.reply(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: a.text, Flags: flags, AllowedMentions: outbox.Mentions(a.mentions), Components: comps, Files: discordFiles(drawn)}})
		if errors.Is(err, errDeferredMeanwhile) {
			r.deferred = true
		} else if err == nil && a.posted != nil {
			msg, err = untilKnown(r, func() (*discordgo.Message, error) { return b.rest.InteractionResponse(r.i.Interaction) })
		}
	}
	if r.deferred {
		msg, err = untilKnown(r, func() (*discordgo.Message, error) {
			return b.rest.Followup(r.i.Interaction, &discordgo.WebhookParams{Content: a.text, Flags: flags,
				AllowedMentions: outbox.Mentions(a.mentions), Components: comps, Files: discordFiles(drawn)})
		})
	}
	if err == nil && a.posted != nil && msg != nil {
		a.posted(msg)
	}
	return err
}

// discordFiles are an answer's files for discordgo, each with a fresh reader.
func discordFiles(fs []compose.File) []*discordgo.File {
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
