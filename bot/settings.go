package bot

import (
	"shinpan/bot/texts"
	"shinpan/store"
)

// cmdSettings saves a user's reading settings and shows them all (with no
// option, only shows them).
func (b *Bot) cmdSettings(r *req) (answer, error) {
	o := r.opts
	changed := false
	for _, name := range []string{"notation", "language", "orientation", "board", "pieces", "input"} {
		changed = changed || o.str(name) != ""
	}
	saved := texts.SettingsSavedLook
	update := b.st.UpdateSettings
	if !changed { // nothing asked: show them, say nothing was saved
		saved = texts.SettingsShown
		update = func(user string, _ func(*store.Settings)) (store.Settings, error) { return b.st.GetSettings(user) }
	}
	st, err := update(r.user, func(s *store.Settings) {
		if v := o.str("notation"); v != "" {
			s.Notation = store.Notation(v)
		}
		if v := o.str("language"); v != "" {
			s.Language = v
		}
		if v := o.str("orientation"); v != "" {
			s.Orientation = v
		}
		if v := o.str("board"); v != "" {
			s.Theme = v
		}
		if v := o.str("pieces"); v != "" {
			s.Pieces = v
		}
		if v := o.str("input"); v != "" {
			s.Input = v
		}
	})
	if err != nil {
		return answer{}, err
	}
	l := r.lang
	if nl, ok := texts.ParseLang(st.Language); ok {
		l = nl // answered in the language just chosen
	}
	or := func(s, d string) string {
		if s == "" {
			return d
		}
		return s
	}
	notationDefault := "western"
	if l == texts.JA {
		notationDefault = "japanese"
	}
	return say(saved(l, or(string(st.Notation), notationDefault), or(st.Language, "en"),
		or(st.Orientation, "own"), or(st.Theme, "light"), or(st.Pieces, "printed")) + texts.InputSaved(l, st.Input)), nil
}
