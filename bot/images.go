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
	opt.Labels = texts.BoardLabels(rd.lang, v.Result)
	img, err := render.Render(v, opt)
	if err != nil {
		return outFile{}, err
	}
	alt := texts.BoardAlt(rd.lang, rd.notation(), &v)
	return outFile{Name: "board.png", Alt: alt, Type: "image/png", Data: img.PNG}, nil
}
