package lifesat

import (
	"fmt"
	"image"
	"strings"
	"sync"

	"github.com/lifesat/lifesat/lifesat/logic"
)

// An Encoding is a way of writing the Life rule as clauses.
type Encoding string

// The encodings. Each lives in a file of its own (encode_*.go).
const (
	// Direct writes each cell's transition as the minimal CNF of the
	// function of its 3x3 neighbourhood and its next state: what
	// BooleanConvert[..., "CNF"] does in the Mathematica blog. No
	// auxiliary variables; about 190 clauses per cell for Life.
	Direct Encoding = "direct"
	// Knuth counts the neighbours with Bailleux-Boufkhad totalizers whose
	// partial sums are shared between neighbouring cells, as in Knuth's
	// SAT-LIFE programs (TAOCP 7.2.2.2), then states the rule on the
	// counts. Fewer and shorter clauses; the default.
	Knuth Encoding = "knuth"
)

// DefaultEncoding is the encoding used when Settings name none.
const DefaultEncoding = Knuth

// Encodings lists the available encodings.
func Encodings() []Encoding { return []Encoding{Direct, Knuth} }

// ParseEncoding checks an encoding name.
func ParseEncoding(s string) (Encoding, error) {
	for _, e := range Encodings() {
		if strings.EqualFold(s, string(e)) {
			return e, nil
		}
	}
	return "", fmt.Errorf("lifesat: unknown encoding %q (want direct or knuth)", s)
}

// A grid gives the literal of a cell of one generation; cells outside the
// grid's domain must read as logic.False.
type grid func(x, y int) logic.Lit

// An encoder adds clauses stating that next(x, y) is the successor of cur
// at (x, y) under the rule, for every cell of area.
type encoder interface {
	step(c *logic.CNF, cur, next grid, area image.Rectangle)
}

// encoders caches one encoder per (encoding, rule): the minimized clause
// templates they hold are worth keeping.
var encoders sync.Map // encoderKey -> encoder

type encoderKey struct {
	e Encoding
	r Rule
}

func newEncoder(e Encoding, r Rule) (encoder, error) {
	key := encoderKey{e, r}
	if enc, ok := encoders.Load(key); ok {
		return enc.(encoder), nil
	}
	var enc encoder
	switch e {
	case Direct:
		enc = newDirect(r)
	case Knuth:
		enc = newKnuth(r)
	default:
		return nil, fmt.Errorf("lifesat: unknown encoding %q", e)
	}
	actual, _ := encoders.LoadOrStore(key, enc)
	return actual.(encoder), nil
}

// neighbourOffsets lists the eight neighbours in a fixed order.
var neighbourOffsets = [8][2]int{{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}}

func floorDiv(a, b int) int {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}
