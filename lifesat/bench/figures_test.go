package bench

import (
	"context"
	"image/color"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/lifeplot"
	"github.com/lifesat/lifesat/lifesat/logic"
)

// styleNames are every name Style must know: the built-in solvers,
// cadical and every solver a suite names, the rows' other solvers, the
// encodings and the anchors.
func styleNames() []string {
	names := append(logic.Names(), "cadical", RaceSolver, NoMotions, LLSSolver, NoSolver, BlogAnchor, BoschAnchor, PairSeries)
	for _, e := range lifesat.Encodings() {
		names = append(names, string(e))
	}
	for _, s := range Suites() {
		for _, c := range s.Cases {
			if c.Solver != "" && !slices.Contains(names, c.Solver) {
				names = append(names, c.Solver)
			}
		}
	}
	return names
}

// TestStyle: every solver, encoding and anchor has one fixed style, the
// same on every call, and no two share both colour and glyph.
func TestStyle(t *testing.T) {
	seen := map[lifeplot.Style]string{}
	for _, name := range styleNames() {
		st, ok := Style(name)
		if !ok || st.Color == nil {
			t.Errorf("%q has no style", name)
			continue
		}
		if again, _ := Style(name); again != st {
			t.Errorf("%q: %v, then %v", name, st, again)
		}
		if other, dup := seen[st]; dup {
			t.Errorf("%q and %q share the style %v", name, other, st)
		}
		seen[st] = name
	}
	if _, ok := Style("no such solver"); ok {
		t.Error("an unknown name has a style")
	}
}

// named is the Style name of what a legend label names.
func named(label string) string {
	for _, k := range []struct{ sub, name string }{
		{"LLS", LLSSolver}, {"without motion members", NoMotions}, {"race", RaceSolver}, {"gophersat", "gophersat"}, {"gini", "gini"}, {"cadical", "cadical"},
		{WastageProgram, WastageProgram}, {"row program", NoSolver}, {"transfer matrix", NoSolver}, {"depth first, tables", NoSolver}, {"breadth first, tables", WidthTables}, {"Mathematica", BlogAnchor}, {"CPLEX", BoschAnchor},
		{PairSeries, PairSeries},
	} {
		if strings.Contains(label, k.sub) {
			return k.name
		}
	}
	return label // an encoding
}

// legendStyles are a plot's legend entries with a point glyph of this
// module's styles: their label, colour and glyph, as reflection reads
// them (gonum keeps the entries unexported).
func legendStyles(t *testing.T, p *plot.Plot) map[string]lifeplot.Style {
	out := map[string]lifeplot.Style{}
	es := reflect.ValueOf(p.Legend).FieldByName("entries")
	for i := range es.Len() {
		e := es.Index(i)
		text := e.FieldByName("text").String()
		if text == "filled: stopped at the time limit" {
			continue // the one entry in grey: what filled means
		}
		thumbs := e.FieldByName("thumbs")
		for k := range thumbs.Len() {
			v := thumbs.Index(k).Elem()
			if v.Type() != reflect.TypeOf(&plotter.Scatter{}) {
				continue
			}
			gs := v.Elem().FieldByName("GlyphStyle")
			shape := gs.FieldByName("Shape").Elem()
			c := gs.FieldByName("Color").Elem()
			if shape.Type().PkgPath() != reflect.TypeOf(lifeplot.Style{}).PkgPath() || c.Type() != reflect.TypeOf(color.RGBA{}) {
				t.Errorf("legend entry %q is drawn in %v with %v, not in a Style", text, c.Type(), shape.Type())
				break
			}
			out[text] = lifeplot.Style{
				Color: color.RGBA{uint8(c.Field(0).Uint()), uint8(c.Field(1).Uint()), uint8(c.Field(2).Uint()), uint8(c.Field(3).Uint())},
				Glyph: lifeplot.Glyph(shape.FieldByName("g").Int()),
			}
			break
		}
	}
	return out
}

// TestFiguresUseTheStyles draws every figure of every suite from its rows
// in data/ (as lifesat-bench wrote them), with a race row, stopped rows
// and LLS rows added, and checks that each series is drawn in the style
// of what it names, and a label the same way in every figure.
func TestFiguresUseTheStyles(t *testing.T) {
	everywhere := map[string]lifeplot.Style{}
	for _, s := range Suites() {
		f, err := os.Open(filepath.Join("..", "..", "data", "bench-"+s.Name+".csv"))
		if err != nil {
			t.Fatal(err)
		}
		rows, err := ReadCSV(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		// Rows of the blog's race, and of runs stopped at the limit, which
		// the committed data may lack.
		p3 := Row{Problem: lifesat.Oscillator(3, 16, 16).String(), Side: 16, Period: 3, SolveMS: 300, Status: "SAT"}
		switch s.Name {
		case "blog":
			race := p3
			race.Solver, race.Encoding = RaceSolver, "portfolio of 2"
			stopped := p3
			stopped.Solver, stopped.Encoding, stopped.Status, stopped.SolveMS = "gophersat", "direct", "UNKNOWN", 120000
			still := Row{Problem: lifesat.StillLife(128, 128).String(), Side: 128, Period: 1, Solver: "gophersat", Encoding: "direct", SolveMS: 120000, Status: "UNKNOWN"}
			rows = append(rows, race, stopped, still)
		case "hard":
			stopped := p3
			stopped.Solver, stopped.Encoding, stopped.Status, stopped.SolveMS = LLSSolver, "lls M1", "UNKNOWN", 180000
			rows = append(rows, stopped)
		}
		for _, fig := range s.Plots {
			p, err := fig.Draw(rows)
			if err != nil {
				t.Fatalf("%s %s: %v", s.Name, fig.Name, err)
			}
			if s.Name == "split" || s.Name == "cuts" {
				// Their series are the parts of a split (wall and CPU
				// time, cubes with and without a pattern, the cuts), not
				// solvers or anchors: it is enough that they draw.
				continue
			}
			for label, st := range legendStyles(t, p) {
				want, ok := Style(named(label))
				if !ok || st != want {
					t.Errorf("%s %s: %q drawn in %v, want the style of %q, %v", s.Name, fig.Name, label, st, named(label), want)
				}
				if before, ok := everywhere[label]; ok && before != st {
					t.Errorf("%s %s: %q drawn in %v, elsewhere in %v", s.Name, fig.Name, label, st, before)
				}
				everywhere[label] = st
			}
		}
	}
	for _, label := range []string{"lifesat -jobs 1, gophersat", "lifesat -jobs 1, cadical", "lifesat race, portfolio of 2", BlogAnchor, llsBefore} {
		if _, ok := everywhere[label]; !ok {
			t.Errorf("no figure draws %q", label)
		}
	}
}

// TestBlogAnchors: every anchor of the blog's targets figure stands beside
// the same search the anchor measured: the blog's searches were
// unrestricted, so an anchored column is an unrestricted problem of the
// blog suite, and the blog's 14-minute p3 16x16 stands beside lifesat's
// unrestricted p3 16x16, one search and the default race. Columns of
// symmetric problems say their symmetry, and every problem the suite runs
// has a column.
func TestBlogAnchors(t *testing.T) {
	blog, _ := Find("blog")
	kinds := map[string][]string{} // problem name: the kinds and solvers of its cases
	problems := map[string]lifesat.Problem{}
	for _, c := range blog.Cases {
		kinds[c.Name()] = append(kinds[c.Name()], c.Kind+" "+c.Solver)
		problems[c.Name()] = c.Problem
	}
	columns := map[string]bool{}
	for _, b := range blogTargets {
		columns[b.problem] = true
		p, ok := problems[b.problem]
		if !ok {
			t.Errorf("column %q: the suite runs no %q", b.label, b.problem)
			continue
		}
		if p.Symmetry != "" && !strings.Contains(b.label, string(p.Symmetry)) {
			t.Errorf("column %q of a %s-symmetric problem does not say so", b.label, p.Symmetry)
		}
		if b.anchor > 0 && p.Symmetry != "" {
			t.Errorf("column %q: the anchor %s stands beside a %s-symmetric search", b.label, b.anchorName, p.Symmetry)
		}
	}
	for name := range problems {
		if !columns[name] {
			t.Errorf("the suite runs %q and no column shows it", name)
		}
	}
	p3 := lifesat.Oscillator(3, 16, 16).String()
	for _, b := range blogTargets {
		if b.anchor == 14*60 {
			if b.problem != p3 || b.anchorName != BlogAnchor {
				t.Errorf("the blog's 14 minutes stand beside %q (%s), want %q", b.problem, b.anchorName, p3)
			}
			for _, want := range []string{Search + " ", Search + " cadical", Race + " "} {
				if !slices.Contains(kinds[p3], want) {
					t.Errorf("%q: no case %q beside the blog's time (cases %q)", p3, want, kinds[p3])
				}
			}
		}
	}
	for i, p := range HardProblems() {
		if p.Symmetry != "" && !strings.Contains(hardColumns[i], string(p.Symmetry)) {
			t.Errorf("hard column %q of a %s-symmetric problem does not say so", hardColumns[i], p.Symmetry)
		}
	}
}

// TestDocsListWhatRuns: every suite's description names the box of each
// of its problems (as "WxH", or as n x n "for n in" a list or a range
// a..b) and the solver of each case.
func TestDocsListWhatRuns(t *testing.T) {
	boxRe := regexp.MustCompile(`(\d+)x(\d+)`)
	listRe := regexp.MustCompile(`for n in ((?:\d+(?:\.\.\d+)?(?:, )?)+)`)
	for _, s := range Suites() {
		boxes := map[[2]int]bool{}
		for _, m := range boxRe.FindAllStringSubmatch(s.Doc, -1) {
			w, _ := strconv.Atoi(m[1])
			h, _ := strconv.Atoi(m[2])
			boxes[[2]int{w, h}] = true
		}
		for _, m := range listRe.FindAllStringSubmatch(s.Doc, -1) {
			for _, item := range strings.Split(m[1], ", ") {
				lo, hi, isRange := strings.Cut(item, "..")
				a, _ := strconv.Atoi(lo)
				b := a
				if isRange {
					b, _ = strconv.Atoi(hi)
				}
				for n := a; n <= b; n++ {
					boxes[[2]int{n, n}] = true
				}
			}
		}
		for _, c := range s.Cases {
			if !boxes[[2]int{c.Problem.Width, c.Problem.Height}] {
				t.Errorf("suite %s: the description does not list %s (%dx%d)", s.Name, c.Name(), c.Problem.Width, c.Problem.Height)
			}
			solver := c.Solver
			switch {
			case c.Kind == Race:
				solver = "portfolio"
			case c.Kind == LLS:
				solver = "logic-life-search"
			case solver == "" && c.Kind == Max:
				solver = "row program"
			case solver == "" && c.Kind == Count && c.Problem.MaxPop == 0:
				solver = "transfer matrix"
			case solver == "":
				solver = "gophersat"
			}
			if !strings.Contains(s.Doc, solver) {
				t.Errorf("suite %s: the description does not name %s, which runs %s", s.Name, solver, c.Name())
			}
		}
	}
}

// TestRaceCase runs a Race case: its row names the race and its jobs,
// and its answer is verified.
func TestRaceCase(t *testing.T) {
	s := Suite{Name: "race", Cases: []Case{{Kind: Race, Problem: lifesat.Oscillator(2, 5, 5), Seeded: true}}}
	rows, err := Run(context.Background(), s, &Options{Seeds: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 1 {
		t.Fatalf("%d rows", len(rows))
	}
	r := rows[0]
	if r.Solver != RaceSolver || !strings.HasPrefix(r.Encoding, "portfolio of ") || r.Status != "SAT" || !r.Verified || !(r.SolveMS > 0) {
		t.Errorf("race row %+v", r)
	}
}

// TestStarting: Run tells before each run what it measures, how many runs
// are done and how many it makes, the skipped cases not counted.
func TestStarting(t *testing.T) {
	s := Suite{Name: "tiny", Cases: []Case{
		{Kind: Search, Problem: lifesat.StillLife(4, 4), Seeded: true},
		{Kind: Search, Problem: lifesat.StillLife(4, 4), Solver: "no-such-solver-here"},
		{Kind: LLS, Problem: lifesat.Oscillator(2, 5, 5)}, // no -lls
		{Kind: Count, Problem: lifesat.StillLife(3, 3)},
	}}
	var got []string
	_, err := Run(context.Background(), s, &Options{Seeds: 2, Starting: func(what string, done, total int) {
		got = append(got, strconv.Itoa(done)+"/"+strconv.Itoa(total)+" "+what)
	}})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"0/3 still life 4x4, gophersat, seed 1",
		"1/3 still life 4x4, gophersat, seed 2",
		"2/3 count still life 3x3, lifesat's choice, seed 1",
	}
	if !slices.Equal(got, want) {
		t.Errorf("Starting heard %q, want %q", got, want)
	}
}
