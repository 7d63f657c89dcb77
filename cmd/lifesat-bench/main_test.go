package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestHelpExitsZero(t *testing.T) {
	for _, args := range [][]string{{"-h"}, {"-help"}, {"--help"}} {
		var out, errOut bytes.Buffer
		if code := run(context.Background(), args, &out, &errOut); code != 0 {
			t.Errorf("%v: exit %d, want 0", args, code)
		}
		if !strings.Contains(out.String(), "-suite") || !strings.Contains(out.String(), "-plots") {
			t.Errorf("%v: help on stdout %q lacks the flags", args, out.String())
		}
	}
}

func TestBadUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-suite", "nope"}, `unknown suite "nope"`},
		{[]string{"-seeds", "0"}, "-seeds 0"},
		{[]string{"extra"}, `unexpected argument "extra"`},
		{[]string{"-no-such-flag"}, "-no-such-flag"},
		{[]string{"-suite", "hard", "-lls", "/no/such/folder"}, "no lls program in that folder"},
	} {
		var out, errOut bytes.Buffer
		code := run(context.Background(), tc.args, &out, &errOut)
		msg := errOut.String()
		if code != 2 || !strings.Contains(msg, tc.want) || strings.Count(msg, "\n") != 1 || !strings.HasPrefix(msg, "lifesat-bench: ") {
			t.Errorf("%v: exit %d, stderr %q; want 2 and one line with %q", tc.args, code, msg, tc.want)
		}
	}
}

// Without -data and -plots nothing lands in the working folder (a clone's
// data/ and plots/): the files go to a new temporary folder.
func TestOutputDirs(t *testing.T) {
	data, plots, err := outputDirs("", "")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(data)
	if data != plots || !strings.HasPrefix(data, os.TempDir()) || !strings.Contains(filepath.Base(data), "lifesat-bench-") {
		t.Errorf("defaults %q, %q: want one new folder under %s", data, plots, os.TempDir())
	}
	if d, p, _ := outputDirs("data", "plots"); d != "data" || p != "plots" {
		t.Errorf("named folders became %q, %q", d, p)
	}
	d, p, err := outputDirs("data", "")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(p)
	if d != "data" || !strings.HasPrefix(p, os.TempDir()) {
		t.Errorf("-data data alone: %q, %q; want the figures in a temporary folder", d, p)
	}
}
