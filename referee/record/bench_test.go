package record

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// benchRead reads the 400-move g12 written in format by write.
func benchRead(b *testing.B, write func(*bytes.Buffer, *Record) error) {
	data, err := os.ReadFile(filepath.Join(dataDir, "g12_floodgate_aobazero_viper_kachi.txt"))
	if err != nil {
		b.Fatal(err)
	}
	rec, err := Parse(data, "g12.txt")
	if err != nil {
		b.Fatal(err)
	}
	var buf bytes.Buffer
	if err := write(&buf, rec); err != nil {
		b.Fatal(err)
	}
	text := buf.Bytes()
	b.SetBytes(int64(len(text)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if back, err := Parse(text, ""); err != nil || len(back.Moves) != 400 {
			b.Fatal(err)
		}
	}
}

func BenchmarkReadKIF400(b *testing.B) {
	benchRead(b, func(w *bytes.Buffer, r *Record) error { return WriteKIF(w, r) })
}
func BenchmarkReadKI2400(b *testing.B) {
	benchRead(b, func(w *bytes.Buffer, r *Record) error { return WriteKI2(w, r) })
}
func BenchmarkReadCSA400(b *testing.B) {
	benchRead(b, func(w *bytes.Buffer, r *Record) error { return WriteCSA(w, r) })
}
func BenchmarkReadText400(b *testing.B) {
	benchRead(b, func(w *bytes.Buffer, r *Record) error { return WriteText(w, r) })
}
