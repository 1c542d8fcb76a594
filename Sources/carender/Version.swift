/// carender's version (`carender --version`): the package's, written here only. Raise it with
/// each release of the package.
let packageVersion = "0.1.0"
