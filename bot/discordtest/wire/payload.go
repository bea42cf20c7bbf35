package wire

import (
	"bytes"
	"encoding/json"
	"strconv"
	"unicode/utf8"
)

// Payload is a message body (JSON or payload_json) split into its top-level fields.
type Payload map[string]json.RawMessage

// Parse splits a JSON object into its top-level fields; anything else
// (or nothing) gives an empty Payload.
func Parse(body []byte) Payload {
	p := Payload{}
	if len(bytes.TrimSpace(body)) > 0 {
		_ = json.Unmarshal(body, &p)
	}
	return p
}

// ParseValid is Parse for a body known to be JSON (a request's,
// checked as it was read): its top-level fields are found by a scan, not by
// json.Unmarshal, which would check the body again and copy every value.
// The values are slices of body (which the request keeps).
func ParseValid(body []byte) Payload {
	b := bytes.TrimSpace(body)
	if len(b) == 0 || b[0] != '{' {
		return Parse(body)
	}
	p := Payload{}
	for i := skipSpace(b, 1); b[i] != '}'; {
		end := valueEnd(b, i) // the key
		k := string(b[i+1 : end-1])
		if bytes.IndexByte(b[i:end], '\\') >= 0 || !utf8.Valid(b[i:end]) {
			_ = json.Unmarshal(b[i:end], &k)
		}
		i = skipSpace(b, skipSpace(b, end)+1) // past the colon
		end = valueEnd(b, i)
		p[k] = json.RawMessage(b[i:end:end])
		if i = skipSpace(b, end); b[i] == ',' {
			i = skipSpace(b, i+1)
		}
	}
	return p
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// valueEnd is the end of the JSON value that starts at b[i], in valid JSON.
func valueEnd(b []byte, i int) int {
	depth := 0
	for ; i < len(b); i++ {
		switch b[i] {
		case '"':
			for i++; b[i] != '"'; i++ {
				if b[i] == '\\' {
					i++
				}
			}
			if depth == 0 {
				return i + 1
			}
		case '{', '[':
			depth++
		case '}', ']':
			if depth == 0 {
				return i // after a number, true, false or null
			}
			if depth--; depth == 0 {
				return i + 1
			}
		case ',', ' ', '\t', '\n', '\r':
			if depth == 0 {
				return i // after a number, true, false or null
			}
		}
	}
	return i
}

// Has reports whether the field k is present (null included).
func (p Payload) Has(k string) bool { _, ok := p[k]; return ok }

// Str is the string field k ("" when absent or not a string).
func (p Payload) Str(k string) string { return jsonStr(p[k]) }

// jsonStr decodes a JSON string ("" for anything else).
func jsonStr(raw json.RawMessage) string {
	if n := len(raw); n >= 2 && raw[0] == '"' && raw[n-1] == '"' && bytes.IndexByte(raw, '\\') < 0 && utf8.Valid(raw) {
		return string(raw[1 : n-1])
	}
	var v string
	_ = json.Unmarshal(raw, &v)
	return v
}

// Int is the integer field k (0 when absent or not an integer).
func (p Payload) Int(k string) int64 {
	if v, err := strconv.ParseInt(string(p[k]), 10, 64); err == nil {
		return v
	}
	var v int64
	_ = json.Unmarshal(p[k], &v)
	return v
}

// Bool is the boolean field k (false when absent or not a boolean).
func (p Payload) Bool(k string) bool {
	var v bool
	_ = json.Unmarshal(p[k], &v)
	return v
}

// List returns a JSON array field, or nil when absent, null or empty.
func (p Payload) List(k string) json.RawMessage {
	raw := p[k]
	if len(raw) == 0 || raw[0] != '[' {
		return nil // absent, null, or no array
	}
	if rest := bytes.TrimLeft(raw[1:], " \t\r\n"); len(rest) == 0 || rest[0] == ']' {
		return nil
	}
	return raw
}

// AttachmentRef is an entry of a payload's "attachments": the id of a file
// part (N of files[N]) or of an attachment to keep, and its description.
type AttachmentRef struct {
	ID          json.RawMessage `json:"id"`
	Description string          `json:"description"`
}

// AttachmentRefs reads a payload's "attachments" (valid JSON) as
// json.Unmarshal does, by a scan when it can (scanRefs).
func AttachmentRefs(raw json.RawMessage) []AttachmentRef {
	if len(raw) == 0 {
		return nil
	}
	if refs, ok := scanRefs(raw); ok {
		return refs
	}
	var refs []AttachmentRef
	_ = json.Unmarshal(raw, &refs)
	return refs
}

// scanRefs reads an array of objects whose "id" and "description" keys are
// spelt so (no other spelling json.Unmarshal would take for them) and whose
// description, if any, is a string; false for anything else.
func scanRefs(b []byte) ([]AttachmentRef, bool) {
	if b[0] != '[' {
		return nil, false
	}
	var refs []AttachmentRef
	for i := skipSpace(b, 1); b[i] != ']'; {
		if b[i] != '{' {
			return nil, false
		}
		var r AttachmentRef
		for i = skipSpace(b, i+1); b[i] != '}'; {
			end := valueEnd(b, i)
			k := b[i+1 : end-1]
			i = skipSpace(b, skipSpace(b, end)+1) // past the colon
			end = valueEnd(b, i)
			switch v := b[i:end:end]; {
			case bytes.IndexByte(k, '\\') >= 0 || !utf8.Valid(k):
				return nil, false
			case string(k) == "id":
				r.ID = v
			case string(k) == "description" && v[0] == '"':
				r.Description = jsonStr(v)
			case bytes.EqualFold(k, []byte("id")) || bytes.EqualFold(k, []byte("description")):
				return nil, false
			}
			if i = skipSpace(b, end); b[i] == ',' {
				i = skipSpace(b, i+1)
			}
		}
		refs = append(refs, r)
		if i = skipSpace(b, i+1); b[i] == ',' { // past the '}'
			i = skipSpace(b, i+1)
		}
	}
	return refs, true
}

// IsEmpty reports whether a new message with files uploads would have
// nothing to show (Discord: 50006).
func (p Payload) IsEmpty(files int) bool {
	return p.Str("content") == "" && p.List("embeds") == nil && p.List("components") == nil &&
		p.List("sticker_ids") == nil && !p.Has("poll") && files == 0
}

// Field is a field to add to an encoded object before its key before.
type Field struct {
	Before, Name string
	Value        []byte
}

// WithFields adds fields to the compact object js, each before its
// top-level key, in js's order; false if one is not found.
func WithFields(js []byte, adds []Field) ([]byte, bool) {
	size := len(js)
	for _, a := range adds {
		size += len(a.Name) + len(a.Value) + 4
	}
	out := make([]byte, 0, size)
	from := 0
	for i := 1; len(adds) > 0 && i < len(js) && js[i] == '"'; {
		key := valueEnd(js, i)
		if a := adds[0]; string(js[i+1:key-1]) == a.Before {
			out = append(append(append(append(append(out, js[from:i]...), '"'), a.Name...), `":`...), a.Value...)
			out, from, adds = append(out, ','), i, adds[1:]
			continue
		}
		if i = valueEnd(js, key+1); i < len(js) && js[i] == ',' { // past the colon, then the value
			i++
		}
	}
	return append(out, js[from:]...), len(adds) == 0
}

// RawOr is r, or def when r is empty or null.
func RawOr(r json.RawMessage, def string) json.RawMessage {
	if len(r) == 0 || string(r) == "null" {
		return json.RawMessage(def)
	}
	return r
}

// Encoded is JSON this server encoded (MustJSON): an answer or a dispatch
// whose data is one is sent as it is, not encoded (checked, compacted) again.
type Encoded []byte

// MarshalJSON is e as it is.
func (e Encoded) MarshalJSON() ([]byte, error) { return e, nil }

// MustJSON encodes v, which cannot fail for the stand-in's values.
func MustJSON(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic("discordtest: marshal: " + err.Error())
	}
	return b
}
