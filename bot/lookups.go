package bot

import (
	"strings"

	"shinpan/bot/compose"
	"shinpan/bot/interact"
	"shinpan/bot/texts"
	"shinpan/referee"
	"shinpan/referee/view"
	"shinpan/store"
)

// What a user may look up: their board again, a game's public status, the
// channel's games, the rules and help.

// cmdBoard re-sends the user's board by DM.
func (b *Bot) cmdBoard(r *interact.Req) (interact.Answer, error) {
	s, why := b.myGame(r, 0)
	if why != nil {
		return *why, nil
	}
	rd := b.readers.Reader(r.User)
	s.lg.Mu.Lock()
	files := b.compose.BoardFiles(s.lg.Meta, s.lg.G, s.c, rd)
	text := texts.Status(compose.TextCtx(rd, s.lg.Meta, nil), compose.GameState(s.lg.G), view.AudienceOf(s.c))
	var btns []compose.Button
	var menus []compose.Menu
	if g := s.lg.G; !g.Over() && g.Turn() == s.c && !g.NeedsMasks() {
		btns = compose.TurnButtons(rd.Lang)
		menus = compose.TapMenus(s.lg.Meta, g, s.c, rd)
	}
	s.lg.Mu.Unlock()
	return b.sendBoard(r, s.id, compose.Payload{Content: text, Files: files, Buttons: btns, Selects: menus})
}

// sendBoard queues a board for the user of r alone and answers that it is
// on its way.
func (b *Bot) sendBoard(r *interact.Req, id store.GameID, p compose.Payload) (interact.Answer, error) {
	if _, closed := b.dmsClosed.Load(r.User); closed {
		return interact.Say(texts.UI(r.Lang, texts.DMsClosedYou)), nil
	}
	if err := b.st.Enqueue(withGame(compose.ToDM(r.User, p), id)); err != nil {
		return interact.Answer{}, err
	}
	go b.ob.Kick()
	return interact.Say(texts.UI(r.Lang, texts.BoardSent)), nil
}

// cmdStatus shows a game's public state.
func (b *Bot) cmdStatus(r *interact.Req) (interact.Answer, error) {
	var id store.GameID
	if n, ok := r.Opts.Num("game"); ok {
		id = store.GameID(n)
	} else {
		id, _ = b.pickGame(scopeOf(r), 0)
	}
	if id == 0 {
		return interact.Say(texts.UI(r.Lang, texts.NoActiveGame)), nil
	}
	meta, err := b.st.GetGame(id)
	if err != nil || !scopeOf(r).game(meta) {
		return interact.Say(texts.UI(r.Lang, texts.NoGame)), nil
	}
	lg, err := b.games.Get(id)
	if err != nil {
		return interact.Say(texts.GameCard(compose.TextCtx(b.askerReader(r), meta, nil), meta.Ranked)), nil
	}
	lg.Mu.Lock()
	defer lg.Mu.Unlock()
	ctx := compose.TextCtx(b.askerReader(r), lg.Meta, nil)             // an answer to the asker alone: their words
	clocks := texts.ClockLine(r.Lang, lg.Meta.Options, lg.Meta.Clocks) // public: as of the last move
	return interact.Say(texts.GameCard(ctx, lg.Meta.Ranked) + "\n" + texts.Status(ctx, compose.GameState(lg.G), view.ToPublic) + clocks), nil
}

// cmdGames lists the games going on in the channel.
func (b *Bot) cmdGames(r *interact.Req) (interact.Answer, error) {
	games, err := b.st.ActiveGamesIn(r.I.ChannelID)
	if err != nil || len(games) == 0 {
		return interact.Say(texts.UI(r.Lang, texts.NoGamesHere)), nil
	}
	rd := b.askerReader(r)
	var lines []string
	for _, g := range games {
		lines = append(lines, texts.GameLine(compose.TextCtx(rd, g, nil), g.Status == store.StatusPendingMasks))
	}
	return interact.Say(strings.Join(lines, "\n")), nil
}

func (b *Bot) cmdRules(r *interact.Req) (interact.Answer, error) {
	v, err := referee.ParseVariant(r.Opts.Str("variant"))
	if err != nil {
		v = view.Tsuitate
	}
	return interact.Say(texts.Rules(r.Lang, v)), nil
}

func (b *Bot) cmdHelp(r *interact.Req) (interact.Answer, error) {
	return interact.Say(texts.Help(r.Lang)), nil
}

func withGame(m store.OutMsg, id store.GameID) store.OutMsg { m.GameID = id; return m }
