package moves

import (
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"shinpan/bot/commands"
	"shinpan/bot/compose"
	"shinpan/bot/games"
	"shinpan/bot/interact"
	"shinpan/bot/texts"
	"shinpan/bot/texts/uitexts"
	"shinpan/referee"
	"shinpan/referee/notation"
	"shinpan/referee/shogi"
	"shinpan/store"
)

// Playing from Discord's own widgets: resign (with a confirmation button),
// declare, abort, draw offers, a moderator's end, the Move button's modal and
// the mask menu. Moves typed in DM are in bot/dm.go.

// playAction runs a player's action in their game and answers ok or the
// refusal.
func (mv *Moves) playAction(r *interact.Req, s commands.Seated, a referee.Action, ok string) interact.Answer {
	a.Player = s.Color
	reply, done := mv.host.Act(s.ID, r.User, a, r.I.ID)
	switch {
	case done:
		return interact.Say(ok)
	case reply == "":
		return interact.Say(mv.again(r, s, a.Kind)) // the same press delivered twice: taken already, or waiting
	}
	return interact.Say(reply)
}

// again answers an action of kind that arrived twice (the same press,
// pick or form delivered again): what it was, and for a mask the mask the
// player now has, which only they are told (their own answer). With
// several processes this one's copy of the game may be behind: the mask
// is not read from it.
func (mv *Moves) again(r *interact.Req, s commands.Seated, kind referee.ActionKind) string {
	if kind == referee.ActMask && !mv.host.Clustered() {
		s.Game.Mu.Lock()
		sq := s.Game.G.Masks()[s.Color]
		var pc shogi.Piece
		if sq != shogi.NoSquare {
			pc = s.Game.G.TruePosition().At(sq)
		}
		s.Game.Mu.Unlock()
		if sq != shogi.NoSquare && pc != shogi.NoPiece {
			return uitexts.MaskChosen(r.Lang, pc.Kind(), sq)
		}
	}
	return uitexts.AlreadyReceived(r.Lang, kind)
}

// gameAction is a slash command acting in the user's game; ok words its
// answer when the action took effect.
func (mv *Moves) gameAction(r *interact.Req, kind referee.ActionKind, ok func(texts.Lang, uint64) string) (interact.Answer, error) {
	s, why := mv.cmds.MyGameAsked(r)
	if why != nil {
		return mv.ended(r, kind, *why), nil
	}
	return mv.playAction(r, s, referee.Action{Kind: kind}, ok(r.Lang, uint64(s.ID))), nil
}

// ended answers a command that found no game of the user's: when the same
// interaction was delivered before and its action ended the game (a
// resignation, a declaration, an abort, an accepted draw), what it was;
// else why, unchanged.
func (mv *Moves) ended(r *interact.Req, kind referee.ActionKind, why interact.Answer) interact.Answer {
	id, _, err := mv.st.LookupKey(r.I.ID)
	switch {
	case err != nil:
		return why
	case kind == referee.ActDraw:
		return interact.Say(uitexts.DrawAgreed(r.Lang, uint64(id)))
	}
	return interact.Say(uitexts.AlreadyReceived(r.Lang, kind))
}

func (mv *Moves) Resign(r *interact.Req) (interact.Answer, error) {
	return mv.gameAction(r, referee.ActResign, uitexts.Resigned)
}

func (mv *Moves) Declare(r *interact.Req) (interact.Answer, error) {
	return mv.gameAction(r, referee.ActDeclare, uitexts.Declared) // a valid declaration wins (RULES.md §1)
}

// Abort cancels a game before both sides have moved: no result, no rating.
func (mv *Moves) Abort(r *interact.Req) (interact.Answer, error) {
	return mv.gameAction(r, referee.ActAbort, uitexts.Aborted)
}

// buttonGame is the game of a DM button, which must be the user's and go on.
func (mv *Moves) buttonGame(r *interact.Req) (commands.Seated, *interact.Answer) {
	s, why := mv.cmds.SeatIn(r, store.GameID(r.Arg))
	if why != nil {
		return s, why
	}
	s.Game.Mu.Lock()
	over := s.Game.G.Over()
	s.Game.Mu.Unlock()
	if over {
		return s, &interact.Answer{Text: uitexts.UI(r.Lang, uitexts.GameOver)}
	}
	return s, nil
}

// ResignButton asks for confirmation; ResignConfirm resigns.
func (mv *Moves) ResignButton(r *interact.Req) (interact.Answer, error) {
	if _, why := mv.buttonGame(r); why != nil {
		return *why, nil
	}
	return interact.Answer{Text: uitexts.ResignConfirm(r.Lang, r.Arg),
		Buttons: []compose.Button{{ID: fmt.Sprintf("resignok:%d", r.Arg), Label: uitexts.UI(r.Lang, uitexts.ButtonResignConfirm), Style: int(discordgo.DangerButton)}}}, nil
}

func (mv *Moves) ResignConfirm(r *interact.Req) (interact.Answer, error) {
	s, why := mv.cmds.SeatIn(r, store.GameID(r.Arg))
	if why != nil {
		return *why, nil
	}
	return mv.playAction(r, s, referee.Action{Kind: referee.ActResign}, uitexts.Resigned(r.Lang, uint64(s.ID))), nil
}

// MoveButton opens a modal with a text field for the move (easier on phones);
// off the player's turn (an older board's button) it says so instead, as
// the move typed would be refused.
func (mv *Moves) MoveButton(r *interact.Req) (interact.Answer, error) {
	s, why := mv.buttonGame(r)
	if why != nil {
		return *why, nil
	}
	s.Game.Mu.Lock()
	offTurn := !s.Game.G.NeedsMasks() && s.Game.G.Turn() != s.Color
	s.Game.Mu.Unlock()
	if offTurn {
		return interact.Say(texts.Refusal(r.Lang, &referee.Refusal{Code: referee.RefNotYourTurn})), nil
	}
	l := r.Lang
	return interact.Answer{Modal: &discordgo.InteractionResponseData{CustomID: fmt.Sprintf("movemodal:%d", r.Arg), Title: uitexts.UI(l, uitexts.ModalTitle),
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.TextInput{CustomID: "move", Label: uitexts.UI(l, uitexts.ModalLabel), Style: discordgo.TextInputShort,
				Placeholder: uitexts.UI(l, uitexts.ModalPlaceholder), Required: true, MaxLength: 40}}}}}}, nil
}

func (mv *Moves) MoveModal(r *interact.Req) (interact.Answer, error) {
	s, why := mv.cmds.SeatIn(r, store.GameID(r.Arg))
	if why != nil {
		return *why, nil
	}
	// A move written as in a DM among several games ("#12 7g7f"): the box's
	// own game is the one it names, or nothing is played.
	if n, rest, named := commands.GamePrefix(strings.TrimSpace(r.Fields["move"])); named && n != 0 && rest != "" {
		if n != r.Arg {
			return interact.Say(uitexts.MoveBoxGame(r.Lang, r.Arg, n)), nil
		}
		r.Fields["move"] = rest
	}
	if r.I.Message != nil { // opened from a board: the move's update replaces it (tap.go)
		return mv.modalMove(r, s), nil
	}
	return mv.playAction(r, s, referee.Action{Kind: referee.ActMove, Text: r.Fields["move"]}, uitexts.UI(r.Lang, uitexts.MoveSent)), nil
}

// Mask takes a mask chosen from the select menu (Masked setup).
func (mv *Moves) Mask(r *interact.Req) (interact.Answer, error) {
	s, why := mv.cmds.SeatIn(r, store.GameID(r.Arg))
	if why != nil {
		return *why, nil
	}
	if len(r.Values) != 1 {
		return interact.Say(uitexts.NotInGame(r.Lang, r.Arg)), nil
	}
	return mv.playAction(r, s, referee.Action{Kind: referee.ActMask, Text: r.Values[0], Salt: games.NewSalt()}, maskChosen(r, s)), nil
}

// maskChosen is the answer to the player whose mask is now the piece on the
// square they picked (r.Values[0]): the position does not change while the
// masks are chosen, so the game's start says which piece that is.
func maskChosen(r *interact.Req, s commands.Seated) string {
	sq, _, err := notation.ParseSquarePiece(strings.TrimSpace(r.Values[0]))
	if err != nil {
		return "" // never shown: the referee reads the square so too, and refuses it
	}
	s.Game.Mu.Lock()
	pc := s.Game.G.TruePosition().At(sq)
	s.Game.Mu.Unlock()
	return uitexts.MaskChosen(r.Lang, pc.Kind(), sq)
}

// Draw offers a draw, or accepts the opponent's standing offer. An offer is
// stored with the game (a restart keeps it) and lasts until a move is played
// (policy.DrawOffer).
func (mv *Moves) Draw(r *interact.Req) (interact.Answer, error) {
	s, why := mv.cmds.MyGameAsked(r)
	if why != nil {
		return mv.ended(r, referee.ActDraw, *why), nil
	}
	reply, err := mv.host.Draw(s.ID, r.User, r.Lang, r.I.ID)
	if err != nil {
		return interact.Answer{}, err
	}
	return interact.Say(reply), nil
}
