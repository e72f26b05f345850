//! arithmetic primitives.
#![allow(unused_variables)]

use crate::error::{Error, Result};
use crate::values::Value;

pub fn identity(x: &Value) -> Result<Value> {
    Err(Error::unsupported("identity: not implemented yet"))
}

pub fn add(a: &Value, b: &Value) -> Result<Value> {
    Err(Error::unsupported("add: not implemented yet"))
}

pub fn subtract(a: &Value, b: &Value) -> Result<Value> {
    Err(Error::unsupported("subtract: not implemented yet"))
}

pub fn multiply(a: &Value, b: &Value) -> Result<Value> {
    Err(Error::unsupported("multiply: not implemented yet"))
}

pub fn divide(a: &Value, b: &Value) -> Result<Value> {
    Err(Error::unsupported("divide: not implemented yet"))
}

pub fn invert(n: &Value) -> Result<Value> {
    Err(Error::unsupported("invert: not implemented yet"))
}

pub fn even(n: &Value) -> Result<Value> {
    Err(Error::unsupported("even: not implemented yet"))
}

pub fn double(n: &Value) -> Result<Value> {
    Err(Error::unsupported("double: not implemented yet"))
}

pub fn halve(n: &Value) -> Result<Value> {
    Err(Error::unsupported("halve: not implemented yet"))
}

pub fn flip(b: &Value) -> Result<Value> {
    Err(Error::unsupported("flip: not implemented yet"))
}

pub fn equality(a: &Value, b: &Value) -> Result<Value> {
    Err(Error::unsupported("equality: not implemented yet"))
}

pub fn greater(a: &Value, b: &Value) -> Result<Value> {
    Err(Error::unsupported("greater: not implemented yet"))
}

pub fn both(a: &Value, b: &Value) -> Result<Value> {
    Err(Error::unsupported("both: not implemented yet"))
}

pub fn either(a: &Value, b: &Value) -> Result<Value> {
    Err(Error::unsupported("either: not implemented yet"))
}

pub fn increment(x: &Value) -> Result<Value> {
    Err(Error::unsupported("increment: not implemented yet"))
}

pub fn decrement(x: &Value) -> Result<Value> {
    Err(Error::unsupported("decrement: not implemented yet"))
}

pub fn crement(x: &Value) -> Result<Value> {
    Err(Error::unsupported("crement: not implemented yet"))
}

pub fn sign(x: &Value) -> Result<Value> {
    Err(Error::unsupported("sign: not implemented yet"))
}

pub fn positive(x: &Value) -> Result<Value> {
    Err(Error::unsupported("positive: not implemented yet"))
}

pub fn toivec(i: &Value) -> Result<Value> {
    Err(Error::unsupported("toivec: not implemented yet"))
}

pub fn tojvec(j: &Value) -> Result<Value> {
    Err(Error::unsupported("tojvec: not implemented yet"))
}

pub fn astuple(a: &Value, b: &Value) -> Result<Value> {
    Err(Error::unsupported("astuple: not implemented yet"))
}

pub fn branch(condition: &Value, a: &Value, b: &Value) -> Result<Value> {
    Err(Error::unsupported("branch: not implemented yet"))
}
