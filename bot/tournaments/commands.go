package tournaments

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"shinpan/bot/compose"
	"shinpan/bot/interact"
	"shinpan/bot/texts/tntexts"
	"shinpan/bot/texts/uitexts"
	"shinpan/referee"
	"shinpan/referee/policy"
	"shinpan/referee/shogi"
	"shinpan/store"
	"shinpan/tournament"
)

// /shogi tournament: creating a tournament, signing up, the organiser's and
// the moderators' decisions, the standings. Package tournament decides; every
// change is one store.EditTournament (compare-and-set), after which the loop
// (runner.go) starts the games it made and edits the card.

// moderator: the member may manage the server (or is an administrator),
// as Discord computed their permissions in this channel.
func moderator(r *interact.Req) bool {
	m := r.I.Member
	return m != nil && m.Permissions&(discordgo.PermissionManageGuild|discordgo.PermissionAdministrator) != 0
}

// say answers with one of the tournament answers.
func say(r *interact.Req, kind string, t store.Tournament) interact.Answer {
	return interact.Say(tntexts.Tournament(r.Lang, kind, tntexts.TournamentTitle(r.Lang, t.ID, t.Name)))
}

// refusal words what package tournament (or the store) refused.
func refusal(r *interact.Req, t store.Tournament, err error) (interact.Answer, error) {
	for _, e := range []struct {
		err  error
		kind string
	}{{tournament.ErrClosed, "closed"}, {tournament.ErrFull, "full"}, {tournament.ErrJoined, "joined_already"},
		{tournament.ErrNotJoined, "not_joined"}, {tournament.ErrKicked, "kicked"}, {tournament.ErrTooFew, "too_few"},
		{tournament.ErrNotRunning, "not_running"}, {tournament.ErrNotPaused, "not_paused"}, {tournament.ErrOver, "over"},
		{tournament.ErrConfig, "config"}, {store.ErrConflict, "busy"}} {
		if errors.Is(err, e.err) {
			return say(r, e.kind, t), nil
		}
	}
	if errors.Is(err, tournament.ErrNoPairing) {
		round, _ := r.Opts.Num("round")
		board, _ := r.Opts.Num("board")
		return interact.Say(tntexts.TournamentNoPairing(r.Lang, round, board)), nil
	}
	return interact.Answer{}, err
}

// find is the tournament a command means: the number given (of this
// server), else the newest of this channel.
func (rn *Runner) find(r *interact.Req) (store.Tournament, bool, error) {
	if r.I.GuildID == "" {
		return store.Tournament{}, false, nil
	}
	if n, ok := r.Opts.Num("tournament"); ok {
		t, err := rn.st.GetTournament(uint64(n))
		if errors.Is(err, store.ErrNotFound) || err == nil && t.GuildID != r.I.GuildID {
			return store.Tournament{}, false, nil
		}
		return t, err == nil, err
	}
	ts, err := rn.st.GuildTournaments(r.I.GuildID, 50)
	if err != nil {
		return store.Tournament{}, false, err
	}
	for _, t := range ts {
		if t.ChannelID == r.I.ChannelID {
			return t, true, nil
		}
	}
	return store.Tournament{}, false, nil
}

// command finds the tournament of r and runs do on it; who is "" (anyone),
// "organiser" (the organiser or a moderator) or "mods".
func (rn *Runner) command(r *interact.Req, who string, do func(store.Tournament) (interact.Answer, error)) (interact.Answer, error) {
	if r.I.GuildID == "" {
		return interact.Say(tntexts.Tournament(r.Lang, "in_guild", "")), nil
	}
	t, ok, err := rn.find(r)
	if err != nil {
		return interact.Answer{}, err
	}
	if !ok {
		return interact.Say(tntexts.Tournament(r.Lang, "none", "")), nil
	}
	switch {
	case who == "mods" && !moderator(r):
		return say(r, "mods", t), nil
	case who == "organiser" && !moderator(r) && t.State.Organiser != r.User:
		return say(r, "organiser", t), nil
	}
	return do(t)
}

func (rn *Runner) Create(r *interact.Req) (interact.Answer, error) {
	if r.I.GuildID == "" {
		return interact.Say(tntexts.Tournament(r.Lang, "in_guild", "")), nil
	}
	gs := rn.host.GuildSettings(r.I.GuildID)
	if gs.TournamentCreate != store.TournamentsByEveryone && !moderator(r) {
		return interact.Say(tntexts.Tournament(r.Lang, "create_mods", "")), nil
	}
	v, opts, refusal := rn.host.ChallengeOptions(r, gs)
	if refusal != "" {
		return interact.Say(refusal), nil
	}
	cfg := tournament.Config{Format: tournament.Format(r.Opts.Str("format")), Variant: v}
	cfg.Rounds, _ = r.Opts.Num("rounds")
	cfg.Cycles, _ = r.Opts.Num("cycles")
	minutes, _ := r.Opts.Num("minutes")
	cfg.Duration = time.Duration(minutes) * time.Minute
	switch {
	case cfg.Format == tournament.Swiss && cfg.Rounds == 0:
		return interact.Say(tntexts.Tournament(r.Lang, "rounds", "")), nil
	case cfg.Format == tournament.Arena && minutes == 0:
		return interact.Say(tntexts.Tournament(r.Lang, "minutes", "")), nil
	}
	if m, ok := r.Opts.Num("start_in"); ok {
		cfg.StartAt = rn.now().Add(time.Duration(m) * time.Minute)
	}
	cfg.MaxPlayers, _ = r.Opts.Num("players")
	brk, _ := r.Opts.Num("break")
	cfg.Break = time.Duration(brk) * time.Minute
	cfg.CPUByes, _ = r.Opts.Flag("cpu_bye")
	ranked, _ := r.Opts.Flag("ranked")
	if ranked && !opts.RankedOK() {
		return interact.Say(uitexts.RankedAway(r.Lang, policy.MinRankedAway)), nil
	}
	state, err := tournament.New(cfg, r.User, rn.now())
	if err != nil {
		return interact.Say(tntexts.Tournament(r.Lang, "config", "")), nil
	}
	t := store.Tournament{GuildID: r.I.GuildID, ChannelID: r.I.ChannelID, Name: r.Opts.Str("name"), Options: opts,
		Ranked: ranked, GuildLocale: compose.PublicLocale(gs, r.GuildLocale()), PublicNotation: gs.Notation, State: state}
	if t, err = rn.st.CreateTournament(t, nil); err != nil {
		if errors.Is(err, store.ErrInvalid) {
			return interact.Say(tntexts.Tournament(r.Lang, "config", "")), nil
		}
		return interact.Answer{}, err
	}
	rn.wake(t.ID)
	p := rn.card(t)
	return interact.Answer{Text: p.Content, Public: true, Buttons: p.Buttons, Mentions: []string{},
		Posted: func(m *discordgo.Message) {
			_, _, err := store.EditTournament(rn.st, t.ID, func(t *store.Tournament) ([]store.NewGame, []store.OutMsg, error) {
				t.MessageID = m.ID
				return nil, nil, nil
			})
			if err != nil {
				rn.log.Warn("tournament card id", "tournament", t.ID, "err", err)
			}
		}}, nil
}

// rating is what a player's rating is for seeding (1500 unrated).
func (rn *Runner) rating(t store.Tournament, user string) float64 {
	if rt, err := rn.st.GetRating(t.GuildID, t.State.Config.Variant, user); err == nil && rt.Games > 0 {
		return rt.Rating
	}
	return 1500
}

func (rn *Runner) Join(r *interact.Req) (interact.Answer, error) {
	return rn.command(r, "", func(t store.Tournament) (interact.Answer, error) { return rn.join(r, t) })
}

func (rn *Runner) JoinButton(r *interact.Req) (interact.Answer, error) {
	t, err := rn.st.GetTournament(r.Arg)
	if err != nil || t.GuildID != r.I.GuildID || r.I.GuildID == "" {
		return interact.Say(tntexts.Tournament(r.Lang, "none", "")), nil
	}
	return rn.join(r, t)
}

func (rn *Runner) join(r *interact.Req, t store.Tournament) (interact.Answer, error) {
	rating := rn.rating(t, r.User)
	saved, _, err := rn.edit(t.ID, func(t *store.Tournament) ([]store.NewGame, []store.OutMsg, error) {
		return nil, nil, t.State.Join(tournament.Player{ID: r.User, Name: r.DisplayName(), Rating: rating}, rn.now())
	})
	if err != nil {
		return refusal(r, t, err)
	}
	return say(r, "joined", saved), nil
}

func (rn *Runner) Leave(r *interact.Req) (interact.Answer, error) {
	return rn.command(r, "", func(t store.Tournament) (interact.Answer, error) {
		if t.State.Status != tournament.StatusSignup {
			if t.State.Status.Over() {
				return say(r, "over", t), nil
			}
			return say(r, "not_started", t), nil
		}
		return rn.withdraw(r, t, r.User, false)
	})
}

func (rn *Runner) Withdraw(r *interact.Req) (interact.Answer, error) {
	return rn.command(r, "", func(t store.Tournament) (interact.Answer, error) { return rn.withdraw(r, t, r.User, false) })
}

func (rn *Runner) Kick(r *interact.Req) (interact.Answer, error) {
	return rn.command(r, "mods", func(t store.Tournament) (interact.Answer, error) {
		return rn.withdraw(r, t, r.Opts.User("user"), true)
	})
}

// withdraw takes user out of t (kick: for good) and resigns the games
// they are playing in it.
func (rn *Runner) withdraw(r *interact.Req, t store.Tournament, user string, kick bool) (interact.Answer, error) {
	var games []uint64
	saved, _, err := rn.edit(t.ID, func(t *store.Tournament) ([]store.NewGame, []store.OutMsg, error) {
		var err error
		if kick {
			games, err = t.State.Kick(user, rn.now())
		} else {
			games, err = t.State.Withdraw(user, rn.now())
		}
		return nil, nil, err
	})
	if kick && errors.Is(err, tournament.ErrNotJoined) {
		return interact.Say(tntexts.TournamentKickNotIn(r.Lang, compose.Mention(user), tntexts.TournamentTitle(r.Lang, t.ID, t.Name))), nil
	}
	if err != nil {
		return refusal(r, t, err)
	}
	for _, g := range games {
		rn.resign(store.GameID(g), user, r.I.ID)
	}
	switch {
	case kick:
		return interact.Say(tntexts.TournamentKicked(r.Lang, compose.Mention(user), tntexts.TournamentTitle(r.Lang, saved.ID, saved.Name))), nil
	case t.State.Status == tournament.StatusSignup:
		return say(r, "left", saved), nil
	}
	return say(r, "withdrew", saved), nil
}

// resign resigns game id for user (who left the tournament).
func (rn *Runner) resign(id store.GameID, user, key string) {
	meta, err := rn.st.GetGame(id)
	if err != nil || !meta.Status.Live() {
		return
	}
	for c, p := range meta.Players {
		if p == user {
			rn.host.Act(id, user, referee.Action{Kind: referee.ActResign, Player: shogi.Color(c)}, "tn-resign:"+key+":"+strconv.FormatUint(uint64(id), 10))
		}
	}
}

func (rn *Runner) Start(r *interact.Req) (interact.Answer, error) {
	return rn.command(r, "organiser", func(t store.Tournament) (interact.Answer, error) {
		saved, _, err := rn.edit(t.ID, func(t *store.Tournament) ([]store.NewGame, []store.OutMsg, error) {
			if err := t.State.Start(rn.now()); err != nil {
				return nil, nil, err
			}
			return rn.advance(t)
		})
		if err != nil {
			return refusal(r, t, err)
		}
		return say(r, "started", saved), nil
	})
}

func (rn *Runner) Pause(r *interact.Req) (interact.Answer, error) {
	return rn.simple(r, "paused", func(t *tournament.Tournament) error { return t.Pause() })
}

func (rn *Runner) Resume(r *interact.Req) (interact.Answer, error) {
	return rn.simple(r, "resumed", func(t *tournament.Tournament) error { return t.Resume() })
}

// simple is an organiser's decision that starts no game by itself.
func (rn *Runner) simple(r *interact.Req, done string, fn func(*tournament.Tournament) error) (interact.Answer, error) {
	return rn.command(r, "organiser", func(t store.Tournament) (interact.Answer, error) {
		saved, _, err := rn.edit(t.ID, func(t *store.Tournament) ([]store.NewGame, []store.OutMsg, error) {
			if err := fn(&t.State); err != nil {
				return nil, nil, err
			}
			return rn.advance(t)
		})
		if err != nil {
			return refusal(r, t, err)
		}
		return say(r, done, saved), nil
	})
}

func (rn *Runner) Cancel(r *interact.Req) (interact.Answer, error) {
	return rn.command(r, "organiser", func(t store.Tournament) (interact.Answer, error) {
		saved, _, err := rn.edit(t.ID, func(t *store.Tournament) ([]store.NewGame, []store.OutMsg, error) {
			if _, err := t.State.Cancel(rn.now()); err != nil {
				return nil, nil, err
			}
			return nil, rn.endPosts(t), nil
		})
		if err != nil {
			return refusal(r, t, err)
		}
		return say(r, "cancelled", saved), nil // its games go on as ordinary games
	})
}

func (rn *Runner) Result(r *interact.Req) (interact.Answer, error) {
	return rn.command(r, "mods", func(t store.Tournament) (interact.Answer, error) {
		round, _ := r.Opts.Num("round")
		board, _ := r.Opts.Num("board")
		res := tournament.Result(r.Opts.Str("result"))
		if res == "none" {
			res = tournament.NoResult
		}
		var game uint64
		_, _, err := rn.edit(t.ID, func(t *store.Tournament) ([]store.NewGame, []store.OutMsg, error) {
			var err error
			if game, err = t.State.Adjudicate(round, board, res, rn.now()); err != nil {
				return nil, nil, err
			}
			return rn.advance(t)
		})
		if err != nil {
			return refusal(r, t, err)
		}
		if game != 0 { // a game going on ends without a result of its own
			if meta, err := rn.st.GetGame(store.GameID(game)); err == nil && meta.Status.Live() {
				rn.host.Act(meta.ID, r.User, referee.Action{Kind: referee.ActEnd}, r.I.ID)
			}
		}
		return interact.Say(tntexts.TournamentAdjudicated(r.Lang, round, board, r.Opts.Str("result"))), nil
	})
}

func (rn *Runner) Standings(r *interact.Req) (interact.Answer, error) {
	return rn.command(r, "", func(t store.Tournament) (interact.Answer, error) {
		title := tntexts.TournamentTitle(r.Lang, t.ID, t.Name)
		if len(t.State.Players) == 0 {
			return interact.Say(tntexts.TournamentNoOne(r.Lang, title)), nil
		}
		format := r.Opts.Str("format")
		if format == "" || format == "text" {
			lines := tntexts.StandingLines(r.Lang, rn.standings(t), 50)
			return interact.Say(title + "\n" + strings.Join(lines, "\n")), nil
		}
		ctx, cancel := context.WithTimeout(rn.ctx, 3*time.Second)
		defer cancel()
		name := func(id string) string { return rn.host.UserName(ctx, id) }
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
			return interact.Answer{}, err
		}
		return interact.Answer{Text: title, Files: []compose.File{{Name: "tournament-" + strconv.FormatUint(t.ID, 10) + "." + format, Type: kind, Data: data}}}, nil
	})
}

// Routes are the routes of /shogi tournament, by "tournament <sub>", and of
// the card's Join button.
func (rn *Runner) Routes() (slash, component map[string]interact.Route) {
	return map[string]interact.Route{
			"tournament create":    {Run: rn.Create, Public: true}, // its answer is the public card
			"tournament join":      {Run: rn.Join, Slow: true},
			"tournament leave":     {Run: rn.Leave, Slow: true},
			"tournament start":     {Run: rn.Start, Slow: true},
			"tournament standings": {Run: rn.Standings, Slow: true},
			"tournament withdraw":  {Run: rn.Withdraw, Slow: true},
			"tournament pause":     {Run: rn.Pause, Slow: true},
			"tournament resume":    {Run: rn.Resume, Slow: true},
			"tournament cancel":    {Run: rn.Cancel, Slow: true},
			"tournament kick":      {Run: rn.Kick, Slow: true},
			"tournament result":    {Run: rn.Result, Slow: true},
		}, map[string]interact.Route{
			"tjoin": {Run: rn.JoinButton, Slow: true},
		}
}
