package bot

import (
	"errors"
	mrand "math/rand/v2"
	"time"

	"github.com/bwmarrin/discordgo"

	"shinpan/bot/texts"
	"shinpan/referee"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
	"shinpan/store"
)

// cmdChallenge posts a challenge card with Accept and Decline buttons.
func (b *Bot) cmdChallenge(i *discordgo.InteractionCreate, u *discordgo.User, o optMap) {
	lang := b.lang(u.ID)
	if i.GuildID == "" {
		b.reply(i, texts.UI(lang, texts.ChallengeInGuild), true)
		return
	}
	v, err := referee.ParseVariant(o.str("variant"))
	if err != nil {
		b.reply(i, texts.OptionRefusal(lang, err), true)
		return
	}
	opts := b.cfg.options(v)
	if n, ok := o.num("foul_limit"); ok {
		opts.FoulLimit = n
	}
	if f, ok := o.flag("announce_fouls"); ok {
		opts.AnnounceFouls = f
	}
	if n, ok := o.num("move_limit"); ok {
		opts.MoveLimit = n
	}
	if f, ok := o.flag("mask_as_king"); ok {
		opts.MaskAsKing = f
	}
	if n, ok := o.num("turn_seconds"); ok {
		opts.TurnSeconds = n
	}
	if f, ok := o.flag("show_reachable"); ok {
		opts.ShowReachable = f
	}
	if err := opts.Validate(v); err != nil {
		b.reply(i, texts.OptionRefusal(lang, err), true)
		return
	}
	opp := o.user("opponent")
	if opp == u.ID {
		b.reply(i, texts.UI(lang, texts.ChallengeSelf), true)
		return
	}
	if n, ok := o.num("away_seconds"); ok {
		opts.AwaySeconds = n
	}
	ranked, _ := o.flag("ranked")
	vsCPU := opp != "" && opp == b.botID()
	if err := checkAway(opts.AwaySeconds); err != nil {
		b.reply(i, texts.OptionRefusal(lang, err), true)
		return
	}
	if ranked && !vsCPU && opts.AwaySeconds > 0 && opts.AwaySeconds < minRankedAway {
		b.reply(i, texts.RankedAway(lang, minRankedAway), true)
		return
	}
	if vsCPU {
		color := store.ColorChoice(o.str("color"))
		b.startCPUGame(i, u, v, opts, color)
		return
	}
	if opp != "" && i.ApplicationCommandData().Resolved != nil {
		if ru := i.ApplicationCommandData().Resolved.Users[opp]; ru != nil && ru.Bot {
			b.reply(i, texts.UI(lang, texts.ChallengeBot), true)
			return
		}
	}
	color := store.ColorChoice(o.str("color"))
	if color == "" {
		color = store.ColorRandom
	}
	c, err := b.st.CreateChallenge(store.Challenge{GuildID: i.GuildID, ChannelID: i.ChannelID, Challenger: u.ID,
		Challenged: opp, Variant: v, Options: opts, Color: color, Ranked: ranked,
		ExpiresAt: b.now().Add(time.Duration(b.cfg.ChallengeMinutes) * time.Minute)}, nil)
	if err != nil {
		b.log.Error("create challenge", "err", err)
		b.reply(i, texts.UI(lang, texts.InternalError), true)
		return
	}
	card := texts.ChallengeCard(lang, challengeText(c))
	err = b.s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: card, AllowedMentions: mentions([]string{opp}),
			Components: components([]button{
				{ID: "accept:" + itoa(c.ID), Label: texts.UI(lang, texts.ButtonAccept), Style: int(discordgo.SuccessButton)},
				{ID: "decline:" + itoa(c.ID), Label: texts.UI(lang, texts.ButtonDecline), Style: int(discordgo.DangerButton)}})}})
	if err != nil {
		b.log.Warn("challenge reply", "err", err)
		return
	}
	if msg, err := b.s.InteractionResponse(i.Interaction); err == nil {
		if err := b.st.SetChallengeMessage(c.ID, msg.ID); err != nil {
			b.log.Warn("challenge message id", "err", err)
		}
	}
}

// challengeFor finds the challenge an accept/decline without a number means:
// the newest addressed to the user in this channel, else the newest open one.
func (b *Bot) challengeFor(u string, channel string) (store.Challenge, bool) {
	cs, err := b.st.Challenges()
	if err != nil {
		return store.Challenge{}, false
	}
	var open *store.Challenge
	for k := len(cs) - 1; k >= 0; k-- {
		c := cs[k]
		if c.ChannelID != channel || !c.ExpiresAt.After(b.now()) {
			continue
		}
		if c.Challenged == u {
			return c, true
		}
		if c.Open() && c.Challenger != u && open == nil {
			open = &cs[k]
		}
	}
	if open != nil {
		return *open, true
	}
	return store.Challenge{}, false
}

func (b *Bot) cmdAccept(i *discordgo.InteractionCreate, u *discordgo.User, o optMap) {
	id := uint64(0)
	if n, ok := o.num("challenge"); ok {
		id = uint64(n)
	} else if c, ok := b.challengeFor(u.ID, i.ChannelID); ok {
		id = c.ID
	}
	b.deferReply(i, true)
	b.followup(i, b.accept(i, u, id), true)
}

func (b *Bot) btnAccept(i *discordgo.InteractionCreate, u *discordgo.User, id uint64, _ []string) {
	c, err := b.st.GetChallenge(id)
	if err == nil && scopeOf(i, u.ID).challenge(c) && !mayAccept(c, u.ID) {
		b.reply(i, texts.UI(b.lang(u.ID), texts.NotYourChallenge), true)
		return
	}
	b.deferReply(i, true)
	b.followup(i, b.accept(i, u, id), true)
}

func mayAccept(c store.Challenge, user string) bool {
	if c.Open() {
		return user != c.Challenger
	}
	return user == c.Challenged
}

// accept starts the game of challenge id for user u and returns the text for
// u. Both players must be reachable by DM first (Discord error 50007 is
// reported in the channel and the game does not start).
func (b *Bot) accept(i *discordgo.InteractionCreate, u *discordgo.User, id uint64) string {
	b.acceptMu.Lock() // a second press waits, then finds the challenge gone
	defer b.acceptMu.Unlock()
	lang := b.lang(u.ID)
	c, err := b.st.GetChallenge(id)
	if err != nil || id == 0 || !scopeOf(i, u.ID).challenge(c) {
		return texts.UI(lang, texts.NoChallenge)
	}
	if !mayAccept(c, u.ID) {
		return texts.UI(lang, texts.NotYourChallenge)
	}
	if !c.ExpiresAt.After(b.now()) {
		return texts.UI(lang, texts.ChallengeTimedOut)
	}
	var players [2]string
	switch black := c.Challenger; c.Color {
	case store.ColorBlack:
		players = [2]string{black, u.ID}
	case store.ColorWhite:
		players = [2]string{u.ID, c.Challenger}
	default:
		if mrand.IntN(2) == 0 {
			players = [2]string{c.Challenger, u.ID}
		} else {
			players = [2]string{u.ID, c.Challenger}
		}
	}
	// Both DMs must be open before the game starts.
	for col, p := range players {
		if err := b.dmProbe(p, shogi.Color(col), c); err != nil {
			var rerr *discordgo.RESTError
			if errors.As(err, &rerr) && rerr.Message != nil && rerr.Message.Code == discordgo.ErrCodeCannotSendMessagesToThisUser {
				if err := b.st.Enqueue(toChannel(c.ChannelID, payload{Content: texts.DMsClosed(b.lang(p), mention(p)), Mentions: []string{p}})); err != nil {
					b.log.Error("enqueue", "err", err)
				}
				b.kickOutbox()
				return texts.UI(lang, texts.NotStartedDMsClosed)
			}
			b.log.Warn("DM probe", "user", p, "err", err)
			return texts.UI(lang, texts.InternalError)
		}
	}
	meta := store.Game{GuildID: c.GuildID, ChannelID: c.ChannelID, Players: players, Variant: c.Variant,
		Options: c.Options, StartSFEN: shogi.StartSFEN, RulesVersion: referee.RulesVersion, Ranked: c.Ranked,
		Status: store.StatusActive}
	if c.Variant == view.Masked {
		meta.Status = store.StatusPendingMasks
	}
	meta.Deadline = b.turnDeadline(meta, shogi.Black, 0) // Black's move, or Black's mask
	g, err := referee.New("0", c.Variant, meta.StartSFEN, c.Options.Options)
	if err != nil {
		return err.Error()
	}
	out := b.startMessages(meta, g, c)
	game, err := b.st.AcceptChallenge(c.ID, meta, i.ID, out)
	switch {
	case errors.Is(err, store.ErrDuplicate):
		return texts.UI(lang, texts.AlreadyStarted)
	case errors.Is(err, store.ErrNotFound):
		return texts.UI(lang, texts.NoChallenge)
	case errors.Is(err, store.ErrExpired):
		return texts.UI(lang, texts.ChallengeTimedOut)
	case err != nil:
		b.log.Error("accept", "err", err)
		return texts.UI(lang, texts.InternalError)
	}
	if _, err := b.live(game.ID); err != nil {
		b.log.Error("load new game", "err", err)
	}
	b.kickOutbox()
	return texts.Accepted(lang, uint64(game.ID))
}

// dmProbe opens the DM with a player and sends the welcome, so a closed DM
// shows before the game starts.
func (b *Bot) dmProbe(user string, c shogi.Color, ch store.Challenge) error {
	ch2, err := b.dmChannel(user)
	if err != nil {
		return err
	}
	_, err = b.postMessage(ch2, payload{Content: texts.Hello(b.lang(user), ch.Variant, c)}, "")
	return err
}

// startMessages are the messages a new game causes: each player's board (and
// the mask prompt in Masked), the game card in the channel, and the challenge
// card edited to say it was accepted.
func (b *Bot) startMessages(meta store.Game, g *referee.Game, c store.Challenge) []store.OutMsg {
	var out []store.OutMsg
	for col, p := range meta.Players {
		pc := shogi.Color(col)
		if isCPU(p) {
			continue
		}
		pl := payload{Content: texts.Welcome(b.textCtx(b.lang(p), meta, nil, p), pc), Files: b.boardFiles(meta, g, pc, p), Public: true}
		if g.NeedsMasks() {
			pl.Buttons = nil
		} else if g.Turn() == pc {
			pl.Buttons = turnButtons(b.lang(p))
			pl.Content += deadlineLine(meta.Deadline, pc)
		}
		out = append(out, toDM(p, pl))
		if g.NeedsMasks() {
			out = append(out, toDM(p, maskMenu(b.lang(p), g, pc)))
		}
	}
	card := payload{Content: texts.GameCard(b.textCtx(b.lang(c.Challenger), meta, nil, ""), meta.Ranked), Ref: "card", Mentions: meta.Players[:]}
	if c.MessageID != "" {
		edit := payload{Edit: c.MessageID, Content: texts.ChallengeAccepted(b.lang(c.Challenger), uint64(meta.ID))}
		if b.cfg.Threads {
			edit.Thread = "shogi #{game}" // the game's announcements go to a thread under the challenge
		}
		out = append(out, toChannel(c.ChannelID, edit))
	}
	return append(out, toChannel(c.ChannelID, card))
}

func (b *Bot) cmdDecline(i *discordgo.InteractionCreate, u *discordgo.User, o optMap) {
	id := uint64(0)
	if n, ok := o.num("challenge"); ok {
		id = uint64(n)
	} else if c, ok := b.challengeFor(u.ID, i.ChannelID); ok {
		id = c.ID
	}
	b.reply(i, b.decline(scopeOf(i, u.ID), u, id, false), true)
}

func (b *Bot) btnDecline(i *discordgo.InteractionCreate, u *discordgo.User, id uint64, _ []string) {
	b.reply(i, b.decline(scopeOf(i, u.ID), u, id, false), true)
}

func (b *Bot) cmdCancel(i *discordgo.InteractionCreate, u *discordgo.User, o optMap) {
	cs, _ := b.st.Challenges()
	sc := scopeOf(i, u.ID)
	for k := len(cs) - 1; k >= 0; k-- {
		if cs[k].Challenger == u.ID && sc.challenge(cs[k]) {
			b.reply(i, b.decline(sc, u, cs[k].ID, true), true)
			return
		}
	}
	b.reply(i, texts.UI(b.lang(u.ID), texts.NoChallenge), true)
}

// decline ends a challenge: by the challenged person (decline) or the
// challenger (cancel); the card is edited to say so.
func (b *Bot) decline(sc scope, u *discordgo.User, id uint64, cancel bool) string {
	lang := b.lang(u.ID)
	c, err := b.st.GetChallenge(id)
	if err != nil || !sc.challenge(c) {
		return texts.UI(lang, texts.NoChallenge)
	}
	if c.Challenger != u.ID && (cancel || c.Challenged != u.ID) {
		return texts.UI(lang, texts.NotYourChallenge)
	}
	edited := texts.ChallengeDeclined
	if c.Challenger == u.ID {
		edited = texts.ChallengeWithdrawn
	}
	var out []store.OutMsg
	if c.MessageID != "" {
		out = append(out, toChannel(c.ChannelID, payload{Edit: c.MessageID, Content: edited(b.lang(c.Challenger), mention(u.ID)), Mentions: []string{}}))
	}
	if _, err := b.st.DeleteChallenge(id, out); err != nil {
		return texts.UI(lang, texts.NoChallenge)
	}
	b.kickOutbox()
	return texts.UI(lang, texts.Done)
}

// expireChallenges edits and deletes the challenges whose time is up.
func (b *Bot) expireChallenges() {
	cs, err := b.st.ExpiredChallenges(b.now())
	if err != nil {
		return
	}
	for _, c := range cs {
		var out []store.OutMsg
		if c.MessageID != "" {
			out = append(out, toChannel(c.ChannelID, payload{Edit: c.MessageID, Content: texts.ChallengeExpired(b.lang(c.Challenger), mention(c.Challenger))}))
		}
		if _, err := b.st.DeleteChallenge(c.ID, out); err != nil {
			b.log.Warn("expire challenge", "id", c.ID, "err", err)
		}
	}
	if len(cs) > 0 {
		b.kickOutbox()
	}
}
