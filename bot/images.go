package bot

import (
	"shinpan/bot/texts"
	"shinpan/referee/view"
	"shinpan/render"
)

// renderFor draws a view for a reader as a PNG attachment with its alt text,
// with their theme, orientation, language (the picture's words and the alt
// text) and notation (of the alt text's last move, the one their texts use).
// A channel reader gets the defaults in its language, its notation included.
func (b *Bot) renderFor(v view.View, rd reader, opt render.Options) (outFile, error) {
	if rd.set.Theme == "contrast" {
		opt.Theme = render.ThemeContrast
	}
	opt.Flip = rd.set.Orientation == "flip"
	opt.Lang = altLang(rd.lang)
	opt.Labels = texts.BoardLabels(rd.lang, v.Result)
	opt.Notation = rd.notation()
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
