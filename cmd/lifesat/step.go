package main

import (
	"context"
	"fmt"

	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/pattern"
)

// stepCmd simulates a pattern read from a file or standard input. ctx is
// checked every generation.
func stepCmd(ctx context.Context, e *env, name string, args []string) (int, error) {
	fs := newFlagSet(name, e.stdout)
	n := fs.Int("n", 1, "number of generations")
	ruleFlag := fs.String("rule", "", "rule (default: the pattern's own, else B3/S23)")
	torus := fs.Bool("torus", false, "wrap around the board's edges instead of growing it")
	format := fs.String("format", "", "output format: rle, cells, matrix or apgcode (default: the input's)")
	timeout := fs.Duration("timeout", 0, "stop after this long (e.g. 30s); 0 means no limit")
	if err := fs.parse(args); err != nil {
		return 0, err
	}
	switch {
	case *n < 0:
		return 0, usageError{fmt.Errorf("-n %d: want 0 or more", *n)}
	case fs.NArg() > 1:
		return 0, usageError{fmt.Errorf("step reads one pattern, got %d files", fs.NArg())}
	case *timeout < 0:
		return 0, usageError{fmt.Errorf("-timeout %v: want a positive duration", *timeout)}
	}
	ctx, cancel := e.withTimeout(ctx, *timeout)
	defer cancel()
	in := &inputs{e: e}
	pat, err := in.pattern(fs.Arg(0), "the pattern")
	if err != nil {
		return 0, usageError{err}
	}
	if pat.Board.Width() == 0 || pat.Board.Height() == 0 {
		return 0, usageError{fmt.Errorf("%s: no pattern (empty input)", inputName(fs.Arg(0)))}
	}
	rl, out, err := ruleAndFormat(pat, *ruleFlag, *format)
	if err != nil {
		return 0, err
	}
	b := pat.Board
	if *torus {
		if b, err = life.After(ctx, b, rl, life.Torus, *n); err != nil {
			return 0, err
		}
		return exitFound, pattern.Write(e.stdout, b, out, rl)
	}
	// In the plane a pattern that repeats is computed for any n (its
	// period skips the rest); one that outgrows the largest frame is an
	// error, found as soon as it does.
	if b, _, err = life.Plane(ctx, b, rl, *n); err != nil {
		if ctx.Err() != nil {
			return 0, ctx.Err()
		}
		return 0, usageError{fmt.Errorf("%w; use -torus", err)}
	}
	return exitFound, pattern.Write(e.stdout, b, out, rl)
}

// inputName names a pattern file argument in messages.
func inputName(name string) string {
	if name == "" || name == "-" {
		return "standard input"
	}
	return name
}
