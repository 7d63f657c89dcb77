package plan_test

import (
	"os"
	"path/filepath"
	"testing"

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
