package lifesat

// Proofs of "none exists": a search asked for one (Settings.ProofDir)
// has its solver write a clausal proof as it searches, and when its
// answer is Unsat it writes the formula the proof refutes beside it, for
// package drat (lifesat verify) or drat-trim to check.

import (
	"context"
	"fmt"

	"github.com/lifesat/lifesat/lifesat/drat"
	"github.com/lifesat/lifesat/lifesat/logic"
)

// proofFiles is a proof being written into a directory
// (drat.DirWriter): the proof takes its name, with the formula it refutes
// beside it, only when the answer is Unsat and the proof complete. A nil
// *proofFiles (no proof asked) does nothing.
type proofFiles struct {
	dir *drat.DirWriter
}

// startProof starts the solver's session on f, writing a proof into
// set.ProofDir when one is asked for: a session that is a
// logic.ProofSession, and the files it writes.
func startProof(ctx context.Context, set *Settings, solver logic.Solver, f *logic.CNF) (logic.Session, *proofFiles, error) {
	if set.ProofDir == "" {
		sess, err := logic.StartContext(ctx, solver, f)
		return sess, nil, err
	}
	dir, err := drat.CreateDir(set.ProofDir, set.ProofFormat == logic.LRAT)
	if err != nil {
		return nil, nil, fmt.Errorf("lifesat: proof: %w", err)
	}
	pf := &proofFiles{dir: dir}
	sess, err := logic.StartProof(ctx, solver, f, set.ProofFormat, dir.Proof())
	if err != nil {
		pf.discard()
		return nil, nil, err
	}
	return sess, pf, nil
}

// finish completes the proof of sess's answer Unsat: the formula it
// refutes to drat.FormulaFile, the proof to drat.DRATFile or LRATFile.
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
	if err != nil {
		pf.discard()
		return fmt.Errorf("lifesat: proof: %w", err)
	}
	if err := pf.dir.Commit(f); err != nil {
		return fmt.Errorf("lifesat: proof: %w", err)
	}
	return nil
}

// discard removes the unfinished proof: the answer was not Unsat, or the
// search stopped.
func (pf *proofFiles) discard() {
	if pf != nil {
		pf.dir.Discard()
	}
}
