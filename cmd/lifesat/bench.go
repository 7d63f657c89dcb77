package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/lifesat/lifesat/lifesat/bench"
)

// benchCmd runs timing suites and writes data/bench-<suite>.csv and the
// plots/bench-<suite>-*.png figures.
func benchCmd(ctx context.Context, args []string, stdout, stderr io.Writer) (int, error) {
	fs := newFlagSet("lifesat bench", stderr)
	var names []string
	for _, s := range bench.Suites() {
		names = append(names, s.Name)
	}
	suite := fs.String("suite", "blog", "suite to run: "+strings.Join(names, ", ")+", or all")
	seeds := fs.Int("seeds", 3, "seeds per seeded problem")
	timeout := fs.Duration("timeout", 0, "time limit of each run (default 2m)")
	dataDir := fs.String("data", "data", "directory of the CSV files")
	plotDir := fs.String("plots", "plots", "directory of the PNG figures")
	if err := parseFlags(fs, args); err != nil {
		return 0, err
	}
	if fs.NArg() > 0 {
		return 0, usageError{fmt.Errorf("unexpected argument %q", fs.Arg(0))}
	}
	if *seeds < 1 {
		return 0, usageError{fmt.Errorf("-seeds %d: want 1 or more", *seeds)}
	}
	var suites []bench.Suite
	if *suite == "all" {
		suites = bench.Suites()
	} else {
		s, ok := bench.Find(*suite)
		if !ok {
			return 0, usageError{fmt.Errorf("unknown suite %q (want %s, or all)", *suite, strings.Join(names, ", "))}
		}
		suites = []bench.Suite{s}
	}
	for _, dir := range []string{*dataDir, *plotDir} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return 0, err
		}
	}
	for _, s := range suites {
		fmt.Fprintf(stderr, "lifesat bench: suite %s: %s\n", s.Name, s.Doc)
		rows, err := bench.Run(ctx, s, &bench.Options{Seeds: *seeds, Timeout: *timeout, Progress: func(r bench.Row) {
			fmt.Fprintf(stderr, "  %-34s %-9s %-9s seed %-2d %9.1f ms  %s verified=%v %s\n",
				r.Problem, r.Encoding, r.Solver, r.Seed, r.EncodeMS+r.SolveMS, r.Status, r.Verified, r.Value)
		}})
		if err != nil {
			return 0, err
		}
		csvPath := filepath.Join(*dataDir, "bench-"+s.Name+".csv")
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
		paths, err := bench.WritePlots(s, rows, *plotDir)
		if err != nil {
			return 0, err
		}
		fmt.Fprintln(stdout, csvPath)
		for _, p := range paths {
			fmt.Fprintln(stdout, p)
		}
	}
	return exitFound, nil
}
