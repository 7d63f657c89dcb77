package notebook

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"html"
	"image"
	"image/png"
	"os"
	"strings"

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

// ShowRow displays pictures side by side, each as a PNG with its caption
// under it (captions[i], when there is one), and caption, when it is not
// empty, under the row: boards to compare, the steps of a search. The
// row is a table, wrapped to rows of at most about 960 pixels, so it
// shows as it is where styles are stripped (a notebook Jupyter does not
// trust). Outside a notebook it prints "[image W x H] caption" for each
// picture, then the caption.
func ShowRow(imgs []image.Image, captions []string, caption string) {
	if !gonbui.IsNotebook {
		for i, img := range imgs {
			r := img.Bounds()
			c := ""
			if i < len(captions) {
				c = " " + captions[i]
			}
			printLine(fmt.Sprintf("[image %d x %d]%s", r.Dx(), r.Dy(), c))
		}
		if caption != "" {
			printLine(caption)
		}
		return
	}
	h, err := rowHTML(imgs, captions, caption)
	if err != nil {
		ShowText("notebook: " + err.Error())
		return
	}
	ShowHTML(h)
}

// rowHTML is the table that ShowRow shows.
func rowHTML(imgs []image.Image, captions []string, caption string) (string, error) {
	var sb strings.Builder
	sb.WriteString(`<table style="border-collapse:collapse;margin:4px 0"><tr>`)
	width := 0
	for i, img := range imgs {
		w := img.Bounds().Dx() + 24
		if i > 0 && width+w > maxRowPixels {
			sb.WriteString("</tr><tr>")
			width = 0
		}
		width += w
		src, err := pngSrc(img)
		if err != nil {
			return "", err
		}
		c := ""
		if i < len(captions) {
			c = captions[i]
		}
		fmt.Fprintf(&sb, `<td valign="bottom" style="padding:0 24px 8px 0;text-align:center;background:none"><img src="%s" alt="%s"><br><span style="font-family:sans-serif;font-size:13px">%s</span></td>`,
			src, html.EscapeString(c), html.EscapeString(c))
	}
	sb.WriteString("</tr></table>")
	if caption != "" {
		sb.WriteString(`<div style="font-family:sans-serif;font-size:13px;color:#333">` + html.EscapeString(caption) + `</div>`)
	}
	return sb.String(), nil
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
