package density

import (
	"context"
	"testing"

	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// TestPassTrace runs whole passes (no meeting, no beam) under a budget
// that lets every state through on boxes up to 9x10 and rebuilds each
// board: a still life with the waste the pass promised. A state reached
// again with less waste takes the new parent and the new row with it; a
// pass that kept the old row beside the new parent (which may see the
// state mirrored) rebuilt boards that were not still lifes.
func TestPassTrace(t *testing.T) {
	for w := 3; w <= 9; w++ {
		for h := w; h <= 10; h++ {
			p, err := newProgram(context.Background(), w, h, false)
			if err != nil {
				t.Fatal(err)
			}
			total := 2*w*h + 2*w + 2*h
			r, err := p.run(context.Background(), passLimits{budget: total, memory: 1 << 30}, nil)
			if err != nil || !r.found {
				t.Fatalf("%dx%d: found %v, %v", w, h, r.found, err)
			}
			b := life.NewBoard(w, h)
			for y, row := range r.rows {
				for x := range w {
					b.Set(x, y, row>>x&1 == 1)
				}
			}
			padded := b.Pad(1)
			if !life.Step(padded, rule.Life, life.Dead).Equal(padded) {
				t.Fatalf("%dx%d: the pass rebuilt a board that is not a still life:\n%v", w, h, b)
			}
			if waste, err := Waste(b); err != nil || waste != r.waste {
				t.Fatalf("%dx%d: waste %d (%v), the pass promised %d", w, h, waste, err, r.waste)
			}
		}
	}
}
