package main

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"

	"github.com/lifesat/lifesat/lifesat/drat"
)

// verifyCmd checks the proof of a directory that a formula has no model
// (package drat): DIR/formula.cnf with DIR/proof.drat or DIR/proof.lrat.
// It prints the verdict: verified on standard output (exit 0), refuted
// on standard error with the failing lemma (exit 1); a directory or file
// that cannot be read is exit 2.
func verifyCmd(ctx context.Context, e *env, name string, args []string) (int, error) {
	fs := newFlagSet(name, e.stdout)
	forward := fs.Bool("forward", false, "check every lemma of a DRAT proof in order, not only those the empty clause needs, backward")
	timeout := fs.Duration("timeout", 0, "stop after this long (e.g. 30s); 0 means no limit")
	if err := fs.parse(args); err != nil {
		return 0, err
	}
	switch {
	case fs.NArg() != 1:
		return 0, usageError{fmt.Errorf("verify checks one directory (%s with %s or %s), got %d arguments", drat.FormulaFile, drat.DRATFile, drat.LRATFile, fs.NArg())}
	case *timeout < 0:
		return 0, usageError{fmt.Errorf("-timeout %v: want a positive duration", *timeout)}
	}
	ctx, cancel := e.withTimeout(ctx, *timeout)
	defer cancel()
	dir := fs.Arg(0)
	proof, res, err := drat.CheckDir(ctx, dir, &drat.Options{Forward: *forward})
	switch {
	case err != nil && ctx.Err() != nil && errors.Is(err, ctx.Err()):
		return 0, err
	case err != nil:
		return 0, usageError{err}
	case !res.Verified:
		fmt.Fprintf(e.stderr, "lifesat: %s: %v\n", proof, res)
		return exitNone, nil
	}
	_, err = fmt.Fprintf(e.stdout, "%s: %v: %s has no model\n", proof, res, filepath.Join(dir, drat.FormulaFile))
	return exitFound, err
}
