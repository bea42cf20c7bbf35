package discordtest

import (
	"fmt"
	"strings"
)

// ValidationError is a REST request that failed validation.
type ValidationError struct {
	Seq      int // Request.Seq
	Method   string
	Path     string
	Problems []string
}

func (e ValidationError) Error() string {
	return fmt.Sprintf("request #%d %s %s: %s", e.Seq, e.Method, e.Path, strings.Join(e.Problems, "; "))
}

// ValidationErrors lists the requests that failed validation, in order.
func (s *Server) ValidationErrors() []ValidationError {
	s.w.Lock()
	defer s.w.Unlock()
	var out []ValidationError
	for _, r := range s.w.Rec.Requests {
		if len(r.Problems) > 0 {
			out = append(out, ValidationError{Seq: r.Seq, Method: r.Method, Path: r.Path, Problems: append([]string(nil), r.Problems...)})
		}
	}
	return out
}
