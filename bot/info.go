package bot

import (
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"shinpan/referee"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
	"shinpan/store"
)

// gameArg resolves the game a command means: the "game" option, else the
// user's only or current game.
func (b *Bot) gameArg(u string, o optMap) (store.GameID, string) {
	if n, ok := o.num("game"); ok {
		return b.pickGame(u, store.GameID(n))
	}
	return b.pickGame(u, 0)
}

func (b *Bot) cmdResign(i *discordgo.InteractionCreate, u *discordgo.User, o optMap) {
	id, msg := b.gameArg(u.ID, o)
	if id == 0 {
		b.reply(i, msg, true)
		return
	}
	b.reply(i, b.resign(id, u.ID, i.ID), true)
}

func (b *Bot) resign(id store.GameID, user, key string) string {
	lang := b.lang(user)
	c, ok := b.colorOf(id, user)
	if !ok {
		return fmt.Sprintf(say(lang, "not_in_game"), id)
	}
	if reply, ok := b.act(id, user, referee.Action{Kind: referee.ActResign, Player: c}, key); !ok {
		if reply == "" {
			return say(lang, "done")
		}
		return reply
	}
	return say(lang, "resigned")
}

// btnResign asks for confirmation; btnResignConfirm resigns.
func (b *Bot) btnResign(i *discordgo.InteractionCreate, u *discordgo.User, id uint64, _ []string) {
	lang := b.lang(u.ID)
	if _, ok := b.colorOf(store.GameID(id), u.ID); !ok {
		b.reply(i, fmt.Sprintf(say(lang, "not_in_game"), id), true)
		return
	}
	if lg, err := b.live(store.GameID(id)); err != nil || lg.g.Over() {
		b.reply(i, say(lang, "game_over"), true)
		return
	}
	err := b.s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: say(lang, "resign_confirm"), Flags: discordgo.MessageFlagsEphemeral,
			Components: components([]button{{ID: fmt.Sprintf("resignok:%d", id), Label: say(lang, "btn_resign_confirm"), Style: int(discordgo.DangerButton)}})}})
	if err != nil {
		b.log.Warn("resign confirm", "err", err)
	}
}

func (b *Bot) btnResignConfirm(i *discordgo.InteractionCreate, u *discordgo.User, id uint64, _ []string) {
	b.deferReply(i, true)
	b.followup(i, b.resign(store.GameID(id), u.ID, i.ID), true)
}

func (b *Bot) cmdDeclare(i *discordgo.InteractionCreate, u *discordgo.User, o optMap) {
	lang := b.lang(u.ID)
	id, msg := b.gameArg(u.ID, o)
	if id == 0 {
		b.reply(i, msg, true)
		return
	}
	c, ok := b.colorOf(id, u.ID)
	if !ok {
		b.reply(i, fmt.Sprintf(say(lang, "not_in_game"), id), true)
		return
	}
	b.deferReply(i, true)
	reply, ok := b.act(id, u.ID, referee.Action{Kind: referee.ActDeclare, Player: c}, i.ID)
	if ok {
		reply = say(lang, "done")
	}
	b.followup(i, reply, true)
}

// btnMove opens a modal with a text field for the move (easier on phones).
func (b *Bot) btnMove(i *discordgo.InteractionCreate, u *discordgo.User, id uint64, _ []string) {
	lang := b.lang(u.ID)
	if _, ok := b.colorOf(store.GameID(id), u.ID); !ok {
		b.reply(i, fmt.Sprintf(say(lang, "not_in_game"), id), true)
		return
	}
	if lg, err := b.live(store.GameID(id)); err != nil || lg.g.Over() {
		b.reply(i, say(lang, "game_over"), true)
		return
	}
	err := b.s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseModal,
		Data: &discordgo.InteractionResponseData{CustomID: fmt.Sprintf("movemodal:%d", id), Title: say(lang, "modal_title"),
			Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				discordgo.TextInput{CustomID: "move", Label: say(lang, "modal_label"), Style: discordgo.TextInputShort,
					Placeholder: "7g7f, P-7f, ７六歩", Required: true, MaxLength: 40}}}}}})
	if err != nil {
		b.log.Warn("move modal", "err", err)
	}
}

func (b *Bot) onMoveModal(i *discordgo.InteractionCreate, u *discordgo.User, id uint64, text string) {
	lang := b.lang(u.ID)
	c, ok := b.colorOf(store.GameID(id), u.ID)
	if !ok {
		b.reply(i, fmt.Sprintf(say(lang, "not_in_game"), id), true)
		return
	}
	b.deferReply(i, true)
	reply, ok := b.act(store.GameID(id), u.ID, referee.Action{Kind: referee.ActMove, Player: c, Text: text}, i.ID)
	if ok {
		reply = say(lang, "move_sent")
	}
	b.followup(i, reply, true)
}

// selMask takes a mask chosen from the select menu (Masked setup).
func (b *Bot) selMask(i *discordgo.InteractionCreate, u *discordgo.User, id uint64, values []string) {
	lang := b.lang(u.ID)
	c, ok := b.colorOf(store.GameID(id), u.ID)
	if !ok || len(values) != 1 {
		b.reply(i, fmt.Sprintf(say(lang, "not_in_game"), id), true)
		return
	}
	b.deferReply(i, true)
	reply, ok := b.act(store.GameID(id), u.ID, referee.Action{Kind: referee.ActMask, Player: c, Text: values[0], Salt: newSalt()}, i.ID)
	if ok {
		reply = say(lang, "done")
	}
	b.followup(i, reply, true)
}

// maskMenu is the DM with a select menu of the player's pieces (not the king).
func maskMenu(lang string, g *referee.Game, c shogi.Color) payload {
	p, _ := g.PlayerBoard(c)
	var opts []discordgo.SelectMenuOption
	for _, s := range p.Pieces(c).Squares() {
		if k := p.At(s).Kind(); k != shogi.King && len(opts) < 25 {
			opts = append(opts, discordgo.SelectMenuOption{Label: fmt.Sprintf("%s %s", s, pieceName(lang, k)), Value: s.String()})
		}
	}
	return payload{Content: say(lang, "mask_menu"), Select: &selectMenu{ID: "mask:{game}", Placeholder: say(lang, "mask_placeholder"), Options: opts}}
}

// cmdBoard re-sends the user's board by DM.
func (b *Bot) cmdBoard(i *discordgo.InteractionCreate, u *discordgo.User, o optMap) {
	lang := b.lang(u.ID)
	id, msg := b.gameArg(u.ID, o)
	if id == 0 {
		b.reply(i, msg, true)
		return
	}
	lg, err := b.live(id)
	if err != nil {
		b.reply(i, say(lang, "no_game"), true)
		return
	}
	b.deferReply(i, true)
	lg.mu.Lock()
	c, _ := seat(lg.meta, u.ID)
	files := b.boardFiles(lg.meta, lg.g, c, u.ID)
	text := statusLine(lang, lg.meta, lg.g, c)
	var btns []button
	if !lg.g.Over() && lg.g.Turn() == c && !lg.g.NeedsMasks() {
		btns = turnButtons(lang)
	}
	lg.mu.Unlock()
	b.st.Enqueue(withGame(toDM(u.ID, payload{Content: text, Files: files, Buttons: btns}), id))
	b.kickOutbox()
	b.followup(i, say(lang, "board_sent"), true)
}

// cmdStatus shows a game's public state; a player also gets their own line.
func (b *Bot) cmdStatus(i *discordgo.InteractionCreate, u *discordgo.User, o optMap) {
	lang := b.lang(u.ID)
	var id store.GameID
	if n, ok := o.num("game"); ok {
		id = store.GameID(n)
	} else {
		id, _ = b.pickGame(u.ID, 0)
	}
	if id == 0 {
		b.reply(i, say(lang, "no_active_game"), true)
		return
	}
	meta, err := b.st.GetGame(id)
	if err != nil {
		b.reply(i, say(lang, "no_game"), true)
		return
	}
	lg, err := b.live(id)
	if err != nil {
		b.reply(i, gameCard(lang, meta), true)
		return
	}
	lg.mu.Lock()
	text := gameCard(lang, lg.meta) + "\n" + statusLine(lang, lg.meta, lg.g, shogi.Color(2))
	lg.mu.Unlock()
	b.reply(i, text, true)
}

// cmdGames lists the games going on in the channel.
func (b *Bot) cmdGames(i *discordgo.InteractionCreate, u *discordgo.User, o optMap) {
	lang := b.lang(u.ID)
	games, err := b.st.ActiveGamesIn(i.ChannelID)
	if err != nil || len(games) == 0 {
		b.reply(i, say(lang, "no_games_here"), true)
		return
	}
	var lines []string
	for _, g := range games {
		lines = append(lines, gameLine(lang, g))
	}
	b.reply(i, strings.Join(lines, "\n"), true)
}

func (b *Bot) cmdRules(i *discordgo.InteractionCreate, u *discordgo.User, o optMap) {
	v, err := referee.ParseVariant(o.str("variant"))
	if err != nil {
		v = view.Tsuitate
	}
	b.reply(i, rulesText(b.lang(u.ID), v), true)
}

func (b *Bot) cmdHelp(i *discordgo.InteractionCreate, u *discordgo.User, o optMap) {
	b.reply(i, helpText(b.lang(u.ID)), true)
}

func withGame(m store.OutMsg, id store.GameID) store.OutMsg { m.GameID = id; return m }
