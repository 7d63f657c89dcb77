package lifesat

import (
	"fmt"
	"time"

	"github.com/lifesat/lifesat/lifesat/logic"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// Diversify says how a search randomizes the solver's starting point.
type Diversify uint8

const (
	// Auto is the default: for oscillators and spaceships with a solver
	// that takes a seed (logic.Seeder: gophersat, the default, cadical
	// and kissat), NoFlip and Settings.Seed passed to the solver;
	// FlipAll for still lifes and with solvers that have no seed (gini,
	// minisat). Random flips hand a CDCL solver a random board to start
	// from, far from any Life pattern, which makes oscillator and ship
	// searches several times slower (docs/how-it-works.md, "Diversification");
	// unflipped, the answers tend to be small (a blinker for period 2),
	// and the blog's dense random boards need FlipAll. Still lifes keep
	// the flips: unflipped, gophersat would return a lone block.
	Auto Diversify = iota
	// FlipAll flips every variable of the formula: the cells by a random
	// mask, each auxiliary counter by its value on that random board. The
	// solver's first guess is then a random board together with its true
	// neighbour counts, rather than all-false.
	FlipAll
	// FlipCells flips only the cell variables, exactly as the Mathematica
	// blog XORs b[i, j] with a random array. With an encoding that has
	// auxiliary variables this often still yields the empty or a tiny
	// pattern; kept for teaching.
	FlipCells
	// NoFlip hands the formula to the solver as built; with gophersat the
	// first still life found is then the empty one (when allowed).
	NoFlip
	// AliveFirst flips the variables so that the solver's first guess is
	// every cell alive, the rule's auxiliary variables at their values on
	// that board: the dense end of the search first (the explorer's
	// "unknown cells alive"; a population bound's counter is flipped at
	// random, by the seed).
	AliveFirst
)

// String names the mode.
func (d Diversify) String() string {
	switch d {
	case FlipCells:
		return "cells"
	case NoFlip:
		return "none"
	case FlipAll:
		return "all"
	case AliveFirst:
		return "alive"
	}
	return "auto"
}

// ParseDiversify reads a mode's name: "auto", "all", "cells", "none" or
// "alive".
func ParseDiversify(s string) (Diversify, error) {
	for _, d := range []Diversify{Auto, FlipAll, FlipCells, NoFlip, AliveFirst} {
		if s == d.String() {
			return d, nil
		}
	}
	return 0, fmt.Errorf("%w: unknown diversification %q (want auto, all, cells, none or alive)", ErrProblem, s)
}

// Settings tune a search. A nil *Settings means the defaults, and so does
// the zero value of every field.
type Settings struct {
	// Rule is the rule; the zero Rule (no rule) means Life, B3/S23.
	// ParseRule("B/S") is not the zero Rule. Rules with B0 are refused.
	// A partial rule ("pB3/S23") makes its free transitions unknowns of
	// Search, Enumerate and Count (direct encoding only): each answer's
	// Pattern.Rule is then the range of rules it works in, and Count
	// counts the patterns of every rule of the range together. Maximize
	// and Predecessor refuse partial rules.
	Rule rule.Rule
	// Encoding is the rule's encoding; "" means DefaultEncoding.
	Encoding Encoding
	// Solver decides the formula; nil means the embedded gophersat.
	// Oscillator and ship searches run it in its configuration for
	// satisfiable formulas when it has one (logic.SatTuner: gophersat's
	// stable mode, cadical's --sat).
	Solver logic.Solver
	// Seed chooses the random flips of Diversify.
	Seed uint64
	// Solutions is how many distinct patterns to find; 0 means 1.
	Solutions int
	// Diversify chooses which variables are flipped at random; the zero
	// value is Auto.
	Diversify Diversify
	// AllowEmpty admits the empty pattern as an answer (never as a
	// spaceship, which must move). By default at least one cell of
	// generation 0 is alive.
	AllowEmpty bool
	// AnyPeriod admits oscillators whose period divides the Problem's
	// (still lifes among them). By default the period is exact.
	AnyPeriod bool
	// Progress, when not nil, is told about long work as it goes, one
	// Progress value a report: the size of the formula, each better
	// answer of an optimization, a row program's steps, and, every
	// ProgressEvery while the solver loads or runs, for how long it has
	// run, its conflicts (when its sessions count them, as the embedded
	// gophersat's and cadical's do: logic.ConflictCounter) and the
	// patterns found so far. It is called from the searching goroutine
	// and from one of the search's own, never twice at once by one search
	// (searches that run side by side with the same Progress call it each
	// on its own), and not after the search returns.
	Progress func(Progress)
	// ProgressEvery is how often a running solver's work is reported to
	// Progress; 0 means DefaultProgressEvery (10 seconds).
	ProgressEvery time.Duration
	// ProgressCells asks the reports of a running solver of Search,
	// Enumerate and Count for its partial assignment of generation 0
	// (Progress.Cells and Known), when its session can show it
	// (logic.Peeker, as the embedded gophersat's). Without it the search
	// does not look.
	ProgressCells bool
	// ProofDir, when not "", asks for a clausal proof of an answer "none
	// exists" (Status logic.Unsat; the final Unsat of an enumeration or a
	// count; the last step of Maximize's SAT ladder; a Garden of Eden):
	// the solver writes it as it searches, and when the answer is Unsat
	// the directory gets the proof, proof.drat or proof.lrat as
	// ProofFormat says, and formula.cnf, the formula it refutes (the
	// searched formula, and any clause added to it since, such as the
	// patterns found so far ruled out), for package drat (lifesat verify)
	// or drat-trim to check (docs/proofs.md). Any other answer leaves no
	// proof there. The solver must write proofs (logic.Prover: gophersat,
	// the default, and cadical); with another the search is an error
	// wrapping logic.ErrNoProof. The row programs (Count of a plain still
	// life, Maximize by the density program) use no solver and write
	// none. A race writes the proof of the member that answered.
	ProofDir string
	// ProofFormat is the proof's format; the zero value is logic.DRAT.
	ProofFormat logic.ProofFormat
	// MaxMemory is the memory budget of the search in bytes, as estimated
	// before the formula is built (see the package constant MaxMemory);
	// 0 means MaxMemory. Searches that run side by side share the
	// machine's memory: give each its part. A budget above MaxMemory is
	// read as MaxMemory.
	MaxMemory int64
}

// diversify resolves Auto for p: the flips to write, and the solver to
// run (nil for the embedded default, for still lifes), seeded when the
// flips are left to it (the embedded default too); for oscillators and
// ships the solver runs in its configuration for satisfiable formulas
// (gophersat's stable mode, cadical's --sat).
func (s *Settings) diversify(p Problem) (Diversify, logic.Solver) {
	if p.period() == 1 {
		if s.Diversify == Auto {
			return FlipAll, s.Solver
		}
		return s.Diversify, s.Solver
	}
	solver := logic.OrDefault(s.Solver)
	if t, ok := solver.(logic.SatTuner); ok {
		// Oscillators and ships are hard satisfiable searches, which
		// these configurations answer several times sooner (see
		// logic.Gophersat and logic.External.ForSat).
		solver, _ = t.ForSat()
	}
	if s.Diversify != Auto {
		return s.Diversify, solver
	}
	if sd, ok := solver.(logic.Seeder); ok {
		if seeded, ok := sd.WithSeed(s.Seed); ok {
			return NoFlip, seeded
		}
	}
	return FlipAll, s.Solver
}

// progress reports p to s.Progress if there is one.
func (s *Settings) progress(p Progress) {
	if s.Progress != nil {
		s.Progress(p)
	}
}

func (s *Settings) orDefaults() Settings {
	var d Settings
	if s != nil {
		d = *s
	}
	if d.Rule.IsZero() {
		d.Rule = rule.Life
	}
	if d.Encoding == "" {
		d.Encoding = DefaultEncoding
	}
	if d.Solutions <= 0 {
		d.Solutions = 1
	}
	return d
}

// MaxMemory bounds the memory a search may need, in bytes, as estimated
// before anything is built: the formula, exactly sized, and the solver's
// copy of it (logic.Footprint, an estimate for each backend). A problem over
// it is refused with an error that wraps ErrProblem and names the
// estimate; the limits on the box (MaxSide, MaxCells) alone do not bound
// the formula, whose size also depends on the period, the encoding, the
// population bounds and, for Maximize, a counter over every cell that
// grows with the square of their number. The estimates keep the peak
// memory of every problem the limits accept under 4 GB (docs/limits.md).
const MaxMemory = 3_000_000_000

// memory is the search's memory budget: s.MaxMemory, or the package's
// MaxMemory when that is 0 or larger.
func (s *Settings) memory() int64 {
	if s.MaxMemory <= 0 || s.MaxMemory > MaxMemory {
		return MaxMemory
	}
	return s.MaxMemory
}
