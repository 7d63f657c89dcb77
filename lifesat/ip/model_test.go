package ip_test

import (
	"errors"
	"fmt"
	"image"
	"os"
	"testing"

	"github.com/lifesat/lifesat/lifesat/ip"
	"github.com/lifesat/lifesat/lifesat/life"
)

// board is the board of the w*h low bits of bits, row by row.
func board(w, h int, bits uint64) *life.Board {
	b := life.NewBoard(w, h)
	for i := range w * h {
		b.Set(i%w, i/w, bits>>i&1 == 1)
	}
	return b
}

// TestFeasibleAreStillLifes checks, over every board of every box up to
// 12 cells (3x4, 2x6, 1x12 ...; 16 cells with LIFESAT_STRESS), that a board set into the model as
// Point sets it (IP1's a_e and b_e as B1 and B2 force them) meets every
// constraint exactly when it is a still life: Step of the board with a
// ring of dead cells around it gives it back. For IP1 it also checks
// that no other choice of a_e and b_e makes a board that is not a still
// life feasible: a_e and b_e appear only in their own cell's B1, B2 and
// B3 (checked), so it is enough to try the four values of (a_e, b_e) at
// each cell on its own.
func TestFeasibleAreStillLifes(t *testing.T) {
	most := 12
	if os.Getenv("LIFESAT_STRESS") != "" {
		most = 16
	}
	for w := 1; w <= most; w++ {
		for h := 1; w*h <= most; h++ {
			for _, f := range []ip.Formulation{ip.IP1, ip.IP2} {
				checkBox(t, w, h, f)
			}
		}
	}
}

func checkBox(t *testing.T, w, h int, f ip.Formulation) {
	m, err := ip.New(w, h, f)
	if err != nil {
		t.Fatal(err)
	}
	cells := w * h
	var byCell [][]ip.Constraint // IP1's B1, B2, B3 of each cell
	if f == ip.IP1 {
		byCell = make([][]ip.Constraint, cells)
		for _, c := range m.Constraints {
			aux := false
			for _, term := range c.Terms {
				if term.Var > cells {
					aux = true
					e := (term.Var - 1) % cells
					if (c.Family != ip.B1 && c.Family != ip.B2 && c.Family != ip.B3) || e != c.Cell.Y*w+c.Cell.X {
						t.Fatalf("%dx%d: %s names %s, not its own cell's a_e or b_e", w, h, c.Name(m), m.Name(term.Var))
					}
				}
			}
			if aux {
				byCell[c.Cell.Y*w+c.Cell.X] = append(byCell[c.Cell.Y*w+c.Cell.X], c)
			}
		}
	}
	still := 0
	for bits := uint64(0); bits < 1<<cells; bits++ {
		b := board(w, h, bits)
		isStill := ip.StillLife(b) == nil
		p := m.Point(b)
		feasible := holds(m, p)
		if feasible != isStill {
			t.Fatalf("%v %dx%d: board %b: feasible %v (%v), still life %v", f, w, h, bits, feasible, m.Check(p), isStill)
		}
		if isStill {
			still++
			if got := m.Board(p); !got.Equal(b) {
				t.Fatalf("%v %dx%d: Board(Point(b)) is not b", f, w, h)
			}
		}
		if f == ip.IP1 && !isStill && anyAux(m, p, byCell) {
			t.Fatalf("IP1 %dx%d: board %b is not a still life, yet some a_e, b_e make it feasible", w, h, bits)
		}
	}
	if still == 0 {
		t.Fatalf("%dx%d: no still life at all (the empty board is one)", w, h)
	}
}

// holds reports whether p meets every constraint of m (Check, without
// the error).
func holds(m *ip.Model, p []bool) bool {
	for _, c := range m.Constraints {
		if !c.Holds(p) {
			return false
		}
	}
	return true
}

// anyAux reports whether some values of the auxiliary variables make p
// feasible, each cell's pair tried on its own.
func anyAux(m *ip.Model, p []bool, byCell [][]ip.Constraint) bool {
	cells := m.Width * m.Height
	q := append([]bool(nil), p...)
	for _, c := range m.Constraints {
		if c.Family != ip.B1 && c.Family != ip.B2 && c.Family != ip.B3 && !c.Holds(q) {
			return false
		}
	}
	for e := range cells {
		ok := false
		for ab := range 4 {
			q[cells+e+1], q[2*cells+e+1] = ab&1 == 1, ab&2 == 2
			all := true
			for _, c := range byCell[e] {
				all = all && c.Holds(q)
			}
			ok = ok || all
		}
		if !ok {
			return false
		}
	}
	return true
}

// TestAllPointsOfIP1 enumerates every point of IP1, auxiliary variables
// included, for boxes of at most 6 cells (2^18 points): the feasible
// points are exactly those whose board is a still life, with some values
// of a_e and b_e, and every still life has one.
func TestAllPointsOfIP1(t *testing.T) {
	for _, box := range []image.Point{{1, 1}, {1, 4}, {2, 2}, {2, 3}, {3, 2}, {1, 6}} {
		m, err := ip.New(box.X, box.Y, ip.IP1)
		if err != nil {
			t.Fatal(err)
		}
		cells := box.X * box.Y
		reached := map[string]bool{}
		p := make([]bool, 3*cells+1)
		for bits := uint64(0); bits < 1<<(3*cells); bits++ {
			for v := 1; v <= 3*cells; v++ {
				p[v] = bits>>(v-1)&1 == 1
			}
			if !holds(m, p) {
				continue
			}
			b := m.Board(p)
			if err := ip.StillLife(b); err != nil {
				t.Fatalf("IP1 %v: a feasible point whose board is no still life:\n%v", box, b)
			}
			reached[b.String()] = true
		}
		for bits := uint64(0); bits < 1<<cells; bits++ {
			b := board(box.X, box.Y, bits)
			if ip.StillLife(b) == nil && !reached[b.String()] {
				t.Fatalf("IP1 %v: the still life\n%vhas no feasible point", box, b)
			}
		}
	}
}

// TestSizes counts variables and constraints against formulas from the
// paper's definitions: IP1 has x_e, a_e, b_e a cell (three times IP2's
// variables, as Bosch says in section 3.3) and five constraints a cell;
// IP2 has x_e, DI and DO a cell and C(k, 3) B'(e, S) for a cell with k
// neighbours in the box (56 inside, 10 on a side, 1 at a corner); both
// have a boundary constraint for each cell next to a side but not next
// to a corner: 4(n-2) for n x n.
func TestSizes(t *testing.T) {
	for n := 3; n <= 12; n++ {
		boundary := 4 * (n - 2)
		bprime := (n-2)*(n-2)*56 + 4*(n-2)*10 + 4*1
		for _, c := range []struct {
			f          ip.Formulation
			vars, cons int
		}{
			{ip.IP1, 3 * n * n, 5*n*n + boundary},
			{ip.IP2, n * n, 2*n*n + bprime + boundary},
		} {
			m, err := ip.New(n, n, c.f)
			if err != nil {
				t.Fatal(err)
			}
			if len(m.Vars) != c.vars || len(m.Constraints) != c.cons {
				t.Errorf("%v %dx%d: %d variables and %d constraints, want %d and %d", c.f, n, n, len(m.Vars), len(m.Constraints), c.vars, c.cons)
			}
		}
	}
}

// TestFamilies checks the families' coefficients on an inside cell of a
// 5x5 box against Bosch's statement of them (section 3.2 and figure 6):
// DI is 2 on e and -1 on its 8 neighbours, <= 0; DO 3 and 1, <= 6; B1
// 1 on the neighbours and -4 on a_e, <= 2; B2 1 and 4 on b_e, >= 4; B3
// a_e + b_e - x_e <= 1; B'(e, S) -1 on e, 1 on S, -1 on the other 5,
// <= 2.
func TestFamilies(t *testing.T) {
	e := image.Pt(2, 2)
	want := map[ip.Family]struct {
		onE, onN, onA, onB int
		rel                ip.Relation
		bound              int
	}{
		ip.DI: {2, -1, 0, 0, ip.LessEq, 0},
		ip.DO: {3, 1, 0, 0, ip.LessEq, 6},
		ip.B1: {0, 1, -4, 0, ip.LessEq, 2},
		ip.B2: {0, 1, 0, 4, ip.GreaterEq, 4},
		ip.B3: {-1, 0, 1, 1, ip.LessEq, 1},
	}
	for _, f := range []ip.Formulation{ip.IP1, ip.IP2} {
		m, _ := ip.New(5, 5, f)
		seen := map[ip.Family]int{}
		for _, c := range m.Constraints {
			if c.Cell != e {
				continue
			}
			seen[c.Family]++
			coef := map[string]int{}
			for _, term := range c.Terms {
				coef[m.Name(term.Var)] += term.Coef
			}
			if c.Family == ip.BPrime {
				if len(c.S) != 3 || len(coef) != 9 || coef["x_2_2"] != -1 || c.Rel != ip.LessEq || c.Bound != 2 {
					t.Fatalf("%s: %v %v %d", c.Name(m), coef, c.Rel, c.Bound)
				}
				plus := 0
				for _, k := range coef {
					if k == 1 {
						plus++
					}
				}
				if plus != 3 {
					t.Fatalf("%s: %d coefficients +1, want 3 (S)", c.Name(m), plus)
				}
				continue
			}
			w := want[c.Family]
			for name, k := range coef {
				var exp int
				switch name[0] {
				case 'x':
					exp = w.onN
					if name == "x_2_2" {
						exp = w.onE
					}
				case 'a':
					exp = w.onA
				case 'b':
					exp = w.onB
				}
				if k != exp || name[2:] != "2_2" && name[0] != 'x' {
					t.Errorf("%s: %d %s, want %d", c.Name(m), k, name, exp)
				}
			}
			if c.Rel != w.rel || c.Bound != w.bound {
				t.Errorf("%s: %v %d, want %v %d", c.Name(m), c.Rel, c.Bound, w.rel, w.bound)
			}
		}
		if f == ip.IP2 && seen[ip.BPrime] != 56 {
			t.Errorf("IP2: %d B'(e, S) for an inside cell, want C(8,3) = 56", seen[ip.BPrime])
		}
		if f == ip.IP1 && (seen[ip.B1] != 1 || seen[ip.B2] != 1 || seen[ip.B3] != 1 || seen[ip.BPrime] != 0) {
			t.Errorf("IP1: families of an inside cell %v", seen)
		}
	}
}

func TestNewErrors(t *testing.T) {
	for _, c := range []struct {
		w, h int
		f    ip.Formulation
	}{
		{0, 3, ip.IP1}, {3, -1, ip.IP2}, {ip.MaxSide + 1, 1, ip.IP1}, {200, 200, ip.IP2}, {3, 3, 0}, {3, 3, 7},
	} {
		if _, err := ip.New(c.w, c.h, c.f); !errors.Is(err, ip.ErrModel) {
			t.Errorf("New(%d, %d, %v): %v, want ErrModel", c.w, c.h, c.f, err)
		}
	}
	for _, s := range []string{"ip1", "IP2", "Ip1"} {
		if _, err := ip.ParseFormulation(s); err != nil {
			t.Errorf("ParseFormulation(%q): %v", s, err)
		}
	}
	for _, s := range []string{"", "ip3", "ip", "1", "ip1 "} {
		if _, err := ip.ParseFormulation(s); !errors.Is(err, ip.ErrModel) {
			t.Errorf("ParseFormulation(%q): %v, want ErrModel", s, err)
		}
	}
}

// TestPopulationBounds checks AtLeast and AtMost on every board of a
// 3x3 box.
func TestPopulationBounds(t *testing.T) {
	m, _ := ip.New(3, 3, ip.IP2)
	m.AtLeast(5)
	m.AtMost(6)
	for bits := uint64(0); bits < 1<<9; bits++ {
		b := board(3, 3, bits)
		want := ip.StillLife(b) == nil && b.Population() >= 5 && b.Population() <= 6
		if got := m.Check(m.Point(b)) == nil; got != want {
			t.Fatalf("board %b: feasible %v, want %v", bits, got, want)
		}
	}
}

func FuzzParseFormulation(f *testing.F) {
	for _, s := range []string{"ip1", "IP2", "ip", "ip12", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g, err := ip.ParseFormulation(s)
		if err != nil {
			return
		}
		if h, err := ip.ParseFormulation(g.String()); err != nil || h != g {
			t.Fatalf("%q reads as %v, which reads back as %v, %v", s, g, h, err)
		}
		if _, err := ip.New(2, 2, g); err != nil {
			t.Fatal(fmt.Errorf("a formulation that parses: %w", err))
		}
	})
}
