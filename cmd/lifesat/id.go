package main

import (
	"context"
	"errors"
	"fmt"
	"image"

	"github.com/lifesat/lifesat/lifesat/apgcode"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// idCmd names a pattern by its apgcode, as Catagolue does.
func idCmd(ctx context.Context, e *env, name string, args []string) (int, error) {
	fs := newFlagSet(name, e.stdout)
	ruleFlag := fs.String("rule", "", "rule (default: the pattern's own, else B3/S23)")
	maxPeriod := fs.Int("max-period", apgcode.DefaultMaxPeriod, "the longest period looked for")
	timeout := fs.Duration("timeout", 0, "stop after this long (e.g. 30s); 0 means no limit")
	if err := fs.parse(args); err != nil {
		return 0, err
	}
	switch {
	case fs.NArg() > 1:
		return 0, usageError{fmt.Errorf("id names one pattern, got %d files", fs.NArg())}
	case *maxPeriod < 1:
		return 0, usageError{fmt.Errorf("-max-period %d: want 1 or more", *maxPeriod)}
	case *timeout < 0:
		return 0, usageError{fmt.Errorf("-timeout %v: want a positive duration", *timeout)}
	}
	ctx, cancel := e.withTimeout(ctx, *timeout)
	defer cancel()
	pat, err := (&inputs{e: e}).pattern(fs.Arg(0), "the pattern")
	if err != nil {
		return 0, usageError{err}
	}
	rl, _, err := ruleAndFormat(pat, *ruleFlag, "")
	if err != nil {
		return 0, err
	}
	obj, err := apgcode.Identify(ctx, pat.Board, rl, &apgcode.Options{MaxPeriod: *maxPeriod})
	switch {
	case errors.Is(err, apgcode.ErrNotPeriodic):
		fmt.Fprintf(e.stderr, "lifesat: no apgcode: %v\n", err)
		return exitNone, nil
	case err != nil && ctx.Err() != nil:
		return 0, ctx.Err()
	case err != nil:
		return 0, usageError{err}
	}
	if _, err := fmt.Fprintln(e.stdout, obj.Code); err != nil {
		return 0, err
	}
	what := fmt.Sprintf("a still life of %d cells", obj.Code.N)
	switch {
	case obj.Shift != (image.Point{}):
		what = fmt.Sprintf("a spaceship of period %d moving (%d,%d)", obj.Period, obj.Shift.X, obj.Shift.Y)
	case obj.Period > 1:
		what = fmt.Sprintf("an oscillator of period %d", obj.Period)
	}
	fmt.Fprintf(e.stderr, "lifesat: %s under %v", what, rl)
	if rl.Equivalent(rule.Life) {
		fmt.Fprintf(e.stderr, "; https://catagolue.hatsya.com/object/%v/b3s23", obj.Code)
	}
	fmt.Fprintln(e.stderr)
	return exitFound, nil
}
