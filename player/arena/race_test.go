//go:build race

package arena

// raceDetector is true under -race, which slows the search several times over:
// think-time limits are checked only without it.
const raceDetector = true
