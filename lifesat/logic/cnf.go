package logic

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strconv"
)

// A CNF is a conjunction of clauses over variables 1..NumVars, built by
// adding clauses one at a time. Its zero value is an empty formula (true).
//
// Clauses are stored flat, so a CNF of millions of clauses costs a few
// allocations, not millions.
type CNF struct {
	nvars    int
	lits     []Lit   // all clauses, back to back
	ends     []int32 // ends[i] is where clause i stops in lits
	empty    bool    // an empty clause was added: the formula is false
	comments []string
	sign     []int8 // all zero between calls; see appendLong
}

// NewVar allocates a fresh variable.
func (c *CNF) NewVar() Var {
	if c.nvars >= MaxVars {
		panic("logic: too many variables")
	}
	c.nvars++
	return Var(c.nvars)
}

// NewVars allocates n fresh variables and returns the first; they are
// numbered consecutively.
func (c *CNF) NewVars(n int) Var {
	if n < 0 || c.nvars > MaxVars-n {
		panic("logic: too many variables")
	}
	first := Var(c.nvars + 1)
	c.nvars += n
	return first
}

// Grow makes room for about clauses more clauses of lits literals in
// all, so that building a large formula does not copy it over and over.
//
// The room is allocated with make, not slices.Grow, which clears it all
// at once: fresh memory from the system is already zero, and is then
// touched only as clauses are added (clearing 300 MB took a second, with
// no chance to stop).
func (c *CNF) Grow(clauses, lits int) {
	if cap(c.lits)-len(c.lits) < lits {
		l := make([]Lit, len(c.lits), len(c.lits)+lits)
		copy(l, c.lits)
		c.lits = l
	}
	if cap(c.ends)-len(c.ends) < clauses {
		e := make([]int32, len(c.ends), len(c.ends)+clauses)
		copy(e, c.ends)
		c.ends = e
	}
}

// NumVars is the number of variables allocated so far.
func (c *CNF) NumVars() int { return c.nvars }

// NumClauses is the number of clauses stored (after simplification),
// counting an empty clause if one was added.
func (c *CNF) NumClauses() int {
	if c.empty {
		return len(c.ends) + 1
	}
	return len(c.ends)
}

// NumLits is the total length of the stored clauses.
func (c *CNF) NumLits() int { return len(c.lits) }

// Add adds the clause (l1 OR l2 OR ...). Constant literals are simplified:
// a clause containing True is dropped, False literals are removed; repeated
// literals are merged and a clause holding a literal and its negation is
// dropped. A clause that simplifies to nothing makes the formula false.
// Add panics if a literal names a variable that was not allocated.
func (c *CNF) Add(lits ...Lit) {
	// The literals are copied straight to the end of the formula, and
	// taken back if the clause turns out to be always true.
	start := len(c.lits)
	var ok bool
	if len(lits) <= shortClause {
		ok = c.appendShort(lits)
	} else {
		ok = c.appendLong(lits)
	}
	switch {
	case !ok:
		c.lits = c.lits[:start]
	case len(c.lits) == start:
		c.empty = true
	default:
		c.ends = append(c.ends, int32(len(c.lits)))
	}
}

// shortClause is the longest clause whose literals Add compares pair by
// pair; longer ones are checked against a mark per variable.
const shortClause = 16

// appendShort appends the literals of a short clause to c.lits, but for
// constants and repeats. It returns false, leaving the rest out, when the
// clause is always true.
func (c *CNF) appendShort(lits []Lit) bool {
	start := len(c.lits)
	for _, l := range lits {
		switch {
		case l == True:
			return false
		case l == False:
			continue
		case l == 0 || int(l.Var()) > c.nvars:
			c.lits = c.lits[:start]
			panic(fmt.Sprintf("logic: literal %d out of range 1..%d", l, c.nvars))
		}
		dup := false
		for _, m := range c.lits[start:] {
			if m == l {
				dup = true
				break
			}
			if m == -l {
				return false
			}
		}
		if !dup {
			c.lits = append(c.lits, l)
		}
	}
	return true
}

// appendLong is appendShort for a long clause, such as "some cell is
// alive": it marks each variable with the sign of its literal in c.sign,
// so it takes linear time, and clears the marks before it returns.
func (c *CNF) appendLong(lits []Lit) bool {
	if len(c.sign) <= c.nvars {
		c.sign = make([]int8, c.nvars+1)
	}
	start := len(c.lits)
	ok := true
scan:
	for _, l := range lits {
		switch {
		case l == True:
			ok = false
			break scan
		case l == False:
			continue
		case l == 0 || int(l.Var()) > c.nvars:
			c.unmark(start)
			c.lits = c.lits[:start]
			panic(fmt.Sprintf("logic: literal %d out of range 1..%d", l, c.nvars))
		}
		s := int8(1)
		if l < 0 {
			s = -1
		}
		switch c.sign[l.Var()] {
		case s: // repeated
		case -s: // l OR NOT l
			ok = false
			break scan
		default:
			c.sign[l.Var()] = s
			c.lits = append(c.lits, l)
		}
	}
	c.unmark(start)
	return ok
}

// unmark clears the marks appendLong set for the literals it appended
// from start on.
func (c *CNF) unmark(start int) {
	for _, l := range c.lits[start:] {
		c.sign[l.Var()] = 0
	}
}

// Comment attaches a comment line to the formula; WriteDIMACS writes it as
// a "c" line before the clauses.
func (c *CNF) Comment(format string, args ...any) {
	c.comments = append(c.comments, fmt.Sprintf(format, args...))
}

// Clause returns clause i (0 <= i < len of stored clauses). The slice
// aliases the formula's storage: do not modify it.
func (c *CNF) Clause(i int) []Lit {
	start := int32(0)
	if i > 0 {
		start = c.ends[i-1]
	}
	return c.lits[start:c.ends[i]:c.ends[i]]
}

// Clauses calls yield for every stored clause in order, stopping early if
// yield returns false. The empty clause, if any, comes last.
func (c *CNF) Clauses(yield func([]Lit) bool) {
	start := int32(0)
	for _, end := range c.ends {
		if !yield(c.lits[start:end:end]) {
			return
		}
		start = end
	}
	if c.empty {
		yield(nil)
	}
}

// Trivial reports whether an empty clause was added, so the formula is
// false whatever the variables.
func (c *CNF) Trivial() bool { return c.empty }

// Eval reports whether the assignment satisfies every clause; model[v] is
// the value of variable v and must have at least NumVars+1 entries.
func (c *CNF) Eval(model []bool) bool {
	if c.empty {
		return false
	}
	sat := true
	c.Clauses(func(cl []Lit) bool {
		for _, l := range cl {
			if l.Value(model) {
				return true
			}
		}
		sat = false
		return false
	})
	return sat
}

// Clone returns an independent copy of c.
func (c *CNF) Clone() *CNF {
	return &CNF{
		nvars:    c.nvars,
		lits:     slices.Clone(c.lits),
		ends:     slices.Clone(c.ends),
		empty:    c.empty,
		comments: slices.Clone(c.comments),
	}
}

// WriteDIMACS writes c in the DIMACS CNF format: the comment lines, the
// "p cnf" header and one clause a line, each ending in 0.
func (c *CNF) WriteDIMACS(w io.Writer) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	for _, s := range c.comments {
		bw.WriteString("c ")
		bw.WriteString(s)
		bw.WriteByte('\n')
	}
	fmt.Fprintf(bw, "p cnf %d %d\n", c.nvars, c.NumClauses())
	var num []byte
	c.Clauses(func(cl []Lit) bool {
		for _, l := range cl {
			num = strconv.AppendInt(num[:0], int64(l), 10)
			num = append(num, ' ')
			bw.Write(num)
		}
		bw.WriteString("0\n")
		return true
	})
	return bw.Flush()
}

// Flip replaces every variable v for which flip[v] is true by its
// negation, in every clause: the formula F(x) becomes F(x XOR r). A model
// m of the flipped formula gives the model m XOR r of the original. This
// is the random-XOR trick of the Mathematica blog: a solver that tries
// "false" first then starts from the random assignment r instead of from
// all-false. flip[0] is unused; flip may be shorter than NumVars+1.
func (c *CNF) Flip(flip []bool) {
	// A random flip is a branch the processor cannot predict, and there
	// are millions of literals: negate by arithmetic instead,
	// -l = (l XOR -1) - (-1), with a mask of 0 or -1 per variable.
	mask := make([]Lit, c.nvars+1)
	for v, f := range flip[:min(len(flip), len(mask))] {
		if f {
			mask[v] = -1
		}
	}
	for i, l := range c.lits {
		m := mask[l.Var()]
		c.lits[i] = l ^ m - m
	}
}
