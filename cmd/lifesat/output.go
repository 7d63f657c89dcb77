package main

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/lifesat/lifesat/internal/statusline"
	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/pattern"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// A patternWriter prints patterns in the box frame, a blank line between
// two, each written out whole before the next is searched for.
type patternWriter struct {
	w      io.Writer
	format pattern.Format
	rule   rule.Rule
	phases bool
	n      int
}

func (pw *patternWriter) write(pat *lifesat.Pattern) error {
	r := pw.rule
	if !pat.Rule.IsZero() {
		// Found under a partial rule: each pattern names the least rule
		// of its range (describeRange says the rest).
		r = pat.Rule.Min()
	}
	boards := pat.Phases[:1]
	if pw.phases && pw.format != pattern.Apgcode { // one code names every phase
		boards = pat.Phases
	}
	bw := bufio.NewWriter(pw.w)
	for _, b := range boards {
		if pw.n > 0 {
			bw.WriteString("\n")
		}
		pw.n++
		if err := pattern.Write(bw, b, pw.format, r); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// describe names the patterns searched for, for messages, with every
// constraint asked for: "non-empty still life with at most 3 live cells in
// a 4x4 box".
func describe(p lifesat.Problem, s *lifesat.Settings) string {
	return describeN(p, s, 1)
}

// describeN is describe for n patterns: the noun is plural unless n is 1.
func describeN(p lifesat.Problem, s *lifesat.Settings, n int) string {
	var what string
	switch p.Kind() {
	case "reaction":
		g := len(p.Template.Gens)
		what = plural(n, "reaction", "reactions") + " of " + plural(g, "1 generation", fmt.Sprintf("%d generations", g))
	case "still life":
		what = plural(n, "still life", "still lifes")
	case "oscillator":
		what = plural(n, "oscillator", "oscillators") + fmt.Sprintf(" of period %d", p.Period)
		if s.AnyPeriod {
			what = plural(n, "oscillator", "oscillators") + fmt.Sprintf(" of period dividing %d", p.Period)
		}
	default:
		what = plural(n, "spaceship", "spaceships") + fmt.Sprintf(" of period %d moving (%d,%d)", p.Period, p.Shift.X, p.Shift.Y)
	}
	if !s.AllowEmpty && p.Template == nil && p.Kind() != "spaceship" {
		what = "non-empty " + what
	}
	if p.Template != nil {
		what += " matching the template"
	}
	var with []string
	if p.Symmetry != "" && p.Symmetry != life.C1 {
		with = append(with, "symmetry "+string(p.Symmetry))
	}
	cells := func(k int) string { return plural(k, "1 live cell", fmt.Sprintf("%d live cells", k)) }
	caged := p.Cage != nil && p.Cage.Population() > 0
	switch {
	case p.Cage != nil && !caged:
		with = append(with, "at most 0 live cells")
	case p.MaxPop > 0 && p.MinPop == p.MaxPop:
		with = append(with, "exactly "+cells(p.MinPop))
	case p.MaxPop > 0 && p.MinPop > 0:
		with = append(with, fmt.Sprintf("%d to %d live cells", p.MinPop, p.MaxPop))
	case p.MaxPop > 0:
		with = append(with, "at most "+cells(p.MaxPop))
	case p.MinPop > 0:
		with = append(with, "at least "+cells(p.MinPop))
	}
	if caged {
		with = append(with, fmt.Sprintf("live cells only in the cage's %d", p.Cage.Population()))
	}
	for _, pt := range p.Blink {
		with = append(with, fmt.Sprintf("cell (%d,%d) blinking", pt.X, pt.Y))
	}
	if p.Transform != life.Id {
		with = append(with, fmt.Sprintf("generation %d the transform %v of generation 0", p.Period, p.Transform))
	}
	for _, m := range p.Asymmetric {
		with = append(with, fmt.Sprintf("no symmetry %v", m))
	}
	for _, c := range p.Change {
		with = append(with, fmt.Sprintf("generations %d and %d different", c[0], c[1]))
	}
	for _, b := range p.PopBounds {
		with = append(with, fmt.Sprintf("population of generations %v at least %d and %v", b.Gens, b.Min, b.Max))
	}
	for _, l := range []struct {
		what  string
		limit lifesat.Limit
	}{{"changed", p.MaxChange}, {"dying", p.MaxDecay}, {"born", p.MaxGrowth}} {
		if n, ok := l.limit.Max(); ok {
			with = append(with, fmt.Sprintf("at most %d cells %s a generation", n, l.what))
		}
	}
	if p.Background != nil {
		with = append(with, "the background given")
	}
	if len(with) > 0 {
		what += " with " + strings.Join(with, ", ")
	}
	return fmt.Sprintf("%s in %s %dx%d box", what, article(p.Width), p.Width, p.Height)
}

// plural is one when n is 1, else many.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// article is "a" or "an" before the number n said aloud: "an 8x8 box",
// "an 11x11 box", "a 16x16 box".
func article(n int) string {
	d := strconv.Itoa(n)
	if d[0] == '8' || n == 11 || n == 18 || n >= 11000 && n < 12000 || n >= 18000 && n < 19000 {
		return "an"
	}
	return "a"
}

// describeRange says in which rules a pattern found under a partial rule
// works: its range as a partial rule (LLS's notation), the least and the
// most rule of the range, and the transitions left free.
func describeRange(r rule.Rule) string {
	free := rule.New(r.Free)
	return fmt.Sprintf("works in the rules %v: from %v to %v, free %v", r, r.Min(), r.Max(), free)
}

// A status is the live line on a terminal's standard error while long
// work runs: what is searched, for how long, and what is done so far. It
// shows only when standard error is a terminal and -v is off (-v prints
// lines of its own); a nil *status does nothing.
type status struct {
	line *statusline.Line
	what string
}

// newStatus starts a status line about what, unless quiet.
func newStatus(e *env, quiet bool, what string) *status {
	if quiet || !e.stderrTerminal {
		return nil
	}
	s := &status{line: statusline.New(e.stderr, e.stderrWidth, 0), what: what}
	s.line.Set(what, 0)
	return s
}

// found says how many patterns are found so far.
func (s *status) found(n int) {
	if s != nil {
		s.line.Set(fmt.Sprintf("%s: %d found", s.what, n), 0)
	}
}

// note replaces the line's text after the searched-for description.
func (s *status) note(text string) {
	if s != nil {
		s.line.Set(s.what+": "+text, 0)
	}
}

// follow returns s with its Progress shown on the line too, every
// second; without a line, s itself.
func (st *status) follow(s *lifesat.Settings) *lifesat.Settings {
	if st == nil {
		return s
	}
	c := *s
	report := c.Progress
	c.Progress = func(p lifesat.Progress) {
		if report != nil {
			report(p)
		}
		st.progress(p)
	}
	c.ProgressEvery = time.Second
	return &c
}

// progress shows a search's report on the line, after the searched-for
// description (the report's own name for the problem left out).
func (s *status) progress(p lifesat.Progress) {
	if s != nil {
		s.note(strings.TrimPrefix(p.String(), p.What+": "))
	}
}

// done clears the line; it may be called more than once.
func (s *status) done() {
	if s != nil {
		s.line.Done()
	}
}
