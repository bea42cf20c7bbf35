package discordtest

import (
	"bytes"
	"strings"
)

// formPart is one part of a multipart/form-data body: what readMultipart
// takes of it (mime/multipart's FormName, FileName, Content-Type, bytes).
type formPart struct {
	name, filename, contentType string
	data                        []byte // a slice of the body
}

// splitForm splits a body in the one plain form that multipart writers
// (mime/multipart's, discordgo's, the bot's) give: "--boundary\r\n" first,
// each part's headers only Content-Disposition (form-data; name="…", then
// maybe filename="…") and Content-Type, once each, in printable ASCII, with
// no backslash, '/' in a file name or escape, "\r\n--boundary\r\n" between
// parts and "\r\n--boundary--" last, with at most "\r\n" after it. It
// reports false for anything else, which is left to mime/multipart: for
// the bodies it takes, its parts are those mime/multipart reads
// (FuzzSplitForm), without a reader, a buffer or a copy per part.
func splitForm(body []byte, boundary string) ([]formPart, bool) {
	if boundary == "" {
		return nil, false
	}
	delim := "\r\n--" + boundary
	rest, ok := bytes.CutPrefix(body, []byte(delim[2:]+"\r\n"))
	var parts []formPart
	for ok {
		var p formPart
		if p, rest, ok = partHeaders(rest); !ok {
			return nil, false
		}
		i := bytes.Index(rest, []byte(delim))
		if i < 0 {
			return nil, false
		}
		p.data = rest[:i:i]
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
func partHeaders(b []byte) (p formPart, rest []byte, ok bool) {
	var disposition, ctype bool
	for {
		i := bytes.Index(b, []byte("\r\n"))
		if i < 0 {
			return p, nil, false
		}
		line := string(b[:i])
		b = b[i+2:]
		if line == "" {
			return p, b, disposition
		}
		if !printable(line) {
			return p, nil, false
		}
		if v, found := strings.CutPrefix(line, "Content-Disposition: "); found && !disposition {
			disposition = true
			if p.name, p.filename, ok = formData(v); !ok {
				return p, nil, false
			}
		} else if v, found := strings.CutPrefix(line, "Content-Type: "); found && !ctype && v != "" && v == strings.TrimSpace(v) {
			ctype = true
			p.contentType = v
		} else {
			return p, nil, false
		}
	}
}

// formData reads `form-data; name="N"` or `form-data; name="N"; filename="F"`.
func formData(v string) (name, filename string, ok bool) {
	v, ok = strings.CutPrefix(v, `form-data; name="`)
	if !ok {
		return "", "", false
	}
	name, v, ok = strings.Cut(v, `"`)
	if !ok || strings.ContainsRune(name, '\\') {
		return "", "", false
	}
	if v == "" {
		return name, "", true
	}
	v, ok = strings.CutPrefix(v, `; filename="`)
	if !ok || !strings.HasSuffix(v, `"`) {
		return "", "", false
	}
	filename = v[:len(v)-1]
	return name, filename, !strings.ContainsAny(filename, `"\/`)
}

// printable reports whether s is printable ASCII.
func printable(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] > 0x7e {
			return false
		}
	}
	return true
}

// fileIndex is N of a "files[N]" part name (N decimal digits).
func fileIndex(name string) (string, bool) {
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
