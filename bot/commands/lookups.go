package commands

import (
	"strings"

	"shinpan/bot/compose"
	"shinpan/bot/interact"
	"shinpan/bot/texts"
	"shinpan/bot/texts/uitexts"
	"shinpan/referee"
	"shinpan/referee/view"
	"shinpan/store"
)

// What a user may look up: their board again, a game's public status, the
// channel's games, the rules and help.

// Board re-sends the user's board by DM.
func (cm *Commands) Board(r *interact.Req) (interact.Answer, error) {
	s, why := cm.MyGame(r, 0)
	if why != nil {
		return *why, nil
	}
	rd := cm.readers.Reader(r.User)
	s.Game.Mu.Lock()
	files := cm.compose.BoardFiles(s.Game.Meta, s.Game.G, s.Color, rd)
	text := texts.Status(compose.TextCtx(rd, s.Game.Meta, nil), compose.GameState(s.Game.G), view.AudienceOf(s.Color))
	var btns []compose.Button
	var menus []compose.Menu
	if g := s.Game.G; !g.Over() && g.Turn() == s.Color && !g.NeedsMasks() {
		btns = compose.TurnButtons(rd.Lang)
		menus = compose.TapMenus(s.Game.Meta, g, s.Color, rd)
	}
	s.Game.Mu.Unlock()
	return cm.sendBoard(r, s.ID, compose.Payload{Content: text, Files: files, Buttons: btns, Selects: menus})
}

// sendBoard queues a board for the user of r alone and answers that it is
// on its way.
func (cm *Commands) sendBoard(r *interact.Req, id store.GameID, p compose.Payload) (interact.Answer, error) {
	if cm.host.DMsClosed(r.User) {
		return interact.Say(uitexts.UI(r.Lang, uitexts.DMsClosedYou)), nil
	}
	if err := cm.st.Enqueue(compose.ForGame(compose.ToDM(r.User, p), id)); err != nil {
		return interact.Answer{}, err
	}
	go cm.host.Kick()
	return interact.Say(uitexts.UI(r.Lang, uitexts.BoardSent)), nil
}

// Status shows a game's public state.
func (cm *Commands) Status(r *interact.Req) (interact.Answer, error) {
	var id store.GameID
	if n, ok := r.Opts.Num("game"); ok {
		id = store.GameID(n)
	} else {
		var why string
		if id, why = cm.PickGame(ScopeOf(r), 0); id == 0 {
			return interact.Say(why), nil // none, or which of several
		}
	}
	meta, err := cm.st.GetGame(id)
	if err != nil || !ScopeOf(r).HasGame(meta) {
		return interact.Say(uitexts.UI(r.Lang, uitexts.NoGame)), nil
	}
	lg, err := cm.host.Load(id)
	if err != nil {
		return interact.Say(uitexts.GameCard(compose.TextCtx(r.Asker(cm.readers), meta, nil), meta.Ranked)), nil
	}
	lg.Mu.Lock()
	defer lg.Mu.Unlock()
	ctx := compose.TextCtx(r.Asker(cm.readers), lg.Meta, nil)          // an answer to the asker alone: their words
	clocks := texts.ClockLine(r.Lang, lg.Meta.Options, lg.Meta.Clocks) // public: as of the last move
	return interact.Say(uitexts.GameCard(ctx, lg.Meta.Ranked) + "\n" + texts.Status(ctx, compose.GameState(lg.G), view.ToPublic) + clocks), nil
}

// Games lists the games going on in the channel.
func (cm *Commands) Games(r *interact.Req) (interact.Answer, error) {
	games, err := cm.st.ActiveGamesIn(r.I.ChannelID)
	if err != nil || len(games) == 0 {
		return interact.Say(uitexts.UI(r.Lang, uitexts.NoGamesHere)), nil
	}
	rd := r.Asker(cm.readers)
	var lines []string
	for _, g := range games {
		lines = append(lines, uitexts.GameLine(compose.TextCtx(rd, g, nil), g.Status == store.StatusPendingMasks))
	}
	return interact.Say(strings.Join(lines, "\n")), nil
}

func (cm *Commands) Rules(r *interact.Req) (interact.Answer, error) {
	v, err := referee.ParseVariant(r.Opts.Str("variant"))
	if err != nil {
		v = view.Tsuitate
	}
	return interact.Say(uitexts.Rules(r.Lang, v)), nil
}

func (cm *Commands) Help(r *interact.Req) (interact.Answer, error) {
	return interact.Answer{Embed: uitexts.Help(r.Lang)}, nil // its mentions pass a message's 2 000 characters
}
