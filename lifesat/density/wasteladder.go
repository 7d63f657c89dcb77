package density

// The wastage CNF as a search: a SAT solver asked for boards within a
// budget of waste, the budget halved between the least waste not yet
// ruled out and the best board's, until they meet.

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/lifesat/lifesat/lifesat/drat"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/logic"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// PhaseSAT is the phase of MaxStillLifeSAT's solver calls.
const PhaseSAT = "sat"

// SATOptions tunes MaxStillLifeSAT; a nil *SATOptions means the defaults.
type SATOptions struct {
	// Solver answers the questions; nil means the embedded gophersat.
	// CaDiCaL (logic.External) is far faster on large boxes.
	Solver logic.Solver
	// ProofDir, when set, receives the clausal proof of the last question
	// answered UNSAT, which is the one that makes the board optimal (or,
	// when the ladder is stopped first, the one that proves its Bound):
	// ProofDir/formula.cnf (WasteCNF at one cell more than the board)
	// and ProofDir/proof.drat, for drat.CheckDir (lifesat verify). The
	// solver must write proofs (gophersat and cadical do).
	ProofDir string
	// Race, when set, asks each question of Solver and, side by side, of
	// its configuration for satisfiable formulas (logic.SatTuner:
	// cadical's --sat), and takes the first answer: large boxes' optimal
	// boards come sooner that way (docs/max-density.md), at twice the
	// processors and memory. An UNSAT answer counts from either when no
	// proof is asked; with ProofDir, only Solver's (which writes it).
	Race bool
	// MinPop, when above the population of the grid of blocks the
	// ladder starts from, asks for still lifes of at least MinPop live
	// cells: the first question is for one of exactly that many or more.
	// Answered UNSAT (its proof written to ProofDir when asked), the
	// search ends there, its Bound MinPop - 1 proving that none exists;
	// answered with a board, the ladder goes on above it. A MinPop above
	// the bound of no waste at all ends the search before any question.
	MinPop int
	// Progress, when set, is called before each solver call (Phase
	// PhaseSAT, Pass the call's number from 1, Budget and Population the
	// question, Best and Bound the interval so far) and after the last.
	Progress func(Progress)
}

// MaxStillLifeSAT finds a still life with the most live cells in a w x h
// box under Life, everything outside dead, as MaxStillLife does, but by
// asking a SAT solver about WasteCNF: it starts from the grid of blocks
// and the bound of no waste at all, and asks for boards within budgets
// between the two (always wastes the box can have: 2wh + 2w + 2h minus a
// multiple of 4), first near the waste of the densest known boards of
// large boxes, then a cell at a time for four questions, then in steps
// that double, then halving the gap. A board found lowers the top to its
// waste, an UNSAT answer raises the bottom past the budget, and when they
// meet the board is optimal: the last UNSAT answer is the proof, written
// to opt.ProofDir when asked. Each board is re-simulated with life.Step
// and its waste recomputed by Waste before it counts. With opt.MinPop the
// first question is for that many cells, and an UNSAT answer to it ends
// the search (SATOptions).
//
// Stats.Passes counts the solver calls and Stats.SAT is the time in them
// (building the formulas included). On cancellation (ctx is checked
// before each call, and by the solver during it) the result is the best
// so far with its proved Bound, beside ctx.Err(). Boxes of more than
// MaxWasteCNFCells cells are an error wrapping ErrBox, and a ProofDir
// with a solver that writes no DRAT proof one wrapping logic.ErrNoProof,
// both before any work.
func MaxStillLifeSAT(ctx context.Context, w, h int, opt *SATOptions) (*Result, error) {
	if w < 1 || h < 1 || w*h > MaxWasteCNFCells {
		return nil, fmt.Errorf("%w: %dx%d: the wastage CNF takes boxes of 1 to %d cells", ErrBox, w, h, MaxWasteCNFCells)
	}
	if opt == nil {
		opt = &SATOptions{}
	}
	if opt.ProofDir != "" {
		if err := logic.CanProve(opt.Solver, logic.DRAT); err != nil {
			return nil, err
		}
	}
	total := 2*w*h + 2*w + 2*h
	best := blockBoard(w, h)
	top, err := Waste(best)
	if err != nil {
		return nil, fmt.Errorf("density: internal error: the grid of blocks: %w", err)
	}
	bottom := total % 4 // the least waste not ruled out
	res := &Result{}
	report := func(budget int) {
		if opt.Progress != nil {
			opt.Progress(Progress{Phase: PhaseSAT, Pass: res.Stats.Passes, Budget: budget,
				Population: (total - budget) / 4, Best: (total - top) / 4, Bound: (total - bottom) / 4})
		}
	}
	finish := func(err error) (*Result, error) {
		res.Board, res.Waste = best, top
		res.Population, res.Bound = best.Population(), (total-bottom)/4
		res.Optimal = res.Population == res.Bound
		return res, err
	}
	// The first question: about the waste of the densest boards known
	// for large boxes (n^2/2 + 17n/27 - 2 live cells for n x n, Chu and
	// Stuckey: some 40n/27 + 8 of waste), a little under it. For every
	// n x n from 28 to 69 that asks 0 to 3 cells more than the optimum
	// (TestFirstWaste), and questions near the optimum are the slow ones
	// on large boxes (minutes each at n = 43; looser ones are no faster),
	// so the ladder walks one cell at a time for its first four
	// questions, which reach the optimum from there, then gallops,
	// doubling its step, until it has a board and a proof on either
	// side, then halves.
	budget := firstWaste(w, h)
	floor := opt.MinPop > best.Population() // the first question is MinPop's
	if floor {
		if budget = total - 4*opt.MinPop; budget < bottom {
			return finish(nil) // more than the identity allows
		}
	}
	step, found, proved := 4, false, false
	for bottom < top {
		if err := ctx.Err(); err != nil {
			return finish(err)
		}
		budget = min(max(budget, bottom), top-4)
		res.Stats.Passes++
		report(budget)
		start := time.Now()
		b, err := askWaste(ctx, w, h, budget, opt)
		res.Stats.SAT += time.Since(start)
		if err != nil {
			return finish(err)
		}
		if b == nil {
			bottom, proved = budget+4, true
			res.Stats.Unsat++
			if floor && !found {
				break // none of MinPop cells: Bound says so
			}
		} else {
			waste, err := Waste(b)
			padded := b.Pad(1)
			if err != nil || waste > budget || !life.Step(padded, rule.Life, life.Dead).Equal(padded) {
				return finish(fmt.Errorf("density: internal error: the solver's board for waste %d wastes %d (%v)", budget, waste, err))
			}
			best, top, found = b, waste, true
		}
		switch {
		case found && proved:
			budget = bottom + (top-bottom)/8*4
		case found:
			budget = top - step
		default:
			budget = bottom + step - 4
		}
		if res.Stats.Passes >= 3 {
			step *= 2
		}
	}
	report(top)
	return finish(nil)
}

// firstWaste is the ladder's first budget of waste in a w x h box: about
// 20(w+h)/27 + 6, the least waste not ruled out (2wh + 2w + 2h mod 4)
// plus a multiple of 4.
func firstWaste(w, h int) int {
	bottom := (2*w*h + 2*w + 2*h) % 4
	return bottom + max(0, 20*(w+h)/27+6-bottom)/4*4
}

// askWaste asks the solver for a still life of the box within budget: the
// board, or nil when there is none (with the proof written when asked).
// With opt.Race it races the solver's two configurations (SATOptions).
func askWaste(ctx context.Context, w, h, budget int, opt *SATOptions) (*life.Board, error) {
	f, err := WasteCNF(ctx, w, h, budget)
	if err != nil {
		return nil, err
	}
	solver := logic.OrDefault(opt.Solver)
	var forSat logic.Solver
	if tuner, ok := solver.(logic.SatTuner); ok && opt.Race {
		if s, ok := tuner.ForSat(); ok {
			forSat = s
		}
	}
	if forSat == nil {
		return askOne(ctx, w, h, f, solver, opt.ProofDir)
	}
	type answer struct {
		board   *life.Board
		err     error
		decides bool // a board, or an UNSAT answer that counts
	}
	race, cancel := context.WithCancel(ctx)
	defer cancel()
	answers := make(chan answer, 2)
	for i, s := range []logic.Solver{solver, forSat} {
		dir, g := "", f
		if i == 0 {
			dir = opt.ProofDir
		} else {
			g = f.Clone() // the sessions read their formulas as they like
		}
		go func() {
			b, err := askOne(race, w, h, g, s, dir)
			answers <- answer{b, err, err == nil && (b != nil || i == 0 || opt.ProofDir == "")}
		}()
	}
	var first *answer
	for range 2 {
		a := <-answers
		switch {
		case a.decides && (first == nil || !first.decides):
			first = &a
			cancel() // the other stops; wait for it (no stray process)
		case first == nil:
			first = &a
		}
	}
	if !first.decides && first.err == nil {
		return nil, errors.New("density: internal error: neither configuration decided")
	}
	return first.board, first.err
}

// askOne asks one solver about f, the wastage CNF of the box: the board,
// or nil when there is none (with the proof written to proofDir if set).
func askOne(ctx context.Context, w, h int, f *logic.CNF, solver logic.Solver, proofDir string) (*life.Board, error) {
	var sess logic.Session
	var dir *drat.DirWriter
	var err error
	if proofDir == "" {
		sess, err = logic.StartContext(ctx, solver, f)
	} else {
		if dir, err = drat.CreateDir(proofDir, false); err != nil {
			return nil, err
		}
		defer dir.Discard() // does nothing once committed
		sess, err = logic.StartProof(ctx, solver, f, logic.DRAT, dir.Proof())
	}
	if err != nil {
		return nil, err
	}
	st, err := sess.Solve(ctx)
	switch {
	case err != nil:
		return nil, err
	case st == logic.Sat:
		return WasteCNFBoard(w, h, sess.Model()), nil
	case st != logic.Unsat:
		return nil, errors.New("density: the solver answered neither SAT nor UNSAT")
	case dir != nil:
		refuted, err := sess.(logic.ProofSession).Certify()
		if err == nil {
			err = dir.Commit(refuted)
		}
		if err != nil {
			return nil, err
		}
	}
	return nil, nil
}
