package statusline_test

import (
	"fmt"

	"github.com/lifesat/lifesat/internal/statusline"
)

// A line written over a status line without clearing it first keeps the
// status line's end: what Line's Println and Done clear.
func ExampleVisible() {
	fmt.Println(statusline.Visible("searching 10x10 (3s)\rfound: 54 cells"))
	// Output: found: 54 cells (3s)
}
