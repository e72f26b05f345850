//! battgen: arc-dsl solver programs in, one batched Rust battery out.
//!
//! The modules follow the pipeline: [`parse`] -> [`check`] -> [`select`] ->
//! [`merge`] -> [`rewrite`] -> [`emit`] ([`search`] mutates programs into
//! large batteries and runs them as plans), with [`ast`] the representation they
//! share and the signature table in the runtime crate.

pub mod ast;
pub mod check;
pub mod cli;
pub mod compile;
pub mod corpus;
pub mod diagnostics;
pub mod emit;
pub mod merge;
pub mod parse;
pub mod rewrite;
pub mod search;
pub mod select;
