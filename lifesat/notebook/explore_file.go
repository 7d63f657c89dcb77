package notebook

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/rle"
)

// An explorer saves its state (the search of its controls and the known
// cells of every generation) as an RLE file whose comment lines hold what
// RLE cannot: a first line "#C lifesat-explorer 1" (the format and its
// version), then one line a setting, then the template, a line "#C gen G
// ROW" for each row of each generation that has a known cell, in the
// picture notation of package tmpl ('O' alive, '.' dead, '?' unknown).
// The header's box and rule are the explorer's; the body is generation
// 0's known live cells, so that any RLE reader shows them. For the
// glider's front of notebook 09:
//
//	#N lifesat explorer: spaceship p4 (1,1) 6x6, B3/S23
//	#C lifesat-explorer 1
//	#C kind spaceship
//	#C period 4
//	#C shift 1 1
//	#C transform Id
//	#C symmetry C1
//	#C min-cells 0
//	#C max-cells 0
//	#C unknown auto
//	#C gen 0 ??????
//	#C gen 0 ??????
//	#C gen 0 ??????
//	#C gen 0 ?OOO??
//	#C gen 0 ??????
//	#C gen 0 ??????
//	x = 6, y = 6, rule = B3/S23
//	3$b3o!
//
// Loading reads such a file back. It reads a plain RLE file too: its box
// and rule, and its live cells as known live cells of generation 0, the
// other settings staying as they were. When the file has no "#C gen 0"
// lines, generation 0's known live cells are the body's.
const fileMagic = "lifesat-explorer 1"

// maxFileBytes bounds the text of a file to load: a template of the
// largest box and all its generations, with room for the comments.
const maxFileBytes = maxExploreGens*maxExploreSide*(maxExploreSide+12) + 1<<16

// save writes the state as an explorer file.
func (s *exploreState) save() string {
	f := s.form
	c := []string{
		"N lifesat explorer: " + f.describe(),
		"C " + fileMagic,
		"C kind " + f.kind,
		fmt.Sprintf("C period %d", f.period),
		fmt.Sprintf("C shift %d %d", f.dx, f.dy),
		"C transform " + f.transform.String(),
		"C symmetry " + string(f.symmetry),
		fmt.Sprintf("C min-cells %d", f.minPop),
		fmt.Sprintf("C max-cells %d", f.maxPop),
		"C unknown " + f.unknown,
	}
	for g, cells := range s.cells {
		if !slices.ContainsFunc(cells, func(c cellState) bool { return c != cellUnknown }) {
			continue
		}
		row := make([]byte, f.w)
		for y := range f.h {
			for x := range f.w {
				row[x] = cellText[cells[y*f.w+x]]
			}
			c = append(c, fmt.Sprintf("C gen %d %s", g, row))
		}
	}
	b := life.NewBoard(f.w, f.h)
	for i, c := range s.cells[0] {
		b.Set(i%f.w, i/f.w, c == cellAlive)
	}
	var sb strings.Builder
	if err := rle.Write(&sb, &rle.File{Board: b, Rule: f.rule, HasRule: true, Comments: c}); err != nil {
		panic(err) // the comments are lines, and the rule is not zero
	}
	return sb.String()
}

// load reads an explorer file into the state, or a plain RLE file, whose
// box, rule and live cells replace the state's (see fileMagic). An error says where
// the file is wrong; the state is then unchanged.
func (s *exploreState) load(text string) error {
	if len(text) > maxFileBytes {
		return fmt.Errorf("%w: a file of %d bytes, more than the %d of the largest explorer", errExplore, len(text), maxFileBytes)
	}
	file, err := rle.Read(strings.NewReader(text))
	if err != nil {
		return fmt.Errorf("%w: %v", errExplore, err)
	}
	b := file.Board
	if b.Width() < 1 || b.Height() < 1 || b.Width() > maxExploreSide || b.Height() > maxExploreSide {
		return fmt.Errorf("%w: a %dx%d box: the explorer edits boxes of 1 to %d cells a side", errExplore, b.Width(), b.Height(), maxExploreSide)
	}
	f := s.form
	f.w, f.h = b.Width(), b.Height()
	if file.HasRule {
		if file.Rule.Partial() {
			return fmt.Errorf("%w: rule %s is partial: the explorer steps its answers under one rule", errExplore, file.Rule)
		}
		f.rule, f.ruleText = file.Rule, file.Rule.String()
	}
	f.editedGen = 0
	rows := map[int][]string{} // the template's rows by generation
	explorer := false
	for i, line := range file.Comments {
		text, ok := strings.CutPrefix(line, "C ")
		if !ok {
			continue // #N, #O, #r and the like
		}
		if text == fileMagic {
			explorer = true
			continue
		}
		if !explorer {
			continue // the comments of a plain RLE file
		}
		key, val, _ := strings.Cut(text, " ")
		if err := f.setting(key, val, rows); err != nil {
			return fmt.Errorf("%w: comment line %d (#%s): %v", errExplore, i+1, line, err)
		}
	}
	if err := f.valid(); err != nil {
		return err
	}
	cells := make([][]cellState, f.gens())
	for g := range cells {
		cells[g] = make([]cellState, f.w*f.h)
	}
	for g, rs := range rows {
		if g >= len(cells) {
			return fmt.Errorf("%w: template generation %d of a search of %d", errExplore, g, len(cells))
		}
		if len(rs) != f.h {
			return fmt.Errorf("%w: template generation %d has %d rows, the box %d", errExplore, g, len(rs), f.h)
		}
		for y, r := range rs {
			if len(r) != f.w {
				return fmt.Errorf("%w: row %d of template generation %d has %d cells, the box %d", errExplore, y, g, len(r), f.w)
			}
			for x := range f.w {
				i := strings.IndexByte(string(cellText[:]), r[x])
				if i < 0 {
					return fmt.Errorf("%w: cell (%d,%d) of template generation %d is %q: want O, . or ?", errExplore, x, y, g, r[x])
				}
				cells[g][y*f.w+x] = cellState(i)
			}
		}
	}
	if _, ok := rows[0]; !ok {
		for y := range f.h {
			for x := range f.w {
				if b.Alive(x, y) {
					cells[0][y*f.w+x] = cellAlive
				}
			}
		}
	}
	s.form, s.cells = f, cells
	return nil
}

// setting sets the form's setting key from the text val of an explorer
// file; "gen" lines go to rows.
func (f *form) setting(key, val string, rows map[int][]string) error {
	ints := func(n int) ([]int, error) {
		fs := strings.Fields(val)
		if len(fs) != n {
			return nil, fmt.Errorf("want %d whole numbers", n)
		}
		out := make([]int, n)
		for i, s := range fs {
			v, err := strconv.Atoi(s)
			if err != nil || v < -maxExploreSide*maxExploreSide || v > maxExploreSide*maxExploreSide {
				return nil, fmt.Errorf("%q is not a whole number of the explorer's range", s)
			}
			out[i] = v
		}
		return out, nil
	}
	var err error
	var n []int
	switch key {
	case "kind":
		if !slices.Contains(kinds, val) {
			return fmt.Errorf("unknown kind %q", val)
		}
		f.kind = val
	case "period":
		if n, err = ints(1); err == nil {
			f.period = n[0]
		}
	case "shift":
		if n, err = ints(2); err == nil {
			f.dx, f.dy = n[0], n[1]
		}
	case "transform":
		f.transform, err = life.ParseTransform(val)
	case "symmetry":
		f.symmetry, err = life.ParseSymmetry(val)
	case "min-cells":
		if n, err = ints(1); err == nil {
			f.minPop = n[0]
		}
	case "max-cells":
		if n, err = ints(1); err == nil {
			f.maxPop = n[0]
		}
	case "unknown":
		if !slices.Contains(unknowns, val) {
			return fmt.Errorf("unknown cells start %q: want %s", val, strings.Join(unknowns, ", "))
		}
		f.unknown = val
	case "gen":
		gs, row, _ := strings.Cut(val, " ")
		g, err := strconv.Atoi(gs)
		if err != nil || g < 0 || g >= maxExploreGens {
			return fmt.Errorf("generation %q: want 0 to %d", gs, maxExploreGens-1)
		}
		rows[g] = append(rows[g], row)
	default:
		return fmt.Errorf("unknown setting %q", key)
	}
	return err
}

// valid checks the ranges of the form's numbers, as apply does.
func (f form) valid() error {
	for _, c := range []struct {
		name      string
		v, lo, hi int
	}{
		{"period", f.period, 1, maxExploreGens},
		{"shift x", f.dx, -maxExploreSide, maxExploreSide},
		{"shift y", f.dy, -maxExploreSide, maxExploreSide},
		{"min cells", f.minPop, 0, maxExploreSide * maxExploreSide},
		{"max cells", f.maxPop, 0, maxExploreSide * maxExploreSide},
	} {
		if c.v < c.lo || c.v > c.hi {
			return fmt.Errorf("%w: %s %d: want a whole number from %d to %d", errExplore, c.name, c.v, c.lo, c.hi)
		}
	}
	return nil
}
