package bot

import (
	"crypto/rand"
	"encoding/hex"
)

// newInstance names this process in the claims it holds.
func newInstance() string {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
