package logic

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
)

// clauseFalse reports whether clause cl, over inputs Var(1)..Var(n), is
// false on row.
func clauseFalse(cl []Lit, row int) bool {
	for _, l := range cl {
		if (row>>(l.Var()-1)&1 == 1) != l.Negative() {
			return false
		}
	}
	return true
}

// checkMinimalCNF verifies MinimalCNF's contract on one function: the
// clauses agree with the table off the don't-cares, every clause is a
// prime implicate, no clause is redundant, and the order is canonical.
func checkMinimalCNF(t *testing.T, name string, n int, table, dc []bool, cnf [][]Lit) {
	t.Helper()
	isDC := func(row int) bool { return dc != nil && dc[row] }
	trueRow := func(row int) bool { return table[row] && !isDC(row) }
	for row := range 1 << n {
		if isDC(row) {
			continue
		}
		if got := evalClauses(cnf, modelOf(n, row)); got != table[row] {
			t.Fatalf("%s: clauses give %v on row %b, table %v", name, got, row, table[row])
		}
	}
	for i, cl := range cnf {
		if !slices.IsSortedFunc(cl, func(a, b Lit) int { return int(a.Var() - b.Var()) }) {
			t.Errorf("%s: clause %v not in variable order", name, cl)
		}
		for _, l := range cl {
			if l.IsConst() || l.Var() < 1 || int(l.Var()) > n {
				t.Fatalf("%s: clause %v has a literal out of range", name, cl)
			}
		}
		// Prime: without literal j, the clause is false on a true row.
		for j := range cl {
			shorter := slices.Delete(slices.Clone(cl), j, j+1)
			prime := false
			for row := range 1 << n {
				if trueRow(row) && clauseFalse(shorter, row) {
					prime = true
					break
				}
			}
			if !prime {
				t.Errorf("%s: clause %v is not prime: %v is an implicate", name, cl, shorter)
			}
		}
		// Irredundant: the clause alone is false on some false row.
		needed := false
		for row := range 1 << n {
			if isDC(row) || !clauseFalse(cl, row) {
				continue
			}
			others := 0
			for k, other := range cnf {
				if k != i && clauseFalse(other, row) {
					others++
				}
			}
			if others == 0 {
				needed = true
				break
			}
		}
		if !needed {
			t.Errorf("%s: clause %v is redundant", name, cl)
		}
		if i > 0 && compareClauses(cnf[i-1], cl) >= 0 {
			t.Errorf("%s: clauses %v, %v not in canonical order", name, cnf[i-1], cl)
		}
	}
}

func TestMinimalCNFRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for n := 0; n <= 8; n++ {
		for trial := range 40 {
			size := 1 << n
			table := make([]bool, size)
			var dc []bool
			pTrue, pDC := r.Float64(), 0.0
			if trial%4 != 0 {
				dc = make([]bool, size)
				pDC = r.Float64() * 0.6
			}
			for row := range size {
				table[row] = r.Float64() < pTrue
				if dc != nil {
					dc[row] = r.Float64() < pDC
				}
			}
			name := fmt.Sprintf("n=%d trial %d", n, trial)
			cnf := MinimalCNF(n, table, dc)
			checkMinimalCNF(t, name, n, table, dc, cnf)
			if again := MinimalCNF(n, table, dc); !slices.EqualFunc(cnf, again, slices.Equal) {
				t.Errorf("%s: not deterministic", name)
			}
		}
	}
}

// TestMinimalCNFMinimumSmall checks, for random functions of up to 4
// inputs, that MinimalCNF finds a cover of minimum size, against a brute
// force independent of its algorithm: every clause over the inputs is
// tested for being a prime implicate, then subsets of the primes are tried
// by increasing size.
func TestMinimalCNFMinimumSmall(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for n := 0; n <= 4; n++ {
		for trial := range 300 {
			size := 1 << n
			table, dc := make([]bool, size), make([]bool, size)
			for row := range size {
				table[row] = r.IntN(2) == 0
				dc[row] = r.IntN(5) == 0
			}
			trueRow := func(row int) bool { return table[row] && !dc[row] }
			implicate := func(cl []Lit) bool {
				for row := range size {
					if trueRow(row) && clauseFalse(cl, row) {
						return false
					}
				}
				return true
			}
			// All clauses: digit i of code in base 3 is 0 (input i absent),
			// 1 (positive) or 2 (negative).
			var primes [][]Lit
			for code := 0; code < pow(3, n); code++ {
				var cl []Lit
				for i, d := 0, code; i < n; i, d = i+1, d/3 {
					switch d % 3 {
					case 1:
						cl = append(cl, Lit(i+1))
					case 2:
						cl = append(cl, -Lit(i+1))
					}
				}
				if !implicate(cl) {
					continue
				}
				prime := true
				for j := range cl {
					if implicate(slices.Delete(slices.Clone(cl), j, j+1)) {
						prime = false
					}
				}
				if prime {
					primes = append(primes, cl)
				}
			}
			covered := func(set [][]Lit) bool {
				for row := range size {
					if !table[row] && !dc[row] && evalClauses(set, modelOf(n, row)) {
						return false
					}
				}
				return true
			}
			minimum := -1
			for k := 0; minimum < 0; k++ {
				combinations(len(primes), k, func(idx []int) bool {
					set := make([][]Lit, k)
					for i, j := range idx {
						set[i] = primes[j]
					}
					if covered(set) {
						minimum = k
						return false
					}
					return true
				})
			}
			got := MinimalCNF(n, table, dc)
			for _, cl := range got {
				if !slices.ContainsFunc(primes, func(p []Lit) bool { return slices.Equal(p, cl) }) {
					t.Errorf("n=%d trial %d: clause %v is not among the brute-force primes %v", n, trial, cl, primes)
				}
			}
			if len(got) != minimum {
				t.Errorf("n=%d trial %d: %d clauses %v, minimum is %d", n, trial, len(got), got, minimum)
			}
		}
	}
}

func pow(b, e int) int {
	p := 1
	for range e {
		p *= b
	}
	return p
}

// combinations calls yield with each k-subset of 0..n-1 in increasing
// order until it returns false.
func combinations(n, k int, yield func([]int) bool) {
	idx := make([]int, k)
	var rec func(i, from int) bool
	rec = func(i, from int) bool {
		if i == k {
			return yield(idx)
		}
		for j := from; j <= n-(k-i); j++ {
			idx[i] = j
			if !rec(i+1, j+1) {
				return false
			}
		}
		return true
	}
	rec(0, 0)
}

func TestMinimalCNFConstants(t *testing.T) {
	for n := range 5 {
		size := 1 << n
		allTrue := make([]bool, size)
		allFalse := make([]bool, size)
		allDC := make([]bool, size)
		for i := range size {
			allTrue[i], allDC[i] = true, true
		}
		if got := MinimalCNF(n, allTrue, nil); len(got) != 0 {
			t.Errorf("n=%d: constant true gives %v, want no clauses", n, got)
		}
		if got := MinimalCNF(n, allFalse, allDC); len(got) != 0 {
			t.Errorf("n=%d: all don't-care gives %v, want no clauses", n, got)
		}
		got := MinimalCNF(n, allFalse, nil)
		if len(got) != 1 || got[0] == nil || len(got[0]) != 0 {
			t.Errorf("n=%d: constant false gives %#v, want one empty clause", n, got)
		}
		// False on one row and don't-care elsewhere: still the empty clause.
		dc := slices.Clone(allDC)
		dc[size-1] = false
		if got := MinimalCNF(n, allFalse, dc); len(got) != 1 || len(got[0]) != 0 {
			t.Errorf("n=%d: false on one row, don't-care elsewhere, gives %v", n, got)
		}
	}
}

func TestMinimalCNFPanics(t *testing.T) {
	for name, fn := range map[string]func(){
		"short table": func() { MinimalCNF(3, make([]bool, 7), nil) },
		"short dc":    func() { MinimalCNF(3, make([]bool, 8), make([]bool, 4)) },
		"negative n":  func() { MinimalCNF(-1, nil, nil) },
		"n too big":   func() { MinimalCNF(MaxConvertVars+1, nil, nil) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s did not panic", name)
				}
			}()
			fn()
		}()
	}
}

// lifeNext is Conway's rule B3/S23 on a row whose bit 0 is the cell and
// bits 1..8 its neighbours.
func lifeNext(row int) bool {
	k := bits.OnesCount(uint(row >> 1 & 0xff))
	return k == 3 || row&1 == 1 && k == 2
}

// stillLifeTable is the still-life condition of one cell: input 0 is the
// cell z, inputs 1..8 its neighbours; true when z's next state is z.
func stillLifeTable() []bool {
	table := make([]bool, 1<<9)
	for row := range table {
		table[row] = lifeNext(row) == (row&1 == 1)
	}
	return table
}

// lifeTransitionTable is Life's transition: inputs 0..8 as for
// stillLifeTable, input 9 the next state z'; true when z' is right.
func lifeTransitionTable() []bool {
	table := make([]bool, 1<<10)
	for row := range table {
		table[row] = lifeNext(row&0x1ff) == (row>>9&1 == 1)
	}
	return table
}

// TestMinimalCNFStillLife checks the still-life condition of one cell
// (z = x1, neighbours x2..x9; alive needs 2 or 3 live neighbours, dead
// needs not 3) against its minimal CNF derived by hand.
//
// A clause is false on a subcube of rows in which a set A of neighbours
// is alive, a set D dead and the rest F free, so the live count ranges
// over [|A|, |A|+|F|]. The clause is an implicate when all those rows are
// false rows: z alive with a count outside {2, 3}, or z dead with count 3.
// No cube can leave z free (count 3 would be needed for dead z and is
// allowed for live z), so the prime implicates are:
//
//   - z alive, |A| = 4, F = the other 4: !z || !a || !b || !c || !d,
//     C(8,4) = 70 clauses ("z alive has at most 3 live neighbours");
//   - z alive, |D| = 7, one free: !z || seven positive neighbours,
//     8 clauses ("z alive has at least 2 live neighbours");
//   - z dead, |A| = 3, |D| = 5: z || !a || !b || !c || five positive,
//     C(8,3) = 56 clauses ("z dead has not exactly 3").
//
// Each is essential: the row with exactly A alive (for the first and the
// third kind), or with z alive and only the neighbour outside D alive (for
// the second), is false on that clause only. So the minimal CNF is unique
// and has 70 + 8 + 56 = 134 clauses; the test rebuilds them all.
func TestMinimalCNFStillLife(t *testing.T) {
	table := stillLifeTable()
	got := MinimalCNF(9, table, nil)
	checkMinimalCNF(t, "still life", 9, table, nil, got)

	var want [][]Lit
	for set := range 1 << 8 {
		var cl []Lit
		switch bits.OnesCount(uint(set)) {
		case 4: // z alive, the 4 neighbours of set alive
			cl = append(cl, -1)
			for i := range 8 {
				if set>>i&1 == 1 {
					cl = append(cl, -Lit(i+2))
				}
			}
		case 7: // z alive, the 7 neighbours of set dead
			cl = append(cl, -1)
			for i := range 8 {
				if set>>i&1 == 1 {
					cl = append(cl, Lit(i+2))
				}
			}
		case 3: // z dead, exactly the 3 neighbours of set alive
			cl = append(cl, 1)
			for i := range 8 {
				cl = append(cl, Lit(i+2).Xor(set>>i&1 == 1))
			}
		default:
			continue
		}
		want = append(want, cl)
	}
	slices.SortFunc(want, compareClauses)
	if len(want) != 134 {
		t.Fatalf("hand-built still-life CNF has %d clauses, want 134", len(want))
	}
	if !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("MinimalCNF(still life) has %d clauses, want the 134 prime implicates derived by hand", len(got))
	}
}

// TestMinimalCNFLifeTransition checks Life's transition (x1 = z, x2..x9
// its neighbours, x10 = z' the next state) on all 1024 rows and counts
// the clauses, with the count derived by hand as for the still life:
//
// Rows with z' dead that should be alive (count 3, or z alive and count
// 2). Cubes cannot free z', and prime ones are:
//   - z free, |A| = 3, |D| = 5: C(8,3) = 56 clauses, each essential (the
//     only cube on the row of z dead with exactly A alive);
//   - z alive, |A| = 2, |D| = 5, one free (count 2 or 3): 28 * 6 = 168
//     primes. Each covers exactly one row "z alive, count 2, z' dead"
//     not covered by the 56, so 28 more clauses are needed, and enough.
//
// Rows with z' alive that should be dead (count outside {2, 3}, or z dead
// and count not 3). Prime cubes:
//   - z free, |A| = 4: C(8,4) = 70, essential (rows with exactly 4);
//   - z free, |D| = 7: 8, essential (z alive with exactly one neighbour);
//   - z dead, |D| = 6, two free (count 0..2): C(8,2) = 28, essential (z
//     dead with exactly those two alive).
//
// Any CNF can be made of prime implicates without growing, so the minimum
// is 56 + 28 + 70 + 8 + 28 = 190 clauses, and greedy covering finds it.
func TestMinimalCNFLifeTransition(t *testing.T) {
	table := lifeTransitionTable()
	got := MinimalCNF(10, table, nil)
	checkMinimalCNF(t, "Life transition", 10, table, nil, got)
	for row := range 1 << 10 {
		if evalClauses(got, modelOf(10, row)) != table[row] {
			t.Fatalf("row %b wrong", row)
		}
	}
	if len(got) != 190 {
		t.Errorf("Life transition: %d clauses, want 190", len(got))
	}
	// By length: 70 of 5 literals, 8 + 28 of 8, 56 + 168/6 of 9.
	byLen := map[int]int{}
	for _, cl := range got {
		byLen[len(cl)]++
	}
	if want := map[int]int{5: 70, 8: 36, 9: 84}; fmt.Sprint(byLen) != fmt.Sprint(want) {
		t.Errorf("Life transition clause lengths %v, want %v", byLen, want)
	}
}

// TestMinimalCNFDontCare checks that don't-cares are used: x1 && x2 with
// row x1 && !x2 free becomes the single clause x1.
func TestMinimalCNFDontCare(t *testing.T) {
	table := []bool{false, false, false, true} // x1 && x2; row = x1 + 2*x2
	dc := []bool{false, true, false, false}
	got := MinimalCNF(2, table, dc)
	if want := [][]Lit{{1}}; !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("got %v, want %v", got, want)
	}
	if got, want := MinimalCNF(2, table, nil), [][]Lit{{1}, {2}}; !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("without don't-cares got %v, want %v", got, want)
	}
}

func BenchmarkMinimalCNF(b *testing.B) {
	r := rand.New(rand.NewPCG(3, 4))
	random12 := make([]bool, 1<<12)
	dc12 := make([]bool, 1<<12)
	for i := range random12 {
		random12[i] = r.IntN(2) == 0
		dc12[i] = r.IntN(4) == 0
	}
	// A Life-like function with don't-cares: the transition, don't care
	// whenever z has 8 live neighbours.
	dc10 := make([]bool, 1<<10)
	for row := range dc10 {
		dc10[row] = row>>1&0xff == 0xff
	}
	for _, bm := range []struct {
		name  string
		n     int
		table []bool
		dc    []bool
	}{
		{"StillLife9", 9, stillLifeTable(), nil},
		{"LifeTransition10", 10, lifeTransitionTable(), nil},
		{"LifeTransition10DontCare", 10, lifeTransitionTable(), dc10},
		{"Random12DontCare", 12, random12, dc12},
	} {
		b.Run(bm.name, func(b *testing.B) {
			for b.Loop() {
				MinimalCNF(bm.n, bm.table, bm.dc)
			}
		})
	}
}
