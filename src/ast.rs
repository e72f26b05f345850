//! The generator's program representation: parsed (names as written, with
//! spans) and checked (every name resolved).

use std::sync::Arc;

use battgen_runtime::Prim;

/// A source file: its path as given and its text.
#[derive(Clone, Debug)]
pub struct SourceFile {
    pub path: String,
    pub text: String,
}

/// A byte range in a source file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

/// A name as written, with where it was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Name {
    pub text: String,
    pub span: Span,
}

/// `target = callee(args...)` as parsed.
#[derive(Clone, Debug)]
pub struct Assign {
    pub target: Name,
    pub callee: Name,
    pub args: Vec<Name>,
    /// The whole statement.
    pub span: Span,
    /// 1-based source line of the statement.
    pub line: usize,
}

/// `def name(param): ... return ret` as parsed.
#[derive(Clone, Debug)]
pub struct Function {
    pub name: Name,
    pub param: Name,
    pub body: Vec<Assign>,
    pub ret: Name,
    pub line: usize,
}

/// What a checked name refers to.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Operand {
    /// The function's parameter (the input grid, `I`).
    Input,
    /// The result of statement `k` of the same program.
    Var(usize),
    /// A primitive used by name.
    Prim(Prim),
    /// A constant of `constants.py`, by name.
    Const(&'static str),
}

/// A checked statement: `callee` is a primitive or a variable holding a
/// function.
#[derive(Clone, Debug)]
pub struct Stmt {
    pub target: String,
    pub callee: Operand,
    pub args: Vec<Operand>,
    pub line: usize,
}

/// A checked program.
#[derive(Clone, Debug)]
pub struct Program {
    /// The function name, e.g. `solve_67a3c6ac`.
    pub name: String,
    /// The task id, the suffix after the last `_`.
    pub task_id: String,
    /// The file it came from.
    pub file: Arc<str>,
    pub line: usize,
    pub stmts: Vec<Stmt>,
    /// The statement whose value is returned (`None`: the input itself).
    pub ret: Operand,
}
