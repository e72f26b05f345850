//! battgen: arc-dsl solver programs in, one batched Rust battery out.
//!
//! The modules follow the pipeline: [`parse`] -> [`check`] -> [`merge`] ->
//! [`rewrite`] -> [`emit`].

pub mod ast;
pub mod check;
pub mod diagnostics;
pub mod parse;
