package bot

import (
	"fmt"

	"shinpan/bot/compose"
	"shinpan/bot/games"
	"shinpan/bot/texts"
	"shinpan/store"
)

// cmdRecord sends a finished game's record (KIF, KI2 or CSA as the format
// option says), with the hidden information; never while the game goes on.
func (b *Bot) cmdRecord(r *req) (answer, error) {
	n, _ := r.opts.num("game")
	id := store.GameID(n)
	if r.opts.str("format") == "gif" {
		return b.recordAnswer(r, id, "gif") // review.go
	}
	meta, entries, err := b.st.LoadGame(id)
	if err != nil || !r.sc.game(meta) {
		return say(texts.UI(r.lang, texts.NoGame)), nil // another server's game is none of this one's business
	}
	if meta.Status.Live() {
		return say(texts.RecordNotYet(r.lang, uint64(id))), nil
	}
	g, err := games.Rebuild(meta, entries)
	if err != nil {
		return answer{}, err
	}
	format := r.opts.str("format")
	if format == "" {
		format = compose.RecordFormats[0]
	}
	data, err := compose.GameRecord(meta, g, format)
	if err != nil {
		return answer{}, err
	}
	return answer{text: texts.RecordSent(r.lang, uint64(id)),
		files: []compose.File{{Name: fmt.Sprintf("shinpan-%d.%s", id, format), Type: "text/plain", Data: data}}}, nil
}
