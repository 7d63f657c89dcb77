package main

import (
	"context"
	"fmt"
	"image/png"
	"io"
	"os"

	"github.com/lifesat/lifesat/lifesat/bench"
	"github.com/lifesat/lifesat/lifesat/grow"
	"github.com/lifesat/lifesat/lifesat/lifeplot"
)

// growthPicture writes to path the picture of docs/width-search.md: the
// lightweight spaceship growing in a strip 5 wide, generation 0 of its
// partials every 4 rows of the search's order, then the whole ship.
func growthPicture(ctx context.Context, path string, stdout io.Writer) error {
	boards, sh, err := bench.GrowthStrip(ctx, grow.Problem{Period: 4, Shift: 2, Width: 5}, 4)
	if err != nil {
		return err
	}
	img := lifeplot.Strip(boards, &lifeplot.BoardOptions{CellSize: 16, Gap: 32, Changes: true})
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s\n", path)
	fmt.Fprintf(os.Stderr, "lifesat-bench: %s, %d rows of the search's order; partials every 4 rows\n", sh.Code, sh.Rows())
	return nil
}
