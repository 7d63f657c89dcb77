package drat

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// A DirWriter writes a proof directory as CheckDir reads it, for a solver
// that writes its proof as it searches: the proof goes to a temporary
// file in the directory, and takes its name (DRATFile or LRATFile), with
// the formula it refutes beside it as FormulaFile, only on Commit, once
// the answer is Unsat and the proof complete. Discard removes it
// otherwise, so the directory never holds half a proof.
type DirWriter struct {
	dir  string
	name string
	tmp  *os.File
}

// CreateDir starts a proof in dir (made if missing), in LRAT when lrat is
// set, else in text DRAT.
func CreateDir(dir string, lrat bool) (*DirWriter, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("drat: %w", err)
	}
	tmp, err := os.CreateTemp(dir, ".proof-*.tmp")
	if err != nil {
		return nil, fmt.Errorf("drat: %w", err)
	}
	d := &DirWriter{dir: dir, name: DRATFile, tmp: tmp}
	if lrat {
		d.name = LRATFile
	}
	return d, nil
}

// Proof is where the solver writes the proof.
func (d *DirWriter) Proof() io.Writer { return d.tmp }

// Commit names the proof and writes beside it the formula it refutes
// (DIMACS, as logic.CNF's WriteDIMACS writes it), each whole before it
// takes its name; a proof of the other format left there before is
// removed. On an error nothing new is left in the directory.
func (d *DirWriter) Commit(formula interface{ WriteDIMACS(io.Writer) error }) error {
	err := d.tmp.Close()
	var form *os.File
	if err == nil {
		form, err = os.CreateTemp(d.dir, ".formula-*.tmp")
	}
	if err == nil {
		err = formula.WriteDIMACS(form)
		if cerr := form.Close(); err == nil {
			err = cerr
		}
		if err == nil {
			for _, old := range []string{DRATFile, LRATFile} {
				if old != d.name {
					os.Remove(filepath.Join(d.dir, old))
				}
			}
			err = os.Rename(form.Name(), filepath.Join(d.dir, FormulaFile))
		}
		if err == nil {
			err = os.Rename(d.tmp.Name(), filepath.Join(d.dir, d.name))
		}
		if err != nil {
			os.Remove(form.Name())
		}
	}
	if err != nil {
		d.Discard()
		return fmt.Errorf("drat: %w", err)
	}
	return nil
}

// Discard removes the unfinished proof: the answer was not Unsat, or the
// search stopped. It does nothing after Commit.
func (d *DirWriter) Discard() {
	d.tmp.Close()
	os.Remove(d.tmp.Name())
}
