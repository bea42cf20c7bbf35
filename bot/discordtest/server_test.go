package discordtest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"shinpan/bot/discordtest/wire"
	"shinpan/bot/discordtest/world"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

func TestSlashCommandDeferredEphemeralAndFollowups(t *testing.T) {
	t.Parallel()
	b := startBot(t, Options{AckDeadline: 3 * time.Second})
	if _, err := b.s.ApplicationCommandBulkOverwrite(b.s.State.User.ID, b.srv.GuildID(), shogiCommands()); err != nil {
		t.Fatal(err)
	}
	type got struct {
		sub, usi, user string
	}
	gotc := make(chan got, 1)
	b.handle(func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		if i.Type != discordgo.InteractionApplicationCommand {
			return
		}
		if err := s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral},
		}); err != nil {
			t.Errorf("defer: %v", err)
		}
		d := i.ApplicationCommandData()
		sub := d.Options[0]
		gotc <- got{sub.Name, sub.Options[0].StringValue(), i.Member.User.ID}
		for _, text := range []string{"Accepted 7g7f", "Your board"} {
			if _, err := s.FollowupMessageCreate(i.Interaction, true, &discordgo.WebhookParams{Content: text, Flags: discordgo.MessageFlagsEphemeral}); err != nil {
				t.Errorf("followup: %v", err)
			}
		}
	})
	id := must[string](t)(b.srv.SlashCommand(b.alice.ID, b.channel, "game", Subcommand("move", StringOption("usi", "7g7f"))))
	g := waitChan(t, gotc, "command")
	if g.sub != "move" || g.usi != "7g7f" || g.user != b.alice.ID {
		t.Fatalf("handler saw %+v", g)
	}
	in, err := b.srv.WaitInteraction(ctxT(t, 5*time.Second), id, HasFollowups(1))
	if err != nil {
		t.Fatal(err)
	}
	if in.Callback.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource {
		t.Errorf("callback type %d", in.Callback.Type)
	}
	if in.Original == nil || in.Original.Content != "Accepted 7g7f" || !in.Original.Ephemeral() || in.Original.Loading() {
		t.Errorf("first follow-up should replace the deferred placeholder: %+v", in.Original)
	}
	if len(in.Followups) != 1 || in.Followups[0].Content != "Your board" || !in.Followups[0].Ephemeral() {
		t.Errorf("followups %+v", in.Followups)
	}
	if !Answered(in) {
		t.Error("interaction should count as answered")
	}
	// Ephemeral answers are not in the channel history.
	hist := must[[]*discordgo.Message](t)(b.s.ChannelMessages(b.channel, 10, "", "", ""))
	if len(hist) != 0 {
		t.Errorf("history shows %d ephemeral messages", len(hist))
	}
	// A second acknowledgement and an unknown token fail as on Discord.
	err = b.s.InteractionRespond(&discordgo.Interaction{ID: id, Token: in.Token}, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource})
	if restCode(err) != discordgo.ErrCodeInteractionHasAlreadyBeenAcknowledged {
		t.Errorf("second ack: %v", err)
	}
	err = b.s.InteractionRespond(&discordgo.Interaction{ID: id, Token: "nope"}, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource})
	if restCode(err) != discordgo.ErrCodeUnknownInteraction {
		t.Errorf("unknown token: %v", err)
	}
	// Options are checked against the registration.
	if _, err := b.srv.SlashCommand(b.alice.ID, b.channel, "game", Subcommand("move", StringOption("square", "7f"))); !errors.Is(err, ErrBadOption) {
		t.Errorf("unknown option: %v", err)
	}
	if _, err := b.srv.SlashCommand(b.alice.ID, b.channel, "start", UserOption("opponent", b.bob.ID), StringOption("variant", "chess")); !errors.Is(err, ErrBadOption) {
		t.Errorf("value outside choices: %v", err)
	}
	if _, err := b.srv.SlashCommand(b.alice.ID, b.channel, "start", UserOption("opponent", b.bob.ID), IntegerOption("fouls", 30)); !errors.Is(err, ErrBadOption) {
		t.Errorf("value above max: %v", err)
	}
	if _, err := b.srv.SlashCommand(b.alice.ID, "", "start", UserOption("opponent", b.bob.ID)); !errors.Is(err, ErrUnknownCommand) {
		t.Errorf("guild command in DM: %v", err)
	}
	if _, err := b.srv.SlashCommand(b.alice.ID, b.channel, "nosuch"); !errors.Is(err, ErrUnknownCommand) {
		t.Errorf("unregistered command: %v", err)
	}
	b.srv.AssertClean(t)
}

func TestSlashCommandInDMAndResolvedUser(t *testing.T) {
	t.Parallel()
	b := startBot(t, Options{})
	must[[]*discordgo.ApplicationCommand](t)(b.s.ApplicationCommandBulkOverwrite(b.srv.AppID(), "", shogiCommands()))
	seen := make(chan *discordgo.InteractionCreate, 2)
	board := pngBytes(t, 30, 30)
	b.handle(func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		seen <- i
		if i.ApplicationCommandData().Name != "start" {
			_ = s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{Content: "ok"},
			})
			return
		}
		// The webhook family, with files: multipart callback, edit of
		// @original, follow-up without wait, its edit and deletion.
		check := func(what string, err error) {
			if err != nil {
				t.Errorf("%s: %v", what, err)
			}
		}
		check("respond", s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "ok", Files: []*discordgo.File{{Name: "b.png", ContentType: "image/png", Reader: bytes.NewReader(board)}}},
		}))
		content := "ok, edited"
		_, err := s.InteractionResponseEdit(i.Interaction, &discordgo.WebhookEdit{Content: &content,
			Files: []*discordgo.File{{Name: "c.png", ContentType: "image/png", Reader: bytes.NewReader(board)}}})
		check("edit original", err)
		orig, err := s.InteractionResponse(i.Interaction)
		check("get original", err)
		if orig != nil && (orig.Content != content || len(orig.Attachments) != 2) {
			t.Errorf("original %+v", orig)
		}
		f, err := s.FollowupMessageCreate(i.Interaction, false, &discordgo.WebhookParams{Content: "no wait"})
		check("followup without wait", err)
		if f != nil {
			t.Errorf("followup without wait returned %+v", f)
		}
		f, err = s.FollowupMessageCreate(i.Interaction, true, &discordgo.WebhookParams{Content: "wait"})
		check("followup", err)
		if f != nil {
			gone := "gone"
			_, err = s.FollowupMessageEdit(i.Interaction, f.ID, &discordgo.WebhookEdit{Content: &gone})
			check("followup edit", err)
			check("followup delete", s.FollowupMessageDelete(i.Interaction, f.ID))
		}
	})
	must[string](t)(b.srv.SlashCommand(b.alice.ID, "", "game", Subcommand("resign")))
	i := waitChan(t, seen, "DM command")
	if i.Member != nil || i.User == nil || i.User.ID != b.alice.ID || i.GuildID != "" {
		t.Fatalf("DM interaction: member=%v user=%v guild=%q", i.Member, i.User, i.GuildID)
	}
	must[string](t)(b.srv.SlashCommand(b.alice.ID, b.channel, "start", UserOption("opponent", b.bob.ID), StringOption("variant", "tsuitate")))
	i = waitChan(t, seen, "guild command")
	opp := i.ApplicationCommandData().Options[0].UserValue(nil)
	if i.Member == nil || opp.ID != b.bob.ID {
		t.Fatalf("opponent %+v member %v", opp, i.Member)
	}
	if r := i.ApplicationCommandData().Resolved; r == nil || r.Users[b.bob.ID] == nil || r.Users[b.bob.ID].Username != "bob" {
		t.Errorf("resolved users missing: %+v", r)
	}
	in := must[Interaction](t)(b.srv.WaitInteraction(ctxT(t, 5*time.Second), i.ID, func(in Interaction) bool {
		return len(in.Followups) == 2 && in.Followups[1].Deleted
	}))
	if in.Original.Content != "ok, edited" || len(in.Original.Attachments) != 2 || in.Original.Edits != 1 {
		t.Errorf("original %+v", in.Original)
	}
	if in.Followups[0].Content != "no wait" || in.Followups[1].Content != "gone" {
		t.Errorf("followups %+v", in.Followups)
	}
	// The non-ephemeral replies show up in the channel history.
	msgs := b.srv.BotMessages(b.channel)
	if len(msgs) != 2 || msgs[0].Content != "ok, edited" || msgs[0].InteractionID != i.ID {
		t.Errorf("channel %+v", msgs)
	}
	hist := must[[]*discordgo.Message](t)(b.s.ChannelMessages(b.channel, 10, "", "", ""))
	if len(hist) != 2 || hist[0].Interaction == nil || hist[0].Interaction.User.ID != b.alice.ID {
		t.Errorf("history %v", ids(hist))
	}
	b.srv.AssertClean(t)
}

func TestAckDeadlineAndLooseCommands(t *testing.T) {
	t.Parallel()
	late := New(Options{AckDeadline: 100 * time.Millisecond, LooseCommands: true, Spec: testSpec(t)})
	must[bool](t)(true, late.Start())
	defer late.Close()
	bob := late.AddUser(User{Username: "bob"})
	s0, _ := discordgo.New("Bot test")
	late.Configure(s0)
	// No session is connected: the interaction is recorded but reaches nobody.
	id := must[string](t)(late.SlashCommand(bob.ID, late.DefaultChannelID(), "anything", StringOption("x", "y")))
	if d := late.Dispatches(); len(d) != 1 || d[0].Sessions != 0 {
		t.Errorf("dispatches %+v", d)
	}
	in, _ := late.Interaction(id)
	time.Sleep(150 * time.Millisecond)
	err := s0.InteractionRespond(&discordgo.Interaction{ID: id, Token: in.Token}, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource})
	if restCode(err) != discordgo.ErrCodeUnknownInteraction {
		t.Errorf("late ack: %v", err)
	}

	srv := New(Options{LooseCommands: true, Spec: testSpec(t)})
	must[bool](t)(true, srv.Start())
	defer srv.Close()
	alice := srv.AddUser(User{Username: "alice"})
	s, _ := discordgo.New("Bot test")
	srv.Configure(s)
	// A modal title of 46 characters: the union's error names the right field.
	id = must[string](t)(srv.SlashCommand(alice.ID, "", "modal"))
	in, _ = srv.Interaction(id)
	err = s.InteractionRespond(&discordgo.Interaction{ID: id, Token: in.Token}, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseModal,
		Data: &discordgo.InteractionResponseData{CustomID: "m", Title: strings.Repeat("t", 46), Components: []discordgo.MessageComponent{
			discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.TextInput{CustomID: "usi", Label: "USI", Style: discordgo.TextInputShort}}},
		}},
	})
	if restCode(err) != discordgo.ErrCodeInvalidFormBody {
		t.Errorf("long modal title: %v", err)
	}
	if v := srv.ValidationErrors(); len(v) != 1 || !strings.Contains(v[0].Problems[0], "/data/title") {
		t.Errorf("problems %v", v)
	}
	if in, _ := srv.Interaction(id); in.Acknowledged() {
		t.Error("an invalid callback acknowledged the interaction")
	}
	srv.w.Lock()
	srv.w.Rec.Failures = nil
	srv.w.Unlock()

	// with_response=true returns the callback resource.
	id = must[string](t)(srv.SlashCommand(alice.ID, "", "other"))
	in, _ = srv.Interaction(id)
	body, err := s.RequestWithBucketID("POST", discordgo.EndpointInteractionResponse(id, in.Token)+"?with_response=true",
		discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: &discordgo.InteractionResponseData{Content: "hi"}}, "cb")
	if err != nil {
		t.Fatal(err)
	}
	var res struct {
		Resource struct {
			Message discordgo.Message `json:"message"`
		} `json:"resource"`
	}
	if err := json.Unmarshal(body, &res); err != nil || res.Resource.Message.Content != "hi" {
		t.Errorf("with_response: %s %v", body, err)
	}
	srv.AssertClean(t)
}

func TestDMsMultipartHistoryAndErrors(t *testing.T) {
	t.Parallel()
	b := startBot(t, Options{})

	// A DM from a user arrives as MESSAGE_CREATE without guild id.
	mid := must[string](t)(b.srv.SendDM(b.alice.ID, "7g7f"))
	m := waitChan(t, b.messages, "DM")
	if m.ID != mid || m.Content != "7g7f" || m.GuildID != "" || m.Author.ID != b.alice.ID {
		t.Fatalf("DM message %+v", m.Message)
	}

	// Opening the DM gives the same channel; a board PNG goes as multipart.
	ch := must[*discordgo.Channel](t)(b.s.UserChannelCreate(b.alice.ID))
	if ch.ID != m.ChannelID || ch.Type != discordgo.ChannelTypeDM || ch.Recipients[0].ID != b.alice.ID {
		t.Fatalf("DM channel %+v", ch)
	}
	board := pngBytes(t, 90, 100)
	sent, err := b.s.ChannelMessageSendComplex(ch.ID, &discordgo.MessageSend{
		Content: "Your board",
		Files:   []*discordgo.File{{Name: "board.png", ContentType: "image/png", Reader: bytes.NewReader(board)}},
		Embeds:  []*discordgo.MessageEmbed{{Title: "Move 1", Image: &discordgo.MessageEmbedImage{URL: "attachment://board.png"}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(sent.Attachments) != 1 || sent.Attachments[0].Filename != "board.png" || sent.Attachments[0].Width != 90 {
		t.Fatalf("attachments %+v", sent.Attachments)
	}
	dms := b.srv.DMs(b.alice.ID)
	if len(dms) != 1 || !bytes.Equal(dms[0].Attachments[0].Data, board) || dms[0].Attachments[0].Height != 100 {
		t.Fatalf("DMs %+v", dms)
	}
	req := must[Request](t)(b.srv.WaitFor(ctxT(t, time.Second), func(r Request) bool { return len(r.Files) > 0 }))
	if !strings.HasPrefix(req.ContentType, "multipart/form-data") || req.Files[0].Field != "files[0]" || req.Files[0].ContentType != "image/png" {
		t.Errorf("multipart request %+v", req)
	}
	resp, err := http.Get(sent.Attachments[0].URL)
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("attachment download: %v %v", resp, err)
	}
	resp.Body.Close()

	// History after a given id: the moves typed after the board.
	id2 := must[string](t)(b.srv.SendDM(b.alice.ID, "2c2d"))
	id3 := must[string](t)(b.srv.SendDM(b.alice.ID, "P*5e"))
	after := must[[]*discordgo.Message](t)(b.s.ChannelMessages(ch.ID, 50, "", sent.ID, ""))
	if len(after) != 2 || after[0].ID != id3 || after[1].ID != id2 {
		t.Fatalf("messages after %s: %v", sent.ID, ids(after))
	}
	first := must[[]*discordgo.Message](t)(b.s.ChannelMessages(ch.ID, 1, "", mid, ""))
	if len(first) != 1 || first[0].ID != sent.ID {
		t.Fatalf("limit 1 after first: %v", ids(first))
	}

	// Closed DMs: opening works, sending fails with 50007.
	must[bool](t)(true, b.srv.Faults().SetDMsClosed(b.bob.ID, true))
	bobDM := must[*discordgo.Channel](t)(b.s.UserChannelCreate(b.bob.ID))
	_, err = b.s.ChannelMessageSend(bobDM.ID, "Your board")
	var rerr *discordgo.RESTError
	if !errors.As(err, &rerr) || rerr.Message.Code != discordgo.ErrCodeCannotSendMessagesToThisUser || rerr.Response.StatusCode != 403 {
		t.Fatalf("closed DMs: %v", err)
	}

	// Missing permissions and deleted channels.
	must[bool](t)(true, b.srv.Faults().SetMissingPermissions(b.channel, true))
	if _, err := b.s.ChannelMessageSend(b.channel, "hi"); restCode(err) != discordgo.ErrCodeMissingPermissions {
		t.Errorf("missing permissions: %v", err)
	}
	gone := b.srv.AddChannel(Channel{Name: "old"})
	must[bool](t)(true, b.srv.Faults().DeleteChannel(gone.ID))
	if _, err := b.s.ChannelMessageSend(gone.ID, "hi"); restCode(err) != discordgo.ErrCodeUnknownChannel {
		t.Errorf("deleted channel: %v", err)
	}
	if _, err := b.s.ChannelMessageSend(ch.ID, ""); restCode(err) != discordgo.ErrCodeCannotSendEmptyMessage {
		t.Errorf("empty message: %v", err)
	}
	b.srv.AssertClean(t)
}

func ids(ms []*discordgo.Message) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.ID+":"+m.Content)
	}
	return out
}

func TestCommandValidation(t *testing.T) {
	t.Parallel()
	// A dozen registrations in a row, to test validation: the registration
	// bucket (5 per 20 s) would make discordgo wait 40 s.
	limits := DiscordRateLimits()
	limits.Commands = Bucket{}
	srv := New(Options{Spec: testSpec(t), RateLimits: &limits})
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	s, _ := discordgo.New("Bot test")
	srv.Configure(s)

	if _, err := s.ApplicationCommandBulkOverwrite(srv.AppID(), srv.GuildID(), shogiCommands()); err != nil {
		t.Fatalf("valid commands rejected: %v %v", err, srv.ValidationErrors())
	}
	if n := len(srv.Commands(srv.GuildID())); n != 2 {
		t.Fatalf("%d commands stored", n)
	}
	bad := map[string]*discordgo.ApplicationCommand{
		"33 chars":  {Name: strings.Repeat("a", 33), Description: "too long"},
		"uppercase": {Name: "Start", Description: "capital"},
		"space":     {Name: "start game", Description: "space"},
		"required after optional": {Name: "x", Description: "order", Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionString, Name: "a", Description: "a"},
			{Type: discordgo.ApplicationCommandOptionString, Name: "b", Description: "b", Required: true},
		}},
		"option uppercase": {Name: "x", Description: "opt", Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionString, Name: "Usi", Description: "a"},
		}},
	}
	for name, cmd := range bad {
		before := len(srv.ValidationErrors())
		_, err := s.ApplicationCommandBulkOverwrite(srv.AppID(), srv.GuildID(), []*discordgo.ApplicationCommand{cmd})
		if restCode(err) != discordgo.ErrCodeInvalidFormBody {
			t.Errorf("%s: want 50035, got %v", name, err)
		}
		if len(srv.ValidationErrors()) != before+1 {
			t.Errorf("%s: not recorded", name)
		}
	}
	if n := len(srv.Commands(srv.GuildID())); n != 2 {
		t.Errorf("rejected overwrite changed the set: %d commands", n)
	}
	t.Logf("example problem: %s", srv.ValidationErrors()[0].Error())
	if len(srv.Failures()) != len(bad) {
		t.Errorf("failures %v", srv.Failures())
	}
}

func TestMessageLimitsValidation(t *testing.T) {
	t.Parallel()
	srv := New(Options{Spec: testSpec(t)})
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	s, _ := discordgo.New("Bot test")
	srv.Configure(s)
	ch := srv.DefaultChannelID()

	if _, err := s.ChannelMessageSend(ch, strings.Repeat("歩", 2001)); restCode(err) != discordgo.ErrCodeInvalidFormBody {
		t.Errorf("2001 chars: %v", err)
	}
	var rows []discordgo.MessageComponent
	for i := 0; i < 6; i++ {
		rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.Button{Label: "x", CustomID: "b" + string(rune('a'+i))}}})
	}
	if _, err := s.ChannelMessageSendComplex(ch, &discordgo.MessageSend{Content: "x", Components: rows}); restCode(err) != discordgo.ErrCodeInvalidFormBody {
		t.Errorf("6 rows: %v", err)
	}
	var buttons []discordgo.MessageComponent
	for i := 0; i < 6; i++ {
		buttons = append(buttons, discordgo.Button{Label: "x", CustomID: "c" + string(rune('a'+i))})
	}
	if _, err := s.ChannelMessageSendComplex(ch, &discordgo.MessageSend{Content: "x", Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: buttons}}}); restCode(err) != discordgo.ErrCodeInvalidFormBody {
		t.Errorf("6 buttons: %v", err)
	}
	var files []*discordgo.File
	for i := 0; i < 11; i++ {
		files = append(files, &discordgo.File{Name: "f.txt", ContentType: "text/plain", Reader: strings.NewReader("x")})
	}
	if _, err := s.ChannelMessageSendComplex(ch, &discordgo.MessageSend{Files: files}); restCode(err) != discordgo.ErrCodeInvalidFormBody {
		t.Errorf("11 files: %v", err)
	}
	if len(srv.Messages(ch)) != 0 {
		t.Errorf("rejected messages were stored")
	}
	// The spec itself: a select with 26 options.
	var opts []discordgo.SelectMenuOption
	for i := 0; i < 26; i++ {
		opts = append(opts, discordgo.SelectMenuOption{Label: "p", Value: strings.Repeat("v", i+1)})
	}
	sel := discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{CustomID: "s", Options: opts}}}
	if _, err := s.ChannelMessageSendComplex(ch, &discordgo.MessageSend{Content: "x", Components: []discordgo.MessageComponent{sel}}); restCode(err) != discordgo.ErrCodeInvalidFormBody {
		t.Errorf("26 select options: %v", err)
	}
	for _, v := range srv.ValidationErrors() {
		t.Logf("%s", world.Clip(v.Error(), 300))
	}

	// ValidateRecord serves the request and records the problem; without a
	// Spec the limits are still checked.
	rec := New(Options{Validation: ValidateRecord})
	must[bool](t)(true, rec.Start())
	defer rec.Close()
	s2, _ := discordgo.New("Bot test")
	rec.Configure(s2)
	if _, err := s2.ChannelMessageSend(rec.DefaultChannelID(), strings.Repeat("a", 2001)); err != nil {
		t.Errorf("record mode refused: %v", err)
	}
	if len(rec.ValidationErrors()) != 1 {
		t.Errorf("record mode: %v", rec.ValidationErrors())
	}
}

func TestRateLimitAndServerErrors(t *testing.T) {
	t.Parallel()
	srv := New(Options{Spec: testSpec(t)})
	must[bool](t)(true, srv.Start())
	defer srv.Close()
	s, _ := discordgo.New("Bot test")
	srv.Configure(s)
	ch := srv.DefaultChannelID()
	limited := make(chan *discordgo.RateLimit, 1)
	s.AddHandler(func(_ *discordgo.Session, r *discordgo.RateLimit) { limited <- r })

	srv.Faults().RateLimitNext("POST", "/channels/*/messages", 1, 150*time.Millisecond)
	start := time.Now()
	if _, err := s.ChannelMessageSend(ch, "move 1"); err != nil {
		t.Fatalf("after 429: %v", err)
	}
	if d := time.Since(start); d < 150*time.Millisecond {
		t.Errorf("discordgo did not wait: %v", d)
	}
	r := waitChan(t, limited, "RateLimit event")
	if r.RetryAfter != 150*time.Millisecond {
		t.Errorf("retry_after %v", r.RetryAfter)
	}
	if n := len(srv.BotMessages(ch)); n != 1 {
		t.Errorf("%d messages after a retried 429, want 1", n)
	}
	reqs := srv.Requests()
	if len(reqs) != 2 || reqs[0].Status != 429 || reqs[0].Fault == "" || reqs[1].Status != 200 {
		t.Errorf("requests %+v", reqs)
	}

	srv.Faults().FailNext("POST", "/channels/*/messages", 1, http.StatusBadGateway)
	if _, err := s.ChannelMessageSend(ch, "move 2"); err != nil {
		t.Errorf("after 502: %v", err)
	}
	srv.Faults().FailNext("", "/channels/*/messages", 1, http.StatusInternalServerError)
	_, err := s.ChannelMessageSend(ch, "move 3")
	var rerr *discordgo.RESTError
	if !errors.As(err, &rerr) || rerr.Response.StatusCode != 500 {
		t.Errorf("500: %v", err)
	}
	if n := len(srv.BotMessages(ch)); n != 2 {
		t.Errorf("%d messages, want 2", n)
	}

	// Unknown routes are answered 404 and recorded as failures.
	if _, err := s.GuildRoles(srv.GuildID()); restCode(err) != 0 || err == nil {
		t.Errorf("unknown route: %v", err)
	}
	if f := srv.Failures(); len(f) != 1 || !strings.Contains(f[0], "unknown route") {
		t.Errorf("failures %v", f)
	}
}

func TestComponentsAndModal(t *testing.T) {
	t.Parallel()
	b := startBot(t, Options{})
	must[[]*discordgo.ApplicationCommand](t)(b.s.ApplicationCommandBulkOverwrite(b.srv.AppID(), b.srv.GuildID(), shogiCommands()))
	board := must[*discordgo.Message](t)(b.s.ChannelMessageSendComplex(b.channel, &discordgo.MessageSend{
		Content: "Pick a piece",
		Components: []discordgo.MessageComponent{
			discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				discordgo.SelectMenu{CustomID: "piece", Options: []discordgo.SelectMenuOption{{Label: "Pawn 7g", Value: "7g"}, {Label: "Rook 2h", Value: "2h"}}},
			}},
			discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				discordgo.Button{CustomID: "resign", Label: "Resign", Style: discordgo.DangerButton},
				discordgo.Button{CustomID: "usi", Label: "Type a move", Style: discordgo.PrimaryButton},
				discordgo.Button{CustomID: "off", Label: "Off", Disabled: true},
			}},
		},
	}))
	b.handle(func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		var resp *discordgo.InteractionResponse
		switch i.Type {
		case discordgo.InteractionMessageComponent:
			d := i.MessageComponentData()
			switch d.CustomID {
			case "piece":
				resp = &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage,
					Data: &discordgo.InteractionResponseData{Content: "Piece " + d.Values[0]}}
			case "resign":
				resp = &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}
			case "usi":
				resp = &discordgo.InteractionResponse{Type: discordgo.InteractionResponseModal, Data: &discordgo.InteractionResponseData{
					CustomID: "usi-modal", Title: "Your move",
					Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
						discordgo.TextInput{CustomID: "move", Label: "USI", Style: discordgo.TextInputShort, Required: true, MaxLength: 8},
					}}, discordgo.ActionsRow{Components: []discordgo.MessageComponent{
						discordgo.TextInput{CustomID: "note", Label: "Note", Style: discordgo.TextInputParagraph},
					}}},
				}}
			}
		case discordgo.InteractionModalSubmit:
			d := i.ModalSubmitData()
			move := d.Components[0].(*discordgo.ActionsRow).Components[0].(*discordgo.TextInput).Value
			resp = &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{Content: "Played " + move, Flags: discordgo.MessageFlagsEphemeral}}
		}
		if resp != nil {
			if err := s.InteractionRespond(i.Interaction, resp); err != nil {
				t.Errorf("respond: %v", err)
			}
		}
	})
	ctx := ctxT(t, 5*time.Second)

	id := must[string](t)(b.srv.SelectMenu(b.alice.ID, b.channel, board.ID, "piece", "2h"))
	in := must[Interaction](t)(b.srv.WaitInteraction(ctx, id, Acknowledged))
	if in.Original == nil || in.Original.ID != board.ID || in.Original.Content != "Piece 2h" {
		t.Errorf("update message: %+v", in.Original)
	}
	if _, err := b.srv.SelectMenu(b.alice.ID, b.channel, board.ID, "piece", "5e"); !errors.Is(err, ErrBadOption) {
		t.Errorf("value not offered: %v", err)
	}
	id = must[string](t)(b.srv.ClickButton(b.bob.ID, b.channel, board.ID, "resign"))
	in = must[Interaction](t)(b.srv.WaitInteraction(ctx, id, Acknowledged))
	if in.Callback.Type != discordgo.InteractionResponseDeferredMessageUpdate {
		t.Errorf("callback %d", in.Callback.Type)
	}
	if _, err := b.srv.ClickButton(b.bob.ID, b.channel, board.ID, "off"); !errors.Is(err, ErrNoComponent) {
		t.Errorf("disabled button: %v", err)
	}
	if _, err := b.srv.ClickButton(b.bob.ID, b.channel, board.ID, "nope"); !errors.Is(err, ErrNoComponent) {
		t.Errorf("missing button: %v", err)
	}
	if _, err := b.srv.SubmitModal(b.alice.ID, "", "usi-modal", map[string]string{"move": "7g7f"}); !errors.Is(err, ErrNoModal) {
		t.Errorf("modal never shown: %v", err)
	}
	id = must[string](t)(b.srv.ClickButton(b.alice.ID, b.channel, board.ID, "usi"))
	must[Interaction](t)(b.srv.WaitInteraction(ctx, id, Acknowledged))
	if _, err := b.srv.SubmitModal(b.alice.ID, "", "usi-modal", map[string]string{"note": "hi"}); !errors.Is(err, ErrBadOption) {
		t.Errorf("required input missing: %v", err)
	}
	id = must[string](t)(b.srv.SubmitModal(b.alice.ID, "", "usi-modal", map[string]string{"move": "7g7f"}))
	in = must[Interaction](t)(b.srv.WaitInteraction(ctx, id, Answered))
	if in.Original == nil || in.Original.Content != "Played 7g7f" || !in.Original.Ephemeral() {
		t.Errorf("modal answer %+v", in.Original)
	}
	stored, _ := b.srv.Message(board.ID)
	dm := must[*discordgo.Message](t)(stored.Discord())
	row := dm.Components[1].(*discordgo.ActionsRow)
	if dm.Content != "Piece 2h" || row.Components[0].(*discordgo.Button).CustomID != "resign" {
		t.Errorf("board after update: %q %+v", dm.Content, row)
	}
	// Bob cannot click a button on Alice's ephemeral message.
	eph := in.Original.ID
	if _, err := b.srv.ClickButton(b.bob.ID, b.channel, eph, "x"); !errors.Is(err, ErrNotVisible) {
		t.Errorf("ephemeral visibility: %v", err)
	}
	b.srv.AssertClean(t)
}

func TestGatewayDropResumeReplays(t *testing.T) {
	t.Parallel()
	b := startBot(t, Options{})
	ctx := ctxT(t, 10*time.Second)
	if n := b.srv.Faults().DropGateway(); n != 1 {
		t.Fatalf("dropped %d connections", n)
	}
	// Typed while the bot is away: queued and replayed on RESUME.
	id := must[string](t)(b.srv.SendDM(b.alice.ID, "7g7f"))
	st := must[GatewayStats](t)(b.srv.WaitGateway(ctx, func(g GatewayStats) bool { return g.Resumes == 1 && g.Ready && g.Heartbeats >= 2 }))
	m := waitChan(t, b.messages, "replayed DM")
	if m.ID != id {
		t.Errorf("replayed %s, want %s", m.ID, id)
	}
	if st.Identifies != 1 || st.InvalidSessions != 0 {
		t.Errorf("stats %+v", st)
	}
	// And the connection works afterwards.
	must[string](t)(b.srv.SendDM(b.alice.ID, "2c2d"))
	if m := waitChan(t, b.messages, "DM after resume"); m.Content != "2c2d" {
		t.Errorf("got %q", m.Content)
	}
	// op 7 RECONNECT: discordgo closes with 1012 and resumes.
	b.srv.Faults().SendReconnect()
	must[GatewayStats](t)(b.srv.WaitGateway(ctx, func(g GatewayStats) bool { return g.Resumes == 2 && g.Ready && g.Heartbeats >= 3 }))
	must[string](t)(b.srv.SendDM(b.bob.ID, "hello"))
	if m := waitChan(t, b.messages, "DM after op 7"); m.Content != "hello" {
		t.Errorf("got %q", m.Content)
	}
}

func TestOutageInvalidSessionHistory(t *testing.T) {
	t.Parallel()
	b := startBot(t, Options{})
	ctx := ctxT(t, 15*time.Second)
	dm := must[string](t)(b.srv.DMChannel(b.alice.ID))
	last := must[*discordgo.Message](t)(b.s.ChannelMessageSend(dm, "Your move"))

	b.srv.Faults().InvalidateNextResume()
	b.srv.Faults().SetGatewayDown(true)
	must[GatewayStats](t)(b.srv.WaitGateway(ctx, func(g GatewayStats) bool { return g.Refused >= 1 }))
	m1 := must[string](t)(b.srv.SendDM(b.alice.ID, "7g7f"))
	m2 := must[string](t)(b.srv.SendDM(b.alice.ID, "resign"))
	b.srv.Faults().SetGatewayDown(false)

	st := must[GatewayStats](t)(b.srv.WaitGateway(ctx, func(g GatewayStats) bool { return g.Identifies == 2 && g.Ready }))
	if st.Resumes != 1 || st.InvalidSessions != 1 {
		t.Errorf("stats %+v", st)
	}
	select {
	case m := <-b.messages:
		t.Errorf("a dispatch of the invalidated session arrived: %q", m.Content)
	case <-time.After(200 * time.Millisecond):
	}
	// The bot catches up from history.
	got := must[[]*discordgo.Message](t)(b.s.ChannelMessages(dm, 100, "", last.ID, ""))
	if len(got) != 2 || got[1].ID != m1 || got[0].ID != m2 {
		t.Fatalf("history after %s: %v", last.ID, ids(got))
	}
	// New dispatches flow on the new session.
	must[string](t)(b.srv.SendDM(b.alice.ID, "back"))
	if m := waitChan(t, b.messages, "DM on new session"); m.Content != "back" {
		t.Errorf("got %q", m.Content)
	}
}

func TestInvalidSessionNow(t *testing.T) {
	t.Parallel()
	b := startBot(t, Options{})
	ready := make(chan struct{}, 2)
	b.s.AddHandler(func(*discordgo.Session, *discordgo.Ready) { ready <- struct{}{} })
	b.srv.Faults().InvalidateSession()
	waitChan(t, ready, "READY after op 9")
	st := b.srv.Gateway()
	if st.Identifies != 2 || st.Connections != 1 {
		t.Errorf("stats %+v", st)
	}
}

func TestSubscribeTranscript(t *testing.T) {
	t.Parallel()
	b := startBot(t, Options{})
	var mu sync.Mutex
	var lines []string
	done := make(chan struct{}, 8)
	unsub := b.srv.Subscribe(func(e Event) {
		mu.Lock()
		lines = append(lines, e.String())
		mu.Unlock()
		if e.Kind == EventRequest {
			done <- struct{}{}
		}
	})
	must[string](t)(b.srv.SendDM(b.alice.ID, "7g7f"))
	waitChan(t, b.messages, "DM")
	dm := must[string](t)(b.srv.DMChannel(b.alice.ID))
	must[*discordgo.Message](t)(b.s.ChannelMessageSend(dm, "accepted"))
	waitChan(t, done, "request event")
	unsub()
	mu.Lock()
	defer mu.Unlock()
	if len(lines) < 2 || !strings.Contains(lines[0], `MESSAGE_CREATE alice: "7g7f"`) || !strings.Contains(lines[len(lines)-1], `POST /channels/`+dm+`/messages -> 200 "accepted"`) {
		t.Errorf("transcript %q", lines)
	}
}

func TestMiscRoutes(t *testing.T) {
	t.Parallel()
	srv := New(Options{Token: "Bot secret", Validation: ValidateOff})
	must[bool](t)(true, srv.Start())
	defer srv.Close()
	alice := srv.AddUser(User{Username: "alice", GlobalName: "Alice"})
	s, _ := discordgo.New("Bot secret")
	srv.Configure(s)
	me := must[*discordgo.User](t)(s.User("@me"))
	if me.ID != srv.BotUser().ID || !me.Bot {
		t.Errorf("me %+v", me)
	}
	u := must[*discordgo.User](t)(s.User(alice.ID))
	if u.GlobalName != "Alice" {
		t.Errorf("user %+v", u)
	}
	mem := must[*discordgo.Member](t)(s.GuildMember(srv.GuildID(), alice.ID))
	if mem.User.ID != alice.ID {
		t.Errorf("member %+v", mem)
	}
	ch := must[*discordgo.Channel](t)(s.Channel(srv.DefaultChannelID()))
	if ch.Name != "general" || ch.GuildID != srv.GuildID() {
		t.Errorf("channel %+v", ch)
	}
	msg := must[*discordgo.Message](t)(s.ChannelMessageSend(ch.ID, "Game 1"))
	th := must[*discordgo.Channel](t)(s.MessageThreadStart(ch.ID, msg.ID, "game-1", 60))
	if th.ID != msg.ID || th.ParentID != ch.ID || th.Type != discordgo.ChannelTypeGuildPublicThread {
		t.Errorf("thread %+v", th)
	}
	must[*discordgo.Message](t)(s.ChannelMessageSend(th.ID, "in thread"))
	edited := must[*discordgo.Message](t)(s.ChannelMessageEdit(ch.ID, msg.ID, "Game 1 (over)"))
	if edited.Content != "Game 1 (over)" || edited.EditedTimestamp == nil {
		t.Errorf("edit %+v", edited)
	}
	if err := s.ChannelMessageDelete(ch.ID, msg.ID); err != nil {
		t.Error(err)
	}
	if got := must[[]*discordgo.Message](t)(s.ChannelMessages(ch.ID, 10, "", "", "")); len(got) != 0 {
		t.Errorf("deleted message listed: %v", ids(got))
	}
	gw := must[*discordgo.GatewayBotResponse](t)(s.GatewayBot())
	if !strings.HasPrefix(gw.URL, "ws://127.0.0.1:") || gw.Shards != 1 {
		t.Errorf("gateway bot %+v", gw)
	}
	bad, _ := discordgo.New("Bot wrong")
	srv.Configure(bad)
	if _, err := bad.User("@me"); err == nil {
		t.Error("wrong token accepted")
	}
	var raw map[string]any
	r := srv.Requests()[0]
	if err := json.Unmarshal(r.Response, &raw); err != nil || raw["id"] != srv.BotUser().ID {
		t.Errorf("recorded response %s", r.Response)
	}
	_ = context.Background
}

// TestMessageAnswerAndDispatch: a message's REST answer is messageJSON's
// encoding, and its MESSAGE_CREATE/UPDATE carries the same (a DM's the very
// bytes; a guild's with guild_id and member added), both encoded once.
func TestMessageAnswerAndDispatch(t *testing.T) {
	b := startBot(t, Options{})
	dm := must[*discordgo.Channel](t)(b.s.UserChannelCreate(b.alice.ID))
	for _, ch := range []string{dm.ID, b.channel} {
		m := must[*discordgo.Message](t)(b.s.ChannelMessageSend(ch, "hello <b> & co"))
		must[*discordgo.Message](t)(b.s.ChannelMessageEdit(ch, m.ID, "edited"))
		var answers [][]byte
		for _, r := range b.srv.Requests() {
			if r.MessageID == m.ID {
				answers = append(answers, r.Response)
			}
		}
		var events []json.RawMessage
		for _, d := range b.srv.Dispatches() {
			if (d.Type == "MESSAGE_CREATE" || d.Type == "MESSAGE_UPDATE") && strings.Contains(string(d.Data), m.ID) {
				events = append(events, d.Data)
			}
		}
		if len(answers) != 2 || len(events) != 2 {
			t.Fatalf("channel %s: %d answers, %d events", ch, len(answers), len(events))
		}
		b.srv.w.Lock()
		want := wire.MustJSON(b.srv.w.MessageJSON(b.srv.w.Messages[m.ID]))
		b.srv.w.Unlock()
		if string(answers[1]) != string(want) {
			t.Errorf("channel %s: the edit's answer\n%s\nwant\n%s", ch, answers[1], want)
		}
		for i, ev := range events {
			var fields map[string]json.RawMessage
			if err := json.Unmarshal(ev, &fields); err != nil {
				t.Fatal(err)
			}
			if ch == b.channel {
				if string(fields["guild_id"]) == "" || string(fields["member"]) == "" {
					t.Errorf("guild event without guild_id or member: %s", ev)
				}
				delete(fields, "guild_id")
				delete(fields, "member")
			}
			if got := wire.MustJSON(fields); string(got) != string(answers[i]) {
				t.Errorf("channel %s event %d\n%s\nwant the answer\n%s", ch, i, got, answers[i])
			}
		}
	}
}
