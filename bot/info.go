package bot

import (
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"shinpan/bot/texts"
	"shinpan/referee"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
	"shinpan/store"
)

// gameArg resolves the game a command means: the "game" option, else the
// user's only or current game.
func (b *Bot) gameArg(i *discordgo.InteractionCreate, u string, o optMap) (store.GameID, string) {
	n, _ := o.num("game")
	return b.pickGame(scopeOf(i, u), store.GameID(n))
}

func (b *Bot) cmdResign(i *discordgo.InteractionCreate, u *discordgo.User, o optMap) {
	id, msg := b.gameArg(i, u.ID, o)
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
		return texts.NotInGame(lang, uint64(id))
	}
	if reply, ok := b.act(id, user, referee.Action{Kind: referee.ActResign, Player: c}, key); !ok {
		if reply == "" {
			return texts.UI(lang, texts.Done)
		}
		return reply
	}
	return texts.UI(lang, texts.Resigned)
}

// btnResign asks for confirmation; btnResignConfirm resigns.
func (b *Bot) btnResign(i *discordgo.InteractionCreate, u *discordgo.User, id uint64, _ []string) {
	lang := b.lang(u.ID)
	if !b.buttonGame(i, u, store.GameID(id)) {
		return
	}
	err := b.s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: texts.UI(lang, texts.ResignConfirm), Flags: discordgo.MessageFlagsEphemeral,
			Components: components([]button{{ID: fmt.Sprintf("resignok:%d", id), Label: texts.UI(lang, texts.ButtonResignConfirm), Style: int(discordgo.DangerButton)}})}})
	if err != nil {
		b.log.Warn("resign confirm", "err", err)
	}
}

func (b *Bot) btnResignConfirm(i *discordgo.InteractionCreate, u *discordgo.User, id uint64, _ []string) {
	b.deferReply(i, true)
	b.followup(i, b.resign(store.GameID(id), u.ID, i.ID), true)
}

func (b *Bot) cmdDeclare(i *discordgo.InteractionCreate, u *discordgo.User, o optMap) {
	b.playerAct(i, u, o, referee.ActDeclare)
}

// playerAct runs a player's game action from a slash command (the game option
// or their current game) and answers Done or the refusal.
func (b *Bot) playerAct(i *discordgo.InteractionCreate, u *discordgo.User, o optMap, kind referee.ActionKind) {
	lang := b.lang(u.ID)
	id, msg := b.gameArg(i, u.ID, o)
	if id == 0 {
		b.reply(i, msg, true)
		return
	}
	c, ok := b.colorOf(id, u.ID)
	if !ok {
		b.reply(i, texts.NotInGame(lang, uint64(id)), true)
		return
	}
	b.deferReply(i, true)
	reply, ok := b.act(id, u.ID, referee.Action{Kind: kind, Player: c}, i.ID)
	if ok {
		reply = texts.UI(lang, texts.Done)
	}
	b.followup(i, reply, true)
}

// buttonGame checks a game's button: the user plays the game and it goes on;
// otherwise it answers why.
func (b *Bot) buttonGame(i *discordgo.InteractionCreate, u *discordgo.User, id store.GameID) bool {
	lang := b.lang(u.ID)
	lg, err := b.live(id)
	if err != nil {
		b.reply(i, texts.UI(lang, texts.NoGame), true)
		return false
	}
	lg.mu.Lock()
	_, mine := seat(lg.meta, u.ID)
	over := lg.g.Over()
	lg.mu.Unlock()
	switch {
	case !mine:
		b.reply(i, texts.NotInGame(lang, uint64(id)), true)
	case over:
		b.reply(i, texts.UI(lang, texts.GameOver), true)
	}
	return mine && !over
}

// btnMove opens a modal with a text field for the move (easier on phones).
func (b *Bot) btnMove(i *discordgo.InteractionCreate, u *discordgo.User, id uint64, _ []string) {
	lang := b.lang(u.ID)
	if !b.buttonGame(i, u, store.GameID(id)) {
		return
	}
	err := b.s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseModal,
		Data: &discordgo.InteractionResponseData{CustomID: fmt.Sprintf("movemodal:%d", id), Title: texts.UI(lang, texts.ModalTitle),
			Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				discordgo.TextInput{CustomID: "move", Label: texts.UI(lang, texts.ModalLabel), Style: discordgo.TextInputShort,
					Placeholder: texts.UI(lang, texts.ModalPlaceholder), Required: true, MaxLength: 40}}}}}})
	if err != nil {
		b.log.Warn("move modal", "err", err)
	}
}

func (b *Bot) onMoveModal(i *discordgo.InteractionCreate, u *discordgo.User, id uint64, text string) {
	lang := b.lang(u.ID)
	c, ok := b.colorOf(store.GameID(id), u.ID)
	if !ok {
		b.reply(i, texts.NotInGame(lang, uint64(id)), true)
		return
	}
	b.deferReply(i, true)
	reply, ok := b.act(store.GameID(id), u.ID, referee.Action{Kind: referee.ActMove, Player: c, Text: text}, i.ID)
	if ok {
		reply = texts.UI(lang, texts.MoveSent)
	}
	b.followup(i, reply, true)
}

// selMask takes a mask chosen from the select menu (Masked setup).
func (b *Bot) selMask(i *discordgo.InteractionCreate, u *discordgo.User, id uint64, values []string) {
	lang := b.lang(u.ID)
	c, ok := b.colorOf(store.GameID(id), u.ID)
	if !ok || len(values) != 1 {
		b.reply(i, texts.NotInGame(lang, uint64(id)), true)
		return
	}
	b.deferReply(i, true)
	reply, ok := b.act(store.GameID(id), u.ID, referee.Action{Kind: referee.ActMask, Player: c, Text: values[0], Salt: newSalt()}, i.ID)
	if ok {
		reply = texts.UI(lang, texts.Done)
	}
	b.followup(i, reply, true)
}

// maskMenu is the DM with a select menu of the player's pieces (not the king).
func maskMenu(lang texts.Lang, g *referee.Game, c shogi.Color) payload {
	p, _ := g.PlayerBoard(c)
	var opts []discordgo.SelectMenuOption
	for _, s := range p.Pieces(c).Squares() {
		if k := p.At(s).Kind(); k != shogi.King && len(opts) < 25 {
			opts = append(opts, discordgo.SelectMenuOption{Label: fmt.Sprintf("%s %s", s, texts.PieceName(lang, k)), Value: s.String()})
		}
	}
	return payload{Content: texts.UI(lang, texts.MaskMenu), Select: &selectMenu{ID: "mask:{game}", Placeholder: texts.UI(lang, texts.MaskPlaceholder), Options: opts}}
}

// cmdBoard re-sends the user's board by DM.
func (b *Bot) cmdBoard(i *discordgo.InteractionCreate, u *discordgo.User, o optMap) {
	lang := b.lang(u.ID)
	id, msg := b.gameArg(i, u.ID, o)
	if id == 0 {
		b.reply(i, msg, true)
		return
	}
	lg, err := b.live(id)
	if err != nil {
		b.reply(i, texts.UI(lang, texts.NoGame), true)
		return
	}
	b.deferReply(i, true)
	lg.mu.Lock()
	c, _ := seat(lg.meta, u.ID)
	files := b.boardFiles(lg.meta, lg.g, c, u.ID)
	text := texts.Status(b.textCtx(lang, lg.meta, nil, ""), gameState(lg.g), view.AudienceOf(c))
	var btns []button
	if !lg.g.Over() && lg.g.Turn() == c && !lg.g.NeedsMasks() {
		btns = turnButtons(lang)
	}
	lg.mu.Unlock()
	if err := b.st.Enqueue(withGame(toDM(u.ID, payload{Content: text, Files: files, Buttons: btns}), id)); err != nil {
		b.log.Error("enqueue", "err", err)
		b.followup(i, texts.UI(lang, texts.InternalError), true)
		return
	}
	b.kickOutbox()
	b.followup(i, texts.UI(lang, texts.BoardSent), true)
}

// cmdStatus shows a game's public state; a player also gets their own line.
func (b *Bot) cmdStatus(i *discordgo.InteractionCreate, u *discordgo.User, o optMap) {
	lang := b.lang(u.ID)
	var id store.GameID
	if n, ok := o.num("game"); ok {
		id = store.GameID(n)
	} else {
		id, _ = b.pickGame(scopeOf(i, u.ID), 0)
	}
	if id == 0 {
		b.reply(i, texts.UI(lang, texts.NoActiveGame), true)
		return
	}
	meta, err := b.st.GetGame(id)
	if err != nil || !scopeOf(i, u.ID).game(meta) {
		b.reply(i, texts.UI(lang, texts.NoGame), true)
		return
	}
	lg, err := b.live(id)
	if err != nil {
		b.reply(i, texts.GameCard(b.textCtx(lang, meta, nil, ""), meta.Ranked), true)
		return
	}
	lg.mu.Lock()
	ctx := b.textCtx(lang, lg.meta, nil, "")
	text := texts.GameCard(ctx, lg.meta.Ranked) + "\n" + texts.Status(ctx, gameState(lg.g), view.ToPublic)
	lg.mu.Unlock()
	b.reply(i, text, true)
}

// cmdGames lists the games going on in the channel.
func (b *Bot) cmdGames(i *discordgo.InteractionCreate, u *discordgo.User, o optMap) {
	lang := b.lang(u.ID)
	games, err := b.st.ActiveGamesIn(i.ChannelID)
	if err != nil || len(games) == 0 {
		b.reply(i, texts.UI(lang, texts.NoGamesHere), true)
		return
	}
	var lines []string
	for _, g := range games {
		lines = append(lines, texts.GameLine(b.textCtx(lang, g, nil, ""), g.Status == store.StatusPendingMasks))
	}
	b.reply(i, strings.Join(lines, "\n"), true)
}

func (b *Bot) cmdRules(i *discordgo.InteractionCreate, u *discordgo.User, o optMap) {
	v, err := referee.ParseVariant(o.str("variant"))
	if err != nil {
		v = view.Tsuitate
	}
	b.reply(i, texts.Rules(b.lang(u.ID), v), true)
}

func (b *Bot) cmdHelp(i *discordgo.InteractionCreate, u *discordgo.User, o optMap) {
	b.reply(i, texts.Help(b.lang(u.ID)), true)
}

func withGame(m store.OutMsg, id store.GameID) store.OutMsg { m.GameID = id; return m }
