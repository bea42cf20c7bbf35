package bot

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"shinpan/bot/discordtest"
	"shinpan/bot/texts"
	"shinpan/bot/texts/uitexts"
	"shinpan/referee/view"
	"shinpan/store"
)

// slashIn runs /shogi <sub> in a channel ("" = the user's DM with the bot).
func (e *env) slashIn(user, channel, sub string, opts ...discordtest.Option) string {
	e.t.Helper()
	id, err := e.srv.SlashCommand(user, channel, "shogi", discordtest.Subcommand(sub, opts...))
	if err != nil {
		e.t.Fatal(err)
	}
	return e.answer(id)
}

// challengeID is the number of the challenge on a card.
func challengeID(t testing.TB, card discordtest.Message) int64 {
	t.Helper()
	m := regexp.MustCompile(`"accept:(\d+)"`).FindSubmatch(card.Components)
	if m == nil {
		t.Fatalf("no accept button on %q", card.Content)
	}
	n, _ := strconv.ParseInt(string(m[1]), 10, 64)
	return n
}

// TestServersAreIsolated: a challenge or game number used in another server
// or in a DM reaches only that server's challenges and games, or the user's
// own; from outside, "not for you", "no longer open" and "no such number" read
// the same.
func TestServersAreIsolated(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	other := e.srv.AddChannel(discordtest.Channel{Type: discordgo.ChannelTypeGuildText, GuildID: "999000111222333444"}).ID
	num := func(n int64) discordtest.Option { return discordtest.IntegerOption("challenge", n) }

	// An open challenge of this server: carol cannot take it from elsewhere.
	e.slash(e.alice, "challenge", discordtest.StringOption("variant", "tsuitate"))
	open := challengeID(t, e.lastPost())
	none := e.slashIn(e.carol, other, "accept", num(9999))
	for _, where := range []string{other, ""} {
		if out := e.slashIn(e.carol, where, "accept", num(open)); out != none {
			t.Errorf("accept of another server's open challenge from %q: %q, want the no-such-number text %q", where, out, none)
		}
	}
	if gs, _ := e.st.ActiveGamesOf(e.carol); len(gs) != 0 {
		t.Fatalf("carol started a game from outside the server: %+v", gs)
	}
	// Decline and cancel from elsewhere change nothing; a cancel there reads
	// as that of someone with no challenge at all.
	nothing := e.slashIn(e.carol, e.ch, "cancel")
	if out := e.slashIn(e.alice, other, "cancel"); out != nothing {
		t.Errorf("cancel from another server: %q, want %q", out, nothing)
	}
	if out := e.slashIn(e.carol, "", "decline", num(open)); out != none {
		t.Errorf("decline from a DM: %q", out)
	}
	if out := e.slashIn(e.carol, "", "cancel"); out != nothing {
		t.Errorf("cancel from a DM by someone else: %q, want %q", out, nothing)
	}
	if _, err := e.st.GetChallenge(uint64(open)); err != nil {
		t.Fatalf("the open challenge is gone: %v", err)
	}

	// A challenge addressed to bob: from outside, "not for you" reads as none.
	e.slash(e.alice, "cancel") // (inside the server, cancel works)
	card := e.challenge("tsuitate")
	direct := challengeID(t, card)
	if out := e.slashIn(e.carol, other, "accept", num(direct)); out != none {
		t.Errorf("a challenge for someone else, from another server: %q", out)
	}
	if out := e.slashIn(e.carol, "", "accept", num(direct)); out != none {
		t.Errorf("a challenge for someone else, from a DM: %q", out)
	}
	if out := e.slashIn(e.bob, other, "decline", num(direct)); out != none {
		t.Errorf("bob declining from another server: %q", out)
	}
	if out := e.slash(e.carol, "accept", num(direct)); out == none {
		t.Errorf("inside the server, a challenge for someone else should say so, not %q", out)
	}

	// Bob accepts in the server; the game's number is no business of another
	// server, and the accepted challenge reads as none from outside too.
	e.click(e.bob, card, "accept:")
	e.waitUntil("the game", func() bool { gs, _ := e.st.ActiveGamesOf(e.bob); return len(gs) == 1 })
	gs, _ := e.st.ActiveGamesOf(e.bob)
	id := gs[0].ID
	if out := e.slashIn(e.carol, other, "accept", num(direct)); out != none {
		t.Errorf("an accepted challenge from another server: %q", out)
	}
	game := discordtest.IntegerOption("game", int64(id))
	noGame := e.slashIn(e.carol, other, "status", discordtest.IntegerOption("game", 9999))
	if out := e.slashIn(e.carol, other, "status", game); out != noGame {
		t.Errorf("status of another server's game: %q", out)
	}
	// Alice's own game, from another server: she is pointed back, nothing happens.
	if out := e.slashIn(e.alice, other, "resign", game); !strings.Contains(out, "another server") {
		t.Errorf("resign from another server: %q", out)
	}
	if g := e.game(id); !g.Status.Live() {
		t.Fatalf("a resignation from another server ended the game: %+v", g.Result)
	}
	// In a DM her own game is hers to resign; then no rematch from elsewhere.
	if out := e.slashIn(e.alice, "", "resign", game); !strings.Contains(out, "resigned") {
		t.Fatalf("resign by DM: %q", out)
	}
	e.slashIn(e.alice, other, "rematch", game)
	e.slashIn(e.alice, other, "rematch")
	e.slashIn(e.carol, "", "rematch", game) // a stranger, from a DM
	if cs, _ := e.st.Challenges(); len(cs) != 0 {
		t.Fatalf("a rematch from another server or a stranger's DM made a challenge: %+v", cs)
	}
	if out := e.slashIn(e.carol, other, "record", game); out != e.slashIn(e.carol, other, "record", discordtest.IntegerOption("game", 9999)) {
		t.Errorf("record of another server's game: %q", out)
	}
}

// TestNoncesCarryNoCounter: every outbox message's nonce is 24 hex digits, unique,
// with no counter in it, so the nonces a player sees do not count the
// messages sent to others (here alice's private notes between moves).
func TestNoncesCarryNoCounter(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.startGame("tsuitate")
	e.play("7g7f")
	for k := 0; k < 3; k++ {
		e.dm(e.alice, "?5e") // a private note: a DM to alice only
	}
	e.dm(e.bob, "3c3d")
	hex24 := regexp.MustCompile(`^[0-9a-f]{24}$`)
	seen := map[string]bool{}
	n := 0
	for _, ch := range []string{e.ch, e.dmChannel(e.alice), e.dmChannel(e.bob)} {
		for _, m := range e.srv.BotMessages(ch) {
			if m.InteractionID != "" || m.Nonce == "" {
				continue // interaction responses and the direct posts (the DM probe) carry none
			}
			if !hex24.MatchString(m.Nonce) || seen[m.Nonce] {
				t.Fatalf("message %q: nonce %q", m.Content, m.Nonce)
			}
			seen[m.Nonce] = true
			n++
		}
	}
	if n < 8 {
		t.Fatalf("only %d messages with nonces", n)
	}
}

// TestDMsClosedToldOnlyAtPublicPoints: a private DM that fails (bob's own
// board request) tells the channel nothing; the next DM of a public action
// (alice's move) does, after that move's announcement.
func TestDMsClosedToldOnlyAtPublicPoints(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.startGame("tsuitate")
	e.play("7g7f", "3c3d")
	e.srv.Faults().SetDMsClosed(e.bob, true)
	e.slash(e.bob, "board")
	e.dm(e.alice, "?5e") // and a private note of alice's: nothing public either
	e.settle()
	closedNote := func() int {
		for k, p := range e.channelPosts() {
			if strings.Contains(p.Content, "can no longer DM") {
				return k
			}
		}
		return -1
	}
	if k := closedNote(); k >= 0 {
		t.Fatalf("a private DM's failure was told in the channel: %q", e.channelPosts()[k].Content)
	}
	if _, err := e.srv.SendDM(e.alice, "2g2f"); err != nil {
		t.Fatal(err)
	}
	moved := func() int {
		k := -1
		for i, p := range e.channelPosts() {
			if strings.Contains(p.Content, "moved (move 3)") {
				k = i
			}
		}
		return k
	}
	// The card's edit may come after the note: the cards spend a share of
	// the budget (bot/outbox/cards.go), and the move is public either way.
	e.waitUntil("the channel note and the card's move", func() bool { return closedNote() >= 0 && moved() >= 0 })
	if closedNote() < moved() {
		t.Fatalf("the note came before the move it follows: note %d, move %d", closedNote(), moved())
	}
}

// TestRatingsMeasurePeople: a ranked challenge refuses an away time under 60
// s; a ranked game the CPU won for an away player is not rated (and says so
// in the result post and the history); one where the away player lost is.
func TestRatingsMeasurePeople(t *testing.T) {
	t.Parallel()
	e := newEnv(t, fastCPU)
	if out := e.slash(e.alice, "challenge", discordtest.StringOption("variant", "standard"), discordtest.UserOption("opponent", e.bob),
		discordtest.BooleanOption("ranked", true), discordtest.IntegerOption("away_seconds", 1)); !strings.Contains(out, "at least 60") {
		t.Fatalf("a ranked challenge with away_seconds 1: %q", out)
	}
	if cs, _ := e.st.Challenges(); len(cs) != 0 {
		t.Fatalf("the refused challenge was made: %+v", cs)
	}
	guild := e.srv.GuildID()
	awayMove := func(id store.GameID) {
		e.t.Helper()
		e.play("7g7f")
		e.offset.Add(int64(61 * time.Second))
		e.waitUntil("the CPU's move for bob", func() bool { return e.game(id).LastSeq >= 2 })
		if g := e.game(id); !g.CPUMoved[1] || g.CPUMoved[0] {
			t.Fatalf("cpu_moved %v", g.CPUMoved)
		}
	}

	// The CPU plays for bob and bob wins: nobody is rated.
	id := e.startGame("standard", discordtest.BooleanOption("ranked", true), discordtest.IntegerOption("away_seconds", 60))
	awayMove(id)
	e.slash(e.alice, "resign")
	e.settle()
	if _, err := e.st.GetRating(guild, view.Standard, e.bob); err == nil {
		t.Fatal("bob gained rating from the CPU's moves")
	}
	if _, err := e.st.GetRating(guild, view.Standard, e.alice); err == nil {
		t.Fatal("alice was rated in a game the CPU won for bob")
	}
	if p := e.endPost().Content; !strings.Contains(p, "Not rated") || !strings.Contains(p, "<@"+e.bob+">") {
		t.Fatalf("the result post does not say the game was not rated: %q", p)
	}
	if out := e.slash(e.alice, "history"); !strings.Contains(out, "Not rated") {
		t.Fatalf("history: %q", out)
	}

	// The CPU plays for bob, bob comes back and loses: both are rated.
	id = e.startGame("standard", discordtest.BooleanOption("ranked", true), discordtest.IntegerOption("away_seconds", 60))
	awayMove(id)
	e.slash(e.bob, "resign")
	e.settle()
	ra, err := e.st.GetRating(guild, view.Standard, e.alice)
	rb, err2 := e.st.GetRating(guild, view.Standard, e.bob)
	if err != nil || err2 != nil || ra.Wins != 1 || rb.Losses != 1 {
		t.Fatalf("a loss while away was not rated: %+v %v / %+v %v", ra, err, rb, err2)
	}
	if p := e.endPost().Content; strings.Contains(p, "Not rated") {
		t.Fatalf("a rated game says it was not: %q", p)
	}
}

// TestBoardWithClosedDMs: once a DM to bob was refused, /shogi board tells
// him his DMs are closed instead of "sent"; after he writes again it is sent.
func TestBoardWithClosedDMs(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.startGame("tsuitate")
	e.srv.Faults().SetDMsClosed(e.bob, true)
	if _, err := e.srv.SendDM(e.alice, "7g7f"); err != nil {
		t.Fatal(err)
	}
	e.waitUntil("the refused DM", func() bool { return strings.Contains(e.lastPost().Content, "can no longer DM") })
	if out := e.slash(e.bob, "board"); !strings.Contains(out, "can't DM you") {
		t.Fatalf("board with closed DMs: %q", out)
	}
	e.srv.Faults().SetDMsClosed(e.bob, false)
	e.dm(e.bob, "help")
	if out := e.slash(e.bob, "board"); strings.Contains(out, "can't DM you") {
		t.Fatalf("board after the DMs opened: %q", out)
	}
}

// TestTimedOutChallengeFromElsewhere: from another server or a DM, an open
// challenge whose time is up (not yet swept) reads as no such challenge, while
// in its own server it reads as timed out.
func TestTimedOutChallengeFromElsewhere(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	other := e.srv.AddChannel(discordtest.Channel{Type: discordgo.ChannelTypeGuildText, GuildID: "999000111222333444"}).ID
	num := func(n int64) discordtest.Option { return discordtest.IntegerOption("challenge", n) }
	none := e.slashIn(e.carol, other, "accept", num(9999))
	timedOut := uitexts.UI(texts.EN, uitexts.ChallengeTimedOut)
	for try := 0; try < 5; try++ { // the sweep, once a second, may delete it first
		e.slash(e.alice, "challenge", discordtest.StringOption("variant", "tsuitate"))
		id := challengeID(t, e.lastPost())
		c, err := e.st.GetChallenge(uint64(id))
		if err != nil {
			t.Fatal(err)
		}
		botNow := time.Now().Add(time.Duration(e.offset.Load()))
		e.offset.Add(int64(c.ExpiresAt.Sub(botNow) + time.Second))
		outside := []string{e.slashIn(e.carol, other, "accept", num(id)), e.slashIn(e.carol, "", "accept", num(id))}
		if inside := e.slash(e.carol, "accept", num(id)); inside != timedOut {
			continue // swept already: the outside answers prove nothing
		}
		for _, out := range outside {
			if out != none {
				t.Fatalf("a timed-out challenge from outside: %q, want %q", out, none)
			}
		}
		return
	}
	t.Fatal("every challenge was swept before it could be asked about")
}
