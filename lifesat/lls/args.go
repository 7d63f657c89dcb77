package lls

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// ErrArgs is wrapped by every error about the words of a command line.
var ErrArgs = errors.New("lls: bad arguments")

// All is Args.Solutions for "-n" without a number: every solution.
const All = -1

// Args are the words of a logic-life-search command line, read as LLS's
// argument parser (Python's argparse) reads them: options and their
// values, not yet what they mean. Absent options keep their zero values
// but where the field says otherwise.
type Args struct {
	// File is the search pattern's file, the one positional word; "" for
	// none.
	File string
	// Blank is -b (--blank_search_pattern): width, and maybe height and
	// generations.
	Blank []int
	// Symmetry holds one group of words per -s (--symmetry), Asymmetry
	// per -a (--asymmetry).
	Symmetry, Asymmetry [][]string
	// Change holds the generations of each -c (--force_change): none or
	// two.
	Change [][]int
	// Population holds the words of each -p (--population, --pop): a
	// constraint such as "<=10" and generations, or none.
	Population [][]string
	// Rule is -r (--rule); "" when absent (LLS's default, B3/S23).
	Rule string
	// Background is --background (--bg); "" when absent (vacuum).
	Background string
	// BackgroundOffset is --background_offset (--bgos) X Y T; nil when
	// absent.
	BackgroundOffset []int
	// MaxChange, MaxDecay and MaxGrowth are --max_change, --max_decay and
	// --max_growth; nil when absent.
	MaxChange, MaxDecay, MaxGrowth *int
	// Solutions is -n (--number_of_solutions): 1 when absent, All for
	// "-n" alone.
	Solutions int
	// The options that tune LLS's own run, kept for a caller that maps
	// them: -S (--solver), -M (--method, -1 when absent), -t (--timeout,
	// seconds, 0 when absent), -o (--output_file_name), -v (--verbosity,
	// -1 when absent), --parameters, --save_dimacs and --save_state (the
	// file, or "-" when given without one), and the switches --dry_run,
	// -V (--version), --csv and --blk.
	Solver, Output, Parameters, SaveDIMACS, SaveState string
	Method, Timeout, Verbosity                        int
	DryRun, Version, CSV, Blk                         bool
}

// An option of LLS's parser: its names, and how many words it takes.
type option struct {
	names []string
	nargs string // "0" a switch, "1" one word, "?" zero or one, "*" any, "+" one or more, "3" three
	set   func(a *Args, words []string) error
}

// maxWords bounds the words of a command line Parse reads.
const maxWords = 1 << 16

func intWord(opt, w string) (int, error) {
	n, ok := pyInt(w)
	if !ok {
		return 0, fmt.Errorf("%w: %s: invalid int value %q", ErrArgs, opt, w)
	}
	return n, nil
}

func ints(opt string, words []string) ([]int, error) {
	out := make([]int, len(words))
	for i, w := range words {
		n, err := intWord(opt, w)
		if err != nil {
			return nil, err
		}
		out[i] = n
	}
	return out, nil
}

func intPtr(opt string, words []string) (*int, error) {
	n, err := intWord(opt, words[0])
	return &n, err
}

var options = []option{
	{[]string{"-b", "--blank_search_pattern"}, "+", func(a *Args, w []string) (err error) {
		a.Blank, err = ints("-b", w)
		return err
	}},
	{[]string{"-s", "--symmetry"}, "*", func(a *Args, w []string) error {
		a.Symmetry = append(a.Symmetry, w)
		return nil
	}},
	{[]string{"-a", "--asymmetry"}, "*", func(a *Args, w []string) error {
		a.Asymmetry = append(a.Asymmetry, w)
		return nil
	}},
	{[]string{"-c", "--force_change"}, "*", func(a *Args, w []string) error {
		c, err := ints("-c", w)
		a.Change = append(a.Change, c)
		return err
	}},
	{[]string{"-p", "--population", "--pop"}, "*", func(a *Args, w []string) error {
		a.Population = append(a.Population, w)
		return nil
	}},
	{[]string{"-o", "--output_file_name"}, "1", func(a *Args, w []string) error { a.Output = w[0]; return nil }},
	{[]string{"-M", "--method"}, "1", func(a *Args, w []string) (err error) {
		a.Method, err = intWord("-M", w[0])
		return err
	}},
	{[]string{"-S", "--solver"}, "1", func(a *Args, w []string) error { a.Solver = w[0]; return nil }},
	{[]string{"-t", "--timeout"}, "1", func(a *Args, w []string) (err error) {
		a.Timeout, err = intWord("-t", w[0])
		return err
	}},
	{[]string{"--csv"}, "0", func(a *Args, _ []string) error { a.CSV = true; return nil }},
	{[]string{"--blk"}, "0", func(a *Args, _ []string) error { a.Blk = true; return nil }},
	{[]string{"-V", "--version"}, "0", func(a *Args, _ []string) error { a.Version = true; return nil }},
	{[]string{"-v", "--verbosity"}, "1", func(a *Args, w []string) (err error) {
		a.Verbosity, err = intWord("-v", w[0])
		return err
	}},
	{[]string{"-n", "--number_of_solutions"}, "?", func(a *Args, w []string) (err error) {
		if len(w) == 0 {
			a.Solutions = All
			return nil
		}
		a.Solutions, err = intWord("-n", w[0])
		return err
	}},
	{[]string{"--save_dimacs"}, "?", func(a *Args, w []string) error { a.SaveDIMACS = optWord(w); return nil }},
	{[]string{"--save_state"}, "?", func(a *Args, w []string) error { a.SaveState = optWord(w); return nil }},
	{[]string{"--dry_run"}, "0", func(a *Args, _ []string) error { a.DryRun = true; return nil }},
	{[]string{"--parameters"}, "1", func(a *Args, w []string) error { a.Parameters = w[0]; return nil }},
	{[]string{"-r", "--rule"}, "1", func(a *Args, w []string) error { a.Rule = w[0]; return nil }},
	{[]string{"--background", "--bg"}, "1", func(a *Args, w []string) error { a.Background = w[0]; return nil }},
	{[]string{"--background_offset", "--bgos"}, "3", func(a *Args, w []string) (err error) {
		a.BackgroundOffset, err = ints("--background_offset", w)
		return err
	}},
	{[]string{"--max_change"}, "1", func(a *Args, w []string) (err error) {
		a.MaxChange, err = intPtr("--max_change", w)
		return err
	}},
	{[]string{"--max_decay"}, "1", func(a *Args, w []string) (err error) {
		a.MaxDecay, err = intPtr("--max_decay", w)
		return err
	}},
	{[]string{"--max_growth"}, "1", func(a *Args, w []string) (err error) {
		a.MaxGrowth, err = intPtr("--max_growth", w)
		return err
	}},
}

func optWord(w []string) string {
	if len(w) == 0 {
		return "-"
	}
	return w[0]
}

// isOption reports whether a word is an option's rather than a value: it
// starts with '-', is not '-' alone, and is not a negative number (LLS
// has no option that looks like one, so argparse reads "-1" as a value).
func isOption(w string) bool {
	if len(w) < 2 || w[0] != '-' {
		return false
	}
	if _, err := strconv.ParseFloat(w[1:], 64); err == nil && w[1] != '-' && w[1] != '+' && strings.Trim(w[1:], "0123456789.") == "" {
		return false
	}
	return true
}

// find returns the option a word names, and the value attached to it
// ("--max_change=3", "-n5"), as argparse finds it: a long option by its
// name or by a prefix of exactly one name, a short one by its first two
// characters.
func find(w string) (*option, string, bool, error) {
	if strings.HasPrefix(w, "--") {
		name, val, hasVal := strings.Cut(w, "=")
		var found []*option
		var names []string
		for i := range options {
			for _, n := range options[i].names {
				if n == name {
					return &options[i], val, hasVal, nil
				}
				if strings.HasPrefix(n, "--") && strings.HasPrefix(n, name) && (len(found) == 0 || found[len(found)-1] != &options[i]) {
					found = append(found, &options[i])
					names = append(names, n)
				}
			}
		}
		switch len(found) {
		case 0:
			return nil, "", false, fmt.Errorf("%w: unrecognized argument %s", ErrArgs, quote(w))
		case 1:
			return found[0], val, hasVal, nil
		}
		return nil, "", false, fmt.Errorf("%w: ambiguous option %s could match %s", ErrArgs, quote(name), strings.Join(names, ", "))
	}
	for i := range options {
		for _, n := range options[i].names {
			if len(n) == 2 && strings.HasPrefix(w, n) {
				if len(w) > 2 {
					return &options[i], strings.TrimPrefix(w[2:], "="), true, nil
				}
				return &options[i], "", false, nil
			}
		}
	}
	return nil, "", false, fmt.Errorf("%w: unrecognized argument %s", ErrArgs, quote(w))
}

// Parse reads the words of an LLS command line (without the program's
// name), as a shell hands them over: "-s p2 RE\ x1" unquoted in bash is
// the two words "-s" and "p2", and "RE x1" (the shell eats the
// backslash), which is an error here as in LLS; write 'RE\' instead.
// Options may be abbreviated to any unique prefix ("--max_c"), take
// "=VALUE" ("--max_change=3"), and short options their value attached
// ("-n5"). A word after "--" is the file. Parse checks the form of each
// value (numbers where LLS wants them), not its meaning: see Build.
func Parse(words []string) (*Args, error) {
	if len(words) > maxWords {
		return nil, fmt.Errorf("%w: %d words, more than %d", ErrArgs, len(words), maxWords)
	}
	a := &Args{Solutions: 1, Method: -1, Verbosity: -1}
	var positional []string
	for i := 0; i < len(words); {
		w := words[i]
		i++
		if w == "--" {
			positional = append(positional, words[i:]...)
			break
		}
		if !isOption(w) {
			positional = append(positional, w)
			continue
		}
		opt, val, attached, err := find(w)
		if err != nil {
			return nil, err
		}
		name := opt.names[0]
		// The words the option takes: its attached value alone, or as
		// many of the following non-option words as it may have.
		var vals []string
		if attached {
			if opt.nargs == "0" {
				return nil, fmt.Errorf("%w: %s takes no value", ErrArgs, name)
			}
			vals = append(vals, val)
		} else {
			want := map[string]int{"0": 0, "1": 1, "?": 1, "3": 3, "*": -1, "+": -1}[opt.nargs]
			for (want < 0 || len(vals) < want) && i < len(words) && !isOption(words[i]) && words[i] != "--" {
				vals = append(vals, words[i])
				i++
			}
		}
		switch {
		case opt.nargs == "1" && len(vals) != 1:
			return nil, fmt.Errorf("%w: %s expects one argument", ErrArgs, name)
		case opt.nargs == "3" && len(vals) != 3:
			return nil, fmt.Errorf("%w: %s expects 3 arguments", ErrArgs, name)
		case opt.nargs == "+" && len(vals) == 0:
			return nil, fmt.Errorf("%w: %s expects at least one argument", ErrArgs, name)
		}
		if err := opt.set(a, vals); err != nil {
			return nil, err
		}
	}
	switch {
	case len(positional) > 1:
		return nil, fmt.Errorf("%w: unrecognized arguments: %s", ErrArgs, quote(strings.Join(positional[1:], " ")))
	case len(positional) == 1:
		a.File = positional[0]
	}
	return a, nil
}

// pyInt reads s as Python's int does for a command-line word: surrounding
// space, an optional sign, ASCII digits with single '_' between them.
func pyInt(s string) (int, bool) {
	s = strings.TrimSpace(s)
	neg := false
	switch {
	case strings.HasPrefix(s, "-"):
		s, neg = s[1:], true
	case strings.HasPrefix(s, "+"):
		s = s[1:]
	}
	if s == "" || s[0] == '_' || s[len(s)-1] == '_' || strings.Contains(s, "__") {
		return 0, false
	}
	s = strings.ReplaceAll(s, "_", "")
	if strings.Trim(s, "0123456789") != "" {
		return 0, false
	}
	n, err := strconv.Atoi(s)
	if err != nil || n > 1<<40 {
		return 0, false // more than any search takes
	}
	if neg {
		n = -n
	}
	return n, true
}

// quote writes a word for a message, on one line.
func quote(s string) string {
	if len(s) > 60 {
		s = s[:60] + "..."
	}
	return strconv.Quote(s)
}
