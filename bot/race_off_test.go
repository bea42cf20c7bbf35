//go:build !race

package bot

// raceDetector: the tests run under -race.
const raceDetector = false
