package plan_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/drat"
	"github.com/lifesat/lifesat/lifesat/job"
	"github.com/lifesat/lifesat/lifesat/logic"
	"github.com/lifesat/lifesat/lifesat/plan"
)

// proofSplit cuts p into n cubes, with proofs in format, each cube
// re-split into 2 at its limit (an hour: the tests use TimeUp).
func proofSplit(t *testing.T, p lifesat.Problem, n int, format logic.ProofFormat) *plan.Manifest {
	t.Helper()
	m, err := plan.Split(context.Background(), p, &lifesat.Settings{Seed: 1},
		&plan.SplitOptions{CutOptions: plan.CutOptions{Cubes: n}, Limit: time.Hour, Resplit: 2, Proofs: true, ProofFormat: format})
	if err != nil {
		t.Fatal(err)
	}
	if m.Header.Proofs != format.String() {
		t.Fatalf("the header's proofs are %q, want %q", m.Header.Proofs, format)
	}
	return m
}

// workAll runs every task of the split m in dir, re-splits' sub-cubes
// included, as one worker.
func workAll(t *testing.T, m *plan.Manifest, dir string) {
	t.Helper()
	if err := plan.Work(context.Background(), &m.Header, m.Tasks[:1], m, dir, nil); err != nil {
		t.Fatal(err)
	}
}

// record reads and rewrites task tk's result file.
func record(t *testing.T, dir string, tk *plan.Task, change func(*plan.Record)) {
	t.Helper()
	path := filepath.Join(dir, tk.File())
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var r plan.Record
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatal(err)
	}
	change(&r)
	if data, err = json.Marshal(&r); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// refused wants Collect to refuse the results, naming task name and
// saying why.
func refused(t *testing.T, m *plan.Manifest, dir, name, why string) {
	t.Helper()
	tab, err := plan.Collect(m, dir)
	if !errors.Is(err, plan.ErrResult) || !strings.Contains(err.Error(), "task "+name) || !strings.Contains(err.Error(), why) {
		t.Fatalf("Collect: %v (table %+v); want a refusal of task %s: %s", err, tab, name, why)
	}
}

// TestProofsNone: no still life of 1 to 3 cells fits in 4x4 (the whole
// search says so); split into 4 cubes with proofs in either format, each
// task writes the proof of its "none" beside its result, and Collect
// says none exists only after verifying all four. Each proof is checked
// again here, apart from Collect: its folder by drat.CheckDir, its
// formula against lifesat cnf's text of the cube's search.
func TestProofsNone(t *testing.T) {
	p := lifesat.StillLife(4, 4)
	p.MaxPop = 3
	if res, err := lifesat.Search(context.Background(), p, &lifesat.Settings{Seed: 1}); err != nil || res.Status != logic.Unsat {
		t.Fatalf("the whole search: %+v, %v", res, err)
	}
	for _, format := range []logic.ProofFormat{logic.DRAT, logic.LRAT} {
		t.Run(format.String(), func(t *testing.T) {
			m := proofSplit(t, p, 4, format)
			dir := t.TempDir()
			workAll(t, m, dir)
			tab, err := plan.Collect(m, dir)
			if err != nil {
				t.Fatal(err)
			}
			s := tab.Summary
			if s.Verdict != plan.VerdictNone || s.Verified != 4 || s.Proofs != format.String() {
				t.Fatalf("summary %+v", s)
			}
			for i := range m.Tasks {
				tk := &m.Tasks[i]
				if tab.Rows[i].Proof != tk.ProofDir() {
					t.Errorf("row %d: proof %q, want %q", i, tab.Rows[i].Proof, tk.ProofDir())
				}
				pdir := filepath.Join(dir, tk.ProofDir())
				proof, res, err := drat.CheckDir(context.Background(), pdir, nil)
				if err != nil || !res.Verified || filepath.Base(proof) != map[logic.ProofFormat]string{logic.DRAT: drat.DRATFile, logic.LRAT: drat.LRATFile}[format] {
					t.Errorf("task %d: %s: %v, %v", i, proof, res, err)
				}
				q, set, err := tk.Spec.Search()
				if err != nil {
					t.Fatal(err)
				}
				in, err := lifesat.Encode(q, set)
				if err != nil {
					t.Fatal(err)
				}
				var want bytes.Buffer
				in.CNF.WriteDIMACS(&want)
				if got, _ := os.ReadFile(filepath.Join(pdir, drat.FormulaFile)); !bytes.Equal(got, want.Bytes()) {
					t.Errorf("task %d: the proof's formula is not its cube's", i)
				}
			}
			if left, _ := filepath.Glob(filepath.Join(dir, ".*")); len(left) > 0 {
				t.Errorf("temporary files left: %q", left)
			}
		})
	}
}

// TestProofsRefused: what Collect refuses of a split with proofs, each
// naming the task: a found result rewritten as "none" (the forgery that
// passes without proofs), a "none" whose proof is another cube's (hashes
// and all), a proof whose file was changed, and a proof without its
// empty clause (with its hash mended).
func TestProofsRefused(t *testing.T) {
	p := lifesat.Oscillator(2, 3, 3) // the blinker: cube 0 (the centre alive) has it, cube 1 none
	fresh := func(t *testing.T, proofs bool) (*plan.Manifest, string) {
		m, err := plan.Split(context.Background(), p, &lifesat.Settings{Seed: 1},
			&plan.SplitOptions{CutOptions: plan.CutOptions{Cubes: 2}, Proofs: proofs})
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		for i := range m.Tasks {
			// Each cube run alone, so that the found one does not stop
			// the other.
			os.Remove(filepath.Join(dir, plan.FoundFile))
			if rec, _, err := plan.RunTask(context.Background(), &m.Header, &m.Tasks[i], dir, nil); err != nil || rec.Status() != map[int]string{0: job.Found, 1: job.None}[i] {
				t.Fatalf("task %d: %+v, %v", i, rec, err)
			}
		}
		return m, dir
	}
	forge := func(r *plan.Record) { r.Result.Status, r.Result.Patterns = job.None, nil }

	t.Run("forged none", func(t *testing.T) {
		for _, proofs := range []bool{false, true} {
			m, dir := fresh(t, proofs)
			record(t, dir, &m.Tasks[0], forge)
			os.Remove(filepath.Join(dir, plan.FoundFile))
			if !proofs {
				// What issue 36 measured: the forgery passes.
				tab, err := plan.Collect(m, dir)
				if err != nil || tab.Summary.Verdict != plan.VerdictNone || tab.Summary.Proofs != "" {
					t.Fatalf("without proofs: %+v, %v", tab, err)
				}
				continue
			}
			refused(t, m, dir, "", `task-000000.json: the result "none" has no proof`)
		}
	})
	t.Run("another cube's proof", func(t *testing.T) {
		m, dir := fresh(t, true)
		var other *plan.ProofRef
		record(t, dir, &m.Tasks[1], func(r *plan.Record) { other = r.Proof })
		src, dst := filepath.Join(dir, m.Tasks[1].ProofDir()), filepath.Join(dir, m.Tasks[0].ProofDir())
		if err := os.CopyFS(dst, os.DirFS(src)); err != nil {
			t.Fatal(err)
		}
		record(t, dir, &m.Tasks[0], func(r *plan.Record) {
			forge(r)
			r.Proof = &plan.ProofRef{Dir: m.Tasks[0].ProofDir(), Formula: other.Formula, Proof: other.Proof, ProofBytes: other.ProofBytes}
		})
		refused(t, m, dir, "0", "the formula of its proof is not its cube's formula")
	})
	t.Run("changed proof", func(t *testing.T) {
		q := lifesat.StillLife(4, 4)
		q.MaxPop = 3 // none in either cube
		m, err := plan.Split(context.Background(), q, &lifesat.Settings{Seed: 1},
			&plan.SplitOptions{CutOptions: plan.CutOptions{Cubes: 2}, Proofs: true})
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		runAll(t, m, dir)
		path := filepath.Join(dir, m.Tasks[1].ProofDir(), drat.DRATFile)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		// The empty clause removed: no longer a proof.
		cut := bytes.TrimSuffix(data, []byte("0\n"))
		if len(cut) == len(data) {
			t.Fatalf("the proof does not end with the empty clause: %q", data)
		}
		os.WriteFile(path, cut, 0o644)
		refused(t, m, dir, "1", "hashes to")
		// Its hash mended in the record: the checker refuses it.
		record(t, dir, &m.Tasks[1], func(r *plan.Record) {
			r.Proof.Proof = sha256Text(cut)
			r.Proof.ProofBytes = int64(len(cut))
		})
		refused(t, m, dir, "1", "its proof does not verify: refuted")
		// Gone.
		os.RemoveAll(filepath.Join(dir, m.Tasks[1].ProofDir()))
		refused(t, m, dir, "1", "no such file")
	})
}

// TestProofsResplit: a sub-cube of a re-split writes its proof in its own
// folder (task-000000.1.proof), and Collect verifies the leaves' proofs,
// not the re-split task's, which has none.
func TestProofsResplit(t *testing.T) {
	m := proofSplit(t, lifesat.Spaceship(2, 1, 0, 5, 5), 2, logic.DRAT) // no c/2 ship in 5x5
	dir := t.TempDir()
	splitNow(t, m, &m.Tasks[0], dir)
	workAll(t, m, dir)
	tab, err := plan.Collect(m, dir)
	if err != nil {
		t.Fatal(err)
	}
	s := tab.Summary
	if s.Verdict != plan.VerdictNone || s.Split != 1 || s.Verified != 3 || s.Tasks != 4 {
		t.Fatalf("summary %+v", s)
	}
	for _, r := range tab.Rows {
		want := "task-000001.proof"
		switch r.Task {
		case "0":
			want = ""
		case "0.0", "0.1":
			want = "task-00000" + r.Task + ".proof"
		}
		if r.Proof != want {
			t.Errorf("task %s: proof %q, want %q", r.Task, r.Proof, want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "task-000000.1.proof", drat.DRATFile)); err != nil {
		t.Error(err)
	}
}

// TestProofsPlanRefusals: a solver that writes no proof, a sweep or a
// spec that asks for proofs of its own.
func TestProofsPlanRefusals(t *testing.T) {
	p := lifesat.StillLife(4, 4)
	if _, err := plan.Split(context.Background(), p, &lifesat.Settings{Solver: logic.Gini{}},
		&plan.SplitOptions{CutOptions: plan.CutOptions{Cubes: 2}, Proofs: true}); !errors.Is(err, plan.ErrPlan) || !errors.Is(err, logic.ErrNoProof) || !strings.Contains(err.Error(), "gini") {
		t.Errorf("a split with proofs by gini: %v", err)
	}
	if _, err := plan.Split(context.Background(), p, &lifesat.Settings{Solver: logic.External{Path: "cadical"}},
		&plan.SplitOptions{CutOptions: plan.CutOptions{Cubes: 2}, Proofs: true, ProofFormat: logic.LRAT}); !errors.Is(err, plan.ErrPlan) || !errors.Is(err, logic.ErrNoProof) || !strings.Contains(err.Error(), "no proof in lrat") {
		t.Errorf("a split with LRAT proofs by cadical: %v", err)
	}
	// An external solver lifesat asks for no proof (only cadical's).
	if _, err := plan.Split(context.Background(), p, &lifesat.Settings{Solver: logic.External{Path: "minisat"}},
		&plan.SplitOptions{CutOptions: plan.CutOptions{Cubes: 2}, Proofs: true}); !errors.Is(err, logic.ErrNoProof) || !strings.Contains(err.Error(), "minisat") {
		t.Errorf("a split with proofs by minisat: %v", err)
	}
	if _, err := plan.Split(context.Background(), p, &lifesat.Settings{ProofDir: "d"}, &plan.SplitOptions{CutOptions: plan.CutOptions{Cubes: 2}}); !errors.Is(err, plan.ErrPlan) {
		t.Errorf("a split whose settings name a proof folder: %v", err)
	}
	sw := &plan.Sweep{Problem: p, Settings: &lifesat.Settings{ProofDir: "d"}, Seeds: []uint64{1, 2}}
	if _, err := sw.Plan(); !errors.Is(err, plan.ErrPlan) {
		t.Errorf("a sweep whose settings name a proof folder: %v", err)
	}
	// Manifests made by hand: a sweep with proofs, a task that names a
	// proof folder.
	sw.Settings = nil
	m, err := sw.Plan()
	if err != nil {
		t.Fatal(err)
	}
	m.Header.Proofs = "drat"
	m.Seal()
	var buf bytes.Buffer
	m.Write(&buf)
	if _, err := plan.Read(&buf); !errors.Is(err, plan.ErrManifest) || !strings.Contains(err.Error(), "only a split") {
		t.Errorf("a sweep with proofs: %v", err)
	}
	m.Header.Proofs = ""
	m.Tasks[1].Spec.ProofDir = "proofs"
	m.Seal()
	buf.Reset()
	m.Write(&buf)
	if _, err := plan.Read(&buf); !errors.Is(err, plan.ErrManifest) || !strings.Contains(err.Error(), "proof directory") {
		t.Errorf("a task that names a proof folder: %v", err)
	}
}

// sha256Text is a record's text of data's SHA-256.
func sha256Text(data []byte) string {
	sum := sha256.Sum256(data)
	return "sha256:" + hex.EncodeToString(sum[:])
}

// FuzzProofRecord: no result file of a task of a split with proofs makes
// ReadRecord or Collect panic, and Collect says that none exists only
// with a record that names the task's own proof files, by their hashes.
func FuzzProofRecord(f *testing.F) {
	p := lifesat.StillLife(4, 4)
	p.MaxPop = 3
	m, err := plan.Split(context.Background(), p, &lifesat.Settings{Seed: 1},
		&plan.SplitOptions{CutOptions: plan.CutOptions{Cubes: 2}, Proofs: true})
	if err != nil {
		f.Fatal(err)
	}
	dir := f.TempDir()
	runAll(f, m, dir)
	path := filepath.Join(dir, m.Tasks[0].File())
	data, err := os.ReadFile(path)
	if err != nil {
		f.Fatal(err)
	}
	good, err := plan.DecodeRecord(data)
	if err != nil || good.Proof == nil {
		f.Fatalf("task 0's record: %+v, %v", good, err)
	}
	f.Add(data)
	f.Add([]byte(strings.Replace(string(data), `"dir": "task-000000.proof"`, `"dir": "../task-000000.proof"`, 1)))
	f.Add([]byte(strings.Replace(string(data), `"status": "none"`, `"status": "found"`, 1)))
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		plan.ReadRecord(&m.Header, &m.Tasks[0], dir)
		tab, err := plan.Collect(m, dir)
		if err != nil || tab.Summary.Verdict != plan.VerdictNone {
			return
		}
		rec, err := plan.DecodeRecord(data)
		if err != nil || rec.Proof == nil || rec.Proof.Formula != good.Proof.Formula || rec.Proof.Proof != good.Proof.Proof {
			t.Fatalf("none exists, with task 0's record %s", data)
		}
	})
}

// TestProofLeftBehind: the temporary proof folder of a worker killed
// while it ran a task is removed when the task runs again; another
// task's is left alone.
func TestProofLeftBehind(t *testing.T) {
	p := lifesat.StillLife(4, 4)
	p.MaxPop = 3
	m := proofSplit(t, p, 2, logic.DRAT)
	dir := t.TempDir()
	mine := filepath.Join(dir, "."+m.Tasks[0].ProofDir()+".tmp-123")
	other := filepath.Join(dir, "."+m.Tasks[1].ProofDir()+".tmp-456")
	for _, d := range []string{mine, other} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(d, "proof.drat"), []byte("1 2 0\n"), 0o644)
	}
	rec, out, err := plan.RunTask(context.Background(), &m.Header, &m.Tasks[0], dir, nil)
	if err != nil || out != plan.Ran || rec.Status() != job.None {
		t.Fatalf("task 0: %+v, %v, %v", rec, out, err)
	}
	if _, err := os.Stat(mine); !os.IsNotExist(err) {
		t.Errorf("task 0's folder left by a killed worker is still there: %v", err)
	}
	if _, err := os.Stat(other); err != nil {
		t.Errorf("task 1's folder: %v", err)
	}
	left, _ := filepath.Glob(filepath.Join(dir, ".task-*"))
	if len(left) != 1 {
		t.Errorf("hidden folders after task 0: %q, want task 1's only", left)
	}
}
