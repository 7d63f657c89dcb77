package ip_test

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/crillab/gophersat/solver"
	"github.com/lifesat/lifesat/lifesat/ip"
)

// TestUpstreamGophersat hands the OPB files to upstream gophersat v1.4.0
// (github.com/crillab/gophersat, the reference of lifesat's copy), whose
// solver.ParseOPB reads them for n x n boxes, n = 1..9, both
// formulations. Its Minimize takes only positive objective coefficients
// (with the file's min: -1 x1 ... it called the empty 3x3 board optimal
// and panicked on 4x4, measured here), so the test solves each file with
// the objective written as the equivalent "min: +1 ~x1 +1 ~x2 ... ;"
// (the dead cells: n^2 minus the live ones): the optimum is OEIS
// A055397's (https://oeis.org/A055397) for n = 1..5 (..7 with
// LIFESAT_STRESS), and the model, read back as a point, meets every
// constraint and is a still life by Step.
func TestUpstreamGophersat(t *testing.T) {
	a055397 := []int{0, 4, 6, 8, 16, 18, 28, 36, 43}
	solveUpTo := 5
	if os.Getenv("LIFESAT_STRESS") != "" {
		solveUpTo = 7
	}
	for _, f := range []ip.Formulation{ip.IP1, ip.IP2} {
		for n := 1; n <= 9; n++ {
			m, err := ip.New(n, n, f)
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			if err := m.WriteOPB(&buf); err != nil {
				t.Fatal(err)
			}
			if _, err := solver.ParseOPB(bytes.NewReader(buf.Bytes())); err != nil {
				t.Fatalf("%v %dx%d: upstream does not read the OPB file: %v", f, n, n, err)
			}
			if n > solveUpTo {
				continue
			}
			var lines []string
			for _, l := range strings.Split(buf.String(), "\n") {
				if strings.HasPrefix(l, "min:") {
					l = strings.ReplaceAll(l, "-1 x", "+1 ~x")
				}
				lines = append(lines, l)
			}
			pb, err := solver.ParseOPB(strings.NewReader(strings.Join(lines, "\n")))
			if err != nil {
				t.Fatal(err)
			}
			s := solver.New(pb)
			dead := s.Minimize()
			p := make([]bool, len(m.Vars)+1)
			copy(p[1:], s.Model())
			b := m.Board(p)
			if err := m.Check(p); err != nil {
				t.Fatalf("%v %dx%d: upstream's model: %v", f, n, n, err)
			}
			if err := ip.StillLife(b); err != nil {
				t.Fatalf("%v %dx%d: upstream's model: %v", f, n, n, err)
			}
			if b.Population() != a055397[n-1] || dead != n*n-a055397[n-1] {
				t.Errorf("%v %dx%d: upstream's optimum has %d live cells (cost %d), want %d", f, n, n, b.Population(), dead, a055397[n-1])
			}
		}
	}
}
