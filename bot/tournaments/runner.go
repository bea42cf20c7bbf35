package tournaments

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"sync"
	"time"

	"shinpan/bot/compose"
	"shinpan/bot/games"
	"shinpan/bot/texts"
	"shinpan/bot/texts/tntexts"
	"shinpan/referee"
	"shinpan/referee/shogi"
	"shinpan/store"
	"shinpan/tournament"
)

// The tournaments' loop: every process looks at the active tournaments each
// second (and at once when a tournament game ends): it records the results
// of their games that ended, and takes the steps package tournament allows
// (start at the start time, pair the next round, finish), each one
// store.EditTournament, whose compare-and-set lets one process pair a round
// and create its games, once. The process that made a change edits the
// tournament's card, at most once every CardGap. Nothing is kept only in
// memory: after a restart the first pass goes on where the store is.

// CardGap is the least time between two edits of a tournament's card.
const CardGap = 3 * time.Second

// Tick is how often the loop looks at the tournaments without being woken.
const Tick = time.Second

// recheck is how often the loop reads the games of a tournament no game
// end woke it for (one that ended in another process, or before a restart).
const recheck = 10 * time.Second

// Runner runs the tournaments: their commands (commands.go) and the loop.
type Runner struct {
	st      Store
	readers compose.Readers
	compose *compose.Composer
	log     *slog.Logger
	now     func() time.Time
	host    Host
	ctx     context.Context // Run's

	kick   chan struct{}
	mu     sync.Mutex
	dirty  map[uint64]bool      // cards to edit
	cardAt map[uint64]time.Time // the last edit queued
	// checked is when each tournament's games were last read (zero: to
	// read at the next pass).
	checked map[uint64]time.Time
}

// New returns the tournaments' runner; Run starts its loop.
func New(c Config) *Runner {
	return &Runner{st: c.Store, readers: c.Readers, compose: c.Compose, log: c.Log, now: c.Now, host: c.Host,
		ctx: context.Background(), kick: make(chan struct{}, 1),
		dirty: map[uint64]bool{}, cardAt: map[uint64]time.Time{}, checked: map[uint64]time.Time{}}
}

// wake has the loop look at the tournaments now; id's card is to be edited
// (0: none).
func (rn *Runner) wake(id uint64) {
	if id != 0 {
		rn.mu.Lock()
		rn.dirty[id] = true
		delete(rn.checked, id)
		rn.mu.Unlock()
	}
	select {
	case rn.kick <- struct{}{}:
	default:
	}
}

// Run starts the loop, which ends with ctx; wg counts it.
func (rn *Runner) Run(ctx context.Context, wg *sync.WaitGroup) {
	rn.ctx = ctx
	wg.Add(1)
	go func() {
		defer wg.Done()
		tick := time.NewTicker(Tick)
		defer tick.Stop()
		for {
			rn.pass()
			select {
			case <-rn.ctx.Done():
				return
			case <-rn.kick:
			case <-tick.C:
			}
		}
	}()
}

// GameOver wakes the loop when a tournament game ended (the bot's applyAs).
func (rn *Runner) GameOver(lg *games.Game) {
	lg.Mu.Lock()
	tg := lg.Meta.Tournament
	lg.Mu.Unlock()
	if tg != nil {
		rn.wake(tg.ID)
	}
}

// pass looks at every active tournament once, then edits the cards due.
func (rn *Runner) pass() {
	ts, err := rn.st.ActiveTournaments()
	if err != nil {
		rn.log.Warn("tournaments", "err", err)
		return
	}
	for _, t := range ts {
		if rn.ctx.Err() != nil {
			return
		}
		rn.step(t)
	}
	rn.flushCards()
}

// gameEnd is how a tournament game ended.
type gameEnd struct {
	res tournament.Result
	at  time.Time
}

// due reports whether tournament id's games are to be read now, and if so
// notes they are.
func (rn *Runner) due(id uint64) bool {
	rn.mu.Lock()
	defer rn.mu.Unlock()
	if time.Since(rn.checked[id]) < recheck {
		return false
	}
	rn.checked[id] = time.Now()
	return true
}

// step records t's ended games and takes the steps due.
func (rn *Runner) step(t store.Tournament) {
	ended := map[uint64]gameEnd{}
	var live []uint64
	if rn.due(t.ID) {
		live = t.State.LiveGames()
	}
	for _, id := range live {
		meta, err := rn.st.GetGame(store.GameID(id))
		if err != nil || meta.Status.Live() {
			continue
		}
		at := meta.FinishedAt
		if at.IsZero() {
			at = rn.now()
		}
		ended[id] = gameEnd{tournament.OutcomeOf(meta.Result), at}
	}
	now := rn.now()
	if s := t.State.Next(now); len(ended) == 0 && (s.Kind == tournament.StepWait || s.Kind == tournament.StepDone) {
		return
	}
	_, _, err := rn.edit(t.ID, func(t *store.Tournament) ([]store.NewGame, []store.OutMsg, error) {
		recorded := false
		for _, id := range t.State.LiveGames() {
			if e, ok := ended[id]; ok {
				ok, err := t.State.Record(id, e.res, e.at)
				if err != nil {
					return nil, nil, err
				}
				recorded = recorded || ok
			}
		}
		games, out, moved, err := rn.steps(t)
		if err == nil && !moved && !recorded {
			err = store.ErrUnchanged
		}
		return games, out, err
	})
	if err != nil {
		rn.log.Warn("tournament step", "tournament", t.ID, "err", err)
	}
}

// advance takes the steps due in t (after a decision of its organiser or
// a player): the games to create and the messages to queue with it.
func (rn *Runner) advance(t *store.Tournament) ([]store.NewGame, []store.OutMsg, error) {
	games, out, _, err := rn.steps(t)
	return games, out, err
}

// steps is advance that also says whether anything changed.
func (rn *Runner) steps(t *store.Tournament) ([]store.NewGame, []store.OutMsg, bool, error) {
	pr, err := t.State.Advance(rn.now(), rn.busy)
	if err != nil {
		return nil, nil, false, err
	}
	var ngs []store.NewGame
	var out []store.OutMsg
	for _, p := range pr.Pairings {
		if p.IsBye() {
			rd := rn.readers.Reader(p.Black)
			out = append(out, compose.ToDM(p.Black, compose.Payload{Content: tntexts.TournamentByeDM(rd.Lang, p.Round,
				tntexts.TournamentTitle(rd.Lang, t.ID, t.Name), t.State.Config.CPUByes)}))
			continue
		}
		ng, err := rn.newGame(t, p)
		if err != nil {
			return nil, nil, false, err
		}
		ngs = append(ngs, ng)
	}
	if pr.Ended != "" {
		out = append(out, rn.endPosts(t)...)
	}
	return ngs, out, pr.Started || len(pr.Pairings) > 0 || pr.Ended != "", nil
}

// busy: the player is playing a game elsewhere (an arena pairs them once
// it ends).
func (rn *Runner) busy(id string) bool {
	gs, err := rn.st.ActiveGamesOf(id)
	return err != nil || len(gs) > 0
}

// gameKey is the idempotency key of a pairing's game.
func gameKey(t uint64, round, board int) string {
	return fmt.Sprintf("tournament:%d:%d:%d", t, round, board)
}

// newGame is the game of pairing p, set up as an accepted challenge's:
// the players' boards by DM (with a line naming the tournament and round)
// and the game's card in the channel.
func (rn *Runner) newGame(t *store.Tournament, p tournament.Pairing) (store.NewGame, error) {
	v := t.State.Config.Variant
	meta := store.Game{GuildID: t.GuildID, ChannelID: t.ChannelID, Players: [2]string{p.Black, p.White}, Variant: v,
		Options: t.Options, StartSFEN: shogi.StartSFEN, RulesVersion: referee.RulesVersion, Ranked: t.Ranked,
		GuildLocale: t.GuildLocale, PublicNotation: t.PublicNotation,
		Tournament: &store.TournamentGame{ID: t.ID, Round: p.Round, Board: p.Board}}
	for c, id := range meta.Players { // for the result's record (compose.StartNames)
		if pl, ok := t.State.Player(id); ok {
			meta.Names[c] = pl.Name
		}
	}
	g, err := referee.New("0", v, meta.StartSFEN, t.Options.Options)
	if err != nil {
		return store.NewGame{}, err
	}
	games.UpdateMeta(&meta, g)
	meta.Clocks = t.Options.StartClocks()
	meta.Deadline = rn.host.TurnDeadline(meta, t.Options.StartTurn(meta.Clocks, shogi.Black, g.NeedsMasks(), rn.now()), 0)
	gs := rn.host.GuildSettings(t.GuildID)
	if gs.Channel != "" {
		meta.ChannelID = gs.Channel
	}
	var out []store.OutMsg
	for c, id := range meta.Players {
		rd := rn.readers.Reader(id)
		opp := compose.Mention(meta.Players[1-c])
		out = append(out, compose.ToDM(id, compose.Payload{Content: tntexts.TournamentGameDM(rd.Lang, p.Round,
			tntexts.TournamentTitle(rd.Lang, t.ID, t.Name), 0, opp), Public: true}))
	}
	ch := store.Challenge{GuildID: t.GuildID, ChannelID: t.ChannelID, Challenger: t.State.Organiser, GuildLocale: t.GuildLocale, PublicNotation: t.PublicNotation}
	out = append(out, rn.compose.StartMessages(meta, g, ch, rn.host.ThreadsIn(gs))...)
	return store.NewGame{Game: meta, Key: gameKey(t.ID, p.Round, p.Board), Outbox: out}, nil
}

// edit is store.EditTournament, then what follows a change: the games made
// start here or at their owner, a bye's game against the CPU starts when the
// organiser allowed it, the card is to be edited.
func (rn *Runner) edit(id uint64, fn func(*store.Tournament) ([]store.NewGame, []store.OutMsg, error)) (store.Tournament, []store.Game, error) {
	var before int
	saved, made, err := store.EditTournament(rn.st, id, func(t *store.Tournament) ([]store.NewGame, []store.OutMsg, error) {
		before = t.State.Round
		return fn(t)
	})
	if err != nil {
		return saved, made, err
	}
	for _, g := range made {
		rn.startGame(g)
	}
	if saved.State.Config.CPUByes {
		for _, p := range saved.State.Pairings {
			if p.Round > before && p.IsBye() {
				rn.byeGame(saved, p)
			}
		}
	}
	rn.host.Kick()
	rn.wake(saved.ID)
	return saved, made, nil
}

// startGame runs a game just created: here, or at its owner.
func (rn *Runner) startGame(g store.Game) {
	rn.host.Started(g)
	if !rn.host.Owns(g.ID) {
		rn.host.AdoptNew(g.ID)
		return
	}
	rn.host.Track(g)
	if err := rn.host.Load(g.ID); err != nil {
		rn.log.Error("load new game", "game", g.ID, "err", err)
	}
}

// byeGame starts the unranked game against the CPU a bye's player plays
// meanwhile (it counts for nothing), once (its key).
func (rn *Runner) byeGame(t store.Tournament, p tournament.Pairing) {
	c := store.Challenge{GuildID: t.GuildID, ChannelID: t.ChannelID, Challenger: p.Black, Variant: t.State.Config.Variant,
		Options: t.Options, Color: store.ColorBlack, GuildLocale: t.GuildLocale, PublicNotation: t.PublicNotation}
	meta := store.Game{GuildID: t.GuildID, ChannelID: t.ChannelID, Players: [2]string{p.Black, store.CPU}, Variant: c.Variant,
		Options: t.Options, StartSFEN: shogi.StartSFEN, RulesVersion: referee.RulesVersion, GuildLocale: t.GuildLocale, PublicNotation: t.PublicNotation}
	if pl, ok := t.State.Player(p.Black); ok {
		meta.Names[0] = pl.Name // for the result's record
	}
	g, err := referee.New("0", c.Variant, meta.StartSFEN, t.Options.Options)
	if err != nil {
		return
	}
	games.UpdateMeta(&meta, g)
	meta.Clocks = t.Options.StartClocks()
	meta.Deadline = rn.host.TurnDeadline(meta, t.Options.StartTurn(meta.Clocks, shogi.Black, g.NeedsMasks(), rn.now()), 0)
	gs := rn.host.GuildSettings(t.GuildID)
	if gs.Channel != "" {
		meta.ChannelID = gs.Channel
	}
	game, err := rn.st.CreateGame(meta, fmt.Sprintf("tournament:%d:%d:bye", t.ID, p.Round), rn.compose.StartMessages(meta, g, c, rn.host.ThreadsIn(gs)))
	if err != nil {
		if !errors.Is(err, store.ErrDuplicate) {
			rn.log.Warn("bye game", "tournament", t.ID, "err", err)
		}
		return
	}
	rn.startGame(game)
	if rn.host.Owns(game.ID) {
		go rn.host.CPUTurn(game.ID)
	}
}

// lang is the language of a tournament's public posts.
func (rn *Runner) lang(t store.Tournament) texts.Lang {
	if l := compose.GuildLang(t.GuildLocale); l != "" {
		return l
	}
	return rn.readers.Lang(t.State.Organiser)
}

// endPosts are the posts of a tournament that just ended: the final
// standings, or that it was cancelled.
func (rn *Runner) endPosts(t *store.Tournament) []store.OutMsg {
	l := rn.lang(*t)
	text := tntexts.TournamentCancelled(l, t.ID, t.Name, t.State.Ended == tournament.EndTooFew)
	if t.State.Status == tournament.StatusFinished {
		text = tntexts.TournamentFinal(l, t.ID, t.Name, rn.standings(*t))
	}
	return []store.OutMsg{compose.ToChannel(t.ChannelID, compose.Payload{Content: text, Mentions: []string{}})}
}

// standings are t's standings as the texts write them.
func (rn *Runner) standings(t store.Tournament) []tntexts.TnStanding {
	var out []tntexts.TnStanding
	for _, s := range t.State.Standings() {
		ts := tntexts.TnStanding{Rank: s.Rank, Player: compose.Mention(s.Player), Points: s.Points, W: s.Wins, D: s.Draws, L: s.Losses,
			Fire: s.Fire, Out: s.State != tournament.Active}
		switch t.State.Config.Format {
		case tournament.Swiss:
			ts.Tiebreak = "Bh " + tntexts.Points(s.Buchholz) + " · SB " + tntexts.Points(s.SonnebornBerger)
		case tournament.RoundRobin:
			ts.Tiebreak = "SB " + tntexts.Points(s.SonnebornBerger)
		default:
			ts.Tiebreak = "perf " + fmt.Sprint(s.Performance)
		}
		out = append(out, ts)
	}
	return out
}

// card is the tournament's card: its text, and Join while it takes
// players.
func (rn *Runner) card(t store.Tournament) compose.Payload {
	l := rn.lang(t)
	s := &t.State
	c := tntexts.TnCard{ID: t.ID, Name: t.Name, Format: string(s.Config.Format), Rounds: s.TotalRounds(), Cycles: s.Config.Cycles,
		Minutes: int(s.Config.Duration / time.Minute), Variant: s.Config.Variant, Ranked: t.Ranked, CPUByes: s.Config.CPUByes,
		Status: string(s.Status), TooFew: s.Ended == tournament.EndTooFew, Players: s.ActivePlayers(), Limit: s.Config.Limit(),
		Round: s.Round, StartAt: s.Config.StartAt, EndsAt: s.EndsAt, Organiser: compose.Mention(s.Organiser)}
	if s.Config.Format == tournament.Swiss && s.Status == tournament.StatusSignup {
		c.Rounds = s.Config.Rounds
	}
	if s.Config.Format != tournament.Arena {
		for _, p := range s.RoundPairings(s.Round) {
			c.Pairings = append(c.Pairings, tntexts.TnPairing{Board: p.Board, Black: compose.Mention(p.Black), White: mentionOrNone(p.White),
				Result: string(p.Result), Game: p.Game})
		}
	}
	if s.Status != tournament.StatusSignup {
		c.Standings = rn.standings(t)
	}
	p := compose.Payload{Content: tntexts.TournamentCard(l, c), Mentions: []string{}}
	late := s.Config.Format == tournament.Arena && (s.Status == tournament.StatusRunning || s.Status == tournament.StatusPaused)
	if s.Status == tournament.StatusSignup || late {
		p.Buttons = []compose.Button{{ID: "tjoin:" + strconv.FormatUint(t.ID, 10), Label: tntexts.TournamentButton(l), Style: 3}} // success (green)
	}
	return p
}

func mentionOrNone(id string) string {
	if id == "" {
		return ""
	}
	return compose.Mention(id)
}

// flushCards queues the edits of the cards due (at most one per
// tournament every CardGap; the others wait for a later pass).
func (rn *Runner) flushCards() {
	now := time.Now()
	rn.mu.Lock()
	var due []uint64
	for id := range rn.dirty {
		if now.Sub(rn.cardAt[id]) >= CardGap {
			due = append(due, id)
			delete(rn.dirty, id)
			rn.cardAt[id] = now
		}
	}
	rn.mu.Unlock()
	queued := false
	for _, id := range due {
		t, err := rn.st.GetTournament(id)
		if err != nil || t.MessageID == "" {
			continue
		}
		p := rn.card(t)
		p.Edit = t.MessageID
		if err := rn.st.Enqueue(compose.ToChannel(t.ChannelID, p)); err != nil {
			rn.log.Warn("tournament card", "tournament", id, "err", err)
			continue
		}
		queued = true
	}
	if queued {
		rn.host.Kick()
	}
}
