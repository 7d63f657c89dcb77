package ip_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lifesat/lifesat/lifesat/ip"
)

// TestReadCBC reads solution files that CBC 2.10.8 (Debian's coinor-cbc)
// wrote for the LP files of testdata ("cbc FILE.lp [cutoff C] [sec S]
// solve solu OUT"): the optima of the 3x3 box are still lifes of 6
// cells (OEIS A055397(3) = 6: https://oeis.org/A055397) that meet every
// constraint; the cutoff 6 (CBC's cutoff is strict: better than 6) has
// none; a 7x7 run stopped after 1 s has a point, not proved best, and one
// stopped at once has none.
func TestReadCBC(t *testing.T) {
	for _, c := range []struct {
		file   string
		w, h   int
		f      ip.Formulation
		status ip.Status
		value  int // the point's population, -1 without a point
	}{
		{"cbc-ip1-3x3.sol", 3, 3, ip.IP1, ip.Optimal, 6},
		{"cbc-ip2-3x3.sol", 3, 3, ip.IP2, ip.Optimal, 6},
		{"cbc-ip2-3x3-cutoff6.sol", 3, 3, ip.IP2, ip.Infeasible, -1},
		{"cbc-ip2-7x7-1s.sol", 7, 7, ip.IP2, ip.Stopped, 17},
		{"cbc-ip2-7x7-0s.sol", 7, 7, ip.IP2, ip.NoPoint, -1},
	} {
		m, err := ip.New(c.w, c.h, c.f)
		if err != nil {
			t.Fatal(err)
		}
		f, err := os.Open(filepath.Join("testdata", c.file))
		if err != nil {
			t.Fatal(err)
		}
		sol, err := ip.ReadCBC(f, m)
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", c.file, err)
		}
		if sol.Status != c.status {
			t.Errorf("%s: status %v, want %v", c.file, sol.Status, c.status)
		}
		if c.value < 0 {
			if sol.Point != nil {
				t.Errorf("%s: a point, want none", c.file)
			}
			continue
		}
		if err := m.Check(sol.Point); err != nil {
			t.Errorf("%s: %v", c.file, err)
		}
		b := m.Board(sol.Point)
		if err := ip.StillLife(b); err != nil {
			t.Errorf("%s: %v:\n%v", c.file, err, b)
		}
		if b.Population() != c.value || int(sol.Objective) != c.value {
			t.Errorf("%s: population %d, objective %v, want %d", c.file, b.Population(), sol.Objective, c.value)
		}
	}
}

func TestReadCBCErrors(t *testing.T) {
	m, _ := ip.New(2, 2, ip.IP2)
	for _, text := range []string{
		"",
		"Optimal\n",
		"Optimal - objective value many\n",
		"Optimal - objective value NaN\n",
		"Happy - objective value 4\n",
		"Optimal - objective value 4\n 0 x_0_0 1\n",
		"Optimal - objective value 4\n 0 x_9_9 1 0\n",
		"Optimal - objective value 4\n 0 x_0_0 1 0\n 1 x_0_0 1 0\n",
		"Optimal - objective value 4\n 0 x_0_0 0.5 0\n",
		"Optimal - objective value 4\n zero x_0_0 1 0\n",
		"Optimal - objective value 4\n 0 x_0_0 one 0\n",
		"Optimal - objective value 4\n" + strings.Repeat("x", 1<<17) + "\n",
	} {
		if _, err := ip.ReadCBC(strings.NewReader(text), m); !errors.Is(err, ip.ErrSolution) {
			t.Errorf("%.60q: %v, want ErrSolution", text, err)
		}
	}
}

func FuzzReadCBC(f *testing.F) {
	files, _ := filepath.Glob("testdata/cbc-*.sol")
	for _, name := range files {
		if data, err := os.ReadFile(name); err == nil && strings.Contains(name, "3x3") {
			f.Add(string(data))
		}
	}
	f.Add("Stopped on time - objective value 3\n 0 x_1_1 1 0\n")
	m, _ := ip.New(3, 3, ip.IP1)
	f.Fuzz(func(t *testing.T, text string) {
		sol, err := ip.ReadCBC(strings.NewReader(text), m)
		if err != nil {
			if !errors.Is(err, ip.ErrSolution) {
				t.Fatalf("error %v does not wrap ErrSolution", err)
			}
			return
		}
		hasPoint := sol.Status == ip.Optimal || sol.Status == ip.Stopped
		if hasPoint != (sol.Point != nil) || sol.Point != nil && len(sol.Point) != len(m.Vars)+1 {
			t.Fatalf("status %v with a point of %d", sol.Status, len(sol.Point))
		}
	})
}
