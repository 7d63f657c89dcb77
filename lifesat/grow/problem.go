package grow

import (
	"fmt"
	"time"

	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/logic"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// A Problem is a width-bounded ship search: a spaceship moving Shift
// cells orthogonally every Period generations, every generation of it
// within a strip Width cells wide (the cells beside the strip dead, and
// never born), of any length unless MaxLength bounds it.
type Problem struct {
	Period int // P, 2 or more
	Shift  int // K cells per period, 1 <= K < P: speed Kc/P
	Width  int // W, 1 to MaxWidth: every column of the strip
	Sym    Sym // "" is Asym
	// Rule is the rule; the zero Rule means Life, as in lifesat's
	// Settings. Partial rules and rules with B0 are refused.
	Rule rule.Rule
	// MaxLength, when not 0, keeps only ships whose P generations fit
	// in MaxLength rows, one box for all of them, as lifesat's box
	// searches ask (-size WxH, H = MaxLength). The search states it by
	// the rows' indices, P*(MaxLength-1)+K*(P-1) at most from the first
	// (for gcd(K, P) = 1): a bound every such ship meets, with some ships
	// longer than the box among its answers, which Ship.Length tells
	// apart. With MaxLength the search
	// ends, and "none" (logic.Unsat) is a proof that no such ship fits
	// the strip and the length.
	MaxLength int
}

func (p Problem) String() string {
	s := fmt.Sprintf("%dc/%d ship, width %d", p.Shift, p.Period, p.Width)
	if p.Shift == 1 {
		s = fmt.Sprintf("c/%d ship, width %d", p.Period, p.Width)
	}
	if p.Sym != "" && p.Sym != Asym {
		s += " " + string(p.Sym)
	}
	if p.MaxLength > 0 {
		s += fmt.Sprintf(", length %d at most", p.MaxLength)
	}
	return s
}

func (p Problem) rule() rule.Rule {
	if p.Rule.IsZero() {
		return rule.Life
	}
	return p.Rule
}

// Settings tune a search. A nil *Settings means the defaults; so does
// every zero field.
type Settings struct {
	// Solver decides the window formulas; nil is the embedded gophersat
	// (logic.OrDefault). It must keep a session across calls: each class
	// of window is one Session, fed assumptions and clauses for as long
	// as the search runs.
	Solver logic.Solver
	// Lookahead is how many rows the solver looks ahead of a partial,
	// at least 2P: a partial is kept only if Lookahead more rows can
	// follow it, and one whose ship can close within Lookahead rows is
	// closed at once. A negative Lookahead searches without the solver:
	// the rows' tables alone (with the triangle lookahead), and a ship
	// closes when its last 2P rows are dead. 0 means DefaultLookahead.
	Lookahead int
	// MaxNodes bounds the partials held in memory (a few tens of bytes
	// each, and the visited states): past it the search stops with
	// Status Unknown and ErrMemory. 0 means DefaultMaxNodes.
	MaxNodes int
	// MaxDepth, when not 0, stops the search (Status Unknown) once its
	// partials have MaxDepth rows.
	MaxDepth int
	// Ships is how many different ships (by apgcode) to find before the
	// search stops; 0 means 1.
	Ships int
	// Repeats keeps the partials whose last 2P rows repeat another's.
	// Without it (the default) they are dropped, their futures being the
	// same, which keeps a search small and still finds a ship whenever one
	// exists; but two ships that share 2P consecutive rows then have a
	// single future, so only one of them is found. With Repeats and
	// MaxLength, every ship that fits is found, in a search that may be
	// exponentially larger.
	Repeats bool
	// DepthFirst searches depth first, one partial at a time, under a
	// limit on the rows that grows by P rows a pass (iterative
	// deepening), the rows listed by the column automaton and, with
	// Lookahead > 0, each partial kept only if the solver finds Lookahead
	// rows after it. Its memory is the path and a table of the states
	// seen (2^16 at most, and at most MaxNodes; a new state may push an
	// old one out, which is then forgotten). Its Checkpoint holds the
	// path's places (written at every pass, every 2^20 partials and
	// when it stops); a resumed search may search states it had seen
	// again.
	// Repeats, MaxLength, Ships and MaxDepth mean what they mean for the
	// breadth-first search.
	DepthFirst bool
	// Part and Parts, with Parts > 1, search part Part (0 to Parts-1) of
	// a depth-first search cut into Parts: each partial of 2P rows, the
	// first state, belongs to one part, by a hash of its rows (FNV-1a),
	// and a part grows only its own. The parts of a search, run anywhere,
	// search the whole together: no ship exists if every part says none.
	Part, Parts int
	// Checkpoint, when not "", is a file the search writes at the end of
	// every depth (its partials and counts; depth first, see DepthFirst)
	// and resumes from when it exists and holds the same problem.
	Checkpoint string
	// Progress, when not nil, is told about the search at the end of
	// every depth and every few thousand partials.
	Progress func(Progress)
}

// DefaultMaxNodes is the default bound on the partials held in memory.
const DefaultMaxNodes = 20_000_000

// DefaultLookahead is the default lookahead for period p: -1, the rows'
// tables alone, which answered faster than the solver looking 2p rows
// ahead in every search measured side by side (docs/width-search.md),
// from 2 to 20 times and more.
func DefaultLookahead(p int) int { return -1 }

// Progress is the state of a running search.
type Progress struct {
	Depth   int // rows of the partials being extended; depth first, the pass's limit
	Level   int // partials at that depth (0 depth first)
	Done    int // of them extended so far (0 depth first)
	Stats   Stats
	Elapsed time.Duration
}

// Stats count a search's work.
type Stats struct {
	// Depth is the most rows of a partial.
	Depth int
	// Nodes is the number of partials kept. Repeats were dropped because
	// another partial had reached the same last 2P rows (their futures
	// are the same), Pruned because the solver found no Lookahead rows to
	// follow them.
	Nodes, Repeats, Pruned int64
	// Probed is the partials a breadth-first search on the tables
	// dropped because no future of them reached a few periods further
	// (probe.go).
	Probed int64
	// Solves is the number of solver calls, Windows the formulas built
	// (one per class of window, again when the blocking clauses grow).
	Solves, Windows int64
}

// A Ship is one ship found.
type Ship struct {
	// Board is generation 0 in the strip's columns, moving up: generation
	// P is generation 0 moved (0, -K). Re-simulated on the plane.
	Board *life.Board
	// Code is its apgcode (package apgcode).
	Code string
	// Length is the height of its box: the fewest rows that hold P
	// consecutive generations of it.
	Length int

	rows []uint32
	g    *geometry
}

// Rows is the number of rows of the ship in the order of the search
// (see the package documentation): the depth at which it closed.
func (sh Ship) Rows() int { return len(sh.rows) }

// Partial is generation 0 of the ship's first n rows in the order of the
// search, the strip's columns wide: the partial ship it grew from, its
// back row open, as the search held it at depth n.
func (sh Ship) Partial(n int) *life.Board {
	return sh.g.phase(sh.rows[:max(0, min(n, len(sh.rows)))], 0)
}

// A Result is the outcome of a search.
type Result struct {
	// Status is logic.Sat when a ship was found, logic.Unsat when none
	// exists in the strip (every partial died, or, with MaxLength, none
	// fits), logic.Unknown when the search stopped first (Err says why).
	Status logic.Status
	Ships  []Ship
	// Partial is the longest partial ship of the search, generation 0 of
	// its rows, its back row open (not yet closed), and PartialRows its
	// number of rows.
	Partial     *life.Board
	PartialRows int
	Stats       Stats
	// Err is why a search stopped without an answer: the context's error,
	// ErrMemory, or ErrDepth.
	Err error
}
