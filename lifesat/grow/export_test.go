package grow

// AfterCall lets the tests stop a depth-first search at a given place.
var AfterCall = &afterCall

// ProbeLevel lets the tests probe every partial of a breadth-first search.
var ProbeLevel = &probeLevel
