package life

import (
	"errors"
	"fmt"
	"image"

	"github.com/lifesat/lifesat/lifesat/rule"
)

// A Background is a plane that repeats in space and in time, an "agar": a
// small tile of cells laid side by side over the whole plane, generation
// after generation. Zebra stripes (rows alternately alive and dead) and
// the strobing plane of a B0 rule (all dead, then all alive) are
// backgrounds; so is the empty plane, the nil *Background.
//
// Generation t of the plane is tile generation (t+Phase) mod len(Tile),
// and its cell (x, y) is that generation's cell ((x+Offset.X) mod W,
// (y+Offset.Y) mod H) for a W x H tile. The tile's generations should
// follow a rule, each the step of the one before and the first the step
// of the last, with the tile's sides wrapped around (Check says whether
// they do).
type Background struct {
	// Tile holds the tile's generations, all of one size, at least 1x1.
	Tile []*Board
	// Offset is the tile cell that the plane's cell (0, 0) lies on.
	Offset image.Point
	// Phase is the tile generation of the plane's generation 0.
	Phase int
}

// MaxTile bounds the cells of a background's tile, all generations
// together.
const MaxTile = 1 << 16

// ErrBackground is wrapped by the errors of Validate and Check.
var ErrBackground = errors.New("life: bad background")

// Uniform returns the background whose generation t is all alive when
// states[t mod len(states)] is true, all dead otherwise: a 1x1 tile.
// Uniform(false, true) is the strobing plane of a B0 rule without S8.
func Uniform(states ...bool) *Background {
	bg := &Background{}
	for _, s := range states {
		b := NewBoard(1, 1)
		b.Set(0, 0, s)
		bg.Tile = append(bg.Tile, b)
	}
	return bg
}

// Vacuum is the plane with no pattern on it under r, as a background, or
// an error when it is not one. For a rule without B0 it is nil: the
// plane stays dead. Under a B0 rule without S8 the empty plane strobes:
// every cell is born at once, and every cell, with eight live neighbours,
// dies at once: dead at even generations, alive at odd ones, which is
// Uniform(false, true). Under a rule with B0 and S8 the plane fills at
// generation 1 and stays full, which no background dead at generation 0
// is; Vacuum returns an error for it (give such searches a background of
// their own, such as Uniform(true)). A partial rule must fix the
// transitions of the empty and the full neighbourhood.
func Vacuum(r rule.Rule) (*Background, error) {
	const empty, full = rule.Neighbourhood(0), rule.Neighbourhood(511)
	switch {
	case r.IsZero():
		return nil, fmt.Errorf("%w: Vacuum with the zero Rule", ErrBackground)
	case r.Free(empty):
		return nil, fmt.Errorf("%w: the partial rule %v leaves B0 free, so the empty plane is not known", ErrBackground, r)
	case !r.Transition(empty):
		return nil, nil
	case r.Free(full):
		return nil, fmt.Errorf("%w: the partial rule %v has B0 and leaves S8 free, so the empty plane is not known", ErrBackground, r)
	case r.Transition(full):
		return nil, fmt.Errorf("%w: under %v (B0 and S8) the empty plane fills and stays full; give a background such as an all-alive one", ErrBackground, r)
	}
	return Uniform(false, true), nil
}

// Period is the number of tile generations, 1 for the empty plane (nil).
func (bg *Background) Period() int {
	if bg == nil || len(bg.Tile) == 0 {
		return 1
	}
	return len(bg.Tile)
}

// Size is the tile's width and height, 1 x 1 for the empty plane.
func (bg *Background) Size() (w, h int) {
	if bg == nil || len(bg.Tile) == 0 {
		return 1, 1
	}
	return bg.Tile[0].Width(), bg.Tile[0].Height()
}

// Alive reports whether cell (x, y) of generation t of the plane is
// alive; t may be any integer.
func (bg *Background) Alive(t, x, y int) bool {
	if bg == nil || len(bg.Tile) == 0 {
		return false
	}
	g := bg.Tile[mod(t+bg.Phase, len(bg.Tile))]
	return g.cells[mod(y+bg.Offset.Y, g.h)*g.w+mod(x+bg.Offset.X, g.w)]
}

// IsVacuum reports whether the plane is dead at every generation.
func (bg *Background) IsVacuum() bool {
	if bg == nil {
		return true
	}
	for _, g := range bg.Tile {
		if g.Population() > 0 {
			return false
		}
	}
	return true
}

// Validate checks the tile's shape: at least one generation, every one
// of the same size and at least 1x1, MaxTile cells at most in all.
func (bg *Background) Validate() error {
	if bg == nil {
		return nil
	}
	if len(bg.Tile) == 0 {
		return fmt.Errorf("%w: the tile has no generations", ErrBackground)
	}
	for i, g := range bg.Tile {
		if g == nil {
			return fmt.Errorf("%w: tile generation %d is missing", ErrBackground, i)
		}
	}
	w, h := bg.Tile[0].Width(), bg.Tile[0].Height()
	if w < 1 || h < 1 {
		return fmt.Errorf("%w: the tile is %dx%d; it needs a cell at least", ErrBackground, w, h)
	}
	if w > MaxTile || h > MaxTile || w*h > MaxTile/len(bg.Tile) || len(bg.Tile) > MaxTile {
		return fmt.Errorf("%w: a %dx%d tile over %d generations is more than %d cells", ErrBackground, w, h, len(bg.Tile), MaxTile)
	}
	for i, g := range bg.Tile {
		if g.Width() != w || g.Height() != h {
			return fmt.Errorf("%w: tile generation %d is %dx%d, generation 0 %dx%d: the generations of a tile do not tile alike", ErrBackground, i, g.Width(), g.Height(), w, h)
		}
	}
	return nil
}

// Check reports whether the plane follows r: every tile generation, its
// sides wrapped around, steps to the next, and the last to the first. It
// wraps ErrBackground and names the first cell that does not. Under a
// partial rule the tile must need only fixed transitions, but for the
// empty plane (nil), which a partial rule that leaves B0 free allows.
func (bg *Background) Check(r rule.Rule) error {
	if err := bg.Validate(); err != nil {
		return err
	}
	if r.IsZero() {
		return fmt.Errorf("%w: Check with the zero Rule", ErrBackground)
	}
	if bg == nil {
		if !r.Free(0) && r.Transition(0) {
			return fmt.Errorf("%w: under %v the empty plane does not stay empty (B0)", ErrBackground, r)
		}
		return nil // a partial rule that leaves B0 free has a range without it
	}
	n := len(bg.Tile)
	for i, g := range bg.Tile {
		next := bg.Tile[(i+1)%n]
		for y := range g.h {
			for x := range g.w {
				nb := g.Neighbourhood(x, y, Torus)
				switch {
				case r.Free(nb):
					return fmt.Errorf("%w: tile generation %d cell (%d,%d) needs transition %d, which the partial rule %v leaves free", ErrBackground, i, x, y, nb, r)
				case r.Transition(nb) != next.Alive(x, y):
					return fmt.Errorf("%w: under %v, tile generation %d does not step to generation %d (cell (%d,%d))", ErrBackground, r, i, (i+1)%n, x, y)
				}
			}
		}
	}
	return nil
}

// Window returns the cells of rectangle r of generation t of the plane
// with b laid on it: b's cell (x, y) at the plane's cell (x, y), the
// background's cells elsewhere. The board is r's size; its cell (0, 0)
// is the plane's r.Min.
func (bg *Background) Window(b *Board, t int, r image.Rectangle) *Board {
	r = r.Canon()
	out := NewBoard(r.Dx(), r.Dy())
	for y := range out.h {
		for x := range out.w {
			px, py := r.Min.X+x, r.Min.Y+y
			if b != nil && b.In(px, py) {
				out.cells[y*out.w+x] = b.cells[py*b.w+px]
			} else {
				out.cells[y*out.w+x] = bg.Alive(t, px, py)
			}
		}
	}
	return out
}

// StepOn returns the next generation of b laid on the plane bg at
// generation t: b's cell (x, y) is the plane's cell (x, y), and the cells
// beyond b are the background's at generation t, so the cells at b's
// edges see the plane's cells as their neighbours. The result is a board
// of b's size, the plane's cells under b at generation t+1.
//
// This is how a pattern lives in the plane under a B0 rule: Step, whose
// Dead edge keeps the cells beyond the board dead at every generation,
// treats the board as a closed world, and under B0 the cells beyond it are
// born; StepOn with Vacuum(r) has them strobe, dead and alive in turn, as
// the infinite plane does. With a nil bg it is Step(b, r, Dead). It
// panics where Step does.
func StepOn(b *Board, r rule.Rule, bg *Background, t int) *Board {
	if bg == nil {
		return Step(b, r, Dead)
	}
	w := bg.Window(b, t, image.Rect(-1, -1, b.w+1, b.h+1))
	return Step(w, r, Dead).Crop(image.Rect(1, 1, b.w+1, b.h+1))
}

// Moved returns bg with the plane moved by d and dt generations: the new
// plane's cell (x, y) of generation t is bg's cell (x+d.X, y+d.Y) of
// generation t+dt.
func (bg *Background) Moved(d image.Point, dt int) *Background {
	if bg == nil {
		return nil
	}
	out := *bg
	out.Offset = bg.Offset.Add(d)
	out.Phase = bg.Phase + dt
	return &out
}
