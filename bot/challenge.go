package bot

import (
	"time"

	"github.com/bwmarrin/discordgo"

	"shinpan/bot/compose"
	"shinpan/bot/texts"
	"shinpan/player"
	"shinpan/referee"
	"shinpan/referee/policy"
	"shinpan/referee/view"
	"shinpan/store"
)

// Challenges: posting one (a card with Accept and Decline), accepting,
// declining, cancelling, and expiry.

// cmdChallenge posts a challenge card with Accept and Decline buttons, or
// starts a game against the CPU at once when the opponent is the bot.
func (b *Bot) cmdChallenge(r *req) (answer, error) {
	if r.sc.guild == "" {
		return say(texts.UI(r.lang, texts.ChallengeInGuild)), nil
	}
	gs := b.guildSettings(r.sc.guild)
	v, opts, refusal := b.challengeOptions(r, gs)
	if refusal != "" {
		return say(refusal), nil
	}
	opp := r.opts.user("opponent")
	if opp == r.user {
		return say(texts.UI(r.lang, texts.ChallengeSelf)), nil
	}
	color := store.ColorChoice(r.opts.str("color"))
	if color == "" {
		color = store.ColorRandom
	}
	ranked, _ := r.opts.flag("ranked")
	c := store.Challenge{GuildID: r.i.GuildID, ChannelID: r.i.ChannelID, Challenger: r.user, Challenged: opp,
		Variant: v, Options: opts, Color: color, Ranked: ranked, GuildLocale: publicLocale(r, gs), PublicNotation: gs.Notation,
		ExpiresAt: b.now().Add(time.Duration(b.cfg.ChallengeMinutes) * time.Minute)}
	cpu, refusal := b.cpuChoice(r)
	if refusal != "" {
		return say(refusal), nil
	}
	if opp != "" && opp == b.botID() {
		b.ack(r) // the game starts now: DMs, boards, the store
		c.Challenged, c.Ranked, c.CPU = store.CPU, false, cpu
		return b.startGame(r, c, store.CPU) // the CPU always accepts; never rated
	}
	if ranked && !opts.RankedOK() {
		return say(texts.RankedAway(r.lang, policy.MinRankedAway)), nil
	}
	if opp != "" && r.i.ApplicationCommandData().Resolved != nil {
		if ru := r.i.ApplicationCommandData().Resolved.Users[opp]; ru != nil && ru.Bot {
			return say(texts.UI(r.lang, texts.ChallengeBot)), nil
		}
	}
	b.acceptMu.Lock() // the count and the new challenge together
	defer b.acceptMu.Unlock()
	if n, err := b.openChallengesOf(r.user, c.GuildID); err != nil {
		return answer{}, err
	} else if n >= b.cfg.MaxOpenChallenges {
		return say(texts.TooManyChallenges(r.lang, n)), nil
	}
	c, err := b.st.CreateChallenge(c, nil)
	if err != nil {
		return answer{}, err
	}
	// The card is the interaction's public answer; its message id is kept so
	// acceptance or expiry can edit it.
	chLang := b.readers.ChallengeLang(c)
	return answer{text: texts.ChallengeCard(chLang, compose.ChallengeText(c)), public: true, mentions: []string{opp},
		buttons: challengeButtons(chLang, c.ID),
		posted: func(m *discordgo.Message) {
			if err := b.st.SetChallengeMessage(c.ID, m.ID); err != nil {
				b.log.Warn("challenge message id", "challenge", c.ID, "err", err)
			}
		}}, nil
}

// openChallengesOf counts user's unexpired challenges on a server.
func (b *Bot) openChallengesOf(user, guild string) (int, error) {
	cs, err := b.st.Challenges()
	if err != nil {
		return 0, err
	}
	n := 0
	for _, c := range cs {
		if c.Challenger == user && c.GuildID == guild && c.ExpiresAt.After(b.now()) {
			n++
		}
	}
	return n, nil
}

// challengeOptions reads the variant and the options of /shogi challenge
// over the server's defaults, over the configured ones; refusal says what is
// wrong.
func (b *Bot) challengeOptions(r *req, gs store.GuildSettings) (view.Variant, policy.Options, string) {
	v, err := referee.ParseVariant(r.opts.str("variant"))
	if err != nil {
		return "", policy.Options{}, texts.OptionRefusal(r.lang, err)
	}
	opts := b.cfg.options(v)
	if err := applyDefaults(&opts, gs.Defaults[string(v)]); err != nil { // the server's (admin.go)
		return "", policy.Options{}, texts.OptionRefusal(r.lang, err)
	}
	if err := applyOptions(&opts, r.opts); err != nil {
		return "", policy.Options{}, texts.OptionRefusal(r.lang, err)
	}
	if err := opts.Validate(v); err != nil {
		return "", policy.Options{}, texts.OptionRefusal(r.lang, err)
	}
	return v, opts, ""
}

// cpuChoice reads level: and think:, which only a challenge to the bot itself
// may give; think: within the configured maximum.
func (b *Bot) cpuChoice(r *req) (*store.CPUChoice, string) {
	level := r.opts.str("level")
	think, thinkSet := r.opts.num("think")
	if level == "" && !thinkSet {
		return nil, ""
	}
	if opp := r.opts.user("opponent"); opp == "" || opp != b.botID() {
		return nil, texts.CPUOnly(r.lang)
	}
	if _, err := player.ParseLevel(level); err != nil {
		return nil, texts.CPUOnly(r.lang)
	}
	if thinkSet && (think < minThinkMillis || think > b.cfg.CPUMaxMoveMillis) {
		return nil, texts.ThinkMax(r.lang, b.cfg.CPUMaxMoveMillis)
	}
	return &store.CPUChoice{Level: level, MoveMillis: think}, ""
}

func challengeButtons(l texts.Lang, id uint64) []compose.Button {
	return []compose.Button{
		{ID: "accept:" + itoa(id), Label: texts.UI(l, texts.ButtonAccept), Style: int(discordgo.SuccessButton)},
		{ID: "decline:" + itoa(id), Label: texts.UI(l, texts.ButtonDecline), Style: int(discordgo.DangerButton)},
	}
}

// challengeArg is the challenge an accept or decline means: the number given,
// else the newest addressed to the user in this channel, else the newest open
// one.
func (b *Bot) challengeArg(r *req) (uint64, error) {
	if n, ok := r.opts.num("challenge"); ok {
		return uint64(n), nil
	}
	cs, err := b.st.Challenges()
	if err != nil {
		return 0, err
	}
	var open uint64
	for k := len(cs) - 1; k >= 0; k-- {
		c := cs[k]
		if c.ChannelID != r.i.ChannelID || !c.ExpiresAt.After(b.now()) {
			continue
		}
		if c.Challenged == r.user {
			return c.ID, nil
		}
		if c.Open() && c.Challenger != r.user && open == 0 {
			open = c.ID
		}
	}
	return open, nil
}

func (b *Bot) cmdAccept(r *req) (answer, error) {
	id, err := b.challengeArg(r)
	if err != nil {
		return answer{}, err
	}
	return b.accept(r, id)
}

func (b *Bot) btnAccept(r *req) (answer, error) { return b.accept(r, r.arg) }

func mayAccept(c store.Challenge, user string) bool {
	if c.Open() {
		return user != c.Challenger
	}
	return user == c.Challenged
}

// accept starts the game of challenge id for the user of r. Outside the
// challenge's scope every refusal reads as "no such challenge".
func (b *Bot) accept(r *req, id uint64) (answer, error) {
	b.acceptMu.Lock() // a second press waits, then finds the challenge gone
	defer b.acceptMu.Unlock()
	c, err := b.st.GetChallenge(id)
	switch {
	case err != nil || id == 0 || !r.sc.challenge(c):
		return say(texts.UI(r.lang, texts.NoChallenge)), nil
	case !mayAccept(c, r.user):
		return say(texts.UI(r.lang, texts.NotYourChallenge)), nil
	case !c.ExpiresAt.After(b.now()):
		return say(texts.UI(r.lang, texts.ChallengeTimedOut)), nil
	}
	return b.startGame(r, c, r.user)
}

func (b *Bot) cmdDecline(r *req) (answer, error) {
	id, err := b.challengeArg(r)
	if err != nil {
		return answer{}, err
	}
	return b.decline(r, id, false)
}

func (b *Bot) btnDecline(r *req) (answer, error) { return b.decline(r, r.arg, false) }

// cmdCancel withdraws the user's newest challenge in scope.
func (b *Bot) cmdCancel(r *req) (answer, error) {
	cs, err := b.st.Challenges()
	if err != nil {
		return answer{}, err
	}
	for k := len(cs) - 1; k >= 0; k-- {
		if cs[k].Challenger == r.user && r.sc.challenge(cs[k]) {
			return b.decline(r, cs[k].ID, true)
		}
	}
	return say(texts.UI(r.lang, texts.NoChallenge)), nil
}

// decline ends a challenge: by the challenged person (decline) or the
// challenger (cancel); the card is edited to say so.
func (b *Bot) decline(r *req, id uint64, cancel bool) (answer, error) {
	c, err := b.st.GetChallenge(id)
	if err != nil || !r.sc.challenge(c) {
		return say(texts.UI(r.lang, texts.NoChallenge)), nil
	}
	if c.Challenger != r.user && (cancel || c.Challenged != r.user) {
		return say(texts.UI(r.lang, texts.NotYourChallenge)), nil
	}
	edited := texts.ChallengeDeclined
	if c.Challenger == r.user {
		edited = texts.ChallengeWithdrawn
	}
	var out []store.OutMsg
	if c.MessageID != "" {
		out = append(out, compose.ToChannel(c.ChannelID, compose.Payload{Edit: c.MessageID, Content: edited(b.readers.ChallengeLang(c), compose.Mention(r.user)), Mentions: []string{}}))
	}
	if _, err := b.st.DeleteChallenge(id, out); err != nil {
		return say(texts.UI(r.lang, texts.NoChallenge)), nil
	}
	b.ob.Kick()
	if c.Challenger == r.user {
		return say(texts.YouWithdrew(r.lang, id)), nil
	}
	return say(texts.YouDeclined(r.lang, id)), nil
}

// expireChallenges edits and deletes the challenges whose time is up.
func (b *Bot) expireChallenges() {
	cs, err := b.st.ExpiredChallenges(b.now())
	if err != nil {
		return
	}
	for _, c := range cs {
		if b.cl != nil && !b.cl.c.OwnsPartition(uint32(c.ID%store.Partitions)) {
			continue // a challenge expires in the process owning its number's partition
		}
		var out []store.OutMsg
		if c.MessageID != "" {
			out = append(out, compose.ToChannel(c.ChannelID, compose.Payload{Edit: c.MessageID, Content: texts.ChallengeExpired(b.readers.ChallengeLang(c), compose.Mention(c.Challenger))}))
		}
		if _, err := b.st.DeleteChallenge(c.ID, out); err != nil {
			b.log.Warn("expire challenge", "challenge", c.ID, "err", err)
		}
	}
	if len(cs) > 0 {
		b.ob.Kick()
	}
}
