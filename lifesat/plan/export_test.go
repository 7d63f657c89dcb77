package plan

import (
	"os"
	"testing"
)

// BeforeRename lets the tests stop a task between writing its result to
// a temporary file and renaming it.
var BeforeRename = &beforeRename

// BeforeSearch lets the tests act just before a task's search, with its
// context.
var BeforeSearch = &beforeSearch

// RecordCPU lets the tests replace the processor time the records
// count.
var RecordCPU = &recordCPU

// Open lists the open tasks of the split m in dir, as a worker takes
// them.
func Open(t testing.TB, m *Manifest, dir string) []Task {
	t.Helper()
	me := myClaim("", "")
	me.Host, _ = os.Hostname()
	open, _, err := pool(m, dir, &me, ClaimExpiry)
	if err != nil {
		t.Fatal(err)
	}
	return open
}
