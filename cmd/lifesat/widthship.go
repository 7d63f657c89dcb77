package main

import (
	"context"
	"errors"
	"fmt"
	"image"
	"slices"
	"strings"
	"time"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/grow"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/logic"
	"github.com/lifesat/lifesat/lifesat/pattern"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// widthFlag reports whether args set -width: "lifesat ship" is then the
// width-bounded search of package grow, not the search of a box.
func widthFlag(args []string) bool {
	return slices.ContainsFunc(args, func(a string) bool {
		name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		return strings.HasPrefix(a, "-") && name == "width"
	})
}

// widthShipCmd is "lifesat ship -width W": a ship of any length in a
// strip W cells wide, grown row by row from its front (package grow).
func widthShipCmd(ctx context.Context, e *env, name string, args []string) (int, error) {
	fs := newFlagSet(name, e.stdout)
	fs.synopsis = "-period P -shift 0,K -width W [flags]"
	var (
		period, width, length, lookahead, n int
		shift, sym, ruleName, format, check string
		partFlag                            string
		solverName                          string
		timeout                             time.Duration
		verbose, dfs, repeats               bool
	)
	fs.IntVar(&period, "period", 0, "period `P` (2 or more); required")
	fs.StringVar(&shift, "shift", "", "displacement `0,K` (or K,0) per period, K cells orthogonally; required")
	fs.IntVar(&width, "width", 0, "the strip's width `W`, every column (gfind and qfind count half of a symmetric ship); required")
	fs.StringVar(&sym, "sym", "asym", "symmetry across the axis of motion: asym, odd (W odd), even (W even) or gutter (W odd, the centre column dead)")
	fs.IntVar(&length, "length", 0, "only ships whose P generations fit `L` rows (one box, as -size WxH asks); 0: any length, the search may not end")
	fs.IntVar(&lookahead, "lookahead", 0, "rows the incremental solver looks ahead of each partial (`N`, 2P or more); -1 or 0 (the default): no solver, the rows' tables and the triangle lookahead")
	fs.StringVar(&solverName, "solver", "gophersat", "the incremental solver of the lookahead: gophersat or gini (embedded)")
	fs.BoolVar(&dfs, "dfs", false, "search depth first under a growing limit on the rows (iterative deepening; with -length one pass), the rows listed by the column automaton")
	fs.StringVar(&partFlag, "part", "", "with -dfs, `K/N`: search part K (1 to N) of the search cut into N parts by the partials' first 2P rows (run the N parts anywhere: no ship exists if each says none)")
	fs.BoolVar(&repeats, "repeats", false, "keep the partials whose last 2P rows repeat another's (no table of states): more partials, each cheaper, the faster search where few repeat (wide strips, -length); with -length and -n, every ship of the box")
	fs.IntVar(&n, "n", 1, "how many different ships (by apgcode) to find")
	fs.StringVar(&ruleName, "rule", "B3/S23", "the rule (B/S, Hensel or MAP; not partial, no B0)")
	fs.StringVar(&format, "format", "rle", "output format: rle, cells, matrix or apgcode")
	fs.StringVar(&check, "checkpoint", "", "`FILE` written at every depth (with -dfs: at every pass, every 2^20 partials and when stopped); a search started again with it resumes there")
	fs.DurationVar(&timeout, "timeout", 0, "stop after this long (exit status 3) and print the longest partial")
	fs.BoolVar(&verbose, "v", false, "print the depth reached, the partials and the solver calls as the search goes")
	if err := fs.parse(args); err != nil {
		return 0, err
	}
	fail := func(format string, a ...any) (int, error) { return 0, usageError{fmt.Errorf(format, a...)} }
	if fs.NArg() > 0 {
		return fail("unexpected argument %q", fs.Arg(0))
	}
	if period < 2 {
		return fail("-period P is required, 2 or more")
	}
	if width < 1 {
		return fail("-width W is required, 1 or more")
	}
	d, err := parsePoint("shift", shift)
	if err != nil {
		return 0, usageError{err}
	}
	k := max(abs(d.X), abs(d.Y))
	if d.X != 0 && d.Y != 0 || k == 0 {
		return fail("-shift %s: a width-bounded ship moves orthogonally: 0,K or K,0", shift)
	}
	s, err := grow.ParseSym(sym)
	if err != nil {
		return 0, usageError{err}
	}
	r, err := rule.Parse(ruleName)
	if err != nil {
		return 0, usageError{err}
	}
	pf, err := pattern.ParseFormat(format)
	if err != nil {
		return 0, usageError{err}
	}
	if n < 1 {
		return fail("-n %d: want 1 or more", n)
	}
	solver, err := logic.ParseSolver(solverName)
	if err != nil {
		return 0, usageError{err}
	}
	part, parts := 0, 0
	if partFlag != "" {
		if part, parts, err = parsePart(partFlag); err != nil {
			return 0, usageError{err}
		}
		if !dfs {
			return fail("-part %s: only a depth-first search (-dfs) is cut into parts", partFlag)
		}
	}
	p := grow.Problem{Period: period, Shift: k, Width: width, Sym: s, Rule: r, MaxLength: length}
	ctx, cancel := e.withTimeout(ctx, timeout)
	defer cancel()
	status := newStatus(e, verbose, "lifesat: "+p.String())
	defer status.done()
	last := time.Time{}
	set := &grow.Settings{Solver: solver, Lookahead: lookahead, Ships: n, Checkpoint: check, DepthFirst: dfs, Repeats: repeats, Part: part - 1, Parts: parts, Progress: func(pr grow.Progress) {
		line := fmt.Sprintf("depth %d: %d partials (%d done), %d kept, %d solver calls, %v",
			pr.Depth, pr.Level, pr.Done, pr.Stats.Nodes, pr.Stats.Solves, pr.Elapsed.Round(time.Millisecond))
		if dfs {
			line = fmt.Sprintf("depth first to %d rows: deepest %d, %d partials kept, %d solver calls, %v",
				pr.Depth, pr.Stats.Depth, pr.Stats.Nodes, pr.Stats.Solves, pr.Elapsed.Round(time.Millisecond))
		}
		status.note(line)
		if verbose && (pr.Done == 0 && !dfs || time.Since(last) > 5*time.Second) {
			last = time.Now()
			fmt.Fprintln(e.stderr, "lifesat:", line)
		}
	}}
	res, err := grow.Search(ctx, p, set)
	status.done()
	if errors.Is(err, grow.ErrProblem) {
		return 0, usageError{err}
	}
	if err != nil {
		return 0, err
	}
	st := res.Stats
	work := fmt.Sprintf("depth %d, %d partials kept, %d repeats, %d pruned by the solver, %d solver calls", st.Depth, st.Nodes, st.Repeats, st.Pruned, st.Solves)
	if st.Probed > 0 {
		work += fmt.Sprintf(", %d dropped by probes", st.Probed)
	}
	out := &patternWriter{w: e.stdout, format: pf, rule: r}
	switch res.Status {
	case logic.Sat:
		for _, sh := range res.Ships {
			if err := out.write(&lifesat.Pattern{Phases: []*life.Board{orient(sh.Board, d)}}); err != nil {
				return 0, err
			}
			fmt.Fprintf(e.stderr, "lifesat: %s, %d cells, %d rows long over %d generations (%s)\n", sh.Code, sh.Board.Population(), sh.Length, period, work)
		}
		return exitFound, nil
	case logic.Unsat:
		where := fmt.Sprintf("a strip %d wide", width)
		if length > 0 {
			where += fmt.Sprintf(", %d rows long", length)
		}
		speed := fmt.Sprintf("%dc/%d", k, period)
		if k == 1 {
			speed = fmt.Sprintf("c/%d", period)
		}
		if s != grow.Asym {
			speed += " " + string(s)
		}
		if parts > 1 {
			fmt.Fprintf(e.stderr, "lifesat: part %d of %d: no %s ship in %s among its partials (%s); none exists if every part says so\n", part, parts, speed, where, work)
			return exitNone, nil
		}
		fmt.Fprintf(e.stderr, "lifesat: no %s ship exists in %s (%s)\n", speed, where, work)
		return exitNone, nil
	}
	fmt.Fprintf(e.stderr, "lifesat: stopped: %v (%s)\n", res.Err, work)
	if res.Partial != nil && pf == pattern.Apgcode {
		// A partial is not a ship: it has no apgcode.
		fmt.Fprintf(e.stderr, "lifesat: the longest partial, %d rows, has no apgcode (it is not a ship yet); -format rle prints it\n", res.PartialRows)
	} else if res.Partial != nil {
		fmt.Fprintf(e.stderr, "lifesat: the longest partial, generation 0 of its %d rows, its back row open:\n", res.PartialRows)
		if err := out.write(&lifesat.Pattern{Phases: []*life.Board{orient(res.Partial, d)}}); err != nil {
			return 0, err
		}
	}
	return exitStopped, nil
}

// orient turns a board grown moving up so that it moves by d.
func orient(b *life.Board, d image.Point) *life.Board {
	switch {
	case d.Y > 0:
		return b.FlipY()
	case d.X < 0:
		return b.Transpose()
	case d.X > 0:
		return b.Transpose().FlipX()
	}
	return b
}
