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
// # Outside a notebook
//
// When the program was not started by GoNB (gonbui.IsNotebook is false, as
// under go test or go run), everything prints to stdout instead: a board in
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
