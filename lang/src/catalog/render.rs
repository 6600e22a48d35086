//! Showing a catalog to a person: a text table of its resources and its relationship graph
//! (text and Graphviz DOT). Shared by the REPL and the kernel.
