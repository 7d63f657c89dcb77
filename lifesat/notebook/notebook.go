package notebook

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"html"
	"image"
	"image/gif"
	"image/png"
	"os"

	"github.com/janpfeifer/gonb/gonbui"
	"github.com/lifesat/lifesat/lifesat/life"
)

// Show displays the board b as a picture: cells of 12 pixels with a grey
// mesh between them, live cells black. Boards wider or taller than 85 cells
// get smaller cells, so that the picture stays within about 1024 pixels
// (down to cells of 1 pixel, without a mesh below 4). A nil board (what
// FindStillLife returns when no pattern exists) shows "no pattern", an empty
// one its size.
//
// Outside a notebook it prints the board in the notation of Board.String
// ('O' alive, '.' dead; the plaintext .cells format).
func Show(b *life.Board) {
	switch {
	case b == nil:
		ShowText("no pattern")
		return
	case b.Width() == 0 || b.Height() == 0:
		ShowText(fmt.Sprintf("empty %d x %d board", b.Width(), b.Height()))
		return
	}
	if !gonbui.IsNotebook {
		fmt.Fprint(os.Stdout, b.String())
		return
	}
	ShowImage(boardImage(b))
}

// ShowImage displays img as a PNG. Outside a notebook it prints its size,
// "[image W x H]". An image that PNG cannot encode (one with no pixels) shows
// the encoder's error as text.
func ShowImage(img image.Image) {
	if !gonbui.IsNotebook {
		r := img.Bounds()
		fmt.Fprintf(os.Stdout, "[image %d x %d]\n", r.Dx(), r.Dy())
		return
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		ShowText("notebook: " + err.Error())
		return
	}
	ShowPNG(buf.Bytes())
}

// ShowPNG displays an encoded PNG image (an image/png output, which
// Jupyter's markdown and HTML exports embed). Outside a notebook it prints
// "[PNG W x H]", or "[PNG, N bytes]" when the header does not decode.
func ShowPNG(data []byte) {
	if !gonbui.IsNotebook {
		if c, err := png.DecodeConfig(bytes.NewReader(data)); err == nil {
			fmt.Fprintf(os.Stdout, "[PNG %d x %d]\n", c.Width, c.Height)
		} else {
			fmt.Fprintf(os.Stdout, "[PNG, %d bytes]\n", len(data))
		}
		return
	}
	gonbui.DisplayPNG(data)
	gonbui.Sync()
}

// ShowGIF displays an encoded (animated) GIF. It is sent as HTML, an <img>
// whose source is the GIF in base64: a raw image/gif output does not survive
// Jupyter's markdown and HTML exports, the <img> does. Outside a notebook it
// prints "[GIF W x H, N frames]", or "[GIF, N bytes]" when it does not decode.
func ShowGIF(data []byte) {
	if !gonbui.IsNotebook {
		if g, err := gif.DecodeAll(bytes.NewReader(data)); err == nil {
			fmt.Fprintf(os.Stdout, "[GIF %d x %d, %d frames]\n", g.Config.Width, g.Config.Height, len(g.Image))
		} else {
			fmt.Fprintf(os.Stdout, "[GIF, %d bytes]\n", len(data))
		}
		return
	}
	gonbui.DisplayHTML(`<img src="data:image/gif;base64,` + base64.StdEncoding.EncodeToString(data) + `">`)
	gonbui.Sync()
}

// ShowText displays s as preformatted text (HTML <pre>, escaped), in order
// with the pictures around it. Outside a notebook it prints s, with a final
// newline if s has none.
func ShowText(s string) {
	if !gonbui.IsNotebook {
		printLine(s)
		return
	}
	gonbui.DisplayHTML(preHTML(s))
	gonbui.Sync()
}

// ShowMarkdown displays md rendered as Markdown; $...$ and $$...$$ are
// LaTeX formulas. Outside a notebook it prints md as it is.
func ShowMarkdown(md string) {
	if !gonbui.IsNotebook {
		printLine(md)
		return
	}
	gonbui.DisplayMarkdown(md)
	gonbui.Sync()
}

// ShowHTML displays the HTML fragment h. Outside a notebook it prints h as
// it is.
func ShowHTML(h string) {
	if !gonbui.IsNotebook {
		printLine(h)
		return
	}
	gonbui.DisplayHTML(h)
	gonbui.Sync()
}

// preHTML is s as an HTML <pre> block.
func preHTML(s string) string {
	return `<pre style="margin:0">` + html.EscapeString(s) + `</pre>`
}

// printLine prints s to stdout, ending it with a newline.
func printLine(s string) {
	if len(s) > 0 && s[len(s)-1] == '\n' {
		fmt.Fprint(os.Stdout, s)
	} else {
		fmt.Fprintln(os.Stdout, s)
	}
}
