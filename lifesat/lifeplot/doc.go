// Package lifeplot draws Life patterns and timing experiments: boards as
// pictures, evolution strips, Bosch's cell states, animated GIFs of
// oscillators and spaceships, and gonum/plot charts of search times and
// formula sizes. The notebooks call it and display the bytes; the core
// packages never import it.
//
// # Boards
//
// BoardImage draws a board the way Mathematica's ArrayPlot[b, Mesh -> All]
// does: a square of CellSize pixels per cell, black when alive, white when
// dead, with grey grid lines around every cell. It is a plain image/draw
// raster (paletted, one byte a pixel), so it is fast and needs no fonts;
// BoardPNG encodes it, and BoardSVG writes the same picture as SVG text,
// which makes deterministic golden files. Strip puts boards side by side,
// labelled "t=0", "t=1", ... in a built-in bitmap font. States draws the
// marks of Bosch's figures, showing what the next step will do to each
// cell:
//
//	solid disc   alive and staying alive     O
//	ring         alive but about to die      o
//	small dot    dead but about to be born   +
//	nothing      dead and staying dead       .
//
// (the right column is the notation of this package's tests). GIF animates
// boards, and Frames prepares them: it simulates a pattern in the plane
// and crops every generation to one frame, so a spaceship moves across it.
//
// # A worked example
//
// LifeWiki's glider, as .cells text (see life.Board.String):
//
//	.O.
//	..O
//	OOO
//
// is the board with live cells (1,0), (2,1), (0,2), (1,2), (2,2):
//
//	g := life.NewBoard(3, 3)
//	for _, c := range [][2]int{{1, 0}, {2, 1}, {0, 2}, {1, 2}, {2, 2}} {
//		g.Set(c[0], c[1], true)
//	}
//	f, err := os.Create("glider.png")
//	...
//	err = lifeplot.BoardPNG(f, g, nil) // 37 x 37 pixels
//
// With the default CellSize 12 and the mesh the picture is 3*12+1 = 37
// pixels square: grid lines on pixel columns and rows 0, 12, 24 and 36,
// and cell (x, y) filling the 11 x 11 square from (12x+1, 12y+1). So pixel
// (18, 6), the centre of cell (1, 0), is black, and pixel (6, 6), the
// centre of the dead cell (0, 0), is white. The tests read pictures back
// this way, sampling the centre of each cell, and compare the text with
// Board.String.
//
// States(g, rule.Life, nil) marks (1,0) and (0,2) with rings, (0,1) with
// a dot and the other three live cells with discs:
//
//	.o.
//	+.O
//	oOO
//
// The birth at (1,3) lies off the board; States(g.Pad(1), ...) shows it.
//
// Frames(g, rule.Life, 8, 1)
// gives generations 0..7 in one 7 x 7 frame (the 5 x 5 square the glider
// sweeps, and a dead cell around it), and GIF writes them as an
// animation that loops forever. With Changes, a Strip or a GIF tints the
// cells that differ from the board before; BoardOptions.Shift (and
// Transform) take a spaceship's move out of that, so the tint shows how
// its shape changes, not that it moves.
//
// Partial draws what a search knows of a board: the known cells alive or
// dead, the others grey, a cell outlined with Box.
//
// # Charts
//
// TimingPlot draws the times of an experiment, a Sample per run: X (box
// side, period) against seconds on a log axis, every run a point and one
// line per series (encoding, solver) through the median at each X.
// TargetPlot draws a benchmark table, a column per problem with every
// series' runs side by side, its median, the target and another tool's
// time. SizeBars compares the formula sizes of encodings. They return a
// *plot.Plot of gonum.org/v1/plot, to adjust further, to Save, or to write
// with WritePNG, which draws the legend outside the axes so that it
// covers no data. A Style (TimingOptions.Styles) fixes a series' colour
// and glyph, so that one solver looks the same in every figure;
// StyleTable gives each series of a notebook or a report its own, from
// one list of names. Every log axis is drawn by LogAxis: widened to powers
// of ten, a label at each, and "log scale" in the axis label.
package lifeplot
