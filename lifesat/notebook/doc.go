// Package notebook shows lifesat results in a GoNB notebook
// (https://github.com/janpfeifer/gonb, the Go kernel for Jupyter): boards as
// pictures, PNG and GIF images, text, Markdown, and a progress line that is
// rewritten in place. It is the only lifesat package that imports gonbui;
// the notebooks call the other packages and display with this one.
//
// Every function waits until GoNB has taken what it sent (gonbui.Sync), so
// that a display made just before a cell's program exits is not lost.
//
// # A worked example
//
// The notebooks live in notebooks/ of the repository. Their first cell makes
// the cells' temporary module see the repository's packages (GONB_DIR is
// the notebook's folder, so ${GONB_DIR}/.. is the repository) and pins
// gonbui to the version of the kernel:
//
//	!*rm -f go.work && go work init && go work use . "${GONB_DIR}/.."
//	!*go get github.com/janpfeifer/gonb@${GONB_VERSION}
//
// A cell that searches and shows (%% wraps the rest of the cell in a main
// function):
//
//	import (
//		"github.com/lifesat/lifesat/lifesat"
//		"github.com/lifesat/lifesat/lifesat/notebook"
//	)
//
//	%%
//	p := notebook.NewProgress()
//	p.Update("searching a 16 x 16 still life, seed 233 ...")
//	b, err := lifesat.FindStillLife(16, 16, &lifesat.Settings{Seed: 233})
//	if err != nil {
//		panic(err)
//	}
//	p.Done(fmt.Sprintf("found %d live cells", b.Population()))
//	notebook.Show(b)
//
// Its output is one line of text, rewritten from "searching ..." to "found
// ... live cells", and a picture of 193 x 193 pixels: 16 x 16 cells of 12
// pixels with a grey mesh, live cells black.
//
// # The explorer and the slider
//
// Explore is a search one steers by hand, as in rlifesrc's web app: a
// board of the box on which a click cycles a cell through unknown, alive
// and dead (a template of the answer), controls for the kind, size,
// period, shift, symmetry and rule, and Search, Stop, Next and Close. A
// cell that opens one on the glider's front:
//
//	%%
//	p := lifesat.Spaceship(4, 1, 1, 6, 6)
//	p.Template = tmpl.New(6, 6, 1)
//	for x := 1; x <= 3; x++ {
//		p.Template.Set(0, x, 3, tmpl.Spec{Kind: tmpl.Alive})
//	}
//	_, err := notebook.Explore(context.Background(), p, nil)
//
// The cell runs until Close (or until the page is closed). Run headless
// (nbconvert, CI: LIFESAT_HEADLESS=1, or no page answering for 20 s), the
// same call searches once and shows the answer statically;
// notebooks/09-explorer.ipynb shows both. The live explorer saves its
// whole state as RLE with a comment header and loads it back, takes a
// transform (glide-symmetric ships), a bound on the live cells and the
// unknown cells' first value.
//
// ShowSlider shows a list of boards one at a time with a slider, Back and
// Step buttons and a generation counter, the cells that the next step
// changes marked. It is PNG pictures in an HTML table and a script, with
// no connection to the program, so it works the same live, headless and
// in an HTML export, and shows every board where a viewer strips scripts
// and styles (a notebook Jupyter does not trust):
// it is how the explorer shows its answers, and how a notebook shows the
// phases of an oscillator or a spaceship's generations (lifeplot.Frames)
// where a reader wants to step rather than look at a strip:
//
//	notebook.ShowSlider(pat.Phases, &notebook.SliderOptions{Caption: "p3 oscillator"})
//
// # Outside a notebook
//
// When the program was not started by GoNB (gonbui.IsNotebook is false, as
// under go test or go run), everything prints to stdout instead (Explore
// searches once and prints the template and the answer): a board in
// the notation of life.Board.String ('O' alive, '.' dead), an image as
// its size ("[PNG 193 x 193]"), text and Markdown as they are, and each
// progress message as a line. So the same code runs as a test, and the
// examples of this package show that fallback:
//
//	OO
//	OO
//	[PNG 25 x 25]
//	searching ...
//	found 1 pattern
package notebook
