//! The constants of the reference's `constants.py`, by name.

use crate::values::Value;

/// Every constant: its DSL name and value.
pub fn constant(name: &str) -> Option<Value> {
    Some(match name {
        "F" => Value::Bool(false),
        "T" => Value::Bool(true),
        "ZERO" => Value::Int(0),
        "ONE" => Value::Int(1),
        "TWO" => Value::Int(2),
        "THREE" => Value::Int(3),
        "FOUR" => Value::Int(4),
        "FIVE" => Value::Int(5),
        "SIX" => Value::Int(6),
        "SEVEN" => Value::Int(7),
        "EIGHT" => Value::Int(8),
        "NINE" => Value::Int(9),
        "TEN" => Value::Int(10),
        "NEG_ONE" => Value::Int(-1),
        "NEG_TWO" => Value::Int(-2),
        "DOWN" => Value::Pair(1, 0),
        "RIGHT" => Value::Pair(0, 1),
        "UP" => Value::Pair(-1, 0),
        "LEFT" => Value::Pair(0, -1),
        "ORIGIN" => Value::Pair(0, 0),
        "UNITY" => Value::Pair(1, 1),
        "NEG_UNITY" => Value::Pair(-1, -1),
        "UP_RIGHT" => Value::Pair(-1, 1),
        "DOWN_LEFT" => Value::Pair(1, -1),
        "ZERO_BY_TWO" => Value::Pair(0, 2),
        "TWO_BY_ZERO" => Value::Pair(2, 0),
        "TWO_BY_TWO" => Value::Pair(2, 2),
        "THREE_BY_THREE" => Value::Pair(3, 3),
        _ => return None,
    })
}

/// The names of all constants, in the reference's order.
pub const CONSTANT_NAMES: &[&str] = &[
    "F", "T", "ZERO", "ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE",
    "TEN", "NEG_ONE", "NEG_TWO", "DOWN", "RIGHT", "UP", "LEFT", "ORIGIN", "UNITY", "NEG_UNITY",
    "UP_RIGHT", "DOWN_LEFT", "ZERO_BY_TWO", "TWO_BY_ZERO", "TWO_BY_TWO", "THREE_BY_THREE",
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
    }
}
