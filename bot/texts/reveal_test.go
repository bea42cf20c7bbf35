package texts

import (
	"strings"
	"testing"

	"shinpan/bot/texts/internal/texttest"
	"shinpan/referee/notation"
	"shinpan/referee/policy"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
)

func TestRevealDetails(t *testing.T) {
	moves := make([]string, 1000)
	for i := range moves {
		moves[i] = "P*5e"
	}
	var fouls []view.FoulRecord
	for i := 0; i < 300; i++ {
		fouls = append(fouls, view.FoulRecord{Player: shogi.Color(i % 2), Number: i + 1, Text: "8h2b`x", Move: "8h2b", Reason: "path_blocked"})
	}
	fouls = append(fouls, view.FoulRecord{Player: shogi.Black, Number: 9, Text: "2h2c", Move: "2h2c", Reason: "king_in_check"})
	e := view.Event{To: view.ToPublic, Kind: view.EvReveal, SFEN: shogi.Startpos().SFEN(), Moves: moves, Fouls: fouls}
	for _, l := range Langs {
		ctx := Ctx{Lang: l, Variant: view.Tsuitate, GameID: 4}
		msgs := RevealDetails(ctx, e)
		all := strings.Join(msgs, "\n")
		for _, m := range msgs {
			if texttest.Runes(m) > MaxLen || m == "" {
				t.Errorf("%s: message of %d characters", l, texttest.Runes(m))
			}
		}
		if strings.Count(all, `P\*5e`) != 1000 || !strings.Contains(all, `1000.P\*5e`) {
			t.Errorf("%s: moves lost", l)
		}
		if strings.Count(all, "8h2b") != 600 || strings.Contains(all, "`x") {
			t.Errorf("%s: fouls lost or typed text not made code-safe", l)
		}
		if !strings.Contains(all, tr(l, mWhyPathBlocked)) || !strings.Contains(all, tr(l, mWhyKingInCheck)) {
			t.Errorf("%s: foul reasons missing", l)
		}
	}
	// Masked: the openings and how to check them.
	m := view.Event{To: view.ToPublic, Kind: view.EvReveal, SFEN: shogi.Startpos().SFEN(),
		Masks: [2]shogi.Square{sq("7g"), sq("3c")}, MasksAtEnd: [2]shogi.Square{sq("7g"), sq("3c")},
		Salts: [2]string{"s1", "s2"}, Commitments: [2]string{"c1", "c2"}}
	all := strings.Join(RevealDetails(Ctx{Lang: EN, Variant: view.Masked, GameID: 4}, m), "\n")
	for _, w := range []string{"`shinpan-mask|4|black|7g|s1`", "`shinpan-mask|4|white|3c|s2`", "`c1`", "`c2`"} {
		if !strings.Contains(all, w) {
			t.Errorf("masked reveal lacks %s: %q", w, all)
		}
	}
	if got := Event(Ctx{Lang: EN, Variant: view.Masked}, m); got != "Masks revealed: ☗'s mask was the pawn on 7g; ☖'s mask was the pawn on 3c." {
		t.Errorf("masked reveal header: %q", got)
	}
	if RevealDetails(Ctx{}, view.Event{Kind: view.EvEnd}) != nil {
		t.Error("details of a non-reveal event")
	}
}

// TestMasksSet: the commitments in full (anyone must be able to check them at
// the reveal) and the way to check them.
func TestMasksSet(t *testing.T) {
	e := view.Event{To: view.ToPublic, Kind: view.EvMasksDone, Commitments: [2]string{strings.Repeat("a", 64), strings.Repeat("b", 64)}}
	got := Event(Ctx{Lang: EN, Variant: view.Masked, GameID: 8}, e)
	for _, w := range []string{"`" + strings.Repeat("a", 64) + "`", "`" + strings.Repeat("b", 64) + "`", "SHA-256", "`shinpan-mask|8|<black|white>|<square>|<salt>`"} {
		if !strings.Contains(got, w) {
			t.Errorf("masks_set lacks %s: %q", w, got)
		}
	}
}

// TestLongNamesFit: names are cut so no message passes the Discord limit.
func TestLongNamesFit(t *testing.T) {
	long := strings.Repeat("x", 5000)
	ctx := Ctx{Lang: EN, Variant: view.Tsuitate, Names: Names{long, long}, GameID: 1, Options: policy.Defaults(view.Tsuitate)}
	var evs []view.Event
	for i := 0; i < 40; i++ {
		evs = append(evs, toAll(view.Event{Kind: view.EvEnd, Winner: winner(shogi.Black), Reason: view.ReasonFoulLimit})...)
	}
	for _, s := range []string{Announcement(ctx, evs), PlayerUpdate(ctx, shogi.White, evs), Event(ctx, evs[0])} {
		if texttest.Runes(s) > MaxLen {
			t.Errorf("%d characters", texttest.Runes(s))
		}
	}
}

// TestRevealMovesInNotation: the reveal's move list is written in the
// reader's notation, each move as the announcements wrote it.
func TestRevealMovesInNotation(t *testing.T) {
	e := view.Event{To: view.ToPublic, Kind: view.EvReveal, SFEN: shogi.Startpos().SFEN(),
		Moves: []string{"7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"}}
	for _, c := range []struct {
		n    notation.Notation
		l    Lang
		want string
	}{
		{notation.Western, EN, `1.P-7f 2.P-3d 3.Bx2b+ 4.Sx2b 5.B\*4e`},
		{notation.Japanese, JA, "1.☗７六歩 2.☖３四歩 3.☗２二角成 4.☖２二銀 5.☗４五角"},
		{notation.USI, EN, `1.7g7f 2.3c3d 3.8h2b+ 4.3a2b 5.B\*4e`},
	} {
		ctx := Ctx{Lang: c.l, Variant: view.Standard, GameID: 4, Notation: c.n, Start: shogi.Startpos()}
		all := strings.Join(RevealDetails(ctx, e), "\n")
		if !strings.Contains(all, c.want) {
			t.Errorf("%s: %q lacks %q", c.n, all, c.want)
		}
		if c.n != notation.USI && strings.Contains(all, "USI") {
			t.Errorf("%s: the list is said to be in USI: %q", c.n, all)
		}
	}
}
