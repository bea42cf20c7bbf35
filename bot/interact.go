package bot

import (
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"shinpan/bot/texts"
)

// invoker returns the user behind an interaction (member in a guild, user in a DM).
func invoker(i *discordgo.InteractionCreate) *discordgo.User {
	if i.Member != nil && i.Member.User != nil {
		return i.Member.User
	}
	return i.User
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

func (b *Bot) onInteraction(s *discordgo.Session, i *discordgo.InteractionCreate) {
	if !b.begin() {
		return
	}
	defer b.end()
	u := invoker(i)
	if u == nil {
		return
	}
	defer b.comeBack(u.ID) // after the reply: the 3-second deadline comes first
	switch i.Type {
	case discordgo.InteractionApplicationCommand:
		data := i.ApplicationCommandData()
		if data.Name != cmdName || len(data.Options) == 0 {
			return
		}
		sc := data.Options[0]
		opts := optMap{}
		for _, o := range sc.Options {
			opts[o.Name] = o
		}
		h, ok := slashHandlers[sc.Name]
		if !ok {
			b.reply(i, texts.UI(b.lang(u.ID), texts.UnknownCommand), true)
			return
		}
		h(b, i, u, opts)
	case discordgo.InteractionMessageComponent:
		data := i.MessageComponentData()
		verb, arg, _ := strings.Cut(data.CustomID, ":")
		id, _ := strconv.ParseUint(arg, 10, 64)
		if h, ok := componentHandlers[verb]; ok {
			h(b, i, u, id, data.Values)
		}
	case discordgo.InteractionModalSubmit:
		data := i.ModalSubmitData()
		verb, arg, _ := strings.Cut(data.CustomID, ":")
		id, _ := strconv.ParseUint(arg, 10, 64)
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
		if verb == "movemodal" {
			b.onMoveModal(i, u, id, fields["move"])
		}
	}
}

type slashHandler func(b *Bot, i *discordgo.InteractionCreate, u *discordgo.User, o optMap)
type componentHandler func(b *Bot, i *discordgo.InteractionCreate, u *discordgo.User, id uint64, values []string)

// The command table: one short handler each (parse → referee → store → messages).
var slashHandlers map[string]slashHandler

var componentHandlers map[string]componentHandler

func init() {
	slashHandlers = map[string]slashHandler{
		"challenge":   (*Bot).cmdChallenge,
		"accept":      (*Bot).cmdAccept,
		"decline":     (*Bot).cmdDecline,
		"cancel":      (*Bot).cmdCancel,
		"resign":      (*Bot).cmdResign,
		"declare":     (*Bot).cmdDeclare,
		"board":       (*Bot).cmdBoard,
		"status":      (*Bot).cmdStatus,
		"games":       (*Bot).cmdGames,
		"rules":       (*Bot).cmdRules,
		"help":        (*Bot).cmdHelp,
		"note":        (*Bot).cmdNote,
		"reach":       (*Bot).cmdReach,
		"draw":        (*Bot).cmdDraw,
		"abort":       (*Bot).cmdAbort,
		"end":         (*Bot).cmdEnd,
		"rematch":     (*Bot).cmdRematch,
		"rating":      (*Bot).cmdRating,
		"leaderboard": (*Bot).cmdLeaderboard,
		"history":     (*Bot).cmdHistory,
		"record":      (*Bot).cmdRecord,
		"settings":    (*Bot).cmdSettings,
	}
	componentHandlers = map[string]componentHandler{
		"accept":   (*Bot).btnAccept,
		"decline":  (*Bot).btnDecline,
		"resign":   (*Bot).btnResign,
		"resignok": (*Bot).btnResignConfirm,
		"move":     (*Bot).btnMove,
		"mask":     (*Bot).selMask,
		"rematch":  (*Bot).btnRematch,
	}
}

// reply answers an interaction at once with a message.
func (b *Bot) reply(i *discordgo.InteractionCreate, text string, ephemeral bool) {
	data := &discordgo.InteractionResponseData{Content: text, AllowedMentions: mentions(nil)}
	if ephemeral {
		data.Flags = discordgo.MessageFlagsEphemeral
	}
	if err := b.s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource, Data: data}); err != nil {
		b.log.Warn("interaction reply", "err", err)
	}
}

// deferReply acknowledges now ("thinking…") so slow work can follow.
func (b *Bot) deferReply(i *discordgo.InteractionCreate, ephemeral bool) {
	data := &discordgo.InteractionResponseData{}
	if ephemeral {
		data.Flags = discordgo.MessageFlagsEphemeral
	}
	if err := b.s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseDeferredChannelMessageWithSource, Data: data}); err != nil {
		b.log.Warn("interaction defer", "err", err)
	}
}

// followup sends a follow-up message after a deferral.
func (b *Bot) followup(i *discordgo.InteractionCreate, text string, ephemeral bool) {
	p := &discordgo.WebhookParams{Content: text, AllowedMentions: mentions(nil)}
	if ephemeral {
		p.Flags = discordgo.MessageFlagsEphemeral
	}
	if _, err := b.s.FollowupMessageCreate(i.Interaction, true, p); err != nil {
		b.log.Warn("interaction follow-up", "err", err)
	}
}
