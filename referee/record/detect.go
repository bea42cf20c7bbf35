package record

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding/japanese"
)

// Format is a record format.
type Format int

// The formats Read knows.
const (
	FormatUnknown Format = iota
	FormatKIF            // KIF (.kif, .kifu)
	FormatCSA            // CSA V2/V2.2 (.csa)
	FormatUSI            // "position startpos moves ..." (.usi)
	FormatText           // SFEN line, USI moves, "# result:" (.txt, .sfen)
	FormatKI2            // KI2: KIF's header, moves in Japanese notation (.ki2)
)

func (f Format) String() string {
	switch f {
	case FormatKIF:
		return "kif"
	case FormatCSA:
		return "csa"
	case FormatUSI:
		return "usi"
	case FormatText:
		return "text"
	case FormatKI2:
		return "ki2"
	}
	return "unknown"
}

// ErrUnknownFormat is returned when neither the content nor the name tells the format.
var ErrUnknownFormat = errors.New("unknown record format: want KIF, KI2, CSA, USI or SFEN + USI moves")

// Decode turns record bytes into text: a UTF-8 BOM is dropped, valid UTF-8 is
// kept, anything else is decoded as Shift_JIS. Line ends become "\n".
func Decode(data []byte) (string, error) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	var s string
	if utf8.Valid(data) {
		s = string(data)
	} else {
		b, err := japanese.ShiftJIS.NewDecoder().Bytes(data)
		if err != nil {
			return "", fmt.Errorf("record is neither UTF-8 nor Shift_JIS: %w", err)
		}
		s = string(b)
	}
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.ReplaceAll(s, "\r", "\n")
	return s, nil
}

// Detect tells the format of a record's text from its content, and when the
// content does not decide, from name's extension (.kif .kifu .ki2 .csa .usi
// .txt .sfen; name may be ""). A KIF header with moves in Japanese notation
// and no numbered move line is KI2; a KIF header alone is KIF, or KI2 when
// the name says so.
func Detect(text, name string) Format {
	ext := strings.ToLower(filepath.Ext(name))
	f := detectContent(text)
	if f == FormatKIF && (ext == ".ki2" || ext == ".ki2u") && !kifMoves(text) {
		return FormatKI2
	}
	if f != FormatUnknown {
		return f
	}
	switch ext {
	case ".ki2", ".ki2u":
		return FormatKI2
	case ".kif", ".kifu":
		return FormatKIF
	case ".csa":
		return FormatCSA
	case ".usi":
		return FormatUSI
	case ".txt", ".sfen":
		return FormatText
	}
	return FormatUnknown
}

func detectContent(text string) Format {
	first := ""
	header := false // a KIF header line: KIF or KI2
	for i, line := range strings.Split(text, "\n") {
		t := strings.TrimSpace(line)
		if t == "" {
			continue
		}
		if first == "" && !strings.HasPrefix(t, "#") && !strings.HasPrefix(t, "'") {
			first = t
		}
		switch {
		case strings.HasPrefix(t, "手数----"), strings.HasPrefix(t, "手数――"):
			return FormatKIF
		case i < 3 && strings.HasPrefix(t, "#") && strings.Contains(t, "KI2"):
			return FormatKI2
		case strings.HasPrefix(t, "手合割"),
			strings.HasPrefix(t, "先手："), strings.HasPrefix(t, "後手："),
			strings.HasPrefix(t, "開始日時："), strings.HasPrefix(t, "後手の持駒"),
			i < 3 && strings.HasPrefix(t, "#") && strings.Contains(t, "KIF"):
			header = true
			continue
		case !header && (t == "V2" || strings.HasPrefix(t, "V2.") || strings.HasPrefix(t, "PI") ||
			strings.HasPrefix(t, "P1") || strings.HasPrefix(t, "N+") || strings.HasPrefix(t, "N-")):
			return FormatCSA
		}
		if _, ok := kifMoveLine(t); ok {
			return FormatKIF
		}
		if ki2MoveLine(t) || ki2Marked(t) {
			return FormatKI2
		}
	}
	if header {
		return FormatKIF
	}
	f := strings.Fields(first)
	if len(f) == 0 {
		return FormatUnknown
	}
	switch f[0] {
	case "position":
		return FormatUSI
	case "startpos", "sfen":
		if len(f) == 1 {
			return FormatText
		}
		return FormatUSI
	}
	if len(f) >= 3 && len(f) <= 4 && strings.Count(f[0], "/") == 8 {
		return FormatText
	}
	if csaMoveRe(first) {
		return FormatCSA
	}
	return FormatUnknown
}

// kifMoves reports whether text has a KIF move section (手数---- or a
// numbered move line).
func kifMoves(text string) bool {
	for _, line := range strings.Split(text, "\n") {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "手数----") {
			return true
		}
		if _, ok := kifMoveLine(t); ok {
			return true
		}
	}
	return false
}

// csaMoveRe reports whether s looks like a CSA move "+7776FU".
func csaMoveRe(s string) bool {
	if len(s) < 7 || (s[0] != '+' && s[0] != '-') {
		return false
	}
	for i := 1; i < 5; i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s[5] >= 'A' && s[5] <= 'Z' && s[6] >= 'A' && s[6] <= 'Z'
}

// Read reads a whole record from r in any known format (see Detect; name is
// the file name or ""). Errors: ErrUnknownFormat, ErrTooLong, *SyntaxError,
// and *IllegalMoveError with the record up to before the illegal move.
func Read(r io.Reader, name string) (*Record, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxInput+1))
	if err != nil {
		return nil, err
	}
	return Parse(data, name)
}

// Parse is Read on bytes.
func Parse(data []byte, name string) (*Record, error) {
	if len(data) > MaxInput {
		return nil, fmt.Errorf("%w: more than %d bytes", ErrTooLong, MaxInput)
	}
	text, err := Decode(data)
	if err != nil {
		return nil, err
	}
	switch Detect(text, name) {
	case FormatKIF:
		return parseKIF(text)
	case FormatCSA:
		return parseCSA(text)
	case FormatUSI:
		return parseUSI(text)
	case FormatText:
		return parseText(text)
	case FormatKI2:
		return parseKI2(text)
	}
	return nil, ErrUnknownFormat
}

// readText reads and decodes a whole input for the format readers.
func readText(r io.Reader) (string, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxInput+1))
	if err != nil {
		return "", err
	}
	if len(data) > MaxInput {
		return "", fmt.Errorf("%w: more than %d bytes", ErrTooLong, MaxInput)
	}
	return Decode(data)
}
