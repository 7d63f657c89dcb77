package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/lifesat/lifesat/lifesat/pattern"
	"github.com/lifesat/lifesat/lifesat/tmpl"
)

// maxInput bounds what the command reads from one file: more than any
// format accepts (pattern.MaxInput, tmpl.MaxInput), so that the format's
// own message says what is too large.
const maxInput = 64 << 20

// An inputs reads the files a command names, each once: the race's
// members are handed the problem itself, never a file name. Standard
// input, named "-" (or "" where a file is optional), may be read once.
type inputs struct {
	e         *env
	stdinUsed string // what read standard input: "-cage", "FILE"
}

// read returns the contents of the named file, or of standard input for
// "-" and "". what names the argument for messages ("-cage", "FILE").
func (in *inputs) read(name, what string) ([]byte, string, error) {
	if name != "" && name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, name, err
		}
		defer f.Close()
		data, err := io.ReadAll(io.LimitReader(f, maxInput))
		return data, name, err
	}
	const stdin = "standard input"
	if in.stdinUsed != "" {
		return nil, stdin, fmt.Errorf("%s and %s both read standard input; give one of them a file", in.stdinUsed, what)
	}
	in.stdinUsed = what
	if in.e.stdin == nil {
		return nil, stdin, errors.New("standard input is closed")
	}
	if in.e.stdinTerminal {
		fmt.Fprintln(in.e.stderr, "lifesat: reading a pattern from standard input (end it with Ctrl-D; lifesat -h for help)")
	}
	data, err := io.ReadAll(io.LimitReader(in.e.stdin, maxInput))
	return data, stdin, err
}

// pattern reads a pattern file in any format package pattern knows.
func (in *inputs) pattern(name, what string) (*pattern.File, error) {
	data, shown, err := in.read(name, what)
	if err != nil {
		return nil, err
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, fmt.Errorf("%s: no pattern (the input is empty)", shown)
	}
	pat, err := pattern.Read(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", shown, err)
	}
	return pat, nil
}

// template reads a template file: an LLS search pattern or a picture.
func (in *inputs) template(name, what string) (*tmpl.Template, error) {
	data, shown, err := in.read(name, what)
	if err != nil {
		return nil, err
	}
	t, err := tmpl.Read(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", shown, err)
	}
	return t, nil
}
