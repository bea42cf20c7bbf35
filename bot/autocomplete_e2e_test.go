package bot

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"shinpan/bot/commands"
	"shinpan/bot/discordtest"
)

// typing runs an autocomplete of option (typed so far) in /shogi sub, in
// channel ch ("" = the user's DM), and returns the choices' names.
func (e *env) typing(user, ch, sub, option, typed string) []string {
	e.t.Helper()
	return e.typingIn(commands.CmdName, user, ch, sub, option, typed)
}

// typingIn is typing in the command named cmd.
func (e *env) typingIn(cmd, user, ch, sub, option, typed string) []string {
	e.t.Helper()
	id, err := e.srv.Autocomplete(user, ch, cmd, discordtest.Subcommand(sub,
		discordtest.Option{Name: option, Type: discordgo.ApplicationCommandOptionInteger, Value: typed, Focused: true}))
	if err != nil {
		e.t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	in, err := e.srv.WaitInteraction(ctx, id, discordtest.Acknowledged)
	if err != nil {
		e.t.Fatalf("autocomplete %s %s not answered: %v", sub, option, err)
	}
	if in.Callback.Type != discordgo.InteractionApplicationCommandAutocompleteResult {
		e.t.Fatalf("autocomplete answered with callback type %d", in.Callback.Type)
	}
	var names []string
	for _, c := range in.Choices() {
		names = append(names, c.Name)
	}
	return names
}

func TestAutocompleteGamesAndChallenges(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	id := e.startGame("tsuitate")
	want := fmt.Sprintf("#%d vs @bob · Tsuitate shogi · your turn", id)
	if got := e.typing(e.alice, e.ch, "resign", "game", ""); len(got) != 1 || got[0] != want {
		t.Fatalf("alice's games: %q, want [%q]", got, want)
	}
	if got := e.typing(e.bob, "", "board", "game", ""); len(got) != 1 || got[0] != fmt.Sprintf("#%d vs @alice · Tsuitate shogi · their turn", id) {
		t.Fatalf("bob's games in his DM: %q", got)
	}
	if got := e.typing(e.alice, e.ch, "resign", "game", fmt.Sprint(id)+"9"); len(got) != 0 {
		t.Fatalf("a number no game has: %q", got)
	}
	if got := e.typing(e.carol, e.ch, "resign", "game", ""); len(got) != 0 {
		t.Fatalf("carol plays no game but is offered %q", got)
	}
	if got := e.typing(e.carol, e.ch, "watch", "game", ""); len(got) != 1 || got[0] != fmt.Sprintf("#%d @alice vs @bob · Tsuitate shogi", id) {
		t.Fatalf("carol's games to watch: %q", got)
	}
	// Japanese for a ja client.
	if err := e.srv.SetLocale(e.alice, "ja"); err != nil {
		t.Fatal(err)
	}
	if got := e.typing(e.alice, e.ch, "status", "game", ""); len(got) != 1 || got[0] != fmt.Sprintf("#%d 対 @bob・衝立将棋・あなたの番", id) {
		t.Fatalf("alice's games in Japanese: %q", got)
	}

	e.slash(e.carol, "challenge", discordtest.StringOption("variant", "dark"), discordtest.UserOption("opponent", e.bob))
	cs, _ := e.st.Challenges()
	if len(cs) != 1 {
		t.Fatalf("challenges %+v", cs)
	}
	if got := e.typing(e.bob, e.ch, "accept", "challenge", ""); len(got) != 1 || got[0] != fmt.Sprintf("#%d from @carol · Dark shogi", cs[0].ID) {
		t.Fatalf("bob's challenges: %q", got)
	}
	if got := e.typing(e.alice, e.ch, "accept", "challenge", ""); len(got) != 0 {
		t.Fatalf("a challenge to bob offered to alice: %q", got)
	}
	// Only game: and challenge: are registered with autocomplete.
	if _, err := e.srv.Autocomplete(e.alice, e.ch, "shogi", discordtest.Subcommand("rules",
		discordtest.Option{Name: "variant", Type: discordgo.ApplicationCommandOptionString, Value: "", Focused: true})); !errors.Is(err, discordtest.ErrBadOption) {
		t.Fatalf("autocomplete of variant: %v", err)
	}
}

// However many games a player has, the answer keeps within Discord's 25
// choices (the stand-in checks the limits of every answer).
func TestAutocompleteAtMost25(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	for k := 0; k < 27; k++ {
		e.slash(e.alice, "challenge", discordtest.StringOption("variant", "standard"), discordtest.UserOption("opponent", e.srv.BotUser().ID),
			discordtest.StringOption("color", "black")) // the CPU waits for alice
	}
	if got := e.typing(e.alice, e.ch, "resign", "game", ""); len(got) != 25 {
		t.Fatalf("%d choices for 27 games, want 25", len(got))
	}
}
