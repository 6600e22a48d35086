//! See eval/mod.rs.
