package commands

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"shinpan/bot/compose"
	"shinpan/bot/games"
	"shinpan/bot/interact"
	"shinpan/bot/texts/uitexts"
	"shinpan/referee/shogi"
	"shinpan/store"
)

// Autocomplete of game: and challenge: offers the user's own games and
// challenges within the command's scope ("#12 vs @bob · Tsuitate · your
// turn"), newest first, those whose number starts with what was typed; at
// most 25, answered at once (an autocomplete cannot be deferred).

const maxChoices = 25

// Autocomplete answers an Autocomplete interaction.
func (cm *Commands) Autocomplete(r *interact.Req) {
	data := r.I.ApplicationCommandData()
	if data.Name != CmdName && data.Name != AdminName || len(data.Options) == 0 {
		return
	}
	sub := data.Options[0]
	var focused *discordgo.ApplicationCommandInteractionDataOption
	for _, o := range sub.Options {
		if o.Focused {
			focused = o
		}
	}
	if focused == nil {
		return
	}
	typed := strings.TrimSpace(fmt.Sprint(focused.Value))
	if strings.Trim(typed, "#0123456789") != "" {
		typed = "" // not a number: offer everything
	}
	typed = strings.TrimPrefix(typed, "#")
	ctx, cancel := context.WithTimeout(cm.ctx, 1500*time.Millisecond) // names by then, or none
	defer cancel()
	var choices []*discordgo.ApplicationCommandOptionChoice
	switch focused.Name {
	case "game":
		choices = cm.gameChoices(ctx, r, sub.Name, typed)
	case "challenge":
		choices = cm.challengeChoices(ctx, r, sub.Name, typed)
	}
	if choices == nil {
		choices = []*discordgo.ApplicationCommandOptionChoice{}
	}
	if err := r.Reply(&discordgo.InteractionResponse{
		Type: discordgo.InteractionApplicationCommandAutocompleteResult,
		Data: &discordgo.InteractionResponseData{Choices: choices}}); err != nil {
		cm.log.Warn("autocomplete", "user", r.User, "err", err)
	}
}

// choice is one game or challenge offered: its number and name.
func choice(id uint64, typed, name string) (*discordgo.ApplicationCommandOptionChoice, bool) {
	if !strings.HasPrefix(strconv.FormatUint(id, 10), typed) {
		return nil, false
	}
	return &discordgo.ApplicationCommandOptionChoice{Name: name, Value: id}, true
}

// gameChoices are the games game: may mean: the user's live games; their
// finished ones for rematch, record and review; for watch and end, the live
// games of others in the server.
func (cm *Commands) gameChoices(ctx context.Context, r *interact.Req, sub, typed string) []*discordgo.ApplicationCommandOptionChoice {
	var found []store.Game
	var err error
	switch sub {
	case "rematch", "record", "review":
		found, err = cm.st.RecentGames(r.User, 50)
	case "watch", "end":
		if ScopeOf(r).Guild == "" {
			return nil
		}
		var all []store.Game
		all, err = cm.st.ActiveGames()
		for k := len(all) - 1; k >= 0; k-- {
			if g := all[k]; g.GuildID == ScopeOf(r).Guild {
				if _, plays := games.SeatOf(g, r.User); !plays || sub == "end" {
					found = append(found, g)
				}
			}
		}
	default:
		var all []store.Game
		all, err = cm.st.ActiveGamesOf(r.User)
		for k := len(all) - 1; k >= 0; k-- {
			found = append(found, all[k])
		}
	}
	if err != nil {
		cm.log.Warn("autocomplete games", "user", r.User, "err", err)
		return nil
	}
	var out []*discordgo.ApplicationCommandOptionChoice
	for _, g := range found {
		if len(out) == maxChoices {
			break
		}
		if !ScopeOf(r).HasGame(g) {
			continue
		}
		var name string
		if c, plays := games.SeatOf(g, r.User); plays {
			name = uitexts.GameChoice(r.Lang, uint64(g.ID), cm.UserName(ctx, g.Players[1-c]), g.Variant, gameTurn(g, c))
		} else {
			name = uitexts.GamePlayersChoice(r.Lang, uint64(g.ID), cm.UserName(ctx, g.Players[0]), cm.UserName(ctx, g.Players[1]), g.Variant)
		}
		if ch, ok := choice(uint64(g.ID), typed, name); ok {
			out = append(out, ch)
		}
	}
	return out
}

// gameTurn is whose turn it is in g, for the player of seat c.
func gameTurn(g store.Game, c shogi.Color) uitexts.GameTurn {
	switch {
	case !g.Status.Live():
		return uitexts.TurnOver
	case g.Status == store.StatusPendingMasks:
		return uitexts.TurnMasks
	case g.Deadline == nil:
		return uitexts.TurnUnknown
	case g.Deadline.Player == c:
		return uitexts.TurnYours
	}
	return uitexts.TurnTheirs
}

// challengeChoices are the challenges challenge: may mean in this scope:
// for accept, those the user may accept; for decline, those addressed to them.
func (cm *Commands) challengeChoices(ctx context.Context, r *interact.Req, sub, typed string) []*discordgo.ApplicationCommandOptionChoice {
	cs, err := cm.st.Challenges()
	if err != nil {
		cm.log.Warn("autocomplete challenges", "user", r.User, "err", err)
		return nil
	}
	var out []*discordgo.ApplicationCommandOptionChoice
	for k := len(cs) - 1; k >= 0 && len(out) < maxChoices; k-- {
		c := cs[k]
		if !ScopeOf(r).HasChallenge(c) || !c.ExpiresAt.After(cm.now()) {
			continue
		}
		if sub == "accept" && !mayAccept(c, r.User) || sub == "decline" && c.Challenged != r.User {
			continue
		}
		name := uitexts.ChallengeChoice(r.Lang, c.ID, false, c.Open(), cm.UserName(ctx, c.Challenger), c.Variant)
		if ch, ok := choice(c.ID, typed, name); ok {
			out = append(out, ch)
		}
	}
	return out
}

// UserName is "@name" for a user (the CPU: "CPU"), read from Discord once
// and kept; "@…" when Discord does not answer in time.
func (cm *Commands) UserName(ctx context.Context, id string) string {
	if compose.IsCPU(id) || id == "" {
		return "CPU"
	}
	if n, ok := cm.DisplayName(ctx, id); ok {
		return "@" + n
	}
	return "@…"
}

// DisplayName is a user's display name on Discord (their global name, else
// their username), read once and kept; false when Discord does not answer
// in time.
func (cm *Commands) DisplayName(ctx context.Context, id string) (string, bool) {
	if n, ok := cm.names.Load(id); ok {
		return n.(string), true
	}
	if ctx.Err() != nil {
		return "", false
	}
	u, err := cm.rest.User(ctx, id)
	if err != nil {
		return "", false
	}
	name := interact.UserName(u)
	cm.names.Store(id, name)
	return name, true
}
