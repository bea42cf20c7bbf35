package games

import (
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
)

// Secrets that touch hidden state come from crypto/rand, never from ids,
// numbers or times a player can see (RULES.md §3: the CPU's randomness is
// secret).

// SecretSeed seeds one CPU seat. A seat rebuilt after a restart draws a new
// one: its play need not repeat, only stay unpredictable.
func SecretSeed() int64 {
	var x [8]byte
	rand.Read(x[:]) // never fails (crypto/rand since Go 1.24)
	return int64(binary.LittleEndian.Uint64(x[:]) &^ (1 << 63))
}

// NewSalt returns a secret for a mask commitment.
func NewSalt() string {
	var x [16]byte
	rand.Read(x[:])
	return hex.EncodeToString(x[:])
}
