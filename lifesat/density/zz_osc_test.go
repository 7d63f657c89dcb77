package density_test

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/lifesat/lifesat/lifesat/density"
)

func TestZZOsc(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("ZZN"))
	if n == 0 {
		t.Skip()
	}
	start := time.Now()
	opt := &density.Options{Memory: 20 << 30, Progress: func(p density.Progress) {
		if p.Row == -1 || p.Row >= n/2-2 {
			fmt.Printf("%v pass %d budget %d row %d states %d best %d bound %d\n", time.Since(start).Round(time.Millisecond), p.Pass, p.Budget, p.Row, p.States, p.Best, p.Bound)
		}
	}}
	r, err := density.MaxOscillator(context.Background(), n, n, opt)
	fmt.Println(n, r.Population, r.Bound, r.Optimal, err, r.Stats.States, r.Stats.PeakStates, time.Since(start))
}
