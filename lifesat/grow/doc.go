// Package grow finds spaceships the way Life's hunters search for them:
// a fixed width and no fixed length. A ship moving orthogonally K cells
// every P generations (speed Kc/P) is grown row by row from its front
// inside a strip W cells wide, until its back can end in dead rows, as
// David Eppstein's gfind and its heirs qfind and zfind do, and as
// ikpx2 does with an incremental SAT solver. lifesat's other searches
// (package lifesat, "lifesat ship -size WxH") fix a box first; here only
// the width is fixed, and an answer "none" (logic.Unsat) says that no
// ship of that speed fits the strip at any length (or, with
// Problem.MaxLength, at that length).
//
// # The order of rows
//
// The ship moves up: its cells at (x, y, t+P) are its cells at
// (x, y+K, t). Every row of every generation is then a row of the order
// gfind uses; for gcd(K, P) = 1, row y of generation t is row
//
//	i = P*y + K*t
//
// of the order, and a row of generation P is row K of generation 0 again
// under the same number. Life's rule steps row y of generation t+1 from
// rows y-1, y and y+1 of generation t, which are rows i-P, i and i+P of
// the order with i+K between them: the newest of the four is i+P. So a
// ship is grown by choosing rows 0, 1, 2, ... in turn, row v constrained
// by rows v-2P, v-P and v-P+K, all known by then. For c/4 (P = 4, K = 1):
//
//	row v = 9 is row 2 of generation 1
//	its constraint: rows 1, 5 and 9 (rows 0, 1, 2 of generation 1)
//	                step to row 6 (row 1 of generation 2)
//
// Rows before row 0 are dead, row 0 has a live cell (the front), and a
// partial ship is a list of rows whose last 2P are its state: two
// partials with the same state have the same futures. A partial whose
// last 2P rows are dead is a whole ship: every later row may be dead.
// (For gcd(K, P) = d > 1 the order interleaves d chains of rows,
// generation t belonging to chain floor(t d / P); the LWSS, 2 cells
// every 4 generations, is such a ship.)
//
// # The search
//
// Search extends a depth at a time every partial of the last depth (a
// breadth-first search, as qfind's, its queue bounded by
// Settings.MaxNodes):
//
//   - the rows that row v's constraint allows are listed by table, column
//     by column, and each must leave the next rows whose constraints
//     involve only known rows some value (gfind's lookahead); on the
//     tables alone (the default), with gcd(K, P) = 1 and 3K <= 2P, the
//     triangle lookahead (qfind's) asks more: five rows ahead, two
//     spatial rows of three phases, must fit together with a sixth after
//     them, rows the search in order meets only 2P-3K rows later;
//   - a partial whose state an earlier partial had is dropped;
//   - in a narrow strip (7 free columns at most), where the rows' lists
//     come from a memo of every triple of rows (gfind's and zfind's
//     table), a depth of more than a few thousand partials is probed as
//     qfind probes its queue: a new partial stays only if a depth-first
//     search from it reaches 2P rows further or closes (a bounded probe
//     that stops early keeps it);
//   - with Settings.Lookahead > 0 (by default the tables alone decide),
//     an incremental SAT solver (logic.Session: one formula, the rule's
//     constraints on a window of 2P known rows and Settings.Lookahead
//     rows after them, the known rows given as assumptions at every call)
//     keeps a partial only if Lookahead more rows can follow it, and
//     closes a partial at once when its ship can end within them;
//   - every ship is re-simulated on the plane (life.Plane): every
//     generation in the strip, generation P its generation 0 moved up K
//     cells; and named by its apgcode (package apgcode).
//
// A symmetric search (Odd, Even, Gutter) has variables for half of each
// row; Width always counts every column. Settings.Checkpoint writes the
// partials at every depth and resumes a stopped search from them; a
// search that stops (its context ends, MaxNodes, MaxDepth) returns its
// longest partial, its back row open, as hunters post partials.
//
// # Depth first
//
// With Settings.DepthFirst the search holds one partial at a time, the
// path from the front, as gfind's depth-first phase and zfind do: it
// extends the path by each row that the rule allows, backs up when none
// does, and bounds the path by a limit on its rows that grows by P rows a
// pass (iterative deepening) until a ship closes or no partial reaches
// the limit ("none"); with MaxLength, one pass to the length's bound.
// Its rows come from an automaton over the strip's columns (gfind's
// graph, four states: the last two cells of the row so far), which
// lists only rows that complete, and answers in one sweep whether a
// constraint has any row (the lookahead). States met before at a depth
// no greater are not grown again in a pass (in an asymmetric search
// under a left-right symmetric rule, a state and its mirror image are
// one), and a path must come before its mirror image; the table of them
// is a fixed array of 2^16 slots (at most MaxNodes), a state pushing out
// the one in its slot, so a state may be grown again but none is skipped
// unmet. Without MaxLength the triangle
// lookahead prunes the path as well. With
// Lookahead > 0 the solver checks every partial as well; Lookahead -1
// searches on the tables alone, the fastest per partial. Its checkpoint
// is the pass and the path's places: at each row, which of the rows the
// rule allows the path took; a resumed search goes down that path again
// and on from there.
//
// # A worked example
//
// The lightweight spaceship from nothing: c/2 (Shift 2, Period 4) in a
// strip 5 wide. The search keeps some hundred partials over twenty rows
// of the order before a partial's ship closes; the ship is re-simulated
// and named:
//
//	res, _ := grow.Search(ctx, grow.Problem{Period: 4, Shift: 2, Width: 5}, nil)
//	fmt.Println(res.Ships[0].Code) // xq4_6frc, the LWSS
//	fmt.Print(res.Ships[0].Board)
//	// ..O.
//	// .OOO
//	// OO.O
//	// OOO.
//	// .OO.
//
// In a strip 7 wide, with Repeats and MaxLength 9, the middleweight and
// heavyweight ships (xq4_27dee6, xq4_27deee6) come too; their sparks
// keep them out of narrower strips.
package grow
