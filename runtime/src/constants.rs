//! The constants of the reference's `constants.py`, by name.

use crate::values::Value;

pub const F: Value = Value::Bool(false);
pub const T: Value = Value::Bool(true);
pub const ZERO: Value = Value::Int(0);
pub const ONE: Value = Value::Int(1);
pub const TWO: Value = Value::Int(2);
pub const THREE: Value = Value::Int(3);
pub const FOUR: Value = Value::Int(4);
pub const FIVE: Value = Value::Int(5);
pub const SIX: Value = Value::Int(6);
pub const SEVEN: Value = Value::Int(7);
pub const EIGHT: Value = Value::Int(8);
pub const NINE: Value = Value::Int(9);
pub const TEN: Value = Value::Int(10);
pub const NEG_ONE: Value = Value::Int(-1);
pub const NEG_TWO: Value = Value::Int(-2);
pub const DOWN: Value = Value::Pair(1, 0);
pub const RIGHT: Value = Value::Pair(0, 1);
pub const UP: Value = Value::Pair(-1, 0);
pub const LEFT: Value = Value::Pair(0, -1);
pub const ORIGIN: Value = Value::Pair(0, 0);
pub const UNITY: Value = Value::Pair(1, 1);
pub const NEG_UNITY: Value = Value::Pair(-1, -1);
pub const UP_RIGHT: Value = Value::Pair(-1, 1);
pub const DOWN_LEFT: Value = Value::Pair(1, -1);
pub const ZERO_BY_TWO: Value = Value::Pair(0, 2);
pub const TWO_BY_ZERO: Value = Value::Pair(2, 0);
pub const TWO_BY_TWO: Value = Value::Pair(2, 2);
pub const THREE_BY_THREE: Value = Value::Pair(3, 3);

/// Every constant with its DSL name, in the reference's order.
pub static CONSTANTS: &[(&str, Value)] = &[
    ("F", F),
    ("T", T),
    ("ZERO", ZERO),
    ("ONE", ONE),
    ("TWO", TWO),
    ("THREE", THREE),
    ("FOUR", FOUR),
    ("FIVE", FIVE),
    ("SIX", SIX),
    ("SEVEN", SEVEN),
    ("EIGHT", EIGHT),
    ("NINE", NINE),
    ("TEN", TEN),
    ("NEG_ONE", NEG_ONE),
    ("NEG_TWO", NEG_TWO),
    ("DOWN", DOWN),
    ("RIGHT", RIGHT),
    ("UP", UP),
    ("LEFT", LEFT),
    ("ORIGIN", ORIGIN),
    ("UNITY", UNITY),
    ("NEG_UNITY", NEG_UNITY),
    ("UP_RIGHT", UP_RIGHT),
    ("DOWN_LEFT", DOWN_LEFT),
    ("ZERO_BY_TWO", ZERO_BY_TWO),
    ("TWO_BY_ZERO", TWO_BY_ZERO),
    ("TWO_BY_TWO", TWO_BY_TWO),
    ("THREE_BY_THREE", THREE_BY_THREE),
];

/// The constant called `name`.
pub fn constant(name: &str) -> Option<Value> {
    CONSTANTS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, v)| v.clone())
}

/// The names of all constants, in the reference's order.
pub const CONSTANT_NAMES: &[&str] = &[
    "F",
    "T",
    "ZERO",
    "ONE",
    "TWO",
    "THREE",
    "FOUR",
    "FIVE",
    "SIX",
    "SEVEN",
    "EIGHT",
    "NINE",
    "TEN",
    "NEG_ONE",
    "NEG_TWO",
    "DOWN",
    "RIGHT",
    "UP",
    "LEFT",
    "ORIGIN",
    "UNITY",
    "NEG_UNITY",
    "UP_RIGHT",
    "DOWN_LEFT",
    "ZERO_BY_TWO",
    "TWO_BY_ZERO",
    "TWO_BY_TWO",
    "THREE_BY_THREE",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_resolves() {
        for n in CONSTANT_NAMES {
            assert!(constant(n).is_some(), "{n}");
        }
        assert_eq!(constant("T"), Some(Value::Int(1)));
        assert_eq!(constant("NEG_UNITY"), Some(Value::pair(-1, -1)));
        assert_eq!(constant("nope"), None);
        let names: Vec<&str> = CONSTANTS.iter().map(|(n, _)| *n).collect();
        assert_eq!(names, CONSTANT_NAMES);
    }
}
