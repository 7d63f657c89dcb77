package life

import (
	"fmt"
	"image"
	"strings"
)

// A Transform is one of the eight rotations and reflections of the square
// grid, with y growing downwards. The names are rlifesrc's:
//
//	Id    the identity
//	R90   a quarter turn clockwise: (x, y) -> (-y, x)
//	R180  a half turn: (x, y) -> (-x, -y)
//	R270  a quarter turn anticlockwise: (x, y) -> (y, -x)
//	F|    mirror left to right, in a vertical line: (x, y) -> (-x, y)
//	F-    mirror top to bottom, in a horizontal line: (x, y) -> (x, -y)
//	F\    reflect in the main diagonal: (x, y) -> (y, x)
//	F/    reflect in the other diagonal: (x, y) -> (-y, -x)
//
// The maps above are about the origin; Cell maps the cells of a box
// about its centre.
type Transform uint8

// The transforms.
const (
	Id Transform = iota
	R90
	R180
	R270
	FlipLR   // F|
	FlipTB   // F-
	FlipDiag // F\
	FlipAnti // F/
)

// transforms holds each transform's matrix (a, b, c, d), which maps
// (x, y) to (a*x + b*y, c*x + d*y), and its name.
var transforms = [8]struct {
	m    [4]int
	name string
}{
	{[4]int{1, 0, 0, 1}, "Id"},
	{[4]int{0, -1, 1, 0}, "R90"},
	{[4]int{-1, 0, 0, -1}, "R180"},
	{[4]int{0, 1, -1, 0}, "R270"},
	{[4]int{-1, 0, 0, 1}, "F|"},
	{[4]int{1, 0, 0, -1}, "F-"},
	{[4]int{0, 1, 1, 0}, `F\`},
	{[4]int{0, -1, -1, 0}, "F/"},
}

// Transforms lists the eight transforms, Id first.
func Transforms() []Transform {
	return []Transform{Id, R90, R180, R270, FlipLR, FlipTB, FlipDiag, FlipAnti}
}

// ParseTransform reads a transform's name (see Transform); case does not
// matter.
func ParseTransform(s string) (Transform, error) {
	for _, t := range Transforms() {
		if strings.EqualFold(s, t.String()) {
			return t, nil
		}
	}
	return 0, fmt.Errorf("life: unknown transform %q (want one of Id R90 R180 R270 F| F- F\\ F/)", s)
}

// String is the transform's name: "Id", "R90", "F|", ...
func (t Transform) String() string {
	if int(t) < len(transforms) {
		return transforms[t].name
	}
	return fmt.Sprintf("Transform(%d)", uint8(t))
}

// Matrix is the transform's matrix: it maps (x, y) to (a*x + b*y,
// c*x + d*y).
func (t Transform) Matrix() (a, b, c, d int) {
	m := transforms[t&7].m
	return m[0], m[1], m[2], m[3]
}

// Apply maps p about the origin.
func (t Transform) Apply(p image.Point) image.Point {
	a, b, c, d := t.Matrix()
	return image.Pt(a*p.X+b*p.Y, c*p.X+d*p.Y)
}

// Then is the transform that applies t, then u.
func (t Transform) Then(u Transform) Transform {
	a, b, c, d := t.Matrix()
	e, f, g, h := u.Matrix()
	m := [4]int{e*a + f*c, e*b + f*d, g*a + h*c, g*b + h*d}
	for _, s := range Transforms() {
		if transforms[s].m == m {
			return s
		}
	}
	panic("life: the transforms are not closed under composition")
}

// Inverse is the transform that undoes t.
func (t Transform) Inverse() Transform {
	for _, s := range Transforms() {
		if t.Then(s) == Id {
			return s
		}
	}
	panic("life: a transform without an inverse")
}

// Swaps reports whether t exchanges the axes (the quarter turns and the
// diagonal reflections): it maps a w x h box onto an h x w one.
func (t Transform) Swaps() bool {
	a, _, _, _ := t.Matrix()
	return a == 0
}

// Cell maps cell (x, y) of a w x h box by t about the box's centre, into
// the box t maps it onto (h x w when t swaps the axes).
func (t Transform) Cell(x, y, w, h int) (int, int) {
	// Doubled coordinates centred on the box: 2x - (w-1).
	p := t.Apply(image.Pt(2*x-(w-1), 2*y-(h-1)))
	if t.Swaps() {
		w, h = h, w
	}
	return (p.X + w - 1) / 2, (p.Y + h - 1) / 2
}

// Transform returns b mapped by t about its centre (an H x W board when t
// swaps the axes).
func (b *Board) Transform(t Transform) *Board {
	w, h := b.w, b.h
	if t.Swaps() {
		w, h = h, w
	}
	out := NewBoard(w, h)
	for y := range b.h {
		for x := range b.w {
			tx, ty := t.Cell(x, y, b.w, b.h)
			out.cells[ty*w+tx] = b.cells[y*b.w+x]
		}
	}
	return out
}
