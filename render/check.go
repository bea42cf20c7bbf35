package render

import "shinpan/referee/view"

// Check says whether Render would draw v with opt, without drawing: the
// errors of Render for an unknown theme or an inconsistent view. A caller
// that draws later (the bot's sender) checks when it queues.
func Check(v view.View, opt Options) error {
	if _, _, err := opt.Theme.resolve(); err != nil {
		return err
	}
	if _, err := opt.Pieces.resolve(); err != nil {
		return err
	}
	return validate(&v, &opt)
}
