package drat_test

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/lifesat/lifesat/lifesat/drat"
)

// contradiction is a formula that writes itself as DIMACS: x1 and not x1.
type contradiction struct{}

func (contradiction) WriteDIMACS(w io.Writer) error {
	_, err := io.WriteString(w, "p cnf 1 2\n1 0\n-1 0\n")
	return err
}

// TestDirWriter: a discarded proof leaves the directory empty; a committed
// one is what CheckDir verifies, and replaces a proof of the other format
// left there before.
func TestDirWriter(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "d")
	d, err := drat.CreateDir(dir, false)
	if err != nil {
		t.Fatal(err)
	}
	io.WriteString(d.Proof(), "0\n")
	d.Discard()
	if names, _ := os.ReadDir(dir); len(names) != 0 {
		t.Fatalf("after Discard the directory holds %v", names)
	}
	if err := os.WriteFile(filepath.Join(dir, drat.LRATFile), []byte("junk"), 0o644); err != nil {
		t.Fatal(err)
	}
	d, err = drat.CreateDir(dir, false)
	if err != nil {
		t.Fatal(err)
	}
	io.WriteString(d.Proof(), "0\n")
	if err := d.Commit(contradiction{}); err != nil {
		t.Fatal(err)
	}
	d.Discard() // nothing once committed
	names, _ := os.ReadDir(dir)
	if len(names) != 2 {
		t.Fatalf("after Commit the directory holds %v, want the formula and the proof", names)
	}
	proof, res, err := drat.CheckDir(context.Background(), dir, nil)
	if err != nil || !res.Verified || filepath.Base(proof) != drat.DRATFile {
		t.Fatalf("CheckDir: %s %+v %v", proof, res, err)
	}
}
