package wire

import (
	"bytes"
	"strings"
)

// FormPart is one part of a multipart/form-data body: what the stand-in
// takes of it (mime/multipart's FormName, FileName, Content-Type, bytes).
type FormPart struct {
	Name, Filename, ContentType string
	Data                        []byte // a slice of the body
}

// SplitForm splits a body in the one plain form that multipart writers
// (mime/multipart's, discordgo's, the bot's) give: "--boundary\r\n" first,
// each part's headers only Content-Disposition (form-data; name="…", then
// maybe filename="…") and Content-Type, once each, in printable ASCII, with
// no backslash, '/' in a file name or escape, "\r\n--boundary\r\n" between
// parts and "\r\n--boundary--" last, with at most "\r\n" after it. It
// reports false for anything else, which is left to mime/multipart: for
// the bodies it takes, its parts are those mime/multipart reads
// (FuzzSplitForm), without a reader, a buffer or a copy per part.
func SplitForm(body []byte, boundary string) ([]FormPart, bool) {
	if boundary == "" {
		return nil, false
	}
	delim := []byte("\r\n--" + boundary + "\r\n")
	rest, ok := bytes.CutPrefix(body, delim[2:])
	delim = delim[:len(delim)-2]
	var parts []FormPart
	for ok {
		var p FormPart
		if p, rest, ok = partHeaders(rest); !ok {
			return nil, false
		}
		i := bytes.Index(rest, delim)
		if i < 0 {
			return nil, false
		}
		p.Data = rest[:i:i]
		parts = append(parts, p)
		switch after := rest[i+len(delim):]; {
		case bytes.HasPrefix(after, []byte("\r\n")):
			rest = after[2:]
		case string(after) == "--" || string(after) == "--\r\n":
			return parts, true
		default:
			return nil, false
		}
	}
	return nil, false
}

// partHeaders reads a part's header lines and the empty line after them.
func partHeaders(b []byte) (p FormPart, rest []byte, ok bool) {
	var disposition, ctype bool
	for {
		i := bytes.Index(b, []byte("\r\n"))
		if i < 0 {
			return p, nil, false
		}
		line := b[:i]
		b = b[i+2:]
		if len(line) == 0 {
			return p, b, disposition
		}
		if !printable(line) {
			return p, nil, false
		}
		if v, found := bytes.CutPrefix(line, []byte("Content-Disposition: ")); found && !disposition {
			disposition = true
			if p.Name, p.Filename, ok = formData(v); !ok {
				return p, nil, false
			}
		} else if v, found := bytes.CutPrefix(line, []byte("Content-Type: ")); found && !ctype && len(v) > 0 && len(v) == len(bytes.TrimSpace(v)) {
			ctype = true
			p.ContentType = string(v)
		} else {
			return p, nil, false
		}
	}
}

// formData reads `form-data; name="N"` or `form-data; name="N"; filename="F"`.
func formData(v []byte) (name, filename string, ok bool) {
	v, ok = bytes.CutPrefix(v, []byte(`form-data; name="`))
	if !ok {
		return "", "", false
	}
	n, v, ok := bytes.Cut(v, []byte(`"`))
	if !ok || bytes.IndexByte(n, '\\') >= 0 {
		return "", "", false
	}
	if len(v) == 0 {
		return string(n), "", true
	}
	f, ok := bytes.CutPrefix(v, []byte(`; filename="`))
	if !ok {
		return "", "", false
	}
	if f, ok = bytes.CutSuffix(f, []byte(`"`)); !ok || bytes.ContainsAny(f, `"\/`) {
		return "", "", false
	}
	return string(n), string(f), true
}

// printable reports whether s is printable ASCII.
func printable(s []byte) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] > 0x7e {
			return false
		}
	}
	return true
}

// FileIndex is N of a "files[N]" part name (N decimal digits).
func FileIndex(name string) (string, bool) {
	n, ok := strings.CutPrefix(name, "files[")
	if !ok {
		return "", false
	}
	if n, ok = strings.CutSuffix(n, "]"); !ok || n == "" {
		return "", false
	}
	for i := 0; i < len(n); i++ {
		if n[i] < '0' || n[i] > '9' {
			return "", false
		}
	}
	return n, true
}
