package notebook

// HelloWait lets the tests shorten Explore's wait for a page's hello.
var HelloWait = &helloWait

// Resimulate checks a pattern of p with the plain Step (see resimulate).
var Resimulate = resimulate
