package main

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"github.com/rogpeppe/go-internal/txtar"
)

// The README and the pages of docs/ show commands as a reader types them,
// "$ " and the command, in their code blocks, and under some of them the
// output. None carries a test annotation: the checks live in the
// testscript files of testdata/script (TestScripts), and the tests below
// keep the documents and the scripts together.
//
//   - Every "$ lifesat ..." line (up to a pipe or a redirection) is a
//     command of some script, and the output shown under it is in that
//     script: one line anywhere in it, several lines as one block (a file
//     the script compares standard output with). "lifesat -h" shows the
//     usage text itself.
//   - Every other "$ " line is a command of some script, or a line of
//     .ci/run, or one that a reader runs by hand (byHand): installing,
//     building into the clone, the timing suites, Jupyter, solvers run on
//     a file.
//   - The lines of the README's "Quick start" are run by .ci/run, as
//     written (a line of .ci/run that begins with the command).
//   - The README's Go program is library.txtar's main.go.

// byHand are the beginnings of the documents' command lines that no test
// runs: they install things, write into the clone, or run for minutes
// (or on a Kubernetes cluster, which the CI does not have).
var byHand = []string{
	"go build ", "go install ", "go run ./cmd/lifesat-bench ", "go test -run '^$' -bench ",
	"sudo ", "export ", "gonb ", "jupyter ", "cadical ", "kubectl ",
	"git worktree add ", "LIFESAT_BASELINE=", "bash notebooks/run --", "bash notebooks/fresh --",
}

// A docCommand is one "$ " line of a code block, and the output shown
// under it.
type docCommand struct {
	pos     string // file:line
	command string // after "$ ", without a trailing "  # comment"
	output  []string
	section string // the "## " heading it is under
}

// docCommands returns the "$ " lines of the code blocks of the Markdown
// file: fenced blocks, and blocks indented by four spaces.
func docCommands(t *testing.T, path string) []docCommand {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var cmds []docCommand
	var cur *docCommand
	fenced, inCode, prevBlank := false, false, true
	section := ""
	lines := strings.Split(string(data), "\n")
	for i, line := range lines {
		if strings.HasPrefix(line, "```") {
			fenced, inCode, cur = !fenced, false, nil
			continue
		}
		blank := strings.TrimSpace(line) == ""
		indented := strings.HasPrefix(line, "    ") || strings.HasPrefix(line, "\t")
		switch {
		case fenced:
			inCode = true
		case indented && (inCode || prevBlank):
			inCode = true
		case blank:
			// a blank line goes on with an indented block
		default:
			inCode, cur = false, nil
		}
		prevBlank = blank
		if !fenced && strings.HasPrefix(line, "## ") {
			section = strings.TrimPrefix(line, "## ")
		}
		if !inCode {
			continue
		}
		body := strings.TrimPrefix(strings.TrimPrefix(line, "    "), "\t")
		if c, ok := strings.CutPrefix(strings.TrimSpace(body), "$ "); ok {
			if i := strings.Index(c, "  # "); i >= 0 {
				c = c[:i]
			}
			cmds = append(cmds, docCommand{pos: path + ":" + itoa(i+1), command: strings.TrimSpace(c), section: section})
			cur = &cmds[len(cmds)-1]
			continue
		}
		if cur != nil && !fenced {
			cur.output = append(cur.output, strings.TrimRight(body, " "))
		}
	}
	for i := range cmds {
		out := cmds[i].output
		for len(out) > 0 && out[len(out)-1] == "" {
			out = out[:len(out)-1]
		}
		cmds[i].output = out
	}
	return cmds
}

// A script is a testscript file: its text, and its command lines without
// their conditions, "!", "exec" or "exits N".
type script struct {
	name     string
	text     string
	commands []string
	archive  *txtar.Archive
}

var scriptPrefix = regexp.MustCompile(`^(\[[^\]]*\]\s*)*(!\s+)?(exec\s+|exits\s+\d+\s+)?`)

func readScripts(t *testing.T) []script {
	t.Helper()
	files, err := filepath.Glob("testdata/script/*.txtar")
	if err != nil || len(files) == 0 {
		t.Fatalf("no scripts in testdata/script: %v", err)
	}
	var scripts []script
	for _, f := range files {
		a, err := txtar.ParseFile(f)
		if err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		s := script{name: f, text: string(data), archive: a}
		sc := bufio.NewScanner(strings.NewReader(string(a.Comment)))
		for sc.Scan() {
			line := strings.TrimSpace(sc.Text())
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			s.commands = append(s.commands, strings.TrimSpace(scriptPrefix.ReplaceAllString(line, "")))
		}
		scripts = append(scripts, s)
	}
	return scripts
}

// scriptsRunning returns the scripts that run the command line.
func scriptsRunning(scripts []script, command string) []script {
	var found []script
	for _, s := range scripts {
		for _, c := range s.commands {
			if unquote(c) == unquote(command) {
				found = append(found, s)
				break
			}
		}
	}
	return found
}

// unquote drops the quotes of a command line, which a shell and a
// testscript file write differently ('^$' and '^$', "x y" and 'x y').
func unquote(s string) string {
	return strings.NewReplacer(`'`, "", `"`, "").Replace(s)
}

// lifesatPart is the lifesat command of a shell line, before a pipe or a
// redirection.
func lifesatPart(command string) string {
	for _, sep := range []string{" | ", " < ", " > ", " 2>"} {
		if i := strings.Index(command, sep); i >= 0 {
			command = command[:i]
		}
	}
	return strings.TrimSpace(command)
}

// shows reports whether the script holds the output a document shows.
func shows(s script, output []string) bool {
	if len(output) == 1 {
		return strings.Contains(s.text, output[0])
	}
	return strings.Contains(s.text, "\n"+strings.Join(output, "\n")+"\n")
}

// docFiles are the documents whose commands are checked.
func docFiles(t *testing.T) []string {
	t.Helper()
	pages, err := filepath.Glob("../../docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	return append([]string{"../../README.md"}, pages...)
}

func TestDocsCommandsAreTested(t *testing.T) {
	scripts := readScripts(t)
	var ci []byte
	for _, name := range []string{"../../.ci/run", "../../.ci/newcomer"} {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if name == "../../.ci/run" && !strings.Contains(string(data), "\nbash .ci/newcomer\n") {
			t.Error(".ci/run does not run .ci/newcomer, which runs the Quick start")
		}
		ci = append(ci, data...)
	}
	// inCI reports whether a line of .ci/run, or of .ci/newcomer which it
	// runs, runs the command (perhaps with its output redirected), or
	// names it as a quoted word of a list of commands.
	inCI := func(command string) bool {
		for _, l := range strings.Split(string(ci), "\n") {
			l = strings.TrimSpace(l)
			if l == command || strings.HasPrefix(l, command+" ") || l == `"`+command+`"` {
				return true
			}
		}
		return false
	}
	n := 0
	for _, doc := range docFiles(t) {
		for _, c := range docCommands(t, doc) {
			n++
			if doc == "../../README.md" && c.section == "Quick start" {
				if !inCI(c.command) {
					t.Errorf("%s: the Quick start's %q is not run by .ci/run", c.pos, c.command)
				}
				continue
			}
			cmd := c.command
			if strings.HasPrefix(cmd, "lifesat ") {
				cmd = lifesatPart(cmd)
			}
			if cmd == "lifesat -h" {
				if want := strings.Split(strings.TrimRight(usage(), "\n"), "\n"); strings.Join(c.output, "\n") != strings.Join(want, "\n") {
					t.Errorf("%s: the output shown under \"lifesat -h\" is not the usage text:\n%s", c.pos, usage())
				}
				continue
			}
			found := scriptsRunning(scripts, cmd)
			switch {
			case len(found) > 0:
				ok := len(c.output) == 0
				for _, s := range found {
					ok = ok || shows(s, c.output)
				}
				if !ok {
					t.Errorf("%s: the output shown under %q is not in %s", c.pos, c.command, found[0].name)
				}
			case inCI(c.command):
			case strings.HasPrefix(cmd, "lifesat "):
				t.Errorf("%s: no script in testdata/script runs %q", c.pos, cmd)
			default:
				manual := false
				for _, p := range byHand {
					manual = manual || strings.HasPrefix(c.command, p)
				}
				if !manual {
					t.Errorf("%s: %q is run by no script in testdata/script nor by .ci/run (and is not a by-hand command)", c.pos, c.command)
				}
			}
		}
	}
	if n < 20 {
		t.Errorf("only %d command lines in the README and docs/", n)
	}
}

// TestREADMEProgramIsTested: the README's Go program (its one "```go"
// block) is the program library.txtar builds and runs.
func TestREADMEProgramIsTested(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := regexp.MustCompile("(?s)\n```go\n(.*?\n)```").FindAllSubmatch(readme, -1)
	if len(blocks) != 1 {
		t.Fatalf("README.md has %d ```go blocks, want 1", len(blocks))
	}
	for _, s := range readScripts(t) {
		if filepath.Base(s.name) != "library.txtar" {
			continue
		}
		for _, f := range s.archive.Files {
			if filepath.Base(f.Name) == "main.go" {
				if string(f.Data) != string(blocks[0][1]) {
					t.Errorf("README.md's Go program is not %s's %s", s.name, f.Name)
				}
				return
			}
		}
	}
	t.Fatal("no main.go in testdata/script/library.txtar")
}

// TestREADMEIsShort: the README is a front page of at most 300 lines
// (issue 26); reference material goes to docs/.
func TestREADMEIsShort(t *testing.T) {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(data), "\n"); n > 300 {
		t.Errorf("README.md has %d lines, more than 300: move reference material to docs/", n)
	}
}

// TestDocsLinks: every relative link of the README and of docs/ names a
// file of the repository, and a "#fragment" a heading of that file (as
// GitHub makes anchors of headings).
func TestDocsLinks(t *testing.T) {
	link := regexp.MustCompile(`\]\(([^)\s]+)\)`)
	for _, doc := range docFiles(t) {
		data, err := os.ReadFile(doc)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range link.FindAllStringSubmatch(string(data), -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			file, frag, _ := strings.Cut(target, "#")
			path := doc
			if file != "" {
				path = filepath.Join(filepath.Dir(doc), file)
			}
			if _, err := os.Stat(path); err != nil {
				t.Errorf("%s: link %q: %v", doc, target, err)
				continue
			}
			if frag != "" && !anchors(t, path)[frag] {
				t.Errorf("%s: link %q: no heading of %s has the anchor %q", doc, target, path, frag)
			}
		}
	}
}

// anchors returns the anchors GitHub gives the headings of a Markdown
// file: lower case, punctuation dropped, spaces made hyphens.
func anchors(t *testing.T, path string) map[string]bool {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	found := map[string]bool{}
	fenced := false
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, "```") {
			fenced = !fenced
		}
		if fenced || !strings.HasPrefix(line, "#") {
			continue
		}
		title := strings.TrimSpace(strings.TrimLeft(line, "#"))
		var b strings.Builder
		for _, r := range strings.ToLower(title) {
			switch {
			case r == ' ':
				b.WriteRune('-')
			case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
				b.WriteRune(r)
			}
		}
		found[b.String()] = true
	}
	return found
}
