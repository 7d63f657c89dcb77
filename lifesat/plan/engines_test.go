package plan_test

import (
	"bytes"
	"flag"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/plan"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file (go test -run %s -update rewrites it):\n%s", name, t.Name(), got)
	}
}

// goldenManifests are a sweep and a split whose scripts the golden files hold.
func goldenManifests(t *testing.T) (sweep, split *plan.Manifest) {
	sweep, err := (&plan.Sweep{Problem: lifesat.Oscillator(2, 5, 5), Seeds: []uint64{1, 2, 3}}).Plan()
	if err != nil {
		t.Fatal(err)
	}
	return sweep, splitManifest(t, lifesat.Spaceship(2, 1, 0, 5, 5), 4)
}

// TestEngineGoldens: the scripts and the Kubernetes Job as written for a
// sweep and a split. The Kubernetes Job is checked this way only: it has
// not run on a cluster.
func TestEngineGoldens(t *testing.T) {
	sweep, split := goldenManifests(t)
	for _, tt := range []struct {
		name string
		m    *plan.Manifest
		o    *plan.EngineOptions
	}{
		{"sweep", sweep, &plan.EngineOptions{Manifest: "sweep.jsonl", Jobs: 2, Sbatch: []string{"--time=1:00:00"}}},
		{"split", split, &plan.EngineOptions{Manifest: "/shared/my split.jsonl", Command: []string{"/opt/bin/lifesat"}, MaxArray: 3, Name: "c2-5x5"}},
	} {
		for _, e := range []struct {
			file  string
			write func(io.Writer, *plan.EngineOptions) error
		}{
			{tt.name + ".slurm.sh", tt.m.WriteSlurm},
			{tt.name + ".parallel.sh", tt.m.WriteParallel},
			{tt.name + ".job.yaml", tt.m.WriteKubernetes},
		} {
			var buf bytes.Buffer
			o := *tt.o
			o.Script = e.file
			if err := e.write(&buf, &o); err != nil {
				t.Fatal(err)
			}
			golden(t, e.file, buf.Bytes())
		}
	}
	// A sweep of one wave that plan timed at seconds: --wait runs an
	// srun job.
	var buf bytes.Buffer
	if err := sweep.WriteSlurm(&buf, &plan.EngineOptions{Manifest: "sweep.jsonl", Jobs: 2, Batch: 2, Srun: true, Script: "short.slurm.sh"}); err != nil {
		t.Fatal(err)
	}
	golden(t, "short.slurm.sh", buf.Bytes())
	if err := sweep.WriteKubernetes(&bytes.Buffer{}, &plan.EngineOptions{Name: "Not_A_Name"}); err == nil {
		t.Error("a Job name Kubernetes refuses was accepted")
	}
}
