package ip_test

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lifesat/lifesat/lifesat/ip"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// TestGolden compares the LP and OPB files of both formulations for a
// 3x3 box with testdata/ip1-3x3.lp, .opb, ip2-3x3.lp and .opb, which were
// checked by hand against section 3 of the paper (and are solved by CBC
// and gophersat in TestCBC and TestUpstreamGophersat: 6 cells, OEIS
// A055397(3)). go test -update rewrites them.
func TestGolden(t *testing.T) {
	for _, f := range []ip.Formulation{ip.IP1, ip.IP2} {
		m, err := ip.New(3, 3, f)
		if err != nil {
			t.Fatal(err)
		}
		for _, format := range []string{"lp", "opb"} {
			var buf bytes.Buffer
			if format == "lp" {
				err = m.WriteLP(&buf)
			} else {
				err = m.WriteOPB(&buf)
			}
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", f.String()+"-3x3."+format)
			if *update {
				if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if got := buf.String(); got != string(want) {
				t.Errorf("%s differs from the model's %s file:\n%s", path, format, got)
			}
		}
	}
}

// TestOPBHeader checks the OPB header's counts against the lines of the
// file: one "min:" line, one line a constraint, each ending in " ;".
func TestOPBHeader(t *testing.T) {
	for _, f := range []ip.Formulation{ip.IP1, ip.IP2} {
		for _, n := range []int{1, 2, 5} {
			m, _ := ip.New(n, n+1, f)
			var buf bytes.Buffer
			if err := m.WriteOPB(&buf); err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
			var vars, cons, kept int
			if _, err := fmtSscanf(lines[0], "* #variable= %d #constraint= %d", &vars, &cons); err != nil {
				t.Fatalf("header %q: %v", lines[0], err)
			}
			objective := 0
			for _, l := range lines[1:] {
				switch {
				case strings.HasPrefix(l, "*"):
				case strings.HasPrefix(l, "min:"):
					objective++
				case strings.HasSuffix(l, " ;") && strings.Contains(l, " >= "):
					kept++
				default:
					t.Fatalf("%v %dx%d: unexpected line %q", f, n, n+1, l)
				}
			}
			trivial := 0
			for _, c := range m.Constraints {
				if c.Trivial() {
					trivial++
				}
			}
			if vars != len(m.Vars) || cons != kept || kept != len(m.Constraints)-trivial || objective != 1 {
				t.Errorf("%v %dx%d: header %d variables %d constraints; %d constraint lines, %d trivial of %d; %d objectives",
					f, n, n+1, vars, cons, kept, trivial, len(m.Constraints), objective)
			}
		}
	}
}

// TestTrivial checks Constraint.Trivial against all 0-1 points of each
// constraint of small models.
func TestTrivial(t *testing.T) {
	for _, f := range []ip.Formulation{ip.IP1, ip.IP2} {
		for _, box := range [][2]int{{1, 1}, {1, 3}, {2, 2}, {3, 3}, {4, 2}} {
			m, _ := ip.New(box[0], box[1], f)
			m.AtLeast(0)
			m.AtMost(box[0] * box[1])
			for _, c := range m.Constraints {
				all := true
				p := make([]bool, len(m.Vars)+1)
				for bits := 0; bits < 1<<len(c.Terms); bits++ {
					for i, term := range c.Terms {
						p[term.Var] = bits>>i&1 == 1
					}
					all = all && c.Holds(p)
				}
				if c.Trivial() != all {
					t.Errorf("%v %v: %s: Trivial %v, every point meets it %v", f, box, c.Name(m), c.Trivial(), all)
				}
			}
		}
	}
}

// A failing writer fails the writers.
func TestWriteError(t *testing.T) {
	m, _ := ip.New(9, 9, ip.IP2)
	if err := m.WriteLP(failWriter{}); !errors.Is(err, errWrite) {
		t.Errorf("WriteLP: %v", err)
	}
	if err := m.WriteOPB(failWriter{}); !errors.Is(err, errWrite) {
		t.Errorf("WriteOPB: %v", err)
	}
}

var errWrite = errors.New("write failed")

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errWrite }

func fmtSscanf(s, format string, args ...any) (int, error) { return fmt.Sscanf(s, format, args...) }
