//! Modules on the modulepath, and autoloading from them.
