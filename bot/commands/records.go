package commands

import (
	"context"
	"fmt"
	"time"

	"shinpan/bot/compose"
	"shinpan/bot/games"
	"shinpan/bot/interact"
	"shinpan/bot/texts/uitexts"
	"shinpan/store"
)

// Record sends a finished game's record (KIF, KI2 or CSA as the format
// option says), with the hidden information; never while the game goes on.
func (cm *Commands) Record(r *interact.Req) (interact.Answer, error) {
	n, _ := r.Opts.Num("game")
	id := store.GameID(n)
	if r.Opts.Str("format") == "gif" {
		return cm.host.RecordAnswer(r, id, "gif") // bot/review/review.go
	}
	meta, entries, err := cm.st.LoadGame(id)
	if err != nil || !ScopeOf(r).HasGame(meta) {
		return interact.Say(uitexts.UI(r.Lang, uitexts.NoGame)), nil // another server's game is none of this one's business
	}
	if meta.Status.Live() {
		return interact.Say(uitexts.RecordNotYet(r.Lang, uint64(id))), nil
	}
	g, err := games.Rebuild(meta, entries)
	if err != nil {
		return interact.Answer{}, err
	}
	format := r.Opts.Str("format")
	if format == "" {
		format = compose.RecordFormats[0]
	}
	data, err := compose.GameRecord(meta, g, format, cm.RecordNames(meta))
	if err != nil {
		return interact.Answer{}, err
	}
	return interact.Answer{Text: uitexts.RecordSent(r.Lang, uint64(id)),
		Files: []compose.File{{Name: fmt.Sprintf("shinpan-%d.%s", id, format), Type: "text/plain", Data: data}}}, nil
}

// RecordNames are the names of a record's players, Black first: their
// display names, read from Discord within a few seconds (a record is a slow
// route), else their user ids; the CPU is "CPU", as texts name it.
func (cm *Commands) RecordNames(meta store.Game) [2]string {
	ctx, cancel := context.WithTimeout(cm.ctx, 3*time.Second)
	defer cancel()
	var names [2]string
	for c, id := range meta.Players {
		if compose.IsCPU(id) || id == "" {
			names[c] = compose.Mention(id)
			continue
		}
		names[c] = id
		if n, ok := cm.DisplayName(ctx, id); ok {
			names[c] = n
		}
	}
	return names
}

// RecordChoices are the formats /shogi record offers: the records and the GIF.
var RecordChoices = append(append([]string(nil), compose.RecordFormats...), "gif")
