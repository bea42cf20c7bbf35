package store

import (
	"reflect"
	"testing"
	"time"

	"shinpan/referee/policy"
	"shinpan/referee/shogi"
	"shinpan/referee/view"
	"shinpan/tournament"
)

// TestClonesShareNothing: a clone equals its original and shares no pointer,
// slice or map with it, at any depth. The samples set every such field: a
// field added as nil makes the test fail until it is set here (and cloned).
func TestClonesShareNothing(t *testing.T) {
	w := shogi.White
	delay := 3
	g := Game{ID: 1, CPU: &CPUChoice{Level: "strong"}, Result: &view.Result{Winner: &w, Reason: view.ReasonCheckmate},
		Deadline: &Deadline{Seq: 2, Turn: time.Unix(5, 0).UTC()}, Clocks: &policy.Clocks{MainMillis: [2]int64{1, 2}},
		DrawOffer: &policy.DrawOffer{By: shogi.White, Moves: 4}, Tournament: &TournamentGame{ID: 3, Round: 2, Board: 1}}
	shareNothing(t, "Game", reflect.ValueOf(g), reflect.ValueOf(g.Clone()))
	s := Settings{UserID: "u", Guild: &GuildSettings{Defaults: map[string]map[string]int{"tsuitate": {"foul_limit": 5}}, WatchDelay: &delay}}
	shareNothing(t, "Settings", reflect.ValueOf(s), reflect.ValueOf(s.Clone()))
	tr := Tournament{ID: 1, State: tournament.Tournament{Players: []tournament.Player{{ID: "a"}}, Pairings: []tournament.Pairing{{Black: "a"}}}}
	shareNothing(t, "Tournament", reflect.ValueOf(tr), reflect.ValueOf(tr.Clone()))
}

func shareNothing(t *testing.T, path string, a, b reflect.Value) {
	t.Helper()
	if !reflect.DeepEqual(a.Interface(), b.Interface()) {
		t.Fatalf("%s: the clone differs", path)
	}
	switch a.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Slice:
		if a.IsNil() || a.Kind() != reflect.Pointer && a.Len() == 0 {
			t.Fatalf("%s: nil or empty in the sample: set it", path)
		}
		if a.Pointer() == b.Pointer() {
			t.Fatalf("%s: shared by the clone", path)
		}
	}
	switch a.Kind() {
	case reflect.Pointer:
		shareNothing(t, path, a.Elem(), b.Elem())
	case reflect.Map:
		for _, k := range a.MapKeys() {
			shareNothing(t, path+"["+k.String()+"]", a.MapIndex(k), b.MapIndex(k))
		}
	case reflect.Slice, reflect.Array:
		for i := range a.Len() {
			shareNothing(t, path+"[]", a.Index(i), b.Index(i))
		}
	case reflect.Struct:
		if a.Type() == reflect.TypeOf(time.Time{}) {
			return // a value (its location is never changed)
		}
		for i := range a.NumField() {
			if a.Type().Field(i).IsExported() {
				shareNothing(t, path+"."+a.Type().Field(i).Name, a.Field(i), b.Field(i))
			}
		}
	}
}
