package main

import (
	"errors"
	"fmt"
	"image"
	"os"

	"github.com/lifesat/lifesat/lifesat/tmpl"
)

// "lifesat search FILE [flags]" runs the search of a template file (an
// LLS search pattern or a picture, see package tmpl): search() with the
// kind "search", whose flags these are. Without -period the search is a
// reaction of the template's generations; with -period P it is the cycle
// of P generations, as osc and ship search.

// templateFlags declares the flags that only "search" has.
func templateFlags(f *searchFlags) {
	fs := f.fs
	fs.IntVar(&f.period, "period", 0, "period `P`: generation P is generation 0 (moved by -shift); 0: a reaction of the template's generations, which need not come back")
	fs.StringVar(&f.shift, "shift", "", "(with -period) displacement `DX,DY` per period")
	fs.BoolVar(&f.anyPeriod, "any-period", false, "(with -period) accept any period dividing P")
	fs.BoolVar(&f.phases, "phases", false, "print every generation, not only generation 0")
}

// readTemplate reads the template of the search: search's FILE argument,
// which flags may follow, or -template FILE. It returns nil when there is
// none.
func (f *searchFlags) readTemplate() (*tmpl.Template, error) {
	if f.kind == "search" {
		if f.fs.NArg() == 0 {
			return nil, usageError{errors.New(`search needs a template: "lifesat search FILE [flags]"`)}
		}
		f.template = f.fs.Arg(0)
		// Flags may follow the file (the portfolio's workers add theirs).
		if err := parseFlags(f.fs, f.fs.Args()[1:]); err != nil {
			return nil, err
		}
	}
	if f.fs.NArg() > 0 {
		return nil, usageError{fmt.Errorf("unexpected argument %q", f.fs.Arg(0))}
	}
	if f.template == "" {
		return nil, nil
	}
	file, err := os.Open(f.template)
	if err != nil {
		return nil, usageError{err}
	}
	defer file.Close()
	tpl, err := tmpl.Read(file)
	if err != nil {
		return nil, usageError{fmt.Errorf("%s: %w", f.template, err)}
	}
	return tpl, nil
}

// searchPeriod reads search's -period and -shift.
func (f *searchFlags) searchPeriod() (int, image.Point, error) {
	var shift image.Point
	if f.period < 0 {
		return 0, shift, usageError{fmt.Errorf("-period %d: want 1 or more (or none, for a reaction)", f.period)}
	}
	if f.shift != "" {
		var err error
		if shift, err = parsePoint("-shift", f.shift); err != nil {
			return 0, shift, usageError{err}
		}
		if f.period < 2 && shift != (image.Point{}) {
			return 0, shift, usageError{fmt.Errorf("-shift %s needs a -period of 2 or more", f.shift)}
		}
	}
	if f.anyPeriod && f.period == 0 {
		return 0, shift, usageError{errors.New("-any-period needs a -period")}
	}
	return f.period, shift, nil
}
