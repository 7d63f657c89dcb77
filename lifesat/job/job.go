package job

import (
	"context"
	"encoding"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"io"
	"strings"
	"time"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/logic"
	"github.com/lifesat/lifesat/lifesat/rule"
	"github.com/lifesat/lifesat/lifesat/tmpl"
)

// ErrSpec is wrapped by the errors of specs that do not describe a
// search: bad JSON, unknown fields, rules, solvers or symmetries, boards
// that are not rows of '.' and 'O'.
var ErrSpec = errors.New("job: bad spec")

// A Spec is one search as data: a lifesat.Problem and the lifesat.Settings
// that can be written down, in JSON. The values that are their own text
// (rule.Rule, life.Transform, life.Symmetry, lifesat.Encoding,
// lifesat.Diversify: see their MarshalText) are held as themselves, and
// their zero values are left out; the others are written here: boards as
// rows of '.' (dead) and 'O' (alive), a template as an LLS search pattern
// (tmpl.WriteLLS), points as [x, y], limits as numbers. The zero value of
// every field means what the zero value of its Problem or Settings field
// means.
type Spec struct {
	Width  int `json:"width"`
	Height int `json:"height"`
	// Period, Shift, Symmetry, MinPop, MaxPop, Cage, Blink, Template and
	// Open are the Problem's fields of those names (Open is the
	// template's).
	Period   int           `json:"period,omitempty"`
	Shift    [2]int        `json:"shift,omitzero"`
	Symmetry life.Symmetry `json:"symmetry,omitempty"`
	MinPop   int           `json:"min_pop,omitempty"`
	MaxPop   int           `json:"max_pop,omitempty"`
	Cage     []string      `json:"cage,omitempty"`
	Blink    [][2]int      `json:"blink,omitempty"`
	Template string        `json:"template,omitempty"`
	Open     bool          `json:"open,omitempty"`
	// Transform, Asymmetric, Change, PopBounds, MaxChange, MaxDecay and
	// MaxGrowth are the Problem's fields of those names (a limit as its
	// number, absent for no limit); Background its background (tile
	// generations as rows, offset, phase).
	Transform  life.Transform `json:"transform,omitzero"`
	Background *Background    `json:"background,omitempty"`
	Asymmetric []Motion       `json:"asymmetric,omitempty"`
	Change     [][2]int       `json:"change,omitempty"`
	PopBounds  []PopBound     `json:"pop_bounds,omitempty"`
	MaxChange  *int           `json:"max_change,omitempty"`
	MaxDecay   *int           `json:"max_decay,omitempty"`
	MaxGrowth  *int           `json:"max_growth,omitempty"`
	// Known is the Problem's Known: each cell as [generation, x, y,
	// state], the state 1 for alive and 0 for dead.
	Known [][4]int `json:"known,omitempty"`

	// Rule, Encoding, Seed, Solutions, Diversify, AllowEmpty, AnyPeriod,
	// MaxMemory, ProofDir and ProofFormat are the Settings' fields of
	// those names.
	Rule rule.Rule `json:"rule,omitzero"`
	// Solver is the Settings' Solver by a name logic.ParseSolver reads;
	// "" is the default.
	Solver     string            `json:"solver,omitempty"`
	Encoding   lifesat.Encoding  `json:"encoding,omitempty"`
	Seed       uint64            `json:"seed,omitempty"`
	Solutions  int               `json:"solutions,omitempty"`
	Diversify  lifesat.Diversify `json:"diversify,omitempty"`
	AllowEmpty bool              `json:"allow_empty,omitempty"`
	AnyPeriod  bool              `json:"any_period,omitempty"`
	MaxMemory  int64             `json:"max_memory,omitempty"`
	// ProofDir is a path as the process that reads the spec sees it.
	ProofDir    string            `json:"proof_dir,omitempty"`
	ProofFormat logic.ProofFormat `json:"proof_format,omitempty"`
}

// A Background is a life.Background as data: its tile generations as rows.
type Background struct {
	Tile   [][]string `json:"tile"`
	Offset [2]int     `json:"offset,omitzero"`
	Phase  int        `json:"phase,omitempty"`
}

// A Motion is a lifesat.Motion as data.
type Motion struct {
	Gens      int            `json:"gens,omitempty"`
	Transform life.Transform `json:"transform,omitzero"`
	Shift     [2]int         `json:"shift,omitzero"`
}

// A PopBound is a lifesat.PopBound as data, Max absent for no limit.
type PopBound struct {
	Gens []int `json:"gens,omitempty"`
	Min  int   `json:"min,omitempty"`
	Max  *int  `json:"max,omitempty"`
}

// limit writes a Limit down: nil for no limit.
func limit(l lifesat.Limit) *int {
	if n, ok := l.Max(); ok {
		return &n
	}
	return nil
}

// readLimit reads a limit back.
func readLimit(n *int) lifesat.Limit {
	if n == nil {
		return lifesat.Limit{}
	}
	return lifesat.AtMost(*n)
}

// New writes p and s down as a Spec. It fails for what cannot be written
// down: a solver logic.Name cannot name, a value that is none of its
// type's (a symmetry, transform, encoding or mode without a name).
// Progress is not written.
func New(p lifesat.Problem, s *lifesat.Settings) (*Spec, error) {
	var set lifesat.Settings
	if s != nil {
		set = *s
	}
	sp := &Spec{
		Width: p.Width, Height: p.Height, Period: p.Period,
		Shift:    [2]int{p.Shift.X, p.Shift.Y},
		Symmetry: p.Symmetry, Transform: p.Transform,
		MinPop: p.MinPop, MaxPop: p.MaxPop,
		Rule:        set.Rule,
		Encoding:    set.Encoding,
		Seed:        set.Seed,
		Solutions:   set.Solutions,
		Diversify:   set.Diversify,
		AllowEmpty:  set.AllowEmpty,
		AnyPeriod:   set.AnyPeriod,
		MaxMemory:   set.MaxMemory,
		ProofDir:    set.ProofDir,
		ProofFormat: set.ProofFormat,
	}
	if set.Solver != nil {
		name, ok := logic.Name(set.Solver)
		if !ok {
			return nil, fmt.Errorf("%w: the solver %s cannot be named in a spec", ErrSpec, name)
		}
		sp.Solver = name
	}
	if p.Cage != nil {
		sp.Cage = rows(p.Cage)
	}
	for _, pt := range p.Blink {
		sp.Blink = append(sp.Blink, [2]int{pt.X, pt.Y})
	}
	if bg := p.Background; bg != nil {
		sp.Background = &Background{Offset: [2]int{bg.Offset.X, bg.Offset.Y}, Phase: bg.Phase}
		for _, b := range bg.Tile {
			sp.Background.Tile = append(sp.Background.Tile, rows(b))
		}
	}
	for _, m := range p.Asymmetric {
		sp.Asymmetric = append(sp.Asymmetric, Motion{Gens: m.Gens, Transform: m.Transform, Shift: [2]int{m.Shift.X, m.Shift.Y}})
	}
	sp.Change = p.Change
	for _, b := range p.PopBounds {
		sp.PopBounds = append(sp.PopBounds, PopBound{Gens: b.Gens, Min: b.Min, Max: limit(b.Max)})
	}
	sp.MaxChange, sp.MaxDecay, sp.MaxGrowth = limit(p.MaxChange), limit(p.MaxDecay), limit(p.MaxGrowth)
	for _, k := range p.Known {
		state := 0
		if k.Alive {
			state = 1
		}
		sp.Known = append(sp.Known, [4]int{k.Gen, k.X, k.Y, state})
	}
	if p.Template != nil {
		var sb strings.Builder
		closed := *p.Template // LLS has no open templates: Open is a field of its own
		closed.Open = false
		if err := tmpl.WriteLLS(&sb, &closed); err != nil {
			return nil, fmt.Errorf("%w: %w", ErrSpec, err)
		}
		sp.Template, sp.Open = sb.String(), p.Template.Open
	}
	if _, err := json.Marshal(sp); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrSpec, err)
	}
	return sp, nil
}

// Search reads the spec back as the problem and settings it describes.
// The problem is validated (lifesat.Problem.Validate); the error of a spec
// that names an unknown solver, holds a value that is none of its type's
// (a symmetry, transform, encoding or mode without a name; Decode refuses
// those already), or a board that is not rows of '.' and 'O' of one
// length, wraps ErrSpec.
func (sp *Spec) Search() (lifesat.Problem, *lifesat.Settings, error) {
	p := lifesat.Problem{
		Width: sp.Width, Height: sp.Height, Period: sp.Period,
		Shift:    image.Pt(sp.Shift[0], sp.Shift[1]),
		Symmetry: sp.Symmetry, Transform: sp.Transform,
		MinPop: sp.MinPop, MaxPop: sp.MaxPop,
	}
	s := &lifesat.Settings{
		Rule:        sp.Rule,
		Encoding:    sp.Encoding,
		Seed:        sp.Seed,
		Solutions:   sp.Solutions,
		Diversify:   sp.Diversify,
		AllowEmpty:  sp.AllowEmpty,
		AnyPeriod:   sp.AnyPeriod,
		MaxMemory:   sp.MaxMemory,
		ProofDir:    sp.ProofDir,
		ProofFormat: sp.ProofFormat,
	}
	bad := func(format string, args ...any) (lifesat.Problem, *lifesat.Settings, error) {
		return lifesat.Problem{}, nil, fmt.Errorf("%w: "+format, append([]any{ErrSpec}, args...)...)
	}
	texts := []encoding.TextMarshaler{sp.Symmetry, sp.Transform, sp.Encoding, sp.Diversify}
	for _, m := range sp.Asymmetric {
		texts = append(texts, m.Transform)
	}
	for _, v := range texts {
		if _, err := v.MarshalText(); err != nil {
			return bad("%v", err)
		}
	}
	var err error
	if sp.Cage != nil {
		if p.Cage, err = board(sp.Cage); err != nil {
			return bad("cage: %v", err)
		}
	}
	for _, pt := range sp.Blink {
		p.Blink = append(p.Blink, image.Pt(pt[0], pt[1]))
	}
	for _, k := range sp.Known {
		if k[3] != 0 && k[3] != 1 {
			return bad("known cell %v: the state is 0 (dead) or 1 (alive)", k)
		}
		p.Known = append(p.Known, lifesat.KnownCell{Gen: k[0], X: k[1], Y: k[2], Alive: k[3] == 1})
	}
	if sp.Template != "" {
		if p.Template, err = tmpl.ReadLLS(strings.NewReader(sp.Template)); err != nil {
			return bad("template: %v", err)
		}
		p.Template.Open = sp.Open
	}
	if jb := sp.Background; jb != nil {
		bg := &life.Background{Offset: image.Pt(jb.Offset[0], jb.Offset[1]), Phase: jb.Phase}
		for g, rs := range jb.Tile {
			b, err := board(rs)
			if err != nil {
				return bad("background tile %d: %v", g, err)
			}
			bg.Tile = append(bg.Tile, b)
		}
		p.Background = bg
	}
	for _, m := range sp.Asymmetric {
		p.Asymmetric = append(p.Asymmetric, lifesat.Motion{Gens: m.Gens, Transform: m.Transform, Shift: image.Pt(m.Shift[0], m.Shift[1])})
	}
	p.Change = sp.Change
	for _, b := range sp.PopBounds {
		p.PopBounds = append(p.PopBounds, lifesat.PopBound{Gens: b.Gens, Min: b.Min, Max: readLimit(b.Max)})
	}
	p.MaxChange, p.MaxDecay, p.MaxGrowth = readLimit(sp.MaxChange), readLimit(sp.MaxDecay), readLimit(sp.MaxGrowth)
	if sp.Solver != "" {
		if s.Solver, err = logic.ParseSolver(sp.Solver); err != nil {
			return bad("%v", err)
		}
	}
	if err := p.Validate(); err != nil {
		return lifesat.Problem{}, nil, err
	}
	return p, s, nil
}

// Decode reads one spec of JSON from r; unknown fields are errors.
func Decode(r io.Reader) (*Spec, error) {
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	var sp Spec
	if err := dec.Decode(&sp); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrSpec, err)
	}
	return &sp, nil
}

// rows writes a board as rows of '.' and 'O'.
func rows(b *life.Board) []string {
	return strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
}

// board reads rows of '.' and 'O', all of one length.
func board(rs []string) (*life.Board, error) {
	if len(rs) == 0 || len(rs[0]) == 0 {
		return nil, errors.New("no rows")
	}
	if len(rs) > lifesat.MaxSide || len(rs[0]) > lifesat.MaxSide {
		return nil, fmt.Errorf("%dx%d: sides are limited to %d", len(rs[0]), len(rs), lifesat.MaxSide)
	}
	b := life.NewBoard(len(rs[0]), len(rs))
	for y, row := range rs {
		if len(row) != b.Width() {
			return nil, fmt.Errorf("row %d has %d cells, row 0 %d", y, len(row), b.Width())
		}
		for x, c := range row {
			switch c {
			case 'O':
				b.Set(x, y, true)
			case '.':
			default:
				return nil, fmt.Errorf("row %d: %q is neither '.' nor 'O'", y, c)
			}
		}
	}
	return b, nil
}

// The statuses of a Result.
const (
	Found   = "found"   // patterns were found
	None    = "none"    // it is proved that no (further) pattern exists
	Stopped = "stopped" // the search stopped first (a time limit, a signal)
	Failed  = "error"   // the search failed: Result.Error says why
)

// A Result is the outcome of a Spec's search, as data. Patterns holds
// each pattern's generations, each as rows of '.' and 'O'.
type Result struct {
	Status   string       `json:"status"`
	Patterns [][][]string `json:"patterns,omitempty"`
	// Ranges holds, for answers found under a partial rule, the range of
	// rules each works in, in the order of Patterns.
	Ranges    []rule.Rule `json:"ranges,omitempty"`
	Exhausted bool        `json:"exhausted,omitempty"`
	Vars      int         `json:"vars,omitempty"`
	Clauses   int         `json:"clauses,omitempty"`
	Solves    int         `json:"solves,omitempty"`
	// EncodeSeconds and SolveSeconds are the Stats' Encode and Solve.
	EncodeSeconds float64 `json:"encode_seconds,omitempty"`
	SolveSeconds  float64 `json:"solve_seconds,omitempty"`
	Error         string  `json:"error,omitempty"`
}

// Run searches for the spec's patterns (lifesat.Search, which checks every
// pattern it returns) and writes the outcome down. ctx is passed to the
// search; a search stopped by it is Stopped, with the patterns found so
// far. progress, when not nil, hears the search's reports.
func Run(ctx context.Context, sp *Spec, progress func(lifesat.Progress)) *Result {
	p, s, err := sp.Search()
	if err != nil {
		return &Result{Status: Failed, Error: err.Error()}
	}
	s.Progress = progress
	res, err := lifesat.Search(ctx, p, s)
	return FromResult(res, err)
}

// FromResult writes a search's outcome down.
func FromResult(res *lifesat.Result, err error) *Result {
	out := &Result{Status: Stopped}
	if res != nil {
		st := res.Stats
		out.Exhausted, out.Vars, out.Clauses, out.Solves = res.Exhausted, st.Vars, st.Clauses, st.Solves
		out.EncodeSeconds, out.SolveSeconds = st.Encode.Seconds(), st.Solve.Seconds()
		for _, pat := range res.Patterns {
			var gens [][]string
			for _, b := range pat.Phases {
				gens = append(gens, rows(b))
			}
			out.Patterns = append(out.Patterns, gens)
			if !pat.Rule.IsZero() {
				out.Ranges = append(out.Ranges, pat.Rule)
			}
		}
		switch res.Status {
		case logic.Sat:
			out.Status = Found
		case logic.Unsat:
			out.Status = None
		}
	}
	switch {
	case err != nil && (errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)):
		if out.Status == None {
			out.Status = Stopped
		}
	case err != nil:
		out.Status, out.Error = Failed, err.Error()
	}
	return out
}

// Lifesat reads the result back as a lifesat.Result. Its patterns are
// not checked: check them against the problem (lifesat.Problem.Check)
// before use. A Failed result is an error with its message.
func (r *Result) Lifesat() (*lifesat.Result, error) {
	res := &lifesat.Result{Exhausted: r.Exhausted, Stats: lifesat.Stats{
		Vars: r.Vars, Clauses: r.Clauses, Solves: r.Solves,
		Encode: time.Duration(r.EncodeSeconds * float64(time.Second)),
		Solve:  time.Duration(r.SolveSeconds * float64(time.Second)),
	}}
	switch r.Status {
	case Found:
		res.Status = logic.Sat
	case None:
		res.Status = logic.Unsat
	case Stopped:
		res.Status = logic.Unknown
	case Failed:
		return nil, errors.New(r.Error)
	default:
		return nil, fmt.Errorf("%w: unknown status %q", ErrSpec, r.Status)
	}
	if len(r.Ranges) > 0 && len(r.Ranges) != len(r.Patterns) {
		return nil, fmt.Errorf("%w: %d ranges for %d patterns", ErrSpec, len(r.Ranges), len(r.Patterns))
	}
	for i, gens := range r.Patterns {
		pat := &lifesat.Pattern{}
		for t, g := range gens {
			b, err := board(g)
			if err != nil {
				return nil, fmt.Errorf("%w: pattern %d, generation %d: %v", ErrSpec, i, t, err)
			}
			pat.Phases = append(pat.Phases, b)
		}
		if len(r.Ranges) > 0 {
			if r.Ranges[i].IsZero() {
				return nil, fmt.Errorf("%w: pattern %d: an empty range", ErrSpec, i)
			}
			pat.Rule = r.Ranges[i]
		}
		res.Patterns = append(res.Patterns, pat)
	}
	if res.Status == logic.Sat && len(res.Patterns) == 0 {
		return nil, fmt.Errorf("%w: found, but no pattern", ErrSpec)
	}
	return res, nil
}
