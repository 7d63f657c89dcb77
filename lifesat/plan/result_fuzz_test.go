package plan_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/plan"
)

// FuzzReadRecord: no result file makes ReadRecord or Collect panic; what
// ReadRecord accepts is a result of the task, with a known status.
func FuzzReadRecord(f *testing.F) {
	m := smallSweep(f)
	dir := f.TempDir()
	runAll(f, m, dir)
	for i := range m.Tasks {
		data, err := os.ReadFile(filepath.Join(dir, plan.ResultFile(i)))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(`{"lifesat_result":1}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		d := t.TempDir()
		if err := os.WriteFile(filepath.Join(d, plan.ResultFile(1)), data, 0o644); err != nil {
			t.Fatal(err)
		}
		rec, err := plan.ReadRecord(&m.Header, &m.Tasks[1], d)
		if err == nil {
			if rec.Index != 1 || rec.ID != m.Tasks[1].ID || rec.Manifest != m.Header.Fingerprint {
				t.Fatalf("accepted %+v", rec)
			}
		}
		plan.Collect(m, d)
	})
}

// FuzzSplitRecord: no result file of a split's task, a re-split's
// included, makes ReadRecord, Collect or a worker's look at the open
// tasks panic or hang; an accepted split names sub-cubes that partition
// its cube, and Collect lists them.
func FuzzSplitRecord(f *testing.F) {
	m := resplitManifest(f, lifesat.Spaceship(2, 1, 0, 5, 5), 2)
	dir := f.TempDir()
	splitNow(f, m, &m.Tasks[0], dir)
	data, err := os.ReadFile(filepath.Join(dir, m.Tasks[0].File()))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	f.Add([]byte(strings.Replace(string(data), `"stop": "split"`, `"stop": "superseded"`, 1)))
	split := fmt.Sprintf(`{"lifesat_result":1,"manifest":%q,"index":0,"id":%q,"result":{"status":"stopped"},"stop":"split","split":[[[0,1,1,1]],[[0,1,1,0]]],"started":"2026-01-01T00:00:00Z","wall_seconds":1,"cpu_seconds":1}`,
		m.Header.Fingerprint, m.Tasks[0].ID)
	f.Add([]byte(split))
	f.Add([]byte(strings.Replace(split, `[[0,1,1,0]]`, `[[0,1,2,0]]`, 1)))
	f.Fuzz(func(t *testing.T, data []byte) {
		d := t.TempDir()
		if err := os.WriteFile(filepath.Join(d, m.Tasks[0].File()), data, 0o644); err != nil {
			t.Fatal(err)
		}
		rec, err := plan.ReadRecord(&m.Header, &m.Tasks[0], d)
		tab, cerr := plan.Collect(m, d)
		if err == nil && rec.Status() == plan.StatusSplit {
			subs := make([]plan.Cube, len(rec.Split))
			for i, c := range rec.Split {
				for _, k := range c {
					subs[i] = append(subs[i], lifesat.KnownCell{Gen: k[0], X: k[1], Y: k[2], Alive: k[3] == 1})
				}
			}
			if perr := plan.Partition(subs); perr != nil {
				t.Fatalf("accepted sub-cubes that do not partition: %v", perr)
			}
			if cerr == nil && len(tab.Rows) != len(m.Tasks)+len(rec.Split) {
				t.Fatalf("%d rows for %d tasks and %d sub-cubes", len(tab.Rows), len(m.Tasks), len(rec.Split))
			}
		}
	})
}
