package commands

import (
	"github.com/bwmarrin/discordgo"
)

// /shogi tournament: a subcommand group (bot/tournaments runs it).

const tournamentGroup = "tournament"

func tournamentArg() *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger, Name: "tournament",
		Description: "Tournament number (default: this channel's newest)"}
}

// tournamentCommand is /shogi tournament in English.
func tournamentCommand() *discordgo.ApplicationCommandOption {
	format := choiceOpt("format", "swiss, roundrobin or arena", "swiss", "roundrobin", "arena")
	format.Required = true
	name := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "name",
		Description: "The tournament's name", MaxLength: 100}
	create := sub("create", "Create a tournament in this channel (its sign-up opens)",
		variantOpt(true), format,
		intOpt("rounds", "Swiss: the number of rounds (1-30)", 1, 30),
		intOpt("cycles", "Round robin: meet once or twice (the second swaps colours)", 1, 2),
		intOpt("minutes", "Arena: its length in minutes", 1, 7*24*60),
		intOpt("start_in", "Start by itself this many minutes from now (empty: the organiser starts it)", 1, 7*24*60),
		intOpt("players", "Most players", 2, 2000),
		intOpt("break", "Minutes between rounds", 0, 24*60),
		boolOpt("cpu_bye", "Swiss: a player with a bye plays the CPU meanwhile (counts for nothing)"),
		boolOpt("ranked", "Rated games (default off)"),
		name, timeOpt())
	create.Options = append(create.Options, gameOptionDefs()...)
	player := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionUser, Name: "user",
		Description: "Who to remove", Required: true}
	round := intOpt("round", "The round", 1, 10000)
	round.Required = true
	board := intOpt("board", "The board", 1, 1000)
	board.Required = true
	result := choiceOpt("result", "black, white, draw or none", "black", "white", "draw", "none")
	result.Required = true
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommandGroup, Name: tournamentGroup,
		Description: "Tournaments: Swiss, round robin, arena",
		Options: []*discordgo.ApplicationCommandOption{
			create,
			sub("join", "Join a tournament", tournamentArg()),
			sub("leave", "Leave a tournament before it starts", tournamentArg()),
			sub("start", "Start a tournament (organiser, moderators)", tournamentArg()),
			sub("standings", "A tournament's standings (text, or a CSV or JSON file)", tournamentArg(),
				choiceOpt("format", "text, csv or json", "text", "csv", "json")),
			sub("withdraw", "Withdraw from a tournament (a game in play is resigned)", tournamentArg()),
			sub("pause", "Pair no new games until resumed (organiser, moderators)", tournamentArg()),
			sub("resume", "Resume a paused tournament (organiser, moderators)", tournamentArg()),
			sub("cancel", "Cancel a tournament (organiser, moderators)", tournamentArg()),
			sub("kick", "Remove a player from a tournament (moderators)", player, tournamentArg()),
			sub("result", "Set a game's result (moderators)", round, board, result, tournamentArg()),
		}}
}
