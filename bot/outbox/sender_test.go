package outbox

import "testing"

// TestTopLevelID: topLevelID takes the top level's "id" only, or leaves the
// answer to json.Unmarshal.
func TestTopLevelID(t *testing.T) {
	for _, c := range []struct {
		in, id string
		ok     bool
	}{
		{`{"id":"12"}`, "12", true},
		{` {"author":{"id":"1"},"attachments":[{"id":"2"}],"content":"\"id\":\"3\" \\","id" : "4","x":{"id":"5"}}`, "4", true},
		{`{"a":"id","b":["id"],"id":"6"}`, "6", true},
		{`{"content":"{\"id\":\"7\"}"}`, "", false},
		{`{"id":"8\u0039"}`, "", false},
		{`{"id":8}`, "", false},
		{`{"id":""}`, "", false},
		{`{"nonce":"x`, "", false},
		{`[{"id":"9"}]`, "", false},
		{``, "", false},
	} {
		id, ok := topLevelID([]byte(c.in))
		if id != c.id || ok != c.ok {
			t.Errorf("topLevelID(%s) = %q, %v; want %q, %v", c.in, id, ok, c.id, c.ok)
		}
	}
}
