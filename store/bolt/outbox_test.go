package bolt

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"shinpan/store"
)

// TestOutRecordMatchesOutMsg: the stored record written piecewise decodes to
// the message json.Marshal would have stored, and outRecord names every field
// of store.OutMsg but the payload (a field added there must be added here).
func TestOutRecordMatchesOutMsg(t *testing.T) {
	want := store.OutMsg{ID: 7, GameID: 3, Seq: 12, Dest: store.DestDM, Target: "123", DedupeKey: "abc",
		CreatedAt: time.Date(2026, 12, 1, 22, 0, 0, 0, time.UTC), Payload: json.RawMessage(`{"content":"a \"b\"","files":[{"data":"AAEC"}]}`)}
	spaced := want
	spaced.Payload = json.RawMessage(" {\"content\" : \"a \\\"b\\\"\",\n \"files\":[ {\"data\":\"AAEC\"} ] } ")
	prep, err := prepareOutbox([]store.OutMsg{spaced})
	check(t, err)
	m := prep[0].m
	m.ID, m.GameID, m.Seq, m.CreatedAt = want.ID, want.GameID, want.Seq, want.CreatedAt
	rec, err := encodeOutMsg(m, prep[0].payload)
	check(t, err)
	var got store.OutMsg
	check(t, json.Unmarshal(rec, &got))
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("stored %s\ndecodes to %+v\nwant       %+v", rec, got, want)
	}
	msgT, recT := reflect.TypeOf(store.OutMsg{}), reflect.TypeOf(outRecord{})
	for i := range msgT.NumField() {
		f := msgT.Field(i)
		if f.Name == "Payload" {
			continue
		}
		if r, ok := recT.FieldByName(f.Name); !ok || r.Tag != f.Tag || r.Type != f.Type {
			t.Errorf("outRecord lacks store.OutMsg's field %s %s `%s`", f.Name, f.Type, f.Tag)
		}
	}
	if recT.NumField() != msgT.NumField()-1 {
		t.Errorf("outRecord has %d fields, store.OutMsg %d besides the payload", recT.NumField(), msgT.NumField()-1)
	}
	if _, err := prepareOutbox([]store.OutMsg{{Dest: store.DestDM, Target: "1", Payload: json.RawMessage(`{"a":`)}}); err == nil {
		t.Fatal("a payload that is not JSON was taken")
	}
}
