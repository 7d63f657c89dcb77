// Package lifesat finds Game of Life patterns with a SAT solver.
//
// It follows the workflow of the Mathematica blog post that searches for
// still lifes with SatisfiabilityInstances: write the rule of every cell
// as a Boolean formula, convert it to CNF, hand the CNF to a SAT solver,
// and read the pattern off the model - with random flips of the variables
// so that the answer is not the empty pattern.
//
// # The model, in packages of its own
//
// Package rule holds the rules (rule.Rule, rule.Parse: B/S, Hensel, MAP,
// partial, hexagonal and von Neumann notation) and package life the boards
// (life.Board, life.Step, life.Plane, the symmetries and transforms of the
// square); the pattern formats (rle, cells, matrix, tmpl, apgcode,
// pattern) import only those two. This package holds the search.
//
// A search under a partial rule ("pB3/S23") makes each free isotropic
// class an unknown, and each answer's Pattern.Rule says in which rules it
// works (Problem.RuleRange: the transitions fixed, forced and still
// free). Knuth's encoding, which counts neighbours, takes only
// outer-totalistic rules; the direct encoding takes any rule.
//
// # Searching
//
// A Problem says what to look for: Period generations that each fit in a
// Width x Height box, generation Period being generation 0 again (moved
// by Shift for a spaceship, and turned by Transform; see below). Period 1
// is a still life. Cells outside the box are dead at every generation,
// and so is the one-cell ring around it, where a pattern could otherwise
// give birth: a pattern found in the box lives in the empty plane.
//
// Encode writes a Problem as CNF. Each generation has one variable per
// cell of the box; the rule is stated for every cell of the box and of
// the ring, from generation t to t+1 (mod Period), by one of two
// encodings:
//
//   - Direct: the minimal CNF of each cell's transition function, no
//     auxiliary variables, as BooleanConvert does in the blog;
//   - Knuth: neighbour counts by totalizers shared between neighbouring
//     cells (Bailleux-Boufkhad, as in Knuth's SAT-LIFE programs).
//
// An oscillator must change before its period is up (exact period), and
// generation 0 must have a live cell, unless Settings say otherwise.
// Finally the variables are flipped by a random mask (Diversify), as the
// blog XORs the board with a random array - except that for oscillators
// and spaceships a solver that takes a seed (cadical, kissat) gets the
// formula as built and the seed instead (Diversify Auto, the default).
//
// Search then solves, decodes, re-simulates each pattern with life.Step
// (Problem.Check), and asks for further distinct patterns by adding a
// clause that forbids each one found. "No such pattern exists" is a
// Result with Status logic.Unsat, not an error.
//
// # A worked example
//
// The smallest still life is the block, in a 2x2 box. With the direct
// encoding and no random flips ("lifesat cnf still -size 2x2 -diversify
// none") the cells are variables 1 2 (top row) and 3 4 (bottom row). Each
// cell sees the other three; alive it needs two or three of them alive,
// dead it must not see three. The minimal CNF of that condition for cell 1
// is
//
//	-1 2 3 0     -1 2 4 0     -1 3 4 0     1 -2 -3 -4 0
//
// (alive: at most one neighbour may be dead; all three alive: alive too),
// and likewise for cells 2, 3 and 4: 16 clauses. The ring adds nothing: a
// ring cell sees at most two cells of the box, and two live neighbours
// never give birth under B3. The clause 1 2 3 4 0 asks for a live cell.
// The only model is all four cells alive:
//
//	res, _ := lifesat.Search(ctx, lifesat.StillLife(2, 2), nil)
//	fmt.Print(res.Patterns[0].Board())
//	// OO
//	// OO
//
// FindStillLife and FindOscillator are the one-call forms for notebooks.
//
// # Templates
//
// A Problem's Template fixes any cell of any generation alive or dead,
// leaves it unknown, or ties it to a named variable (negated or not) that
// cells of other generations share; a cell may also be left free of the
// rule (logic-life-search's trailing "'"). Without a Period a template
// search is a reaction: the template's generations, each the step of the
// one before, with no wrap-around - an eater eating a glider, a pattern
// and its predecessor. The encoders state the template as unit and
// equivalence clauses on the cell variables, and a free cell's rule binds
// a fresh variable instead of the cell; Check verifies the template and
// re-simulates every step. Package tmpl reads templates from LLS files
// and from pictures with '?' for unknown cells. The eater search of
// tmpl's documentation, in Go:
//
//	tpl := tmpl.New(8, 8, 6) // 6 generations of 8x8, all unknown
//	... // generation 0: a glider in the corner; generations 4 and 5: the
//	    // rest of generation 0 (named variables), the corner dead
//	p := lifesat.Reaction(tpl)
//	p.MinPop, p.MaxPop = 6, 12
//	res, _ := lifesat.Search(ctx, p, nil) // eater 1, the fishhook
//
// # Motions, backgrounds and generation constraints
//
// Generation Period need not be generation 0 merely moved: Transform
// turns or reflects it first, about the box's centre (a Motion: the names
// are rlifesrc's, Id R90 R180 R270 F| F- F\ F/). The LWSS is
// glide-reflective, its generation 2 its generation 0 mirrored top to
// bottom and moved a cell, so it is the one answer of
//
//	p := lifesat.Problem{Width: 7, Height: 5, Period: 2, Transform: life.FlipTB, Shift: image.Pt(1, 0)}
//
// and a flipping oscillator of period 4 is found with Period 2 and a
// reflection: half the generations. Race tries such halves of an
// oscillator's or ship's period beside the symmetric sub-problems
// (Strategies), and Unroll gives an answer the whole period.
//
// A Background lays the box on a periodic plane (a life.Background: a
// tile of cells, its generations, its offset) instead of the empty one;
// under a B0 rule without S8 every search lies on the strobing plane,
// dead and alive in turn (life.Vacuum), and Check re-simulates on it with
// the plain Step.
//
// The constraints of logic-life-search's command line name generations
// of the problem (0..Period, or the template's): Change (two generations
// differ), PopBounds (populations summed over generations), MaxChange,
// MaxDecay and MaxGrowth (cells changed, lost and gained from generation
// 0, at each generation), and Asymmetric (motions the pattern must not
// follow). Package lls reads LLS's words into them.
//
// # Beyond one pattern
//
// Enumerate and Count list and count the patterns of a Problem; Maximize
// finds the most populous one and proves it optimal by a ladder of SAT
// questions; Predecessor runs Life backwards; Race runs several searches
// for one pattern side by side (Strategies: other seeds and encodings, and
// symmetric sub-problems) and checks whichever answers. Questions about
// plain problems (Problem.Plain) have programs that need no solver and are
// much faster: package density counts still lifes by a transfer matrix
// over rows (OEIS A136278) and finds maximum-density still lifes and
// period-2 oscillators by row programs (OEIS A055397). A program that
// links density has Count and Maximize hand plain problems to them
// (Maximize unless Settings name a solver or an encoding); see
// SolverFree.
package lifesat
