package loadtest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	mrand "math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"time"

	"shinpan/bot/discordtest"
	"shinpan/referee"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
	"shinpan/store"
)

// Realistic traffic (with --think): what people do besides moving.
//
//   - A share of the players have their DMs closed (Config.DMsClosed): the
//     stand-in refuses every message the bot sends them (403, 50007), which
//     Discord counts as an invalid request. They closed them mid-game: they
//     see no board and make no move (on Discord a user whose DMs from the
//     server are closed cannot write to the bot either), so their games
//     wait for them once it is their turn.
//   - Fouls (Config.Fouls): before a share of the moves the mover types an
//     illegal move first: in Tsuitate a foul judged on the true position
//     when the mover's own board allows one (told to the mover, and to the
//     opponent and the channel when the game announces fouls), else a move
//     the mover's own board refuses (told to the mover only). The mover
//     waits for the answers, thinks a little and moves.
//   - Resignations and new challenges (Config.Resign): instead of a share of
//     the moves the mover resigns (/shogi resign in the game's channel),
//     thinks, and challenges the same opponent again (/shogi challenge),
//     who accepts by the challenge's Accept button; the new game is played
//     on. Masked games (their masks to choose first) only resign.

// Traffic is what the realistic traffic did, and what a restart in the
// middle of the run (Config.RestartAt) lost or repeated.
type Traffic struct {
	DMsClosed     float64 // Config.DMsClosed
	ClosedPlayers int
	DMRefused     int // the bot's posts to a closed DM channel (403)
	Waiting       int // games that stopped, their side to move's DMs closed
	FoulShare     float64
	Fouls         int // fouls typed (Tsuitate: judged on the true position)
	Refusals      int // illegal moves typed that the own board refused
	ResignShare   float64
	Resigned      int
	Challenged    int
	Started       int // new games started by Accept
	Reaccepts     int // Accepts clicked again: the first made no game
	// GaveUp are the games whose players stopped after waiting answerWait
	// for an answer (a resignation's, a challenge's, an Accept's, the new
	// game's start); GaveUpWhy the first such wait.
	GaveUp       int
	GaveUpWhy    string
	ChannelPosts int // new messages in the games' channels (challenges, notices)
	// From the first click on a new game's Accept to each player's first
	// DM of the game (two a game), to the game's card posted in the
	// channel, and to the challenge's card edited to say it was accepted
	// (the stand-in's times of the messages); StartsOpen are the Accepts
	// clicked whose game's first DMs had not both come by the run's end
	// or had been given up (not in the percentiles).
	StartDMP50, StartDMP99             time.Duration
	StartCardP50, StartCardP99         time.Duration
	StartAcceptedP50, StartAcceptedP99 time.Duration
	StartsOpen                         int
	// RestartAt is when the bot was restarted (0: not), RestartTook how long
	// from its Close to the new one's Start returning.
	RestartAt, RestartTook time.Duration
	// InvalidAfterRestart are the invalid requests (401, 403, 429 not
	// shared) from the restart to the end.
	InvalidAfterRestart int
	// Acked are the actions (moves and fouls) whose mover was told; Lost
	// those of them missing from the store at the end; Diverged the games
	// whose stored moves are not those the players sent.
	Acked, Lost, Diverged int
	// Twice are messages shown twice: a post whose nonce an earlier post in
	// the same channel carried (past Discord's dedupe window).
	Twice int
	// PeakPerSec is the most budgeted requests the stand-in received in one
	// second (wall-clock seconds), over all the processes.
	PeakPerSec int
}

// String is the third line `shinpan loadtest` prints.
func (t Traffic) String() string {
	s := fmt.Sprintf("dms_closed=%.2f closed_players=%d dm_refused=%d waiting=%d fouls=%.2f foul_attempts=%d refused_attempts=%d resign=%.3f resigned=%d challenged=%d started=%d reaccepts=%d gave_up=%d channel_posts=%d acked=%d lost=%d diverged=%d twice=%d peak_per_s=%d",
		t.DMsClosed, t.ClosedPlayers, t.DMRefused, t.Waiting, t.FoulShare, t.Fouls, t.Refusals, t.ResignShare, t.Resigned,
		t.Challenged, t.Started, t.Reaccepts, t.GaveUp, t.ChannelPosts, t.Acked, t.Lost, t.Diverged, t.Twice, t.PeakPerSec)
	s += fmt.Sprintf(" start_dm_p50=%sms start_dm_p99=%sms start_card_p50=%sms start_card_p99=%sms start_accepted_p50=%sms start_accepted_p99=%sms starts_open=%d",
		ms(t.StartDMP50), ms(t.StartDMP99), ms(t.StartCardP50), ms(t.StartCardP99), ms(t.StartAcceptedP50), ms(t.StartAcceptedP99), t.StartsOpen)
	if t.RestartAt > 0 {
		s += fmt.Sprintf(" restart_at=%v restart_took=%sms invalid_after_restart=%d", t.RestartAt, ms(t.RestartTook), t.InvalidAfterRestart)
	}
	return s
}

// traffic is the driver's part of it, guarded by driver.mu.
type traffic struct {
	fouls, resign float64
	dmRefused     int
	waiting       int
	foulsSent     int
	refusals      int
	resigned      int
	challenged    int
	started       int
	reaccepts     int
	gaveUpN       int
	gaveUpWhy     string
	channelPosts  int
	twice         int
	startDM       []time.Duration  // from an Accept's first click to each player's first DM of the game
	startCard     []time.Duration  // to the game's card posted
	startAccepted []time.Duration  // to the challenge's card edited
	startsOpen    int              // Accepts clicked whose game's first DMs have not both come
	nonces        map[string]bool  // channel + nonce of the posts seen
	perSec        map[int64]int    // budgeted requests by wall-clock second
	guild         map[string]bool  // the games' channels
	ledgers       []ledger         // games replaced by new ones
	byID          map[string]*game // the store's game id → game, for the checks
}

// ledger is what the driver sent in one game: the texts of its moves and
// fouls in order (those the store keeps as moves), and how many of them
// were acknowledged.
type ledger struct {
	id          store.GameID
	texts       []string
	acked, base int
}

// nonceOf reads a post's nonce ("" if none).
func nonceOf(body []byte) string {
	var p struct {
		Nonce json.RawMessage `json:"nonce"`
	}
	if json.Unmarshal(body, &p) != nil {
		return ""
	}
	return strings.Trim(string(p.Nonce), `"`)
}

// seenPost notes a post that Discord made a message of; false when its
// nonce showed a message before in the channel. Callers hold d.mu.
func (d *driver) seenPost(channel string, body []byte) bool {
	n := nonceOf(body)
	if n == "" {
		return true
	}
	k := channel + "/" + n
	if d.nonces[k] {
		d.twice++
		return false
	}
	d.nonces[k] = true
	return true
}

// expected takes a post in g's DM channel slot outside a move: an answer
// to a foul, or a message of a game ending or starting. Callers hold d.mu.
func (d *driver) expected(g *game, slot int) bool {
	if slot < 2 && g.expect[slot] > 0 {
		g.expect[slot]--
		if slot == g.foulBy && g.foulAck >= 0 {
			g.acked = g.foulAck // the foul is acknowledged
			g.foulAck = -1
		}
		return true
	}
	return g.ending
}

// attempt finds an illegal move for the side to move of g: a foul if the
// variant has them and the own board allows one, else a move the own board
// refuses. ok is false when neither is found.
func attempt(g *referee.Game, rng *mrand.Rand) (a referee.Action, foul, toOpp bool, ok bool) {
	c := g.Turn()
	_, tries := g.PlayerBoard(c)
	rng.Shuffle(len(tries), func(i, j int) { tries[i], tries[j] = tries[j], tries[i] })
	for _, m := range tries {
		cand := referee.Action{Kind: referee.ActMove, Player: c, Text: m.USI()}
		cl := g.Clone()
		evs, err := cl.Apply(cand)
		if err != nil || cl.LastOutcome() != referee.Foul || cl.Over() {
			continue
		}
		return cand, true, len(view.For(evs, view.AudienceOf(c.Opp()))) > 0, true
	}
	// A move of a piece from an empty square of the own board: refused.
	own, _ := g.PlayerBoard(c)
	for range 50 {
		from, to := shogi.Square(rng.IntN(81)), shogi.Square(rng.IntN(81))
		if from == to || own.At(from) != shogi.NoPiece {
			continue
		}
		cand := referee.Action{Kind: referee.ActMove, Player: c, Text: shogi.NewMove(from, to, false).USI()}
		if _, err := g.Clone().Apply(cand); err != nil {
			return cand, false, false, true
		}
	}
	return referee.Action{}, false, false, false
}

// answerWait bounds the wait for the answers to a foul, a resignation, a
// challenge and the start of its game: under overload they queue behind
// the global budget.
const answerWait = 2 * time.Minute

// acceptWait is how long a player waits for the game after a click on
// Accept before clicking again.
const acceptWait = 20 * time.Second

// foul types an illegal move for g's side to move and waits for its answers.
func (d *driver) foul(ctx context.Context, srv *discordtest.Server, g *game) error {
	a, isFoul, toOpp, ok := attempt(g.ref, g.trng)
	if !ok {
		return nil
	}
	mover := int(a.Player)
	if g.ref.Fouls()[mover] >= g.ref.Options().FoulLimit-2 {
		return nil // no game lost on fouls
	}
	d.mu.Lock()
	g.expect[mover], g.foulBy, g.foulAck = 1, mover, -1
	if isFoul {
		if err := g.apply(a); err != nil {
			d.mu.Unlock()
			return err
		}
		g.foulAck = len(g.texts)
		d.foulsSent++
		if toOpp && !g.closed[1-mover] {
			g.expect[1-mover] = 1
		}
	} else {
		d.refusals++
	}
	d.mu.Unlock()
	if _, err := srv.SendDM(g.players[mover], a.Text); err != nil {
		return err
	}
	return d.waitFor(ctx, func() bool { return g.expect[0] == 0 && g.expect[1] == 0 }, func() { g.expect = [2]int{} })
}

// waitFor polls cond (under d.mu) until it holds, the context ends or
// answerWait passes (then giveUp runs, under d.mu).
func (d *driver) waitFor(ctx context.Context, cond func() bool, giveUp func()) error {
	deadline := time.Now().Add(answerWait)
	for {
		d.mu.Lock()
		ok := cond()
		if !ok && time.Now().After(deadline) {
			giveUp()
			d.mu.Unlock()
			return nil
		}
		d.mu.Unlock()
		if ok || ctx.Err() != nil {
			return nil
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// resignAndRechallenge ends g by its mover's resignation and starts a new
// game between the same players by a challenge and its Accept button; g
// then holds the new game. ok is false when g ended for good (a Masked game,
// or no new game came within answerWait).
func (d *driver) resignAndRechallenge(ctx context.Context, srv *discordtest.Server, st store.Store, g *game, think time.Duration) (bool, error) {
	mover := int(g.ref.Turn())
	d.mu.Lock()
	g.ending = true
	d.resigned++
	d.ledgers = append(d.ledgers, ledger{id: g.id, texts: g.texts, acked: g.acked, base: g.base})
	d.mu.Unlock()
	iid, err := srv.SlashCommand(g.players[mover], g.channel, "shogi",
		discordtest.Subcommand("resign", discordtest.IntegerOption("game", int64(g.id))))
	if err != nil {
		return false, err
	}
	if err := waitAnswered(ctx, srv, iid); err != nil {
		return d.gaveUp(fmt.Errorf("game %d: resign: %w", g.id, err))
	}
	if g.ref.Variant() == view.Masked {
		return false, nil
	}
	if !sleepCtx(ctx, thinkTime(g.trng, think)) {
		return false, nil
	}
	challenger, opp := g.players[mover], g.players[1-mover]
	old := g.id
	iid, err = srv.SlashCommand(challenger, g.channel, "shogi", discordtest.Subcommand("challenge",
		discordtest.StringOption("variant", strings.ToLower(g.ref.Variant().String())),
		discordtest.UserOption("opponent", opp), discordtest.StringOption("color", "black")))
	if err != nil {
		return false, err
	}
	if err := waitAnswered(ctx, srv, iid); err != nil {
		return d.gaveUp(fmt.Errorf("game %d: challenge: %w", old, err))
	}
	d.mu.Lock()
	d.challenged++
	d.mu.Unlock()
	msg, custom, err := findChallenge(ctx, srv, g.channel, challenger, opp)
	if err != nil {
		return d.gaveUp(fmt.Errorf("game %d: the challenge's message: %w", old, err))
	}
	if !sleepCtx(ctx, thinkTime(g.trng, think)/3) {
		return false, nil
	}
	// The opponent accepts; an Accept that made no game (it failed, as one
	// in hand while the bot closes does) is clicked again, as people do.
	var meta store.Game
	var card string
	clicked := time.Now()
	d.mu.Lock()
	d.startsOpen++
	d.mu.Unlock()
	for try := 1; ; try++ {
		iid, err = srv.ClickButton(opp, g.channel, msg, custom)
		if try > 1 && errors.Is(err, discordtest.ErrNoComponent) {
			// The button is gone: the click before made the game after all,
			// later than acceptWait. Wait for it as for the last try.
			if meta, card, err = newGame(ctx, srv, st, challenger, old, false); err != nil {
				return d.gaveUp(fmt.Errorf("game %d: the new game after %d accepts: %w", old, try-1, err))
			}
			break
		}
		if err != nil {
			return false, err
		}
		if err := waitAnswered(ctx, srv, iid); err != nil {
			return d.gaveUp(fmt.Errorf("game %d: accept: %w", old, err))
		}
		meta, card, err = newGame(ctx, srv, st, challenger, old, try < 3)
		if err == nil {
			break
		}
		if try == 3 {
			return d.gaveUp(fmt.Errorf("game %d: the new game after %d accepts: %w", old, try, err))
		}
		d.mu.Lock()
		d.reaccepts++
		d.mu.Unlock()
	}
	ref, err := referee.New(strconv.FormatUint(uint64(meta.ID), 10), meta.Variant, shogi.StartSFEN, meta.Options.Options)
	if err != nil {
		return false, err
	}
	d.mu.Lock()
	delete(d.byCard, g.card)
	g.id, g.ref, g.card, g.texts, g.acked, g.base, g.seen = meta.ID, ref, card, nil, 0, 0, map[uint64]bool{ref.TruePosition().Key(): true}
	g.players = meta.Players
	if g.players[0] != challenger {
		d.mu.Unlock()
		return false, fmt.Errorf("game %d: the challenger plays %v, not Black", meta.ID, g.players)
	}
	if g.dm[0], err = srv.DMChannel(g.players[0]); err == nil {
		g.dm[1], err = srv.DMChannel(g.players[1])
	}
	d.byChan[g.dm[0]] = chanOf{g, 0}
	d.byChan[g.dm[1]] = chanOf{g, 1}
	d.byCard[card] = g
	d.byID[strconv.FormatUint(uint64(meta.ID), 10)] = g
	g.cards, g.board = nil, [2]string{}
	d.started++
	d.mu.Unlock()
	if err != nil {
		return false, err
	}
	// Both players' start DMs are out before the first move: they are not
	// its answers.
	want := regexp.MustCompile(fmt.Sprintf(`Game #%d\D`, meta.ID))
	var firstDM [2]time.Time
	for c := range 2 {
		if err := pollFor(ctx, func() bool {
			for _, m := range srv.BotMessages(g.dm[c]) {
				if want.MatchString(m.Content) {
					firstDM[c] = m.Created
					return true
				}
			}
			return false
		}); err != nil {
			return d.gaveUp(fmt.Errorf("game %d: the start DMs: %w", meta.ID, err))
		}
	}
	d.mu.Lock()
	g.ending = false
	d.startsOpen--
	for _, t := range firstDM {
		d.startDM = append(d.startDM, t.Sub(clicked))
	}
	if m, ok := srv.Message(card); ok {
		d.startCard = append(d.startCard, m.Created.Sub(clicked))
	}
	if m, ok := srv.Message(msg); ok && !m.Edited.IsZero() {
		d.startAccepted = append(d.startAccepted, m.Edited.Sub(clicked))
	}
	d.mu.Unlock()
	return true, nil
}

// findChallenge finds the challenge by challenger to opp in a channel: its
// message and Accept button.
func findChallenge(ctx context.Context, srv *discordtest.Server, channel, challenger, opp string) (msg, custom string, err error) {
	accept := regexp.MustCompile(`"(accept:[^"]+)"`)
	err = pollFor(ctx, func() bool {
		ms := srv.BotMessages(channel)
		for i := len(ms) - 1; i >= 0; i-- {
			m := ms[i]
			b := accept.FindSubmatch(m.Components)
			if b == nil || !strings.Contains(m.Content, challenger) || !strings.Contains(m.Content, opp) {
				continue
			}
			msg, custom = m.ID, string(b[1])
			return true
		}
		return false
	})
	return msg, custom, err
}

// newGame waits for the game the challenger's accepted challenge started
// (newer than old) and for its card; quick gives up after acceptWait if no
// game was made.
func newGame(ctx context.Context, srv *discordtest.Server, st store.Store, challenger string, old store.GameID, quick bool) (store.Game, string, error) {
	var meta store.Game
	var card string
	t0 := time.Now()
	err := pollFor(ctx, func() bool {
		if quick && meta.ID == 0 && time.Since(t0) > acceptWait {
			return true
		}
		gs, err := st.ActiveGamesOf(challenger)
		if err != nil {
			return false
		}
		for _, g := range gs {
			if g.ID > old {
				meta = g
			}
		}
		if meta.ID == 0 {
			return false
		}
		ref, err := st.GetMessageRef(meta.ID, "card")
		card = ref.MessageID
		return err == nil && card != ""
	})
	if err == nil && meta.ID == 0 {
		err = errors.New("no game within " + acceptWait.String())
	}
	if err != nil {
		err = fmt.Errorf("%w (game %d, card %q)", err, meta.ID, card)
	}
	return meta, card, err
}

// pollFor polls cond until it holds, for at most answerWait.
func pollFor(ctx context.Context, cond func() bool) error {
	for deadline := time.Now().Add(answerWait); ; time.Sleep(50 * time.Millisecond) {
		if cond() {
			return nil
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if time.Now().After(deadline) {
			return errNotWithin
		}
	}
}

// errNotWithin is a wait for the bot that took longer than answerWait.
var errNotWithin = errors.New("not within " + answerWait.String())

// gaveUp ends a game whose players waited in vain for the bot (err wraps
// errNotWithin): counted, not an error of the run, which measures on.
func (d *driver) gaveUp(err error) (bool, error) {
	if !errors.Is(err, errNotWithin) {
		return false, err
	}
	d.mu.Lock()
	d.gaveUpN++
	if d.gaveUpWhy == "" {
		d.gaveUpWhy = err.Error()
	}
	d.mu.Unlock()
	return false, nil
}

// waitAnswered waits until the bot has acknowledged interaction iid.
func waitAnswered(ctx context.Context, srv *discordtest.Server, iid string) error {
	return pollFor(ctx, func() bool {
		in, ok := srv.Interaction(iid)
		return ok && in.Callback != nil
	})
}

func sleepCtx(ctx context.Context, d time.Duration) bool {
	select {
	case <-time.After(d):
		return true
	case <-ctx.Done():
		return false
	}
}

// checkLedgers compares what the players sent with what the store kept:
// each acknowledged move and foul must be there, in order, once.
func (d *driver) checkLedgers(st store.Store, games []*game, t *Traffic) error {
	ls := append([]ledger(nil), d.ledgers...)
	for _, g := range games {
		ls = append(ls, ledger{id: g.id, texts: g.texts, acked: g.acked, base: g.base})
	}
	for _, l := range ls {
		es, err := st.Log(l.id, 0)
		if err != nil {
			return fmt.Errorf("game %d: %w", l.id, err)
		}
		var stored []string
		for _, e := range es {
			if e.Action.Kind == referee.ActMove {
				stored = append(stored, e.Action.Text)
			}
		}
		t.Acked += max(l.acked-l.base, 0)
		same := len(stored) <= len(l.texts)
		for i := 0; same && i < len(stored); i++ {
			same = stored[i] == l.texts[i]
		}
		if !same {
			t.Diverged++
		}
		if len(stored) < l.acked {
			t.Lost += l.acked - len(stored)
		}
	}
	return nil
}
