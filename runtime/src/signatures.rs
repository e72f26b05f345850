//! The one table of primitive signatures, read by the runtime (dispatch) and
//! by the generator (name resolution, arity, kinds).
//!
//! Adding a primitive: add a line here (module, name, parameters with their
//! reference type names, result type) and write the function in that module
//! of `primitives/`. The macro derives the `Prim` enum, the table and the
//! dispatcher from this list, so nothing else needs to change.

use crate::error::{Error, Result};
use crate::values::Value;

/// The reference's type names (`arc_types.py`), used for checking and docs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    Any,
    Numerical,
    Integer,
    Boolean,
    Container,
    ContainerContainer,
    FrozenSet,
    Tuple,
    TupleTuple,
    IntegerSet,
    IntegerTuple,
    Callable,
    Grid,
    Patch,
    Piece,
    Element,
    Object,
    Objects,
    Indices,
}

#[derive(Clone, Copy, Debug)]
pub struct Param {
    pub name: &'static str,
    pub ty: Type,
}

#[derive(Clone, Copy, Debug)]
pub struct Signature {
    pub prim: Prim,
    pub name: &'static str,
    /// The module of `primitives/` that implements it (its family).
    pub family: &'static str,
    pub params: &'static [Param],
    pub ret: Type,
}

macro_rules! primitives {
    ($( $family:ident :: $name:literal $func:ident ( $($param:ident : $ty:ident),* ) -> $ret:ident ; )*) => {
        /// A primitive of the DSL, by name.
        #[allow(non_camel_case_types)]
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Prim { $($func),* }

        /// Every primitive, in the reference's order.
        pub static PRIMITIVES: &[Signature] = &[ $(
            Signature {
                prim: Prim::$func,
                name: $name,
                family: stringify!($family),
                params: &[ $( Param { name: stringify!($param), ty: Type::$ty } ),* ],
                ret: Type::$ret,
            }
        ),* ];

        /// Call primitive `p` on borrowed `args` (a type error on a wrong
        /// count): no argument `Vec` and no reference count per call.
        pub fn dispatch_refs(p: Prim, args: &[&Value]) -> Result<Value> {
            match p { $(
                Prim::$func => {
                    let [$($param),*] = args else {
                        return Err(Error::type_error(concat!($name, ": wrong number of arguments")));
                    };
                    crate::primitives::$family::$func($(*$param),*)
                }
            )* }
        }
    };
}

/// [`dispatch_refs`] on owned arguments.
pub fn dispatch(p: Prim, args: &[Value]) -> Result<Value> {
    let refs: smallvec::SmallVec<[&Value; 4]> = args.iter().collect();
    dispatch_refs(p, &refs)
}

impl Prim {
    pub fn signature(self) -> &'static Signature {
        &PRIMITIVES[self as usize]
    }
    pub fn name(self) -> &'static str {
        self.signature().name
    }
    pub fn arity(self) -> usize {
        self.signature().params.len()
    }
    /// Look a primitive up by its DSL name.
    pub fn from_name(name: &str) -> Option<Prim> {
        PRIMITIVES.iter().find(|s| s.name == name).map(|s| s.prim)
    }
}

primitives! {
    arithmetic::"identity" identity(x: Any) -> Any;
    arithmetic::"add" add(a: Numerical, b: Numerical) -> Numerical;
    arithmetic::"subtract" subtract(a: Numerical, b: Numerical) -> Numerical;
    arithmetic::"multiply" multiply(a: Numerical, b: Numerical) -> Numerical;
    arithmetic::"divide" divide(a: Numerical, b: Numerical) -> Numerical;
    arithmetic::"invert" invert(n: Numerical) -> Numerical;
    arithmetic::"even" even(n: Integer) -> Boolean;
    arithmetic::"double" double(n: Numerical) -> Numerical;
    arithmetic::"halve" halve(n: Numerical) -> Numerical;
    arithmetic::"flip" flip(b: Boolean) -> Boolean;
    arithmetic::"equality" equality(a: Any, b: Any) -> Boolean;
    containers::"contained" contained(value: Any, container: Container) -> Boolean;
    containers::"combine" combine(a: Container, b: Container) -> Container;
    containers::"intersection" intersection(a: FrozenSet, b: FrozenSet) -> FrozenSet;
    containers::"difference" difference(a: FrozenSet, b: FrozenSet) -> FrozenSet;
    containers::"dedupe" dedupe(tup: Tuple) -> Tuple;
    containers::"order" order(container: Container, compfunc: Callable) -> Tuple;
    containers::"repeat" repeat(item: Any, num: Integer) -> Tuple;
    arithmetic::"greater" greater(a: Integer, b: Integer) -> Boolean;
    containers::"size" size(container: Container) -> Integer;
    containers::"merge" merge(containers: ContainerContainer) -> Container;
    containers::"maximum" maximum(container: IntegerSet) -> Integer;
    containers::"minimum" minimum(container: IntegerSet) -> Integer;
    containers::"valmax" valmax(container: Container, compfunc: Callable) -> Integer;
    containers::"valmin" valmin(container: Container, compfunc: Callable) -> Integer;
    containers::"argmax" argmax(container: Container, compfunc: Callable) -> Any;
    containers::"argmin" argmin(container: Container, compfunc: Callable) -> Any;
    containers::"mostcommon" mostcommon(container: Container) -> Any;
    containers::"leastcommon" leastcommon(container: Container) -> Any;
    containers::"initset" initset(value: Any) -> FrozenSet;
    arithmetic::"both" both(a: Boolean, b: Boolean) -> Boolean;
    arithmetic::"either" either(a: Boolean, b: Boolean) -> Boolean;
    arithmetic::"increment" increment(x: Numerical) -> Numerical;
    arithmetic::"decrement" decrement(x: Numerical) -> Numerical;
    arithmetic::"crement" crement(x: Numerical) -> Numerical;
    arithmetic::"sign" sign(x: Numerical) -> Numerical;
    arithmetic::"positive" positive(x: Integer) -> Boolean;
    arithmetic::"toivec" toivec(i: Integer) -> IntegerTuple;
    arithmetic::"tojvec" tojvec(j: Integer) -> IntegerTuple;
    containers::"sfilter" sfilter(container: Container, condition: Callable) -> Container;
    containers::"mfilter" mfilter(container: Container, function: Callable) -> FrozenSet;
    containers::"extract" extract(container: Container, condition: Callable) -> Any;
    containers::"totuple" totuple(container: FrozenSet) -> Tuple;
    containers::"first" first(container: Container) -> Any;
    containers::"last" last(container: Container) -> Any;
    containers::"insert" insert(value: Any, container: FrozenSet) -> FrozenSet;
    containers::"remove" remove(value: Any, container: Container) -> Container;
    containers::"other" other(container: Container, value: Any) -> Any;
    containers::"interval" interval(start: Integer, stop: Integer, step: Integer) -> Tuple;
    arithmetic::"astuple" astuple(a: Integer, b: Integer) -> IntegerTuple;
    containers::"product" product(a: Container, b: Container) -> FrozenSet;
    containers::"pair" pair(a: Tuple, b: Tuple) -> TupleTuple;
    arithmetic::"branch" branch(condition: Boolean, a: Any, b: Any) -> Any;
    functional::"compose" compose(outer: Callable, inner: Callable) -> Callable;
    functional::"chain" chain(h: Callable, g: Callable, f: Callable) -> Callable;
    functional::"matcher" matcher(function: Callable, target: Any) -> Callable;
    functional::"rbind" rbind(function: Callable, fixed: Any) -> Callable;
    functional::"lbind" lbind(function: Callable, fixed: Any) -> Callable;
    functional::"power" power(function: Callable, n: Integer) -> Callable;
    functional::"fork" fork(outer: Callable, a: Callable, b: Callable) -> Callable;
    functional::"apply" apply(function: Callable, container: Container) -> Container;
    functional::"rapply" rapply(functions: Container, value: Any) -> Container;
    functional::"mapply" mapply(function: Callable, container: ContainerContainer) -> FrozenSet;
    functional::"papply" papply(function: Callable, a: Tuple, b: Tuple) -> Tuple;
    functional::"mpapply" mpapply(function: Callable, a: Tuple, b: Tuple) -> Tuple;
    functional::"prapply" prapply(function: Callable, a: Container, b: Container) -> FrozenSet;
    grids::"mostcolor" mostcolor(element: Element) -> Integer;
    grids::"leastcolor" leastcolor(element: Element) -> Integer;
    patches::"height" height(piece: Piece) -> Integer;
    patches::"width" width(piece: Piece) -> Integer;
    patches::"shape" shape(piece: Piece) -> IntegerTuple;
    patches::"portrait" portrait(piece: Piece) -> Boolean;
    grids::"colorcount" colorcount(element: Element, value: Integer) -> Integer;
    patches::"colorfilter" colorfilter(objs: Objects, value: Integer) -> Objects;
    containers::"sizefilter" sizefilter(container: Container, n: Integer) -> FrozenSet;
    grids::"asindices" asindices(grid: Grid) -> Indices;
    grids::"ofcolor" ofcolor(grid: Grid, value: Integer) -> Indices;
    patches::"ulcorner" ulcorner(patch: Patch) -> IntegerTuple;
    patches::"urcorner" urcorner(patch: Patch) -> IntegerTuple;
    patches::"llcorner" llcorner(patch: Patch) -> IntegerTuple;
    patches::"lrcorner" lrcorner(patch: Patch) -> IntegerTuple;
    grids::"crop" crop(grid: Grid, start: IntegerTuple, dims: IntegerTuple) -> Grid;
    patches::"toindices" toindices(patch: Patch) -> Indices;
    patches::"recolor" recolor(value: Integer, patch: Patch) -> Object;
    patches::"shift" shift(patch: Patch, directions: IntegerTuple) -> Patch;
    patches::"normalize" normalize(patch: Patch) -> Patch;
    patches::"dneighbors" dneighbors(loc: IntegerTuple) -> Indices;
    patches::"ineighbors" ineighbors(loc: IntegerTuple) -> Indices;
    patches::"neighbors" neighbors(loc: IntegerTuple) -> Indices;
    grids::"objects" objects(grid: Grid, univalued: Boolean, diagonal: Boolean, without_bg: Boolean) -> Objects;
    grids::"partition" partition(grid: Grid) -> Objects;
    grids::"fgpartition" fgpartition(grid: Grid) -> Objects;
    patches::"uppermost" uppermost(patch: Patch) -> Integer;
    patches::"lowermost" lowermost(patch: Patch) -> Integer;
    patches::"leftmost" leftmost(patch: Patch) -> Integer;
    patches::"rightmost" rightmost(patch: Patch) -> Integer;
    patches::"square" square(piece: Piece) -> Boolean;
    patches::"vline" vline(patch: Patch) -> Boolean;
    patches::"hline" hline(patch: Patch) -> Boolean;
    patches::"hmatching" hmatching(a: Patch, b: Patch) -> Boolean;
    patches::"vmatching" vmatching(a: Patch, b: Patch) -> Boolean;
    patches::"manhattan" manhattan(a: Patch, b: Patch) -> Integer;
    patches::"adjacent" adjacent(a: Patch, b: Patch) -> Boolean;
    patches::"bordering" bordering(patch: Patch, grid: Grid) -> Boolean;
    patches::"centerofmass" centerofmass(patch: Patch) -> IntegerTuple;
    grids::"palette" palette(element: Element) -> IntegerSet;
    grids::"numcolors" numcolors(element: Element) -> Integer;
    patches::"color" color(obj: Object) -> Integer;
    grids::"toobject" toobject(patch: Patch, grid: Grid) -> Object;
    grids::"asobject" asobject(grid: Grid) -> Object;
    grids::"rot90" rot90(grid: Grid) -> Grid;
    grids::"rot180" rot180(grid: Grid) -> Grid;
    grids::"rot270" rot270(grid: Grid) -> Grid;
    patches::"hmirror" hmirror(piece: Piece) -> Piece;
    patches::"vmirror" vmirror(piece: Piece) -> Piece;
    patches::"dmirror" dmirror(piece: Piece) -> Piece;
    patches::"cmirror" cmirror(piece: Piece) -> Piece;
    grids::"fill" fill(grid: Grid, value: Integer, patch: Patch) -> Grid;
    grids::"paint" paint(grid: Grid, obj: Object) -> Grid;
    grids::"underfill" underfill(grid: Grid, value: Integer, patch: Patch) -> Grid;
    grids::"underpaint" underpaint(grid: Grid, obj: Object) -> Grid;
    grids::"hupscale" hupscale(grid: Grid, factor: Integer) -> Grid;
    grids::"vupscale" vupscale(grid: Grid, factor: Integer) -> Grid;
    patches::"upscale" upscale(element: Element, factor: Integer) -> Element;
    grids::"downscale" downscale(grid: Grid, factor: Integer) -> Grid;
    grids::"hconcat" hconcat(a: Grid, b: Grid) -> Grid;
    grids::"vconcat" vconcat(a: Grid, b: Grid) -> Grid;
    grids::"subgrid" subgrid(patch: Patch, grid: Grid) -> Grid;
    grids::"hsplit" hsplit(grid: Grid, n: Integer) -> Tuple;
    grids::"vsplit" vsplit(grid: Grid, n: Integer) -> Tuple;
    grids::"cellwise" cellwise(a: Grid, b: Grid, fallback: Integer) -> Grid;
    grids::"replace" replace(grid: Grid, replacee: Integer, replacer: Integer) -> Grid;
    grids::"switch" switch(grid: Grid, a: Integer, b: Integer) -> Grid;
    patches::"center" center(patch: Patch) -> IntegerTuple;
    patches::"position" position(a: Patch, b: Patch) -> IntegerTuple;
    grids::"index" index(grid: Grid, loc: IntegerTuple) -> Integer;
    grids::"canvas" canvas(value: Integer, dimensions: IntegerTuple) -> Grid;
    patches::"corners" corners(patch: Patch) -> Indices;
    patches::"connect" connect(a: IntegerTuple, b: IntegerTuple) -> Indices;
    grids::"cover" cover(grid: Grid, patch: Patch) -> Grid;
    grids::"trim" trim(grid: Grid) -> Grid;
    grids::"move" r#move(grid: Grid, obj: Object, offset: IntegerTuple) -> Grid;
    grids::"tophalf" tophalf(grid: Grid) -> Grid;
    grids::"bottomhalf" bottomhalf(grid: Grid) -> Grid;
    grids::"lefthalf" lefthalf(grid: Grid) -> Grid;
    grids::"righthalf" righthalf(grid: Grid) -> Grid;
    patches::"vfrontier" vfrontier(location: IntegerTuple) -> Indices;
    patches::"hfrontier" hfrontier(location: IntegerTuple) -> Indices;
    patches::"backdrop" backdrop(patch: Patch) -> Indices;
    patches::"delta" delta(patch: Patch) -> Indices;
    patches::"gravitate" gravitate(source: Patch, destination: Patch) -> IntegerTuple;
    patches::"inbox" inbox(patch: Patch) -> Indices;
    patches::"outbox" outbox(patch: Patch) -> Indices;
    patches::"box" r#box(patch: Patch) -> Indices;
    patches::"shoot" shoot(start: IntegerTuple, direction: IntegerTuple) -> Indices;
    grids::"occurrences" occurrences(grid: Grid, obj: Object) -> Indices;
    grids::"frontiers" frontiers(grid: Grid) -> Objects;
    grids::"compress" compress(grid: Grid) -> Grid;
    patches::"hperiod" hperiod(obj: Object) -> Integer;
    patches::"vperiod" vperiod(obj: Object) -> Integer;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_complete_and_indexed() {
        assert_eq!(PRIMITIVES.len(), 160);
        for (k, s) in PRIMITIVES.iter().enumerate() {
            assert_eq!(s.prim as usize, k);
            assert_eq!(Prim::from_name(s.name), Some(s.prim));
        }
        assert_eq!(Prim::from_name("move").map(Prim::arity), Some(3));
    }
}
