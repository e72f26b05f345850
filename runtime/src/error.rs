//! Errors that a primitive returns where the Python reference raises.
//!
//! An error is a value: generated code propagates it with `?` and the driver
//! records it for that program and input only. Nothing here ever panics.

use std::fmt;

/// What the reference would have raised (or why we could not follow it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ErrorKind {
    /// Python `TypeError`: a value of the wrong kind, a wrong argument count.
    Type,
    /// Python `ValueError`: `max()` of an empty sequence, unpacking mismatch.
    Value,
    /// Python `IndexError`: `grid[0]` of an empty grid, `tuple[i]` out of range.
    Index,
    /// Python `ZeroDivisionError`.
    ZeroDivision,
    /// Python `StopIteration`: `next(iter(empty))`.
    StopIteration,
    /// Python `RecursionError`: `power(f, 0)` recurses without end.
    Recursion,
    /// A value outside what we represent (a colour outside -128..=127,
    /// an integer beyond i64, a ragged grid). The reference may succeed here.
    Unsupported,
    /// The evaluation ran past its time or size budget.
    Timeout,
    /// A primitive panicked: a bug of ours, caught so the run goes on.
    Panic,
    /// Typed code met a value its representations cannot hold (an inferred
    /// type that did not hold, a ragged result of a grid kernel). Never a
    /// result: the battery runs the program on that input again with the
    /// interpreter (see `typed`).
    Deopt,
}

impl ErrorKind {
    /// The short name used in results JSON (`{"error": "<kind>"}`).
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorKind::Type => "type",
            ErrorKind::Value => "value",
            ErrorKind::Index => "index",
            ErrorKind::ZeroDivision => "zerodivision",
            ErrorKind::StopIteration => "stopiteration",
            ErrorKind::Recursion => "recursion",
            ErrorKind::Unsupported => "unsupported",
            ErrorKind::Timeout => "timeout",
            ErrorKind::Panic => "panic",
            ErrorKind::Deopt => "deopt",
        }
    }
}

/// An error with the primitive (or operation) that raised it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Error {
    pub kind: ErrorKind,
    /// Where it happened: a primitive name or a short description.
    pub context: &'static str,
}

impl Error {
    pub const fn new(kind: ErrorKind, context: &'static str) -> Error {
        Error { kind, context }
    }
    pub const fn type_error(context: &'static str) -> Error {
        Error::new(ErrorKind::Type, context)
    }
    pub const fn value_error(context: &'static str) -> Error {
        Error::new(ErrorKind::Value, context)
    }
    pub const fn index_error(context: &'static str) -> Error {
        Error::new(ErrorKind::Index, context)
    }
    pub const fn stop_iteration(context: &'static str) -> Error {
        Error::new(ErrorKind::StopIteration, context)
    }
    pub const fn unsupported(context: &'static str) -> Error {
        Error::new(ErrorKind::Unsupported, context)
    }
    pub const fn zero_division(context: &'static str) -> Error {
        Error::new(ErrorKind::ZeroDivision, context)
    }
    pub const fn deopt(context: &'static str) -> Error {
        Error::new(ErrorKind::Deopt, context)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} error in {}", self.kind.as_str(), self.context)
    }
}

impl std::error::Error for Error {}

pub type Result<T> = std::result::Result<T, Error>;
