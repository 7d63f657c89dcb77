package lifesat

// Proofs of "none exists": a search asked for one (Settings.ProofDir)
// has its solver write a clausal proof as it searches, and when its
// answer is Unsat it writes the formula the proof refutes beside it, for
// package drat (lifesat verify) or drat-trim to check.

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/lifesat/lifesat/lifesat/drat"
	"github.com/lifesat/lifesat/lifesat/logic"
)

// proofFiles is a proof being written into a directory: the proof goes
// to a temporary file as the solver searches, and becomes
// drat.DRATFile (or LRATFile) with drat.FormulaFile beside it only when
// the answer is Unsat and the proof complete; otherwise it is removed.
// A nil *proofFiles (no proof asked) does nothing.
type proofFiles struct {
	dir    string
	format logic.ProofFormat
	tmp    *os.File
}

// startProof starts the solver's session on f, writing a proof into
// set.ProofDir when one is asked for: a session that is a
// logic.ProofSession, and the files it writes.
func startProof(ctx context.Context, set *Settings, solver logic.Solver, f *logic.CNF) (logic.Session, *proofFiles, error) {
	if set.ProofDir == "" {
		sess, err := logic.StartContext(ctx, solver, f)
		return sess, nil, err
	}
	if err := os.MkdirAll(set.ProofDir, 0o755); err != nil {
		return nil, nil, fmt.Errorf("lifesat: proof: %w", err)
	}
	tmp, err := os.CreateTemp(set.ProofDir, ".proof-*.tmp")
	if err != nil {
		return nil, nil, fmt.Errorf("lifesat: proof: %w", err)
	}
	pf := &proofFiles{dir: set.ProofDir, format: set.ProofFormat, tmp: tmp}
	sess, err := logic.StartProof(ctx, solver, f, set.ProofFormat, tmp)
	if err != nil {
		pf.discard()
		return nil, nil, err
	}
	return sess, pf, nil
}

// finish completes the proof of sess's answer Unsat: the formula it
// refutes to drat.FormulaFile, the proof to drat.DRATFile or LRATFile,
// each written whole before it takes its name.
func (pf *proofFiles) finish(sess logic.Session) error {
	if pf == nil {
		return nil
	}
	ps, ok := sess.(logic.ProofSession)
	if !ok {
		pf.discard()
		return fmt.Errorf("lifesat: proof: the session writes no proof")
	}
	f, err := ps.Certify()
	if err == nil {
		err = pf.tmp.Close()
	}
	if err != nil {
		pf.discard()
		return fmt.Errorf("lifesat: proof: %w", err)
	}
	form, err := os.CreateTemp(pf.dir, ".formula-*.tmp")
	if err != nil {
		pf.discard()
		return fmt.Errorf("lifesat: proof: %w", err)
	}
	err = f.WriteDIMACS(form)
	if cerr := form.Close(); err == nil {
		err = cerr
	}
	name := drat.DRATFile
	if pf.format == logic.LRAT {
		name = drat.LRATFile
	}
	if err == nil {
		// A proof of the other format left by an earlier search would
		// make the directory hold two.
		for _, old := range []string{drat.DRATFile, drat.LRATFile} {
			if old != name {
				os.Remove(filepath.Join(pf.dir, old))
			}
		}
		err = os.Rename(form.Name(), filepath.Join(pf.dir, drat.FormulaFile))
	}
	if err == nil {
		err = os.Rename(pf.tmp.Name(), filepath.Join(pf.dir, name))
	}
	if err != nil {
		os.Remove(form.Name())
		pf.discard()
		return fmt.Errorf("lifesat: proof: %w", err)
	}
	return nil
}

// discard removes the unfinished proof: the answer was not Unsat, or the
// search stopped.
func (pf *proofFiles) discard() {
	if pf == nil {
		return
	}
	pf.tmp.Close()
	os.Remove(pf.tmp.Name())
}
