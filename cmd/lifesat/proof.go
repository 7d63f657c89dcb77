package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/drat"
	"github.com/lifesat/lifesat/lifesat/logic"
)

// proofFlags are -proof and -proof-format, on the commands that can
// answer "none exists" (Settings.ProofDir, docs/proofs.md).
type proofFlags struct {
	dir    string
	format string
}

func (f *proofFlags) declare(fs *flagSet) {
	fs.StringVar(&f.dir, "proof", "", "when none exists, write the clausal proof of it into `DIR`: DIR/formula.cnf and DIR/proof.drat (lifesat verify DIR checks it); gophersat and cadical write proofs")
	fs.StringVar(&f.format, "proof-format", "drat", "the proof's format: drat, or lrat (gophersat, with nothing added to the formula)")
}

// set puts the flags into s, and removes the proof files an earlier run
// left in the directory, so that what is there after the search is its
// own.
func (f *proofFlags) set(s *lifesat.Settings) error {
	if f.format == "" && f.dir == "" {
		return nil // not declared: the command writes no proof
	}
	format, err := logic.ParseProofFormat(f.format)
	if err != nil {
		return fmt.Errorf("-proof-format: %v", err)
	}
	if f.dir != "" {
		for _, name := range []string{drat.FormulaFile, drat.DRATFile, drat.LRATFile} {
			if err := os.Remove(filepath.Join(f.dir, name)); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return fmt.Errorf("-proof %s: %v", f.dir, err)
			}
		}
	}
	s.ProofDir, s.ProofFormat = f.dir, format
	return nil
}

// note says where the proof of the answer is, when one was asked: what
// it proves (none exists, or for max that no pattern has more live
// cells), or that the answer came without a solver, so without a proof.
func (f *proofFlags) note(w io.Writer, what string) {
	if f == nil || f.dir == "" {
		return
	}
	if _, err := os.Stat(filepath.Join(f.dir, drat.FormulaFile)); err != nil {
		fmt.Fprintf(w, "lifesat: no proof written: the answer came from a program that uses no solver\n")
		return
	}
	fmt.Fprintf(w, "lifesat: the proof that %s is in %s (lifesat verify %s checks it)\n", what, f.dir, f.dir)
}
