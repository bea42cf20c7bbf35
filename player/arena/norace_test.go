//go:build !race

package arena

// raceDetector is true under -race (see race_test.go).
const raceDetector = false
