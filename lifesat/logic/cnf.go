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
	scratch  []Lit
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
func (c *CNF) Grow(clauses, lits int) {
	c.lits = slices.Grow(c.lits, lits)
	c.ends = slices.Grow(c.ends, clauses)
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
	buf := c.scratch[:0]
	for _, l := range lits {
		switch {
		case l == True:
			c.scratch = buf
			return
		case l == False:
			continue
		case l == 0 || int(l.Var()) > c.nvars:
			panic(fmt.Sprintf("logic: literal %d out of range 1..%d", l, c.nvars))
		}
		dup := false
		for _, m := range buf {
			if m == l {
				dup = true
				break
			}
			if m == -l {
				c.scratch = buf
				return
			}
		}
		if !dup {
			buf = append(buf, l)
		}
	}
	c.scratch = buf
	if len(buf) == 0 {
		c.empty = true
		return
	}
	c.lits = append(c.lits, buf...)
	c.ends = append(c.ends, int32(len(c.lits)))
}

// addClean appends a clause known to hold distinct variables in range and
// no constants: the fast path of Table.Assert.
func (c *CNF) addClean(lits []Lit) {
	if len(lits) == 0 {
		c.empty = true
		return
	}
	c.lits = append(c.lits, lits...)
	c.ends = append(c.ends, int32(len(c.lits)))
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
	if len(flip) <= c.nvars {
		flip = append(slices.Clone(flip), make([]bool, c.nvars+1-len(flip))...)
	}
	for i, l := range c.lits {
		v := l
		if v < 0 {
			v = -v
		}
		if flip[v] {
			c.lits[i] = -l
		}
	}
}
