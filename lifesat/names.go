package lifesat

// Knuth's names for the variables of the Knuth encoding, so that a formula
// written by lifesat can be read beside the output of D. E. Knuth's
// SAT-LIFE programs (the seed program sat-life-grid90), which print every
// clause in the names of its variables rather than in numbers.

import (
	"context"
	"errors"
	"fmt"
	"image"
	"strconv"
	"strings"

	"github.com/lifesat/lifesat/lifesat/logic"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// Names are the names of the variables of a formula: Names[v] is what
// variable v says when it is true, "" when it has no name. A name that
// starts with "~" is the negation of the named fact, as in Knuth's
// output: the variable of a flipped cell (Settings.Diversify) says that
// the cell is dead.
type Names []string

// Lit is the name of literal l: its variable's name, negated with "~"
// when l is negative, and "xV" (or "~xV") for a variable V without a name.
func (n Names) Lit(l logic.Lit) string {
	v := int(l.Var())
	name := "x" + strconv.Itoa(v)
	if v < len(n) && n[v] != "" {
		name = n[v]
	}
	if !l.Negative() {
		return name
	}
	if s, ok := strings.CutPrefix(name, "~"); ok {
		return s
	}
	return "~" + name
}

// Clause writes a clause as Knuth's programs do: its literals' names, one
// space apart.
func (n Names) Clause(cl []logic.Lit) string {
	parts := make([]string, len(cl))
	for i, l := range cl {
		parts[i] = n.Lit(l)
	}
	return strings.Join(parts, " ")
}

// knuthTimes are the time codes of Knuth's xty names, for t = 0 ... 83.
const knuthTimes = "abcdefghijklmnopqrstuvwxyz" + "ABCDEFGHIJKLMNOPQRSTUVWXYZ" + "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"

// ErrNames is wrapped by the errors of KnuthNames: an instance that Knuth's
// names do not fit.
var ErrNames = errors.New("lifesat: no Knuth names")

// KnuthNames names the variables of in, an instance of the Knuth encoding
// (Settings.Encoding Knuth) under a rule of the Moore neighbourhood, in the
// notation of Knuth's SAT-LIFE programs:
//
//   - cell (x, y) of generation t is its "xty code": x+1, the letter of t
//     (a, b, c, ... for t = 0, 1, 2, ...), y+1. Cell (9, 10) of generation
//     0 is "10a11", the first example of sat-life-grid90; the box's cells
//     are numbered from 1, as Knuth's, and the dead ring around it has 0
//     and the side plus 1. Cells that share a variable under a symmetry
//     take the name of the member with the smallest x, then y: under C4
//     that is the member Knuth's program names.
//   - a counter of the step from generation t is the xty code of the cell
//     it belongs to, with Knuth's letter and the count k it stands for,
//     "at least k alive": A2..A4 of the eight neighbours of the cell, B1..B4
//     of the four above and below the pair of cells that holds the cell
//     (shared by the pair, named at its second cell, as Knuth's b),
//     C1..C4 of the other four, D and E the pairs that make up B, F the
//     pair and G the unshared pair that make up C. Shared pairs are named
//     as in sat-life-grid90, where D of xty code (x, y) is the pair x-1,
//     x of y+1, E the pair x-1, x of y-1, and F the pair y, y+1 of x-1:
//     a pair of y+1 is D of y when y mod 4 is 0 or 1, and E of y+2
//     otherwise.
//
// Knuth's x is lifesat's x plus 1: the direction in which both pair the
// cells that share B. So "10a11C2" says that at least two of the four
// neighbours of cell (9, 10) that C counts are alive at generation 0. The
// letters and counts mean what they mean in Knuth's program, and the
// clauses that define a counter are his, but for two redundant at-most
// clauses more that lifesat writes for each B and C. Where the pairs
// fall is lifesat's own choice: it pairs x = 1-2, 3-4, ... (counting
// from 1) and y = 1-2, 3-4, ... in every pair of x, where Knuth pairs
// x = 0-1, 2-3, ... and y alternately 0-1, 2-3 and 1-2, 3-4. A count
// that lifesat does not need, such as a pair of two cells outside the
// box, has no variable and no name.
//
// Variables that Knuth's programs do not have (an exact period's
// difference variables, a population bound's totalizer) have no name.
//
// KnuthNames re-runs the encoding's steps and checks that they wrote the
// instance's clauses; an instance of another encoding, of a template, or
// of a rule of another neighbourhood is an error wrapping ErrNames.
func KnuthNames(in *Instance) (Names, error) {
	p := in.Problem
	if in.Rule.Shape() != rule.Moore {
		return nil, fmt.Errorf("%w: rule %v is not of the Moore neighbourhood", ErrNames, in.Rule)
	}
	if p.Template != nil {
		return nil, fmt.Errorf("%w: a template's formula has cells Knuth's programs do not have", ErrNames)
	}
	per := p.gens()
	if per > len(knuthTimes) {
		return nil, fmt.Errorf("%w: %d generations, and Knuth's time codes go up to %d", ErrNames, per, len(knuthTimes))
	}
	enc, err := newEncoder(Knuth, in.Rule)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrNames, err)
	}
	k := enc.(*knuthEncoder)
	names := make(Names, in.CNF.NumVars()+1)
	code := func(x, y, t int) string {
		return strconv.Itoa(x+1) + knuthTimes[t:t+1] + strconv.Itoa(y+1)
	}
	setName := func(l logic.Lit, name string) {
		if l.IsConst() || names[l.Var()] != "" {
			return
		}
		if l.Negative() {
			name = "~" + name
		}
		names[l.Var()] = name
	}
	// Cells: the member of an orbit with the smallest x, then y, first.
	for t := range per {
		for x := range p.Width {
			for y := range p.Height {
				setName(in.Cell(t, x, y), code(x, y, t))
			}
		}
	}
	if p.outOfReach() {
		return names, nil // no steps: the formula is the empty clause
	}
	// The steps again, on a formula of their own, with the same numbers.
	replay := &logic.CNF{}
	replay.NewVars(in.numCellVars())
	gen := func(t int) grid { return func(x, y int) logic.Lit { return in.Cell(t, x, y) } }
	symmetric := p.Symmetry.Preserves(in.Rule)
	type counter struct {
		lit  logic.Lit
		name string
	}
	var counters []counter // in the order they were built
	for t := range per {
		next := gen(t + 1)
		if t == per-1 { // the last step, to generation 0 moved by the shift
			next = func(x, y int) logic.Lit { return in.Cell(0, x-p.Shift.X, y-p.Shift.Y) }
		}
		area := all(p.stepArea(t))
		if symmetric {
			area = representatives(p.Symmetry, area.Rectangle, p.Width, p.Height)
		}
		note := func(role byte, key image.Point, u unary) {
			for i, l := range u {
				if l != 0 && !l.IsConst() { // 0: a count the step did not build
					counters = append(counters, counter{l, knuthCounter(role, key, t, i+1)})
				}
			}
		}
		if err := k.stepNoted(context.Background(), replay, false, gen(t), next, area, note); err != nil {
			return nil, err
		}
	}
	// The replay wrote what the instance holds, clause by clause, up to
	// the flips of Settings.Diversify: same variables, in the same places.
	if replay.NumVars() > in.CNF.NumVars() || replay.NumClauses() > in.CNF.NumClauses() {
		return nil, fmt.Errorf("%w: the formula was not written by the knuth encoding", ErrNames)
	}
	flipped := make([]int8, replay.NumVars()+1) // 0 unknown, 1 same sign, -1 flipped
	for i := range replay.NumClauses() {
		a, b := replay.Clause(i), in.CNF.Clause(i)
		if len(a) != len(b) {
			return nil, fmt.Errorf("%w: the formula was not written by the knuth encoding (clause %d)", ErrNames, i+1)
		}
		for j := range a {
			if a[j].Var() != b[j].Var() {
				return nil, fmt.Errorf("%w: the formula was not written by the knuth encoding (clause %d)", ErrNames, i+1)
			}
			f := int8(1)
			if a[j] != b[j] {
				f = -1
			}
			switch v := a[j].Var(); flipped[v] {
			case 0:
				flipped[v] = f
			case -f:
				return nil, fmt.Errorf("%w: variable %d is flipped in some clauses and not in others", ErrNames, v)
			}
		}
	}
	// Counters: the replay's literal, flipped as in the instance. A count
	// that a merge passed on unchanged (a cell, or a count built before)
	// keeps its first name.
	for _, c := range counters {
		l := c.lit
		if flipped[l.Var()] == -1 {
			l = l.Not()
		}
		setName(l, c.name)
	}
	return names, nil
}

// knuthCounter is Knuth's name of entry k ("at least k") of a count of the
// step from generation t, as KnuthNames describes them; role and key are
// those of countNote.
func knuthCounter(role byte, key image.Point, t, k int) string {
	xty := func(x, y int) string { return strconv.Itoa(x) + knuthTimes[t:t+1] + strconv.Itoa(y) }
	kk := strconv.Itoa(k)
	switch role {
	case 'H': // the cells (2cp, r) and (2cp+1, r): Knuth's rows xx-1 and xx, column r+1
		xx, col := 2*key.X+2, key.Y+1
		if m := mod(col, 4); m == 1 || m == 2 {
			return xty(xx, col-1) + "D" + kk
		}
		return xty(xx, col+1) + "E" + kk
	case 'Q': // the four-sum of column pair cp at row y: B at the pair's second row
		return xty(2*key.X+2, key.Y+1) + "B" + kk
	case 'V': // the cells (x, top) and (x, top+1): F of row x+2, column top+1
		return xty(key.X+2, key.Y+1) + "F" + kk
	}
	return xty(key.X+1, key.Y+1) + string(role) + kk // G, C, A at their own cell
}
