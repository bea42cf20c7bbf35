package bot

import (
	"shinpan/bot/texts"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
	"shinpan/render"
	"shinpan/store"
)

// renderView draws a view for a user (their theme, orientation, language and
// notation)
// as a PNG attachment with its alt text.
func (b *Bot) renderView(v view.View, user string, notes []shogi.Square) (outFile, error) {
	return b.renderWith(v, user, render.Options{Notes: notes})
}

// renderWith draws a view with the given overlays and the user's theme,
// orientation, language and notation (of the alt text's last move, the one
// their texts use). Without a user, opt is used as it is.
func (b *Bot) renderWith(v view.View, user string, opt render.Options) (outFile, error) {
	if user != "" {
		if s, err := b.st.GetSettings(user); err == nil {
			if s.Theme == "contrast" {
				opt.Theme = render.ThemeContrast
			}
			opt.Flip = s.Orientation == "flip"
		}
		l := b.lang(user)
		opt.Lang = altLang(l)
		opt.Notation = b.textCtx(l, store.Game{}, nil, user).Notation
	}
	img, err := render.Render(v, opt)
	if err != nil {
		return outFile{}, err
	}
	return outFile{Name: "board.png", Alt: img.Alt, Type: "image/png", Data: img.PNG}, nil
}

// altLang is the render language of an alt text for a reader of l.
func altLang(l texts.Lang) render.Lang {
	if l == texts.JA {
		return render.LangJA
	}
	return render.LangEN
}
