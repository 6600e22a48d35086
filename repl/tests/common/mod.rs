//! Helpers shared by the end-to-end tests (each test file is its own crate and uses a part).
#![allow(dead_code)]

pub mod tmux;
