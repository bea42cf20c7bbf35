package bot

import (
	"bytes"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"shinpan/bot/texts"
	"shinpan/rating"
	"shinpan/referee"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
	"shinpan/store"
)

// Rematch, ratings, history, records and settings: what players expect around
// a game (issue 7).

func (b *Bot) cmdRematch(i *discordgo.InteractionCreate, u *discordgo.User, o optMap) {
	var id store.GameID
	if n, ok := o.num("game"); ok {
		id = store.GameID(n)
	} else if gs, err := b.st.RecentGames(u.ID, 50); err == nil {
		for _, g := range gs {
			if scopeOf(i, u.ID).game(g) {
				id = g.ID
				break
			}
		}
	}
	b.rematch(i, u, id)
}

func (b *Bot) btnRematch(i *discordgo.InteractionCreate, u *discordgo.User, id uint64, _ []string) {
	b.rematch(i, u, store.GameID(id))
}

// rematch posts a challenge to the other player of a finished game with the
// same settings, colours swapped when the game's option says so.
func (b *Bot) rematch(i *discordgo.InteractionCreate, u *discordgo.User, id store.GameID) {
	l := b.lang(u.ID)
	if id == 0 {
		b.reply(i, texts.UI(l, texts.NoGame), true)
		return
	}
	meta, err := b.st.GetGame(id)
	c, ok := seat(meta, u.ID)
	if err != nil || !ok || !scopeOf(i, u.ID).game(meta) {
		b.reply(i, texts.RematchNotYours(l, uint64(id)), true)
		return
	}
	if meta.Status.Live() {
		b.reply(i, texts.UI(l, texts.AlreadyStarted), true)
		return
	}
	opp := meta.Players[c.Opp()]
	color := store.ColorBlack // the challenger keeps their colour
	if c == shogi.White {
		color = store.ColorWhite
	}
	if meta.Options.SwapOnRematch {
		if color == store.ColorBlack {
			color = store.ColorWhite
		} else {
			color = store.ColorBlack
		}
	}
	if isCPU(opp) {
		b.startCPUGame(i, u, meta.Variant, meta.Options, color) // the CPU always accepts
		return
	}
	ch, err := b.st.CreateChallenge(store.Challenge{GuildID: meta.GuildID, ChannelID: meta.ChannelID, Challenger: u.ID,
		Challenged: opp, Variant: meta.Variant, Options: meta.Options, Color: color, Ranked: meta.Ranked,
		ExpiresAt: b.now().Add(time.Duration(b.cfg.ChallengeMinutes) * time.Minute)}, nil)
	if err != nil {
		b.reply(i, texts.UI(l, texts.InternalError), true)
		return
	}
	b.reply(i, texts.UI(l, texts.RematchSent), true)
	msg, err := b.postMessage(meta.ChannelID, payload{Content: texts.ChallengeCard(l, challengeText(ch)), Mentions: []string{opp},
		Buttons: challengeButtons(l, ch.ID)}, "")
	if err != nil {
		b.log.Warn("rematch card", "err", err)
		return
	}
	if err := b.st.SetChallengeMessage(ch.ID, msg.ID); err != nil {
		b.log.Warn("rematch card id", "err", err)
	}
}

func challengeButtons(l texts.Lang, id uint64) []button {
	return []button{
		{ID: "accept:" + itoa(id), Label: texts.UI(l, texts.ButtonAccept), Style: int(discordgo.SuccessButton)},
		{ID: "decline:" + itoa(id), Label: texts.UI(l, texts.ButtonDecline), Style: int(discordgo.DangerButton)}}
}

// rate updates the players' Glicko-2 ratings after a ranked game between two
// people (each game its own rating period; a draw is half a win), each player
// only when ratedSeats allows it. Games against the CPU and aborted games are
// never rated.
func (b *Bot) rate(id store.GameID) {
	meta, err := b.st.GetGame(id)
	if err != nil || meta.Rated {
		return
	}
	seats := ratedSeats(meta)
	if !seats[0] && !seats[1] {
		return
	}
	var rs [2]store.Rating
	var rt [2]rating.Rating
	for c := range rs {
		r, err := b.st.GetRating(meta.GuildID, meta.Variant, meta.Players[c])
		if err != nil {
			n := rating.New()
			r = store.Rating{GuildID: meta.GuildID, Variant: meta.Variant, UserID: meta.Players[c], Rating: n.Rating, RD: n.Deviation, Volatility: n.Volatility}
		}
		rs[c], rt[c] = r, rating.Rating{Rating: r.Rating, Deviation: r.RD, Volatility: r.Volatility}
	}
	score := 0.5
	if w := meta.Result.Winner; w != nil {
		score = 1
		if *w == shogi.White {
			score = 0
		}
	}
	nb, nw := rating.Game(rt[0], rt[1], score)
	for c, n := range []rating.Rating{nb, nw} {
		r := &rs[c]
		r.Rating, r.RD, r.Volatility = n.Rating, n.Deviation, n.Volatility
		r.Games++
		s := score
		if c == 1 {
			s = 1 - score
		}
		switch s {
		case 1:
			r.Wins++
		case 0:
			r.Losses++
		default:
			r.Draws++
		}
	}
	var apply []store.Rating
	for c := range rs {
		if seats[c] {
			apply = append(apply, rs[c])
		}
	}
	if err := b.st.ApplyRatings(id, apply...); err != nil {
		b.log.Warn("ratings", "game", id, "err", err)
	}
}

func (b *Bot) cmdRating(i *discordgo.InteractionCreate, u *discordgo.User, o optMap) {
	l := b.lang(u.ID)
	who := o.user("user")
	if who == "" {
		who = u.ID
	}
	vs := []view.Variant{view.Tsuitate, view.Masked, view.Dark, view.Standard}
	if v, err := referee.ParseVariant(o.str("variant")); err == nil {
		vs = []view.Variant{v}
	}
	var lines []string
	for _, v := range vs {
		r, err := b.st.GetRating(i.GuildID, v, who)
		if err != nil {
			if len(vs) == 1 {
				lines = append(lines, texts.Unrated(l, mention(who), v))
			}
			continue
		}
		lines = append(lines, texts.RatingLine(l, mention(who), v, int(math.Round(r.Rating)), int(math.Round(r.RD)), r.Games, r.Wins, r.Losses, r.Draws))
	}
	if len(lines) == 0 {
		lines = append(lines, texts.Unrated(l, mention(who), view.Tsuitate))
	}
	b.reply(i, strings.Join(lines, "\n"), true)
}

func (b *Bot) cmdLeaderboard(i *discordgo.InteractionCreate, u *discordgo.User, o optMap) {
	l := b.lang(u.ID)
	v, err := referee.ParseVariant(o.str("variant"))
	if err != nil {
		v = view.Tsuitate
	}
	top, me, err := b.st.Leaderboard(i.GuildID, v, 10, u.ID)
	if err != nil {
		b.reply(i, texts.UI(l, texts.InternalError), true)
		return
	}
	var lines []texts.Standing
	for _, s := range top {
		lines = append(lines, texts.Standing{Rank: s.Rank, Name: mention(s.UserID), Rating: int(math.Round(s.Rating.Rating)), RD: int(math.Round(s.RD)), Games: s.Games})
	}
	you := 0
	if me != nil {
		you = me.Rank
	}
	b.reply(i, texts.Leaderboard(l, v, lines, you), true)
}

func (b *Bot) cmdHistory(i *discordgo.InteractionCreate, u *discordgo.User, o optMap) {
	l := b.lang(u.ID)
	who := o.user("user")
	if who == "" {
		who = u.ID
	}
	all, err := b.st.RecentGames(who, 50)
	var gs []store.Game
	for _, g := range all {
		if (g.GuildID == i.GuildID || who == u.ID) && len(gs) < 10 {
			gs = append(gs, g) // other servers' games only in one's own history
		}
	}
	if err != nil || len(gs) == 0 {
		b.reply(i, texts.UI(l, texts.HistoryEmpty), true)
		return
	}
	var lines []string
	for _, g := range gs {
		res := "—"
		if g.Result != nil {
			res = texts.ResultLine(b.textCtx(l, g, nil, ""), g.Result)
		}
		if why := notRatedWhy(l, g); why != "" {
			res += " · " + why
		}
		lines = append(lines, texts.HistoryLine(l, uint64(g.ID), g.Variant, mention(g.Players[0]), mention(g.Players[1]), res))
	}
	b.reply(i, strings.Join(lines, "\n"), true)
}

// cmdRecord sends a finished game's record (KIF, KI2 or CSA as the format
// option says), with the hidden information; never while the game goes on.
func (b *Bot) cmdRecord(i *discordgo.InteractionCreate, u *discordgo.User, o optMap) {
	l := b.lang(u.ID)
	n, _ := o.num("game")
	id := store.GameID(n)
	meta, entries, err := b.st.LoadGame(id)
	if err != nil || !scopeOf(i, u.ID).game(meta) {
		b.reply(i, texts.UI(l, texts.NoGame), true) // another server's game is none of this one's business
		return
	}
	if meta.Status.Live() {
		b.reply(i, texts.RecordNotYet(l, uint64(id)), true)
		return
	}
	b.deferReply(i, true)
	g, err := rebuild(meta, entries)
	if err != nil {
		b.followup(i, texts.UI(l, texts.InternalError), true)
		return
	}
	format := o.str("format")
	if format == "" {
		format = recordFormats[0]
	}
	data, err := gameRecord(meta, g, format)
	if err != nil {
		b.followup(i, texts.UI(l, texts.InternalError), true)
		return
	}
	_, err = b.s.FollowupMessageCreate(i.Interaction, true, &discordgo.WebhookParams{Content: texts.RecordSent(l, uint64(id)),
		Flags: discordgo.MessageFlagsEphemeral, AllowedMentions: mentions(nil),
		Files: []*discordgo.File{{Name: fmt.Sprintf("shinpan-%d.%s", id, format), ContentType: "text/plain", Reader: bytes.NewReader(data)}}})
	if err != nil {
		b.log.Warn("record", "err", err)
	}
}

func (b *Bot) cmdSettings(i *discordgo.InteractionCreate, u *discordgo.User, o optMap) {
	st, err := b.st.UpdateSettings(u.ID, func(s *store.Settings) {
		if v := o.str("notation"); v != "" {
			s.Notation = store.Notation(v)
		}
		if v := o.str("language"); v != "" {
			s.Language = v
		}
		if v := o.str("orientation"); v != "" {
			s.Orientation = v
		}
		if v := o.str("theme"); v != "" {
			s.Theme = v
		}
	})
	l := b.lang(u.ID)
	if err != nil {
		b.reply(i, texts.UI(l, texts.InternalError), true)
		return
	}
	or := func(s, d string) string {
		if s == "" {
			return d
		}
		return s
	}
	notationDefault := "western"
	if l == texts.JA {
		notationDefault = "japanese"
	}
	b.reply(i, texts.SettingsSaved(l, or(string(st.Notation), notationDefault), or(st.Language, "en"), or(st.Orientation, "own"), or(st.Theme, "light")), true)
}
