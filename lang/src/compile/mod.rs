//! Compiling a catalog: the evaluation side of classes, defines, nodes, resource expressions,
//! collectors and the finishing steps. The data model they build is `prepl-catalog`
//! (`crate::catalog`); the evaluator (`eval/`) calls in here and these call back into it to
//! run bodies, so `compile` and `eval` use each other by design.
//!
//! - `compilation`: what lasts across inputs (definitions, class scopes, pending define
//!   instances, collectors, relationships, overrides).
//! - `scope`: class, define and node scopes; `declare`: resource expressions, defaults,
//!   overrides, attribute access; `classes`: class/define/node definitions,
//!   `include`/`require`/`contain`, parameter binding, bodies; `collect`: collectors and
//!   queries; `finish`: relationships, `realize`, the finishing steps after each input;
//!   `propagate`: metaparameters passed on from containers, from each input's changes.

#[cfg(test)]
mod body_slots_tests;
pub mod classes;
pub mod collect;
pub mod compilation;
pub mod declare;
pub mod finish;
#[cfg(test)]
mod growth_tests;
mod propagate;
#[cfg(test)]
mod rollback_tests;
pub mod scope;
#[cfg(test)]
mod tests;

pub use compilation::Compilation;
pub use scope::{NamedScope, ScopeKind};
