package bolt

import (
	"encoding/json"
	"errors"
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
	for _, bad := range []json.RawMessage{json.RawMessage(`{"a":`), nil, json.RawMessage(`{} x`)} {
		if _, err := prepareOutbox([]store.OutMsg{{Dest: store.DestDM, Target: "1", Payload: bad}}); !errors.Is(err, store.ErrInvalid) {
			t.Fatalf("payload %q: %v, want ErrInvalid", bad, err)
		}
	}
}

// TestDecodeOutMsg: a stored record decodes as json.Unmarshal decodes it,
// written piecewise or by json.Marshal, whatever its strings hold; a record
// whose payload is not JSON is refused.
func TestDecodeOutMsg(t *testing.T) {
	at := time.Date(2026, 12, 1, 22, 0, 0, 0, time.UTC)
	for _, m := range []store.OutMsg{
		{ID: 7, GameID: 3, Seq: 12, Dest: store.DestDM, Target: "123", DedupeKey: "abc", CreatedAt: at,
			Payload: json.RawMessage(`{"content":"x","files":[{"data":"AAEC"}]}`)},
		{ID: 8, Dest: store.DestChannel, Target: `a,"payload":{"x":1},"created_at":"y"}`, DedupeKey: `"created_at":`, CreatedAt: at,
			Payload: json.RawMessage(`{"content":",\"payload\":1}"}`)},
		{ID: 9, Dest: store.DestDM, Target: "1", CreatedAt: at, Payload: json.RawMessage(`null`)},
	} {
		prep, err := prepareOutbox([]store.OutMsg{m})
		check(t, err)
		pm := prep[0].m
		pm.ID, pm.GameID, pm.Seq, pm.CreatedAt = m.ID, m.GameID, m.Seq, m.CreatedAt
		piecewise, err := encodeOutMsg(pm, prep[0].payload)
		check(t, err)
		whole, err := json.Marshal(m)
		check(t, err)
		for _, rec := range [][]byte{piecewise, whole} {
			var want store.OutMsg
			check(t, json.Unmarshal(rec, &want))
			got, err := decodeOutMsg(rec)
			check(t, err)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s\ndecodes to %+v\nwant       %+v", rec, got, want)
			}
		}
		if _, err := decodeOutMsg(append(piecewise[:len(piecewise)-3:len(piecewise)-3], '}')); err == nil {
			t.Errorf("a record whose payload is cut short was decoded")
		}
	}
}
