package lls

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"io/fs"
	"math"
	"regexp"
	"slices"
	"strings"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/rule"
	"github.com/lifesat/lifesat/lifesat/tmpl"
)

// A Search is what an LLS command line asks, as a lifesat search.
type Search struct {
	// Problem is the search: LLS's grid as the template (a blank one for
	// -b), its generations the template's, with its period, symmetry and
	// constraints.
	Problem lifesat.Problem
	// Settings make lifesat's answers LLS's: the rule (-r), any period
	// (LLS has no exact period; -c is its way to ask for change), the
	// empty pattern admitted (as a template admits it), and -n's number
	// of solutions (math.MaxInt for all). Count then counts what LLS
	// counts with "-n": distinct assignments of every generation.
	Settings lifesat.Settings
	// Args are the words it was built from.
	Args *Args
	// Notes are what the user should know of words that LLS accepts and
	// that ask nothing here (as they ask nothing of LLS), one sentence
	// each: a -s period at least the search's generations, say.
	Notes []string
}

// Command is Parse and Build.
func Command(words []string, read func(name string) ([]byte, error)) (*Search, error) {
	a, err := Parse(words)
	if err != nil {
		return nil, err
	}
	return Build(a, read)
}

// An entry is one expanded transformation of a -s or -a group: LLS's
// name for it, its shift and its period.
type entry struct {
	name   string
	dx, dy int
	period int
	words  string // the group, for messages
}

// wordRE is how LLS splits a -s or -a word: letters (anything), then
// the trailing digits.
var wordRE = regexp.MustCompile(`(?s)^(.*?)(\d*)$`)

// group expands one -s or -a group's words as LLS does: at most one
// transformation, one p, one x and one y; the names C1..D8 stand for
// one or two transformations; RO takes its number modulo 4.
func group(opt string, words []string) ([]entry, error) {
	var names []string
	period, dx, dy := -1, -1, -1
	text := strings.Join(words, " ")
	bad := func(format string, args ...any) ([]entry, error) {
		return nil, fmt.Errorf("%w: %s %s: %s", ErrArgs, opt, quote(text), fmt.Sprintf(format, args...))
	}
	for _, w := range words {
		m := wordRE.FindStringSubmatch(w)
		letters, digits := strings.ToUpper(m[1]), m[2]
		num := func() (int, error) {
			n, ok := pyInt(digits)
			if !ok || digits == "" {
				return 0, fmt.Errorf("%w: %s %s: %s needs a number", ErrArgs, opt, quote(text), quote(w))
			}
			return n, nil
		}
		var err error
		switch letters {
		case "P":
			if period >= 0 {
				return bad("one period at a time")
			}
			period, err = num()
		case "X":
			if dx >= 0 {
				return bad("one x at a time")
			}
			dx, err = num()
		case "Y":
			if dy >= 0 {
				return bad("one y at a time")
			}
			dy, err = num()
		default:
			if len(names) > 0 {
				return bad("one symmetry at a time")
			}
			t := letters + digits
			switch {
			case letters == "RO":
				var n int
				if n, err = num(); err == nil {
					names = []string{fmt.Sprintf("RO%d", n%4)}
				}
			case t == "C1":
				names = []string{"RO0"}
			case t == "C2":
				names = []string{"RO2"}
			case t == "C4":
				names = []string{"RO1"}
			case t == "D2-", t == `D2\`, t == "D2|", t == "D2/":
				names = []string{"RE" + t[2:]}
			case t == "D4+":
				names = []string{"RE-", "RE|"}
			case t == "D4X":
				names = []string{"RE/", `RE\`}
			case t == "D8":
				names = []string{"RE-", `RE\`}
			case t == "RE-", t == "RE/", t == "RE|", t == `RE\`:
				names = []string{t}
			default:
				hint := ""
				if strings.Contains(w, " ") {
					hint = ` (the shell took a backslash: quote it, 'RE\')`
				}
				return bad("symmetry %s not recognized%s; want p<N>, x<N>, y<N>, C1, C2, C4, D2-, D2|, D2\\, D2/, D4+, D4x, D8, RO<N>, RE-, RE|, RE\\ or RE/", quote(w), hint)
			}
		}
		if err != nil {
			return nil, err
		}
	}
	if len(names) == 0 {
		names = []string{"RO0"}
	}
	out := make([]entry, len(names))
	for i, n := range names {
		out[i] = entry{name: n, dx: max(dx, 0), dy: max(dy, 0), period: max(period, 0), words: opt + " " + text}
	}
	return out, nil
}

// transform maps LLS's transformation on a w x h grid to lifesat's, and
// the shift that makes them the same map: LLS turns RO3 and RE/ about the
// top-left h x h square, lifesat about the box's centre, which differ by
// (0, h-w) on a grid that is not square.
func transform(name string, w, h int) (life.Transform, image.Point) {
	switch name {
	case "RO1":
		return life.R90, image.Point{}
	case "RO2":
		return life.R180, image.Point{}
	case "RO3":
		return life.R270, image.Pt(0, h-w)
	case "RE-":
		return life.FlipTB, image.Point{}
	case "RE|":
		return life.FlipLR, image.Point{}
	case `RE\`:
		return life.FlipDiag, image.Point{}
	case "RE/":
		return life.FlipAnti, image.Pt(0, h-w)
	}
	return life.Id, image.Point{}
}

// motion is e's motion on a w x h grid.
func (e entry) motion(w, h int) lifesat.Motion {
	t, adj := transform(e.name, w, h)
	return lifesat.Motion{Gens: e.period, Transform: t, Shift: image.Pt(e.dx, e.dy).Add(adj)}
}

// orNoFiles is read, or when it is nil a reader of no file.
func orNoFiles(read func(string) ([]byte, error)) func(string) ([]byte, error) {
	if read != nil {
		return read
	}
	return func(name string) ([]byte, error) {
		return nil, &fs.PathError{Op: "read", Path: name, Err: fs.ErrNotExist}
	}
}

// motionWords is e's transformation in LLS's words, with its shift: "RO1",
// "RE- moved (1, 0)", "RO0 (the identity)".
func (e entry) motionWords() string {
	s := e.name
	if s == "" || s == "RO0" {
		s = "RO0 (the identity)"
	}
	if e.dx != 0 || e.dy != 0 {
		s += fmt.Sprintf(" moved (%d, %d)", e.dx, e.dy)
	}
	return s
}

// cellMap is where m takes cell c of a w x h box, and back.
func cellMap(m lifesat.Motion, w, h int) (to, from func(c image.Point) image.Point) {
	to = func(c image.Point) image.Point {
		x, y := m.Transform.Cell(c.X, c.Y, w, h)
		return image.Pt(x, y).Add(m.Shift)
	}
	from = func(c image.Point) image.Point {
		iw, ih := w, h
		if m.Transform.Swaps() {
			iw, ih = h, w
		}
		c = c.Sub(m.Shift)
		x, y := m.Transform.Inverse().Cell(c.X, c.Y, iw, ih)
		return image.Pt(x, y)
	}
	return to, from
}

// Build turns LLS's words into a lifesat search, as LLS means them (see
// the package documentation), or says in one line why it cannot. read
// reads a named file: the search pattern and the background. A
// background that read reports as missing (fs.ErrNotExist) is looked for
// among those LLS ships (vacuum, forced_vacuum, possible_strobing,
// chickenwire, zebra). A nil read reads no file: every name is missing.
func Build(a *Args, read func(name string) ([]byte, error)) (*Search, error) {
	read = orNoFiles(read)
	r := rule.Life
	if s := strings.TrimSpace(a.Rule); s != "" {
		if strings.HasPrefix(s, "{") {
			return nil, fmt.Errorf("%w: -r: rules written as Python dictionaries are not read; write the partial rule (pB3/S23)", ErrArgs)
		}
		var err error
		if r, err = rule.Parse(s); err != nil {
			return nil, fmt.Errorf("%w: -r: %w", ErrArgs, err)
		}
	}
	var sym, asym []entry
	maxPeriod := 0
	for _, list := range []struct {
		opt    string
		groups [][]string
		out    *[]entry
	}{{"-s", a.Symmetry, &sym}, {"-a", a.Asymmetry, &asym}} {
		for _, g := range list.groups {
			es, err := group(list.opt, g)
			if err != nil {
				return nil, err
			}
			for _, e := range es {
				maxPeriod = max(maxPeriod, e.period)
			}
			*list.out = append(*list.out, es...)
		}
	}
	tpl, err := pattern(a, maxPeriod, read)
	if err != nil {
		return nil, err
	}
	w, h, d := tpl.Width, tpl.Height, len(tpl.Gens)
	p := lifesat.Problem{Width: w, Height: h, Template: tpl}
	bg, open, err := Background(a.Background, a.BackgroundOffset, read)
	if err != nil {
		return nil, err
	}
	p.Background = bg
	tpl.Open = tpl.Open || open
	notes, err := symmetries(&p, sym, d)
	if err != nil {
		return nil, err
	}
	ring := ringCells(w, h)
	plane := func(t int, c image.Point) bool { return bg.Alive(t, c.X, c.Y) }
	for _, e := range asym {
		m := e.motion(w, h)
		if trivialAsymmetry(m, w, h, d, ring, plane) {
			continue
		}
		p.Asymmetric = append(p.Asymmetric, m)
	}
	gen := func(opt string, g int) (int, error) {
		if g < -d || g >= d {
			return 0, fmt.Errorf("%w: %s: generation %d of a search of %d generations", ErrArgs, opt, g, d)
		}
		return (g + d) % d, nil
	}
	for _, c := range a.Change {
		pair := [2]int{0, 1}
		switch len(c) {
		case 0:
		case 2:
			pair = [2]int{c[0], c[1]}
		default:
			return nil, fmt.Errorf("%w: -c takes no generations or two, not %d", ErrArgs, len(c))
		}
		for i := range pair {
			if pair[i], err = gen("-c", pair[i]); err != nil {
				return nil, err
			}
		}
		differs := false // the ring already differs: LLS counts its cells
		for _, q := range ring {
			differs = differs || plane(pair[0], q) != plane(pair[1], q)
		}
		if !differs {
			p.Change = append(p.Change, pair)
		}
	}
	for _, words := range a.Population {
		b, err := population(words, gen)
		if err != nil {
			return nil, err
		}
		// LLS counts the ring too: its live cells are known.
		alive := 0
		for _, g := range b.Gens {
			for _, q := range ring {
				if plane(g, q) {
					alive++
				}
			}
		}
		b.Min = max(b.Min-alive, 0)
		if hi, ok := b.Max.Max(); ok {
			b.Max = lifesat.AtMost(hi - alive)
		}
		p.PopBounds = append(p.PopBounds, b)
	}
	for i, lim := range []struct {
		opt string
		n   *int
		out *lifesat.Limit
	}{{"--max_change", a.MaxChange, &p.MaxChange}, {"--max_decay", a.MaxDecay, &p.MaxDecay}, {"--max_growth", a.MaxGrowth, &p.MaxGrowth}} {
		if lim.n == nil {
			continue
		}
		// The ring's count, which LLS's includes, must be the same at
		// every generation to come off a bound for each generation.
		ringCount := -1
		for t := 1; t < d; t++ {
			k := 0
			for _, q := range ring {
				a, b := plane(0, q), plane(t, q)
				if i == 0 && a != b || i == 1 && a && !b || i == 2 && !a && b {
					k++
				}
			}
			if ringCount >= 0 && k != ringCount {
				return nil, fmt.Errorf("%w: %s on a background whose ring changes by %d cells at one generation and %d at another is not supported", ErrArgs, lim.opt, ringCount, k)
			}
			ringCount = k
		}
		*lim.out = lifesat.AtMost(*lim.n - max(ringCount, 0))
	}
	set := lifesat.Settings{Rule: r, AnyPeriod: true, AllowEmpty: true, Solutions: a.Solutions}
	if a.Solutions == All {
		set.Solutions = math.MaxInt
	}
	if err := p.Validate(); err != nil {
		return nil, err
	}
	return &Search{Problem: p, Settings: set, Args: a, Notes: notes}, nil
}

// pattern is the search pattern: the file, or -b's blank grid.
func pattern(a *Args, maxPeriod int, read func(string) ([]byte, error)) (*tmpl.Template, error) {
	switch {
	case a.File != "" && a.Blank != nil:
		return nil, fmt.Errorf("%w: a file and -b: too many search patterns", ErrArgs)
	case a.File != "":
		data, err := read(a.File)
		if err != nil {
			return nil, fmt.Errorf("%w: %s: %w", ErrArgs, quote(a.File), err)
		}
		t, err := tmpl.ReadLLS(bytes.NewReader(data))
		if err != nil {
			return nil, fmt.Errorf("%w: %s: %w", ErrArgs, quote(a.File), err)
		}
		return t, nil
	case a.Blank != nil:
		b := a.Blank
		if len(b) > 3 {
			return nil, fmt.Errorf("%w: -b takes 1 to 3 numbers, not %d", ErrArgs, len(b))
		}
		w, h, d := b[0], b[0], maxPeriod+1
		if len(b) > 1 {
			h = b[1]
		}
		if len(b) > 2 {
			d = b[2]
		}
		if w < 1 || h < 1 || d < 1 || w > lifesat.MaxSide || h > lifesat.MaxSide || d > lifesat.MaxPeriod+1 || w*h*d > lifesat.MaxCells {
			return nil, fmt.Errorf("%w: -b %dx%d over %d generations: want sides 1..%d, 1..%d generations and %d cells at most", ErrArgs, w, h, d, lifesat.MaxSide, lifesat.MaxPeriod+1, lifesat.MaxCells)
		}
		return tmpl.New(w, h, d), nil
	}
	return nil, fmt.Errorf("%w: no search pattern: give a file or -b (LLS would read one from its standard input)", ErrArgs)
}

// symmetries sets p's period, transform, shift and symmetry from the -s
// entries, for a search of d generations; it returns notes on the entries
// that ask nothing.
func symmetries(p *lifesat.Problem, sym []entry, d int) ([]string, error) {
	var notes []string
	w, h := p.Width, p.Height
	var static []life.Transform
	var cycle *entry
	for i, e := range sym {
		switch {
		case e.period == 0:
			t, adj := transform(e.name, w, h)
			if t.Swaps() && w != h {
				return nil, fmt.Errorf("%w: %s: a symmetry that swaps the axes on a %dx%d grid, which LLS confines to a corner square: lifesat's symmetries are about the box's centre and need a square box", ErrArgs, e.words, w, h)
			}
			if e.dx != 0 || e.dy != 0 || adj != (image.Point{}) {
				if t == life.Id {
					return nil, fmt.Errorf("%w: %s: a generation equal to itself moved is empty; not supported", ErrArgs, e.words)
				}
				return nil, fmt.Errorf("%w: %s: a symmetry about a point other than the grid's centre is not supported", ErrArgs, e.words)
			}
			if t != life.Id && !slices.Contains(static, t) {
				static = append(static, t)
			}
		case e.period >= d:
			// No generation t+period in the search: LLS adds nothing.
			note := fmt.Sprintf("%s: period %d is not less than the search's %d generations, so no generation t+%d is searched: it asks nothing (as it asks nothing of logic-life-search)", e.words, e.period, d, e.period)
			if !slices.Contains(notes, note) {
				notes = append(notes, note)
			}
		case cycle == nil:
			cycle = &sym[i]
		case cycle.name != e.name || cycle.dx != e.dx || cycle.dy != e.dy || cycle.period != e.period:
			words := cycle.words
			if e.words != cycle.words {
				words += " and " + e.words
			}
			return nil, fmt.Errorf("%w: %s: generation t+%d would be both %s of generation t and %s of it: lifesat takes one motion of one period", ErrArgs, words, e.period, cycle.motionWords(), e.motionWords())
		}
	}
	if cycle != nil {
		m := cycle.motion(w, h)
		p.Period, p.Transform, p.Shift = m.Gens, m.Transform, m.Shift
	}
	if len(static) > 0 {
		group := []life.Transform{life.Id}
		for i := 0; i < len(group); i++ {
			for _, t := range static {
				if g := group[i].Then(t); !slices.Contains(group, g) {
					group = append(group, g)
				}
			}
		}
		for _, s := range life.Symmetries() {
			if g := s.Group(); len(g) == len(group) && !slices.ContainsFunc(g, func(t life.Transform) bool { return !slices.Contains(group, t) }) {
				p.Symmetry = s
			}
		}
	}
	return notes, nil
}

// ringCells lists the ring of cells around a w x h box.
func ringCells(w, h int) []image.Point {
	var out []image.Point
	for y := -1; y <= h; y++ {
		for x := -1; x <= w; x++ {
			if x < 0 || y < 0 || x >= w || y >= h {
				out = append(out, image.Pt(x, y))
			}
		}
	}
	return out
}

// trivialAsymmetry reports whether LLS's -a of motion m holds whatever
// the pattern: some pair of cells it compares that are both outside the
// box (a ring cell and its image), and so the background's, differs.
func trivialAsymmetry(m lifesat.Motion, w, h, d int, ring []image.Point, plane func(int, image.Point) bool) bool {
	to, from := cellMap(m, w, h)
	box := image.Rect(0, 0, w, h)
	for t := 0; t+m.Gens <= d-1; t++ {
		for _, c := range ring {
			if f := to(c); !f.In(box) && plane(t+m.Gens, f) != plane(t, c) {
				return true
			}
			if f := from(c); !f.In(box) && plane(t+m.Gens, c) != plane(t, f) {
				return true
			}
		}
	}
	return false
}

// population reads one -p: a bound such as "<=10" and its generations
// (generation 0 when none), or no words (at least one live cell).
func population(words []string, gen func(string, int) (int, error)) (lifesat.PopBound, error) {
	if len(words) == 0 {
		return lifesat.PopBound{Gens: []int{0}, Min: 1}, nil
	}
	text := strings.Join(words, " ")
	m := wordRE.FindStringSubmatch(words[0])
	sign, digits := m[1], m[2]
	n, ok := pyInt(digits)
	if !ok || digits == "" {
		return lifesat.PopBound{}, fmt.Errorf("%w: -p %s: the constraint %s has no number", ErrArgs, quote(text), quote(words[0]))
	}
	b := lifesat.PopBound{}
	for _, w := range words[1:] {
		g, ok := pyInt(w)
		if !ok {
			return b, fmt.Errorf("%w: -p %s: invalid generation %s", ErrArgs, quote(text), quote(w))
		}
		g, err := gen("-p", g)
		if err != nil {
			return b, err
		}
		b.Gens = append(b.Gens, g)
	}
	if len(b.Gens) == 0 {
		b.Gens = []int{0}
	}
	switch sign {
	case "", "=":
		b.Min, b.Max = n, lifesat.AtMost(n)
	case "<=", "=<":
		b.Max = lifesat.AtMost(n)
	case ">=", "=>":
		b.Min = n
	case "<":
		b.Max = lifesat.AtMost(n - 1)
	case ">":
		b.Min = n + 1
	default:
		// LLS would ignore it, and search without it.
		return b, fmt.Errorf("%w: -p %s: unknown comparison %s (want =, <, <=, >, >= or none)", ErrArgs, quote(text), quote(sign))
	}
	return b, nil
}

// shipped are the backgrounds LLS ships in its backgrounds/ folder, as
// LLS search patterns: the empty plane, with and without the rule stated
// on it; the plane that is empty or strobing as the rule needs; the
// chicken-wire agar and horizontal stripes of Life.
var shipped = map[string]string{
	"vacuum":            "0\n",
	"forced_vacuum":     "0'\n",
	"possible_strobing": "0\n\nstrobe\n",
	"chickenwire":       "1 1 0 0\n0 0 1 1\n",
	"zebra":             "1\n0\n",
}

// Background reads an LLS background, as --background NAME and
// --background_offset X Y T give it (offset nil when absent): the plane
// (nil for LLS's vacuum, and for possible_strobing, which is the rule's
// own empty plane: lifesat strobes under B0 without being told), and
// whether the rule is left unstated around the box (a tile of primed
// cells, such as forced_vacuum: the template is then Open). The name ""
// is vacuum. read reads the file; a name it reports as missing
// (fs.ErrNotExist) is looked for among LLS's shipped backgrounds; a nil read
// reads no file.
func Background(name string, offset []int, read func(string) ([]byte, error)) (bg *life.Background, open bool, err error) {
	read = orNoFiles(read)
	off := offset
	if off != nil && len(off) != 3 {
		return nil, false, fmt.Errorf("%w: --background_offset takes 3 numbers", ErrArgs)
	}
	if name == "" {
		name = "vacuum"
	}
	data, err := read(name)
	if errors.Is(err, fs.ErrNotExist) && shipped[name] != "" {
		data, err = []byte(shipped[name]), nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("%w: --background %s: %w", ErrArgs, quote(name), err)
	}
	t, err := tmpl.ReadLLS(bytes.NewReader(data))
	if err != nil {
		return nil, false, fmt.Errorf("%w: --background %s: %w", ErrArgs, quote(name), err)
	}
	bg = &life.Background{}
	primed, named := 0, 0
	for _, gen := range t.Gens {
		b := life.NewBoard(t.Width, t.Height)
		for i, s := range gen {
			if s.Free {
				primed++
			}
			switch s.Kind {
			case tmpl.Alive:
				b.Set(i%t.Width, i/t.Width, true)
			case tmpl.Named, tmpl.Unknown:
				named++
			}
		}
		bg.Tile = append(bg.Tile, b)
	}
	cells := t.Width * t.Height * len(t.Gens)
	switch {
	case primed != 0 && primed != cells:
		return nil, false, fmt.Errorf("%w: --background %s: some cells primed and others not: only a tile primed all over (the rule unstated around the box) is supported", ErrArgs, quote(name))
	case named == 1 && t.Width == 1 && t.Height == 1 && len(t.Gens) == 2 && t.Gens[0][0].Kind == tmpl.Dead && t.Gens[1][0].Kind == tmpl.Named:
		// possible_strobing: dead, then one unknown for the whole plane,
		// which the rule decides: dead without B0, alive with it.
		return nil, primed > 0, nil
	case named > 0:
		return nil, false, fmt.Errorf("%w: --background %s: a tile with unknown cells is not supported (but for possible_strobing's shape)", ErrArgs, quote(name))
	}
	if off != nil {
		bg.Offset, bg.Phase = image.Pt(off[0]+2, off[1]+2), off[2]
	} else {
		bg.Offset = image.Pt(2, 2)
	}
	if bg.IsVacuum() {
		bg = nil
	}
	return bg, primed > 0, nil
}
