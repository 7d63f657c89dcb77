// Package density holds lifesat's programs that need no SAT solver:
// dynamic programs over the rows of a w x h box, everything outside it
// dead. CountStillLifes counts the still lifes of the box under any rule
// by a transfer matrix (OEIS A136278 for Life), and MaxStillLifeRule finds
// the densest (to 12 columns). Linking the package registers its programs
// with lifesat (lifesat.SolverFree), so that lifesat.Count and
// lifesat.Maximize hand them the plain problems they answer.
//
// MaxStillLife and MaxOscillator find maximum-density still lifes and
// period-2 oscillators of Conway's Life (B3/S23, and only Life: the waste
// rules below are Life's) and prove them optimal: OEIS A055397 for n x n
// boxes. Their dynamic program over rows is bounded by the wastage
// reformulation of G. Chu, P. J. Stuckey and M. G. de la Banda ("Using
// relaxations in Maximum Density Still Life", CP 2009; G. Chu and P. J.
// Stuckey, "A complete solution to the Maximum Density Still Life
// Problem", Artificial Intelligence 184, 2012; the MiniZinc benchmark
// "still-life-wastage" states the same rules).
//
// # Wastage
//
// Give every cell of the box and of the one-cell ring around it a waste:
//
//   - a live cell wastes max(0, 2 - s), where s counts its live orthogonal
//     neighbours plus the pairs of live diagonal neighbours on a common
//     side (above-left with above-right, above-right with below-right,
//     below-right with below-left, below-left with above-left);
//   - a dead cell of the box with k live orthogonal neighbours wastes 2, 1,
//     0, 0, 2 for k = 0, 1, 2, 3, 4;
//   - a cell of the ring next to a side of the box wastes 1 if the box cell
//     beside it is dead, 0 if it is alive; the ring's four corners waste
//     nothing.
//
// Then every still life in a w x h box, with L live cells and waste W in
// all, has
//
//	4L + W = 2wh + 2w + 2h        (2n² + 4n for an n x n box),
//
// so the most live cells means the least waste. Proof: count the sides
// that live cells share with other cells, 4L = 2·(live-live sides) +
// (live-dead sides), and sum the rules. The dead cells' waste is
// 2·(dead box cells) + (ring cells next to a side) - (live-dead sides) +
// t3 + 4·t4, where tk counts the dead box cells with k live orthogonal
// neighbours; with 2·(dead box cells) = 2wh - 2L the identity reduces to
//
//	sum over live cells of min(2 - o, p) = t3 + 4·t4,
//
// o and p being a live cell's live orthogonal neighbours and diagonal
// pairs. Each dead cell with 3 (4) live orthogonal neighbours gives 1 (4)
// such pairs to the live cells beside it: exactly the pairs through dead
// cells. In a still life every live cell has 2 or 3 live neighbours, which
// leaves four cases: o = 0 and o = 2 cells have only pairs through dead
// cells; an o = 3 cell has no live diagonal neighbour and counts one less;
// an o = 1 cell with a pair through its live neighbour counts one more;
// and those two kinds match one to one (the o = 3 cell is that live
// neighbour). TestWasteIdentity checks the identity on every still life
// of every box up to 7x7.
//
// A worked example, the ship in a 3x3 box (L = 6), with its ring; on the
// right, each cell's waste:
//
//	.....      0 0 0 1 0
//	.OO..      0 0 0 0 1
//	.O.O.      0 0 2 0 0
//	..OO.      1 0 0 0 0
//	.....      0 1 0 0 0
//
// The dead centre has four live orthogonal neighbours (2); the two dead
// corners of the box have two (0), and the ring cells beside them see a
// dead box cell (1 each). W = 6 and 4·6 + 6 = 2·9 + 2·3 + 2·3 = 30.
//
// # The row program
//
// The program places the box's rows one by one with the last two rows as
// its state, keeping for each state the least waste of the cells whose
// neighbourhoods are complete (MaxStillLifeRule is the same program
// without bounds, maximizing live cells; it stops at 12 columns). Here a
// pass allows a budget of waste and keeps a state only while its waste so
// far plus a lower bound on the waste still to come fits. The bounds:
//
//   - strips: cut the open rows into vertical strips of at most six
//     columns; each strip wastes at least what a small exact table says,
//     given its part of the state, with the columns just outside it free;
//   - edges: the least waste of the k rows next to a side of the box with
//     the ring beyond them, whatever lies on their other side, computed by
//     small programs of k rows for k up to a few rows past the middle (the
//     box looks the same upside down, so the bottom k rows cost what the
//     top k rows do); for more rows, the edge bound of the j rows next to
//     the side plus the strips' bound of the rest, at best over j;
//   - the strips over the next one to three rows plus the edge bound of
//     the rows after them.
//
// The search raises the budget from the least the bounds allow, in steps
// of 4 (the waste of a w x h board is 2wh + 2w + 2h modulo 4): each budget
// found empty proves a smaller bound on the population, and the first
// board found within a budget is optimal. Depth-first dives and beams of
// doubling width look for that board, because any one will do, and a
// proof needs only the budget below it, which the bounds make small.
//
// Before them, mirror passes look for the densest board whose rows read
// the same from both ends: the same program, each row's second half
// forced to mirror its first, so a pass keeps thousands of states where
// a plain one keeps millions. It proves nothing (the densest board need
// not be symmetric), but where it finds an optimal board, as for many odd
// n (docs/max-density.md), the passes after it only prove the bound.
//
// The box is turned so that its shorter side runs along the rows; it may
// be at most MaxWidth = 32 cells.
//
// # The wastage as CNF
//
// WasteCNF states the same question for any SAT solver: the still lifes
// of a box with waste at most a budget, so with at least (2wh + 2w + 2h -
// budget) / 4 live cells. MaxStillLifeSAT asks a solver (gophersat, or
// cadical through logic.External, far faster) such questions until a
// board and an UNSAT answer meet, and can keep the clausal proof of the
// last. With CaDiCaL it settles n x n boxes past n = 50 in minutes, and
// proves OEIS A055397's 2013 values one too many at n = 28, 30, 32, 35
// and 38 (docs/max-density.md has the table, the times and the proofs).
package density
