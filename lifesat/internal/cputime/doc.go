// Package cputime measures the processor time of this process, for the
// records of plan's tasks and the timings of bench: a difference of two
// Process readings is the CPU time spent between them, by every
// goroutine and by the child processes that ended meanwhile.
//
//	start := cputime.Process()
//	work()
//	fmt.Println(cputime.Process() - start) // up to twice the wall time when work keeps 2 cores busy
package cputime
