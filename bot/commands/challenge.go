package commands

import (
	"maps"
	"slices"
	"strconv"
	"time"

	"github.com/bwmarrin/discordgo"

	"shinpan/bot/compose"
	"shinpan/bot/interact"
	"shinpan/bot/texts"
	"shinpan/bot/texts/uitexts"
	"shinpan/player"
	"shinpan/referee"
	"shinpan/referee/policy"
	"shinpan/referee/view"
	"shinpan/store"
)

// Challenges: posting one (a card with Accept and Decline), accepting,
// declining, cancelling, and expiry.

// Challenge posts a challenge card with Accept and Decline buttons, or
// starts a game against the CPU at once when the opponent is the bot.
func (cm *Commands) Challenge(r *interact.Req) (interact.Answer, error) {
	if ScopeOf(r).Guild == "" {
		return interact.Say(uitexts.UI(r.Lang, uitexts.ChallengeInGuild)), nil
	}
	gs := cm.host.GuildSettings(ScopeOf(r).Guild)
	v, opts, refusal := cm.ChallengeOptions(r, gs)
	if refusal != "" {
		return interact.Say(refusal), nil
	}
	opp := r.Opts.User("opponent")
	if opp == r.User {
		return interact.Say(uitexts.UI(r.Lang, uitexts.ChallengeSelf)), nil
	}
	color := store.ColorChoice(r.Opts.Str("color"))
	if color == "" {
		color = store.ColorRandom
	}
	ranked, _ := r.Opts.Flag("ranked")
	c := store.Challenge{GuildID: r.I.GuildID, ChannelID: r.I.ChannelID, Challenger: r.User, ChallengerName: r.DisplayName(), Challenged: opp,
		Variant: v, Options: opts, Color: color, Ranked: ranked, GuildLocale: compose.PublicLocale(gs, r.GuildLocale()), PublicNotation: gs.Notation,
		ExpiresAt: cm.now().Add(time.Duration(cm.cfg.ChallengeMinutes) * time.Minute)}
	cpu, refusal := cm.cpuChoice(r)
	if refusal != "" {
		return interact.Say(refusal), nil
	}
	if opp != "" && opp == cm.host.BotID() {
		r.Ack() // the game starts now: DMs, boards, the store
		c.Challenged, c.Ranked, c.CPU = store.CPU, false, cpu
		a, err := cm.host.StartGame(r, c, store.CPU) // the CPU always accepts; never rated
		if ranked && err == nil && a.Text != "" {
			a.Text = uitexts.UnrankedCPU(r.Lang) + "\n" + a.Text // ranked:true asked for what cannot be
		}
		return a, err
	}
	if ranked && !opts.RankedOK() {
		return interact.Say(uitexts.RankedAway(r.Lang, policy.MinRankedAway)), nil
	}
	if opp != "" && r.I.ApplicationCommandData().Resolved != nil {
		if ru := r.I.ApplicationCommandData().Resolved.Users[opp]; ru != nil && ru.Bot {
			return interact.Say(uitexts.UI(r.Lang, uitexts.ChallengeBot)), nil
		}
	}
	defer cm.acceptMu.Lock("challenger:" + r.User)() // the count and the new challenge together
	if n, err := cm.openChallengesOf(r.User, c.GuildID); err != nil {
		return interact.Answer{}, err
	} else if n >= cm.cfg.MaxOpenChallenges {
		return interact.Say(uitexts.TooManyChallenges(r.Lang, n)), nil
	}
	c, err := cm.st.CreateChallenge(c, nil)
	if err != nil {
		return interact.Answer{}, err
	}
	// The card is the interaction's public answer; its message id is kept so
	// acceptance or expiry can edit it.
	chLang := cm.readers.ChallengeLang(c)
	return interact.Answer{Text: uitexts.ChallengeCard(chLang, compose.ChallengeText(c)), Public: true, Mentions: []string{opp},
		Buttons: challengeButtons(chLang, c.ID),
		Posted: func(m *discordgo.Message) {
			if err := cm.st.SetChallengeMessage(c.ID, m.ID); err != nil {
				cm.log.Warn("challenge message id", "challenge", c.ID, "err", err)
			}
		}}, nil
}

// openChallengesOf counts user's unexpired challenges on a server.
func (cm *Commands) openChallengesOf(user, guild string) (int, error) {
	cs, err := cm.st.Challenges()
	if err != nil {
		return 0, err
	}
	n := 0
	for _, c := range cs {
		if c.Challenger == user && c.GuildID == guild && c.ExpiresAt.After(cm.now()) {
			n++
		}
	}
	return n, nil
}

// ChallengeOptions reads the variant and the options of /shogi challenge
// over the server's defaults, over the configured ones; refusal says what is
// wrong.
func (cm *Commands) ChallengeOptions(r *interact.Req, gs store.GuildSettings) (view.Variant, policy.Options, string) {
	v, err := referee.ParseVariant(r.Opts.Str("variant"))
	if err != nil {
		return "", policy.Options{}, texts.OptionRefusal(r.Lang, err)
	}
	if err := policy.CheckApplies(v, slices.Sorted(maps.Keys(givenOptions(r.Opts)))); err != nil {
		return "", policy.Options{}, texts.OptionRefusal(r.Lang, err) // foul_limit in Masked: ignored, so refused
	}
	opts := cm.cfg.Options(v)
	if err := applyDefaults(&opts, gs.Defaults[string(v)]); err != nil { // the server's (admin.go)
		return "", policy.Options{}, texts.OptionRefusal(r.Lang, err)
	}
	if err := applyOptions(&opts, r.Opts); err != nil {
		return "", policy.Options{}, texts.OptionRefusal(r.Lang, err)
	}
	if err := opts.Validate(v); err != nil {
		return "", policy.Options{}, texts.OptionRefusal(r.Lang, err)
	}
	return v, opts, ""
}

// cpuChoice reads level: and think:, which only a challenge to the bot itself
// may give; think: within the configured maximum.
func (cm *Commands) cpuChoice(r *interact.Req) (*store.CPUChoice, string) {
	level := r.Opts.Str("level")
	think, thinkSet := r.Opts.Num("think")
	if level == "" && !thinkSet {
		return nil, ""
	}
	if opp := r.Opts.User("opponent"); opp == "" || opp != cm.host.BotID() {
		return nil, uitexts.CPUOnly(r.Lang)
	}
	if _, err := player.ParseLevel(level); err != nil {
		return nil, uitexts.CPUOnly(r.Lang)
	}
	if thinkSet && (think < minThinkMillis || think > cm.cfg.CPUMaxMoveMillis) {
		return nil, uitexts.ThinkMax(r.Lang, cm.cfg.CPUMaxMoveMillis)
	}
	return &store.CPUChoice{Level: level, MoveMillis: think}, ""
}

func challengeButtons(l texts.Lang, id uint64) []compose.Button {
	return []compose.Button{
		{ID: "accept:" + strconv.FormatUint(id, 10), Label: uitexts.UI(l, uitexts.ButtonAccept), Style: int(discordgo.SuccessButton)},
		{ID: "decline:" + strconv.FormatUint(id, 10), Label: uitexts.UI(l, uitexts.ButtonDecline), Style: int(discordgo.DangerButton)},
	}
}

// challengeArg is the challenge an accept or decline means: the number given,
// else the newest addressed to the user in this channel, else the newest open
// one.
func (cm *Commands) challengeArg(r *interact.Req) (uint64, error) {
	if n, ok := r.Opts.Num("challenge"); ok {
		return uint64(n), nil
	}
	cs, err := cm.st.Challenges()
	if err != nil {
		return 0, err
	}
	var open uint64
	for k := len(cs) - 1; k >= 0; k-- {
		c := cs[k]
		if c.ChannelID != r.I.ChannelID || !c.ExpiresAt.After(cm.now()) {
			continue
		}
		if c.Challenged == r.User {
			return c.ID, nil
		}
		if c.Open() && c.Challenger != r.User && open == 0 {
			open = c.ID
		}
	}
	return open, nil
}

func (cm *Commands) Accept(r *interact.Req) (interact.Answer, error) {
	id, err := cm.challengeArg(r)
	if err != nil {
		return interact.Answer{}, err
	}
	if id == 0 {
		return interact.Say(uitexts.UI(r.Lang, uitexts.NoChallengeToAccept)), nil
	}
	return cm.accept(r, id)
}

func (cm *Commands) AcceptButton(r *interact.Req) (interact.Answer, error) {
	return cm.accept(r, r.Arg)
}

func mayAccept(c store.Challenge, user string) bool {
	if c.Open() {
		return user != c.Challenger
	}
	return user == c.Challenged
}

// accept starts the game of challenge id for the user of r. Outside the
// challenge's scope every refusal reads as "no such challenge".
func (cm *Commands) accept(r *interact.Req, id uint64) (interact.Answer, error) {
	defer cm.acceptMu.Lock("challenge:" + strconv.FormatUint(id, 10))() // a second press waits, then finds the challenge gone
	c, err := cm.st.GetChallenge(id)
	switch {
	case err != nil || id == 0 || !ScopeOf(r).HasChallenge(c):
		return interact.Say(uitexts.UI(r.Lang, uitexts.NoChallenge)), nil
	case !mayAccept(c, r.User):
		return interact.Say(uitexts.UI(r.Lang, uitexts.NotYourChallenge)), nil
	case !c.ExpiresAt.After(cm.now()):
		return interact.Say(uitexts.UI(r.Lang, uitexts.ChallengeTimedOut)), nil
	}
	if c.MessageID == "" && r.I.Message != nil && r.I.Type == discordgo.InteractionMessageComponent && r.I.ChannelID == c.ChannelID {
		// Accepted by its card's button before the card's id was stored
		// (the challenge's answer is read back after it is posted): the
		// card is the button's message, and is edited to say so all the same.
		c.MessageID = r.I.Message.ID
	}
	return cm.host.StartGame(r, c, r.User)
}

func (cm *Commands) Decline(r *interact.Req) (interact.Answer, error) {
	id, err := cm.challengeArg(r)
	if err != nil {
		return interact.Answer{}, err
	}
	if id == 0 {
		return interact.Say(uitexts.UI(r.Lang, uitexts.NoChallengeToDecline)), nil
	}
	return cm.decline(r, id, false)
}

func (cm *Commands) DeclineButton(r *interact.Req) (interact.Answer, error) {
	return cm.decline(r, r.Arg, false)
}

// Cancel withdraws the user's newest challenge in scope.
func (cm *Commands) Cancel(r *interact.Req) (interact.Answer, error) {
	cs, err := cm.st.Challenges()
	if err != nil {
		return interact.Answer{}, err
	}
	for k := len(cs) - 1; k >= 0; k-- {
		if cs[k].Challenger == r.User && ScopeOf(r).HasChallenge(cs[k]) {
			return cm.decline(r, cs[k].ID, true)
		}
	}
	return interact.Say(uitexts.UI(r.Lang, uitexts.NoChallengeToCancel)), nil
}

// decline ends a challenge: by the challenged person (decline) or the
// challenger (cancel); the card is edited to say so.
func (cm *Commands) decline(r *interact.Req, id uint64, cancel bool) (interact.Answer, error) {
	c, err := cm.st.GetChallenge(id)
	if err != nil || !ScopeOf(r).HasChallenge(c) {
		return interact.Say(uitexts.UI(r.Lang, uitexts.NoChallenge)), nil
	}
	if c.Challenger != r.User && (cancel || c.Challenged != r.User) {
		return interact.Say(uitexts.UI(r.Lang, uitexts.NotYourChallenge)), nil
	}
	edited := uitexts.ChallengeDeclined
	if c.Challenger == r.User {
		edited = uitexts.ChallengeWithdrawn
	}
	var out []store.OutMsg
	if c.MessageID != "" {
		out = append(out, compose.ToChannel(c.ChannelID, compose.Payload{Edit: c.MessageID, Content: edited(cm.readers.ChallengeLang(c), compose.Mention(r.User)), Mentions: []string{}}))
	}
	if _, err := cm.st.DeleteChallenge(id, out); err != nil {
		return interact.Say(uitexts.UI(r.Lang, uitexts.NoChallenge)), nil
	}
	cm.host.Kick()
	if c.Challenger == r.User {
		return interact.Say(uitexts.YouWithdrew(r.Lang, id)), nil
	}
	return interact.Say(uitexts.YouDeclined(r.Lang, id)), nil
}

// ExpireChallenges edits and deletes the challenges whose time is up.
func (cm *Commands) ExpireChallenges() {
	cs, err := cm.st.ExpiredChallenges(cm.now())
	if err != nil {
		return
	}
	for _, c := range cs {
		if !cm.host.OwnsPartition(uint32(c.ID % store.Partitions)) {
			continue // a challenge expires in the process owning its number's partition
		}
		var out []store.OutMsg
		if c.MessageID != "" {
			out = append(out, compose.ToChannel(c.ChannelID, compose.Payload{Edit: c.MessageID, Content: uitexts.ChallengeExpired(cm.readers.ChallengeLang(c), compose.Mention(c.Challenger))}))
		}
		if _, err := cm.st.DeleteChallenge(c.ID, out); err != nil {
			cm.log.Warn("expire challenge", "challenge", c.ID, "err", err)
		}
	}
	if len(cs) > 0 {
		cm.host.Kick()
	}
}
