package bot

import (
	"fmt"

	"github.com/bwmarrin/discordgo"

	"shinpan/bot/texts"
	"shinpan/referee/policy"
)

// The one application command, /shogi, with a subcommand per action.
const cmdName = "shogi"

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

// commands returns the application commands the bot registers at start, with
// their Japanese names and descriptions.
func commands() []*discordgo.ApplicationCommand {
	cmds := commandsEN()
	for _, c := range cmds {
		c.NameLocalizations, c.DescriptionLocalizations = localized(c.Name)
		for _, s := range c.Options {
			localizeOption(s, "")
		}
	}
	return cmds
}

// localized returns the Japanese name and description of key, as Discord's
// localization maps (nil when there are none).
func localized(key string) (*map[discordgo.Locale]string, *map[discordgo.Locale]string) {
	w, ok := texts.CommandJA(key)
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
func localizeOption(o *discordgo.ApplicationCommandOption, sub string) {
	key := o.Name
	if sub != "" {
		key = sub + "." + o.Name
		if _, ok := texts.CommandJA(key); !ok {
			key = o.Name // worded alike in every subcommand
		}
	}
	name, desc := localized(key)
	if name != nil {
		o.NameLocalizations = *name
	}
	if desc != nil {
		o.DescriptionLocalizations = *desc
	}
	for _, c := range o.Choices {
		if n, _ := localized(o.Name + "=" + fmt.Sprint(c.Value)); n != nil {
			c.NameLocalizations = *n
		}
	}
	for _, sub := range o.Options {
		localizeOption(sub, o.Name)
	}
}

// commandsEN is /shogi in English, its default language.
func commandsEN() []*discordgo.ApplicationCommand {
	guildOnly := []discordgo.InteractionContextType{discordgo.InteractionContextGuild, discordgo.InteractionContextBotDM}
	return []*discordgo.ApplicationCommand{{
		Name:        cmdName,
		Description: "Shogi with hidden pieces: Tsuitate, Masked, Dark, and open shogi",
		Contexts:    &guildOnly,
		Options: []*discordgo.ApplicationCommandOption{
			sub("challenge", "Challenge someone (or anyone) to a game in this channel",
				variantOpt(true),
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionUser, Name: "opponent",
					Description: "Who to challenge (empty: anyone; the bot itself: play the CPU)"},
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "color",
					Description: "Your colour", Choices: []*discordgo.ApplicationCommandOptionChoice{
						{Name: "random", Value: "random"}, {Name: "black (sente, moves first)", Value: "black"},
						{Name: "white (gote)", Value: "white"}}},
				intOpt("foul_limit", "Tsuitate: the Nth foul loses (1-20, default 10)", 1, 20),
				boolOpt("announce_fouls", "Tsuitate: tell the opponent and channel about fouls (default on)"),
				intOpt("move_limit", "Draw after this many moves (0 = none; 50-1000)", 0, 1000),
				boolOpt("mask_as_king", "Masked: the mask may not be left attacked (default off)"),
				timeOpt(),
				intOpt("turn_seconds", "Time per move in seconds (0 = none; 10-3600)", 0, 3600),
				intOpt("main_minutes", "Main time in minutes, then byoyomi or an increment (1-360)", 0, policy.MaxMainMinutes),
				intOpt("byoyomi_seconds", "Byoyomi: seconds a move once the main time is spent (10-3600)", 0, policy.MaxByoyomiSeconds),
				intOpt("increment_seconds", "Fischer: seconds added after each move (1-600; needs main_minutes)", 0, policy.MaxIncrementSeconds),
				intOpt("days_per_move", "Correspondence: days a move (1-14; the CPU never takes a seat)", 0, policy.MaxDaysPerMove),
				boolOpt("ranked", "Rated game (default off)"),
				boolOpt("show_reachable", "Players may ask where a piece can go on their own board (default on)"),
				intOpt("away_seconds", "The CPU plays the seat of a player away this long on their turn (0 = never)", 0, 604800),
				choiceOpt("level", "Against the CPU: how it plays (default: the server's)", "random", "greedy", "strong"),
				intOpt("think", "Against the CPU: its think time per move in ms (up to the server's maximum)", minThinkMillis, maxThinkMillis),
			),
			sub("accept", "Accept a challenge", challengeOpt()),
			sub("decline", "Decline a challenge", challengeOpt()),
			sub("cancel", "Withdraw your challenge"),
			sub("resign", "Resign a game", gameOpt()),
			sub("declare", "Declare impasse (jishogi, 27-point rule; standard shogi)", gameOpt()),
			sub("board", "Send me my board again by DM", gameOpt()),
			sub("status", "Show a game's state", gameOpt()),
			sub("games", "List the games going on in this channel"),
			sub("rules", "Explain a variant's rules", variantOpt(true)),
			sub("help", "How to play with this bot"),
			sub("note", "Put or remove a private ? mark on a square of your board", squareOpt(), gameOpt()),
			sub("reach", "Show where one of your pieces can go on your own board", squareOpt(), gameOpt()),
			sub("draw", "Offer a draw, or accept your opponent's offer", gameOpt()),
			sub("abort", "Cancel a game before both sides have moved (no result)", gameOpt()),
			sub("end", "End a game without a result (moderators: Manage Server)", gameArg()),
			sub("rematch", "Offer the same game again, colours swapped", gameOpt()),
			sub("rating", "A player's rating", &discordgo.ApplicationCommandOption{
				Type: discordgo.ApplicationCommandOptionUser, Name: "user", Description: "Whose rating (default: yours)"}, variantOpt(false)),
			sub("leaderboard", "The top 10 of a variant in this server", variantOpt(false)),
			sub("history", "Recent finished games", &discordgo.ApplicationCommandOption{
				Type: discordgo.ApplicationCommandOptionUser, Name: "user", Description: "Whose games (default: yours)"}),
			sub("record", "A finished game's record (KIF, KI2 or CSA, with everything that was hidden)", gameArg(),
				choiceOpt("format", "Record format (default KIF), or an animated GIF", recordChoices...)),
			sub("review", "Step through a finished game: the whole board and what each side saw", gameArg()),
			sub("watch", "Watch a game: the whole board by DM, some moves behind (again: stop)", gameArg()),
			sub("settings", "Your notation, language, board orientation and theme",
				choiceOpt("notation", "How I write moves", "western", "japanese", "usi"),
				choiceOpt("language", "My language", "en", "ja"),
				choiceOpt("orientation", "Your board: your side at the bottom, or flipped", "own", "flip"),
				choiceOpt("theme", "Board colours", "light", "contrast")),
		},
	}}
}
