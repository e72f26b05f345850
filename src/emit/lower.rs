//! Lowering one program of the plan to Rust statements, typed wherever the
//! plan's types allow.
//!
//! Every node of the program becomes a local. Its representation (see
//! `battgen_runtime::typed`) is that of the kernel computing it: a node
//! whose primitive has a kernel at its arguments' representations is a
//! typed call (`rt::p::fill_locs(&x3, 2, &x5)?`) held as `i64`, `rt::t::G`,
//! ...; any other node is a call of the `Value` primitive, held as a
//! `Value`. A `Value` whose inferred type is precise is read in that
//! representation through a guard where a kernel wants it, and a typed
//! value becomes a `Value` (for free) where a `Value` primitive wants it.
//!
//! Function values known without running the program (what `rbind`,
//! `compose`, `fork`, ... build from primitives and other known functions:
//! [`StaticFn`]) are not built unless something needs them as values: the
//! higher-order primitives that apply them get a Rust closure whose body
//! is the function, lowered the same way (typed), and calls of them are
//! their lowered body.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;

use battgen_runtime::plan::{Fused, Node, Operand, Plan};
use battgen_runtime::typed::{kernels, Kernel, Repr};
use battgen_runtime::types::{result_type, Ty};
use battgen_runtime::values::Value;
use battgen_runtime::Prim;

use super::ident;

/// A function value known without running the program.
#[derive(Clone, Debug)]
pub(crate) enum StaticFn {
    Prim(Prim),
    Bind {
        right: bool,
        f: Box<StaticFn>,
        fixed: Bound,
        arity: usize,
    },
    Compose(Box<StaticFn>, Box<StaticFn>),
    Chain(Box<StaticFn>, Box<StaticFn>, Box<StaticFn>),
    Fork(Box<StaticFn>, Box<StaticFn>, Box<StaticFn>),
    Matcher(Box<StaticFn>, Bound),
    /// `branch(condition, a, b)` of two known functions: one of them,
    /// chosen when the program runs.
    Branch(Operand, Box<StaticFn>, Box<StaticFn>),
    /// `power(f, n)` of a count known only when the program runs: `f`
    /// applied `n` times in a loop. (Constant counts are compositions.)
    Power(Box<StaticFn>, Operand),
}

impl StaticFn {
    /// The known functions it is made of (a bound value is not one).
    fn parts(&self) -> Vec<&StaticFn> {
        match self {
            StaticFn::Prim(_) => vec![],
            StaticFn::Bind { f, .. } | StaticFn::Matcher(f, _) | StaticFn::Power(f, _) => vec![f],
            StaticFn::Compose(a, b) | StaticFn::Branch(_, a, b) => vec![a, b],
            StaticFn::Chain(a, b, c) | StaticFn::Fork(a, b, c) => vec![a, b, c],
        }
    }
    /// Whether a primitive it calls has a typed kernel that gives up on
    /// ordinary data (`typed::GIVE_UP_ON_DATA`).
    fn may_give_up(&self) -> bool {
        match self {
            StaticFn::Prim(p) => gives_up_prims().contains(p),
            f => f.parts().into_iter().any(StaticFn::may_give_up),
        }
    }
    /// Whether it loops over a value fixed where the program built it
    /// (`lbind(argmin, objects)`, not `lbind(apply, f)`, whose loop is
    /// over its argument), and binds no value computed inside a function:
    /// its result depends on its argument alone, and a call costs a loop.
    fn loops_over_program_value(&self) -> bool {
        self.binds_operands_only() && self.loops_over_bound()
    }
    fn binds_operands_only(&self) -> bool {
        let fixed_here = match self {
            StaticFn::Bind { fixed, .. } | StaticFn::Matcher(_, fixed) => Some(fixed),
            _ => None,
        };
        !matches!(fixed_here, Some(Bound::Local(_)))
            && self.parts().into_iter().all(StaticFn::binds_operands_only)
    }
    fn loops_over_bound(&self) -> bool {
        if let StaticFn::Bind {
            right, f, arity, ..
        } = self
        {
            if let StaticFn::Prim(p) = **f {
                let fixed_at = if *right { *arity } else { 0 };
                return closure_position(p).is_some_and(|(at, _)| at != fixed_at);
            }
        }
        self.parts().into_iter().any(StaticFn::loops_over_bound)
    }
    /// The functions that a call of it calls first on its own arguments,
    /// itself the first: through a composition's inner function and a
    /// fork's first branch (the reference's order of evaluation).
    fn first_applied(&self) -> Vec<&StaticFn> {
        let mut out = vec![self];
        match self {
            StaticFn::Compose(_, inner) | StaticFn::Chain(_, _, inner) => {
                out.extend(inner.first_applied())
            }
            StaticFn::Fork(_, a, _) => out.extend(a.first_applied()),
            _ => {}
        }
        out
    }
    /// Every function that a call of it calls on its own arguments, itself
    /// included (not through a bound function, whose arguments differ, or
    /// a branch, which calls one side only).
    fn applied(&self) -> Vec<&StaticFn> {
        let mut out = vec![self];
        match self {
            StaticFn::Compose(_, inner) | StaticFn::Chain(_, _, inner) => {
                out.extend(inner.applied())
            }
            StaticFn::Fork(_, a, b) => {
                out.extend(a.applied());
                out.extend(b.applied());
            }
            StaticFn::Matcher(f, _) => out.extend(f.applied()),
            _ => {}
        }
        out
    }
    /// Whether it is the same function as `other`: the same structure,
    /// primitives and bound values (compared by their plan operands or
    /// their code, as printed).
    fn same(&self, other: &StaticFn) -> bool {
        format!("{self:?}") == format!("{other:?}")
    }
    /// The number of arguments it takes (the reference's `co_argcount`);
    /// a branch between functions of two arities has none we can inline.
    fn arity(&self) -> usize {
        match self {
            StaticFn::Prim(p) => p.arity(),
            StaticFn::Bind { arity, .. } => *arity,
            StaticFn::Branch(_, a, b) if a.arity() == b.arity() => a.arity(),
            StaticFn::Branch(..) => usize::MAX,
            _ => 1,
        }
    }
}

/// The value a [`StaticFn::Bind`] fixes: an operand of the plan, or a
/// value of the code being lowered (a closure's parameter, a local bound
/// before the function was made: `lbind(manhattan, x)` called inside a
/// function, where `x` is computed per element).
#[derive(Clone, Debug)]
pub(crate) enum Bound {
    Operand(Operand),
    Local(Box<Expr>),
}

/// The largest constant count of `power` inlined as repeated calls.
const MAX_INLINED_POWER: i64 = 10;

/// How an expression's code gives its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Form {
    /// A named place of the held type (a local): borrowed as `&name`.
    Place,
    /// An expression of type `&held`.
    Ref,
    /// An owned temporary of the held type (scalars are always this).
    Owned,
}

/// A Rust expression of a value: its code, representation and type.
#[derive(Clone, Debug)]
pub(crate) struct Expr {
    code: String,
    repr: Repr,
    ty: Ty,
    form: Form,
    /// The function value this is, where it is known statically.
    func: Option<StaticFn>,
    /// The node whose `Value` this names, where that value is built only
    /// on demand (statically known functions).
    lazy: Option<usize>,
    /// The named constant this is (passed as `&rt::c::NAME` where a
    /// `Value` is wanted).
    constant: Option<&'static str>,
    /// Computed by typed code (a kernel, a typed form) rather than by a
    /// `Value` primitive.
    typed: bool,
    /// A function made while the program runs (`lbind(f, x)` of a value
    /// `x` computed inside a function): the bindings its [`StaticFn`]
    /// names, which code that inlines the function must put before it.
    /// (Its `code`, the function as a `Value`, has them inside.)
    prelude: String,
    /// The two parts of a tuple made by `astuple` of two named values of
    /// no tuple representation (a location and an object): `first` and
    /// `last` of it are the parts themselves, and its `code` (the tuple as
    /// a `Value`) runs only where something wants the tuple whole.
    parts: Option<Box<(Expr, Expr)>>,
    /// The one location or cell of a set made by `initset` of a named
    /// value: `manhattan` and `adjacent` of two such sets are the distance
    /// between the points, and a set that nothing else reads is never
    /// built (`Lower::sequence`).
    single: Option<Box<Expr>>,
    /// The kernel call this is, where `code` is that call alone: a
    /// statement's lowering may then call a variant of the kernel with the
    /// same arguments (`Lower::clipped_union`, `Lower::written_in_place`).
    call: Option<KernelCall>,
    /// `remove(element, set)` of an object from a set of objects, both
    /// named: a reduction over it may be answered from the whole set's
    /// best and second best (`Lower::except_call`).
    without: Option<Box<(Expr, Expr)>>,
    /// The element of a reduction whose key is being lowered with an
    /// element column ([`ColumnSite`]) that this is a function of alone:
    /// the element itself, or a part of the column (a name either way).
    column_of: Option<String>,
}

/// A call of a runtime kernel, `rt::{module}::{name}(args)?`.
#[derive(Clone, Debug)]
struct KernelCall {
    module: &'static str,
    name: String,
    args: Vec<String>,
}

impl KernelCall {
    fn code(&self) -> String {
        format!(
            "rt::{}::{}({})?",
            self.module,
            self.name,
            self.args.join(", ")
        )
    }
    /// The call as a typed expression whose code is the call.
    fn expr(self, repr: Repr, ty: Ty) -> Expr {
        Expr {
            call: Some(self),
            ..Expr::typed(String::new(), repr, ty)
        }
        .with_call_code()
    }
}

impl Expr {
    fn new(code: String, repr: Repr, ty: Ty, form: Form) -> Expr {
        Expr {
            code,
            repr,
            ty,
            form,
            func: None,
            lazy: None,
            constant: None,
            typed: false,
            prelude: String::new(),
            parts: None,
            single: None,
            call: None,
            without: None,
            column_of: None,
        }
    }
    fn owned(code: String, repr: Repr, ty: Ty) -> Expr {
        Expr::new(code, repr, ty, Form::Owned)
    }
    /// An owned result of typed code.
    fn typed(code: String, repr: Repr, ty: Ty) -> Expr {
        Expr {
            typed: true,
            ..Expr::owned(code, repr, ty)
        }
    }
    /// This with `code` made from its kernel call.
    fn with_call_code(mut self) -> Expr {
        if let Some(call) = &self.call {
            self.code = call.code();
        }
        self
    }
    /// The kernel call this is, where its code is still that call (code
    /// wrapped or rewritten since is no longer one).
    fn kernel_call(&self) -> Option<&KernelCall> {
        self.call.as_ref().filter(|c| c.code() == self.code)
    }
    /// The representation a kernel may take this in: its own, or the one
    /// its inferred type promises (read through a guard).
    fn usable_repr(&self) -> Repr {
        match self.repr {
            Repr::Value | Repr::Objects => Repr::of(&self.ty),
            r => r,
        }
    }
}

/// The typed higher-order forms over one container representation
/// (`typed::functional`): one row per representation, so that typing a new
/// container is one entry here.
struct ContainerForms {
    /// The suffix of the forms' names (`sfilter_locs`, `argmax_cells`, ...).
    suffix: &'static str,
    /// The closure's parameter: its Rust type, representation and form (by
    /// value, or by reference for objects and pairs of objects).
    param_ty: &'static str,
    elem: Repr,
    form: Form,
    /// The primitives that have a typed form over it (`None`: every one
    /// `typed_higher_order` knows).
    prims: Option<&'static [Prim]>,
}

impl ContainerForms {
    fn of(over: Repr) -> Option<ContainerForms> {
        // Over pairs, only the forms that keep or map them; over an
        // object's cells, those and the searches.
        const MAP: &[Prim] = &[Prim::sfilter, Prim::apply, Prim::mapply];
        const SEARCH: &[Prim] = &[
            Prim::sfilter,
            Prim::apply,
            Prim::mapply,
            Prim::extract,
            Prim::argmax,
            Prim::argmin,
            Prim::valmax,
            Prim::valmin,
        ];
        let row = |suffix, param_ty, elem, form, prims| {
            Some(ContainerForms {
                suffix,
                param_ty,
                elem,
                form,
                prims,
            })
        };
        match over {
            Repr::Indices => row("locs", "(i64, i64)", Repr::Pair, Form::Owned, None),
            Repr::Objects => row("objects", "&rt::t::Cells", Repr::Object, Form::Ref, None),
            Repr::Object => row("cells", "rt::Cell", Repr::Cell, Form::Owned, Some(SEARCH)),
            Repr::LocPairs => row(
                "loc_pairs",
                "rt::t::PairPair",
                Repr::LocPair,
                Form::Owned,
                Some(MAP),
            ),
            Repr::CellPairs => row(
                "cell_pairs",
                "rt::t::CellPair",
                Repr::CellPair,
                Form::Owned,
                Some(MAP),
            ),
            // A tuple: only `mapply`, whose merge concatenates (the set
            // forms would sort and dedupe).
            Repr::LocSeq => row(
                "loc_seq",
                "(i64, i64)",
                Repr::Pair,
                Form::Owned,
                Some(&[Prim::mapply]),
            ),
            Repr::ObjectPairs => row(
                "object_pairs",
                "&rt::t::ObjectPair",
                Repr::ObjectPair,
                Form::Ref,
                Some(MAP),
            ),
            _ => None,
        }
    }
}

/// The representation of the frozenset that typed code builds from
/// results in representation `elem` (`typed::functional::SetOf`), if it
/// builds one.
fn set_repr(elem: Repr) -> Option<Repr> {
    match elem {
        Repr::Pair => Some(Repr::Indices),
        Repr::Cell => Some(Repr::Object),
        Repr::Object => Some(Repr::Objects),
        Repr::Int
        | Repr::Bool
        | Repr::Indices
        | Repr::Grid
        | Repr::Objects
        | Repr::LocSeq
        | Repr::CellSeq
        | Repr::Value => Some(Repr::Value),
        Repr::LocPair
        | Repr::LocPairs
        | Repr::CellPair
        | Repr::CellPairs
        | Repr::ObjectPair
        | Repr::ObjectPairs => None,
    }
}

/// The typed `sfilter` of a product of two sets of representation `over`
/// ([`Lower::filtered_product`]): its form and the representation of the
/// product's pairs.
fn product_filter(over: Repr) -> Option<(&'static str, Repr)> {
    match over {
        Repr::Indices => Some(("sfilter_product_locs", Repr::LocPairs)),
        Repr::Object => Some(("sfilter_product_cells", Repr::CellPairs)),
        Repr::Objects => Some(("sfilter_product_objects", Repr::ObjectPairs)),
        _ => None,
    }
}

/// The representation a kernel's result type stands for.
fn ty_of_repr(r: Repr, inferred: Ty) -> Ty {
    match r {
        Repr::Bool => Ty::Bool,
        Repr::Int => Ty::Int,
        Repr::Pair => Ty::Pair,
        Repr::Grid => Ty::Grid,
        Repr::Indices => Ty::Indices,
        Repr::Object => Ty::Object,
        Repr::Objects => Ty::Objects,
        Repr::Cell => Ty::Cell,
        Repr::CellPair => Ty::CellPair,
        Repr::CellPairs => Ty::CellPairs,
        Repr::ObjectPair => Ty::ObjectPair,
        Repr::ObjectPairs => Ty::ObjectPairs,
        Repr::LocPair => Ty::LocPair,
        Repr::LocPairs => Ty::LocPairs,
        Repr::LocSeq => Ty::TupleOf(Box::new(Ty::Pair)),
        Repr::CellSeq => Ty::TupleOf(Box::new(Ty::Cell)),
        Repr::Value => inferred,
    }
}

/// The higher-order primitives with a `_with` form taking a Rust closure:
/// (position of the function argument, arity it is called with).
fn closure_position(p: Prim) -> Option<(usize, usize)> {
    Some(match p {
        Prim::apply | Prim::mapply => (0, 1),
        Prim::papply | Prim::mpapply | Prim::prapply => (0, 2),
        Prim::sfilter
        | Prim::mfilter
        | Prim::extract
        | Prim::order
        | Prim::argmax
        | Prim::argmin
        | Prim::valmax
        | Prim::valmin => (1, 1),
        _ => return None,
    })
}

/// The Rust path of a primitive's `Value` function.
pub(crate) fn prim_path(p: Prim) -> String {
    format!("rt::p::{}", ident(p.name()))
}

/// The kernel of `p` for arguments usable in `reprs`: an exact match, else
/// the one taking the most of them typed (a `Value` parameter takes any).
fn find_kernel(p: Prim, reprs: &[Repr]) -> Option<&'static Kernel> {
    kernels()
        .filter(|k| k.prim == p && k.params.len() == reprs.len())
        .filter(|k| {
            k.params
                .iter()
                .zip(reprs)
                .all(|(&want, &have)| want == have || want == Repr::Value)
        })
        .max_by_key(|k| k.params.iter().filter(|&&r| r != Repr::Value).count())
}

/// The primitives with a typed kernel that gives up on ordinary data.
fn gives_up_prims() -> &'static [Prim] {
    static PRIMS: std::sync::OnceLock<Vec<Prim>> = std::sync::OnceLock::new();
    PRIMS.get_or_init(|| {
        battgen_runtime::typed::kernels()
            .filter(|k| battgen_runtime::typed::GIVE_UP_ON_DATA.contains(&k.name))
            .map(|k| k.prim)
            .collect()
    })
}

/// Whether code calls a kernel that gives up on ordinary data
/// (`typed::GIVE_UP_ON_DATA`).
fn gives_up_on_data(code: &str) -> bool {
    // The calls as the code spells them, made once for all statements.
    static CALLS: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    CALLS
        .get_or_init(|| {
            battgen_runtime::typed::GIVE_UP_ON_DATA
                .iter()
                .flat_map(|k| [format!("rt::p::{k}("), format!("rt::t::{k}(")])
                .collect()
        })
        .iter()
        .any(|call| code.contains(call.as_str()))
}

/// A statement's code (of held type `held`) that, where typed code gives
/// up in it, hands the interpreter the values of the statements `before`
/// it (`(node, local)`), so that it resumes there.
fn resumable(code: &str, held: &str, before: &[(usize, String)]) -> String {
    let known: Vec<String> = before
        .iter()
        .map(|(n, var)| format!("({n}, rt::t::value(&{var}))"))
        .collect();
    format!(
        "rt::t::resumable((|| -> rt::Result<{held}> {{ Ok({code}) }})(), || [{}].into())?",
        known.join(", ")
    )
}

/// One statement of the lowered program.
pub(crate) struct Stmt {
    /// The DSL variable (a Rust identifier), or `n{node}`.
    pub var: String,
    /// Its held type.
    pub held: String,
    /// The expression (owned, of the held type).
    pub expr: String,
    pub line: usize,
    /// In a segmented program: the code that pushes its value on `v`.
    pub push: Option<String>,
}

/// A program lowered: its statements in order, in segments (one unless
/// the program is long; statically known functions that nothing needs as
/// values are left out), and its output.
pub(crate) struct Lowered {
    pub segments: Vec<Vec<Stmt>>,
    /// The program's output as an owned `Value` expression.
    pub output: String,
    /// Each computed statement's callee and whether typed code computes it
    /// (statically known functions, not computed, are left out).
    pub calls: Vec<(String, bool)>,
}

/// Lowering state of one program. What it keeps per node is indexed by
/// the node's position in the program's order (its *slot*), so lowering
/// every program of a battery costs the size of the programs, not the
/// number of programs times the size of the plan.
pub(crate) struct Lower<'p> {
    plan: &'p Plan,
    types: &'p [Ty],
    program: usize,
    /// The program's nodes in its statement order.
    order: &'p [usize],
    /// Each node's position in `order`.
    slots: HashMap<usize, usize>,
    /// Each lowered node's expression (the local it is held in), by slot.
    locals: Vec<Option<Expr>>,
    /// Lazily built function values that some code needs, by slot.
    requested: RefCell<Vec<bool>>,
    /// The function value each node is where known statically, by slot
    /// (computed on first asking).
    statics: RefCell<Vec<Option<Option<StaticFn>>>>,
    /// Fresh names for closure parameters and temporaries.
    fresh: Cell<usize>,
    /// How many closures enclosed the code each fresh name was made for
    /// (where it is bound); other names are the program's locals.
    fresh_depth: RefCell<HashMap<String, usize>>,
    /// The representation of each closure's element parameter, by name
    /// (`Lower::element`).
    element_reprs: RefCell<HashMap<String, Repr>>,
    /// `Some(first)`: the program is split into segments, and nodes before
    /// position `first` of the current segment live on the value stack `v`.
    segment_start: Option<usize>,
    /// Nodes held as the unsorted list of their results (`apply` or
    /// `prapply` whose one reader is a union; see `collector`), and the
    /// representation of those results, by slot.
    collected: Vec<Option<Repr>>,
    /// The grid local each statement takes by value, writing it in place
    /// (`written_in_place`): no later statement's resume list holds it.
    moves: Vec<Option<usize>>,
    /// Nodes of lines between the locations of two sets that only unions
    /// of straight lines read (see `lazy_lines`): the two sets, and
    /// whether only lines of two cells or more are left, by slot.
    lines: Vec<Option<(Expr, Expr, bool)>>,
    /// Mirrors of a grid that keep its shape, read only by one
    /// concatenation (see `lazy_flip`): the grid mirrored and the
    /// `rt::p::Flip` variant, by slot.
    flips: Vec<Option<(Operand, &'static str)>>,
    /// How many closures of higher-order primitives enclose the code
    /// being lowered.
    depth: Cell<usize>,
    /// The most closures that enclosed code of the statement being
    /// lowered (2 or more: its loop's body has loops of its own).
    deepest: Cell<usize>,
    /// The `rt::t::Remembered` tables the statement being lowered
    /// declares (see [`Lower::remembered`]).
    memos: RefCell<Vec<String>>,
    /// Calls of a fork's branches' common function, computed once before
    /// the branches (see [`Lower::fork_sharing`]): the function, its
    /// arguments' code, and the local holding the result.
    shared: RefCell<Vec<(StaticFn, Vec<String>, Expr)>>,
    /// The reductions whose keys are being lowered with element columns,
    /// innermost last (see [`Lower::column_key`]).
    columns: RefCell<Vec<ColumnSite>>,
}

/// A reduction's key lowered with an element column
/// (`rt::t::ElementColumn`): the parts of the key that depend on the
/// element alone, each computed once per element of the container.
struct ColumnSite {
    /// The name of the key's element parameter.
    elem: String,
    /// The name the parts are named after (`{name}_{k}`).
    name: String,
    /// Each part's code (naming the element and earlier parts) and
    /// representation, in the order they are computed.
    parts: Vec<(String, Repr)>,
}

impl<'p> Lower<'p> {
    pub fn new(plan: &'p Plan, types: &'p [Ty], program: usize) -> Lower<'p> {
        let order: &[usize] = &plan.program_orders()[program];
        let n = order.len();
        Lower {
            plan,
            types,
            program,
            order,
            slots: order.iter().enumerate().map(|(k, &n)| (n, k)).collect(),
            locals: vec![None; n],
            requested: RefCell::new(vec![false; n]),
            statics: RefCell::new(vec![None; n]),
            fresh: Cell::new(0),
            fresh_depth: RefCell::new(HashMap::new()),
            element_reprs: RefCell::new(HashMap::new()),
            segment_start: None,
            collected: vec![None; n],
            moves: vec![None; n],
            lines: vec![None; n],
            flips: vec![None; n],
            depth: Cell::new(0),
            deepest: Cell::new(0),
            memos: RefCell::new(Vec::new()),
            shared: RefCell::new(Vec::new()),
            columns: RefCell::new(Vec::new()),
        }
    }

    /// Node `n`'s position in the program's order (every node a program
    /// reads is in its order).
    fn slot(&self, n: usize) -> usize {
        self.slots[&n]
    }

    fn fresh(&self, prefix: &str) -> String {
        let k = self.fresh.get();
        self.fresh.set(k + 1);
        // `ident` keeps DSL names off the `__` prefix.
        let name = format!("__{prefix}{k}");
        self.fresh_depth
            .borrow_mut()
            .insert(name.clone(), self.depth.get());
        name
    }

    /// How many closures enclose the place where `name` is bound (0: a
    /// local of the program). A parameter's unboxed value (`{name}_t`,
    /// `value_elements`) is bound where the parameter is.
    fn bound_depth(&self, name: &str) -> usize {
        self.fresh_bound_depth(name).unwrap_or(0)
    }

    /// [`Lower::bound_depth`] of a fresh name; `None` for any other name.
    fn fresh_bound_depth(&self, name: &str) -> Option<usize> {
        let depths = self.fresh_depth.borrow();
        depths
            .get(name)
            .or_else(|| name.strip_suffix("_t").and_then(|p| depths.get(p)))
            .copied()
    }

    // ----- using expressions ---------------------------------------------------

    /// Note that the code being written names `e`'s value.
    fn used(&self, e: &Expr) {
        if let Some(n) = e.lazy {
            self.requested.borrow_mut()[self.slot(n)] = true;
        }
    }

    /// `&held`.
    fn borrow(&self, e: &Expr) -> String {
        self.used(e);
        match e.form {
            Form::Place => format!("&{}", e.code),
            Form::Ref => e.code.clone(),
            Form::Owned => format!("&({})", e.code),
        }
    }

    /// The held value, owned (an `Arc` clone of a place).
    fn owned(&self, e: &Expr) -> String {
        self.used(e);
        match (e.form, e.repr.is_scalar()) {
            (Form::Owned, _) => e.code.clone(),
            (Form::Place, true) => e.code.clone(),
            (Form::Ref, true) => format!("(*{})", e.code),
            (Form::Place, false) => format!("{}.clone()", e.code),
            (Form::Ref, false) if is_name(&e.code) => format!("{}.clone()", e.code),
            (Form::Ref, false) => format!("({}).clone()", e.code),
        }
    }

    /// The value held in representation `want`, owned: its own, or a
    /// `Value` read through `want`'s guard.
    fn owned_as(&self, e: &Expr, want: Repr) -> String {
        if e.repr == want {
            return self.owned(e);
        }
        debug_assert!(matches!(e.repr, Repr::Value | Repr::Objects));
        let guard = want.guard().expect("typed representations have guards");
        // A clone of a name (what `identity` makes) is read in place.
        let source = match e.code.strip_suffix(".clone()") {
            Some(name) if e.form == Form::Owned && is_name(name) => {
                self.used(e);
                format!("&{name}")
            }
            _ => self.borrow(e),
        };
        let read = format!("rt::t::{guard}({source})?");
        if want.guard_borrows() {
            format!("{read}.clone()")
        } else {
            read
        }
    }

    /// The value as an owned `Value`.
    fn value_owned(&self, e: &Expr) -> String {
        if matches!(e.repr, Repr::Value | Repr::Objects) {
            self.owned(e)
        } else {
            format!("rt::t::IntoValue::into_value({})", self.owned(e))
        }
    }

    /// The value as a `&Value`.
    fn value_ref(&self, e: &Expr) -> String {
        if let Some(c) = e.constant {
            return format!("&rt::c::{c}");
        }
        if matches!(e.repr, Repr::Value | Repr::Objects) {
            self.borrow(e)
        } else {
            format!("&rt::t::value({})", self.borrow(e))
        }
    }

    /// The argument for a kernel parameter of representation `want`.
    fn param(&self, e: &Expr, want: Repr) -> String {
        if want == Repr::Value {
            return self.value_ref(e);
        }
        if want == Repr::Objects && e.repr == Repr::Objects {
            return self.borrow(e);
        }
        if e.repr == want {
            return if want.is_scalar() {
                self.owned(e)
            } else {
                self.borrow(e)
            };
        }
        // A `Value` read in the representation its type promises.
        debug_assert!(matches!(e.repr, Repr::Value | Repr::Objects));
        let guard = want.guard().expect("typed representations have guards");
        // A built value that the kernel takes by reference is lent to it.
        let lend = if !want.is_scalar() && !want.guard_borrows() {
            "&"
        } else {
            ""
        };
        format!("{lend}rt::t::{guard}({})?", self.borrow(e))
    }

    /// `e` bound to a fresh local where it is a computation, so that code
    /// using it twice computes it once: `(binding, expression of it)`.
    fn bind(&self, e: Expr) -> (String, Expr) {
        if e.form != Form::Owned
            || e.func.is_some()
            || e.parts.is_some()
            || (e.column_of.is_some() && is_name(&e.code))
        {
            return (String::new(), e);
        }
        let name = self.fresh("t");
        let binding = format!("let {name}: {} = {};", e.repr.held(), e.code);
        (
            binding,
            Expr {
                code: name,
                form: Form::Place,
                column_of: None,
                ..e
            },
        )
    }

    // ----- operands ----------------------------------------------------------------

    /// The expression of an operand of the node being lowered.
    fn operand(&self, op: &Operand) -> Expr {
        match op {
            Operand::Input => Expr::new("I".into(), Repr::Value, Ty::Grid, Form::Ref),
            Operand::Node(m) => self.node_expr(*m),
            Operand::Const(c) => constant_expr(c),
            Operand::Prim(p) => {
                let mut e = Expr::new(
                    format!("rt::prim_ref(rt::Prim::{})", ident(p.name())),
                    Repr::Value,
                    Ty::Func(Box::new(battgen_runtime::types::FnTy::Prim(*p))),
                    Form::Ref,
                );
                e.func = Some(StaticFn::Prim(*p));
                e
            }
            Operand::Fused(_) => unreachable!("fused operations are only callees"),
        }
    }

    /// A node's value where the code being lowered can read it.
    fn node_expr(&self, m: usize) -> Expr {
        let slot = self.slot(m);
        let local = self.locals[slot]
            .clone()
            .expect("nodes are lowered in order");
        match self.segment_start {
            // An earlier segment's node: a `Value` on the stack.
            Some(first) if slot < first => Expr {
                code: format!("v[{slot}]"),
                repr: Repr::Value,
                form: Form::Place,
                ..local
            },
            _ => local,
        }
    }

    // ----- calls --------------------------------------------------------------------

    /// `p(args)`, typed where a kernel takes the arguments.
    fn call_prim(&self, p: Prim, args: &[Expr]) -> Expr {
        let tys: Vec<Ty> = args.iter().map(|a| a.ty.clone()).collect();
        let ty = result_type(p, &tys);
        if let (
            Prim::first | Prim::last,
            [Expr {
                parts: Some(parts), ..
            }],
        ) = (p, args)
        {
            return if p == Prim::first {
                parts.0.clone()
            } else {
                parts.1.clone()
            };
        }
        if let Some(e) = self.made_function(p, args, &ty) {
            return e;
        }
        if let Some(mut e) = self.higher_order(p, args, &ty) {
            // The bindings that a function made while running names go
            // before the code that inlines it.
            let prelude: String = args.iter().map(|a| a.prelude.as_str()).collect();
            if !prelude.is_empty() {
                e.code = format!("{{ {prelude} {} }}", self.owned(&e));
                e.form = Form::Owned;
            }
            return e;
        }
        if let (Prim::branch, [c, a, b]) = (p, args) {
            return self.choose(c, a, b, ty);
        }
        if p == Prim::identity && args.len() == 1 {
            let a = &args[0];
            return Expr::typed(self.owned(a), a.repr, a.ty.clone());
        }
        if let Some(e) = self.pair_part(p, args, &ty) {
            return e;
        }
        if let Some(e) = points_call(p, args, &ty) {
            return e;
        }
        let reprs: Vec<Repr> = args.iter().map(Expr::usable_repr).collect();
        if let Some(k) = find_kernel(p, &reprs) {
            let params: Vec<String> = args
                .iter()
                .zip(k.params)
                .map(|(a, &want)| self.param(a, want))
                .collect();
            let call = KernelCall {
                module: "p",
                name: k.name.to_owned(),
                args: params,
            };
            let mut e = call.expr(k.ret, ty_of_repr(k.ret, ty));
            if let (Prim::initset, [x]) = (p, args) {
                if is_name(&x.code) && matches!(x.usable_repr(), Repr::Pair | Repr::Cell) {
                    e.single = Some(Box::new(x.clone()));
                }
            }
            if let (Prim::remove, [x, set]) = (p, args) {
                if k.name == "remove_object_objects" && is_name(&x.code) && is_name(&set.code) {
                    e.without = Some(Box::new((x.clone(), set.clone())));
                }
            }
            if let Some(part) = self.column_part(args, &e) {
                return part;
            }
            return e;
        }
        let params: Vec<String> = args.iter().map(|a| self.value_ref(a)).collect();
        let mut e = Expr::owned(
            format!("{}({})?", prim_path(p), params.join(", ")),
            Repr::Value,
            ty,
        );
        e.parts = self.tuple_parts(p, args);
        e
    }

    /// The parts of `astuple(a, b)` that no typed kernel takes, where both
    /// are named values (cheap to name again, computed where the
    /// reference computes them): `fork(subtract, first, compose(center,
    /// last))` of `astuple(location, object)`, `solve_d22278a0`'s distance
    /// per cell and object, reads them without a `Value` tuple.
    fn tuple_parts(&self, p: Prim, args: &[Expr]) -> Option<Box<(Expr, Expr)>> {
        let [a, b] = args else { return None };
        let named = |x: &Expr| {
            (is_name(&x.code) || x.constant.is_some())
                && x.func.is_none()
                && x.lazy.is_none()
                && x.prelude.is_empty()
        };
        (p == Prim::astuple && named(a) && named(b)).then(|| Box::new((a.clone(), b.clone())))
    }

    /// `first`/`last` of a pair of objects that is a place or a reference
    /// (a local, a closure's element): a reference to that part, not an
    /// `Arc` clone (a filter over the 340,000 pairs of `solve_cbded52d`'s
    /// product took four clones and four drops per pair, each an atomic).
    fn pair_part(&self, p: Prim, args: &[Expr], ty: &Ty) -> Option<Expr> {
        let part = match p {
            Prim::first => 0,
            Prim::last => 1,
            _ => return None,
        };
        let [a] = args else { return None };
        if a.repr != Repr::ObjectPair || a.form == Form::Owned {
            return None;
        }
        Some(Expr {
            typed: true,
            ..Expr::new(
                format!("&({}).{part}", self.borrow(a)),
                Repr::Object,
                ty_of_repr(Repr::Object, ty.clone()),
                Form::Ref,
            )
        })
    }

    /// `lbind`/`rbind`/`compose`/`chain`/`fork` of known functions, called
    /// in code (a function made per element): a function known statically
    /// whose bound values are values of that code, so that what applies it
    /// inlines it too. Its code builds it as a `Value` where one is needed.
    fn made_function(&self, p: Prim, args: &[Expr], ty: &Ty) -> Option<Expr> {
        let func = |k: usize| args.get(k)?.func.clone().map(Box::new);
        // The bound value of `lbind`/`rbind`/`matcher`, named (a local, a
        // parameter, a constant): it was computed where the reference
        // computes it.
        let bound = |x: &Expr| {
            if !is_name(&x.code) && x.constant.is_none() {
                return None;
            }
            // A `Value` that typed code would read through a guard where
            // the function uses it: a guard that fails (`ulcorner` of an
            // empty patch is no pair) would deopt the whole program, where
            // the function value just passes the value on
            // (`solve_36d67576`: 8.3 -> 10.0 ms a pass before this).
            // Patches and grids are no such claim: their guards take any
            // patch, the empty one included (`solve_90f3ed37` binds each
            // object of a tuple into its `argmax` key).
            if x.repr == Repr::Value
                && !matches!(
                    x.usable_repr(),
                    Repr::Value | Repr::Object | Repr::Indices | Repr::Objects | Repr::Grid
                )
            {
                return None;
            }
            Some(Bound::Local(Box::new(x.clone())))
        };
        let made = match (p, args.len()) {
            (Prim::lbind | Prim::rbind, 2) => {
                let f = func(0)?;
                let arity = match f.arity() {
                    2 => 1,
                    3 => 2,
                    _ => return None,
                };
                let fixed = bound(&args[1])?;
                StaticFn::Bind {
                    right: p == Prim::rbind,
                    f,
                    fixed,
                    arity,
                }
            }
            (Prim::matcher, 2) => StaticFn::Matcher(func(0)?, bound(&args[1])?),
            (Prim::compose, 2) => StaticFn::Compose(func(0)?, func(1)?),
            (Prim::chain, 3) => StaticFn::Chain(func(0)?, func(1)?, func(2)?),
            (Prim::fork, 3) => StaticFn::Fork(func(0)?, func(1)?, func(2)?),
            _ => return None,
        };
        let values: Vec<String> = args.iter().map(|a| self.value_ref(a)).collect();
        let mut e = Expr::owned(
            format!("{}({})?", prim_path(p), values.join(", ")),
            Repr::Value,
            ty.clone(),
        );
        e.func = Some(made);
        e.prelude = args.iter().map(|a| a.prelude.as_str()).collect();
        Some(e)
    }

    /// `a if condition else b` (the `branch` primitive, and calls of a
    /// `branch` of two known functions): a typed `if` where `a` and `b`
    /// share a representation, else an `if` of `Value`s.
    fn choose(&self, condition: &Expr, a: &Expr, b: &Expr, ty: Ty) -> Expr {
        let cond = format!("rt::t::Truthy::truthy({})", self.borrow(condition));
        // Two representations that the types make one (the input `I`, a
        // `Value`, against a grid kernel's result): both read in it.
        let shared = a.usable_repr();
        let typed = a.repr == b.repr
            || (shared == b.usable_repr() && !matches!(shared, Repr::Value | Repr::Objects));
        let (x, y, repr) = if a.repr == b.repr {
            (self.owned(a), self.owned(b), a.repr)
        } else if typed {
            (self.owned_as(a, shared), self.owned_as(b, shared), shared)
        } else {
            (self.value_owned(a), self.value_owned(b), Repr::Value)
        };
        Expr {
            typed,
            ..Expr::owned(
                format!("if {cond} {{ {x} }} else {{ {y} }}"),
                repr,
                ty_of_repr(repr, ty),
            )
        }
    }

    /// A higher-order primitive applying a statically known function: its
    /// `_with` form with the function as a Rust closure (typed inside).
    fn higher_order(&self, p: Prim, args: &[Expr], ty: &Ty) -> Option<Expr> {
        let (at, arity) = closure_position(p)?;
        if let (Prim::mapply, Some(f), Some(offsets)) = (
            p,
            args.get(at).and_then(|a| a.func.as_ref()),
            args.get(1 - at),
        ) {
            if let Some(e) = self.stamp_call(f, offsets, ty) {
                return Some(e);
            }
        }
        self.in_closure(|| self.higher_order_in(p, at, arity, args, ty))
    }

    /// `lower()` of code that is a closure's body (one closure deeper).
    fn in_closure<T>(&self, lower: impl FnOnce() -> T) -> T {
        self.depth.set(self.depth.get() + 1);
        self.deepest.set(self.deepest.get().max(self.depth.get()));
        let e = lower();
        self.depth.set(self.depth.get() - 1);
        e
    }

    /// [`Lower::higher_order`] inside its closure.
    fn higher_order_in(
        &self,
        p: Prim,
        at: usize,
        arity: usize,
        args: &[Expr],
        ty: &Ty,
    ) -> Option<Expr> {
        let f = args.get(at)?.func.clone()?;
        if f.arity() != arity {
            return None;
        }
        // The element types the function is called on.
        let containers: Vec<&Expr> = if arity == 1 {
            vec![&args[1 - at]]
        } else {
            vec![&args[1], &args[2]]
        };
        if arity == 1 {
            if let Some(e) = self.typed_higher_order(p, &f, containers[0], ty) {
                return Some(e);
            }
        }
        if p == Prim::prapply {
            if let Some(e) = self.typed_prapply(&f, containers[0], containers[1], ty) {
                return Some(e);
            }
        }
        let (names, guards, params) = self.value_elements(&containers);
        let body = self.inline(&f, params)?;
        let typed: Vec<String> = names.iter().map(|n| format!("{n}: &rt::Value")).collect();
        let closure = |ret: &str, value: String| {
            format!(
                "|{}| -> rt::Result<{ret}> {{ {guards}Ok({value}) }}",
                typed.join(", ")
            )
        };
        // `mapply` of a patch function over a tuple, or `mpapply` of one
        // (whose `papply` always makes a tuple): the tuple of their
        // locations (or cells), concatenated without a `Value` for each.
        if matches!(p, Prim::mapply | Prim::mpapply) {
            let typed = match (Repr::of(ty), body.repr) {
                (Repr::LocSeq, Repr::Indices) => Some(("tuple_locs", "rt::t::Locs")),
                (Repr::CellSeq, Repr::Object) => Some(("tuple_cells", "rt::t::Cells")),
                _ => None,
            };
            if let Some((form, ret)) = typed {
                let over: Vec<String> = containers.iter().map(|c| self.value_ref(c)).collect();
                return Some(Expr::typed(
                    format!(
                        "rt::t::{}_{form}({}, {})?",
                        p.name(),
                        over.join(", "),
                        closure(ret, self.owned(&body))
                    ),
                    Repr::of(ty),
                    ty.clone(),
                ));
            }
        }
        let closure = closure("rt::Value", self.value_owned(&body));
        let rest: Vec<String> = args
            .iter()
            .enumerate()
            .map(|(k, a)| {
                if k == at {
                    closure.clone()
                } else {
                    self.value_ref(a)
                }
            })
            .collect();
        Some(Expr::owned(
            format!("{}_with({})?", prim_path(p), rest.join(", ")),
            Repr::Value,
            ty.clone(),
        ))
    }

    /// `mapply(lbind(shift, patch), offsets)`: the patch stamped at every
    /// offset (`rt::p::stamp`), on indices or an object at a set of
    /// locations where their types say so (`stamp_locs`, `stamp_cells`).
    fn stamp_call(&self, f: &StaticFn, offsets: &Expr, ty: &Ty) -> Option<Expr> {
        let StaticFn::Bind {
            right: false,
            f: inner,
            fixed,
            arity: 1,
        } = f
        else {
            return None;
        };
        // A tuple of offsets keeps its typed form (`mapply_tuple_locs`):
        // Python concatenates the copies, repeats and all.
        if !matches!(**inner, StaticFn::Prim(Prim::shift))
            || !matches!(offsets.ty, Ty::Indices | Ty::Dynamic)
        {
            return None;
        }
        let patch = self.with_bound(false, fixed, Vec::new()).pop()?;
        let kernel = match (patch.usable_repr(), offsets.usable_repr()) {
            (Repr::Indices, Repr::Indices) => Some(("stamp_locs", Repr::Indices)),
            (Repr::Object, Repr::Indices) => Some(("stamp_cells", Repr::Object)),
            _ => None,
        };
        if let Some((name, repr)) = kernel {
            let call = KernelCall {
                module: "p",
                name: name.into(),
                args: vec![self.param(&patch, repr), self.param(offsets, Repr::Indices)],
            };
            return Some(call.expr(repr, ty_of_repr(repr, ty.clone())));
        }
        Some(Expr::owned(
            format!(
                "rt::p::stamp({}, {})?",
                self.value_ref(&patch),
                self.value_ref(offsets)
            ),
            Repr::Value,
            ty.clone(),
        ))
    }

    /// The parameters of a closure called on elements of `Value`
    /// containers: their names (`&rt::Value`s), the guards that unbox the
    /// elements of a scalar type (pairs of `pair(a, b)`, the ints of a set
    /// of sizes) once where the closure starts, and the elements as the
    /// closure's body sees them.
    fn value_elements(&self, containers: &[&Expr]) -> (Vec<String>, String, Vec<Expr>) {
        let names: Vec<String> = containers.iter().map(|_| self.fresh("e")).collect();
        let mut guards = String::new();
        let params: Vec<Expr> = names
            .iter()
            .zip(containers)
            .map(|(name, c)| {
                let elem = c.ty.element();
                let repr = Repr::of(&elem);
                match repr.guard() {
                    Some(guard) if repr.is_scalar() => {
                        let unboxed = format!("{name}_t");
                        guards.push_str(&format!(
                            "let {unboxed}: {} = rt::t::{guard}({name})?; ",
                            repr.held()
                        ));
                        Expr::new(unboxed, repr, elem, Form::Place)
                    }
                    _ => Expr::new(name.clone(), Repr::Value, elem, Form::Ref),
                }
            })
            .collect();
        (names, guards, params)
    }

    /// A one-argument higher-order primitive over indices or a set of
    /// objects, with the function a Rust closure on a location
    /// (`(i64, i64)`) or an object (`&Cells`): the typed forms of
    /// `typed::functional`, where the function's result has a
    /// representation they take.
    fn typed_higher_order(&self, p: Prim, f: &StaticFn, container: &Expr, ty: &Ty) -> Option<Expr> {
        let over = container.usable_repr();
        if p == Prim::apply && over == Repr::Grid {
            return self.apply_over_rows(f, container, ty);
        }
        if p == Prim::apply && over == Repr::Pair {
            return self.apply_over_pair(f, container);
        }
        let forms = ContainerForms::of(over)?;
        if forms.prims.is_some_and(|ps| !ps.contains(&p)) {
            return None;
        }
        let (e, param_ty, elem) = self.element(over)?;
        let param = elem.repr;
        let reduction = matches!(p, Prim::argmax | Prim::argmin | Prim::valmax | Prim::valmin);
        let body = self.inline(f, vec![elem.clone()])?;
        // After the body as usual, so that a column not written takes its
        // memo tables away with it.
        // The container must be bound outside the loop around the
        // reduction, so that the loop's turns meet the same one (a
        // container made in that loop's body changes with every turn).
        let column = if reduction
            && matches!(over, Repr::Indices | Repr::Object | Repr::Objects)
            && is_name(&container.code)
            && self.bound_depth(&container.code) + 2 <= self.depth.get()
            && (body.repr == Repr::Int || matches!(p, Prim::argmax | Prim::argmin))
        {
            self.column_key(f, &e, &elem, body.repr)
        } else {
            None
        };
        let closure = |ret: &str, value: String| {
            format!("|{e}: {param_ty}| -> rt::Result<{ret}> {{ Ok({value}) }}")
        };
        let truthy = || self.truthy_closure(&e, param_ty, &body);
        let c = self.param(container, over);
        let key = || match body.repr {
            Repr::Int | Repr::Bool => Some(closure(body.repr.held(), self.owned(&body))),
            _ => None,
        };
        if let Some((site, keyed)) = &column {
            let (func, ret) = match p {
                Prim::valmax | Prim::valmin => ("valbest_column", Repr::Int),
                _ => ("argbest_column", param),
            };
            let most = matches!(p, Prim::argmax | Prim::valmax);
            let mut args = vec![c.clone()];
            args.extend(self.column_args(site, keyed, (&e, param_ty), over, most));
            args.push(key()?);
            if func == "valbest_column" {
                if let Some(call) = self.except_call(container, site, &e, &args) {
                    return Some(call.expr(ret, ty_of_repr(ret, ty.clone())));
                }
            }
            let call = KernelCall {
                module: "t",
                name: func.into(),
                args,
            };
            return Some(call.expr(ret, ty_of_repr(ret, ty.clone())));
        }
        let suffix = forms.suffix;
        // (function, closure, result representation)
        let (func, closure, ret) = match p {
            Prim::sfilter => (format!("sfilter_{suffix}"), truthy(), over),
            Prim::mfilter if over == Repr::Objects => {
                ("mfilter_objects".into(), truthy(), Repr::Object)
            }
            Prim::extract => (format!("extract_{suffix}"), truthy(), param),
            Prim::argmax | Prim::argmin => (format!("{}_{suffix}", p.name()), key()?, param),
            Prim::valmax | Prim::valmin if body.repr == Repr::Int => {
                (format!("{}_{suffix}", p.name()), key()?, Repr::Int)
            }
            Prim::order if over == Repr::Objects => ("order_objects".into(), key()?, Repr::Value),
            Prim::apply => {
                let ret = set_repr(body.repr)?;
                let value = self.owned(&body);
                ("apply_set".into(), closure(body.repr.held(), value), ret)
            }
            Prim::mapply if over == Repr::LocSeq => {
                let (form, ret) = match body.repr {
                    Repr::Indices => ("mapply_seq", Repr::LocSeq),
                    Repr::Object => ("mapply_seq_cells", Repr::CellSeq),
                    _ => return None,
                };
                let value = self.owned(&body);
                (form.into(), closure(body.repr.held(), value), ret)
            }
            Prim::mapply if matches!(body.repr, Repr::Object | Repr::Indices) => {
                let value = self.owned(&body);
                (
                    "mapply_set".into(),
                    closure(body.repr.held(), value),
                    body.repr,
                )
            }
            _ => return None,
        };
        let call = KernelCall {
            module: "t",
            name: func,
            args: vec![c, closure],
        };
        Some(call.expr(ret, ty_of_repr(ret, ty.clone())))
    }

    /// The key of a reduction over a named container inside another loop,
    /// lowered so that it reads its element `e` only through parts that
    /// depend on the element alone ([`Lower::column_part`]): the site with
    /// those parts and the key's body on them. `None` where the body reads
    /// the element otherwise, or has no such part (the key is then lowered
    /// as usual). The same container meets the reduction again with every
    /// turn of the outer loop, and its parts are kept per element
    /// (`rt::t::ElementColumn`): `solve_d22278a0` computed the centres of
    /// the same objects again for every cell of the grid.
    fn column_key(
        &self,
        f: &StaticFn,
        e: &str,
        elem: &Expr,
        repr: Repr,
    ) -> Option<(ColumnSite, Expr)> {
        let memos = self.memos.borrow().len();
        let site = ColumnSite {
            elem: e.to_owned(),
            name: self.fresh("cv"),
            parts: Vec::new(),
        };
        self.columns.borrow_mut().push(site);
        let marked = Expr {
            column_of: Some(e.to_owned()),
            ..elem.clone()
        };
        let body = self.inline(f, vec![marked]);
        let site = self.columns.borrow_mut().pop()?;
        let kept = body
            .filter(|b| !site.parts.is_empty() && b.repr == repr && !mentions(&self.owned(b), e));
        if kept.is_none() {
            // The memo tables of a body not written would have no use
            // (and no type).
            self.memos.borrow_mut().truncate(memos);
        }
        kept.map(|b| (site, b))
    }

    /// A kernel call on the element of a reduction being lowered with an
    /// element column (and on constants), of a scalar result: a part of the
    /// column, named. Its arguments are the element or earlier parts by
    /// name, so the part's code runs where only those are bound.
    fn column_part(&self, args: &[Expr], call: &Expr) -> Option<Expr> {
        let elem = args.iter().find_map(|a| a.column_of.clone())?;
        if !matches!(call.repr, Repr::Int | Repr::Pair | Repr::Bool) {
            return None;
        }
        let mut sites = self.columns.borrow_mut();
        let site = sites.iter_mut().rev().find(|s| s.elem == elem)?;
        let named = |a: &Expr| {
            a.code == site.elem
                || a.code
                    .strip_prefix(&site.name)
                    .and_then(|k| k.strip_prefix('_'))
                    .is_some_and(|k| k.parse::<usize>().is_ok())
        };
        let on_elem = |a: &Expr| a.column_of.as_ref() == Some(&elem) && named(a);
        if !args.iter().all(|a| on_elem(a) || a.constant.is_some()) {
            return None;
        }
        let name = format!("{}_{}", site.name, site.parts.len());
        site.parts.push((self.owned(call), call.repr));
        Some(Expr {
            column_of: Some(elem),
            typed: true,
            ..Expr::new(name, call.repr, call.ty.clone(), Form::Place)
        })
    }

    /// `valmin`/`valmax` over `remove(x, set)` (`container`) inside a loop,
    /// where `set` is the program's and the key reads, besides the
    /// element, one location or number `q` of an enclosing closure: the
    /// best key over the whole set, the element it is first found at and
    /// the best over the others are kept per `q` for the statement
    /// (`rt::t::valbest_except_column`), and each call takes the best or,
    /// where `x` is that element, the second. `solve_d22278a0` asked for
    /// the nearest other object's distance from each cell for each object:
    /// 46% of the 399 public solvers' time on one thread. `args` are the
    /// column form's (container, column, most, parts, key on parts, key);
    /// `e` the key's element parameter.
    fn except_call(
        &self,
        container: &Expr,
        site: &ColumnSite,
        e: &str,
        args: &[String],
    ) -> Option<KernelCall> {
        let (x, set) = container.without.as_deref()?;
        if self.bound_depth(&set.code) != 0 || set.code.starts_with("__") {
            return None;
        }
        // The free names of the two keys' code that an enclosing closure
        // binds (program locals and statement-level names stay the same
        // for the statement): only `q` may be one.
        let inside = self.depth.get();
        let mut free: Vec<String> = Vec::new();
        for code in &args[4..] {
            for name in fresh_names(code) {
                let part_of_site = name
                    .strip_prefix(&site.name)
                    .is_some_and(|k| k.starts_with('_'));
                if name == e || part_of_site {
                    continue;
                }
                // A name made otherwise (another site's part) is not known
                // to stay the same: no memo.
                let depth = self.fresh_bound_depth(&name)?;
                if depth == 0 || depth >= inside {
                    continue;
                }
                if !free.contains(&name) {
                    free.push(name);
                }
            }
        }
        let [q] = free.as_slice() else { return None };
        let scalar = matches!(
            self.element_reprs.borrow().get(q.as_str()),
            Some(Repr::Pair | Repr::Int)
        );
        if !scalar || mentions(&args[4], &x.code) || mentions(&args[5], &x.code) {
            return None;
        }
        let memo = self.fresh("memo");
        self.memos
            .borrow_mut()
            .push(format!("let {memo} = rt::t::Remembered::new();"));
        let mut call_args = vec![
            args[0].clone(),
            self.param(set, Repr::Objects),
            self.param(x, Repr::Object),
            format!("&{memo}"),
            q.clone(),
        ];
        call_args.extend(args[1..].iter().cloned());
        Some(KernelCall {
            module: "t",
            name: "valbest_except_column".into(),
            args: call_args,
        })
    }

    /// The arguments of a reduction with an element column before the
    /// whole key: the column (a table of the statement), whether the most
    /// is wanted, the parts' closure (on the element `e` of Rust type
    /// `param_ty`) and the key on the parts.
    fn column_args(
        &self,
        site: &ColumnSite,
        keyed: &Expr,
        (e, param_ty): (&str, &str),
        over: Repr,
        most: bool,
    ) -> Vec<String> {
        let column = self.fresh("column");
        let names: Vec<String> = (0..site.parts.len())
            .map(|k| format!("{}_{k}", site.name))
            .collect();
        let helds: Vec<&str> = site.parts.iter().map(|(_, r)| r.held()).collect();
        let (tuple, tuple_ty) = if names.len() == 1 {
            (names[0].clone(), helds[0].to_owned())
        } else {
            (
                format!("({})", names.join(", ")),
                format!("({})", helds.join(", ")),
            )
        };
        let lets: String = site
            .parts
            .iter()
            .zip(&names)
            .map(|((code, repr), name)| format!("let {name}: {} = {code};", repr.held()))
            .collect();
        // Typed where declared: a reduction whose code a caller dropped
        // leaves its column unused.
        self.memos.borrow_mut().push(format!(
            "let {column}: rt::t::ElementColumn<{}, {tuple_ty}> = rt::t::ElementColumn::new();",
            over.held()
        ));
        let parts = format!("|{e}: {param_ty}| -> rt::Result<{tuple_ty}> {{ {lets} Ok({tuple}) }}");
        let on_parts = format!(
            "|{tuple}: {tuple_ty}| -> rt::Result<{}> {{ Ok({}) }}",
            keyed.repr.held(),
            self.owned(keyed)
        );
        vec![format!("&{column}"), format!("{most}"), parts, on_parts]
    }

    /// `apply` of a known function over a pair of ints (a tuple of two):
    /// the function inlined on each in turn, and where both results are
    /// ints, the pair of them (`apply(fork(multiply, sign, identity), d)`,
    /// the absolute values of a difference). Other results stay a tuple.
    fn apply_over_pair(&self, f: &StaticFn, pair: &Expr) -> Option<Expr> {
        self.sequence(vec![pair.clone()], |pair| {
            let a = self.call_prim(Prim::first, &pair);
            let b = self.call_prim(Prim::last, &pair);
            self.sequence(vec![a, b], |ab| {
                // Bound in order: f(a) runs before f(b), as in the reference.
                let fa = self.inline(f, vec![ab[0].clone()])?;
                let fb = self.inline(f, vec![ab[1].clone()])?;
                self.sequence(vec![fa, fb], |r| {
                    if r.iter().any(|e| e.usable_repr() != Repr::Int) {
                        return None;
                    }
                    Some(Expr::typed(
                        format!(
                            "({}, {})",
                            self.owned_as(&r[0], Repr::Int),
                            self.owned_as(&r[1], Repr::Int)
                        ),
                        Repr::Pair,
                        Ty::Pair,
                    ))
                })
            })
        })
    }

    /// `prapply` of a known function over two sets of locations: a closure
    /// on two pairs of ints (`rt::t::prapply_set`), where the function's
    /// result has a representation whose frozenset typed code builds.
    /// (Inside a made function, `lbind(prapply, connect)`, there is no
    /// statement for the collecting forms to take.)
    fn typed_prapply(&self, f: &StaticFn, a: &Expr, b: &Expr, ty: &Ty) -> Option<Expr> {
        if a.usable_repr() != Repr::Indices || b.usable_repr() != Repr::Indices {
            return None;
        }
        let (closure, body) = self.closure_on_two_pairs(f)?;
        let ret = set_repr(body.repr)?;
        Some(Expr::typed(
            format!(
                "rt::t::prapply_set({}, {}, {closure})?",
                self.param(a, Repr::Indices),
                self.param(b, Repr::Indices),
            ),
            ret,
            ty_of_repr(ret, ty.clone()),
        ))
    }

    /// A known two-argument function as a Rust closure on two pairs of
    /// ints (two locations), and its body.
    fn closure_on_two_pairs(&self, f: &StaticFn) -> Option<(String, Expr)> {
        let (x, y) = (self.fresh("e"), self.fresh("e"));
        let params = vec![
            Expr::new(x.clone(), Repr::Pair, Ty::Pair, Form::Owned),
            Expr::new(y.clone(), Repr::Pair, Ty::Pair, Form::Owned),
        ];
        let body = self.inline(f, params)?;
        let closure = format!(
            "|{x}: (i64, i64), {y}: (i64, i64)| -> rt::Result<{}> {{ Ok({}) }}",
            body.repr.held(),
            self.owned(&body)
        );
        Some((closure, body))
    }

    /// `apply` over a grid's rows of `rbind(order, key)`, with `key` a
    /// known function that gives an int or a bool for an int: every row
    /// sorted as a slice of colours (`rt::t::apply_rows_order`), the rows a
    /// grid again, instead of tuples of boxed ints sorted by `Value` keys;
    /// of `mostcommon` or `leastcommon`: each row's colours counted in
    /// place (`rt::t::apply_rows_by_count`).
    fn apply_over_rows(&self, f: &StaticFn, grid: &Expr, ty: &Ty) -> Option<Expr> {
        // Each row's most or least common colour: counted in place.
        if let StaticFn::Prim(p @ (Prim::mostcommon | Prim::leastcommon)) = f {
            return Some(Expr::owned(
                format!(
                    "rt::t::apply_rows_by_count({}, {})?",
                    self.param(grid, Repr::Grid),
                    *p == Prim::mostcommon
                ),
                Repr::Value,
                ty.clone(),
            ));
        }
        // Each row without repeats: marked in place, one grid where the
        // rows keep one width.
        if let StaticFn::Prim(Prim::dedupe) = f {
            return Some(Expr::owned(
                format!(
                    "rt::t::apply_rows_dedupe({})?",
                    self.param(grid, Repr::Grid)
                ),
                Repr::Value,
                ty.clone(),
            ));
        }
        let StaticFn::Bind {
            right: true,
            f: sort,
            fixed,
            ..
        } = f
        else {
            return None;
        };
        if !matches!(**sort, StaticFn::Prim(Prim::order)) {
            return None;
        }
        let Bound::Operand(fixed) = fixed else {
            return None;
        };
        let key = self.static_fn(fixed)?;
        let e = self.fresh("e");
        let colour = Expr::new(e.clone(), Repr::Int, Ty::Int, Form::Owned);
        let body = self.inline(&key, vec![colour])?;
        if !matches!(body.repr, Repr::Int | Repr::Bool) {
            return None;
        }
        let closure = format!(
            "|{e}: i64| -> rt::Result<{}> {{ Ok({}) }}",
            body.repr.held(),
            self.owned(&body)
        );
        Some(Expr::typed(
            format!(
                "rt::t::apply_rows_order({}, {closure})?",
                self.param(grid, Repr::Grid)
            ),
            Repr::Grid,
            ty_of_repr(Repr::Grid, ty.clone()),
        ))
    }

    /// The closure parameter for an element of a container of
    /// representation `over` ([`ContainerForms`]): its name, its Rust type
    /// and its expression.
    fn element(&self, over: Repr) -> Option<(String, &'static str, Expr)> {
        let forms = ContainerForms::of(over)?;
        let e = self.fresh("e");
        self.element_reprs
            .borrow_mut()
            .insert(e.clone(), forms.elem);
        let elem = Expr::new(
            e.clone(),
            forms.elem,
            ty_of_repr(forms.elem, Ty::Dynamic),
            forms.form,
        );
        Some((e, forms.param_ty, elem))
    }

    /// The call of a statically known function on `args`, lowered; `None`
    /// where the arity does not match (the dynamic call then raises the
    /// reference's TypeError).
    fn inline(&self, f: &StaticFn, args: Vec<Expr>) -> Option<Expr> {
        if args.len() != f.arity() {
            return None;
        }
        if let Some(e) = self.shared_call(f, &args) {
            return Some(e);
        }
        if let Some(e) = self.remembered(f, &args) {
            return Some(e);
        }
        self.inline_call(f, args)
    }

    /// A call of a function that loops over a value of the program, on a
    /// location or number, inside two nested closures: the same calls
    /// repeat with each element of the outer loop, so each argument's
    /// result is kept for the statement (`rt::t::Remembered`). The plan
    /// interpreter's memo does this for function values; typed code that
    /// inlined such a function without it ran `solve_d22278a0` 2.6x longer.
    fn remembered(&self, f: &StaticFn, args: &[Expr]) -> Option<Expr> {
        let [arg] = args else { return None };
        let repr = arg.usable_repr();
        if self.depth.get() < 2
            || !matches!(repr, Repr::Pair | Repr::Int)
            || !f.loops_over_program_value()
        {
            return None;
        }
        let key = self.fresh("k");
        let param = Expr::new(
            key.clone(),
            repr,
            ty_of_repr(repr, Ty::Dynamic),
            Form::Place,
        );
        let body = self.inline_call(f, vec![param])?;
        let memo = self.fresh("memo");
        self.memos
            .borrow_mut()
            .push(format!("let {memo} = rt::t::Remembered::new();"));
        Some(Expr {
            typed: body.typed,
            ..Expr::owned(
                format!(
                    "{memo}.get_or({}, |{key}: {}| -> rt::Result<{}> {{ Ok({}) }})?",
                    self.owned_as(arg, repr),
                    repr.held(),
                    body.repr.held(),
                    self.owned(&body)
                ),
                body.repr,
                body.ty.clone(),
            )
        })
    }

    /// [`Lower::inline`] of the function itself.
    fn inline_call(&self, f: &StaticFn, args: Vec<Expr>) -> Option<Expr> {
        Some(match f {
            StaticFn::Prim(p) => self.call_prim(*p, &args),
            StaticFn::Bind {
                right, f, fixed, ..
            } => self.inline(f, self.with_bound(*right, fixed, args))?,
            StaticFn::Compose(outer, inner) => {
                if let Some(reduced) = self.inline_reduced(outer, inner, args.clone()) {
                    return Some(reduced);
                }
                let x = self.inline(inner, args)?;
                self.sequence(vec![x], |xs| self.inline(outer, xs))?
            }
            StaticFn::Chain(h, g, f) => {
                let inner = StaticFn::Compose(g.clone(), f.clone());
                if let Some(reduced) = self.inline_reduced(h, &inner, args.clone()) {
                    return Some(reduced);
                }
                if let Some(y) = self.inline_reduced(g, f, args.clone()) {
                    return self.sequence(vec![y], |ys| self.inline(h, ys));
                }
                let x = self.inline(f, args)?;
                self.sequence(vec![x], |xs| {
                    let y = self.inline(g, xs)?;
                    self.sequence(vec![y], |ys| self.inline(h, ys))
                })?
            }
            StaticFn::Fork(outer, a, b) => {
                if let Some(test) = self.mirror_test(outer, a, b, &args) {
                    return Some(test);
                }
                if let Some(e) = self.fork_sharing(outer, a, b, &args) {
                    return Some(e);
                }
                self.fork_call(outer, a, b, &args)?
            }
            StaticFn::Matcher(f, target) => {
                let x = self.inline(f, args)?;
                let target = match target {
                    Bound::Operand(op) => self.operand(op),
                    Bound::Local(e) => (**e).clone(),
                };
                self.call_prim(Prim::equality, &[x, target])
            }
            StaticFn::Power(step, count) => self.power_loop(step, count, args)?,
            StaticFn::Branch(cond, a, b) => {
                let x = self.inline(a, args.clone())?;
                let y = self.inline(b, args)?;
                let ty = if x.ty == y.ty {
                    x.ty.clone()
                } else {
                    Ty::Dynamic
                };
                Expr {
                    typed: x.typed && y.typed,
                    ..self.choose(&self.operand(cond), &x, &y, ty)
                }
            }
        })
    }

    /// A call of `power(step, count)` of a count known when the program
    /// runs: the argument stepped `count` times in a loop, in one
    /// representation (the step's result read in the argument's). The
    /// node that made the function is built where the program made it
    /// (see [`Lower::lower`]), so a count outside the reference's range has
    /// raised its RecursionError there; the loop checks the budget each
    /// step, as the runtime's own `power` does.
    fn power_loop(&self, step: &StaticFn, count: &Operand, args: Vec<Expr>) -> Option<Expr> {
        let [x] = args.as_slice() else { return None };
        let repr = x.usable_repr();
        if !x.ty.is_precise() || matches!(repr, Repr::Objects) {
            return None;
        }
        let count = self.operand(count);
        if count.usable_repr() != Repr::Int {
            return None;
        }
        let state = self.fresh("s");
        let param = Expr::new(state.clone(), repr, x.ty.clone(), Form::Place);
        let next = self.inline(step, vec![param])?;
        if next.func.is_some() || !next.prelude.is_empty() || next.ty != x.ty {
            return None;
        }
        let next = match (next.repr, repr) {
            (a, b) if a == b => self.owned(&next),
            (Repr::Value | Repr::Objects, want) if want != Repr::Value => {
                self.owned_as(&next, want)
            }
            (_, Repr::Value) => self.value_owned(&next),
            _ => return None,
        };
        let code = format!(
            "{{ let mut {state}: {held} = {init}; \
             for _ in 0..{n} {{ rt::budget::check()?; {state} = {next}; }} {state} }}",
            held = repr.held(),
            init = self.owned_as(x, repr),
            n = self.param(&count, Repr::Int),
        );
        Some(Expr {
            typed: true,
            ..Expr::owned(code, repr, x.ty.clone())
        })
    }

    /// `fork(outer, a, b)` where `a` first calls a function `c` that `b`
    /// calls too on the same arguments (`solve_a64e4611`: both branches
    /// find the largest box by an argmax over 81 sizes): `c(args)` once,
    /// then the fork with that result wherever `c(args)` is called. The
    /// reference computes it twice, with the same result; computing it
    /// first is the reference's order, since `a` begins with it.
    fn fork_sharing(
        &self,
        outer: &StaticFn,
        a: &StaticFn,
        b: &StaticFn,
        args: &[Expr],
    ) -> Option<Expr> {
        if !args
            .iter()
            .all(|x| is_name(&x.code) || x.constant.is_some())
        {
            return None;
        }
        let called_by_b = b.applied();
        let common = a
            .first_applied()
            .into_iter()
            .filter(|c| !matches!(c, StaticFn::Prim(_)))
            .find(|c| called_by_b.iter().any(|d| c.same(d)))?
            .clone();
        let once = self.inline(&common, args.to_vec())?;
        if once.func.is_some() || once.parts.is_some() {
            return None;
        }
        let codes: Vec<String> = args.iter().map(|x| x.code.clone()).collect();
        self.sequence(vec![once], |held| {
            self.shared
                .borrow_mut()
                .push((common, codes, held[0].clone()));
            let fork = self.fork_call(outer, a, b, args);
            self.shared.borrow_mut().pop();
            fork
        })
    }

    /// `outer(a(args), b(args))`, in that order. The arguments are places,
    /// parameters or literals: cheap to name twice.
    fn fork_call(
        &self,
        outer: &StaticFn,
        a: &StaticFn,
        b: &StaticFn,
        args: &[Expr],
    ) -> Option<Expr> {
        let x = self.inline(a, args.to_vec())?;
        let y = self.inline(b, args.to_vec())?;
        self.sequence(vec![x, y], |xy| self.inline(outer, xy))
    }

    /// The result of `f(args)` where an enclosing fork computed it first
    /// ([`Lower::fork_sharing`]).
    fn shared_call(&self, f: &StaticFn, args: &[Expr]) -> Option<Expr> {
        let shared = self.shared.borrow();
        shared
            .iter()
            .rev()
            .find(|(g, codes, _)| {
                g.same(f)
                    && codes.len() == args.len()
                    && codes.iter().zip(args).all(|(c, x)| *c == x.code)
            })
            .map(|(_, _, held)| held.clone())
    }

    /// `fork(equality, identity, mirror)` (either order) of a grid, for
    /// `dmirror`, `hmirror` and `vmirror`: the grid compared with itself
    /// in place (`rt::p::dsymmetric_grid`, ...), the mirror never built.
    fn mirror_test(
        &self,
        outer: &StaticFn,
        a: &StaticFn,
        b: &StaticFn,
        args: &[Expr],
    ) -> Option<Expr> {
        let (StaticFn::Prim(Prim::equality), StaticFn::Prim(a), StaticFn::Prim(b), [x]) =
            (outer, a, b, args)
        else {
            return None;
        };
        let mirror = match (*a, *b) {
            (Prim::identity, m) | (m, Prim::identity) => m,
            _ => return None,
        };
        let kernel = match mirror {
            Prim::dmirror => "rt::p::dsymmetric_grid",
            Prim::hmirror => "rt::p::hsymmetric_grid",
            Prim::vmirror => "rt::p::vsymmetric_grid",
            _ => return None,
        };
        if x.usable_repr() != Repr::Grid {
            return None;
        }
        Some(Expr::typed(
            format!("{kernel}({})?", self.param(x, Repr::Grid)),
            Repr::Bool,
            Ty::Bool,
        ))
    }

    /// The arguments of the function a `lbind`/`rbind` binds: `args` with
    /// the bound one first (`lbind`) or last (`rbind`).
    fn with_bound(&self, right: bool, fixed: &Bound, mut args: Vec<Expr>) -> Vec<Expr> {
        let fixed = match fixed {
            Bound::Operand(op) => self.operand(op),
            Bound::Local(e) => (**e).clone(),
        };
        if right {
            args.push(fixed);
        } else {
            args.insert(0, fixed);
        }
        args
    }

    /// `outer(inner(args))` where `outer` reduces what `inner` builds and
    /// a kernel computes the reduction without building it: `merge` of a
    /// `prapply` of `connect` over two sets of locations (`compose(merge,
    /// fork(lbind(prapply, connect), a, b))`: the lines marked in one
    /// bitmap, `rt::p::connect_union`), and `size` of a `difference` of two
    /// (`chain(..., size, rbind(difference, x))`: the locations of the
    /// first not in the second counted, `rt::p::difference_size_locs`; of
    /// an `intersection`, those in both, `rt::p::intersection_size_locs`).
    /// `None` for anything else.
    fn inline_reduced(&self, outer: &StaticFn, inner: &StaticFn, args: Vec<Expr>) -> Option<Expr> {
        let reduction = match outer {
            StaticFn::Prim(Prim::merge) => Prim::merge,
            StaticFn::Prim(Prim::size) => Prim::size,
            _ => return None,
        };
        self.reduced_call(reduction, inner, args)
    }

    /// [`Lower::inline_reduced`] of `f(args)`: through forks, compositions
    /// and bound arguments to the primitive call it makes.
    fn reduced_call(&self, reduction: Prim, f: &StaticFn, args: Vec<Expr>) -> Option<Expr> {
        match f {
            StaticFn::Fork(outer, a, b) => {
                let x = self.inline(a, args.clone())?;
                let y = self.inline(b, args)?;
                self.sequence(vec![x, y], |xy| self.reduced_call(reduction, outer, xy))
            }
            StaticFn::Compose(outer, inner) => {
                let x = self.inline(inner, args)?;
                self.sequence(vec![x], |xs| self.reduced_call(reduction, outer, xs))
            }
            StaticFn::Bind {
                right, f, fixed, ..
            } => self.reduced_call(reduction, f, self.with_bound(*right, fixed, args)),
            StaticFn::Prim(p) => {
                let locs = |e: &Expr| {
                    (e.usable_repr() == Repr::Indices).then(|| self.param(e, Repr::Indices))
                };
                let (kernel, a, b, repr) = match (reduction, p, args.as_slice()) {
                    (Prim::merge, Prim::prapply, [g, a, b])
                        if matches!(g.func, Some(StaticFn::Prim(Prim::connect))) =>
                    {
                        ("rt::p::connect_union", a, b, Repr::Indices)
                    }
                    (Prim::size, Prim::difference, [a, b]) => {
                        ("rt::p::difference_size_locs", a, b, Repr::Int)
                    }
                    (Prim::size, Prim::intersection, [a, b]) => {
                        ("rt::p::intersection_size_locs", a, b, Repr::Int)
                    }
                    _ => return None,
                };
                let (a, b) = (locs(a)?, locs(b)?);
                Some(Expr::typed(
                    format!("{kernel}({a}, {b})?"),
                    repr,
                    ty_of_repr(repr, Ty::Dynamic),
                ))
            }
            _ => None,
        }
    }

    /// The interpreter's fused `apply` chain (`merge(apply(g, apply(f,
    /// c)))`, see `battgen_runtime::fuse`) where every stage is a known
    /// function: each stage as the `apply` it replaced, in order (so typed
    /// closures, not function values the runtime interprets per element),
    /// then the `merge`.
    fn typed_apply_chain(&self, args: &[Expr], merge: bool) -> Option<Expr> {
        let (container, stages) = args.split_last()?;
        if stages.is_empty() || stages.iter().any(|f| f.func.is_none()) {
            return None;
        }
        let mut x = self.call_prim(Prim::apply, &[stages[0].clone(), container.clone()]);
        for f in &stages[1..] {
            x = self.sequence(vec![x], |xs| {
                Some(self.call_prim(Prim::apply, &[f.clone(), xs[0].clone()]))
            })?;
        }
        if merge {
            x = self.sequence(vec![x], |xs| Some(self.call_prim(Prim::merge, &xs)))?;
        }
        Some(x)
    }

    /// `then(values)` with each computed value bound to a local first (in
    /// order), so that it is computed once and in the reference's order.
    fn sequence(
        &self,
        values: Vec<Expr>,
        then: impl FnOnce(Vec<Expr>) -> Option<Expr>,
    ) -> Option<Expr> {
        let mut lets = Vec::with_capacity(values.len());
        let mut bound = Vec::with_capacity(values.len());
        for v in values {
            let single = v.single.is_some();
            let (b, v) = self.bind(v);
            lets.push((b, single.then(|| v.code.clone())));
            bound.push(v);
        }
        let result = then(bound)?;
        // A one-point set that a plain value does not name (it read the
        // point instead) is not built; the point is a name, and whatever
        // `initset` could raise, reading the point raises too. (A function
        // or a tuple's parts may name it where its code does not.)
        let plain = result.func.is_none() && result.parts.is_none();
        let bindings: String = lets
            .into_iter()
            .filter(|(_, single)| match single {
                Some(name) if plain => {
                    mentions(&result.code, name) || mentions(&result.prelude, name)
                }
                _ => true,
            })
            .map(|(b, _)| b)
            .collect();
        if bindings.is_empty() {
            return Some(result);
        }
        if result.func.is_some() {
            // A function that names the bindings: they go before whatever
            // inlines it (and inside its code as a value).
            return Some(Expr {
                code: format!("{{ {bindings} {} }}", result.code),
                form: Form::Owned,
                lazy: None,
                constant: None,
                column_of: None,
                prelude: format!("{bindings}{}", result.prelude),
                ..result
            });
        }
        let code = format!("{{ {bindings} {} }}", self.owned(&result));
        Some(Expr {
            code,
            form: Form::Owned,
            func: None,
            lazy: None,
            constant: None,
            typed: result.typed,
            prelude: String::new(),
            // Parts named by the bindings are out of scope here.
            parts: None,
            single: None,
            column_of: None,
            ..result
        })
    }

    // ----- nodes ----------------------------------------------------------------------

    /// The function value an operand is, where it is known without
    /// running the program: a primitive, or a node that builds a function
    /// of primitives and other known functions (bound values are operands,
    /// read where the function is called). Decided from the plan alone, so
    /// it also answers for nodes not lowered yet; memoized per node.
    fn static_fn(&self, op: &Operand) -> Option<StaticFn> {
        let n = match op {
            Operand::Prim(p) => return Some(StaticFn::Prim(*p)),
            Operand::Node(n) => *n,
            _ => return None,
        };
        let slot = self.slot(n);
        if let Some(known) = &self.statics.borrow()[slot] {
            return known.clone();
        }
        let f = self.build_static(n);
        self.statics.borrow_mut()[slot] = Some(f.clone());
        f
    }

    /// [`Lower::static_fn`] of node `n`, computed.
    fn build_static(&self, n: usize) -> Option<StaticFn> {
        let node = &self.plan.nodes[n];
        match &node.callee {
            Operand::Prim(p) => self.static_call(*p, &node.args),
            // A call of a bound function maker (`x25 = lbind(compose, x5)`,
            // then `x26 = x25(x21)`): the maker called on the bound value
            // and the call's arguments, `compose(x5, x21)`.
            g @ Operand::Node(_) => match self.static_fn(g)? {
                StaticFn::Bind {
                    right,
                    f,
                    fixed: Bound::Operand(fixed),
                    arity,
                } if arity == node.args.len() => {
                    let StaticFn::Prim(p) = *f else {
                        return None;
                    };
                    let mut args = node.args.clone();
                    if right {
                        args.push(fixed);
                    } else {
                        args.insert(0, fixed);
                    }
                    self.static_call(p, &args)
                }
                _ => None,
            },
            _ => None,
        }
    }

    /// The function that `p(args)` makes, where `p` makes one from known
    /// functions.
    fn static_call(&self, p: Prim, args: &[Operand]) -> Option<StaticFn> {
        let f = |k: usize| self.static_fn(args.get(k)?).map(Box::new);
        Some(match (p, args.len()) {
            (Prim::rbind | Prim::lbind, 2) => {
                let inner = f(0)?;
                // The reference's lambda takes one argument less than the
                // bound function (two or three); other arities stay dynamic.
                let arity = match inner.arity() {
                    2 => 1,
                    3 => 2,
                    _ => return None,
                };
                StaticFn::Bind {
                    right: p == Prim::rbind,
                    f: inner,
                    fixed: Bound::Operand(args[1].clone()),
                    arity,
                }
            }
            (Prim::compose, 2) => StaticFn::Compose(f(0)?, f(1)?),
            (Prim::chain, 3) => StaticFn::Chain(f(0)?, f(1)?, f(2)?),
            (Prim::fork, 3) => StaticFn::Fork(f(0)?, f(1)?, f(2)?),
            (Prim::matcher, 2) => StaticFn::Matcher(f(0)?, Bound::Operand(args[1].clone())),
            (Prim::branch, 3) => StaticFn::Branch(args[0].clone(), f(1)?, f(2)?),
            (Prim::power, 2) => {
                // `power(f, n)` of a constant count: the reference composes
                // `f` with `power(f, n - 1)`, so it is `f` applied n times
                // (and `f` itself for 1). Counts outside 1..=10 (the DSL's
                // largest count constant) stay dynamic, with them the
                // RecursionError of counts below 1.
                let Operand::Const(name) = args[1] else {
                    return Some(StaticFn::Power(f(0)?, args[1].clone()));
                };
                let n = battgen_runtime::constants::constant(name)?.number()?;
                if !(1..=MAX_INLINED_POWER).contains(&n) {
                    return None;
                }
                let step = f(0)?;
                let mut g = step.clone();
                for _ in 1..n {
                    g = Box::new(StaticFn::Compose(step.clone(), g));
                }
                *g
            }
            _ => return None,
        })
    }

    /// The expression computing node `n` (owned).
    fn node_call(&self, n: usize) -> Expr {
        let node = &self.plan.nodes[n];
        if let Some(e) = self.union_of_lines(n) {
            return e;
        }
        if let Some(e) = self.flipped_concat(n) {
            return e;
        }
        if let Some(e) = self.union_of_collected(n) {
            return e;
        }
        if let Some(e) = self.cellwise(n) {
            return e;
        }
        if let Some(e) = self.filtered_product(n) {
            return e;
        }
        let args: Vec<Expr> = node.args.iter().map(|a| self.operand(a)).collect();
        match &node.callee {
            Operand::Prim(p) => self.call_prim(*p, &args),
            Operand::Fused(Fused::ApplyChain { merge }) => {
                if let Some(e) = self.typed_apply_chain(&args, *merge) {
                    return e;
                }
                let refs: Vec<String> = args.iter().map(|a| self.value_ref(a)).collect();
                let (container, stages) = refs.split_last().expect("a chain has a container");
                Expr::owned(
                    format!(
                        "rt::p::apply_chain(&[{}], {container}, {merge})?",
                        stages.join(", ")
                    ),
                    Repr::Value,
                    self.types[n].clone(),
                )
            }
            // The interpreter's fused calls (`battgen_runtime::fuse`), should
            // an emitted plan hold one: the runtime evaluates them.
            Operand::Fused(f) => {
                let refs: Vec<String> = args.iter().map(|a| self.value_ref(a)).collect();
                Expr::owned(
                    format!("rt::Fused::{f:?}.eval(&[{}])?", refs.join(", ")),
                    Repr::Value,
                    self.types[n].clone(),
                )
            }
            callee => {
                let f = self.operand(callee);
                if let Some(e) = f.func.as_ref().and_then(|sf| self.inline(sf, args.clone())) {
                    return e;
                }
                let refs: Vec<String> = args.iter().map(|a| self.value_ref(a)).collect();
                Expr::owned(
                    format!(
                        "rt::call_refs({}, &[{}])?",
                        self.value_ref(&f),
                        refs.join(", ")
                    ),
                    Repr::Value,
                    self.types[n].clone(),
                )
            }
        }
    }

    /// Lower the program: its nodes in statement order, cut into segments
    /// of `segment` nodes when given (each node's value then also goes on
    /// the stack `v`, where later segments read it).
    pub fn lower(mut self, segment: Option<usize>) -> Lowered {
        let order = self.order;
        let chunk = segment.unwrap_or(order.len()).max(1);
        // (node, its expression, or None for a statically known function)
        let mut segments: Vec<Vec<(usize, Option<Expr>)>> = Vec::new();
        let mut calls = Vec::new();
        let readers = self.readers();
        for (s, nodes) in order.chunks(chunk).enumerate() {
            if segment.is_some() {
                self.segment_start = Some(s * chunk);
            }
            let mut out = Vec::new();
            for &n in nodes {
                let var = self.var_name(n);
                let slot = self.slot(n);
                let lines = match segment {
                    None => self.lazy_lines(n, &readers),
                    Some(_) => None,
                };
                let flip = match segment {
                    None => self.lazy_flip(n, &readers),
                    Some(_) => None,
                };
                match self.static_fn(&Operand::Node(n)) {
                    Some(f) => {
                        // Built as a value only if something needs it, or
                        // where building it may raise: `power` of a count
                        // outside 1..1000 raises where the program makes it.
                        if matches!(f, StaticFn::Power(..)) {
                            self.requested.borrow_mut()[slot] = true;
                        }
                        let mut e = Expr::new(var, Repr::Value, self.types[n].clone(), Form::Place);
                        e.func = Some(f);
                        e.lazy = Some(n);
                        self.locals[slot] = Some(e);
                        out.push((n, None));
                    }
                    None if lines.is_some() => {
                        // Not a statement: each reader unions its lines
                        // from the two sets (`union_of_lines`).
                        self.lines[slot] = lines;
                        out.push((n, None));
                    }
                    None if flip.is_some() => {
                        // Not a statement: its concatenation writes the
                        // grid mirrored (`flipped_concat`).
                        self.flips[slot] = flip;
                        out.push((n, None));
                    }
                    None if segment.is_none()
                        && (self.lazy_product(n, &readers) || self.lazy_zip(n, &readers)) =>
                    {
                        // Not a statement: its one reader computes it, or
                        // collects over its pairs without building them.
                        let e = self.node_call(n);
                        self.locals[slot] = Some(self.with_memos(e));
                        out.push((n, None));
                    }
                    None => {
                        self.deepest.set(0);
                        let collector = match segment {
                            None => self.collector(n, &readers),
                            Some(_) => None,
                        };
                        let e = match collector {
                            Some((e, r)) => {
                                self.collected[slot] = Some(r);
                                e
                            }
                            None if segment.is_none() => {
                                let e = self.clipped_union(n, &readers);
                                self.written_in_place(n, &readers, e)
                            }
                            None => self.node_call(n),
                        };
                        let e = self.helped(e);
                        let e = self.with_memos(e);
                        calls.push((self.callee_name(n), e.typed));
                        self.locals[slot] = Some(Expr::new(var, e.repr, e.ty.clone(), Form::Place));
                        out.push((n, Some(e)));
                    }
                }
            }
            segments.push(out);
        }
        // The output, read where the last segment reads; moved out of its
        // local, the function's last use of it.
        if segment.is_some() {
            self.segment_start = Some(segments.len().saturating_sub(1) * chunk);
        }
        let output = match &self.plan.programs[self.program].output {
            Operand::Input => "I.clone()".to_owned(),
            op => {
                let mut e = self.operand(op);
                if e.form == Form::Place && e.lazy.is_none() && !e.code.starts_with("v[") {
                    e.form = Form::Owned;
                }
                self.value_owned(&e)
            }
        };
        // The statically known functions something needs, in reverse
        // order: building one may need earlier ones.
        let mut built: Vec<Option<Expr>> = vec![None; order.len()];
        for (s, seg) in segments.iter().enumerate().rev() {
            for &(n, ref e) in seg.iter().rev() {
                if e.is_some() || !self.requested.borrow()[self.slot(n)] {
                    continue;
                }
                if segment.is_some() {
                    self.segment_start = Some(s * chunk);
                }
                let node = &self.plan.nodes[n];
                let refs: Vec<String> = node
                    .args
                    .iter()
                    .map(|a| self.value_ref(&self.operand(a)))
                    .collect();
                // A primitive's call, or a call of a function maker
                // (`build_static`).
                let code = match &node.callee {
                    Operand::Prim(p) => format!("{}({})?", prim_path(*p), refs.join(", ")),
                    g => format!(
                        "rt::call_refs({}, &[{}])?",
                        self.value_ref(&self.operand(g)),
                        refs.join(", ")
                    ),
                };
                built[self.slot(n)] = Some(Expr::owned(code, Repr::Value, self.types[n].clone()));
            }
        }
        // The statements before the current one whose values the
        // interpreter can take over (`typed::resumable`): (node, local).
        let mut before: Vec<(usize, String)> = Vec::new();
        let segments = segments
            .into_iter()
            .map(|seg| {
                seg.into_iter()
                    .filter_map(|(n, e)| {
                        let e = match e.or_else(|| built[self.slot(n)].take()) {
                            Some(e) => e,
                            // A segment still pushes a slot for it.
                            None if segment.is_some() => {
                                Expr::owned("rt::Value::None".into(), Repr::Value, Ty::Dynamic)
                            }
                            None => return None,
                        };
                        let var = self.var_name(n);
                        let push = segment.map(|_| {
                            let local = Expr::new(var.clone(), e.repr, e.ty.clone(), Form::Place);
                            format!("v.push({});", self.value_owned(&local))
                        });
                        let collected = self.collected[self.slot(n)].is_some();
                        let held = match self.collected[self.slot(n)] {
                            Some(r) => format!("Vec<{}>", r.held()),
                            None => e.repr.held().to_owned(),
                        };
                        // A local moved here is gone for the statements
                        // after (the interpreter recomputes it if resumed).
                        if let Some(m) = self.moves[self.slot(n)] {
                            before.retain(|&(k, _)| k != m);
                        }
                        let expr = if segment.is_none() && gives_up_on_data(&e.code) {
                            resumable(&e.code, &held, &before)
                        } else {
                            e.code
                        };
                        if !collected {
                            before.push((n, var.clone()));
                        }
                        Some(Stmt {
                            var,
                            held,
                            expr,
                            line: self.line_of(n),
                            push,
                        })
                    })
                    .collect()
            })
            .collect();
        Lowered {
            segments,
            output,
            calls,
        }
    }

    /// A statement's loop whose body has loops of its own, in the form
    /// that idle threads of the run may help with (`rt::t::*_helped`,
    /// `rt::crew`): the closure goes into a worker that each thread taking
    /// part runs, with its own copies of the statement's tables (declared
    /// in the worker). A long evaluation of such a loop (`solve_d22278a0`,
    /// 2 s) ended the 399 public solvers' run on 16 threads while the
    /// others were idle. Other statements are left as they are.
    fn helped(&self, e: Expr) -> Expr {
        const HELPED: [&str; 3] = ["apply_set", "mapply_set", "mapply_set_within"];
        let Some(call) = e.kernel_call() else {
            return e;
        };
        if call.module != "t" || !HELPED.contains(&call.name.as_str()) || self.deepest.get() < 2 {
            return e;
        }
        let memos = std::mem::take(&mut *self.memos.borrow_mut());
        // The tables move into the worker: nothing else may name them.
        let names: Vec<&str> = memos
            .iter()
            .filter_map(|m| m.strip_prefix("let ")?.split([':', ' ']).next())
            .collect();
        let outside = call
            .args
            .iter()
            .enumerate()
            .any(|(k, a)| k != 1 && names.iter().any(|n| mentions(a, n)));
        if outside {
            *self.memos.borrow_mut() = memos;
            return e;
        }
        let each = self.fresh("each");
        let mut helped = call.clone();
        helped.name = format!("{}_helped", call.name);
        helped.args[1] = format!(
            "|{each}| {{ {} {each}.run({}) }}",
            memos.concat(),
            call.args[1]
        );
        Expr {
            call: Some(helped),
            ..e
        }
        .with_call_code()
    }

    /// `e` with the tables of remembered calls its code uses declared
    /// before it (they live as long as the statement).
    fn with_memos(&self, e: Expr) -> Expr {
        let memos = std::mem::take(&mut *self.memos.borrow_mut());
        if memos.is_empty() {
            return e;
        }
        Expr {
            code: format!("{{ {} {} }}", memos.concat(), self.owned(&e)),
            form: Form::Owned,
            ..e
        }
    }

    /// What node `n` calls, by name (`fill`, `apply_chain`, `call`).
    fn callee_name(&self, n: usize) -> String {
        match &self.plan.nodes[n].callee {
            Operand::Prim(p) => p.name().to_owned(),
            Operand::Fused(f) => f.name().to_owned(),
            _ => "call".to_owned(),
        }
    }

    /// The line of the statement of this program that node `n` is (0 for
    /// nodes it only reads).
    fn line_of(&self, n: usize) -> usize {
        self.plan.nodes[n]
            .sources
            .iter()
            .find(|s| s.program == self.program)
            .map_or(0, |s| s.line)
    }

    /// For each node the program runs, the nodes of the program that read
    /// it, or `None` where something else may read it too: the output, or
    /// a function builder (its operands are read wherever the function is).
    fn readers(&self) -> Vec<Option<Vec<usize>>> {
        let mut readers: Vec<Option<Vec<usize>>> = vec![Some(Vec::new()); self.order.len()];
        let builds_function = |n: usize| {
            matches!(
                self.plan.nodes[n].callee,
                Operand::Prim(
                    Prim::rbind
                        | Prim::lbind
                        | Prim::compose
                        | Prim::chain
                        | Prim::fork
                        | Prim::matcher
                        | Prim::branch
                        | Prim::power
                )
            )
        };
        for &n in self.order {
            let node = &self.plan.nodes[n];
            for op in std::iter::once(&node.callee).chain(&node.args) {
                if let Operand::Node(m) = op {
                    let m = self.slot(*m);
                    if builds_function(n) {
                        readers[m] = None;
                    } else if let Some(r) = &mut readers[m] {
                        r.push(n);
                    }
                }
            }
        }
        if let Operand::Node(m) = self.plan.programs[self.program].output {
            readers[self.slot(m)] = None;
        }
        readers
    }

    /// Node `n` as a collector: an `apply` over indices or objects, or a
    /// `prapply` over indices, of a known function whose results are
    /// indices or objects, read only by one `merge` or one `mfilter` of a
    /// known function defined before it. It is then held as the list of its
    /// results (`typed::functional::apply_collect`), which its reader
    /// unions, and the frozenset of results is never built.
    fn collector(&self, n: usize, readers: &[Option<Vec<usize>>]) -> Option<(Expr, Repr)> {
        let node = &self.plan.nodes[n];
        let Operand::Prim(p) = node.callee else {
            return None;
        };
        // An `sfilter` of collected results read only by a union: the
        // results that pass, still collected (no frozenset of them).
        if let (Prim::sfilter, [Operand::Node(m), _]) = (p, node.args.as_slice()) {
            if let Some(r) = self.collected[self.slot(*m)] {
                let list = self.locals[self.slot(*m)].as_ref()?.code.clone();
                let code = self.kept_where(n, &list, r, readers)?;
                return Some((Expr::typed(code, Repr::Value, self.types[n].clone()), r));
            }
        }
        let [reader] = readers[self.slot(n)].as_deref()? else {
            return None;
        };
        let user = &self.plan.nodes[*reader];
        let fits = match user.args.first() {
            Some(Operand::Node(m)) if user.callee == Operand::Prim(Prim::sfilter) => {
                *m == n && self.keeps_collected(*reader, readers)
            }
            _ => self.read_by_union(n, readers),
        };
        if !fits {
            return None;
        }
        let args: Vec<Expr> = node.args.iter().map(|a| self.operand(a)).collect();
        let (code, body) = match (p, args.as_slice()) {
            (Prim::apply, [f, _]) if self.is_lazy_product(&node.args[1]) => {
                let f = f.func.clone().filter(|f| f.arity() == 1)?;
                let Operand::Node(product) = node.args[1] else {
                    return None;
                };
                let ab: Vec<Expr> = self.plan.nodes[product]
                    .args
                    .iter()
                    .map(|a| self.operand(a))
                    .collect();
                let (x, y) = (self.fresh("e"), self.fresh("e"));
                let px = Expr::new(x.clone(), Repr::Pair, Ty::Pair, Form::Owned);
                let py = Expr::new(y.clone(), Repr::Pair, Ty::Pair, Form::Owned);
                let body = self.inline_on_pair(&f, &px, &py)?;
                (
                    format!(
                        "rt::t::product_collect({}, {}, |{x}: (i64, i64), {y}: (i64, i64)| -> rt::Result<{}> {{ Ok({}) }})?",
                        self.param(&ab[0], Repr::Indices),
                        self.param(&ab[1], Repr::Indices),
                        body.repr.held(),
                        self.owned(&body)
                    ),
                    body,
                )
            }
            (Prim::apply, [f, c]) => {
                let f = f.func.clone().filter(|f| f.arity() == 1)?;
                let (e, param_ty, elem) = self.element(c.usable_repr())?;
                let body = self.inline(&f, vec![elem])?;
                let container = self.param(c, c.usable_repr());
                (
                    format!(
                        "rt::t::apply_collect({container}, |{e}: {param_ty}| -> rt::Result<{}> {{ Ok({}) }})?",
                        body.repr.held(),
                        self.owned(&body)
                    ),
                    body,
                )
            }
            (Prim::prapply, [f, a, b]) => {
                let f = f.func.clone().filter(|f| f.arity() == 2)?;
                if a.usable_repr() != Repr::Indices || b.usable_repr() != Repr::Indices {
                    // Other containers (shifted copies of a set of
                    // patches, ...): their elements as values, the results
                    // typed, never a frozenset of them.
                    let (names, guards, params) = self.value_elements(&[a, b]);
                    let body = self.inline(&f, params)?;
                    return self.collected(
                        n,
                        format!(
                            "rt::t::prapply_collect_values({}, {}, |{}: &rt::Value, {}: &rt::Value| -> rt::Result<{}> {{ {guards}Ok({}) }})?",
                            self.value_ref(a),
                            self.value_ref(b),
                            names[0],
                            names[1],
                            body.repr.held(),
                            self.owned(&body)
                        ),
                        body,
                    );
                }
                let (closure, body) = self.closure_on_two_pairs(&f)?;
                (
                    format!(
                        "rt::t::prapply_collect({}, {}, {closure})?",
                        self.param(a, Repr::Indices),
                        self.param(b, Repr::Indices),
                    ),
                    body,
                )
            }
            _ => return None,
        };
        self.collected(n, code, body)
    }

    /// Whether `sfilter` node `n` keeps results collected for it: a union
    /// is its one reader, and its function is known and calls no
    /// primitive whose typed kernels give up on ordinary data. (One that
    /// may, a corner of an empty patch, keeps the frozenset: the
    /// interpreter resumes from values, and collected results are none;
    /// `solve_e5062a87` gave up on 80 of 165 inputs and redid its
    /// `apply`: 1.36x slower.) Decided from the plan alone, before the
    /// nodes between are lowered.
    fn keeps_collected(&self, n: usize, readers: &[Option<Vec<usize>>]) -> bool {
        let node = &self.plan.nodes[n];
        node.callee == Operand::Prim(Prim::sfilter)
            && node.args.len() == 2
            && self.read_by_union(n, readers)
            && self
                .static_fn(&node.args[1])
                .is_some_and(|g| g.arity() == 1 && !g.may_give_up())
    }

    /// `sfilter` node `n` over the results collected in `list` (of
    /// representation `r`): the results that pass, still collected.
    fn kept_where(
        &self,
        n: usize,
        list: &str,
        r: Repr,
        readers: &[Option<Vec<usize>>],
    ) -> Option<String> {
        if !self.keeps_collected(n, readers) {
            return None;
        }
        let f = &self.plan.nodes[n].args[1];
        let g = self.static_fn(f)?;
        let e = self.fresh("e");
        let param = Expr::new(e.clone(), r, ty_of_repr(r, Ty::Dynamic), Form::Ref);
        // The source already collects for this filter: where the function
        // does not inline, it is called as a value on each result.
        let test = match self.inline(&g, vec![param]) {
            Some(body) => format!("rt::t::Truthy::truthy({})", self.borrow(&body)),
            None => format!(
                "rt::t::Truthy::truthy(&rt::call_refs({}, &[&rt::t::IntoValue::into_value({e}.clone())])?)",
                self.value_ref(&self.operand(f))
            ),
        };
        Some(format!(
            "rt::t::kept_where({list}, |{e}: &{}| -> rt::Result<bool> {{ Ok({test}) }})?",
            r.held()
        ))
    }

    /// Whether node `n`'s one reader is a union of it: `merge`, or
    /// `mfilter` by a known function.
    fn read_by_union(&self, n: usize, readers: &[Option<Vec<usize>>]) -> bool {
        let Some([reader]) = readers[self.slot(n)].as_deref() else {
            return false;
        };
        let user = &self.plan.nodes[*reader];
        match (&user.callee, user.args.as_slice()) {
            (Operand::Prim(Prim::merge), [Operand::Node(m)]) => *m == n,
            (Operand::Prim(Prim::mfilter), [Operand::Node(m), g]) => *m == n && self.known_unary(g),
            _ => false,
        }
    }

    fn known_unary(&self, g: &Operand) -> bool {
        self.static_fn(g).is_some_and(|f| f.arity() == 1)
    }

    /// A collector's statement, where its results are patches that the
    /// typed unions take.
    fn collected(&self, n: usize, code: String, body: Expr) -> Option<(Expr, Repr)> {
        if !matches!(body.repr, Repr::Indices | Repr::Object) {
            return None;
        }
        let r = body.repr;
        Some((Expr::typed(code, Repr::Value, self.types[n].clone()), r))
    }

    /// Node `n`'s call; where it is a `mapply` into a set (indices or an
    /// object) whose one reader is `paint`, `underpaint`, `fill` or
    /// `underfill` of a grid known before it (the input, or a typed grid),
    /// its results cut to that grid's cells before the union where any
    /// has elements off it (`rt::t::mapply_set_within`): those readers
    /// skip them.
    fn clipped_union(&self, n: usize, readers: &[Option<Vec<usize>>]) -> Expr {
        let e = self.node_call(n);
        let node = &self.plan.nodes[n];
        if node.callee != Operand::Prim(Prim::mapply) {
            return e;
        }
        let Some([reader]) = readers[self.slot(n)].as_deref() else {
            return e;
        };
        let user = &self.plan.nodes[*reader];
        let grid = match (&user.callee, user.args.as_slice()) {
            (Operand::Prim(Prim::paint | Prim::underpaint), [g, Operand::Node(m)])
            | (Operand::Prim(Prim::fill | Prim::underfill), [g, _, Operand::Node(m)])
                if *m == n =>
            {
                g
            }
            _ => return e,
        };
        let grid = match grid {
            Operand::Input => self.param(&self.operand(grid), Repr::Grid),
            Operand::Node(m) if self.slot(*m) < self.slot(n) => {
                let g = self.operand(grid);
                if g.repr != Repr::Grid || g.lazy.is_some() || g.func.is_some() {
                    return e;
                }
                self.param(&g, Repr::Grid)
            }
            _ => return e,
        };
        match e.kernel_call() {
            Some(call)
                if (call.module, call.name.as_str()) == ("t", "mapply_set")
                    || (call.module, call.name.as_str()) == ("p", "stamp_locs")
                    || (call.module, call.name.as_str()) == ("p", "stamp_cells") =>
            {
                let mut within = call.clone();
                within.name = format!("{}_within", call.name);
                within.args.push(grid);
                Expr {
                    call: Some(within),
                    ..e
                }
                .with_call_code()
            }
            _ => e,
        }
    }

    /// Node `n`'s call `e`, given its grid by value where that grid is a
    /// typed local that `n` alone reads (a `fill`, `paint` or mirror of
    /// the grid a statement before made): the runtime then writes it in
    /// place where nothing else holds it (`rt::p::fill_locs_owned`, ...).
    /// A later use of the moved local would not compile, so a wrong
    /// reader count cannot pass unseen.
    fn written_in_place(&mut self, n: usize, readers: &[Option<Vec<usize>>], e: Expr) -> Expr {
        const OWNED: [&str; 5] = [
            "fill_locs",
            "fill_cells",
            "paint_cells",
            "hmirror_grid",
            "vmirror_grid",
        ];
        let node = &self.plan.nodes[n];
        let Some(Operand::Node(m)) = node.args.first() else {
            return e;
        };
        if !matches!(readers[self.slot(*m)].as_deref(), Some([r]) if *r == n) {
            return e;
        }
        // A statement's local (not a node its readers compute themselves).
        let Some(grid) = &self.locals[self.slot(*m)] else {
            return e;
        };
        let var = self.var_name(*m);
        if grid.repr != Repr::Grid || grid.lazy.is_some() || grid.func.is_some() || grid.code != var
        {
            return e;
        }
        let by_ref = format!("&{var}");
        let owned = match e.kernel_call() {
            Some(call)
                if call.module == "p"
                    && OWNED.contains(&call.name.as_str())
                    && call.args.first() == Some(&by_ref) =>
            {
                let mut owned = call.clone();
                owned.name = format!("{}_owned", call.name);
                owned.args[0] = var;
                owned
            }
            _ => return e,
        };
        let slot = self.slot(n);
        self.moves[slot] = Some(*m);
        Expr {
            call: Some(owned),
            ..e
        }
        .with_call_code()
    }

    /// Node `n` as a product that is no statement of its own, where only
    /// statically known functions (which cannot fail) stand between it and
    /// its one reader: a `product` of two sets of locations read by an
    /// `apply`, or of two sets of the same typed kind (locations, cells,
    /// objects) read by an `sfilter` of a known function. The reader then
    /// computes it, where nothing can have failed in between, or, as a
    /// collector or a filter of its pairs ([`Lower::filtered_product`]),
    /// never builds its pairs.
    fn lazy_product(&self, n: usize, readers: &[Option<Vec<usize>>]) -> bool {
        let node = &self.plan.nodes[n];
        if !matches!(
            (&node.callee, node.args.len()),
            (Operand::Prim(Prim::product), 2)
        ) {
            return false;
        }
        let reprs: Vec<Repr> = node
            .args
            .iter()
            .map(|a| self.operand(a).usable_repr())
            .collect();
        if reprs.iter().all(|&r| r == Repr::Indices)
            && self.one_apply_reads(n, readers, |f| *f != Operand::Node(n))
        {
            return true;
        }
        matches!(reprs[..], [a, b] if a == b && product_filter(a).is_some())
            && self.only_reader(n, readers, |user| {
                matches!(
                    (&user.callee, user.args.as_slice()),
                    (Operand::Prim(Prim::sfilter), [Operand::Node(m), g])
                        if *m == n && self.static_fn(g).is_some_and(|g| g.arity() == 1)
                )
            })
    }

    /// Whether node `n`'s one reader is `apply(f, n)` with `fits(f)`, and
    /// only statically known functions (which cannot fail) stand between
    /// them: the apply may then compute `n` itself (a lazy node).
    fn one_apply_reads(
        &self,
        n: usize,
        readers: &[Option<Vec<usize>>],
        fits: impl Fn(&Operand) -> bool,
    ) -> bool {
        self.only_reader(n, readers, |user| {
            matches!(
                (&user.callee, user.args.as_slice()),
                (Operand::Prim(Prim::apply), [f, Operand::Node(m)]) if *m == n && fits(f)
            )
        })
    }

    /// Whether node `n` has one reader, for which `reads` holds, and only
    /// statically known functions (which cannot fail) stand between them.
    fn only_reader(
        &self,
        n: usize,
        readers: &[Option<Vec<usize>>],
        reads: impl Fn(&Node) -> bool,
    ) -> bool {
        let Some([reader]) = readers[self.slot(n)].as_deref() else {
            return false;
        };
        let (from, to) = (self.slot(n), self.slot(*reader));
        reads(&self.plan.nodes[*reader])
            && self.order[from + 1..to]
                .iter()
                .all(|&m| self.static_fn(&Operand::Node(m)).is_some())
    }

    /// Whether node `n` is `papply(pair, a, b)` of two grids whose one
    /// reader, with only statically known functions between them, is
    /// `apply(lbind(apply, maximum or minimum), n)`: that reader computes
    /// the cellwise extreme from the grids ([`Lower::cellwise`]) and the
    /// rows of pairs are never built. (`papply` of `pair` on grids cannot
    /// fail, so where it would have run changes nothing.)
    fn lazy_zip(&self, n: usize, readers: &[Option<Vec<usize>>]) -> bool {
        let node = &self.plan.nodes[n];
        let [Operand::Prim(Prim::pair), a, b] = node.args.as_slice() else {
            return false;
        };
        if node.callee != Operand::Prim(Prim::papply)
            || [a, b]
                .iter()
                .any(|g| self.operand(g).usable_repr() != Repr::Grid)
        {
            return false;
        }
        self.one_apply_reads(n, readers, |f| self.cellwise_extreme(f).is_some())
    }

    /// `lbind(apply, maximum)` (`Some(true)`) or `lbind(apply, minimum)`
    /// (`Some(false)`), known statically.
    fn cellwise_extreme(&self, f: &Operand) -> Option<bool> {
        let StaticFn::Bind {
            right: false,
            f: inner,
            fixed,
            ..
        } = self.static_fn(f)?
        else {
            return None;
        };
        match (*inner, fixed) {
            (StaticFn::Prim(Prim::apply), Bound::Operand(Operand::Prim(Prim::maximum))) => {
                Some(true)
            }
            (StaticFn::Prim(Prim::apply), Bound::Operand(Operand::Prim(Prim::minimum))) => {
                Some(false)
            }
            _ => None,
        }
    }

    /// Node `n` as the reader of a [`Lower::lazy_zip`]: the cellwise
    /// extreme of its two grids (`rt::t::cellwise_best`), a grid.
    fn cellwise(&self, n: usize) -> Option<Expr> {
        let node = &self.plan.nodes[n];
        let (Operand::Prim(Prim::apply), [f, Operand::Node(m)]) =
            (&node.callee, node.args.as_slice())
        else {
            return None;
        };
        let largest = self.cellwise_extreme(f)?;
        if !self.is_lazy(m, Prim::papply) {
            return None;
        }
        let [_, a, b] = self.plan.nodes[*m].args.as_slice() else {
            return None;
        };
        let (a, b) = (self.operand(a), self.operand(b));
        Some(Expr::typed(
            format!(
                "rt::t::cellwise_best({}, {}, {largest})?",
                self.param(&a, Repr::Grid),
                self.param(&b, Repr::Grid)
            ),
            Repr::Grid,
            ty_of_repr(Repr::Grid, self.types[n].clone()),
        ))
    }

    /// `sfilter(product(a, b), g)` of a lazy product (two sets of one
    /// typed kind) and a known function: the pairs filtered as the product
    /// makes them (`typed::functional::sfilter_product_*`), only the kept
    /// ones built.
    fn filtered_product(&self, n: usize) -> Option<Expr> {
        let node = &self.plan.nodes[n];
        let (Operand::Prim(Prim::sfilter), [Operand::Node(m), g]) =
            (&node.callee, node.args.as_slice())
        else {
            return None;
        };
        if !self.is_lazy(m, Prim::product) {
            return None;
        }
        let [a, b] = self.plan.nodes[*m].args.as_slice() else {
            return None;
        };
        let (a, b) = (self.operand(a), self.operand(b));
        let over = a.usable_repr();
        let (form, pairs) = product_filter(over).filter(|_| b.usable_repr() == over)?;
        let g = self.static_fn(g).filter(|g| g.arity() == 1)?;
        let closure = self.in_closure(|| self.filter_closure(&g, pairs));
        let call = KernelCall {
            module: "t",
            name: form.into(),
            args: vec![self.param(&a, over), self.param(&b, over), closure?],
        };
        Some(call.expr(pairs, ty_of_repr(pairs, self.types[n].clone())))
    }

    /// A Rust closure on an element of a container of representation
    /// `over` that says whether known function `f` holds on it (its value
    /// truthy): the condition of the typed `sfilter` forms.
    fn filter_closure(&self, f: &StaticFn, over: Repr) -> Option<String> {
        let (e, param_ty, elem) = self.element(over)?;
        let body = self.inline(f, vec![elem])?;
        Some(self.truthy_closure(&e, param_ty, &body))
    }

    /// The closure `|e: param_ty| Ok(truthy(body))`.
    fn truthy_closure(&self, e: &str, param_ty: &str, body: &Expr) -> String {
        format!(
            "|{e}: {param_ty}| -> rt::Result<bool> {{ Ok(rt::t::Truthy::truthy({})) }}",
            self.borrow(body)
        )
    }

    /// Whether an operand is a product [`Lower::lazy_product`] left to its
    /// reader.
    fn is_lazy_product(&self, op: &Operand) -> bool {
        matches!(op, Operand::Node(m) if self.is_lazy(m, Prim::product))
    }

    /// Whether node `m`, a call of `p`, was left to its reader (a lazy
    /// node is held as the expression that computes it, not as a local).
    fn is_lazy(&self, m: &usize, p: Prim) -> bool {
        self.plan.nodes[*m].callee == Operand::Prim(p)
            && self.locals[self.slot(*m)]
                .as_ref()
                .is_some_and(|e| e.form == Form::Owned)
    }

    /// The call of a known function on a pair `(x, y)` of two locations,
    /// lowered without building the pair: where the function reads the
    /// pair only through `first` and `last` (`fork(connect, first, last)`).
    fn inline_on_pair(&self, f: &StaticFn, x: &Expr, y: &Expr) -> Option<Expr> {
        match f {
            StaticFn::Prim(Prim::first) => Some(x.clone()),
            StaticFn::Prim(Prim::last) => Some(y.clone()),
            StaticFn::Compose(outer, inner) => {
                let v = self.inline_on_pair(inner, x, y)?;
                self.sequence(vec![v], |vs| self.inline(outer, vs))
            }
            StaticFn::Chain(h, g, f) => {
                let v = self.inline_on_pair(f, x, y)?;
                self.sequence(vec![v], |vs| {
                    let w = self.inline(g, vs)?;
                    self.sequence(vec![w], |ws| self.inline(h, ws))
                })
            }
            StaticFn::Fork(outer, a, b) => {
                let u = self.inline_on_pair(a, x, y)?;
                let v = self.inline_on_pair(b, x, y)?;
                self.sequence(vec![u, v], |uv| self.inline(outer, uv))
            }
            _ => None,
        }
    }

    /// The two sets of locations whose every pair node `n` joins by a line:
    /// `prapply(connect, a, b)`, or `apply(fork(connect, first, last),
    /// product(a, b))`.
    fn lines_between(&self, n: usize) -> Option<(Expr, Expr)> {
        let node = &self.plan.nodes[n];
        let is_connect =
            |f: &Operand| matches!(self.static_fn(f), Some(StaticFn::Prim(Prim::connect)));
        let (a, b) = match (&node.callee, node.args.as_slice()) {
            (Operand::Prim(Prim::prapply), [f, a, b]) if is_connect(f) => (a, b),
            (Operand::Prim(Prim::apply), [f, Operand::Node(p)]) => {
                let joins = match self.static_fn(f)? {
                    StaticFn::Fork(outer, x, y) => {
                        matches!(
                            (*outer, *x, *y),
                            (
                                StaticFn::Prim(Prim::connect),
                                StaticFn::Prim(Prim::first),
                                StaticFn::Prim(Prim::last)
                            )
                        )
                    }
                    _ => false,
                };
                match (
                    &self.plan.nodes[*p].callee,
                    self.plan.nodes[*p].args.as_slice(),
                ) {
                    (Operand::Prim(Prim::product), [a, b]) if joins => (a, b),
                    _ => return None,
                }
            }
            _ => return None,
        };
        let (a, b) = (self.operand(a), self.operand(b));
        (a.usable_repr() == Repr::Indices && b.usable_repr() == Repr::Indices).then_some((a, b))
    }

    /// The directions of the lines that a test of a line keeps, as
    /// `rt::p::lines_union` takes them: `hline` the rows, `vline` the
    /// columns, `either` of the two both.
    fn straight_test(&self, g: &Operand) -> Option<&'static str> {
        let prim = |f: &StaticFn, p: Prim| matches!(f, StaticFn::Prim(q) if *q == p);
        match self.static_fn(g)? {
            StaticFn::Prim(Prim::hline) => Some("rt::p::LINE_ROWS"),
            StaticFn::Prim(Prim::vline) => Some("rt::p::LINE_COLUMNS"),
            StaticFn::Fork(outer, x, y)
                if prim(&outer, Prim::either)
                    && ((prim(&x, Prim::hline) && prim(&y, Prim::vline))
                        || (prim(&x, Prim::vline) && prim(&y, Prim::hline))) =>
            {
                Some("rt::p::LINE_ROWS | rt::p::LINE_COLUMNS")
            }
            _ => None,
        }
    }

    /// Whether `g` keeps the lines of two cells or more: `size > 1`, as
    /// `compose(rbind(greater, ONE), size)` or `compose(compose(positive,
    /// decrement), size)`.
    fn longer_test(&self, g: &Operand) -> bool {
        let prim = |f: &StaticFn, p: Prim| matches!(f, StaticFn::Prim(q) if *q == p);
        let one = |b: &Bound| match b {
            Bound::Operand(Operand::Const(name)) => {
                battgen_runtime::constants::constant(name).and_then(|v| v.number()) == Some(1)
            }
            _ => false,
        };
        match self.static_fn(g) {
            Some(StaticFn::Compose(outer, size)) if prim(&size, Prim::size) => match *outer {
                StaticFn::Bind {
                    right: true,
                    f,
                    fixed,
                    ..
                } => prim(&f, Prim::greater) && one(&fixed),
                StaticFn::Compose(p, d) => prim(&p, Prim::positive) && prim(&d, Prim::decrement),
                _ => false,
            },
            Some(StaticFn::Chain(p, d, size)) => {
                prim(&p, Prim::positive) && prim(&d, Prim::decrement) && prim(&size, Prim::size)
            }
            _ => false,
        }
    }

    /// Whether node `r` is a union of straight lines of node `n`: `merge`,
    /// or `mfilter` by a test of straight lines ([`Lower::straight_test`]).
    fn straight_union_of(&self, r: usize, n: usize) -> bool {
        let user = &self.plan.nodes[r];
        match (&user.callee, user.args.as_slice()) {
            (Operand::Prim(Prim::merge), [Operand::Node(m)]) => *m == n,
            (Operand::Prim(Prim::mfilter), [Operand::Node(m), g]) => {
                *m == n && self.straight_test(g).is_some()
            }
            _ => false,
        }
    }

    /// Whether node `n` has readers and every one is a union of straight
    /// lines of it ([`Lower::straight_union_of`]).
    fn straight_unions_read(&self, n: usize, readers: &[Option<Vec<usize>>]) -> bool {
        readers[self.slot(n)].as_deref().is_some_and(|users| {
            !users.is_empty() && users.iter().all(|&r| self.straight_union_of(r, n))
        })
    }

    /// Node `n` as lines that are no statement of their own: the lines
    /// between every location of one set and every one of another
    /// ([`Lower::lines_between`]), read only by `merge`, by `mfilter` with
    /// a test of straight lines ([`Lower::straight_test`]), or by an
    /// `sfilter` of the lines of two cells or more ([`Lower::longer_test`])
    /// that only such unions read (then no statement either). Each union
    /// then computes itself from the two sets in one pass per direction
    /// (`rt::p::lines_union`), and no line is built: a colour's 450 cells
    /// with themselves are 202,500 pairs. (Lines cannot fail, so where they
    /// are computed changes nothing.) The two sets, and whether only lines
    /// of two cells or more are left, where so.
    fn lazy_lines(&self, n: usize, readers: &[Option<Vec<usize>>]) -> Option<(Expr, Expr, bool)> {
        let node = &self.plan.nodes[n];
        if let (Operand::Prim(Prim::sfilter), [Operand::Node(m), g]) =
            (&node.callee, node.args.as_slice())
        {
            let (a, b, false) = self.lines.get(*self.slots.get(m)?)?.clone()? else {
                return None;
            };
            return (self.longer_test(g) && self.straight_unions_read(n, readers))
                .then_some((a, b, true));
        }
        let users = readers[self.slot(n)].as_deref()?;
        let read = !users.is_empty() && users.iter().all(|&r| {
            let user = &self.plan.nodes[r];
            self.straight_union_of(r, n)
                || matches!(
                    (&user.callee, user.args.as_slice()),
                    (Operand::Prim(Prim::sfilter), [Operand::Node(m), g])
                        if *m == n && self.longer_test(g) && self.straight_unions_read(r, readers)
                )
        });
        if !read {
            return None;
        }
        let (a, b) = self.lines_between(n)?;
        Some((a, b, false))
    }

    /// A `merge` or `mfilter` of lazy lines ([`Lower::lazy_lines`]): their
    /// union from the two sets.
    fn union_of_lines(&self, n: usize) -> Option<Expr> {
        let node = &self.plan.nodes[n];
        let Some(Operand::Node(m)) = node.args.first() else {
            return None;
        };
        let (a, b, long) = self.lines[self.slot(*m)].as_ref()?;
        let directions = match (&node.callee, node.args.as_slice()) {
            (Operand::Prim(Prim::merge), [_]) => "rt::p::LINE_ALL",
            (Operand::Prim(Prim::mfilter), [_, g]) => self.straight_test(g)?,
            _ => return None,
        };
        let long = if *long { " | rt::p::LINE_LONG" } else { "" };
        Some(Expr::typed(
            format!(
                "rt::p::lines_union({}, {}, {directions}{long})?",
                self.param(a, Repr::Indices),
                self.param(b, Repr::Indices)
            ),
            Repr::Indices,
            ty_of_repr(Repr::Indices, Ty::Dynamic),
        ))
    }

    /// A `merge` or `mfilter` of a collected node: the union of its results
    /// (those that pass, for `mfilter`).
    fn union_of_collected(&self, n: usize) -> Option<Expr> {
        let node = &self.plan.nodes[n];
        let Some(Operand::Node(m)) = node.args.first() else {
            return None;
        };
        let r = self.collected[self.slot(*m)]?;
        let list = self.locals[self.slot(*m)].as_ref()?.code.clone();
        let ty = ty_of_repr(r, Ty::Dynamic);
        match (&node.callee, node.args.len()) {
            (Operand::Prim(Prim::merge), 1) => {
                Some(Expr::typed(format!("rt::t::union_all({list})?"), r, ty))
            }
            (Operand::Prim(Prim::mfilter), 2) => {
                let g = self.operand(&node.args[1]).func?;
                let e = self.fresh("e");
                let param = Expr::new(e.clone(), r, ty.clone(), Form::Ref);
                let body = self.inline(&g, vec![param])?;
                let test = format!("rt::t::Truthy::truthy({})", self.borrow(&body));
                Some(Expr::typed(
                    format!(
                        "rt::t::union_where({list}, |{e}: &{}| -> rt::Result<bool> {{ Ok({test}) }})?",
                        r.held()
                    ),
                    r,
                    ty,
                ))
            }
            _ => None,
        }
    }

    /// The DSL variable node `n` assigns in this program, or `n{n}`.
    /// Whether an operand is a grid by its inferred type.
    fn is_grid(&self, op: &Operand) -> bool {
        match op {
            Operand::Input => true,
            Operand::Node(m) => self.types[*m] == Ty::Grid,
            _ => false,
        }
    }

    /// Node `n` as a mirror that keeps a grid's shape (`hmirror`,
    /// `vmirror`, `rot180`) whose one reader is a `vconcat` or `hconcat`
    /// of two grids: the grid it mirrors and the `rt::p::Flip` variant.
    /// The concatenation then writes the grid mirrored, and the mirrored
    /// grid is never built (its two allocations and one copy saved: the
    /// programs of mirrors and concatenations were furthest behind
    /// CPython, whose slices share rows). A mirror cannot fail, so where it
    /// is computed changes nothing.
    fn lazy_flip(
        &self,
        n: usize,
        readers: &[Option<Vec<usize>>],
    ) -> Option<(Operand, &'static str)> {
        let node = &self.plan.nodes[n];
        let flip = match (&node.callee, node.args.as_slice()) {
            (Operand::Prim(Prim::hmirror), [g]) if self.is_grid(g) => "Rows",
            (Operand::Prim(Prim::vmirror), [g]) if self.is_grid(g) => "Cells",
            (Operand::Prim(Prim::rot180), [g]) if self.is_grid(g) => "Both",
            _ => return None,
        };
        let [reader] = readers[self.slot(n)].as_deref()? else {
            return None;
        };
        let user = &self.plan.nodes[*reader];
        match (&user.callee, user.args.as_slice()) {
            (Operand::Prim(Prim::vconcat | Prim::hconcat), [a, b])
                if self.is_grid(a) && self.is_grid(b) =>
            {
                Some((node.args[0].clone(), flip))
            }
            _ => None,
        }
    }

    /// A `vconcat` or `hconcat` that reads a lazy mirror
    /// ([`Lower::lazy_flip`]): both grids written in one pass, each
    /// mirrored as it reads.
    fn flipped_concat(&self, n: usize) -> Option<Expr> {
        let node = &self.plan.nodes[n];
        let kernel = match (&node.callee, node.args.as_slice()) {
            (Operand::Prim(Prim::vconcat), [_, _]) => "vconcat_flipped",
            (Operand::Prim(Prim::hconcat), [_, _]) => "hconcat_flipped",
            _ => return None,
        };
        let flipped = |op: &Operand| match op {
            Operand::Node(m) => self.flips[self.slot(*m)].clone(),
            _ => None,
        };
        if node.args.iter().all(|a| flipped(a).is_none()) {
            return None;
        }
        let parts: Vec<String> = node
            .args
            .iter()
            .map(|a| {
                let (source, flip) = flipped(a).unwrap_or((a.clone(), "None"));
                format!(
                    "{}, rt::p::Flip::{flip}",
                    self.param(&self.operand(&source), Repr::Grid)
                )
            })
            .collect();
        Some(Expr::typed(
            format!("rt::p::{kernel}({})?", parts.join(", ")),
            Repr::Grid,
            self.types[n].clone(),
        ))
    }

    fn var_name(&self, n: usize) -> String {
        match self.plan.nodes[n]
            .sources
            .iter()
            .find(|s| s.program == self.program)
        {
            Some(s) => ident(&s.var),
            None => format!("n{n}"),
        }
    }
}

/// Whether code is a plain name (no parentheses needed around it).
/// `manhattan` or `adjacent` of two one-point sets (`Expr::single`): the
/// points' distance. A location held as a pair of ints becomes a point as
/// `initset` would make it (the same error past i32).
fn points_call(p: Prim, args: &[Expr], ty: &Ty) -> Option<Expr> {
    let kernel = match p {
        Prim::manhattan => "manhattan_points",
        Prim::adjacent => "adjacent_points",
        _ => return None,
    };
    let [a, b] = args else { return None };
    let point = |e: &Expr| {
        let x = e.single.as_deref()?;
        match x.usable_repr() {
            Repr::Pair => Some(format!("rt::t::loc_of({})?", x.code)),
            Repr::Cell => Some(format!("{}.loc", x.code)),
            _ => None,
        }
    };
    let (a, b) = (point(a)?, point(b)?);
    let repr = if p == Prim::manhattan {
        Repr::Int
    } else {
        Repr::Bool
    };
    Some(Expr::typed(
        format!("rt::p::{kernel}({a}, {b})"),
        repr,
        ty_of_repr(repr, ty.clone()),
    ))
}

/// The fresh names (`__e12`, `__t7_t`, `__cv3_0`) that `code` mentions.
fn fresh_names(code: &str) -> Vec<String> {
    let mut names = Vec::new();
    let bytes = code.as_bytes();
    let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let mut at = 0;
    while let Some(k) = code[at..].find("__") {
        let start = at + k;
        let mut end = start;
        while end < bytes.len() && word(bytes[end]) {
            end += 1;
        }
        if start == 0 || !word(bytes[start - 1]) {
            names.push(code[start..end].to_owned());
        }
        at = end.max(start + 2);
    }
    names
}

/// Whether `code` names the local `name` (not a longer name that starts
/// with it).
fn mentions(code: &str, name: &str) -> bool {
    code.match_indices(name).any(|(at, _)| {
        let before = code[..at].chars().next_back();
        let after = code[at + name.len()..].chars().next();
        let part = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
        !part(before) && !part(after)
    })
}

fn is_name(code: &str) -> bool {
    code.chars().all(|c| c.is_alphanumeric() || c == '_')
}

/// A constant as an expression: scalars as literals, typed.
fn constant_expr(name: &str) -> Expr {
    let value = battgen_runtime::constants::constant(name);
    let name = battgen_runtime::constants::CONSTANT_NAMES
        .iter()
        .find(|n| **n == name)
        .copied();
    let mut e = match value {
        Some(Value::Bool(b)) => Expr::owned(format!("{b}"), Repr::Bool, Ty::Bool),
        Some(Value::Int(i)) => Expr::owned(format!("{i}i64"), Repr::Int, Ty::Int),
        Some(Value::Pair(a, b)) => Expr::owned(format!("({a}i64, {b}i64)"), Repr::Pair, Ty::Pair),
        other => Expr::new(
            format!("&rt::c::{}", name.unwrap_or("MISSING")),
            Repr::Value,
            other.map_or(Ty::Dynamic, |v| Ty::of_value(&v)),
            Form::Ref,
        ),
    };
    e.constant = name;
    e
}
