package loadtest

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	mrand "math/rand/v2"
	"strconv"

	"shinpan/bot/discordtest"
	"shinpan/referee"
	"shinpan/referee/policy"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
	"shinpan/store"
)

// game is one loaded game as the driver knows it: the truth (its own
// referee), the players and the channels its messages go to.
type game struct {
	id      store.GameID
	players [2]string // user ids, by colour
	dm      [2]string // their DM channels
	channel string    // the game's guild channel
	card    string    // its card's message id
	ref     *referee.Game
	seen    map[uint64]bool // positions reached (no repetition)
	rng     *mrand.Rand

	// The move in flight, guarded by driver.mu.
	inFlight bool
	due      int64   // when it was due, ns since the run's start
	got      [3]bool // answered: Black's DM, White's DM, the channel post
	last     int64   // the latest of those answers, ns since the start
	mover    int     // the colour that moved
	ply      int     // the moves played with it
	// cards are the moves whose card edit has not arrived (think mode),
	// guarded by driver.mu.
	cards []pendingCard
	free  chan struct{} // think mode: a token while no move is in flight
	// board is each player's newest DM with tap menus (--taps), guarded
	// by driver.mu.
	board [2]string
	// Realistic traffic (traffic.go), guarded by driver.mu once the run
	// starts: closed says whose DMs are closed; expect counts the posts
	// due in each DM channel outside a move (a foul's answers), foulBy
	// and foulAck the fouling colour and the action its answer
	// acknowledges; ending is set from a resignation to the next game's
	// start; texts are the moves and fouls sent (the store's moves),
	// acked how many of them were acknowledged, pendingAck what the move
	// in flight acknowledges.
	closed          [2]bool
	expect          [2]int
	foulBy, foulAck int
	ending          bool
	texts           []string
	acked, base     int // base: the texts the store held at the run's start
	pendingAck      int
	trng            *mrand.Rand // fouls and resignations
}

// pendingCard is a move waiting for the card to show it.
type pendingCard struct {
	ply int
	due int64
}

// variants cycles through the variants for --variant mix.
var variants = []view.Variant{view.Tsuitate, view.Masked, view.Dark, view.Standard}

// fill makes n active games in st between fresh users of srv, each with plies
// moves played, their masks chosen (Masked) and the players' DM channels and
// current game in their settings; perChannel games share each guild
// channel (at least 1).
// A share closed of the players have their DMs closed (drawn from seed).
func fill(srv *discordtest.Server, st store.Store, n, plies int, variant string, seed uint64, perChannel int, closed float64) ([]*game, error) {
	closers := mrand.New(mrand.NewPCG(seed, 1<<40))
	var games []*game
	perChannel = max(perChannel, 1)
	for i := 0; i < n; i++ {
		v, err := variantOf(variant, i)
		if err != nil {
			return nil, err
		}
		g := &game{seen: map[uint64]bool{}, rng: mrand.New(mrand.NewPCG(seed, uint64(i))), trng: mrand.New(mrand.NewPCG(seed, 1<<41|uint64(i))), foulAck: -1}
		for c := range g.players {
			u := srv.AddUser(discordtest.User{Username: fmt.Sprintf("lt%d%c", i, "bw"[c])})
			g.players[c] = u.ID
			if g.dm[c], err = srv.DMChannel(u.ID); err != nil {
				return nil, err
			}
			if closed > 0 && closers.Float64() < closed {
				g.closed[c] = true
				if err := srv.Faults().SetDMsClosed(u.ID, true); err != nil {
					return nil, err
				}
			}
		}
		if i%perChannel == 0 {
			g.channel = srv.AddChannel(discordtest.Channel{Name: fmt.Sprintf("games-%d", i/perChannel)}).ID
		} else {
			g.channel = games[len(games)-1].channel
		}
		opts := policy.Defaults(v)
		opts.MoveLimit, opts.TurnSeconds, opts.AwaySeconds = 0, 0, 0 // nothing ends a game
		meta := store.Game{GuildID: srv.GuildID(), ChannelID: g.channel, Players: g.players, Variant: v,
			Options: opts, StartSFEN: shogi.StartSFEN, RulesVersion: referee.RulesVersion, Status: store.StatusActive}
		if v == view.Masked {
			meta.Status = store.StatusPendingMasks
		}
		created, err := st.CreateGame(meta, "loadtest-game-"+strconv.Itoa(i), nil)
		if err != nil {
			return nil, err
		}
		g.id = created.ID
		// The game card, which each move edits (the bot posted it at the start).
		card, err := srv.SeedBotMessage(g.channel, fmt.Sprintf("Game #%d", g.id))
		if err != nil {
			return nil, err
		}
		if err := st.PutMessageRef(g.id, "card", store.MessageRef{ChannelID: g.channel, MessageID: card}); err != nil {
			return nil, err
		}
		g.card = card
		if g.ref, err = referee.New(strconv.FormatUint(uint64(g.id), 10), v, shogi.StartSFEN, opts.Options); err != nil {
			return nil, err
		}
		g.seen[g.ref.TruePosition().Key()] = true
		var actions []referee.Action
		if v == view.Masked {
			actions = append(actions, referee.Action{Kind: referee.ActMask, Player: shogi.Black, Text: "2h", Salt: salt()},
				referee.Action{Kind: referee.ActMask, Player: shogi.White, Text: "8b", Salt: salt()})
		}
		for k := 0; k < len(actions)+plies; k++ {
			a := referee.Action{}
			if k < len(actions) {
				a = actions[k]
			} else if m := pickMove(g.ref, g.seen, g.rng); m != shogi.NoMove {
				a = moveAction(g.ref, m)
			} else {
				break
			}
			if err := g.apply(a); err != nil {
				return nil, err
			}
			status := store.StatusActive
			if g.ref.NeedsMasks() {
				status = store.StatusPendingMasks
			}
			e := store.Entry{Action: a, UserID: g.players[a.Player], Key: fmt.Sprintf("loadtest-%d-%d", g.id, k)}
			if _, err := st.AppendAction(g.id, e, nil, func(m *store.Game) { m.Status = status }); err != nil {
				return nil, err
			}
		}
		for c, u := range g.players {
			if _, err := st.UpdateSettings(u, func(s *store.Settings) { s.DMChannelID, s.CurrentGame = g.dm[c], g.id }); err != nil {
				return nil, err
			}
		}
		games = append(games, g)
	}
	return games, nil
}

// apply plays a on the driver's referee and remembers the position.
func (g *game) apply(a referee.Action) error {
	if _, err := g.ref.Apply(a); err != nil {
		return fmt.Errorf("game %d: %s %q: %w", g.id, a.Kind, a.Text, err)
	}
	if g.ref.LastOutcome() == referee.Foul {
		g.texts = append(g.texts, a.Text)
		return nil
	}
	if g.ref.Over() {
		return fmt.Errorf("game %d ended: %+v", g.id, g.ref.Result())
	}
	g.seen[g.ref.TruePosition().Key()] = true
	if a.Kind == referee.ActMove {
		g.texts = append(g.texts, a.Text)
	}
	return nil
}

func variantOf(name string, i int) (view.Variant, error) {
	if name == "mix" {
		return variants[i%len(variants)], nil
	}
	return referee.ParseVariant(name)
}

func salt() string {
	var b [16]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}
