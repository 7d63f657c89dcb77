package lifesat

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/lifesat/lifesat/lifesat/rule"
)

// shapeRulesUnderTest are hexagonal and von Neumann rules: Golly's
// examples (B245/S3H, B13/S012V, B2/S013V), the rules of the objects of
// life's TestShapeObjects (B2/S34H, B24/S13V), and the extremes of
// births on one neighbour (which reach the ring's corners in the shape)
// and of a count that never matters.
var shapeRulesUnderTest = []string{"B2/S34H", "B245/S3H", "B1/S1H", "B/S0123456H", "B2/S013V", "B24/S13V", "B13/S012V", "B1234/SV"}

// TestEncodingsAgreeWithStepOnShapes: both encodings state hexagonal and
// von Neumann rules as Step runs them (the differential test of
// agreeWithStep), Knuth's counting only the shape's neighbours.
func TestEncodingsAgreeWithStepOnShapes(t *testing.T) {
	for _, rs := range shapeRulesUnderTest {
		r := rule.MustParse(rs)
		for _, e := range Encodings() {
			t.Run(fmt.Sprintf("%s/%s", e, rs), func(t *testing.T) { agreeWithStep(t, e, r) })
		}
	}
}

// TestDirectEncodingAgreesWithStepOnShapeMAPs: random MAP rules of the
// hexagonal and von Neumann shapes, which are neither totalistic nor
// symmetric, so that a cell of the shape taken from the wrong side shows;
// Knuth refuses them.
func TestDirectEncodingAgreesWithStepOnShapeMAPs(t *testing.T) {
	const digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
	rng := rand.New(rand.NewPCG(17, 19))
	for _, cells := range []int{7, 5} { // hexagonal, von Neumann: the centre is the middle bit
		for i := 0; i < 3; {
			// Births from few neighbours are rare, so that most boards
			// stay in the box.
			stream := make([]int, 1<<cells)
			for k := range stream {
				alive := k>>(cells/2)&1 == 1
				if !alive && bits.OnesCount(uint(k)) <= 2 {
					if rng.IntN(16) == 0 {
						stream[k] = 1
					}
					continue
				}
				stream[k] = rng.IntN(2)
			}
			for len(stream)%6 != 0 {
				stream = append(stream, 0)
			}
			var sb strings.Builder
			sb.WriteString("MAP")
			for j := 0; j < len(stream); j += 6 {
				v := 0
				for _, b := range stream[j : j+6] {
					v = v<<1 | b
				}
				sb.WriteByte(digits[v])
			}
			r, err := rule.Parse(sb.String())
			if err != nil {
				t.Fatal(err)
			}
			if r.BirthOnZero() || r.Totalistic() {
				continue
			}
			i++
			t.Run(r.String(), func(t *testing.T) {
				if _, err := newEncoder(Knuth, r); err == nil {
					t.Errorf("Knuth accepted %v, which is not outer-totalistic", r)
				}
				agreeWithStep(t, Direct, r)
			})
		}
	}
}
