package bot

import (
	"shinpan/referee/shogi"
	"shinpan/referee/view"
	"shinpan/render"
)

// renderView draws a view for a user (their theme and orientation) as a PNG
// attachment with its alt text.
func (b *Bot) renderView(v view.View, user string, notes []shogi.Square) (outFile, error) {
	return b.renderWith(v, user, render.Options{Notes: notes})
}

// renderWith draws a view with the given overlays and the user's theme and
// orientation.
func (b *Bot) renderWith(v view.View, user string, opt render.Options) (outFile, error) {
	if user != "" {
		if s, err := b.st.GetSettings(user); err == nil {
			if s.Theme == "contrast" {
				opt.Theme = render.ThemeContrast
			}
			opt.Flip = s.Orientation == "flip"
		}
	}
	img, err := render.Render(v, opt)
	if err != nil {
		return outFile{}, err
	}
	return outFile{Name: "board.png", Alt: img.Alt, Type: "image/png", Data: img.PNG}, nil
}
