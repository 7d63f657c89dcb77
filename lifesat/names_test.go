package lifesat_test

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/rule"
	"github.com/lifesat/lifesat/lifesat/tmpl"
)

// clauseKey is a clause in names, its literals sorted: clauses are sets.
func clauseKey(lits []string) string {
	s := slices.Clone(lits)
	slices.Sort(s)
	return strings.Join(s, " ")
}

// clausesOver are the clauses of the instance, in Knuth's names, all of
// whose literals have one of the prefixes, and at least one the prefix
// of want.
func clausesOver(in *lifesat.Instance, n lifesat.Names, want string, prefixes ...string) []string {
	var out []string
	for cl := range in.CNF.Clauses {
		var lits []string
		ok, has := true, false
		for _, l := range cl {
			s := n.Lit(l)
			name := strings.TrimPrefix(s, "~")
			if !slices.ContainsFunc(prefixes, func(p string) bool {
				return strings.HasPrefix(name, p) && len(name) > len(p) && isCount(name[len(p):]) || name == p
			}) {
				ok = false
			}
			if strings.HasPrefix(name, want) {
				has = true
			}
			lits = append(lits, s)
		}
		if ok && has {
			out = append(out, clauseKey(lits))
		}
	}
	slices.Sort(out)
	return out
}

// isCount reports whether s is a count suffix such as "2" (after the
// counter's letter).
func isCount(s string) bool {
	_, err := strconv.Atoi(s)
	return err == nil
}

// The clauses of sat-life-grid90 (the seed program; its Intro and its
// subroutines d, e, f, g, b, c, a and zprime), written out by hand in
// Knuth's names for one cell. A literal is a name, "~" for its negation.

// knuthPair is the six clauses of d, e, f and g: the pair count p of
// cells u and v.
func knuthPair(u, v, p string) []string {
	return []string{
		clauseKey([]string{"~" + u, p + "1"}),
		clauseKey([]string{"~" + v, p + "1"}),
		clauseKey([]string{"~" + u, "~" + v, p + "2"}),
		clauseKey([]string{u, v, "~" + p + "1"}),
		clauseKey([]string{u, "~" + p + "2"}),
		clauseKey([]string{v, "~" + p + "2"}),
	}
}

// knuthFour is the sixteen clauses of b (and of c): the count r of the
// two pair counts d and e.
func knuthFour(d, e, r string) []string {
	var out []string
	for j := range 3 {
		for k := range 3 {
			if j+k == 0 {
				continue
			}
			var atLeast, atMost []string
			if j > 0 {
				atLeast = append(atLeast, fmt.Sprintf("~%s%d", d, j))
				atMost = append(atMost, fmt.Sprintf("%s%d", d, 3-j))
			}
			if k > 0 {
				atLeast = append(atLeast, fmt.Sprintf("~%s%d", e, k))
				atMost = append(atMost, fmt.Sprintf("%s%d", e, 3-k))
			}
			atLeast = append(atLeast, fmt.Sprintf("%s%d", r, j+k))
			atMost = append(atMost, fmt.Sprintf("~%s%d", r, 5-j-k))
			out = append(out, clauseKey(atLeast), clauseKey(atMost))
		}
	}
	return out
}

// knuthEight is the 21 clauses of a: A2..A4 from B1..B4 and C1..C4.
func knuthEight(b, c, a string) []string {
	var out []string
	for j := range 5 {
		for k := range 5 {
			if j+k > 1 && j+k < 5 {
				var cl []string
				if j > 0 {
					cl = append(cl, fmt.Sprintf("~%s%d", b, j))
				}
				if k > 0 {
					cl = append(cl, fmt.Sprintf("~%s%d", c, k))
				}
				out = append(out, clauseKey(append(cl, fmt.Sprintf("%s%d", a, j+k))))
			}
		}
	}
	for j := range 5 {
		for k := range 5 {
			if j+k > 2 && j+k < 6 && j*k != 0 {
				out = append(out, clauseKey([]string{fmt.Sprintf("%s%d", b, j), fmt.Sprintf("%s%d", c, k), fmt.Sprintf("~%s%d", a, j+k-1)}))
			}
		}
	}
	return out
}

// sorted returns a sorted copy.
func sorted(s []string) []string {
	s = slices.Clone(s)
	slices.Sort(s)
	return s
}

// TestKnuthNamesOneCell reads the cone of cell (1, 1), "2a2", of a 4 x 4
// period-2 oscillator back in Knuth's names and compares it with the
// clauses of sat-life-grid90 written out by hand from the seed.
func TestKnuthNamesOneCell(t *testing.T) {
	in, err := lifesat.Encode(lifesat.Oscillator(2, 4, 4), &lifesat.Settings{
		Encoding: lifesat.Knuth, Diversify: lifesat.NoFlip, AnyPeriod: true, AllowEmpty: true})
	if err != nil {
		t.Fatal(err)
	}
	n, err := lifesat.KnuthNames(in)
	if err != nil {
		t.Fatal(err)
	}
	// Cells: x+1, the time code, y+1.
	for _, c := range []struct {
		t, x, y int
		name    string
	}{{0, 0, 0, "1a1"}, {0, 1, 1, "2a2"}, {1, 1, 1, "2b2"}, {0, 3, 2, "4a3"}, {1, 0, 3, "1b4"}} {
		if got := n.Lit(in.Cell(c.t, c.x, c.y)); got != c.name {
			t.Errorf("cell (%d, %d) of generation %d is %q, want %q", c.x, c.y, c.t, got, c.name)
		}
	}
	// Cell (1, 1) pairs with (0, 1): Knuth's rows 1 and 2 of column 2,
	// whose B is named at row 2. Its B adds the pair of row 1 (column 1:
	// D of column 0, row 2) and the pair of row 3 (column 3: E of column
	// 4); its C the pair of column 3, rows 2 and 3 (F of row 4, column 2)
	// and its own pair of the cells (2, 0) and (0, 1), "3a1" and "1a2".
	for _, c := range []struct {
		what     string
		got      []string
		want     []string
		redunant int // lifesat's extra at-most clauses
	}{
		{"next state (Knuth's five)", clausesOver(in, n, "2b2", "2a2A", "2a2", "2b2"), []string{
			clauseKey([]string{"~2a2A4", "~2b2"}),
			clauseKey([]string{"2a2A2", "~2b2"}),
			clauseKey([]string{"2a2A3", "2a2", "~2b2"}),
			clauseKey([]string{"~2a2A3", "2a2A4", "2b2"}),
			clauseKey([]string{"~2a2A2", "2a2A4", "~2a2", "2b2"}),
		}, 0},
		{"A (a)", clausesOver(in, n, "2a2A", "2a2A", "2a2B", "2a2C"), knuthEight("2a2B", "2a2C", "2a2A"), 0},
		{"B (b)", clausesOver(in, n, "2a2B", "2a2B", "2a0D", "2a4E"), knuthFour("2a0D", "2a4E", "2a2B"), 2},
		{"C (c)", clausesOver(in, n, "2a2C", "2a2C", "4a2F", "2a2G"), knuthFour("4a2F", "2a2G", "2a2C"), 2},
		{"D (d)", clausesOver(in, n, "2a0D", "2a0D", "1a1", "2a1"), knuthPair("1a1", "2a1", "2a0D"), 0},
		{"E (e)", clausesOver(in, n, "2a4E", "2a4E", "1a3", "2a3"), knuthPair("1a3", "2a3", "2a4E"), 0},
		{"F (f)", clausesOver(in, n, "4a2F", "4a2F", "3a2", "3a3"), knuthPair("3a2", "3a3", "4a2F"), 0},
		{"G (g)", clausesOver(in, n, "2a2G", "2a2G", "3a1", "1a2"), knuthPair("3a1", "1a2", "2a2G"), 0},
	} {
		want := sorted(c.want)
		if len(c.got) != len(want)+c.redunant {
			t.Errorf("%s: %d clauses, want Knuth's %d and %d more:\n%s", c.what, len(c.got), len(want), c.redunant, strings.Join(c.got, "\n"))
			continue
		}
		for _, w := range want {
			if !slices.Contains(c.got, w) {
				t.Errorf("%s: Knuth's clause %q is missing; lifesat's:\n%s", c.what, w, strings.Join(c.got, "\n"))
			}
		}
	}
}

// TestKnuthNamesCanonical checks the names of the cells under the
// quarter-turn symmetry against the rotation of sat-life-grid90's
// outclause, which names a cell (x, y) by the member of its orbit with
// x <= y and x + y <= n, and checks that no two variables share a name.
func TestKnuthNamesCanonical(t *testing.T) {
	for _, c := range []struct {
		name string
		p    lifesat.Problem
		s    lifesat.Settings
	}{
		{"C4 6x6", withSym(lifesat.Oscillator(2, 6, 6), life.C4), lifesat.Settings{Encoding: lifesat.Knuth}},
		{"C4 7x7 flipped", withSym(lifesat.Oscillator(3, 7, 7), life.C4), lifesat.Settings{Encoding: lifesat.Knuth, Diversify: lifesat.FlipAll, Seed: 3}},
		{"still 9x5 flipped", lifesat.StillLife(9, 5), lifesat.Settings{Encoding: lifesat.Knuth, Diversify: lifesat.FlipAll, Seed: 1}},
		{"ship", lifesat.Spaceship(4, 1, 1, 5, 5), lifesat.Settings{Encoding: lifesat.Knuth}},
		{"HighLife, population", withPop(lifesat.StillLife(6, 6), 8), lifesat.Settings{Encoding: lifesat.Knuth, Rule: rule.MustParse("B36/S23")}},
	} {
		t.Run(c.name, func(t *testing.T) {
			in, err := lifesat.Encode(c.p, &c.s)
			if err != nil {
				t.Fatal(err)
			}
			n, err := lifesat.KnuthNames(in)
			if err != nil {
				t.Fatal(err)
			}
			seen := map[string]int{}
			for v, name := range n {
				if name == "" {
					continue
				}
				if u, ok := seen[strings.TrimPrefix(name, "~")]; ok {
					t.Fatalf("variables %d and %d are both %q", u, v, name)
				}
				seen[strings.TrimPrefix(name, "~")] = v
			}
			side := c.p.Width
			for tt := range max(c.p.Period, 1) {
				for y := range c.p.Height {
					for x := range c.p.Width {
						kx, ky := x+1, y+1
						// outclause's loop; bounded, since the centre of
						// an odd box is its own orbit.
						for i := 0; c.p.Symmetry == life.C4 && i < 4 && (kx > ky || kx+ky > side); i++ {
							kx, ky = side+1-ky, kx
						}
						want := fmt.Sprintf("%d%c%d", kx, "abcdefgh"[tt], ky)
						got := strings.TrimPrefix(n.Lit(in.Cell(tt, x, y)), "~")
						if got != want {
							t.Fatalf("cell (%d, %d) of generation %d: %q, want %q", x, y, tt, got, want)
						}
						// The name is the cell's, unflipped: "~" exactly
						// when the variable is the cell's negation.
						if l := in.Cell(tt, x, y); strings.HasPrefix(n[l.Var()], "~") != l.Negative() {
							t.Fatalf("cell (%d, %d): variable %d named %q, cell literal %d", x, y, l.Var(), n[l.Var()], l)
						}
					}
				}
			}
		})
	}
}

func withSym(p lifesat.Problem, s life.Symmetry) lifesat.Problem { p.Symmetry = s; return p }
func withPop(p lifesat.Problem, n int) lifesat.Problem           { p.MinPop = n; return p }

func TestKnuthNamesErrors(t *testing.T) {
	tp := tmpl.New(4, 4, 1)
	for _, c := range []struct {
		name string
		p    lifesat.Problem
		s    lifesat.Settings
	}{
		{"direct", lifesat.StillLife(6, 6), lifesat.Settings{Encoding: lifesat.Direct}},
		{"direct oscillator", lifesat.Oscillator(2, 5, 5), lifesat.Settings{Encoding: lifesat.Direct, Diversify: lifesat.NoFlip}},
		{"hexagonal", lifesat.StillLife(5, 5), lifesat.Settings{Encoding: lifesat.Knuth, Rule: rule.MustParse("B2/S34H")}},
		{"template", lifesat.Reaction(tp), lifesat.Settings{Encoding: lifesat.Knuth}},
	} {
		t.Run(c.name, func(t *testing.T) {
			in, err := lifesat.Encode(c.p, &c.s)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := lifesat.KnuthNames(in); !errors.Is(err, lifesat.ErrNames) {
				t.Fatalf("got %v, want an error wrapping ErrNames", err)
			}
		})
	}
}

func ExampleKnuthNames() {
	// A 3 x 3 still life, Knuth-encoded, and the rule of its centre cell
	// (1, 1), "2a2", in Knuth's names: the next state of a still life is
	// the cell itself, so of the five clauses of sat-life-grid90 two
	// become true and three are left.
	in, err := lifesat.Encode(lifesat.StillLife(3, 3), &lifesat.Settings{Encoding: lifesat.Knuth, Diversify: lifesat.NoFlip})
	if err != nil {
		fmt.Println(err)
		return
	}
	n, err := lifesat.KnuthNames(in)
	if err != nil {
		fmt.Println(err)
		return
	}
	for cl := range in.CNF.Clauses {
		cell, count := false, false
		for _, l := range cl {
			name := strings.TrimPrefix(n.Lit(l), "~")
			cell = cell || name == "2a2"
			count = count || strings.HasPrefix(name, "2a2A")
		}
		if cell && count {
			fmt.Println(n.Clause(cl))
		}
	}
	// Output:
	// ~2a2 2a2A2
	// ~2a2 ~2a2A4
	// 2a2 ~2a2A3 2a2A4
}
