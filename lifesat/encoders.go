package lifesat

// The encoders of each Encoding, made on first use and kept.

import (
	"fmt"
	"sync"

	"github.com/lifesat/lifesat/lifesat/rule"
)

// encoders caches one encoder per (encoding, rule): the minimized clause
// templates they hold are worth keeping.
var encoders sync.Map // encoderKey -> encoder

type encoderKey struct {
	e Encoding
	r rule.Rule
}

// newEncoder returns the encoder of encoding e for rule r, made once and
// kept (encoders), or an ErrProblem when e cannot state r.
func newEncoder(e Encoding, r rule.Rule) (encoder, error) {
	key := encoderKey{e, r}
	if enc, ok := encoders.Load(key); ok {
		return enc.(encoder), nil
	}
	var enc encoder
	switch e {
	case Direct:
		enc = newDirect(r)
	case Knuth:
		if r.Partial() {
			return nil, fmt.Errorf("%w: the knuth encoding states one rule; the partial rule %v leaves transitions free: use the direct encoding", ErrProblem, r)
		}
		if !r.Totalistic() {
			return nil, fmt.Errorf("%w: the knuth encoding counts neighbours, so it takes only outer-totalistic rules, and %v is not one: use the direct encoding", ErrProblem, r)
		}
		enc = newKnuth(r)
	default:
		return nil, fmt.Errorf("%w: unknown encoding %q (want direct or knuth)", ErrProblem, e)
	}
	actual, _ := encoders.LoadOrStore(key, enc)
	return actual.(encoder), nil
}
