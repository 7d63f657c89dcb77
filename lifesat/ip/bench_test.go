package ip_test

import (
	"io"
	"testing"

	"github.com/lifesat/lifesat/lifesat/ip"
)

// BenchmarkNew builds IP2 for a 9x9 box (Bosch's largest) and a 64x64
// box (MaxCells).
func BenchmarkNew(b *testing.B) {
	for _, n := range []int{9, 64} {
		b.Run(ip.IP2.String()+"-"+itoa(n), func(b *testing.B) {
			for b.Loop() {
				if _, err := ip.New(n, n, ip.IP2); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkWrite writes the 9x9 models as LP and OPB.
func BenchmarkWrite(b *testing.B) {
	for _, f := range []ip.Formulation{ip.IP1, ip.IP2} {
		m, _ := ip.New(9, 9, f)
		b.Run(f.String()+"-lp", func(b *testing.B) {
			for b.Loop() {
				m.WriteLP(io.Discard)
			}
		})
		b.Run(f.String()+"-opb", func(b *testing.B) {
			for b.Loop() {
				m.WriteOPB(io.Discard)
			}
		})
	}
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}
