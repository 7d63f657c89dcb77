// Package life is the Game of Life's board and its simulation: Board, a
// W x H rectangle of cells ((x, y) is column x, row y, from the top-left
// corner); Step, the next generation under any rule of package rule, with
// a dead edge or on a torus; Run, a list of generations; Plane, a pattern
// run in the infinite plane; and the rotations and reflections of the
// square (Transform) with the symmetries they make (Symmetry).
//
// Step is the plain, obviously correct simulation that every pattern a
// search returns is checked with; it asks the rule one question per cell,
// rule.Rule.Transition of the cell's neighbourhood. Package life knows
// nothing of solvers, formats or pictures.
//
// # A worked example
//
// The glider (LifeWiki, "Glider"),
//
//	.O.
//	..O
//	OOO
//
// steps on a dead edge to
//
//	...
//	O.O
//	.OO
//
// - the cell born below the box is lost, as the edge is dead. Plane grows
// the frame instead: after 4 generations the glider is back, moved one
// cell right and one down, in a 4x4 frame whose cell (0, 0) is the
// start's:
//
//	b := life.NewBoard(3, 3)
//	for _, c := range [][2]int{{1, 0}, {2, 1}, {0, 2}, {1, 2}, {2, 2}} {
//		b.Set(c[0], c[1], true)
//	}
//	g, at, _ := life.Plane(ctx, b, rule.Life, 4)
//	// g is 4x4 at (0, 0): the glider in its lower right 3x3
//
// A symmetry is a group of transforms under which a board is unchanged:
// the blinker's row has D4+ (both mid-line reflections), and
// life.D4Plus.Holds(b) says so; its Orbits tie the cells that a symmetric
// search gives one variable. Transforms and symmetries are their own text
// (encoding.TextMarshaler), their names: "F-", "D4+".
package life
