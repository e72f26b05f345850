//! What a battery is to the driver: programs by index, each runnable on one
//! input, and all of them together on one input with shared work.
//!
//! Emitted code implements it with compiled Rust; [`Plan`] implements it by
//! interpretation (what `gen run --interpret` and the fallback after a
//! failed compile run; each program's statement order is computed once per
//! plan). Both must give identical results.

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::OnceLock;

use crate::backends::cuda::whole::WholeCode;
use crate::batch::{Backend, Column};
use crate::error::Result;
use crate::plan::{guarded, Plan};
use crate::values::Value;

pub trait Battery: Sync {
    /// How many programs the battery holds.
    fn num_programs(&self) -> usize;
    /// The program's function name (`solve_67a3c6ac`).
    fn name(&self, k: usize) -> &str;
    /// The task id the program is written for.
    fn task_id(&self, k: usize) -> &str;
    /// Run program `k` alone on one input (per-input execution).
    fn run_program(&self, k: usize, input: &Value) -> Result<Value>;
    /// Program `k`, ready to run on one input after another: what
    /// [`Battery::run_program`] does, with its lookups done once.
    fn runner(&self, k: usize) -> Runner<'_>;
    /// Run every program on one input, each shared subexpression once.
    fn run_all(&self, input: &Value) -> Vec<Result<Value>>;
    /// Whether [`Battery::run_program`] runs compiled code ([`Battery::run_all`]
    /// and [`Battery::run_batch`] interpret the merged plan either way).
    fn compiled(&self) -> bool {
        false
    }
    /// Run every program over a batch of `rows` inputs, column-wise.
    fn run_batch(&self, inputs: &Column, rows: usize, backend: &dyn Backend) -> Vec<Column>;
    /// The merged plan, program k being the battery's program k (what
    /// device code is generated from); `None` for a view of a battery.
    fn plan(&self) -> Option<&Plan> {
        None
    }
    /// The plan whole programs' device code is generated from: the merged
    /// plan before fusion where the battery has it (fusion rewrites calls
    /// for the CPU interpreter; the device code writes its own loops).
    fn device_plan(&self) -> Option<std::borrow::Cow<'_, Plan>> {
        self.plan().map(std::borrow::Cow::Borrowed)
    }
    /// The device code of the whole programs, made from
    /// [`Battery::device_plan`]; a battery that keeps it makes it once.
    fn whole_code(&self) -> Option<std::borrow::Cow<'_, WholeCode>> {
        self.device_plan()
            .map(|plan| std::borrow::Cow::Owned(WholeCode::of(&plan)))
    }
}

impl Battery for Plan {
    fn num_programs(&self) -> usize {
        self.programs.len()
    }
    fn name(&self, k: usize) -> &str {
        &self.programs[k].name
    }
    fn task_id(&self, k: usize) -> &str {
        &self.programs[k].task_id
    }
    fn run_program(&self, k: usize, input: &Value) -> Result<Value> {
        guarded(|| self.eval_program(k, input))
    }
    fn runner(&self, k: usize) -> Runner<'_> {
        Runner::Other { battery: self, k }
    }
    fn run_all(&self, input: &Value) -> Vec<Result<Value>> {
        self.eval_all(input)
    }
    fn run_batch(&self, inputs: &Column, rows: usize, backend: &dyn Backend) -> Vec<Column> {
        self.eval_batch(inputs, rows, backend)
    }
    fn plan(&self) -> Option<&Plan> {
        Some(self)
    }
}

/// One program of a battery, ready to run on one input after another
/// ([`Battery::runner`]). A cheap program's evaluation is a few hundred
/// instructions, and the work around it a third of them (267 of 861 for
/// `vconcat(I, hmirror(I))`); looking the program up per call (through a
/// [`Subset`], then its function and deopt rate) was 35 of those.
#[derive(Clone, Copy)]
pub enum Runner<'a> {
    /// Compiled typed code, with the interpreter behind it.
    Compiled {
        battery: &'a Emitted,
        k: usize,
        run: fn(&Value) -> Result<Value>,
        rate: &'a DeoptRate,
    },
    /// Any other battery's program: its `run_program`.
    Other { battery: &'a dyn Battery, k: usize },
}

impl Runner<'_> {
    /// The program's result on `input`, as `run_program` gives it.
    #[inline(always)]
    pub fn run(&self, input: &Value) -> Result<Value> {
        match *self {
            Runner::Compiled {
                battery,
                k,
                run,
                rate,
            } => battery.run_compiled(k, run, rate, input),
            Runner::Other { battery, k } => battery.run_program(k, input),
        }
    }
}

/// A program of an emitted battery: name, task id and its function.
pub struct EmittedProgram {
    pub name: &'static str,
    pub task_id: &'static str,
    pub run: fn(&Value) -> Result<Value>,
}

/// An emitted battery: compiled functions for running one program at a
/// time, and the merged plan as data (see [`crate::plan_text`] for why it
/// is not code) for running them all with shared work.
pub struct Emitted {
    pub programs: &'static [EmittedProgram],
    plan_text: &'static str,
    plan: OnceLock<Plan>,
    deopt_rates: OnceLock<Box<[DeoptRate]>>,
    /// The whole programs' device code, made on the first `--exec device`
    /// run: 4-9 ms for the 226 public solvers with device code (dev
    /// machine), which every repeated run paid again.
    whole_code: OnceLock<WholeCode>,
}

/// How often one program's typed code gave up (see `typed`) since it
/// first did. Where it gives up on most inputs, as on the inputs of other
/// tasks in cross mode (`ulcorner` of an empty patch is the empty tuple,
/// which no pair holds), each run did the typed work and then all of it
/// again in the interpreter: 1.6-1.7x slower than the interpreter alone
/// (`solve_b7249182`, `solve_e6721834`). After [`DeoptRate::PATIENCE`]
/// deopts in at most twice as many runs, the program goes straight to the
/// interpreter, which gives the same results. A program that never gave up
/// only reads its counter (no shared writes on the hot path); each sits on
/// its own cache line.
#[derive(Default)]
#[repr(align(64))]
pub struct DeoptRate {
    runs: AtomicU32,
    deopts: AtomicU32,
}

impl DeoptRate {
    const PATIENCE: u32 = 16;
    fn worth_trying(&self) -> bool {
        let deopts = self.deopts.load(Ordering::Relaxed);
        deopts < Self::PATIENCE || 2 * deopts < self.runs.load(Ordering::Relaxed)
    }
    /// Count one run of the typed code: runs from the first deopt on.
    fn record(&self, deopted: bool) {
        if deopted {
            self.deopts.fetch_add(1, Ordering::Relaxed);
        }
        if self.deopts.load(Ordering::Relaxed) > 0 {
            self.runs.fetch_add(1, Ordering::Relaxed);
        }
    }
}

impl Emitted {
    pub const fn new(programs: &'static [EmittedProgram], plan_text: &'static str) -> Emitted {
        Emitted {
            programs,
            plan_text,
            plan: OnceLock::new(),
            deopt_rates: OnceLock::new(),
            whole_code: OnceLock::new(),
        }
    }
    fn deopt_rates(&self) -> &[DeoptRate] {
        self.deopt_rates.get_or_init(|| {
            (0..self.programs.len())
                .map(|_| DeoptRate::default())
                .collect()
        })
    }
    /// Program `k` (whose function is `run`) on one input: the typed code,
    /// unless it gave up too often; where it gives up, the interpreter.
    /// Inlined into the evaluation loops: a cheap program's evaluation
    /// took 18 of its ~370 instructions less (the call and its copy of the
    /// result).
    #[inline(always)]
    fn run_compiled(
        &self,
        k: usize,
        run: fn(&Value) -> Result<Value>,
        rate: &DeoptRate,
        input: &Value,
    ) -> Result<Value> {
        if !rate.worth_trying() {
            crate::typed::note_interpreted();
            return guarded(|| self.plan().eval_program(k, input));
        }
        let result = guarded(|| run(input));
        if matches!(&result, Err(e) if crate::typed::is_deopt(e)) {
            return self.after_deopt(k, input, rate, result);
        }
        rate.record(false);
        result
    }
    /// The rest of a run whose typed code gave up (out of the fast path):
    /// the interpreter resumes from the statements the typed code finished,
    /// or runs the program again.
    #[cold]
    #[inline(never)]
    fn after_deopt(
        &self,
        k: usize,
        input: &Value,
        rate: &DeoptRate,
        gave_up: Result<Value>,
    ) -> Result<Value> {
        // A deopt that the interpreter resumes from costs no work twice:
        // only the others count against the typed code.
        let known = crate::typed::take_resume();
        rate.record(known.is_none());
        if let Err(e) = &gave_up {
            crate::typed::note_deopt(e);
        }
        match known {
            Some(known) => guarded(|| self.plan().eval_program_from(k, input, known)),
            None => guarded(|| self.plan().eval_program(k, input)),
        }
    }
    /// The merged plan, read on first use and fused for the interpreter
    /// ([`crate::fuse`]). A plan that does not read back is a bug of the
    /// generator: reported, exit code 4.
    pub fn plan(&self) -> &Plan {
        self.plan
            .get_or_init(|| match Plan::from_text(self.plan_text) {
                Ok(plan) if plan.programs.len() == self.programs.len() => crate::fuse::fuse(plan).0,
                Ok(_) => internal_error("the plan and the program table disagree"),
                Err(e) => internal_error(&e),
            })
    }
}

fn internal_error(message: &str) -> ! {
    eprintln!(
        "internal error: the battery's plan is unreadable ({message}); please report this bug"
    );
    std::process::exit(4)
}

impl Battery for Emitted {
    fn num_programs(&self) -> usize {
        self.programs.len()
    }
    fn name(&self, k: usize) -> &str {
        self.programs[k].name
    }
    fn task_id(&self, k: usize) -> &str {
        self.programs[k].task_id
    }
    /// The compiled (typed) function; where it gives up (a deopt, see
    /// `typed`), the interpreter runs the program on this input instead.
    fn run_program(&self, k: usize, input: &Value) -> Result<Value> {
        self.runner(k).run(input)
    }
    fn compiled(&self) -> bool {
        true
    }
    fn runner(&self, k: usize) -> Runner<'_> {
        Runner::Compiled {
            battery: self,
            k,
            run: self.programs[k].run,
            rate: &self.deopt_rates()[k],
        }
    }
    fn run_all(&self, input: &Value) -> Vec<Result<Value>> {
        self.plan().eval_all(input)
    }
    fn run_batch(&self, inputs: &Column, rows: usize, backend: &dyn Backend) -> Vec<Column> {
        self.plan().eval_batch(inputs, rows, backend)
    }
    fn device_plan(&self) -> Option<std::borrow::Cow<'_, Plan>> {
        match Plan::from_text(self.plan_text) {
            Ok(plan) if plan.programs.len() == self.programs.len() => {
                Some(std::borrow::Cow::Owned(plan))
            }
            _ => Some(std::borrow::Cow::Borrowed(Emitted::plan(self))),
        }
    }
    fn whole_code(&self) -> Option<std::borrow::Cow<'_, WholeCode>> {
        let code = self.whole_code.get_or_init(|| {
            let plan = self.device_plan().expect("an emitted battery has a plan");
            WholeCode::of(&plan)
        });
        Some(std::borrow::Cow::Borrowed(code))
    }
    fn plan(&self) -> Option<&Plan> {
        Some(Emitted::plan(self))
    }
}

/// Some programs of a battery, as a battery of their own (`--program`):
/// they run exactly as in the whole battery; the shared work of the others
/// is still done where execution is merged (battery, batched).
pub struct Subset<'a> {
    inner: &'a dyn Battery,
    keep: Vec<usize>,
}

impl<'a> Subset<'a> {
    /// The programs called `names`, in battery order; the first name that
    /// no program has is the error.
    pub fn of(inner: &'a dyn Battery, names: &[String]) -> std::result::Result<Subset<'a>, String> {
        if let Some(missing) = names
            .iter()
            .find(|n| !(0..inner.num_programs()).any(|k| inner.name(k) == n.as_str()))
        {
            return Err(missing.clone());
        }
        let keep = (0..inner.num_programs())
            .filter(|&k| names.iter().any(|n| n == inner.name(k)))
            .collect();
        Ok(Subset { inner, keep })
    }
}

impl Battery for Subset<'_> {
    fn num_programs(&self) -> usize {
        self.keep.len()
    }
    fn name(&self, k: usize) -> &str {
        self.inner.name(self.keep[k])
    }
    fn task_id(&self, k: usize) -> &str {
        self.inner.task_id(self.keep[k])
    }
    fn run_program(&self, k: usize, input: &Value) -> Result<Value> {
        self.inner.run_program(self.keep[k], input)
    }
    fn runner(&self, k: usize) -> Runner<'_> {
        self.inner.runner(self.keep[k])
    }
    fn compiled(&self) -> bool {
        self.inner.compiled()
    }
    fn run_all(&self, input: &Value) -> Vec<Result<Value>> {
        let mut all = self.inner.run_all(input);
        self.keep
            .iter()
            .map(|&k| std::mem::replace(&mut all[k], Ok(Value::None)))
            .collect()
    }
    fn run_batch(&self, inputs: &Column, rows: usize, backend: &dyn Backend) -> Vec<Column> {
        let mut all = self.inner.run_batch(inputs, rows, backend);
        self.keep
            .iter()
            .map(|&k| std::mem::replace(&mut all[k], Column::Uniform(Ok(Value::None))))
            .collect()
    }
}

/// Used by emitted code: the value of an evaluated node, or its error.
#[inline]
pub fn arg(node: &Result<Value>) -> Result<&Value> {
    node.as_ref().map_err(|e| *e)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Error;
    use crate::plan::{Node, Operand, PlanProgram, Source};
    use crate::signatures::Prim;
    use crate::values::Grid;

    /// Typed code that always gives up: the interpreter answers every run,
    /// and after `PATIENCE` deopts the typed code is no longer tried.
    #[test]
    fn a_program_that_always_deopts_goes_straight_to_the_interpreter() {
        fn gives_up(_: &Value) -> Result<Value> {
            Err(Error::deopt("test: always"))
        }
        static PROGRAMS: [EmittedProgram; 1] = [EmittedProgram {
            name: "solve_a",
            task_id: "a",
            run: gives_up,
        }];
        let plan = Plan {
            nodes: vec![Node {
                callee: Operand::Prim(Prim::vmirror),
                args: vec![Operand::Input],
                sources: vec![Source {
                    program: 0,
                    var: "O".into(),
                    line: 2,
                }],
            }],
            programs: vec![PlanProgram {
                name: "solve_a".into(),
                task_id: "a".into(),
                file: "a.py".into(),
                line: 1,
                output: Operand::Node(0),
            }],
            ..Plan::default()
        };
        let text: &'static str = Box::leak(plan.to_text().into_boxed_str());
        let battery = Emitted::new(&PROGRAMS, text);
        let input = Value::grid(Grid::new(2, 3, vec![1, 2, 3, 4, 5, 6]));
        let want = Value::grid(Grid::new(2, 3, vec![3, 2, 1, 6, 5, 4]));
        let (deopts, interpreted) = (crate::typed::deopts(), crate::typed::interpreted());
        for _ in 0..100 {
            assert_eq!(battery.run_program(0, &input).unwrap(), want);
        }
        let rate = &battery.deopt_rates.get().unwrap()[0];
        assert_eq!(rate.deopts.load(Ordering::Relaxed), DeoptRate::PATIENCE);
        assert!(crate::typed::deopts() - deopts >= u64::from(DeoptRate::PATIENCE));
        assert!(crate::typed::interpreted() - interpreted >= 100 - 16);
    }

    /// Typed code that gives up in its second statement hands the first
    /// statement's value to the interpreter, which goes on from there (the
    /// test hands a value the interpreter would not compute, to see that
    /// it is taken), and such deopts never send the program to the
    /// interpreter for good.
    #[test]
    fn a_resumable_deopt_goes_on_from_the_statement_that_gave_up() {
        fn gives_up_second(input: &Value) -> Result<Value> {
            let x1 = input.clone();
            crate::typed::resumable(Err::<Value, _>(Error::deopt("test: second")), || {
                vec![(0, x1.clone())]
            })
        }
        static PROGRAMS: [EmittedProgram; 1] = [EmittedProgram {
            name: "solve_b",
            task_id: "b",
            run: gives_up_second,
        }];
        let source = |line| Source {
            program: 0,
            var: "x".into(),
            line,
        };
        let plan = Plan {
            nodes: vec![
                Node {
                    callee: Operand::Prim(Prim::vmirror),
                    args: vec![Operand::Input],
                    sources: vec![source(2)],
                },
                Node {
                    callee: Operand::Prim(Prim::hmirror),
                    args: vec![Operand::Node(0)],
                    sources: vec![source(3)],
                },
            ],
            programs: vec![PlanProgram {
                name: "solve_b".into(),
                task_id: "b".into(),
                file: "b.py".into(),
                line: 1,
                output: Operand::Node(1),
            }],
            ..Plan::default()
        };
        let text: &'static str = Box::leak(plan.to_text().into_boxed_str());
        let battery = Emitted::new(&PROGRAMS, text);
        let input = Value::grid(Grid::new(2, 3, vec![1, 2, 3, 4, 5, 6]));
        // hmirror of the input itself (the known value), not of its vmirror.
        let want = Value::grid(Grid::new(2, 3, vec![4, 5, 6, 1, 2, 3]));
        for _ in 0..40 {
            assert_eq!(battery.run_program(0, &input).unwrap(), want);
        }
        let rate = &battery.deopt_rates.get().unwrap()[0];
        assert_eq!(rate.deopts.load(Ordering::Relaxed), 0);
        assert!(crate::typed::take_resume().is_none(), "taken by the run");
    }
}
