package logic

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
)

// randomInputs returns n inputs for a Table over variables 1..nvars:
// constants, repeated variables and negated literals among them, so that
// a variable's first appearance is sometimes negative.
func randomInputs(rng *rand.Rand, n, nvars int) []Lit {
	in := make([]Lit, n)
	for i := range in {
		switch r := rng.IntN(10); {
		case r == 0:
			in[i] = True
		case r == 1:
			in[i] = False
		default:
			in[i] = Var(1 + rng.IntN(nvars)).Lit(rng.IntN(2) == 1)
		}
	}
	return in
}

// TestTableAssert is the differential test of Table: on random functions
// with don't-cares, asserted on random inputs, the clauses are true on an
// assignment exactly when the function is (or the row is a don't-care),
// checked on every assignment; Size counts what Assert adds.
func TestTableAssert(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for trial := range 200 {
		n, nvars := 1+rng.IntN(6), 1+rng.IntN(5)
		value, dc := make([]bool, 1<<n), make([]bool, 1<<n)
		for row := range value {
			value[row], dc[row] = rng.IntN(2) == 1, rng.IntN(8) == 0
		}
		tab := NewTable(n, func(row uint32) (bool, bool) { return value[row], dc[row] })
		for range 10 {
			in := randomInputs(rng, n, nvars)
			c := &CNF{}
			c.NewVars(nvars)
			tab.Assert(c, in...)
			wantClauses, wantLits := tab.Size(in...)
			if c.NumClauses() != wantClauses+b2i(c.Trivial()) || c.NumLits() != wantLits {
				t.Fatalf("trial %d, inputs %v: %d clauses of %d literals, Size says %d of %d",
					trial, in, c.NumClauses(), c.NumLits(), wantClauses, wantLits)
			}
			model := make([]bool, nvars+1)
			for a := range 1 << nvars {
				for v := 1; v <= nvars; v++ {
					model[v] = a>>(v-1)&1 == 1
				}
				var row uint32
				for i, l := range in {
					if l.Value(model) {
						row |= 1 << i
					}
				}
				if !dc[row] && c.Eval(model) != value[row] {
					t.Fatalf("trial %d, inputs %v, assignment %0*b: clauses say %v, function %v",
						trial, in, nvars, bits.Reverse8(uint8(a))>>(8-nvars), !value[row], value[row])
				}
			}
		}
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestTableFlippedInputs checks that asserting a Table on inputs whose
// variables are flipped gives exactly the clauses of the unflipped inputs
// flipped by CNF.Flip, clause for clause, without minimizing a new shape:
// encoders rely on it to write a flipped formula directly.
func TestTableFlippedInputs(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	life := NewTable(10, func(row uint32) (bool, bool) {
		k := bits.OnesCount32(row >> 1 & 0xff)
		next := k == 3 || row&1 == 1 && k == 2
		return next == (row>>9&1 == 1), false
	})
	for trial := range 100 {
		in := randomInputs(rng, 10, 12)
		for i := range in {
			if !in[i].IsConst() {
				in[i] = in[i].Var().Pos()
			}
		}
		if trial%2 == 0 {
			in[9] = in[0] // a still-life cell
		}
		flip := make([]bool, 13)
		flipped := slices.Clone(in)
		for v := range flip {
			flip[v] = rng.IntN(2) == 1
		}
		for i, l := range in {
			if !l.IsConst() {
				flipped[i] = l.Xor(flip[l.Var()])
			}
		}
		plain, direct := &CNF{}, &CNF{}
		plain.NewVars(12)
		direct.NewVars(12)
		life.Assert(plain, in...)
		plain.Flip(flip)
		shapes := len(life.cache)
		life.Assert(direct, flipped...)
		if len(life.cache) != shapes {
			t.Errorf("inputs %v: flipped inputs %v minimized a shape of their own", in, flipped)
		}
		if !slices.Equal(plain.lits, direct.lits) || !slices.Equal(plain.ends, direct.ends) || plain.empty != direct.empty {
			t.Fatalf("inputs %v flipped by %v: Assert on the flipped inputs differs from Flip after Assert", in, flip)
		}
	}
}

// TestTableConcurrent asserts one Table from several goroutines at once,
// each on its own formula and with shapes that alternate, so that the
// cache of the last template is overwritten under every reader (run it
// with -race): each formula must be what a Table used alone gives.
func TestTableConcurrent(t *testing.T) {
	eval := func(row uint32) (bool, bool) { return bits.OnesCount32(row)%3 != 1, false }
	rng := rand.New(rand.NewPCG(9, 10))
	inputs := make([][]Lit, 40)
	for i := range inputs {
		inputs[i] = randomInputs(rng, 5, 4)
	}
	assertAll := func(tab *Table, from int) *CNF {
		c := &CNF{}
		c.NewVars(4)
		for i := range 200 {
			tab.Assert(c, inputs[(from+i)%len(inputs)]...)
		}
		return c
	}
	shared := NewTable(5, eval)
	got := make([]*CNF, 4)
	done := make(chan int)
	for g := range got {
		go func() {
			got[g] = assertAll(shared, 7*g)
			done <- g
		}()
	}
	for range got {
		<-done
	}
	for g, c := range got {
		want := assertAll(NewTable(5, eval), 7*g)
		if !slices.Equal(c.lits, want.lits) || !slices.Equal(c.ends, want.ends) || c.empty != want.empty {
			t.Errorf("goroutine %d: clauses differ from those of a table used alone", g)
		}
	}
}

// BenchmarkTableAssert asserts Life's still-life condition on one cell,
// as the direct encoding does for every cell of a box.
func BenchmarkTableAssert(b *testing.B) {
	life := NewTable(10, func(row uint32) (bool, bool) {
		k := bits.OnesCount32(row >> 1 & 0xff)
		next := k == 3 || row&1 == 1 && k == 2
		return next == (row>>9&1 == 1), false
	})
	in := []Lit{5, 1, 2, 3, 4, 6, 7, 8, 9, 5}
	c := &CNF{}
	c.NewVars(9)
	for b.Loop() {
		c.lits, c.ends = c.lits[:0], c.ends[:0]
		life.Assert(c, in...)
	}
	b.ReportMetric(float64(c.NumLits()), "lits/op")
}

// BenchmarkTableAssertSmall asserts a table with few clauses, where the
// cost of finding the shape's template shows.
func BenchmarkTableAssertSmall(b *testing.B) {
	tab := NewTable(4, func(row uint32) (bool, bool) { return bits.OnesCount32(row) != 2, false })
	in := []Lit{1, 2, -3, 1}
	c := &CNF{}
	c.NewVars(3)
	for b.Loop() {
		c.lits, c.ends = c.lits[:0], c.ends[:0]
		tab.Assert(c, in...)
	}
	b.ReportMetric(float64(c.NumLits()), "lits/op")
}
