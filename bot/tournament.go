package bot

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"shinpan/bot/compose"
	"shinpan/bot/texts"
	"shinpan/referee"
	"shinpan/referee/policy"
	"shinpan/referee/shogi"
	"shinpan/store"
	"shinpan/tournament"
)

// /shogi tournament: creating a tournament, signing up, the organiser's and
// the moderators' decisions, the standings. Package tournament decides; every
// change is one store.EditTournament (compare-and-set), after which the loop
// (tournament_run.go) starts the games it made and edits the card.

// tnModerator: the member may manage the server (or is an administrator),
// as Discord computed their permissions in this channel.
func tnModerator(r *req) bool {
	m := r.i.Member
	return m != nil && m.Permissions&(discordgo.PermissionManageGuild|discordgo.PermissionAdministrator) != 0
}

// tnSay answers with one of the tournament answers.
func tnSay(r *req, kind string, t store.Tournament) answer {
	return say(texts.Tournament(r.lang, kind, texts.TournamentTitle(r.lang, t.ID, t.Name)))
}

// tnRefusal words what package tournament (or the store) refused.
func tnRefusal(r *req, t store.Tournament, err error) (answer, error) {
	for _, e := range []struct {
		err  error
		kind string
	}{{tournament.ErrClosed, "closed"}, {tournament.ErrFull, "full"}, {tournament.ErrJoined, "joined_already"},
		{tournament.ErrNotJoined, "not_joined"}, {tournament.ErrKicked, "kicked"}, {tournament.ErrTooFew, "too_few"},
		{tournament.ErrNotRunning, "not_running"}, {tournament.ErrNotPaused, "not_paused"}, {tournament.ErrOver, "over"},
		{tournament.ErrConfig, "config"}, {store.ErrConflict, "busy"}} {
		if errors.Is(err, e.err) {
			return tnSay(r, e.kind, t), nil
		}
	}
	if errors.Is(err, tournament.ErrNoPairing) {
		round, _ := r.opts.num("round")
		board, _ := r.opts.num("board")
		return say(texts.TournamentNoPairing(r.lang, round, board)), nil
	}
	return answer{}, err
}

// tnFind is the tournament a command means: the number given (of this
// server), else the newest of this channel.
func (b *Bot) tnFind(r *req) (store.Tournament, bool, error) {
	if r.sc.guild == "" {
		return store.Tournament{}, false, nil
	}
	if n, ok := r.opts.num("tournament"); ok {
		t, err := b.st.GetTournament(uint64(n))
		if errors.Is(err, store.ErrNotFound) || err == nil && t.GuildID != r.sc.guild {
			return store.Tournament{}, false, nil
		}
		return t, err == nil, err
	}
	ts, err := b.st.GuildTournaments(r.sc.guild, 50)
	if err != nil {
		return store.Tournament{}, false, err
	}
	for _, t := range ts {
		if t.ChannelID == r.i.ChannelID {
			return t, true, nil
		}
	}
	return store.Tournament{}, false, nil
}

// tnCommand finds the tournament of r and runs do on it; who is "" (anyone),
// "organiser" (the organiser or a moderator) or "mods".
func (b *Bot) tnCommand(r *req, who string, do func(store.Tournament) (answer, error)) (answer, error) {
	if r.sc.guild == "" {
		return say(texts.Tournament(r.lang, "in_guild", "")), nil
	}
	t, ok, err := b.tnFind(r)
	if err != nil {
		return answer{}, err
	}
	if !ok {
		return say(texts.Tournament(r.lang, "none", "")), nil
	}
	switch {
	case who == "mods" && !tnModerator(r):
		return tnSay(r, "mods", t), nil
	case who == "organiser" && !tnModerator(r) && t.State.Organiser != r.user:
		return tnSay(r, "organiser", t), nil
	}
	return do(t)
}

func (b *Bot) cmdTnCreate(r *req) (answer, error) {
	if r.sc.guild == "" {
		return say(texts.Tournament(r.lang, "in_guild", "")), nil
	}
	gs := b.guildSettings(r.sc.guild)
	if gs.TournamentCreate != store.TournamentsByEveryone && !tnModerator(r) {
		return say(texts.Tournament(r.lang, "create_mods", "")), nil
	}
	v, opts, refusal := b.challengeOptions(r, gs)
	if refusal != "" {
		return say(refusal), nil
	}
	cfg := tournament.Config{Format: tournament.Format(r.opts.str("format")), Variant: v}
	cfg.Rounds, _ = r.opts.num("rounds")
	cfg.Cycles, _ = r.opts.num("cycles")
	minutes, _ := r.opts.num("minutes")
	cfg.Duration = time.Duration(minutes) * time.Minute
	switch {
	case cfg.Format == tournament.Swiss && cfg.Rounds == 0:
		return say(texts.Tournament(r.lang, "rounds", "")), nil
	case cfg.Format == tournament.Arena && minutes == 0:
		return say(texts.Tournament(r.lang, "minutes", "")), nil
	}
	if m, ok := r.opts.num("start_in"); ok {
		cfg.StartAt = b.now().Add(time.Duration(m) * time.Minute)
	}
	cfg.MaxPlayers, _ = r.opts.num("players")
	brk, _ := r.opts.num("break")
	cfg.Break = time.Duration(brk) * time.Minute
	cfg.CPUByes, _ = r.opts.flag("cpu_bye")
	ranked, _ := r.opts.flag("ranked")
	if ranked && !opts.RankedOK() {
		return say(texts.RankedAway(r.lang, policy.MinRankedAway)), nil
	}
	state, err := tournament.New(cfg, r.user, b.now())
	if err != nil {
		return say(texts.Tournament(r.lang, "config", "")), nil
	}
	t := store.Tournament{GuildID: r.sc.guild, ChannelID: r.i.ChannelID, Name: r.opts.str("name"), Options: opts,
		Ranked: ranked, GuildLocale: publicLocale(r, gs), PublicNotation: gs.Notation, State: state}
	if t, err = b.st.CreateTournament(t, nil); err != nil {
		if errors.Is(err, store.ErrInvalid) {
			return say(texts.Tournament(r.lang, "config", "")), nil
		}
		return answer{}, err
	}
	b.tn().wake(t.ID)
	p := b.tnCard(t)
	return answer{text: p.Content, public: true, buttons: p.Buttons, mentions: []string{},
		posted: func(m *discordgo.Message) {
			_, _, err := store.EditTournament(b.st, t.ID, func(t *store.Tournament) ([]store.NewGame, []store.OutMsg, error) {
				t.MessageID = m.ID
				return nil, nil, nil
			})
			if err != nil {
				b.log.Warn("tournament card id", "tournament", t.ID, "err", err)
			}
		}}, nil
}

// tnRating is what a player's rating is for seeding (1500 unrated).
func (b *Bot) tnRating(t store.Tournament, user string) float64 {
	if rt, err := b.st.GetRating(t.GuildID, t.State.Config.Variant, user); err == nil && rt.Games > 0 {
		return rt.Rating
	}
	return 1500
}

func (b *Bot) cmdTnJoin(r *req) (answer, error) {
	return b.tnCommand(r, "", func(t store.Tournament) (answer, error) { return b.tnJoin(r, t) })
}

func (b *Bot) btnTnJoin(r *req) (answer, error) {
	t, err := b.st.GetTournament(r.arg)
	if err != nil || t.GuildID != r.sc.guild || r.sc.guild == "" {
		return say(texts.Tournament(r.lang, "none", "")), nil
	}
	return b.tnJoin(r, t)
}

func (b *Bot) tnJoin(r *req, t store.Tournament) (answer, error) {
	rating := b.tnRating(t, r.user)
	saved, _, err := b.tnEdit(t.ID, func(t *store.Tournament) ([]store.NewGame, []store.OutMsg, error) {
		return nil, nil, t.State.Join(tournament.Player{ID: r.user, Rating: rating}, b.now())
	})
	if err != nil {
		return tnRefusal(r, t, err)
	}
	return tnSay(r, "joined", saved), nil
}

func (b *Bot) cmdTnLeave(r *req) (answer, error) {
	return b.tnCommand(r, "", func(t store.Tournament) (answer, error) {
		if t.State.Status != tournament.StatusSignup {
			if t.State.Status.Over() {
				return tnSay(r, "over", t), nil
			}
			return tnSay(r, "not_started", t), nil
		}
		return b.tnWithdraw(r, t, r.user, false)
	})
}

func (b *Bot) cmdTnWithdraw(r *req) (answer, error) {
	return b.tnCommand(r, "", func(t store.Tournament) (answer, error) { return b.tnWithdraw(r, t, r.user, false) })
}

func (b *Bot) cmdTnKick(r *req) (answer, error) {
	return b.tnCommand(r, "mods", func(t store.Tournament) (answer, error) { return b.tnWithdraw(r, t, r.opts.user("user"), true) })
}

// tnWithdraw takes user out of t (kick: for good) and resigns the games
// they are playing in it.
func (b *Bot) tnWithdraw(r *req, t store.Tournament, user string, kick bool) (answer, error) {
	var games []uint64
	saved, _, err := b.tnEdit(t.ID, func(t *store.Tournament) ([]store.NewGame, []store.OutMsg, error) {
		var err error
		if kick {
			games, err = t.State.Kick(user, b.now())
		} else {
			games, err = t.State.Withdraw(user, b.now())
		}
		return nil, nil, err
	})
	if kick && errors.Is(err, tournament.ErrNotJoined) {
		return say(texts.TournamentKickNotIn(r.lang, compose.Mention(user), texts.TournamentTitle(r.lang, t.ID, t.Name))), nil
	}
	if err != nil {
		return tnRefusal(r, t, err)
	}
	for _, g := range games {
		b.tnResign(store.GameID(g), user, r.i.ID)
	}
	switch {
	case kick:
		return say(texts.TournamentKicked(r.lang, compose.Mention(user), texts.TournamentTitle(r.lang, saved.ID, saved.Name))), nil
	case t.State.Status == tournament.StatusSignup:
		return tnSay(r, "left", saved), nil
	}
	return tnSay(r, "withdrew", saved), nil
}

// tnResign resigns game id for user (who left the tournament).
func (b *Bot) tnResign(id store.GameID, user, key string) {
	meta, err := b.st.GetGame(id)
	if err != nil || !meta.Status.Live() {
		return
	}
	for c, p := range meta.Players {
		if p == user {
			b.act(id, user, referee.Action{Kind: referee.ActResign, Player: shogi.Color(c)}, "tn-resign:"+key+":"+itoa(uint64(id)))
		}
	}
}

func (b *Bot) cmdTnStart(r *req) (answer, error) {
	return b.tnCommand(r, "organiser", func(t store.Tournament) (answer, error) {
		saved, _, err := b.tnEdit(t.ID, func(t *store.Tournament) ([]store.NewGame, []store.OutMsg, error) {
			if err := t.State.Start(b.now()); err != nil {
				return nil, nil, err
			}
			return b.tnAdvance(t)
		})
		if err != nil {
			return tnRefusal(r, t, err)
		}
		return tnSay(r, "started", saved), nil
	})
}

func (b *Bot) cmdTnPause(r *req) (answer, error) {
	return b.tnSimple(r, "paused", func(t *tournament.Tournament) error { return t.Pause() })
}

func (b *Bot) cmdTnResume(r *req) (answer, error) {
	return b.tnSimple(r, "resumed", func(t *tournament.Tournament) error { return t.Resume() })
}

// tnSimple is an organiser's decision that starts no game by itself.
func (b *Bot) tnSimple(r *req, done string, fn func(*tournament.Tournament) error) (answer, error) {
	return b.tnCommand(r, "organiser", func(t store.Tournament) (answer, error) {
		saved, _, err := b.tnEdit(t.ID, func(t *store.Tournament) ([]store.NewGame, []store.OutMsg, error) {
			if err := fn(&t.State); err != nil {
				return nil, nil, err
			}
			return b.tnAdvance(t)
		})
		if err != nil {
			return tnRefusal(r, t, err)
		}
		return tnSay(r, done, saved), nil
	})
}

func (b *Bot) cmdTnCancel(r *req) (answer, error) {
	return b.tnCommand(r, "organiser", func(t store.Tournament) (answer, error) {
		saved, _, err := b.tnEdit(t.ID, func(t *store.Tournament) ([]store.NewGame, []store.OutMsg, error) {
			if _, err := t.State.Cancel(b.now()); err != nil {
				return nil, nil, err
			}
			return nil, b.tnEndPosts(t), nil
		})
		if err != nil {
			return tnRefusal(r, t, err)
		}
		return tnSay(r, "cancelled", saved), nil // its games go on as ordinary games
	})
}

func (b *Bot) cmdTnResult(r *req) (answer, error) {
	return b.tnCommand(r, "mods", func(t store.Tournament) (answer, error) {
		round, _ := r.opts.num("round")
		board, _ := r.opts.num("board")
		res := tournament.Result(r.opts.str("result"))
		if res == "none" {
			res = tournament.NoResult
		}
		var game uint64
		_, _, err := b.tnEdit(t.ID, func(t *store.Tournament) ([]store.NewGame, []store.OutMsg, error) {
			var err error
			if game, err = t.State.Adjudicate(round, board, res, b.now()); err != nil {
				return nil, nil, err
			}
			return b.tnAdvance(t)
		})
		if err != nil {
			return tnRefusal(r, t, err)
		}
		if game != 0 { // a game going on ends without a result of its own
			if meta, err := b.st.GetGame(store.GameID(game)); err == nil && meta.Status.Live() {
				b.act(meta.ID, r.user, referee.Action{Kind: referee.ActEnd}, r.i.ID)
			}
		}
		return say(texts.TournamentAdjudicated(r.lang, round, board, r.opts.str("result"))), nil
	})
}

func (b *Bot) cmdTnStandings(r *req) (answer, error) {
	return b.tnCommand(r, "", func(t store.Tournament) (answer, error) {
		title := texts.TournamentTitle(r.lang, t.ID, t.Name)
		if len(t.State.Players) == 0 {
			return say(texts.TournamentNoOne(r.lang, title)), nil
		}
		format := r.opts.str("format")
		if format == "" || format == "text" {
			lines := texts.StandingLines(r.lang, b.tnStandings(t), 50)
			return say(title + "\n" + strings.Join(lines, "\n")), nil
		}
		ctx, cancel := context.WithTimeout(b.ctx, 3*time.Second)
		defer cancel()
		name := func(id string) string { return b.userName(ctx, id) }
		var data []byte
		var err error
		kind := "text/csv"
		if format == "json" {
			data, err = t.State.StandingsJSON(name)
			kind = "application/json"
		} else {
			data, err = t.State.StandingsCSV(name)
		}
		if err != nil {
			return answer{}, err
		}
		return answer{text: title, files: []compose.File{{Name: "tournament-" + itoa(t.ID) + "." + format, Type: kind, Data: data}}}, nil
	})
}
