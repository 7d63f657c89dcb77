package drat

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// The files of a proof directory, as lifesat writes them: the formula in
// DIMACS, and its proof in text DRAT or in LRAT.
const (
	FormulaFile = "formula.cnf"
	DRATFile    = "proof.drat"
	LRATFile    = "proof.lrat"
)

// CheckDir checks the proof of the directory dir: dir/formula.cnf and
// either dir/proof.drat (by Check, with opt) or dir/proof.lrat (by
// CheckLRAT); a directory with both, or neither, is an error. It returns
// the path of the proof it checked and the verdict. A file that cannot
// be read or parsed is an error naming it (a *SyntaxError's Name is its
// path).
func CheckDir(ctx context.Context, dir string, opt *Options) (proof string, res Result, err error) {
	var proofs []string
	for _, name := range []string{DRATFile, LRATFile} {
		p := filepath.Join(dir, name)
		if _, err := os.Stat(p); err == nil {
			proofs = append(proofs, p)
		} else if !errors.Is(err, fs.ErrNotExist) {
			return "", Result{}, fmt.Errorf("drat: %w", err)
		}
	}
	switch len(proofs) {
	case 0:
		return "", Result{}, fmt.Errorf("drat: %s holds no proof (%s or %s)", dir, DRATFile, LRATFile)
	case 2:
		return "", Result{}, fmt.Errorf("drat: %s holds two proofs (%s and %s): keep one", dir, DRATFile, LRATFile)
	}
	fpath := filepath.Join(dir, FormulaFile)
	ff, err := os.Open(fpath)
	if err != nil {
		return "", Result{}, fmt.Errorf("drat: %w", err)
	}
	defer ff.Close()
	f, err := ReadDIMACS(ff)
	if err != nil {
		return "", Result{}, named(err, fpath)
	}
	pf, err := os.Open(proofs[0])
	if err != nil {
		return "", Result{}, fmt.Errorf("drat: %w", err)
	}
	defer pf.Close()
	if filepath.Base(proofs[0]) == LRATFile {
		res, err = CheckLRAT(ctx, f, pf)
	} else {
		res, err = Check(ctx, f, pf, opt)
	}
	if err != nil {
		return "", Result{}, named(err, proofs[0])
	}
	return proofs[0], res, nil
}

// named gives a syntax error the name of its file.
func named(err error, path string) error {
	if se := (*SyntaxError)(nil); errors.As(err, &se) {
		se.Name = path
	}
	return err
}
