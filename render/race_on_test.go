//go:build race

package render

// raceDetector is true under -race, which slows painting many times over:
// tests whose result it cannot change skip their long loops under it.
const raceDetector = true
