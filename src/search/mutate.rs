//! Typed mutations of checked programs: one operand replaced by another of
//! the same type. A constant becomes another constant of its kind (booleans,
//! integers, vectors), a primitive another primitive of the identical
//! signature (the rotations and mirrors, `first`/`last`,
//! `argmax`/`argmin`, ...), whether it is called or passed as a value.
//! Every mutant is written back as source and checked again by the checker
//! before it is used ([`super::checked_mutants`]).

use std::collections::HashMap;
use std::fmt;

use battgen_runtime::constants::CONSTANTS;
use battgen_runtime::signatures::{Type, PRIMITIVES};
use battgen_runtime::{Prim, Value};

use crate::ast::{Assign, Function, Name, Operand, Program, Span};
use crate::select::SplitMix64;

/// Where in a program a mutation applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Slot {
    Callee,
    Arg(usize),
}

/// One replacement: statement, slot, old and new operand.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Mutation {
    pub stmt: usize,
    pub slot: Slot,
    pub from: Operand,
    pub to: Operand,
}

fn operand_name(op: &Operand) -> String {
    match op {
        Operand::Input => "I".into(),
        Operand::Var(v) => format!("x{v}"),
        Operand::Prim(p) => p.name().into(),
        Operand::Const(c) => (*c).into(),
    }
}

impl Mutation {
    /// `x3: ONE -> TWO (line 7)`, naming the statement by its variable.
    pub fn describe(&self, program: &Program) -> String {
        let s = &program.stmts[self.stmt];
        format!(
            "{}: {} -> {} (line {})",
            s.target,
            operand_name(&self.from),
            operand_name(&self.to),
            s.line
        )
    }
}

/// The interchangeable operands: constants by kind, primitives by
/// signature (groups of two or more).
pub struct Alternatives {
    constants: HashMap<&'static str, Vec<&'static str>>,
    prims: HashMap<Prim, Vec<Prim>>,
}

impl Alternatives {
    pub fn new() -> Alternatives {
        let kind = |v: &Value| match v {
            Value::Bool(_) => 0,
            Value::Int(_) => 1,
            Value::Pair(..) => 2,
            _ => 3,
        };
        let mut constants = HashMap::new();
        for (name, v) in CONSTANTS {
            let others: Vec<&'static str> = CONSTANTS
                .iter()
                .filter(|(n, w)| n != name && kind(w) == kind(v))
                .map(|(n, _)| *n)
                .collect();
            constants.insert(*name, others);
        }
        let signature = |p: Prim| -> (Vec<Type>, Type) {
            let s = p.signature();
            (s.params.iter().map(|q| q.ty).collect(), s.ret)
        };
        let mut prims = HashMap::new();
        for s in PRIMITIVES {
            let others: Vec<Prim> = PRIMITIVES
                .iter()
                .filter(|t| t.prim != s.prim && signature(t.prim) == signature(s.prim))
                // `Any -> Any` says nothing about what a primitive does.
                .filter(|_| !matches!(signature(s.prim), (ref ps, Type::Any) if ps.iter().all(|t| *t == Type::Any)))
                .map(|t| t.prim)
                .collect();
            prims.insert(s.prim, others);
        }
        Alternatives { constants, prims }
    }

    fn of(&self, op: &Operand) -> Vec<Operand> {
        match op {
            Operand::Const(c) => self.constants.get(c).map_or(Vec::new(), |v| {
                v.iter().map(|c| Operand::Const(c)).collect()
            }),
            Operand::Prim(p) => self.prims.get(p).map_or(Vec::new(), |v| {
                v.iter().map(|p| Operand::Prim(*p)).collect()
            }),
            _ => Vec::new(),
        }
    }

    /// Every single mutation of `program`, in statement order.
    pub fn singles(&self, program: &Program) -> Vec<Mutation> {
        let mut out = Vec::new();
        for (k, s) in program.stmts.iter().enumerate() {
            let slots = std::iter::once((Slot::Callee, &s.callee))
                .chain(s.args.iter().enumerate().map(|(i, a)| (Slot::Arg(i), a)));
            for (slot, op) in slots {
                for to in self.of(op) {
                    out.push(Mutation {
                        stmt: k,
                        slot,
                        from: op.clone(),
                        to,
                    });
                }
            }
        }
        out
    }
}

impl Default for Alternatives {
    fn default() -> Self {
        Alternatives::new()
    }
}

/// `program` with `mutations` applied.
pub fn apply(program: &Program, mutations: &[Mutation]) -> Program {
    let mut p = program.clone();
    for m in mutations {
        let s = &mut p.stmts[m.stmt];
        match m.slot {
            Slot::Callee => s.callee = m.to.clone(),
            Slot::Arg(i) => s.args[i] = m.to.clone(),
        }
    }
    p
}

/// A candidate mutant: its parent and the mutations applied.
#[derive(Clone, Debug)]
pub struct Candidate {
    pub parent: usize,
    pub mutations: Vec<Mutation>,
}

/// Up to `wanted` candidates, deterministic for `seed`: every single
/// mutation of every parent in a seeded order first, then pairs of
/// mutations of one parent drawn at random (duplicates are removed later,
/// by their checked plans).
pub fn candidates(
    parents: &[Program],
    alts: &Alternatives,
    wanted: usize,
    seed: u64,
) -> Vec<Candidate> {
    let singles: Vec<Vec<Mutation>> = parents.iter().map(|p| alts.singles(p)).collect();
    let mut out: Vec<Candidate> = singles
        .iter()
        .enumerate()
        .flat_map(|(k, ms)| {
            ms.iter().map(move |m| Candidate {
                parent: k,
                mutations: vec![m.clone()],
            })
        })
        .collect();
    let mut rng = SplitMix64(seed);
    // Fisher-Yates: a seeded order of the singles.
    for i in (1..out.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        out.swap(i, j);
    }
    out.truncate(wanted);
    // Parents are drawn in proportion to their single mutations, so that
    // small programs (few distinct pairs) are not drawn over and over.
    let mut owner: Vec<usize> = Vec::new();
    for (k, ms) in singles.iter().enumerate() {
        if ms.len() >= 2 {
            owner.extend(std::iter::repeat_n(k, ms.len()));
        }
    }
    let mut attempts = 0;
    while out.len() < wanted && !owner.is_empty() && attempts < 4 * wanted {
        attempts += 1;
        let k = owner[rng.below(owner.len() as u64) as usize];
        let ms = &singles[k];
        let a = rng.below(ms.len() as u64) as usize;
        let b = rng.below(ms.len() as u64) as usize;
        let (a, b) = (&ms[a], &ms[b]);
        if (a.stmt, a.slot) == (b.stmt, b.slot) {
            continue;
        }
        out.push(Candidate {
            parent: k,
            mutations: vec![a.clone(), b.clone()],
        });
    }
    out
}

/// The names a program's operands are written with in its source.
fn source_name(program: &Program, o: &Operand) -> String {
    match o {
        Operand::Input => "I".to_owned(),
        Operand::Var(v) => program.stmts[*v].target.replace('.', "__"),
        Operand::Prim(p) => p.name().to_owned(),
        Operand::Const(c) => (*c).to_owned(),
    }
}

/// A checked program written back as arc-dsl source, under `name`, with
/// `comments` (one per line) at the top of its body.
pub fn to_source(program: &Program, name: &str, comments: &[String]) -> String {
    let op = |o: &Operand| source_name(program, o);
    let mut s = format!("def {name}(I):\n");
    for c in comments {
        s.push_str(&format!("    # {c}\n"));
    }
    for (k, st) in program.stmts.iter().enumerate() {
        let args: Vec<String> = st.args.iter().map(op).collect();
        s.push_str(&format!(
            "    {} = {}({})\n",
            op(&Operand::Var(k)),
            op(&st.callee),
            args.join(", ")
        ));
    }
    s.push_str(&format!("    return {}\n", op(&program.ret)));
    s
}

/// What parsing [`to_source`]'s text (without comments) gives, built
/// without the text: a mutant is checked as the parsed function of its
/// source, and parsing 200,000 sources was most of a search's preparation.
/// Spans are empty (there is no text) and lines count from the `def`.
pub fn to_function(program: &Program, name: &str) -> Function {
    let named = |o: &Operand| Name {
        text: source_name(program, o),
        span: Span::default(),
    };
    Function {
        name: Name {
            text: name.to_owned(),
            span: Span::default(),
        },
        param: named(&Operand::Input),
        body: program
            .stmts
            .iter()
            .enumerate()
            .map(|(k, st)| Assign {
                target: named(&Operand::Var(k)),
                callee: named(&st.callee),
                args: st.args.iter().map(named).collect(),
                span: Span::default(),
                line: k + 2,
            })
            .collect(),
        ret: named(&program.ret),
        line: 1,
    }
}

impl fmt::Display for Slot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Slot::Callee => write!(f, "callee"),
            Slot::Arg(i) => write!(f, "argument {}", i + 1),
        }
    }
}
