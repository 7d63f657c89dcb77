package lifesat_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/logic"
)

// glider is the glider heading down and right (LifeWiki "Glider").
func glider() *lifesat.Board {
	b := lifesat.NewBoard(3, 3)
	for _, c := range [][2]int{{1, 0}, {2, 1}, {0, 2}, {1, 2}, {2, 2}} {
		b.Set(c[0], c[1], true)
	}
	return b
}

// eaterTemplate is the eater search: in a closed n x n box, generation 0
// is a glider in the top-left corner heading for the rest of the box plus
// an unknown still life e (variables e_x_y) kept one cell clear of the
// glider's 4x4 corner; generations recover and recover+1 are e alone. A
// closed box forbids births outside it, so the glider must be absorbed,
// and e, equal to its own successor, is a still life.
func eaterTemplate(n, recover int) *lifesat.Template {
	t := lifesat.NewTemplate(n, n, recover+2)
	g := glider()
	for y := range n {
		for x := range n {
			corner := x < 4 && y < 4
			for _, gen := range []int{0, recover, recover + 1} {
				s := lifesat.Spec{Kind: lifesat.Named, Name: fmt.Sprintf("e_%d_%d", x, y)}
				switch {
				case corner && gen == 0 && g.Alive(x, y):
					s = lifesat.Spec{Kind: lifesat.AliveCell}
				case corner:
					s = lifesat.Spec{Kind: lifesat.DeadCell}
				}
				t.Set(gen, x, y, s)
			}
		}
	}
	return t
}

// evolvesBack re-checks, by simulation in an open plane and independently
// of Problem.Check, that generation 0 of an eater answer, run for recover
// generations, is the eater alone (generation 0 without the glider's
// corner), and that the eater is a still life.
func evolvesBack(t *testing.T, b *lifesat.Board, recover int) {
	t.Helper()
	eater := b.Clone()
	for y := range 4 {
		for x := range 4 {
			eater.Set(x, y, false)
		}
	}
	pad := recover + 2
	end := lifesat.Run(b.Pad(pad), lifesat.Life, lifesat.Dead, recover)[recover]
	if !end.Equal(eater.Pad(pad)) {
		t.Errorf("glider + eater after %d generations is not the eater:\n%s\nbecame\n%s", recover, b, end)
	}
	if !lifesat.Step(eater.Pad(1), lifesat.Life, lifesat.Dead).Equal(eater.Pad(1)) || eater.Population() == 0 {
		t.Errorf("the eater is not a still life:\n%s", eater)
	}
}

func TestEater(t *testing.T) {
	ctx := context.Background()
	const n, recover = 8, 4
	p := eaterTemplate(n, recover).Problem()
	p.MinPop = 6 // the glider and at least one cell of eater
	res, err := lifesat.Search(ctx, p, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != logic.Sat {
		t.Fatalf("no eater: %v", res.Status)
	}
	b := res.Patterns[0].Board()
	t.Logf("eater in %v:\n%s", res.Stats.Solve, b)
	evolvesBack(t, b, recover)
}

func TestEaterSmallest(t *testing.T) {
	// With at most 7 cells of eater (12 in all) the answer is eater 1,
	// the fishhook (LifeWiki "Eater 1": 7 cells, eats a glider and is
	// back 4 generations later).
	const n, recover = 8, 4
	p := eaterTemplate(n, recover).Problem()
	p.MinPop, p.MaxPop = 6, 12
	res, err := lifesat.Search(context.Background(), p, nil)
	if err != nil || res.Status != logic.Sat {
		t.Fatalf("no eater: %v %v", res, err)
	}
	b := res.Patterns[0].Board()
	t.Logf("eater in %v:\n%s", res.Stats.Solve, b)
	evolvesBack(t, b, recover)
	if b.Population() != 12 {
		t.Errorf("eater has %d cells, want 7 (eater 1)", b.Population()-5)
	}
}
