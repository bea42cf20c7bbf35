package commands

import (
	"encoding/json"
	"fmt"

	"github.com/bwmarrin/discordgo"

	"shinpan/bot/texts"
	"shinpan/bot/texts/uitexts"
	"shinpan/referee/policy"
	"shinpan/store"
)

// The application commands: /shogi, with a subcommand per action, and
// /shogiadmin, the moderators' (admin.go).
const (
	CmdName   = "shogi"
	AdminName = "shogiadmin"
)

func intOpt(name, desc string, min, max float64) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger, Name: name,
		Description: desc, MinValue: &min, MaxValue: max}
}

func boolOpt(name, desc string) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionBoolean, Name: name, Description: desc}
}

func variantOpt(required bool) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "variant",
		Description: "Which shogi", Required: required, Choices: []*discordgo.ApplicationCommandOptionChoice{
			{Name: "Tsuitate (screen)", Value: "tsuitate"}, {Name: "Masked (Kagemusha)", Value: "masked"},
			{Name: "Dark (fog of war)", Value: "dark"}, {Name: "Standard (open)", Value: "standard"}}}
}

// timeOpt is time:, the time control presets (policy.TimePresets).
func timeOpt() *discordgo.ApplicationCommandOption {
	o := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "time",
		Description: "Time control (default: the server's); the fields below change it"}
	for _, p := range policy.TimePresets {
		o.Choices = append(o.Choices, &discordgo.ApplicationCommandOptionChoice{Name: texts.TimePresetName(texts.EN, p.Name), Value: p.Name})
	}
	return o
}

func gameOpt() *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger, Name: "game",
		Description: "Game number (default: your current game)", Autocomplete: true}
}

// gameOptAsked is the game: option of what cannot be undone, which never
// acts on the last game used (MyGameAsked).
func gameOptAsked() *discordgo.ApplicationCommandOption {
	o := gameOpt()
	o.Description = "Game number (needed when you play several)"
	return o
}

// gameArg is a required game: option.
func gameArg() *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger, Name: "game",
		Description: "Game number", Required: true, Autocomplete: true}
}

func challengeOpt() *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger, Name: "challenge",
		Description: "Challenge number (default: the one for you)", Autocomplete: true}
}

func squareOpt() *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "square",
		Description: "A square, e.g. 5e or ５五", Required: true, MaxLength: 8}
}

func choiceOpt(name, desc string, values ...string) *discordgo.ApplicationCommandOption {
	o := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: name, Description: desc}
	for _, v := range values {
		o.Choices = append(o.Choices, &discordgo.ApplicationCommandOptionChoice{Name: v, Value: v})
	}
	return o
}

func sub(name, desc string, opts ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand, Name: name, Description: desc, Options: opts}
}

// The range of the think option; the configured maximum bounds it further.
const (
	minThinkMillis = 100
	maxThinkMillis = 60000
)

// Definitions returns the application Definitions the bot registers at start, with
// their Japanese names and descriptions.
func Definitions() []*discordgo.ApplicationCommand {
	cmds := append(commandsEN(), adminCommandEN())
	for _, c := range cmds {
		ns := ""
		if c.Name == AdminName {
			ns = "admin:"
		}
		c.NameLocalizations, c.DescriptionLocalizations = localized(ns, c.Name)
		for _, s := range c.Options {
			localizeOption(ns, s, "")
		}
	}
	return cmds
}

// commandJA is the Japanese of key within a command's keys (ns "" for
// /shogi, "admin:" for /shogiadmin, which falls back to /shogi's).
func commandJA(ns, key string) (uitexts.CommandWords, bool) {
	if w, ok := uitexts.CommandJA(ns + key); ok || ns == "" {
		return w, ok
	}
	return uitexts.CommandJA(key)
}

// localized returns the Japanese name and description of key, as Discord's
// localization maps (nil when there are none).
func localized(ns, key string) (*map[discordgo.Locale]string, *map[discordgo.Locale]string) {
	w, ok := commandJA(ns, key)
	if !ok {
		return nil, nil
	}
	var name, desc *map[discordgo.Locale]string
	if w.Name != "" {
		name = &map[discordgo.Locale]string{discordgo.Japanese: w.Name}
	}
	if w.Desc != "" {
		desc = &map[discordgo.Locale]string{discordgo.Japanese: w.Desc}
	}
	return name, desc
}

// localizeOption fills the localizations of a subcommand (sub "") or of an
// option of subcommand sub, its options and its choices.
func localizeOption(ns string, o *discordgo.ApplicationCommandOption, sub string) {
	key := o.Name
	if sub != "" {
		key = sub + "." + o.Name
		if _, ok := commandJA(ns, key); !ok {
			key = o.Name // worded alike in every subcommand
		}
	}
	name, desc := localized(ns, key)
	if name != nil {
		o.NameLocalizations = *name
	}
	if desc != nil {
		o.DescriptionLocalizations = *desc
	}
	for _, c := range o.Choices {
		if n, _ := localized(ns, o.Name+"="+fmt.Sprint(c.Value)); n != nil {
			c.NameLocalizations = *n
		}
	}
	for _, sub := range o.Options {
		localizeOption(ns, sub, o.Name)
	}
}

// commandsEN is /shogi in English, its default language.
func commandsEN() []*discordgo.ApplicationCommand {
	guildOnly := []discordgo.InteractionContextType{discordgo.InteractionContextGuild, discordgo.InteractionContextBotDM}
	challenge := sub("challenge", "Challenge someone (or anyone) to a game in this channel",
		variantOpt(true),
		&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionUser, Name: "opponent",
			Description: "Who to challenge (empty: anyone; the bot itself: play the CPU)"},
		&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "color",
			Description: "Your colour", Choices: []*discordgo.ApplicationCommandOptionChoice{
				{Name: "random", Value: "random"}, {Name: "black (sente, moves first)", Value: "black"},
				{Name: "white (gote)", Value: "white"}}},
		timeOpt())
	challenge.Options = append(challenge.Options, gameOptionDefs()...)
	challenge.Options = append(challenge.Options,
		boolOpt("ranked", "Rated game (default off)"),
		choiceOpt("level", "Against the CPU: how it plays (default: the server's)", "random", "greedy", "strong"),
		intOpt("think", "Against the CPU: its think time per move in ms (up to the server's maximum)", minThinkMillis, maxThinkMillis))
	return []*discordgo.ApplicationCommand{{
		Name:        CmdName,
		Description: "Shogi with hidden pieces: Tsuitate, Masked, Dark, and open shogi",
		Contexts:    &guildOnly,
		Options: []*discordgo.ApplicationCommandOption{
			challenge,
			sub("accept", "Accept a challenge", challengeOpt()),
			sub("decline", "Decline a challenge", challengeOpt()),
			sub("cancel", "Withdraw your challenge"),
			sub("resign", "Resign a game", gameOptAsked()),
			sub("declare", "Declare impasse (jishogi, 27-point rule; standard shogi)", gameOptAsked()),
			sub("board", "Send me my board again by DM", gameOpt()),
			sub("status", "Show a game's state", gameOpt()),
			sub("games", "List the games going on in this channel"),
			sub("rules", "Explain a variant's rules", variantOpt(true)),
			sub("help", "How to play with this bot"),
			sub("note", "Put or remove a private ? mark on a square of your board", squareOpt(), gameOpt()),
			sub("reach", "Show where one of your pieces can go on your own board", squareOpt(), gameOpt()),
			sub("draw", "Offer a draw, or accept your opponent's offer", gameOptAsked()),
			sub("abort", "Cancel a game before both sides have moved (no result)", gameOptAsked()),
			sub("rematch", "Offer the same game again, colours swapped", gameOpt()),
			sub("rating", "A player's rating", &discordgo.ApplicationCommandOption{
				Type: discordgo.ApplicationCommandOptionUser, Name: "user", Description: "Whose rating (default: yours)"}, variantOpt(false)),
			sub("leaderboard", "The top 10 of a variant in this server", variantOpt(false)),
			sub("history", "Recent finished games", &discordgo.ApplicationCommandOption{
				Type: discordgo.ApplicationCommandOptionUser, Name: "user", Description: "Whose games (default: yours)"}),
			sub("record", "A finished game's record (KIF, KI2 or CSA, with everything that was hidden)", gameArg(),
				choiceOpt("format", "Record format (default KIF), or an animated GIF", RecordChoices...)),
			sub("review", "Step through a finished game: the whole board and what each side saw", gameArg()),
			sub("watch", "Watch a game: the whole board by DM, some moves behind (again: stop)", gameArg()),
			sub("settings", "Your notation, language, board orientation, board and pieces",
				choiceOpt("notation", "How I write moves", "western", "japanese", "usi"),
				choiceOpt("language", "My language", "en", "ja"),
				choiceOpt("orientation", "Your board: your side at the bottom, or flipped", "own", "flip"),
				choiceOpt("board", "How the board looks", "light", "wood", "contrast"),
				choiceOpt("pieces", "How pieces are drawn: kanji as printed, koma, or international symbols",
					"printed", "koma", "koma2", "international"),
				choiceOpt("input", "How you move: menus under your board, or typing only", store.InputMenus, store.InputTyping)),
			tournamentCommand(), // tournament_commands.go
		},
	}}
}

// RegisterCommands replaces the application's commands (in guild, or
// global when ""), and learns their ids from what Discord holds, for the
// texts' mentions of them (texts.CommandIDs). default_member_permissions
// goes as a number, as Discord's schema for a command it is given wants
// (discordgo writes a string).
func (cm *Commands) RegisterCommands(guild string) error {
	list, err := registrationBodies()
	if err != nil {
		return err
	}
	have, err := cm.rest.Commands(cm.host.AppID(), guild)
	if err == nil && sameCommands(list, have) {
		cm.log.Info("application commands unchanged", "guild", guild, "commands", len(list))
	} else if have, err = cm.rest.PutCommands(cm.host.AppID(), guild, list); err != nil {
		return err
	}
	cm.rest.SetCommandIDs(commandIDs(have)) // registered.go
	return nil
}

// registrationBodies are the commands as the bot registers them.
func registrationBodies() ([]map[string]json.RawMessage, error) {
	raw, err := json.Marshal(Definitions())
	if err != nil {
		return nil, err
	}
	var list []map[string]json.RawMessage
	if err := json.Unmarshal(raw, &list); err != nil {
		return nil, err
	}
	for _, c := range list {
		if p, ok := c["default_member_permissions"]; ok {
			var s string
			if json.Unmarshal(p, &s) == nil {
				c["default_member_permissions"] = json.RawMessage(s)
			}
		}
	}
	return list, nil
}
