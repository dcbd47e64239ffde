package migrations

// UpKnowing is Up for a binary that knows the migrations of list: the tests play an older
// release (a shorter list) and a newer one (a longer list) on one database with it.
var UpKnowing = up
