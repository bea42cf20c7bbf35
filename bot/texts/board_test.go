package texts

import (
	"reflect"
	"regexp"
	"strings"
	"testing"

	"shinpan/referee/shogi"
	"shinpan/referee/view"
	"shinpan/render"
)

// boardResults are results of every kind: each win and draw reason, and one
// of neither.
func boardResults() []*view.Result {
	var rs []*view.Result
	for r := range boardWin {
		w := shogi.White
		rs = append(rs, &view.Result{Winner: &w, Reason: r})
	}
	for r := range boardDraw {
		rs = append(rs, &view.Result{Reason: r})
	}
	b := shogi.Black
	return append(rs, &view.Result{Winner: &b, Reason: "unheard_of"}, &view.Result{Reason: "unheard_of"})
}

// TestBoardLabelsDrawable: every word of the board image, in both languages,
// is filled and within the picture's font (a word it can't draw would be
// left out of the picture).
func TestBoardLabelsDrawable(t *testing.T) {
	for _, l := range Langs {
		for _, r := range append(boardResults(), nil) {
			lb := BoardLabels(l, r)
			v := reflect.ValueOf(lb)
			for i := 0; i < v.NumField(); i++ {
				f := v.Field(i)
				var words []string
				if f.Kind() == reflect.Array {
					for k := 0; k < f.Len(); k++ {
						words = append(words, f.Index(k).String())
					}
				} else {
					words = append(words, f.String())
				}
				for _, w := range words {
					name := v.Type().Field(i).Name
					if w == "" && (name != "Result" || r != nil) {
						t.Errorf("%s %v: %s is empty", l, r, name)
					}
					if !render.CanDraw(w) {
						t.Errorf("%s: %s %q has a rune the picture's font lacks", l, name, w)
					}
				}
			}
			if len([]rune(lb.Ranks)) != 9 {
				t.Errorf("%s: ranks %q", l, lb.Ranks)
			}
		}
	}
}

// englishWord is two ASCII letters in a row.
var englishWord = regexp.MustCompile(`[A-Za-z]{2}`)

// TestBoardLabelsLanguage: English labels are English with ranks a–i,
// Japanese ones Japanese throughout with kanji ranks.
func TestBoardLabelsLanguage(t *testing.T) {
	en, ja := BoardLabels(EN, nil), BoardLabels(JA, nil)
	if en.Ranks != "abcdefghi" || en.Sides != [2]string{"Black", "White"} || en.Hand != "Hand" {
		t.Errorf("English: %+v", en)
	}
	if ja.Ranks != "一二三四五六七八九" || ja.Sides != [2]string{"先手", "後手"} || ja.Hand != "持駒" || ja.Turn != "手番" {
		t.Errorf("Japanese: %+v", ja)
	}
	for _, r := range boardResults() {
		if s := BoardLabels(JA, r).Result; englishWord.MatchString(s) {
			t.Errorf("English left in the Japanese result %q", s)
		}
		if s := BoardLabels(EN, r).Result; !strings.ContainsAny(s, "abcdefghijklmnopqrstuvwxyz") {
			t.Errorf("the English result %q", s)
		}
	}
}
