package bot

import (
	"errors"
	"fmt"
	"sync"
	"time"

	"shinpan/bot/compose"
	"shinpan/bot/games"
	"shinpan/bot/texts"
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
// tournament's card, at most once every tnCardGap. Nothing is kept only in
// memory: after a restart the first pass goes on where the store is.

// tnCardGap is the least time between two edits of a tournament's card.
const tnCardGap = 3 * time.Second

// tnTick is how often the loop looks at the tournaments without being woken.
const tnTick = time.Second

// tnRecheck is how often the loop reads the games of a tournament no game
// end woke it for (one that ended in another process, or before a restart).
const tnRecheck = 10 * time.Second

// tnRunner is the loop's state.
type tnRunner struct {
	once   sync.Once
	kick   chan struct{}
	mu     sync.Mutex
	dirty  map[uint64]bool      // cards to edit
	cardAt map[uint64]time.Time // the last edit queued
	// checked is when each tournament's games were last read (zero: to
	// read at the next pass).
	checked map[uint64]time.Time
}

func (b *Bot) tn() *tnRunner {
	b.tnr.once.Do(func() {
		b.tnr.kick = make(chan struct{}, 1)
		b.tnr.dirty, b.tnr.cardAt, b.tnr.checked = map[uint64]bool{}, map[uint64]time.Time{}, map[uint64]time.Time{}
	})
	return &b.tnr
}

// wake has the loop look at the tournaments now; id's card is to be edited
// (0: none).
func (tr *tnRunner) wake(id uint64) {
	if id != 0 {
		tr.mu.Lock()
		tr.dirty[id] = true
		delete(tr.checked, id)
		tr.mu.Unlock()
	}
	select {
	case tr.kick <- struct{}{}:
	default:
	}
}

// startTournaments starts the loop (Start calls it).
func (b *Bot) startTournaments() {
	tr := b.tn()
	b.wg.Add(1)
	go func() {
		defer b.wg.Done()
		tick := time.NewTicker(tnTick)
		defer tick.Stop()
		for {
			b.tnPass()
			select {
			case <-b.ctx.Done():
				return
			case <-tr.kick:
			case <-tick.C:
			}
		}
	}()
}

// tnGameOver wakes the loop when a tournament game ended (applyAs).
func (b *Bot) tnGameOver(lg *games.Game) {
	lg.Mu.Lock()
	tg := lg.Meta.Tournament
	lg.Mu.Unlock()
	if tg != nil {
		b.tn().wake(tg.ID)
	}
}

// tnPass looks at every active tournament once, then edits the cards due.
func (b *Bot) tnPass() {
	ts, err := b.st.ActiveTournaments()
	if err != nil {
		b.log.Warn("tournaments", "err", err)
		return
	}
	for _, t := range ts {
		if b.ctx.Err() != nil {
			return
		}
		b.tnStep(t)
	}
	b.tnFlushCards()
}

// tnEnded is how a tournament game ended.
type tnEnded struct {
	res tournament.Result
	at  time.Time
}

// due reports whether tournament id's games are to be read now, and if so
// notes they are.
func (tr *tnRunner) due(id uint64) bool {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	if time.Since(tr.checked[id]) < tnRecheck {
		return false
	}
	tr.checked[id] = time.Now()
	return true
}

// tnStep records t's ended games and takes the steps due.
func (b *Bot) tnStep(t store.Tournament) {
	ended := map[uint64]tnEnded{}
	var live []uint64
	if b.tn().due(t.ID) {
		live = t.State.LiveGames()
	}
	for _, id := range live {
		meta, err := b.st.GetGame(store.GameID(id))
		if err != nil || meta.Status.Live() {
			continue
		}
		at := meta.FinishedAt
		if at.IsZero() {
			at = b.now()
		}
		ended[id] = tnEnded{tournament.OutcomeOf(meta.Result), at}
	}
	now := b.now()
	if s := t.State.Next(now); len(ended) == 0 && (s.Kind == tournament.StepWait || s.Kind == tournament.StepDone) {
		return
	}
	_, _, err := b.tnEdit(t.ID, func(t *store.Tournament) ([]store.NewGame, []store.OutMsg, error) {
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
		games, out, moved, err := b.tnSteps(t)
		if err == nil && !moved && !recorded {
			err = store.ErrUnchanged
		}
		return games, out, err
	})
	if err != nil {
		b.log.Warn("tournament step", "tournament", t.ID, "err", err)
	}
}

// tnAdvance takes the steps due in t (after a decision of its organiser or
// a player): the games to create and the messages to queue with it.
func (b *Bot) tnAdvance(t *store.Tournament) ([]store.NewGame, []store.OutMsg, error) {
	games, out, _, err := b.tnSteps(t)
	return games, out, err
}

// tnSteps is tnAdvance that also says whether anything changed.
func (b *Bot) tnSteps(t *store.Tournament) ([]store.NewGame, []store.OutMsg, bool, error) {
	pr, err := t.State.Advance(b.now(), b.tnBusy)
	if err != nil {
		return nil, nil, false, err
	}
	var ngs []store.NewGame
	var out []store.OutMsg
	for _, p := range pr.Pairings {
		if p.IsBye() {
			rd := b.readers.Reader(p.Black)
			out = append(out, compose.ToDM(p.Black, compose.Payload{Content: texts.TournamentByeDM(rd.Lang, p.Round,
				texts.TournamentTitle(rd.Lang, t.ID, t.Name), t.State.Config.CPUByes)}))
			continue
		}
		ng, err := b.tnNewGame(t, p)
		if err != nil {
			return nil, nil, false, err
		}
		ngs = append(ngs, ng)
	}
	if pr.Ended != "" {
		out = append(out, b.tnEndPosts(t)...)
	}
	return ngs, out, pr.Started || len(pr.Pairings) > 0 || pr.Ended != "", nil
}

// tnBusy: the player is playing a game elsewhere (an arena pairs them once
// it ends).
func (b *Bot) tnBusy(id string) bool {
	gs, err := b.st.ActiveGamesOf(id)
	return err != nil || len(gs) > 0
}

// tnKey is the idempotency key of a pairing's game.
func tnKey(t uint64, round, board int) string {
	return fmt.Sprintf("tournament:%d:%d:%d", t, round, board)
}

// tnNewGame is the game of pairing p, set up as an accepted challenge's:
// the players' boards by DM (with a line naming the tournament and round)
// and the game's card in the channel.
func (b *Bot) tnNewGame(t *store.Tournament, p tournament.Pairing) (store.NewGame, error) {
	v := t.State.Config.Variant
	meta := store.Game{GuildID: t.GuildID, ChannelID: t.ChannelID, Players: [2]string{p.Black, p.White}, Variant: v,
		Options: t.Options, StartSFEN: shogi.StartSFEN, RulesVersion: referee.RulesVersion, Ranked: t.Ranked,
		GuildLocale: t.GuildLocale, PublicNotation: t.PublicNotation,
		Tournament: &store.TournamentGame{ID: t.ID, Round: p.Round, Board: p.Board}}
	g, err := referee.New("0", v, meta.StartSFEN, t.Options.Options)
	if err != nil {
		return store.NewGame{}, err
	}
	games.UpdateMeta(&meta, g)
	meta.Clocks = t.Options.StartClocks()
	meta.Deadline = b.turnDeadline(meta, t.Options.StartTurn(meta.Clocks, shogi.Black, g.NeedsMasks(), b.now()), 0)
	gs := b.guildSettings(t.GuildID)
	if gs.Channel != "" {
		meta.ChannelID = gs.Channel
	}
	var out []store.OutMsg
	for c, id := range meta.Players {
		rd := b.readers.Reader(id)
		opp := compose.Mention(meta.Players[1-c])
		out = append(out, compose.ToDM(id, compose.Payload{Content: texts.TournamentGameDM(rd.Lang, p.Round,
			texts.TournamentTitle(rd.Lang, t.ID, t.Name), 0, opp), Public: true}))
	}
	ch := store.Challenge{GuildID: t.GuildID, ChannelID: t.ChannelID, Challenger: t.State.Organiser, GuildLocale: t.GuildLocale, PublicNotation: t.PublicNotation}
	out = append(out, b.compose.StartMessages(meta, g, ch, b.threadsIn(gs))...)
	return store.NewGame{Game: meta, Key: tnKey(t.ID, p.Round, p.Board), Outbox: out}, nil
}

// tnEdit is store.EditTournament, then what follows a change: the games made
// start here or at their owner, a bye's game against the CPU starts when the
// organiser allowed it, the card is to be edited.
func (b *Bot) tnEdit(id uint64, fn func(*store.Tournament) ([]store.NewGame, []store.OutMsg, error)) (store.Tournament, []store.Game, error) {
	var before int
	saved, made, err := store.EditTournament(b.st, id, func(t *store.Tournament) ([]store.NewGame, []store.OutMsg, error) {
		before = t.State.Round
		return fn(t)
	})
	if err != nil {
		return saved, made, err
	}
	for _, g := range made {
		b.tnStartGame(g)
	}
	if saved.State.Config.CPUByes {
		for _, p := range saved.State.Pairings {
			if p.Round > before && p.IsBye() {
				b.tnByeGame(saved, p)
			}
		}
	}
	b.ob.Kick()
	b.tn().wake(saved.ID)
	return saved, made, nil
}

// tnStartGame runs a game just created: here, or at its owner.
func (b *Bot) tnStartGame(g store.Game) {
	if !b.owns(g.ID) {
		b.adoptNew(g.ID)
		return
	}
	b.track(g)
	if _, err := b.games.Get(g.ID); err != nil {
		b.log.Error("load new game", "game", g.ID, "err", err)
	}
}

// tnByeGame starts the unranked game against the CPU a bye's player plays
// meanwhile (it counts for nothing), once (its key).
func (b *Bot) tnByeGame(t store.Tournament, p tournament.Pairing) {
	c := store.Challenge{GuildID: t.GuildID, ChannelID: t.ChannelID, Challenger: p.Black, Variant: t.State.Config.Variant,
		Options: t.Options, Color: store.ColorBlack, GuildLocale: t.GuildLocale, PublicNotation: t.PublicNotation}
	meta := store.Game{GuildID: t.GuildID, ChannelID: t.ChannelID, Players: [2]string{p.Black, store.CPU}, Variant: c.Variant,
		Options: t.Options, StartSFEN: shogi.StartSFEN, RulesVersion: referee.RulesVersion, GuildLocale: t.GuildLocale, PublicNotation: t.PublicNotation}
	g, err := referee.New("0", c.Variant, meta.StartSFEN, t.Options.Options)
	if err != nil {
		return
	}
	games.UpdateMeta(&meta, g)
	meta.Clocks = t.Options.StartClocks()
	meta.Deadline = b.turnDeadline(meta, t.Options.StartTurn(meta.Clocks, shogi.Black, g.NeedsMasks(), b.now()), 0)
	gs := b.guildSettings(t.GuildID)
	if gs.Channel != "" {
		meta.ChannelID = gs.Channel
	}
	game, err := b.st.CreateGame(meta, fmt.Sprintf("tournament:%d:%d:bye", t.ID, p.Round), b.compose.StartMessages(meta, g, c, b.threadsIn(gs)))
	if err != nil {
		if !errors.Is(err, store.ErrDuplicate) {
			b.log.Warn("bye game", "tournament", t.ID, "err", err)
		}
		return
	}
	b.tnStartGame(game)
	if b.owns(game.ID) {
		go b.cpuTurn(game.ID)
	}
}

// tnLang is the language of a tournament's public posts.
func (b *Bot) tnLang(t store.Tournament) texts.Lang {
	if l := compose.GuildLang(t.GuildLocale); l != "" {
		return l
	}
	return b.readers.Lang(t.State.Organiser)
}

// tnEndPosts are the posts of a tournament that just ended: the final
// standings, or that it was cancelled.
func (b *Bot) tnEndPosts(t *store.Tournament) []store.OutMsg {
	l := b.tnLang(*t)
	text := texts.TournamentCancelled(l, t.ID, t.Name, t.State.Ended == tournament.EndTooFew)
	if t.State.Status == tournament.StatusFinished {
		text = texts.TournamentFinal(l, t.ID, t.Name, b.tnStandings(*t))
	}
	return []store.OutMsg{compose.ToChannel(t.ChannelID, compose.Payload{Content: text, Mentions: []string{}})}
}

// tnStandings are t's standings as the texts write them.
func (b *Bot) tnStandings(t store.Tournament) []texts.TnStanding {
	var out []texts.TnStanding
	for _, s := range t.State.Standings() {
		ts := texts.TnStanding{Rank: s.Rank, Player: compose.Mention(s.Player), Points: s.Points, W: s.Wins, D: s.Draws, L: s.Losses,
			Fire: s.Fire, Out: s.State != tournament.Active}
		switch t.State.Config.Format {
		case tournament.Swiss:
			ts.Tiebreak = "Bh " + texts.Points(s.Buchholz) + " · SB " + texts.Points(s.SonnebornBerger)
		case tournament.RoundRobin:
			ts.Tiebreak = "SB " + texts.Points(s.SonnebornBerger)
		default:
			ts.Tiebreak = "perf " + fmt.Sprint(s.Performance)
		}
		out = append(out, ts)
	}
	return out
}

// tnCard is the tournament's card: its text, and Join while it takes
// players.
func (b *Bot) tnCard(t store.Tournament) compose.Payload {
	l := b.tnLang(t)
	s := &t.State
	c := texts.TnCard{ID: t.ID, Name: t.Name, Format: string(s.Config.Format), Rounds: s.TotalRounds(), Cycles: s.Config.Cycles,
		Minutes: int(s.Config.Duration / time.Minute), Variant: s.Config.Variant, Ranked: t.Ranked, CPUByes: s.Config.CPUByes,
		Status: string(s.Status), TooFew: s.Ended == tournament.EndTooFew, Players: s.ActivePlayers(), Limit: s.Config.Limit(),
		Round: s.Round, StartAt: s.Config.StartAt, EndsAt: s.EndsAt, Organiser: compose.Mention(s.Organiser)}
	if s.Config.Format == tournament.Swiss && s.Status == tournament.StatusSignup {
		c.Rounds = s.Config.Rounds
	}
	if s.Config.Format != tournament.Arena {
		for _, p := range s.RoundPairings(s.Round) {
			c.Pairings = append(c.Pairings, texts.TnPairing{Board: p.Board, Black: compose.Mention(p.Black), White: mentionOrNone(p.White),
				Result: string(p.Result), Game: p.Game})
		}
	}
	if s.Status != tournament.StatusSignup {
		c.Standings = b.tnStandings(t)
	}
	p := compose.Payload{Content: texts.TournamentCard(l, c), Mentions: []string{}}
	late := s.Config.Format == tournament.Arena && (s.Status == tournament.StatusRunning || s.Status == tournament.StatusPaused)
	if s.Status == tournament.StatusSignup || late {
		p.Buttons = []compose.Button{{ID: "tjoin:" + itoa(t.ID), Label: texts.TournamentButton(l), Style: 3}} // success (green)
	}
	return p
}

func mentionOrNone(id string) string {
	if id == "" {
		return ""
	}
	return compose.Mention(id)
}

// tnFlushCards queues the edits of the cards due (at most one per
// tournament every tnCardGap; the others wait for a later pass).
func (b *Bot) tnFlushCards() {
	tr := b.tn()
	now := time.Now()
	tr.mu.Lock()
	var due []uint64
	for id := range tr.dirty {
		if now.Sub(tr.cardAt[id]) >= tnCardGap {
			due = append(due, id)
			delete(tr.dirty, id)
			tr.cardAt[id] = now
		}
	}
	tr.mu.Unlock()
	queued := false
	for _, id := range due {
		t, err := b.st.GetTournament(id)
		if err != nil || t.MessageID == "" {
			continue
		}
		p := b.tnCard(t)
		p.Edit = t.MessageID
		if err := b.st.Enqueue(compose.ToChannel(t.ChannelID, p)); err != nil {
			b.log.Warn("tournament card", "tournament", id, "err", err)
			continue
		}
		queued = true
	}
	if queued {
		b.ob.Kick()
	}
}
