package notebook

// HelloWait and Patience let the tests shorten Explore's waits for a
// page's hello.
var (
	HelloWait = &helloWait
	Patience  = &patience
)

// Resimulate checks a pattern of p with the plain Step (see resimulate).
var Resimulate = resimulate
