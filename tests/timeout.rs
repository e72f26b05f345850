//! A runaway program (a hundred-million-element prapply) ends with a `timeout` error
//! within its budget, and the other programs of the battery are unaffected.
//! (Its own test binary: the budget is a process-wide setting.)

use std::time::{Duration, Instant};

use battgen::ast::SourceFile;
use battgen::diagnostics::parse_and_check;
use battgen::merge;
use battgen_runtime::battery::Battery;
use battgen_runtime::{budget, task, ErrorKind, Value};

const PROGRAMS: &str = "
def solve_67a3c6ac(I):
    O = vmirror(I)
    return O

def solve_runaway(I):
    x1 = multiply(TEN, TEN)
    x2 = multiply(x1, TEN)
    x5 = multiply(x2, TEN)
    x3 = interval(ZERO, x5, ONE)
    x4 = prapply(astuple, x3, x3)
    O = size(x4)
    return O
";

#[test]
fn runaway_programs_time_out_and_the_rest_goes_on() {
    let (programs, diags) = parse_and_check(&SourceFile {
        path: "runaway.py".into(),
        text: PROGRAMS.into(),
    });
    assert!(diags.is_empty(), "{diags:?}");
    let plan = merge::merge(&programs);
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/corpus/tasks/67a3c6ac.json"
    ))
    .unwrap();
    let t = task::parse_str("67a3c6ac", "67a3c6ac", &text).unwrap();
    let ex = &t.train[0];
    let input = ex.input_value().clone();
    budget::set_limit(Some(Duration::from_millis(100)));
    let start = Instant::now();
    let runaway = plan.run_program(1, &input);
    assert_eq!(runaway.unwrap_err().kind, ErrorKind::Timeout);
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "took {:?}",
        start.elapsed()
    );
    // The battery: the runaway's node times out, the other program is right.
    let all = plan.run_all(&input);
    assert_eq!(
        all[0].as_ref().ok(),
        ex.output.clone().map(Value::grid).as_ref()
    );
    assert_eq!(all[1].as_ref().unwrap_err().kind, ErrorKind::Timeout);
}
