//go:build !production

package main

import (
	"embed"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"shinpan/bot"
	"shinpan/bot/discordtest"
	"shinpan/player"
	"shinpan/referee"
	"shinpan/referee/notation"
	"shinpan/referee/record"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
	"shinpan/store"
	"shinpan/store/bolt"
)

//go:embed demodata/*.txt
var demoData embed.FS

const demoRecord = "demodata/g24_mog016_checkmate.txt"

// demoOut is where the demo prints its transcript (tests read it).
var demoOut io.Writer = os.Stdout

func init() {
	register("demo", "play a real game through the whole bot against a local Discord stand-in: [--variant V] [--record FILE] [--moves N] [--taps] [--out DIR], or --cpu or --tournament [--level L] [--movetime MS]", runDemo)
}

// demo is two simulated users playing a recorded game through the real bot,
// talking to the local Discord stand-in over HTTP and WebSocket.
type demo struct {
	srv     *discordtest.Server
	clock   *demoClock
	st      store.Store
	out     string
	w       io.Writer
	channel string
	names   map[string]string // user id → name
	dmUser  map[string]string // DM channel id → user id
	printed map[string]int    // message id → edits printed
	texts   map[string]string // message id → the text printed last
	taps    bool              // moves picked from the menus (cmd_demo_taps.go), never typed
	pngs    int
	files   int
}

func runDemo(args []string) error {
	fs := newFlags("demo")
	variant := fs.String("variant", "tsuitate", "tsuitate, masked, dark or standard")
	recPath := fs.String("record", "", "KIF, KI2, CSA, USI or SFEN + USI moves record to play, from the standard start (default: a real game shipped with shinpan)")
	outDir := fs.String("out", "demo-out", "directory for the PNG boards the players were sent, the records and the game's GIF")
	cpu := fs.Bool("cpu", false, "CPU against CPU: alice challenges the bot and is away, so the CPU plays her seat too")
	level := fs.String("level", "strong", "with --cpu or --tournament: random, greedy or strong")
	moveMS := fs.Int("movetime", 100, "with --cpu or --tournament: the CPU's think time per move in ms")
	upTo := fs.Int("moves", 0, "play only the record's first N moves, then the side that lost it resigns (0: all)")
	tourney := fs.Bool("tournament", false, "a 4-round Swiss of 8 players the CPU plays for (--level, --movetime; --move-limit)")
	moveLimit := fs.Int("move-limit", 200, "with --tournament: a game is drawn after this many moves")
	taps := fs.Bool("taps", false, "the players pick every move from the menus under their boards, typing nothing")
	if err := fs.Parse(args); err != nil {
		return err
	}
	v, err := referee.ParseVariant(*variant)
	if err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if _, err := player.ParseLevel(*level); err != nil {
		return fmt.Errorf("--level: %w", err)
	}
	if *moveMS < 1 || *moveMS > 60000 {
		return fmt.Errorf("--movetime %d: want 1 to 60000 ms", *moveMS)
	}
	if *upTo < 0 {
		return fmt.Errorf("--moves %d: want 0 (all) or more", *upTo)
	}
	if *tourney { // cmd_demo_tournament.go
		return runDemoTournament(v, *level, *moveMS, *moveLimit)
	}
	var data []byte
	name := *recPath
	if name == "" {
		data, err = demoData.ReadFile(demoRecord)
		name = demoRecord
	} else {
		data, err = os.ReadFile(name)
	}
	if err != nil {
		return err
	}
	rec, err := record.Parse(data, name)
	var illegal *record.IllegalMoveError
	if err != nil && !errors.As(err, &illegal) {
		return err
	}
	if rec.StartSFEN() != shogi.StartSFEN { // said before anything is started
		return fmt.Errorf("the demo plays games from the standard start; this record starts at %s", rec.StartSFEN())
	}
	if err := os.MkdirAll(*outDir, 0o755); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "shinpan-demo-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)

	clock := &demoClock{}
	srv := discordtest.New(discordtest.Options{
		Users: []discordtest.User{{Username: "alice"}, {Username: "bob"}},
		Clock: clock.now, // Discord's limits on, at the players' pace (demoThink)
	})
	if err := srv.Start(); err != nil {
		return err
	}
	defer srv.Close()
	dbPath := filepath.Join(tmp, "shinpan.db")
	st, err := bolt.Open(dbPath, nil)
	if err != nil {
		return err
	}
	defer st.Close()
	s, _ := discordgo.New("Bot demo-token")
	srv.Configure(s)
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	b, err := bot.New(bot.Config{DataPath: dbPath, CPULevel: *level, CPUMoveMillis: *moveMS, ResultGIF: true}, st, s, bot.WithLogger(quiet))
	if err != nil {
		return err
	}
	if err := b.Start(); err != nil {
		return err
	}
	defer b.Close()

	d := &demo{srv: srv, clock: clock, st: st, out: *outDir, w: demoOut, channel: srv.Channels()[0].ID,
		names: map[string]string{}, dmUser: map[string]string{}, printed: map[string]int{}, texts: map[string]string{}, taps: *taps}
	users := srv.Users()
	alice, bob := users[0].ID, users[1].ID
	d.names[alice], d.names[bob] = "alice", "bob"
	for _, u := range []string{alice, bob} {
		if ch, err := srv.DMChannel(u); err == nil {
			d.dmUser[ch] = u
		}
	}
	moves := make([]string, 0, len(rec.Moves)+1)
	for _, m := range rec.Moves {
		moves = append(moves, m.USI())
	}
	if illegal != nil {
		moves = append(moves, illegal.Text)
	}
	if *upTo > 0 && *upTo < len(moves) {
		moves = moves[:*upTo]
	}
	start := time.Now()
	if *cpu {
		played, err := d.playCPU(v, alice)
		fmt.Fprintf(d.w, "\n%d moves in %.1f s; %d PNG boards and %d other files written to %s\n", played, time.Since(start).Seconds(), d.pngs, d.files-d.pngs, d.out)
		return err
	}
	played, err := d.play(rec, v, moves, alice, bob)
	if err == nil {
		err = d.review(bob)
	}
	if err == nil { // one board in each piece set, beside the transcript's files
		_, err = writeSetBoards(*outDir, v, moves[:min(played, len(moves))])
	}
	fmt.Fprintf(d.w, "\n%d moves in %.1f s; %d PNG boards and %d other files written to %s\n", played, time.Since(start).Seconds(), d.pngs, d.files-d.pngs, d.out)
	return err
}

// play runs the game: Alice challenges Bob (Alice plays Black), Bob accepts with
// the button, then each player sends their moves by DM — Alice in Western
// notation, Bob in Japanese — read against their own board.
func (d *demo) play(rec *record.Record, v view.Variant, moves []string, alice, bob string) (played int, err error) {
	err = d.playGame(rec, v, moves, alice, bob, &played)
	return played, err
}

func (d *demo) playGame(rec *record.Record, v view.Variant, moves []string, alice, bob string, played *int) error {
	d.typed(alice, "#general", "/shogi challenge variant:"+string(v)+" opponent:@bob color:black")
	if err := d.after(d.channel, func() error {
		_, err := d.srv.SlashCommand(alice, d.channel, "shogi", discordtest.Subcommand("challenge",
			discordtest.StringOption("variant", string(v)), discordtest.UserOption("opponent", bob),
			discordtest.StringOption("color", "black")))
		return err
	}); err != nil {
		return err
	}
	card := ""
	for _, m := range d.srv.Messages(d.channel) {
		if strings.Contains(string(m.Components), "accept:") {
			card = m.ID
		}
	}
	if card == "" {
		return errors.New("no challenge card was posted")
	}
	var accept string
	cm, _ := d.srv.Message(card)
	for _, id := range strings.Split(string(cm.Components), "\"") {
		if strings.HasPrefix(id, "accept:") {
			accept = id
		}
	}
	d.typed(bob, "#general", "[presses Accept]")
	n := d.botCount(d.channel)
	if err := d.after(d.channel, func() error {
		_, err := d.srv.ClickButton(bob, d.channel, card, accept)
		return err
	}); err != nil {
		return err
	}
	for i := 0; i < 2000 && d.botCount(d.channel) < n+2; i++ { // the reply and the game card
		time.Sleep(10 * time.Millisecond)
	}
	d.settle()
	g, err := referee.New("demo", v, "", referee.DefaultOptions(v))
	if err != nil {
		return err
	}
	seats := [2]string{alice, bob}
	if v == view.Masked {
		for c, u := range seats {
			mask := "2h"
			if c == 1 {
				mask = "8b"
			}
			if d.taps {
				if err := d.tapMask(u, mask); err != nil {
					return err
				}
			} else {
				d.typed(u, "DM", mask)
				if err := d.after(d.dmOf(u), func() error { _, err := d.srv.SendDM(u, mask); return err }); err != nil {
					return err
				}
			}
			g.Apply(referee.Action{Kind: referee.ActMask, Player: shogi.Color(c), Text: mask})
		}
	}
	fouled := v != view.Tsuitate // the demo shows Tsuitate's foul once
	for _, usi := range moves {
		if g.Over() {
			break
		}
		c := g.Turn()
		if !fouled && c == shogi.Black && len(g.Moves()) >= 2 {
			if f, ok := foulAttempt(g, c); ok {
				fouled = true
				seen, _ := g.PlayerBoard(c)
				text := notation.Format(seen, f, notation.Western, g.LastSeen(c))
				if d.taps {
					fmt.Fprintf(d.w, "(@%s picks %s: a foul, legal on her own board, not on the real one)\n", d.names[seats[c]], text)
					if err := d.tapMove(seats[c], f); err != nil {
						return err
					}
				} else {
					d.typed(seats[c], "DM", text+"   (a foul: legal on her own board, not on the real one)")
					if err := d.after(d.dmOf(seats[c]), func() error { _, err := d.srv.SendDM(seats[c], text); return err }); err != nil {
						return err
					}
				}
				if _, err := g.Apply(referee.Action{Kind: referee.ActMove, Player: c, Text: f.USI()}); err != nil {
					return fmt.Errorf("foul %s: %v", f.USI(), err)
				}
			}
		}
		m, err := shogi.ParseUSI(usi)
		if err != nil {
			return err
		}
		seen, _ := g.PlayerBoard(c)
		n := notation.Western
		if c == shogi.White {
			n = notation.Japanese
		}
		text := notation.Format(seen, m, n, g.LastSeen(c))
		if d.taps {
			if err := d.tapMove(seats[c], m); err != nil {
				return err
			}
		} else {
			d.typed(seats[c], "DM", text)
			if err := d.after(d.dmOf(seats[c]), func() error { _, err := d.srv.SendDM(seats[c], text); return err }); err != nil {
				return err
			}
		}
		if _, err := g.Apply(referee.Action{Kind: referee.ActMove, Player: c, Text: usi}); err != nil {
			return fmt.Errorf("move %s: %v", usi, err)
		}
		*played = len(g.Moves())
	}
	if !g.Over() {
		loser := g.Turn()
		if rec.Result.Winner == "white" {
			loser = shogi.Black
		} else if rec.Result.Winner == "black" {
			loser = shogi.White
		}
		d.typed(seats[loser], "#general", "/shogi resign")
		if err := d.after(d.channel, func() error {
			_, err := d.srv.SlashCommand(seats[loser], d.channel, "shogi", discordtest.Subcommand("resign"))
			return err
		}); err != nil {
			return err
		}
	}
	return nil
}

// foulAttempt finds a move player c may try on their own board that the
// real board makes a foul (the first, in move generation order).
func foulAttempt(g *referee.Game, c shogi.Color) (shogi.Move, bool) {
	seen, _ := g.PlayerBoard(c)
	for _, m := range seen.OwnBoardMoves(nil) {
		evs, err := g.Clone().Apply(referee.Action{Kind: referee.ActMove, Player: c, Text: m.USI()})
		if err != nil {
			continue
		}
		for _, e := range evs {
			if e.Kind == view.EvFoul {
				return m, true
			}
		}
	}
	return shogi.NoMove, false
}

func (d *demo) typed(user, where, text string) {
	fmt.Fprintf(d.w, "@%s > %s\n", d.names[user], text)
}

// botCount returns how many messages the bot has in a channel.
func (d *demo) botCount(channel string) int { return len(d.srv.BotMessages(channel)) }

// after runs an action and waits until the bot answered in channel (a new
// message there), then until everything it caused is sent; then it prints the
// new messages in the order they were created.
func (d *demo) after(channel string, act func() error) error {
	n := d.botCount(channel)
	d.clock.think()
	if err := act(); err != nil {
		return err
	}
	deadline := time.Now().Add(20 * time.Second)
	for d.botCount(channel) == n && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	d.settle()
	return nil
}

// settle waits until the outbox is empty and the bot has been quiet for a
// moment, then prints.
func (d *demo) settle() {
	last, stable := -1, 0
	for i := 0; i < 2000 && stable < 10; i++ {
		time.Sleep(10 * time.Millisecond)
		pending, _ := d.st.PendingOutbox()
		n := len(d.srv.Requests())
		if len(pending) == 0 && n == last {
			stable++
		} else {
			stable = 0
		}
		last = n
	}
	d.print()
}

func (d *demo) dmOf(user string) string {
	ch, _ := d.srv.DMChannel(user)
	return ch
}

func (d *demo) print() {
	var msgs []discordtest.Message
	msgs = append(msgs, d.srv.Messages(d.channel)...)
	for ch := range d.dmUser {
		msgs = append(msgs, d.srv.Messages(ch)...)
	}
	sort.Slice(msgs, func(i, j int) bool { return snow(msgs[i].ID) < snow(msgs[j].ID) })
	for _, m := range msgs {
		if m.Author.ID != d.srv.BotUser().ID || m.Loading() {
			continue
		}
		seen, ok := d.printed[m.ID]
		if ok && seen == m.Edits {
			continue
		}
		d.printed[m.ID] = m.Edits
		where := "#general:"
		if u, isDM := d.dmUser[m.ChannelID]; isDM {
			where = "DM @" + d.names[u] + ":"
		} else if m.Ephemeral() {
			where = "#general (only you):"
		}
		if ok {
			where = strings.TrimSuffix(where, ":") + " (edited):"
		}
		line := strings.ReplaceAll(m.Content, "\n", " / ")
		for id, name := range d.names {
			line = strings.ReplaceAll(line, "<@"+id+">", "@"+name)
		}
		if prev, had := d.texts[m.ID]; ok && had {
			line = changedLines(prev, m.Content, d.names) // the game card: what its edit changed
		}
		d.texts[m.ID] = m.Content
		for _, a := range m.Attachments {
			d.files++
			if strings.HasSuffix(a.Filename, ".png") {
				d.pngs++
			}
			file := fmt.Sprintf("%03d-%s-%s", d.files, strings.Trim(strings.NewReplacer("#", "", "@", "", " ", "-", ":", "", "(", "", ")", "").Replace(where), "-"), a.Filename)
			if err := os.WriteFile(filepath.Join(d.out, file), a.Data, 0o644); err != nil {
				fmt.Fprintln(d.w, "cannot write", file, err)
			}
			if a.Description != "" {
				line += fmt.Sprintf(" [%s: %s]", file, a.Description)
			} else {
				line += fmt.Sprintf(" [%s]", file)
			}
		}
		line += buttonText(m.Components)
		fmt.Fprintf(d.w, "%s %s\n", where, line)
	}
}

// changedLines is an edited message's text from its first changed line on
// ("… Move 4 · ☖ White to move / …"), mentions named; the whole text when
// even its first line changed.
func changedLines(prev, now string, names map[string]string) string {
	if prev == now {
		return "(the same text, a new board)"
	}
	a, b := strings.Split(prev, "\n"), strings.Split(now, "\n")
	k := 0
	for k < len(a) && k < len(b) && a[k] == b[k] {
		k++
	}
	line := strings.Join(b[k:], " / ")
	if k > 0 {
		line = "… " + line
	}
	for id, name := range names {
		line = strings.ReplaceAll(line, "<@"+id+">", "@"+name)
	}
	return line
}

func snow(id string) uint64 {
	n, _ := strconv.ParseUint(id, 10, 64)
	return n
}

// playCPU has alice challenge the bot itself with a one-second away time: the
// CPU plays its own seat and, once alice is away, hers, to the end.
func (d *demo) playCPU(v view.Variant, alice string) (int, error) {
	d.typed(alice, "#general", "/shogi challenge variant:"+string(v)+" opponent:@referee away_seconds:1")
	if err := d.after(d.channel, func() error {
		_, err := d.srv.SlashCommand(alice, d.channel, "shogi", discordtest.Subcommand("challenge",
			discordtest.StringOption("variant", string(v)), discordtest.UserOption("opponent", d.srv.BotUser().ID),
			discordtest.IntegerOption("away_seconds", 1)))
		return err
	}); err != nil {
		return 0, err
	}
	// The game starts once the bot has answered; then wait for its end.
	deadline := time.Now().Add(5 * time.Minute)
	var id store.GameID
	for id == 0 && time.Now().Before(deadline) {
		if gs, _ := d.st.ActiveGamesOf(alice); len(gs) > 0 {
			id = gs[0].ID
		} else if gs, _ := d.st.RecentGames(alice, 1); len(gs) > 0 {
			id = gs[0].ID
		}
		time.Sleep(10 * time.Millisecond)
	}
	for time.Now().Before(deadline) {
		g, err := d.st.GetGame(id)
		if err != nil {
			return 0, err
		}
		d.settle()
		if !g.Status.Live() {
			break
		}
	}
	d.settle()
	done, err := d.st.RecentGames(alice, 1)
	if err != nil || len(done) == 0 {
		return 0, fmt.Errorf("the game did not end: %v", err)
	}
	var played int
	if entries, err := d.st.Log(done[0].ID, 1); err == nil {
		g, err := referee.New("demo", v, "", done[0].Options.Options)
		if err == nil {
			for _, e := range entries {
				g.Apply(e.Action)
			}
			played = len(g.Moves())
		}
	}
	return played, nil
}
