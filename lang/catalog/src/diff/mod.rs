//! `prepl diff`: what a change does to catalogs. Two catalogs of a node are read as
//! [`view::View`]s (from the JSON catalog form, the reference's or prepl's), compared
//! ([`compare::compare`], with octocatalog-diff's filters in [`compare::Options`]), and the
//! differences of a fleet reported ([`report`]: text grouped by node, a summary table, JSON).
//! Compiling the catalogs of each node at two revisions is the front-end's work (the `prepl`
//! binary's `diff` command); this module needs no evaluator.

pub mod compare;
pub mod report;
pub mod view;
mod yaml;

pub use compare::{compare, Difference, Options, ParamPattern, ResourcePattern};
pub use report::{NodeReport, Outcome};
pub use view::{Key, View};
