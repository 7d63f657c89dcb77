// Package ip states R. A. Bosch's two integer programs for the
// maximum-density still life, IP1 and IP2 ("Integer programming and
// Conway's game of Life", SIAM Review 41(3), 1999, section 3), for a
// W x H box, constraint for constraint as he wrote them, and writes them
// for any pseudo-Boolean or MIP solver: OPB (the PB competitions' format)
// and CPLEX's LP format (CBC, GLPK, HiGHS, SCIP, CPLEX). It reads back
// CBC's solution files, and checks every point it is given: against the
// model's constraints, and as a board, by the plain Step of package life.
// Model.Solve solves a program in-process, as it stands, with the
// pseudo-Boolean engine of lifesat's copy of gophersat (Model.PB, then
// logic.Gophersat.Optimize; lifesat max -method ip1|ip2).
//
// # The programs
//
// A 0-1 variable x_e for each cell e of the box R: 1 if e is immortal, 0
// if it is eternally dead. Maximize the sum of the x_e subject to, for
// each cell e with neighbours N(e) in R,
//
//	DI(e)      2x_e - sum_N(e) x_f <= 0       death by isolation
//	DO(e)      3x_e + sum_N(e) x_f <= 6       death by overcrowding
//
// (6, not 8: no still life has a dead cell with more than six live
// neighbours), and for each cell outside R with exactly three neighbours
// f, g, h in R the boundary constraint x_f + x_g + x_h <= 2. The birth
// rule, a dead cell must not have exactly three live neighbours, is
// where the two differ. IP1 gives each cell two more variables, a_e and
// b_e, and three constraints:
//
//	B1(e)      sum_N(e) x_f <= 2 + 4a_e
//	B2(e)      sum_N(e) x_f >= 4 - 4b_e
//	B3(e)      a_e + b_e <= 1 + x_e
//
// IP2 forbids each way of breaking the rule by itself: for each
// 3-element subset S of N(e) (56 of them for a cell with 8 neighbours),
//
//	B'(e, S)   -x_e + sum_S x_f - sum_N(e)-S x_f <= 2
//
// Both have exactly the still lifes of the box as feasible points (the
// tests check it on every board of the boxes up to 12 cells), so both
// have its densest still life as optimum: OEIS A055397 for n x n boxes
// (0, 4, 6, 8, 16, 18, 28, 36, 43, 54, ...). IP1 has three times IP2's
// variables and far fewer constraints: for 9 x 9, 243 variables and 433
// constraints against 81 and 3,218.
//
// # A worked example
//
// For a 2 x 2 box every cell has the other three as neighbours, and no
// cell outside has three neighbours in the box, so IP2 is DI, DO and one
// B' a cell:
//
//	m, _ := ip.New(2, 2, ip.IP2)
//	m.WriteLP(os.Stdout)
//
// writes (the first comment shortened)
//
//	\ Bosch's IP2 for the maximum-density still life of a 2x2 box (...)
//	\ 4 variables, 12 constraints
//	Maximize
//	 obj: x_0_0 + x_1_0 + x_0_1 + x_1_1
//	Subject To
//	\ DI(e), death by isolation: 2 x_e - sum of N(e) <= 0
//	 DI_0_0: 2 x_0_0 - x_1_0 - x_0_1 - x_1_1 <= 0
//	 ...
//	\ B'(e,S), birth, for each 3-subset S of N(e): -x_e + sum of S - sum of N(e)-S <= 2
//	 Bp_0_0_E_S_SE: - x_0_0 + x_1_0 + x_0_1 + x_1_1 <= 2
//	 ...
//	Binary
//	 x_0_0 x_1_0 x_0_1 x_1_1
//	End
//
// x_X_Y is the cell of column X and row Y. B'((0,0), {E, S, SE}) forbids
// the three other cells alive around a dead x_0_0; DO at each cell is
// 3 + 3 <= 6 whatever the cells are, so WriteOPB leaves those four out.
// Its header is "* #variable= 4 #constraint= 8", then, after comments
// naming the variables (x1 is x_0_0),
//
//	min: -1 x1 -1 x2 -1 x3 -1 x4 ;
//	-2 x1 +1 x2 +1 x3 +1 x4 >= 0 ;
//	...
//	+1 x1 -1 x2 -1 x3 -1 x4 >= -2 ;
//
// CBC ("cbc 2x2.lp solve solu out.txt") answers "Optimal - objective
// value 4.00000000" and x = 1 for every cell; ReadCBC reads that into a
// point, m.Check(point) confirms it meets the constraints, m.Board(point)
// is the block, and StillLife(board) re-simulates it with life.Step.
package ip
