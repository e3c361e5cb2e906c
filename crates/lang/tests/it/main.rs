//! The language crate's integration tests: one binary, one module per subject.

mod layers;
mod register;
mod sizes;
