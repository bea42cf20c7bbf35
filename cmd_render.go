package main

import (
	"flag"
	"fmt"
	"os"
	"strings"

	"shinpan/bot/texts"
	"shinpan/referee/notation"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
	"shinpan/render"
)

// runRender implements the render command:
//
//	render --sfen SFEN [--variant standard|tsuitate|masked|dark] [--king-visible]
//	       [--view black|white|reveal] [--board light|wood|contrast]
//	       [--pieces printed|koma|koma2|international] [--flip] [--lang en|ja] --out out.png
//
// The SFEN ("startpos" allowed) is taken as the true position. For hidden
// variants the player's view is computed from it with view.Of (with
// --king-visible, a Tsuitate player is shown the opponent's king);
// reveal draws the whole position with view.Revealed. The PNG goes to
// --out (alias -o), its words in --lang, and the alt text (in --lang) is
// printed on stdout. --theme is the old name of --board.
func init() {
	register("render", "draw a board PNG: --sfen SFEN [--variant V --view black|white|reveal] [--board light|wood|contrast] [--pieces printed|koma|koma2|international] --out out.png", runRender)
}

func runRender(args []string) error {
	fs := flag.NewFlagSet("render", flag.ContinueOnError)
	fs.SetOutput(os.Stderr)
	sfen := fs.String("sfen", "", `position in SFEN, or "startpos" (required)`)
	variant := fs.String("variant", "standard", "standard, tsuitate, masked or dark")
	who := fs.String("view", "black", "black, white or reveal")
	var theme string
	fs.StringVar(&theme, "board", "light", "board theme: light, wood or contrast")
	fs.StringVar(&theme, "theme", "light", "alias of --board")
	pieces := fs.String("pieces", "printed", "piece set: printed, koma, koma2 or international")
	kingVisible := fs.Bool("king-visible", false, "Tsuitate: the player is shown the opponent's king (the king_visible option)")
	flip := fs.Bool("flip", false, "turn the board round (the viewer's side goes to the top)")
	lang := fs.String("lang", "en", "language of the picture and its alt text: en or ja")
	var out string
	fs.StringVar(&out, "out", "", "PNG file to write (required)")
	fs.StringVar(&out, "o", "", "alias of --out")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: render --sfen SFEN [--variant standard|tsuitate|masked|dark] [--king-visible] [--view black|white|reveal] [--board light|wood|contrast] [--pieces printed|koma|koma2|international] [--flip] [--lang en|ja] --out out.png")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q (quote the SFEN: --sfen \"lnsgkgsnl/... b - 1\")", fs.Arg(0))
	}
	if *sfen == "" {
		return fmt.Errorf("--sfen is required (a SFEN string or startpos)")
	}
	if out == "" {
		return fmt.Errorf("--out is required")
	}
	p, err := shogi.ParseSFEN(*sfen)
	if err != nil {
		return err
	}
	var vr view.Variant
	switch v := view.Variant(strings.ToLower(*variant)); v {
	case view.Standard, view.Tsuitate, view.Masked, view.Dark:
		vr = v
	default:
		return fmt.Errorf("unknown variant %q (want standard, tsuitate, masked or dark)", *variant)
	}
	check := p.Validate
	if vr == view.Masked || vr == view.Dark {
		check = p.ValidatePseudo
	}
	if err := check(); err != nil {
		return err
	}
	var v view.View
	switch strings.ToLower(*who) {
	case "black":
		v = view.Of(vr, p, view.ViewerBlack)
	case "white":
		v = view.Of(vr, p, view.ViewerWhite)
	case "reveal":
		v = view.Revealed(vr, p)
	default:
		return fmt.Errorf("unknown view %q (want black, white or reveal)", *who)
	}
	if *kingVisible {
		if vr != view.Tsuitate {
			return fmt.Errorf("--king-visible is a Tsuitate option")
		}
		if v.Viewer != view.ViewerPublic {
			v.ShowKing(p, v.Viewer.Color().Opp())
		}
	}
	l := texts.Lang(strings.ToLower(*lang))
	if l != texts.EN && l != texts.JA {
		return fmt.Errorf("unknown language %q (want en or ja)", *lang)
	}
	img, err := render.Render(v, render.Options{Theme: render.Theme(strings.ToLower(theme)),
		Pieces: render.PieceSet(strings.ToLower(*pieces)), Flip: *flip, Labels: texts.BoardLabels(l, v.Result)})
	if err != nil {
		return err
	}
	if err := os.WriteFile(out, img.PNG, 0o644); err != nil {
		return err
	}
	fmt.Println(texts.BoardAlt(l, notation.USI, &v))
	return nil
}
