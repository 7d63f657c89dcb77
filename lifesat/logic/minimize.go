package logic

// Two-level minimization of a Boolean function given by its truth table,
// in conjunctive form: the clauses are prime implicates of the function.
//
// Prime implicates are the duals of the prime implicants of
// W. V. Quine, "The problem of simplifying truth functions", American
// Mathematical Monthly 59 (1952) 521-531, and E. J. McCluskey,
// "Minimization of Boolean functions", Bell System Technical Journal 35
// (1956) 1417-1444. Instead of McCluskey's pairwise merging of lists, all
// 3^n subcubes are tabulated at once (a cube with a free input is inside
// the zeros exactly when both its halves are), then the false rows are
// covered as in McCluskey's prime implicant chart: essential primes first,
// then greedily (V. Chvatal, "A greedy heuristic for the set-covering
// problem", Mathematics of Operations Research 4 (1979) 233-235), then a
// bounded branch and bound search for a smaller cover of the rest (the
// cyclic core that Petrick's method solves exactly).

import (
	"cmp"
	"fmt"
	"math/bits"
	"slices"
)

// MaxConvertVars is the largest number of inputs MinimalCNF accepts and the
// largest number of variables a formula may have for Convert: a truth
// table of 2^16 rows and a table of 3^16 cubes still fit in memory. Larger
// formulas are encoded with CNF.Assert instead.
const MaxConvertVars = 16

// MinimalCNF returns a small set of clauses equivalent to the Boolean function
// of n inputs given by its truth table, the analogue of BooleanConvert[f,
// "CNF"] and BooleanMinimize[f, "CNF"] for a function given by its values.
//
// table has 1<<n entries: table[row] is the value of the function when
// input i equals bit i of row. dontCare is nil or also has 1<<n entries;
// rows where it is true may take either value. Input i is written as
// variable i+1: Lit(i+1) is "input i is true", -Lit(i+1) "input i is false".
// The conjunction of the clauses equals the function on every row that is
// not a don't-care.
//
// Every clause is a prime implicate: it is true on every true row, and
// removing any literal would make it false on some true row that is not a
// don't-care. The clauses are chosen to cover the false rows: first the
// essential primes (the only ones false on some row); then greedily the
// prime false on most rows not yet covered (ties to fewer literals, then
// to the first in a fixed order), dropping at the end any pick that the
// others cover; then a depth-first branch and bound search, limited to a
// few milliseconds, looks for a cover of the rest with fewer clauses. The
// result is irredundant, and of minimum size when the search completes,
// as it does for the Life functions of up to 10 inputs; set cover being
// NP-hard, it may not be minimum on large random functions.
//
// The output is canonical: literals in increasing order of variable,
// clauses ordered by length, then lexicographically (a variable before a
// larger one, a positive literal before its negation). A function true on
// every row gives no clauses; a function false on every row that is not a
// don't-care (and on at least one row) gives one empty clause.
//
// MinimalCNF takes time and memory in proportion to 3^n (a fraction of a
// millisecond for Life's transition, n = 10; see BenchmarkMinimalCNF), and
// panics unless 0 <= n <= MaxConvertVars and the slices have 1<<n entries.
func MinimalCNF(n int, table []bool, dontCare []bool) [][]Lit {
	if n < 0 || n > MaxConvertVars {
		panic(fmt.Sprintf("logic: MinimalCNF: %d inputs, want 0..%d", n, MaxConvertVars))
	}
	size := 1 << n
	if len(table) != size || dontCare != nil && len(dontCare) != size {
		panic(fmt.Sprintf("logic: MinimalCNF: %d inputs need tables of %d rows, have %d and %d",
			n, size, len(table), len(dontCare)))
	}
	isFalse := func(row uint32) bool { return !table[row] && (dontCare == nil || !dontCare[row]) }
	inZeros := func(row uint32) bool { return !table[row] || dontCare != nil && dontCare[row] }

	// Number the false rows; those are what the clauses must cover.
	falseID := make([]int32, size)
	nfalse := int32(0)
	for row := range uint32(size) {
		falseID[row] = -1
		if isFalse(row) {
			falseID[row] = nfalse
			nfalse++
		}
	}
	if nfalse == 0 {
		return [][]Lit{}
	}

	primes := primeCubes(n, inZeros)

	// Incidence between the primes and the false rows they cover, both
	// ways, in compressed rows. A prime inside the don't-cares covers
	// nothing and is dropped.
	var pRows []int32 // false rows of prime p: pRows[pStart[p]:pStart[p+1]]
	pStart := []int32{0}
	kept := primes[:0]
	rowDeg := make([]int32, nfalse+1)
	for _, p := range primes {
		before := len(pRows)
		for sub := uint32(0); ; sub = (sub - p.free) & p.free {
			if id := falseID[p.value|sub]; id >= 0 {
				pRows = append(pRows, id)
				rowDeg[id+1]++
			}
			if sub == p.free {
				break
			}
		}
		if len(pRows) > before {
			kept = append(kept, p)
			pStart = append(pStart, int32(len(pRows)))
		}
	}
	primes = kept
	for i := range nfalse {
		rowDeg[i+1] += rowDeg[i]
	}
	rStart := rowDeg // primes covering row r: rPrimes[rStart[r]:rStart[r+1]]
	rPrimes := make([]int32, len(pRows))
	fill := slices.Clone(rStart[:nfalse])
	for p := range primes {
		for _, r := range pRows[pStart[p]:pStart[p+1]] {
			rPrimes[fill[r]] = int32(p)
			fill[r]++
		}
	}

	// Cover the false rows.
	gain := make([]int32, len(primes)) // false rows of p not yet covered
	for p := range primes {
		gain[p] = pStart[p+1] - pStart[p]
	}
	covers := make([]int32, nfalse) // chosen primes covering each row
	chosen := make([]bool, len(primes))
	var picks []int32
	uncovered := nfalse
	choose := func(p int32) {
		chosen[p] = true
		picks = append(picks, p)
		for _, r := range pRows[pStart[p]:pStart[p+1]] {
			if covers[r] == 0 {
				uncovered--
				for _, q := range rPrimes[rStart[r]:rStart[r+1]] {
					gain[q]--
				}
			}
			covers[r]++
		}
	}
	for r := range nfalse {
		if rStart[r+1]-rStart[r] == 1 {
			if p := rPrimes[rStart[r]]; !chosen[p] {
				choose(p)
			}
		}
	}
	essential := len(picks)
	var need []int32 // the rows the essential primes leave uncovered
	for r := range nfalse {
		if covers[r] == 0 {
			need = append(need, r)
		}
	}
	baseCovers := slices.Clone(covers)
	for uncovered > 0 {
		best := int32(-1)
		for p := range int32(len(primes)) {
			if gain[p] == 0 {
				continue
			}
			if best < 0 || gain[p] > gain[best] ||
				gain[p] == gain[best] && primes[p].lits(n) < primes[best].lits(n) {
				best = p
			}
		}
		choose(best)
	}
	// Drop picks that later picks made redundant, last pick first. (The
	// essential primes are never redundant.)
	prune := func(picks []int32) []int32 {
		for i := len(picks) - 1; i >= 0; i-- {
			p := picks[i]
			rows := pRows[pStart[p]:pStart[p+1]]
			if slices.ContainsFunc(rows, func(r int32) bool { return covers[r] < 2 }) {
				continue
			}
			chosen[p] = false
			for _, r := range rows {
				covers[r]--
			}
			picks = slices.Delete(picks, i, i+1)
		}
		return picks
	}
	greedy := prune(slices.Clone(picks[essential:]))

	// Look for a smaller cover of what the essential primes leave.
	if len(greedy) > 1 {
		ex := exactCover{
			primes: primes, n: n,
			pRows: pRows, pStart: pStart, rPrimes: rPrimes, rStart: rStart,
			need: need, covers: slices.Clone(baseCovers), best: len(greedy),
			mark: make([]int32, len(primes)),
		}
		if better := ex.search(); better != nil {
			for _, p := range greedy {
				chosen[p] = false
			}
			copy(covers, baseCovers)
			for _, p := range better {
				chosen[p] = true
				for _, r := range pRows[pStart[p]:pStart[p+1]] {
					covers[r]++
				}
			}
			prune(better)
		}
	}

	var out [][]Lit
	for p, c := range primes {
		if chosen[p] {
			out = append(out, c.clause(n))
		}
	}
	slices.SortFunc(out, compareClauses)
	return out
}

// exactCoverWork bounds the work of exactCover, counted in visits of the
// prime-row incidence lists: a few milliseconds.
const exactCoverWork = 1 << 20

// An exactCover is a depth-first branch and bound search for a cover of
// the rows in need with fewer than best primes: branch on the uncovered
// row with fewest primes, bound by the number of uncovered rows no two of
// which share a prime (each needs its own). The search gives up after
// exactCoverWork steps, keeping the best cover found so far.
type exactCover struct {
	primes          []cube
	n               int
	pRows, pStart   []int32 // the false rows of each prime
	rPrimes, rStart []int32 // the primes of each false row
	need            []int32
	covers          []int32 // chosen primes covering each row
	best            int
	mark            []int32 // for the lower bound: stamp of primes seen
	stamp           int32
	cur, found      []int32
	work            int
}

func (e *exactCover) search() []int32 {
	uncovered := 0
	for _, r := range e.need {
		if e.covers[r] == 0 {
			uncovered++
		}
	}
	e.dfs(uncovered)
	return e.found
}

func (e *exactCover) dfs(uncovered int) {
	if uncovered == 0 {
		if len(e.cur) < e.best {
			e.best = len(e.cur)
			e.found = slices.Clone(e.cur)
		}
		return
	}
	// Lower bound, and the row to branch on.
	e.stamp++
	lb, branch, degree := 0, int32(-1), int32(0)
	e.work += len(e.need)
	for _, r := range e.need {
		if e.covers[r] > 0 {
			continue
		}
		ps := e.rPrimes[e.rStart[r]:e.rStart[r+1]]
		e.work += len(ps)
		if branch < 0 || int32(len(ps)) < degree {
			branch, degree = r, int32(len(ps))
		}
		free := true
		for _, p := range ps {
			if e.mark[p] == e.stamp {
				free = false
				break
			}
		}
		if free {
			lb++
			for _, p := range ps {
				e.mark[p] = e.stamp
			}
		}
	}
	if len(e.cur)+lb >= e.best || e.work > exactCoverWork {
		return
	}
	// Try the primes of the branch row, most new rows first.
	type cand struct{ p, gain int32 }
	var cands []cand
	for _, p := range e.rPrimes[e.rStart[branch]:e.rStart[branch+1]] {
		g := int32(0)
		for _, r := range e.pRows[e.pStart[p]:e.pStart[p+1]] {
			if e.covers[r] == 0 {
				g++
			}
		}
		e.work += int(e.pStart[p+1] - e.pStart[p])
		cands = append(cands, cand{p, g})
	}
	slices.SortStableFunc(cands, func(a, b cand) int {
		if c := cmp.Compare(b.gain, a.gain); c != 0 {
			return c
		}
		return cmp.Compare(e.primes[a.p].lits(e.n), e.primes[b.p].lits(e.n))
	})
	for _, c := range cands {
		rows := e.pRows[e.pStart[c.p]:e.pStart[c.p+1]]
		for _, r := range rows {
			e.covers[r]++
		}
		e.work += 2 * len(rows)
		e.cur = append(e.cur, c.p)
		e.dfs(uncovered - int(c.gain))
		e.cur = e.cur[:len(e.cur)-1]
		for _, r := range rows {
			e.covers[r]--
		}
		if e.work > exactCoverWork || len(e.cur)+1 >= e.best {
			return
		}
	}
}

// A cube is a set of rows: those that agree with value on the inputs
// outside free. value has no bit inside free.
type cube struct {
	value, free uint32
}

// lits is the number of literals of the cube's clause.
func (c cube) lits(n int) int { return n - bits.OnesCount32(c.free) }

// clause is the clause false exactly on the cube's rows: for each fixed
// input, the literal that the cube makes false.
func (c cube) clause(n int) []Lit {
	cl := make([]Lit, 0, c.lits(n))
	for i := range n {
		if c.free>>i&1 == 0 {
			cl = append(cl, Lit(i+1).Xor(c.value>>i&1 == 1))
		}
	}
	return cl
}

// primeCubes returns the maximal cubes all of whose rows satisfy inZeros,
// in increasing order of their ternary index (digit i is 0 or 1 when input
// i is fixed to that value, 2 when it is free).
func primeCubes(n int, inZeros func(row uint32) bool) []cube {
	pow3 := make([]int, n+1)
	pow3[0] = 1
	for i := range n {
		pow3[i+1] = 3 * pow3[i]
	}
	const (
		inside  = 1 // every row of the cube is in the zeros
		widened = 2 // a cube with one more free input is inside too
	)
	flags := make([]uint8, pow3[n])
	// The cubes are visited in increasing ternary index c, counting in
	// base 3 like an odometer; a cube with a free input i is inside when
	// both its halves, of smaller index, are.
	var digits [MaxConvertVars]uint8
	var value, free uint32
	for c := range pow3[n] {
		if c > 0 {
			for i := 0; ; i++ {
				digits[i]++
				if digits[i] == 1 {
					value |= 1 << i
					break
				}
				if digits[i] == 2 {
					value &^= 1 << i
					free |= 1 << i
					break
				}
				digits[i] = 0
				free &^= 1 << i
			}
		}
		if free == 0 {
			if !inZeros(value) {
				continue
			}
		} else {
			i := bits.TrailingZeros32(free)
			if flags[c-2*pow3[i]]&flags[c-pow3[i]]&inside == 0 {
				continue
			}
		}
		flags[c] |= inside
		for f := free; f != 0; f &= f - 1 {
			j := bits.TrailingZeros32(f)
			flags[c-2*pow3[j]] |= widened
			flags[c-pow3[j]] |= widened
		}
	}
	var primes []cube
	for c, fl := range flags {
		if fl != inside {
			continue
		}
		var p cube
		for i, d := 0, c; i < n; i, d = i+1, d/3 {
			switch d % 3 {
			case 1:
				p.value |= 1 << i
			case 2:
				p.free |= 1 << i
			}
		}
		primes = append(primes, p)
	}
	return primes
}

// litKey orders literals by variable, the positive literal first.
func litKey(l Lit) int64 {
	if l < 0 {
		return -2*int64(l) + 1
	}
	return 2 * int64(l)
}

// compareClauses is the canonical order of clauses: shorter first, then
// lexicographically by litKey.
func compareClauses(a, b []Lit) int {
	if c := cmp.Compare(len(a), len(b)); c != 0 {
		return c
	}
	for i := range a {
		if c := cmp.Compare(litKey(a[i]), litKey(b[i])); c != 0 {
			return c
		}
	}
	return 0
}
