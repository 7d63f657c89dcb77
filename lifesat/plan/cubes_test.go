package plan_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/plan"
)

// cube reads "t,x,y=O t,x,y=." (plan.CubeText's form).
func cube(t *testing.T, s string) plan.Cube {
	t.Helper()
	var c plan.Cube
	for _, f := range strings.Fields(s) {
		var k lifesat.KnownCell
		var st string
		if _, err := fmt.Sscanf(f, "%d,%d,%d=%s", &k.Gen, &k.X, &k.Y, &st); err != nil {
			t.Fatalf("%q: %v", f, err)
		}
		k.Alive = st == "O"
		c = append(c, k)
	}
	return c
}

// covers reports how many cubes agree with the assignment of the cells
// (bit i of a the value of cells[i]).
func covers(cubes []plan.Cube, cells []lifesat.KnownCell, a int) int {
	n := 0
	for _, c := range cubes {
		ok := true
		for _, k := range c {
			for i, cell := range cells {
				if cell.Gen == k.Gen && cell.X == k.X && cell.Y == k.Y && (a>>i&1 == 1) != k.Alive {
					ok = false
				}
			}
		}
		if ok {
			n++
		}
	}
	return n
}

// cellsOf lists the distinct cells the cubes name.
func cellsOf(cubes []plan.Cube) []lifesat.KnownCell {
	var cells []lifesat.KnownCell
	seen := map[[3]int]bool{}
	for _, c := range cubes {
		for _, k := range c {
			key := [3]int{k.Gen, k.X, k.Y}
			if !seen[key] {
				seen[key] = true
				cells = append(cells, lifesat.KnownCell{Gen: k.Gen, X: k.X, Y: k.Y})
			}
		}
	}
	return cells
}

// bruteIsPartition tries every assignment of the cubes' cells: each must
// agree with exactly one cube.
func bruteIsPartition(cubes []plan.Cube) bool {
	cells := cellsOf(cubes)
	for a := range 1 << len(cells) {
		if covers(cubes, cells, a) != 1 {
			return false
		}
	}
	return true
}

// TestPartition: Partition accepts the cubes of decision trees, in any
// order, and refuses overlapping and incomplete sets; its verdict agrees
// with trying every assignment of the cells.
func TestPartition(t *testing.T) {
	for _, tt := range []struct {
		cubes []string
		ok    bool
	}{
		{[]string{""}, true},
		{[]string{"0,1,1=O", "0,1,1=."}, true},
		{[]string{"0,1,1=O 0,2,1=O", "0,1,1=O 0,2,1=.", "0,1,1=."}, true},
		{[]string{"0,1,1=.", "0,2,1=. 0,1,1=O", "0,1,1=O 0,2,1=O"}, true},                            // any order
		{[]string{"0,1,1=O 0,2,1=O", "0,1,1=. 1,0,0=O", "0,1,1=O 0,2,1=.", "1,0,0=. 0,1,1=."}, true}, // other cells on each side
		{[]string{"0,1,1=O", "0,1,1=O"}, false},                                                      // the same twice
		{[]string{"0,1,1=O"}, false},                                                                 // half
		{[]string{"0,1,1=O", "0,1,1=. 0,2,2=O"}, false},                                              // a quarter lost
		{[]string{"0,1,1=O", "0,2,2=O", "0,1,1=. 0,2,2=."}, false},                                   // overlap in 1,1=O 2,2=O
		{[]string{"0,1,1=O 0,1,1=.", "0,1,1=."}, false},                                              // a cell twice
		{[]string{"", "0,1,1=O"}, false},
	} {
		var cubes []plan.Cube
		for _, s := range tt.cubes {
			cubes = append(cubes, cube(t, s))
		}
		err := plan.Partition(cubes)
		if (err == nil) != tt.ok {
			t.Errorf("%q: %v, want ok=%v", tt.cubes, err, tt.ok)
		}
		if err == nil && !bruteIsPartition(cubes) {
			t.Errorf("%q: accepted, but some assignment is in no cube or in two", tt.cubes)
		}
	}
	if err := plan.Partition(nil); err == nil {
		t.Error("no cubes: accepted")
	}
}

// TestPartitionRandomTrees: the leaves of random decision trees, shuffled,
// are accepted; with a leaf dropped, or one leaf's cell flipped, they are
// refused; the brute force agrees every time it is asked.
func TestPartitionRandomTrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		var leaves []plan.Cube
		var grow func(c plan.Cube, depth int)
		grow = func(c plan.Cube, depth int) {
			if depth == 0 || rng.IntN(4) == 0 {
				leaves = append(leaves, c)
				return
			}
			k := lifesat.KnownCell{Gen: rng.IntN(2), X: rng.IntN(3), Y: rng.IntN(2)}
			for _, old := range c {
				if old.Gen == k.Gen && old.X == k.X && old.Y == k.Y {
					leaves = append(leaves, c)
					return
				}
			}
			for _, alive := range []bool{true, false} {
				k.Alive = alive
				grow(append(append(plan.Cube(nil), c...), k), depth-1)
			}
		}
		grow(nil, 5)
		rng.Shuffle(len(leaves), func(i, j int) { leaves[i], leaves[j] = leaves[j], leaves[i] })
		if err := plan.Partition(leaves); err != nil {
			t.Fatalf("%v: %v", leaves, err)
		}
		if len(leaves) < 2 {
			continue
		}
		dropped := leaves[1:]
		if plan.Partition(dropped) == nil || bruteIsPartition(dropped) {
			t.Fatalf("%v: accepted with a leaf dropped", leaves)
		}
		flipped := append([]plan.Cube(nil), leaves...)
		c := append(plan.Cube(nil), flipped[0]...)
		k := rng.IntN(len(c))
		c[k].Alive = !c[k].Alive
		flipped[0] = c
		if plan.Partition(flipped) == nil || bruteIsPartition(flipped) {
			t.Fatalf("%v: accepted with a leaf's cell flipped", flipped)
		}
	}
}

// TestCut: both methods cut searches into cubes that partition them, of
// the number asked for (Centre: a power of two), on cell variables of
// the box; under a symmetry, on one cell per orbit.
func TestCut(t *testing.T) {
	ctx := context.Background()
	sym := lifesat.Oscillator(2, 6, 6)
	sym.Symmetry = life.D4Plus
	for _, p := range []lifesat.Problem{lifesat.Oscillator(3, 6, 6), lifesat.Spaceship(4, 2, 0, 7, 6), sym, lifesat.StillLife(5, 5)} {
		for _, method := range []string{plan.Lookahead, plan.Centre, plan.FirstAlive} {
			cubes, st, err := plan.Cut(ctx, p, nil, &plan.CutOptions{Cubes: 12, Method: method})
			if err != nil {
				t.Fatal(err)
			}
			want := 12
			switch method {
			case plan.Centre:
				want = 8
			case plan.FirstAlive:
				want = min(12, st.CellVars+1) // one cube per cell variable, and the last
			}
			if len(cubes) != want || st.Cubes != want {
				t.Errorf("%v %s: %d cubes (stats %d), want %d", p, method, len(cubes), st.Cubes, want)
			}
			if err := plan.Partition(cubes); err != nil {
				t.Errorf("%v %s: %v", p, method, err)
			}
			if len(cellsOf(cubes)) <= 14 && !bruteIsPartition(cubes) {
				t.Errorf("%v %s: not a partition by brute force", p, method)
			}
			orbit := p.Symmetry.Orbits(p.Width, p.Height)
			for _, c := range cubes {
				for _, k := range c {
					if k.X < 0 || k.Y < 0 || k.X >= p.Width || k.Y >= p.Height || k.Gen < 0 || k.Gen >= max(p.Period, 1) {
						t.Errorf("%v %s: cell %v outside the search", p, method, k)
					}
					if i := k.Y*p.Width + k.X; orbit[i] != i {
						t.Errorf("%v %s: cell %v is not its orbit's first", p, method, k)
					}
					if method != plan.Lookahead && k.Gen != 0 {
						t.Errorf("%v %s: cell %v not of generation 0", p, method, k)
					}
				}
			}
			if st.FreeMin > st.FreeMedian || st.FreeMedian > st.FreeMax || st.FreeMax > st.CellVars {
				t.Errorf("%v %s: stats %+v", p, method, st)
			}
		}
	}
	if _, _, err := plan.Cut(ctx, lifesat.StillLife(3, 3), nil, &plan.CutOptions{Method: "random"}); err == nil {
		t.Error("an unknown method was accepted")
	}
}

// TestSplitCountsAddUp: the patterns of the cubes add up to the whole
// search's, counted by the solver: the cubes of a still life split
// (which has no phases to count twice) hold every still life once.
func TestSplitCountsAddUp(t *testing.T) {
	ctx := context.Background()
	p := lifesat.StillLife(5, 4)
	set := &lifesat.Settings{AllowEmpty: true}
	whole, err := lifesat.Count(ctx, p, set)
	if err != nil {
		t.Fatal(err)
	}
	for _, method := range []string{plan.Lookahead, plan.Centre, plan.FirstAlive} {
		cubes, _, err := plan.Cut(ctx, p, set, &plan.CutOptions{Cubes: 16, Method: method})
		if err != nil {
			t.Fatal(err)
		}
		var sum int64
		for _, c := range cubes {
			q := p
			q.Known = c
			n, err := lifesat.Count(ctx, q, set)
			if err != nil {
				t.Fatal(err)
			}
			sum += n.Int64()
		}
		if sum != whole.Int64() {
			t.Errorf("%s: the cubes hold %d still lifes, the box %v", method, sum, whole)
		}
	}
}

// TestCutSkipsKnownCells: cells that the problem already knows (a
// template's, its own Known) are not cut on: no cube is empty for that.
func TestCutSkipsKnownCells(t *testing.T) {
	p := lifesat.Oscillator(2, 6, 6)
	p.Known = []lifesat.KnownCell{{X: 2, Y: 2, Alive: true}, {X: 3, Y: 3}, {X: 0, Y: 0}}
	for _, method := range []string{plan.Centre, plan.FirstAlive, plan.Lookahead} {
		cubes, st, err := plan.Cut(context.Background(), p, nil, &plan.CutOptions{Cubes: 8, Method: method})
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cubes {
			for _, k := range c {
				for _, known := range p.Known {
					if k.X == known.X && k.Y == known.Y && k.Gen == known.Gen {
						t.Errorf("%s: cube %v cuts on the known cell %v", method, c, known)
					}
				}
			}
		}
		if st.Refuted != 0 {
			t.Errorf("%s: %d cubes refuted by propagation", method, st.Refuted)
		}
	}
}
