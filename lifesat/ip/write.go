package ip

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// title is the first comment of the files: what the model is.
func (m *Model) title() string {
	return fmt.Sprintf("Bosch's %s for the maximum-density still life of a %dx%d box (R. A. Bosch, Integer programming and Conway's game of Life, SIAM Review 41(3), 1999, section 3)",
		strings.ToUpper(m.Formulation.String()), m.Width, m.Height)
}

// familyDoc is the comment before each family in the files.
var familyDoc = map[Family]string{
	DI:         "DI(e), death by isolation: 2 x_e - sum of N(e) <= 0",
	DO:         "DO(e), death by overcrowding: 3 x_e + sum of N(e) <= 6",
	B1:         "B1(e), birth: sum of N(e) - 4 a_e <= 2",
	B2:         "B2(e), birth: sum of N(e) + 4 b_e >= 4",
	B3:         "B3(e), birth: a_e + b_e - x_e <= 1",
	BPrime:     "B'(e,S), birth, for each 3-subset S of N(e): -x_e + sum of S - sum of N(e)-S <= 2",
	Boundary:   "boundary: x_f + x_g + x_h <= 2 for a cell outside the box with exactly three neighbours f, g, h inside",
	Population: "the number of immortal cells, bounded",
}

// WriteLP writes m in CPLEX's LP format, which CBC, GLPK, HiGHS, SCIP and
// CPLEX read: a comment naming the model, "Maximize" and the objective
// (obj: the cells' x_e), "Subject To" and every constraint of m, named
// (see Constraint.Name), family by family, each family introduced by a
// comment that states it, "Binary" and every variable, "End". Variables
// are named as Var.String does (x_3_4 is the cell of column 3, row 4).
// Long lines are wrapped, as the format allows.
func (m *Model) WriteLP(w io.Writer) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "\\ %s\n", m.title())
	fmt.Fprintf(bw, "\\ %d variables, %d constraints\n", len(m.Vars), len(m.Constraints))
	bw.WriteString("Maximize\n obj:")
	m.lpTerms(bw, m.Objective())
	bw.WriteString("\nSubject To\n")
	var family Family
	for _, c := range m.Constraints {
		if c.Family != family {
			family = c.Family
			fmt.Fprintf(bw, "\\ %s\n", familyDoc[family])
		}
		fmt.Fprintf(bw, " %s:", c.Name(m))
		m.lpTerms(bw, c.Terms)
		fmt.Fprintf(bw, " %s %d\n", c.Rel, c.Bound)
	}
	bw.WriteString("Binary\n")
	for i := range m.Vars {
		fmt.Fprintf(bw, " %s", m.Name(i+1))
		if i%10 == 9 || i == len(m.Vars)-1 {
			bw.WriteByte('\n')
		}
	}
	bw.WriteString("End\n")
	return bw.Flush()
}

// lpTerms writes terms as LP does, " 2 x_0_0 - x_1_0 + ...", ten a line.
func (m *Model) lpTerms(w *bufio.Writer, terms []Term) {
	for i, t := range terms {
		if i > 0 && i%10 == 0 {
			w.WriteString("\n   ")
		}
		sign, coef := "+", t.Coef
		if coef < 0 {
			sign, coef = "-", -coef
		}
		if i == 0 && sign == "+" {
			sign = ""
		} else {
			sign += " "
		}
		if coef == 1 {
			fmt.Fprintf(w, " %s%s", sign, m.Name(t.Var))
		} else {
			fmt.Fprintf(w, " %s%d %s", sign, coef, m.Name(t.Var))
		}
	}
}

// WriteOPB writes m in the OPB format of the pseudo-Boolean competitions
// (linear, with integer coefficients), which gophersat, RoundingSat,
// Sat4j and the PB solvers read: the header "* #variable= N
// #constraint= M", comments naming the model and each variable (x1 =
// x_0_0, ...), the objective "min:" the negated number of immortal
// cells (-1 x1 -1 x2 ...: the format minimizes), then one constraint a
// line, each family introduced by a comment that states it. The format
// has only >= and =, so a constraint sum <= k is written -sum >= -k.
// The constraints that every 0-1 point meets (see Constraint.Trivial;
// DO at the corners of a box) are left out, and named in a comment: some
// readers, upstream gophersat's among them, fail on them. Upstream
// gophersat (v1.4.0) reads the files, but its optimizer takes no negative
// objective coefficient (with this objective it calls the empty board
// optimal for boxes up to 3 x 3 and fails on 4 x 4): for it, write the
// objective as "min: +1 ~x1 +1 ~x2 ... ;", the dead cells, which is the
// same up to the constant W*H.
func (m *Model) WriteOPB(w io.Writer) error {
	var kept []Constraint
	var trivial []string
	for _, c := range m.Constraints {
		if c.Trivial() {
			trivial = append(trivial, c.Name(m))
		} else {
			kept = append(kept, c)
		}
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "* #variable= %d #constraint= %d\n", len(m.Vars), len(kept))
	fmt.Fprintf(bw, "* %s\n", m.title())
	if len(trivial) > 0 {
		fmt.Fprintf(bw, "* left out, as every 0-1 point meets them: %s\n", strings.Join(trivial, " "))
	}
	for i := range m.Vars {
		fmt.Fprintf(bw, "* x%d = %s\n", i+1, m.Name(i+1))
	}
	bw.WriteString("* maximize the immortal cells: minimize their negation\nmin:")
	for _, t := range m.Objective() {
		fmt.Fprintf(bw, " %+d x%d", -t.Coef, t.Var)
	}
	bw.WriteString(" ;\n")
	var family Family
	for _, c := range kept {
		if c.Family != family {
			family = c.Family
			fmt.Fprintf(bw, "* %s\n", familyDoc[family])
		}
		sign := 1
		if c.Rel == LessEq {
			sign = -1
		}
		for i, t := range c.Terms {
			if i > 0 {
				bw.WriteByte(' ')
			}
			fmt.Fprintf(bw, "%+d x%d", sign*t.Coef, t.Var)
		}
		fmt.Fprintf(bw, " >= %d ;\n", sign*c.Bound)
	}
	return bw.Flush()
}
