package bot

import (
	"strings"

	"shinpan/bot/compose"
	"shinpan/bot/texts"
	"shinpan/referee"
	"shinpan/referee/view"
	"shinpan/store"
)

// What a user may look up: their board again, a game's public status, the
// channel's games, the rules and help.

// cmdBoard re-sends the user's board by DM.
func (b *Bot) cmdBoard(r *req) (answer, error) {
	s, why := b.myGame(r, 0)
	if why != nil {
		return *why, nil
	}
	rd := b.readers.Reader(r.user)
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
func (b *Bot) sendBoard(r *req, id store.GameID, p compose.Payload) (answer, error) {
	if _, closed := b.dmsClosed.Load(r.user); closed {
		return say(texts.UI(r.lang, texts.DMsClosedYou)), nil
	}
	if err := b.st.Enqueue(withGame(compose.ToDM(r.user, p), id)); err != nil {
		return answer{}, err
	}
	go b.ob.Kick()
	return say(texts.UI(r.lang, texts.BoardSent)), nil
}

// cmdStatus shows a game's public state.
func (b *Bot) cmdStatus(r *req) (answer, error) {
	var id store.GameID
	if n, ok := r.opts.num("game"); ok {
		id = store.GameID(n)
	} else {
		id, _ = b.pickGame(r.sc, 0)
	}
	if id == 0 {
		return say(texts.UI(r.lang, texts.NoActiveGame)), nil
	}
	meta, err := b.st.GetGame(id)
	if err != nil || !r.sc.game(meta) {
		return say(texts.UI(r.lang, texts.NoGame)), nil
	}
	lg, err := b.games.Get(id)
	if err != nil {
		return say(texts.GameCard(compose.TextCtx(b.askerReader(r), meta, nil), meta.Ranked)), nil
	}
	lg.Mu.Lock()
	defer lg.Mu.Unlock()
	ctx := compose.TextCtx(b.askerReader(r), lg.Meta, nil)             // an answer to the asker alone: their words
	clocks := texts.ClockLine(r.lang, lg.Meta.Options, lg.Meta.Clocks) // public: as of the last move
	return say(texts.GameCard(ctx, lg.Meta.Ranked) + "\n" + texts.Status(ctx, compose.GameState(lg.G), view.ToPublic) + clocks), nil
}

// cmdGames lists the games going on in the channel.
func (b *Bot) cmdGames(r *req) (answer, error) {
	games, err := b.st.ActiveGamesIn(r.i.ChannelID)
	if err != nil || len(games) == 0 {
		return say(texts.UI(r.lang, texts.NoGamesHere)), nil
	}
	rd := b.askerReader(r)
	var lines []string
	for _, g := range games {
		lines = append(lines, texts.GameLine(compose.TextCtx(rd, g, nil), g.Status == store.StatusPendingMasks))
	}
	return say(strings.Join(lines, "\n")), nil
}

func (b *Bot) cmdRules(r *req) (answer, error) {
	v, err := referee.ParseVariant(r.opts.str("variant"))
	if err != nil {
		v = view.Tsuitate
	}
	return say(texts.Rules(r.lang, v)), nil
}

func (b *Bot) cmdHelp(r *req) (answer, error) { return say(texts.Help(r.lang)), nil }

func withGame(m store.OutMsg, id store.GameID) store.OutMsg { m.GameID = id; return m }
