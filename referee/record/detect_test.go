package record

import (
	"errors"
	"testing"
)

func TestDetect(t *testing.T) {
	tests := []struct {
		text, name string
		want       Format
	}{
		{"手合割：平手\n", "", FormatKIF},
		{"# KIF形式棋譜ファイル\n", "", FormatKIF},
		{"   1 ７六歩(77)\n", "", FormatKIF},
		{"V2.2\nPI\n+\n", "", FormatCSA},
		{"'comment\nPI\n+\n", "", FormatCSA},
		{"+7776FU\n", "", FormatCSA},
		{"position startpos moves 7g7f\n", "", FormatUSI},
		{"startpos moves 7g7f\n", "", FormatUSI},
		{"startpos\n7g7f\n", "", FormatText},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\n7g7f\n# result: unknown none\n", "", FormatText},
		{"hello", "game.kif", FormatKIF},
		{"hello", "game.KIFU", FormatKIF},
		{"hello", "game.csa", FormatCSA},
		{"hello", "game.usi", FormatUSI},
		{"hello", "game.txt", FormatText},
		{"hello", "game", FormatUnknown},
	}
	for _, tc := range tests {
		if got := Detect(tc.text, tc.name); got != tc.want {
			t.Errorf("Detect(%q, %q) = %v, want %v", tc.text, tc.name, got, tc.want)
		}
	}
	if _, err := Parse([]byte("hello"), ""); !errors.Is(err, ErrUnknownFormat) {
		t.Errorf("Parse(hello) = %v, want ErrUnknownFormat", err)
	}
}

func TestDecode(t *testing.T) {
	// 手合割：平手 in UTF-8 with a BOM and CRLF, and in Shift_JIS
	utf := "\xef\xbb\xbf\xe6\x89\x8b\xe5\x90\x88\xe5\x89\xb2\xef\xbc\x9a\xe5\xb9\xb3\xe6\x89\x8b\r\n"
	sjis := "\x8e\xe8\x8d\x87\x8a\x84\x81F\x95\xbd\x8e\xe8\r\n"
	for _, in := range []string{utf, sjis} {
		got, err := Decode([]byte(in))
		if err != nil || got != "手合割：平手\n" {
			t.Errorf("Decode(%q) = %q, %v", in, got, err)
		}
	}
	if _, err := Parse(make([]byte, MaxInput+1), ""); !errors.Is(err, ErrTooLong) {
		t.Errorf("oversized input: %v", err)
	}
}
