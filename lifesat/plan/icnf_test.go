package plan_test

import (
	"bufio"
	"bytes"
	"context"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/job"
	"github.com/lifesat/lifesat/lifesat/plan"
)

// cadicalCubes runs cadical on an iCNF and returns its verdict per cube,
// in order (it stops at the first satisfiable cube), and the model of
// that cube, model[v] the value of variable v.
func cadicalCubes(t *testing.T, icnf []byte, nvars int) (verdicts []string, model []bool) {
	t.Helper()
	cmd := exec.Command("cadical", "-") // its verbose output names each cube
	cmd.Stdin = bytes.NewReader(icnf)
	out, err := cmd.Output()
	if _, ok := err.(*exec.ExitError); err != nil && !ok {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		switch {
		case len(f) >= 4 && f[0] == "c" && f[1] == "CUBE":
			if n, err := strconv.Atoi(f[2]); err != nil || n != len(verdicts)+1 {
				t.Fatalf("cadical: %q out of order", sc.Text())
			}
			verdicts = append(verdicts, f[3])
		case len(f) > 0 && f[0] == "v":
			if model == nil {
				model = make([]bool, nvars+1)
			}
			for _, s := range f[1:] {
				l, err := strconv.Atoi(s)
				if err != nil || l > nvars || -l > nvars {
					t.Fatalf("cadical: bad value %q", s)
				}
				if l > 0 {
					model[l] = true
				}
			}
		}
	}
	return verdicts, model
}

// TestICNFAgreesWithTasks: cadical, given a split as iCNF, finds the
// cubes before the first task with an answer empty and that task's cube
// satisfiable, with a model that decodes to an answer of that task; for
// a split without answers it proves every cube empty, as the tasks do.
func TestICNFAgreesWithTasks(t *testing.T) {
	if _, err := exec.LookPath("cadical"); err != nil {
		t.Skip("cadical is not installed")
	}
	for _, p := range []lifesat.Problem{lifesat.Oscillator(2, 6, 6), lifesat.Spaceship(2, 1, 0, 5, 5), lifesat.Spaceship(4, 2, 0, 7, 6)} {
		m := splitManifest(t, p, 8)
		var buf bytes.Buffer
		in, err := m.WriteICNF(context.Background(), &buf)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
		var header, cubes int
		for _, l := range lines {
			switch {
			case l == "p inccnf":
				header++
			case strings.HasPrefix(l, "p "):
				t.Fatalf("%v: header %q", p, l)
			case strings.HasPrefix(l, "a "):
				if got, want := len(strings.Fields(l))-2, len(m.Tasks[cubes].Spec.Known); got != want {
					t.Errorf("%v: cube %d has %d literals, task %d knows %d cells", p, cubes+1, got, cubes, want)
				}
				cubes++
			}
		}
		if header != 1 || cubes != len(m.Tasks) {
			t.Fatalf("%v: %d headers, %d cubes for %d tasks", p, header, cubes, len(m.Tasks))
		}
		dir := t.TempDir()
		runAll(t, m, dir)
		verdicts, model := cadicalCubes(t, buf.Bytes(), in.CNF.NumVars())
		for i, v := range verdicts {
			rec, err := plan.ReadRecord(&m.Header, &m.Tasks[i], dir)
			if err != nil || rec == nil {
				t.Fatalf("%v: task %d: %v, %v", p, i, rec, err)
			}
			want := map[string]string{job.Found: "SATISFIABLE", job.None: "UNSATISFIABLE"}[rec.Result.Status]
			if v != want {
				t.Errorf("%v: cube %d is %s to cadical, task %d %s", p, i+1, v, i, rec.Result.Status)
			}
			if v == "SATISFIABLE" {
				q, s, err := m.Tasks[i].Spec.Search()
				if err != nil {
					t.Fatal(err)
				}
				if err := q.Check(in.Decode(model), s); err != nil {
					t.Errorf("%v: cadical's model of cube %d: %v", p, i+1, err)
				}
			}
		}
		tab, err := plan.Collect(m, dir)
		if err != nil {
			t.Fatal(err)
		}
		switch tab.Summary.Verdict {
		case plan.VerdictFound:
			if strconv.Itoa(len(verdicts)-1) != tab.Summary.FoundBy {
				t.Errorf("%v: cadical stopped after cube %d; task %s found the answer", p, len(verdicts), tab.Summary.FoundBy)
			}
		case plan.VerdictNone:
			if len(verdicts) != len(m.Tasks) {
				t.Errorf("%v: cadical proved %d cubes of %d", p, len(verdicts), len(m.Tasks))
			}
		default:
			t.Errorf("%v: %s", p, tab.Summary.Verdict)
		}
	}
}
