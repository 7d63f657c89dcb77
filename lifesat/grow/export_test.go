package grow

// AfterCall lets the tests stop a depth-first search at a given place.
var AfterCall = &afterCall
