// Package promtext writes Prometheus's text exposition format (version
// 0.0.4) for the families read at scrape time, which
// github.com/VictoriaMetrics/metrics's Set does not hold: a family's HELP
// and TYPE lines, its samples, and a series' name with escaped label values
// (the form the library takes a labelled metric's name in).
package promtext

import (
	"io"
	"strconv"
	"strings"
)

// Family writes a family's HELP and TYPE lines; typ is counter, gauge,
// histogram, summary or untyped.
func Family(w io.Writer, name, typ, help string) {
	Help(w, name, help)
	io.WriteString(w, "# TYPE "+name+" "+typ+"\n")
}

// Help writes a family's HELP line.
func Help(w io.Writer, name, help string) {
	io.WriteString(w, "# HELP "+name+" "+helpEscaper.Replace(help)+"\n")
}

// Sample writes one sample; labels are pairs of a label's name and value.
func Sample(w io.Writer, name string, v float64, labels ...string) {
	io.WriteString(w, Name(name, labels...)+" "+strconv.FormatFloat(v, 'g', -1, 64)+"\n")
}

// Name is name{label="value",...} with the values escaped; name alone
// without labels. labels are pairs of a label's name and value.
func Name(name string, labels ...string) string {
	if len(labels)%2 != 0 {
		panic("promtext: labels must be name, value pairs: " + name)
	}
	if len(labels) == 0 {
		return name
	}
	var b strings.Builder
	b.WriteString(name)
	for i := 0; i < len(labels); i += 2 {
		if i == 0 {
			b.WriteByte('{')
		} else {
			b.WriteByte(',')
		}
		b.WriteString(labels[i])
		b.WriteString(`="`)
		labelEscaper.WriteString(&b, labels[i+1])
		b.WriteByte('"')
	}
	b.WriteByte('}')
	return b.String()
}

var (
	// A label value escapes the backslash, the double quote and the line
	// feed; a HELP text the backslash and the line feed.
	labelEscaper = strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`)
	helpEscaper  = strings.NewReplacer(`\`, `\\`, "\n", `\n`)
)
