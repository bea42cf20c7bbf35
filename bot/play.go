package bot

import (
	"fmt"

	"github.com/bwmarrin/discordgo"

	"shinpan/bot/cluster"
	"shinpan/bot/commands"
	"shinpan/bot/compose"
	"shinpan/bot/games"
	"shinpan/bot/interact"
	"shinpan/bot/texts"
	"shinpan/referee"
	"shinpan/referee/policy"
	"shinpan/store"
)

// Playing from Discord's own widgets: resign (with a confirmation button),
// declare, abort, draw offers, a moderator's end, the Move button's modal and
// the mask menu. Moves typed in DM are in dm.go.

// playAction runs a player's action in their game and answers ok or the
// refusal.
func (b *Bot) playAction(r *interact.Req, s commands.Seated, a referee.Action, ok texts.UIText) interact.Answer {
	a.Player = s.Color
	reply, done := b.act(s.ID, r.User, a, r.I.ID)
	switch {
	case done:
		return interact.Say(texts.UI(r.Lang, ok))
	case reply == "":
		return interact.Say(texts.UI(r.Lang, texts.Done)) // already applied: the same press delivered twice
	}
	return interact.Say(reply)
}

// gameAction is a slash command acting in the user's game.
func (b *Bot) gameAction(r *interact.Req, kind referee.ActionKind, ok texts.UIText) (interact.Answer, error) {
	s, why := b.cmds.MyGame(r, 0)
	if why != nil {
		return *why, nil
	}
	return b.playAction(r, s, referee.Action{Kind: kind}, ok), nil
}

func (b *Bot) cmdResign(r *interact.Req) (interact.Answer, error) {
	return b.gameAction(r, referee.ActResign, texts.Resigned)
}

func (b *Bot) cmdDeclare(r *interact.Req) (interact.Answer, error) {
	return b.gameAction(r, referee.ActDeclare, texts.Done)
}

// cmdAbort cancels a game before both sides have moved: no result, no rating.
func (b *Bot) cmdAbort(r *interact.Req) (interact.Answer, error) {
	return b.gameAction(r, referee.ActAbort, texts.Done)
}

// buttonGame is the game of a DM button, which must be the user's and go on.
func (b *Bot) buttonGame(r *interact.Req) (commands.Seated, *interact.Answer) {
	s, why := b.cmds.SeatIn(r, store.GameID(r.Arg))
	if why != nil {
		return s, why
	}
	s.Game.Mu.Lock()
	over := s.Game.G.Over()
	s.Game.Mu.Unlock()
	if over {
		return s, &interact.Answer{Text: texts.UI(r.Lang, texts.GameOver)}
	}
	return s, nil
}

// btnResign asks for confirmation; btnResignConfirm resigns.
func (b *Bot) btnResign(r *interact.Req) (interact.Answer, error) {
	if _, why := b.buttonGame(r); why != nil {
		return *why, nil
	}
	return interact.Answer{Text: texts.UI(r.Lang, texts.ResignConfirm),
		Buttons: []compose.Button{{ID: fmt.Sprintf("resignok:%d", r.Arg), Label: texts.UI(r.Lang, texts.ButtonResignConfirm), Style: int(discordgo.DangerButton)}}}, nil
}

func (b *Bot) btnResignConfirm(r *interact.Req) (interact.Answer, error) {
	s, why := b.cmds.SeatIn(r, store.GameID(r.Arg))
	if why != nil {
		return *why, nil
	}
	return b.playAction(r, s, referee.Action{Kind: referee.ActResign}, texts.Resigned), nil
}

// btnMove opens a modal with a text field for the move (easier on phones).
func (b *Bot) btnMove(r *interact.Req) (interact.Answer, error) {
	if _, why := b.buttonGame(r); why != nil {
		return *why, nil
	}
	l := r.Lang
	return interact.Answer{Modal: &discordgo.InteractionResponseData{CustomID: fmt.Sprintf("movemodal:%d", r.Arg), Title: texts.UI(l, texts.ModalTitle),
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.TextInput{CustomID: "move", Label: texts.UI(l, texts.ModalLabel), Style: discordgo.TextInputShort,
				Placeholder: texts.UI(l, texts.ModalPlaceholder), Required: true, MaxLength: 40}}}}}}, nil
}

func (b *Bot) onMoveModal(r *interact.Req) (interact.Answer, error) {
	s, why := b.cmds.SeatIn(r, store.GameID(r.Arg))
	if why != nil {
		return *why, nil
	}
	if r.I.Message != nil { // opened from a board: the move's update replaces it (tapmove.go)
		return b.modalMove(r, s), nil
	}
	return b.playAction(r, s, referee.Action{Kind: referee.ActMove, Text: r.Fields["move"]}, texts.MoveSent), nil
}

// selMask takes a mask chosen from the select menu (Masked setup).
func (b *Bot) selMask(r *interact.Req) (interact.Answer, error) {
	s, why := b.cmds.SeatIn(r, store.GameID(r.Arg))
	if why != nil {
		return *why, nil
	}
	if len(r.Values) != 1 {
		return interact.Say(texts.NotInGame(r.Lang, r.Arg)), nil
	}
	return b.playAction(r, s, referee.Action{Kind: referee.ActMask, Text: r.Values[0], Salt: games.NewSalt()}, texts.Done), nil
}

// cmdDraw offers a draw, or accepts the opponent's standing offer. An offer is
// stored with the game (a restart keeps it) and lasts until a move is played
// (policy.DrawOffer).
func (b *Bot) cmdDraw(r *interact.Req) (interact.Answer, error) {
	s, why := b.cmds.MyGame(r, 0)
	if why != nil {
		return *why, nil
	}
	if b.cl != nil { // the game's owner decides (cluster.go)
		reply, _ := b.cl.Route(s.ID, r.I.ID, cluster.Routed{Kind: "draw", User: r.User}, r.Lang)
		if reply == "" {
			reply = texts.UI(r.Lang, texts.Done)
		}
		return interact.Say(reply), nil
	}
	reply, err := b.draw(s.ID, r.User, r.Lang, r.I.ID)
	if err != nil {
		return interact.Answer{}, err
	}
	return interact.Say(reply), nil
}

// draw offers a draw in user's game, or accepts the standing offer, and
// returns the reply.
func (b *Bot) draw(id store.GameID, user string, lang texts.Lang, key string) (string, error) {
	lg, err := b.games.Get(id)
	if err != nil {
		return compose.GameLoadText(lang, err), nil
	}
	lg.Mu.Lock()
	c, seated := games.SeatOf(lg.Meta, user)
	opp := lg.Meta.Players[c.Opp()]
	switch {
	case !seated || lg.G.Over():
		lg.Mu.Unlock()
		return texts.UI(lang, texts.NoGame), nil
	case compose.IsCPU(opp) || lg.Meta.Away[c.Opp()].CPU:
		lg.Mu.Unlock()
		return texts.UI(lang, texts.CPUPlaysOn), nil
	case lg.Meta.DrawOffer.AcceptableBy(lg.G, c):
		lg.Mu.Unlock()
		reply, done, err := b.apply(id, user, referee.Action{Kind: referee.ActDraw, Player: c}, key, texts.Refusal)
		switch {
		case err != nil:
			return "", err
		case done || reply == "":
			return texts.UI(lang, texts.Done), nil
		}
		return reply, nil
	}
	defer lg.Mu.Unlock()
	offer := policy.Offer(lg.G, c)
	dm := compose.ToDM(opp, compose.Payload{Content: texts.DrawOffered(b.readers.Lang(opp), compose.Mention(user), uint64(id))})
	updated, err := b.st.UpdateGame(id, []store.OutMsg{dm}, func(g *store.Game) error { g.DrawOffer = offer; return nil })
	if err != nil {
		return "", err
	}
	lg.Meta.DrawOffer = updated.DrawOffer
	go b.ob.Kick()
	return texts.UI(lang, texts.DrawOfferSent), nil
}
