package notebook

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"html"
	"image"
	"image/png"
	"os"

	"github.com/janpfeifer/gonb/gonbui"
)

// ShowFigure displays img (as a PNG) with a caption under it: what the
// picture shows, such as "seed 1, gophersat: the three phases". Outside a
// notebook it prints "[image W x H] caption".
func ShowFigure(img image.Image, caption string) {
	if !gonbui.IsNotebook {
		r := img.Bounds()
		printLine(fmt.Sprintf("[image %d x %d] %s", r.Dx(), r.Dy(), caption))
		return
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		ShowText("notebook: " + err.Error())
		return
	}
	ShowHTML(figureHTML(`<img src="data:image/png;base64,`+base64.StdEncoding.EncodeToString(buf.Bytes())+`">`, caption))
}

// ShowGIFFigure displays an encoded (animated) GIF, as ShowGIF does, with
// a caption under it. Outside a notebook it prints "[GIF, N bytes]
// caption".
func ShowGIFFigure(data []byte, caption string) {
	if !gonbui.IsNotebook {
		printLine(fmt.Sprintf("[GIF, %d bytes] %s", len(data), caption))
		return
	}
	ShowHTML(figureHTML(`<img src="data:image/gif;base64,`+base64.StdEncoding.EncodeToString(data)+`">`, caption))
}

// ShowSVG displays an SVG picture, given as its text (a gonum plot written
// with p.WriterTo(w, h, "svg"), say), with a caption under it when caption
// is not empty. SVG text is small once compressed, which keeps a
// notebook's saved outputs small. Outside a notebook it prints "[SVG, N
// bytes]" and the caption.
func ShowSVG(svg []byte, caption string) {
	if !gonbui.IsNotebook {
		fmt.Fprintf(os.Stdout, "[SVG, %d bytes]", len(svg))
		if caption != "" {
			fmt.Fprint(os.Stdout, " "+caption)
		}
		fmt.Fprintln(os.Stdout)
		return
	}
	ShowHTML(figureHTML(string(svg), caption))
}

// figureHTML is a picture's HTML with its caption under it.
func figureHTML(picture, caption string) string {
	s := `<figure style="margin:4px 0">` + picture
	if caption != "" {
		s += `<figcaption style="font-family:sans-serif;font-size:13px;color:#333">` + html.EscapeString(caption) + `</figcaption>`
	}
	return s + "</figure>"
}
