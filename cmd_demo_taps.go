//go:build !production

package main

import (
	"context"
	"fmt"
	"strings"
	"time"

	"shinpan/bot/discordtest"
	"shinpan/bot/tap"
	"shinpan/bot/texts"
	"shinpan/bot/texts/uitexts"
	"shinpan/referee/shogi"
)

// The demo with --taps: every move (and Masked's mask) picked from the menus
// under the board, as a phone player would, each pick in the transcript as
// its label reads: "@alice > [picks ☗ Silver 7g]", "@alice > [picks 6f]".

// tapBoard is the newest of user's DMs that holds tap menus.
func (d *demo) tapBoard(user string) (discordtest.Message, error) {
	ms := d.srv.BotMessages(d.dmOf(user))
	for i := len(ms) - 1; i >= 0; i-- {
		if strings.Contains(string(ms[i].Components), `"`+tap.Verb+`:`) {
			return ms[i], nil
		}
	}
	return discordtest.Message{}, fmt.Errorf("no tap menus in @%s's DMs", d.names[user])
}

// tapOnce taps c on m, waits for the answer and what it caused, prints them
// and returns the message as the answer left it.
func (d *demo) tapOnce(user string, m discordtest.Message, c tap.Choice) (discordtest.Message, error) {
	d.typed(user, "DM", uitexts.TapTranscript(texts.EN, c.Label))
	var iid string
	var err error
	if c.Value == "" {
		iid, err = d.srv.ClickButton(user, m.ChannelID, m.ID, c.CustomID)
	} else {
		iid, err = d.srv.SelectMenu(user, m.ChannelID, m.ID, c.CustomID, c.Value)
	}
	if err != nil {
		return m, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if _, err := d.srv.WaitInteraction(ctx, iid, discordtest.Answered); err != nil {
		return m, fmt.Errorf("pick %s: %w", c.Step, err)
	}
	d.settle()
	after, ok := d.srv.Message(m.ID)
	if !ok {
		return m, fmt.Errorf("the tapped message is gone")
	}
	return after, nil
}

// tapMove plays m by taps from user's newest board with menus.
func (d *demo) tapMove(user string, m shogi.Move) error {
	msg, err := d.tapBoard(user)
	if err != nil {
		return err
	}
	for taps := 0; taps < 5; taps++ {
		cs, err := tap.Choices(msg.Components)
		if err != nil {
			return err
		}
		c, ok := tap.Toward(cs, m)
		if !ok {
			return fmt.Errorf("%s: no menu leads there", m.USI())
		}
		if msg, err = d.tapOnce(user, msg, c); err != nil {
			return err
		}
		if c.Step == "m:"+m.USI() {
			return nil
		}
	}
	return fmt.Errorf("%s: more than 5 taps", m.USI())
}

// tapMask chooses user's mask by tap.
func (d *demo) tapMask(user, square string) error {
	s, err := shogi.ParseSquare(square)
	if err != nil {
		return err
	}
	msg, err := d.tapBoard(user)
	if err != nil {
		return err
	}
	cs, err := tap.Choices(msg.Components)
	if err != nil {
		return err
	}
	c, ok := tap.TowardMask(cs, s)
	if !ok {
		return fmt.Errorf("no mask choice %s", square)
	}
	_, err = d.tapOnce(user, msg, c)
	return err
}
