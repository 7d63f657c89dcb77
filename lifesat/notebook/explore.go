package notebook

import (
	"context"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/janpfeifer/gonb/gonbui"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// ExploreOptions say how Explore searches and how long it waits. A nil
// *ExploreOptions means the defaults, and so does the zero value of every
// field.
type ExploreOptions struct {
	// Settings are those of every search: the rule the explorer opens
	// with (the zero Rule is Life), the solver, the encoding, the seed
	// (the n-th search of a live explorer uses Seed+n-1). Their Progress
	// and Solutions are the explorer's own.
	Settings lifesat.Settings
	// Timeout bounds the one search of the static form; 0 means one
	// minute.
	Timeout time.Duration
	// Idle closes a live explorer that has heard nothing from its page for
	// so long, unless a search runs; 0 means 30 minutes.
	Idle time.Duration
}

// The defaults of ExploreOptions.
const (
	defaultStaticTimeout = time.Minute
	defaultIdle          = 30 * time.Minute
)

// helloWait is how long Explore waits for a page to answer once GoNB has
// tried to reach it, and patience how long it tries again before it takes
// the notebook for headless (variables for the tests).
var (
	helloWait = 3 * time.Second
	patience  = 20 * time.Second
)

// HeadlessEnv names the environment variable that tells Explore that no
// browser shows the notebook (notebooks/run sets it to 1 for its
// kernels): it then shows its static form at once, without waiting for a
// page.
const HeadlessEnv = "LIFESAT_HEADLESS"

func (o *ExploreOptions) orDefaults() ExploreOptions {
	var d ExploreOptions
	if o != nil {
		d = *o
	}
	if d.Timeout <= 0 {
		d.Timeout = defaultStaticTimeout
	}
	if d.Idle <= 0 {
		d.Idle = defaultIdle
	}
	if d.Settings.Rule.IsZero() {
		d.Settings.Rule = rule.Life
	}
	return d
}

// Explore shows a search explorer that opens on p: a board of p's box
// on which each click cycles a cell through unknown, alive and dead (the
// cells are a template of the answer, see tmpl.Template), controls for
// the kind (still life, oscillator, spaceship, reaction), the size, the
// period, the shift, the transform (Problem.Transform), the symmetry, the
// rule, the most live cells of generation 0 (Problem.MaxPop) and the first
// value of the unknown cells (the settings' way, dead, alive or random),
// and Search, Stop, Next and Close buttons. A search reports live its time, the solver's
// conflicts and the patterns found, and draws, every 200 ms while the
// solver runs, generation 0 as the solver sees it at the moment: the
// cells it has decided, alive or dead, the others grey
// (lifesat.Settings.ProgressCells, lifeplot.Partial); each pattern is shown with a slider
// over its generations (ShowSlider, with the cells that change marked)
// and in RLE, with its apgcode when it has one (Catagolue's name, linked
// under Life). Searches run lifesat.Enumerate with a context: Stop ends
// the search, and Next asks the same enumeration for another pattern.
//
// p sets the box, the kind, the period, shift and transform, the
// symmetry and the population bounds (MaxPop shown, MinPop kept), and
// its Template or Cage the known cells; the rule is o.Settings.Rule. Boxes of 1 to 64 cells a
// side and up to 64 generations can be edited; a template may hold known
// and unknown cells only, and p may not have blinking cells.
//
// Explore decides how to show itself:
//
//   - Live, when a browser shows the notebook: Explore first asks GoNB to
//     open its connection to the page, then waits up to 3 s for a script
//     of the page to answer; where none does, it has GoNB check the
//     connection again, and tries again, for up to 20 s (a page may be
//     slow to connect, or its connection may fail once). It returns when
//     Close is pressed, when the page is closed or reloaded (it says so,
//     or stops sending its pings for 2 minutes), when nothing has been
//     done on the page for o.Idle, when ctx ends, or when the kernel is
//     interrupted; the outputs then stay as they were last drawn, the
//     board and the answer without their controls, so that the saved
//     notebook shows them. A page whose explorer no longer answers (its
//     cell ended, or the kernel restarted) says so, and disables the
//     explorer's controls.
//   - Static, when the environment variable HeadlessEnv is 1 (as
//     notebooks/run sets it), at once, or when no page answered in those
//     20 s: the search of p runs once, for at most o.Timeout, and its
//     answer is shown with the same slider, which needs no connection; the
//     board and the answer are pictures, which show even where the
//     notebook is not trusted. (GoNB leaves its script for the page's
//     connection in the output; notebooks/run removes it from the
//     notebooks it executes.)
//   - As text, outside a notebook (go test, go run): the search of p runs
//     once and the template, the answer's generations and its RLE print
//     to stdout.
//
// The live explorer saves its state (Save: the box, the template and the
// settings, as RLE with a comment header, to download or copy) and loads
// it, or any RLE file, back (Load).
//
// It returns the last pattern shown, or nil when none was found. Its
// errors are those of a problem it cannot edit or search; the static and
// text forms also return the search's error (such as the time limit).
func Explore(ctx context.Context, p lifesat.Problem, o *ExploreOptions) (*lifesat.Pattern, error) {
	opt := o.orDefaults()
	st, err := newExploreState(p, opt.Settings.Rule)
	if err != nil {
		return nil, err
	}
	if !gonbui.IsNotebook {
		return exploreText(ctx, st, opt)
	}
	x := newLive(st, opt)
	if os.Getenv(HeadlessEnv) == "1" {
		return exploreStatic(ctx, x.id, st, opt, "Computed when the cell ran headless ("+HeadlessEnv+"=1, as notebooks/run sets it). "+
			"Open the notebook in Jupyter and run the cell to edit the board and search live.")
	}
	if x.connect(helloWait, patience) {
		return x.run(ctx)
	}
	return exploreStatic(ctx, x.id, st, opt, fmt.Sprintf("No page answered within %v, so the search ran once: the notebook runs headless, "+
		"or the page's connection to the kernel failed. In a browser, run the cell again.", patience))
}

// staticSearch runs the one search of the static and text forms.
func staticSearch(ctx context.Context, st *exploreState, opt ExploreOptions) (*lifesat.Pattern, progress, error) {
	p, err := st.problem()
	if err != nil {
		return nil, progress{state: stateError, text: err.Error(), conflicts: -1}, err
	}
	ctx, cancel := context.WithTimeout(ctx, opt.Timeout)
	defer cancel()
	pat, s, err := firstPattern(ctx, p, st.form.settings(opt.Settings))
	what := st.form.describe()
	switch {
	case pat != nil:
		return pat, progressText(s, stateStatic, "found "+what), nil
	case err == nil:
		return nil, progressText(s, stateNone, what), nil
	case ctx.Err() != nil:
		pr := progressText(s, stateStopped, what)
		pr.text += fmt.Sprintf(" (the time limit of %v)", opt.Timeout)
		return nil, pr, err
	}
	return nil, progress{state: stateError, text: err.Error(), conflicts: -1}, err
}

// exploreStatic is the explorer where no page answers: the search of the
// state, run once, and its answer on a slider; why says why.
func exploreStatic(ctx context.Context, id string, st *exploreState, opt ExploreOptions, why string) (*lifesat.Pattern, error) {
	gonbui.UpdateHTML(id+partControls, summaryHTML(id, st.form, why))
	gonbui.UpdateHTML(id+partBoard, boardHTML(id, st, false, ""))
	gonbui.UpdateHTML(id+partProgress, progressHTML(id, progress{state: stateSearching, text: "searching " + st.form.describe() + " ...", conflicts: -1}))
	gonbui.Sync()
	pat, pr, err := staticSearch(ctx, st, opt)
	gonbui.UpdateHTML(id+partProgress, progressHTML(id, pr))
	if pat != nil {
		p, _ := st.problem()
		h, herr := answerHTML(id, answer{n: 1, pat: pat, problem: p, rule: st.form.rule, what: st.form.describe()}, false)
		if herr != nil {
			h = preHTML("notebook: " + herr.Error())
		}
		gonbui.UpdateHTML(id+partAnswer, h)
	}
	gonbui.Sync()
	return pat, err
}

// exploreText is the explorer outside a notebook: the search, its
// template and its answer as text. It prints no times or counts, so that
// its output depends only on the problem and the answer.
func exploreText(ctx context.Context, st *exploreState, opt ExploreOptions) (*lifesat.Pattern, error) {
	var sb strings.Builder
	what := st.form.describe()
	sb.WriteString("explorer: " + what + "\n")
	sb.WriteString(templateText(st))
	pat, pr, err := staticSearch(ctx, st, opt)
	switch {
	case pat != nil:
		p, _ := st.problem()
		sb.WriteString("found a pattern\n")
		sb.WriteString(sliderText(pat.Phases, &SliderOptions{Note: answerNote(p, len(pat.Phases))}))
		sb.WriteString(answerRLE(pat, st.form.rule, what))
	case pr.state == stateNone:
		sb.WriteString("no such pattern exists\n")
	default:
		sb.WriteString(pr.text + "\n")
	}
	fmt.Fprint(os.Stdout, sb.String())
	return pat, err
}

// cellText is a cell's state in the picture notation of package tmpl.
var cellText = [...]byte{cellUnknown: '?', cellAlive: 'O', cellDead: '.'}

// templateText writes each generation of the template that has known
// cells, in the picture notation of package tmpl: 'O' alive, '.' dead,
// '?' unknown.
func templateText(st *exploreState) string {
	var sb strings.Builder
	w := st.form.w
	for g, cells := range st.cells {
		alive, dead, _ := st.counts(g)
		if alive+dead == 0 {
			continue
		}
		fmt.Fprintf(&sb, "template generation %d:\n", g)
		for i, c := range cells {
			sb.WriteByte(cellText[c])
			if i%w == w-1 {
				sb.WriteByte('\n')
			}
		}
	}
	return sb.String()
}
