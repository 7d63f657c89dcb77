package notebook

// HelloWait lets the tests shorten Explore's wait for a page's hello.
var HelloWait = &helloWait
