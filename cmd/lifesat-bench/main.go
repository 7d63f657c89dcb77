// Command lifesat-bench runs lifesat's timing suites (package
// lifesat/bench): every answer verified, the rows written as CSV and drawn
// as PNG figures. It is a command of its own so that the search command,
// lifesat, links no plotting.
//
// Usage:
//
//	lifesat-bench [-suite S] [-seeds K] [-timeout D] [-data DIR] [-plots DIR] [-lls DIR]
//
// It writes DIR/bench-<suite>.csv under -data and the figures
// bench-<suite>-*.png under -plots, prints the path of every file written
// on standard output, and ends with a line on standard error that says
// where they are: "wrote N files to DIR (-data/-plots keep them)". Without
// -data or -plots the files go to a new temporary folder, so a run never
// rewrites the repository's data/ and plots/ unless asked:
//
//	go run ./cmd/lifesat-bench -suite all -data data -plots plots
//
// Each measured run is a line on standard error. When standard error is
// a terminal, a status line below them shows the run under way, the runs
// done of the suite's total and the time since the suite began.
// lifesat-bench -h lists the suites and what each runs.
//
// Exit status: 0 done, 2 bad usage or another error, 3 interrupted.
package main

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"regexp"
	"strings"

	"golang.org/x/term"

	"github.com/lifesat/lifesat/internal/statusline"
	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/bench"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// terminalWidth is the width in columns of the terminal w is, or 0 when w
// is not a terminal.
func terminalWidth(w io.Writer) int {
	f, ok := w.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return 0
	}
	width, _, err := term.GetSize(int(f.Fd()))
	if err != nil || width <= 0 {
		return 80
	}
	return width
}

// run is the whole command, with its environment passed in for tests.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	return runOn(ctx, args, stdout, stderr, terminalWidth(stderr))
}

// runOn is run with the width of the terminal stderr is, 0 for none (no
// status line).
func runOn(ctx context.Context, args []string, stdout, stderr io.Writer, terminal int) int {
	code, err := benchCmd(ctx, args, stdout, stderr, terminal)
	switch {
	case err == nil:
		return code
	case errors.Is(err, flag.ErrHelp):
		return 0
	case ctx.Err() != nil:
		fmt.Fprintln(stderr, "lifesat-bench: interrupted")
		return 3
	default:
		fmt.Fprintln(stderr, "lifesat-bench:", strings.ReplaceAll(err.Error(), "\n", " "))
		return 2
	}
}

func benchCmd(ctx context.Context, args []string, stdout, stderr io.Writer, terminal int) (int, error) {
	fs := flag.NewFlagSet("lifesat-bench", flag.ContinueOnError)
	var names []string
	for _, s := range bench.Suites() {
		names = append(names, s.Name)
	}
	suite := fs.String("suite", "blog", "suite to run: "+strings.Join(names, ", ")+", or all")
	seeds := fs.Int("seeds", 3, "seeds per seeded problem")
	timeout := fs.Duration("timeout", 0, "time limit of each run (default: the suite's own, else 2m; the hard suite's is 3m)")
	dataDir := fs.String("data", "", "`directory` of the CSV files, e.g. data (default: a new temporary folder)")
	plotDir := fs.String("plots", "", "`directory` of the PNG figures, e.g. plots (default: a new temporary folder)")
	lls := fs.String("lls", "", "`directory` of a logic-life-search checkout with solvers/cadical: the hard suite runs LLS beside lifesat")
	replot := fs.String("replot", "", "instead of running: read the suite's `CSV` (as a run wrote it, perhaps joined with another run's rows) and draw its figures again")
	only := fs.String("only", "", "run only the cases whose description matches this `regexp` (as the progress line names them, without the seed: \"max still life 20x20, the density program\"); the CSV and figures then hold those alone")
	growth := fs.String("growth", "", "instead of running: draw the lightweight spaceship growing row by row in a strip 5 wide (docs/width-search.md) into this PNG `file`")
	project := fs.String("project", "", "instead of running: read the split suite's `CSV` and print, for each split's cubes, the wall time projected for 1 to 64 workers from the cube times (bench.ProjectSplit)")
	fs.SetOutput(io.Discard) // the error is reported once, below
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fs.SetOutput(stdout)
			fmt.Fprintf(stdout, "Usage: lifesat-bench [flags]\n\nRuns timing suites, verifies every answer, writes bench-<suite>.csv and\nbench-<suite>-*.png and prints their paths.\n\nFlags:\n")
			fs.PrintDefaults()
			fmt.Fprintf(stdout, "\nSuites:\n")
			for _, s := range bench.Suites() {
				fmt.Fprintf(stdout, "  %s\n%s", s.Name, wrap(s.Doc, "    \t", 72))
			}
		}
		return 0, err
	}
	if fs.NArg() > 0 {
		return 0, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if *seeds < 1 {
		return 0, fmt.Errorf("-seeds %d: want 1 or more", *seeds)
	}
	if *project != "" {
		return 0, projectSplits(*project, stdout)
	}
	if *growth != "" {
		return 0, growthPicture(ctx, *growth, stdout)
	}
	var onlyRe *regexp.Regexp
	if *only != "" {
		re, err := regexp.Compile(*only)
		if err != nil {
			return 0, fmt.Errorf("-only: %v", err)
		}
		onlyRe = re
	}
	if *lls != "" {
		if fi, err := os.Stat(filepath.Join(*lls, "lls")); err != nil || fi.IsDir() {
			return 0, fmt.Errorf("-lls %s: no lls program in that folder (git clone https://github.com/frankeverdij/logic-life-search)", *lls)
		}
	}
	var suites []bench.Suite
	if *suite == "all" {
		suites = bench.Suites()
	} else {
		s, ok := bench.Find(*suite)
		if !ok {
			return 0, fmt.Errorf("unknown suite %q (want %s, or all)", *suite, strings.Join(names, ", "))
		}
		suites = []bench.Suite{s}
	}
	if *replot != "" {
		if len(suites) != 1 {
			return 0, fmt.Errorf("-replot: name the suite the CSV is of (-suite)")
		}
		return 0, redraw(suites[0], *replot, *plotDir, stdout, stderr)
	}
	data, plots, err := outputDirs(*dataDir, *plotDir)
	if err != nil {
		return 0, err
	}
	for _, dir := range []string{data, plots} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return 0, err
		}
	}
	written := 0
	for _, s := range suites {
		fmt.Fprintf(stderr, "lifesat-bench: suite %s: %s\n", s.Name, s.Doc)
		var st *statusline.Line
		var running string // the run under way, as the status line says it
		var runsDone int
		opts := &bench.Options{Seeds: *seeds, Timeout: *timeout, LLS: *lls, Only: onlyRe,
			Starting: func(what string, done, total int) {
				if st == nil && terminal > 0 {
					st = statusline.New(stderr, terminal, total)
				}
				running, runsDone = s.Name+": "+what, done
				st.Set(running, done)
			},
			Progress: func(r bench.Row) {
				line := fmt.Sprintf("  %-34s %-14s %-16s seed %-2d %9.1f ms  %s verified=%v %s",
					r.Problem, r.Encoding, r.Solver, r.Seed, r.EncodeMS+r.SolveMS, r.Status, r.Verified, r.Value)
				if st == nil {
					fmt.Fprintln(stderr, line)
				} else {
					st.Println(line)
				}
			}}
		if terminal > 0 {
			// The running search's own report after the run's name.
			opts.Search = func(p lifesat.Progress) {
				st.Set(running+": "+strings.TrimPrefix(p.String(), p.What+": "), runsDone)
			}
		}
		rows, err := bench.Run(ctx, s, opts)
		st.Done()
		if err != nil {
			return 0, err
		}
		csvPath := filepath.Join(data, "bench-"+s.Name+".csv")
		f, err := os.Create(csvPath)
		if err != nil {
			return 0, err
		}
		err = bench.WriteCSV(f, rows)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return 0, err
		}
		written++
		fmt.Fprintln(stdout, csvPath)
		paths, err := bench.WritePlots(s, rows, plots)
		written += len(paths)
		for _, p := range paths {
			fmt.Fprintln(stdout, p)
		}
		if err != nil {
			return 0, err
		}
	}
	fmt.Fprintln(stderr, "lifesat-bench: "+closing(written, data, plots, *dataDir == "" || *plotDir == ""))
	return 0, nil
}

// closing is the last line of a run: how many files it wrote, and where.
// When some went to a temporary folder, it says which flags keep them.
func closing(n int, data, plots string, temporary bool) string {
	where := data
	if plots != data {
		where = data + " and " + plots
	}
	line := fmt.Sprintf("wrote %d files to %s", n, where)
	if n == 1 {
		line = "wrote 1 file to " + where
	}
	if temporary {
		line += " (-data/-plots keep them)"
	}
	return line
}

// wrap breaks text into lines of at most width characters (longer words
// alone on theirs), each after the indent and ending in a newline.
func wrap(text, indent string, width int) string {
	var b strings.Builder
	line := 0
	for _, word := range strings.Fields(text) {
		if line > 0 && line+1+len(word) > width {
			b.WriteString("\n")
			line = 0
		}
		if line == 0 {
			b.WriteString(indent)
		} else {
			b.WriteString(" ")
			line++
		}
		b.WriteString(word)
		line += len(word)
	}
	if line > 0 {
		b.WriteString("\n")
	}
	return b.String()
}

// outputDirs returns the folders of the CSV files and of the figures: the
// ones named, and a new temporary folder for those not named.
func outputDirs(data, plots string) (string, string, error) {
	if data == "" || plots == "" {
		tmp, err := os.MkdirTemp("", "lifesat-bench-")
		if err != nil {
			return "", "", err
		}
		data, plots = cmp.Or(data, tmp), cmp.Or(plots, tmp)
	}
	return data, plots, nil
}

// redraw draws the figures of suite s from the rows of a CSV file into
// dir (a new temporary folder when dir is ""), and prints their paths.
func redraw(s bench.Suite, file, dir string, stdout, stderr io.Writer) error {
	f, err := os.Open(file)
	if err != nil {
		return err
	}
	rows, err := bench.ReadCSV(f)
	f.Close()
	if err != nil {
		return fmt.Errorf("%s: %w", file, err)
	}
	_, plots, err := outputDirs(dir, dir)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(plots, 0o755); err != nil {
		return err
	}
	paths, err := bench.WritePlots(s, rows, plots)
	for _, p := range paths {
		fmt.Fprintln(stdout, p)
	}
	if err != nil {
		return err
	}
	fmt.Fprintln(stderr, "lifesat-bench: "+closing(len(paths), plots, plots, dir == ""))
	return nil
}

// projectSplits prints, for every Cubes case of the split suite that the
// CSV file has rows of, the projected wall time of its split on 1 to 64
// workers (bench.ProjectSplit), one line per seed: a projection from the
// measured cube times, not a measurement.
func projectSplits(file string, w io.Writer) error {
	f, err := os.Open(file)
	if err != nil {
		return err
	}
	defer f.Close()
	rows, err := bench.ReadCSV(f)
	if err != nil {
		return fmt.Errorf("%s: %w", file, err)
	}
	split, _ := bench.Find("split")
	n := 0
	for _, c := range split.Cases {
		if c.Kind != bench.Cubes {
			continue
		}
		for _, cubes := range bench.CubeRuns(rows, c.Name()) {
			n++
			fmt.Fprintf(w, "%s (projected wall time, s):", c.Name())
			for workers := 1; workers <= 64; workers *= 2 {
				secs, _ := bench.ProjectSplit(cubes, workers)
				fmt.Fprintf(w, " %d: %.3g", workers, secs)
			}
			fmt.Fprintln(w)
		}
	}
	if n == 0 {
		return fmt.Errorf("%s: no cube rows of the split suite", file)
	}
	return nil
}
