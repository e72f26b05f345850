//! grids primitives.
#![allow(unused_variables)]

use crate::error::{Error, Result};
use crate::values::Value;

pub fn mostcolor(element: &Value) -> Result<Value> {
    Err(Error::unsupported("mostcolor: not implemented yet"))
}

pub fn leastcolor(element: &Value) -> Result<Value> {
    Err(Error::unsupported("leastcolor: not implemented yet"))
}

pub fn colorcount(element: &Value, value: &Value) -> Result<Value> {
    Err(Error::unsupported("colorcount: not implemented yet"))
}

pub fn asindices(grid: &Value) -> Result<Value> {
    Err(Error::unsupported("asindices: not implemented yet"))
}

pub fn ofcolor(grid: &Value, value: &Value) -> Result<Value> {
    Err(Error::unsupported("ofcolor: not implemented yet"))
}

pub fn crop(grid: &Value, start: &Value, dims: &Value) -> Result<Value> {
    Err(Error::unsupported("crop: not implemented yet"))
}

pub fn objects(grid: &Value, univalued: &Value, diagonal: &Value, without_bg: &Value) -> Result<Value> {
    Err(Error::unsupported("objects: not implemented yet"))
}

pub fn partition(grid: &Value) -> Result<Value> {
    Err(Error::unsupported("partition: not implemented yet"))
}

pub fn fgpartition(grid: &Value) -> Result<Value> {
    Err(Error::unsupported("fgpartition: not implemented yet"))
}

pub fn palette(element: &Value) -> Result<Value> {
    Err(Error::unsupported("palette: not implemented yet"))
}

pub fn numcolors(element: &Value) -> Result<Value> {
    Err(Error::unsupported("numcolors: not implemented yet"))
}

pub fn toobject(patch: &Value, grid: &Value) -> Result<Value> {
    Err(Error::unsupported("toobject: not implemented yet"))
}

pub fn asobject(grid: &Value) -> Result<Value> {
    Err(Error::unsupported("asobject: not implemented yet"))
}

pub fn rot90(grid: &Value) -> Result<Value> {
    Err(Error::unsupported("rot90: not implemented yet"))
}

pub fn rot180(grid: &Value) -> Result<Value> {
    Err(Error::unsupported("rot180: not implemented yet"))
}

pub fn rot270(grid: &Value) -> Result<Value> {
    Err(Error::unsupported("rot270: not implemented yet"))
}

pub fn fill(grid: &Value, value: &Value, patch: &Value) -> Result<Value> {
    Err(Error::unsupported("fill: not implemented yet"))
}

pub fn paint(grid: &Value, obj: &Value) -> Result<Value> {
    Err(Error::unsupported("paint: not implemented yet"))
}

pub fn underfill(grid: &Value, value: &Value, patch: &Value) -> Result<Value> {
    Err(Error::unsupported("underfill: not implemented yet"))
}

pub fn underpaint(grid: &Value, obj: &Value) -> Result<Value> {
    Err(Error::unsupported("underpaint: not implemented yet"))
}

pub fn hupscale(grid: &Value, factor: &Value) -> Result<Value> {
    Err(Error::unsupported("hupscale: not implemented yet"))
}

pub fn vupscale(grid: &Value, factor: &Value) -> Result<Value> {
    Err(Error::unsupported("vupscale: not implemented yet"))
}

pub fn downscale(grid: &Value, factor: &Value) -> Result<Value> {
    Err(Error::unsupported("downscale: not implemented yet"))
}

pub fn hconcat(a: &Value, b: &Value) -> Result<Value> {
    Err(Error::unsupported("hconcat: not implemented yet"))
}

pub fn vconcat(a: &Value, b: &Value) -> Result<Value> {
    Err(Error::unsupported("vconcat: not implemented yet"))
}

pub fn subgrid(patch: &Value, grid: &Value) -> Result<Value> {
    Err(Error::unsupported("subgrid: not implemented yet"))
}

pub fn hsplit(grid: &Value, n: &Value) -> Result<Value> {
    Err(Error::unsupported("hsplit: not implemented yet"))
}

pub fn vsplit(grid: &Value, n: &Value) -> Result<Value> {
    Err(Error::unsupported("vsplit: not implemented yet"))
}

pub fn cellwise(a: &Value, b: &Value, fallback: &Value) -> Result<Value> {
    Err(Error::unsupported("cellwise: not implemented yet"))
}

pub fn replace(grid: &Value, replacee: &Value, replacer: &Value) -> Result<Value> {
    Err(Error::unsupported("replace: not implemented yet"))
}

pub fn switch(grid: &Value, a: &Value, b: &Value) -> Result<Value> {
    Err(Error::unsupported("switch: not implemented yet"))
}

pub fn index(grid: &Value, loc: &Value) -> Result<Value> {
    Err(Error::unsupported("index: not implemented yet"))
}

pub fn canvas(value: &Value, dimensions: &Value) -> Result<Value> {
    Err(Error::unsupported("canvas: not implemented yet"))
}

pub fn cover(grid: &Value, patch: &Value) -> Result<Value> {
    Err(Error::unsupported("cover: not implemented yet"))
}

pub fn trim(grid: &Value) -> Result<Value> {
    Err(Error::unsupported("trim: not implemented yet"))
}

pub fn r#move(grid: &Value, obj: &Value, offset: &Value) -> Result<Value> {
    Err(Error::unsupported("move: not implemented yet"))
}

pub fn tophalf(grid: &Value) -> Result<Value> {
    Err(Error::unsupported("tophalf: not implemented yet"))
}

pub fn bottomhalf(grid: &Value) -> Result<Value> {
    Err(Error::unsupported("bottomhalf: not implemented yet"))
}

pub fn lefthalf(grid: &Value) -> Result<Value> {
    Err(Error::unsupported("lefthalf: not implemented yet"))
}

pub fn righthalf(grid: &Value) -> Result<Value> {
    Err(Error::unsupported("righthalf: not implemented yet"))
}

pub fn occurrences(grid: &Value, obj: &Value) -> Result<Value> {
    Err(Error::unsupported("occurrences: not implemented yet"))
}

pub fn frontiers(grid: &Value) -> Result<Value> {
    Err(Error::unsupported("frontiers: not implemented yet"))
}

pub fn compress(grid: &Value) -> Result<Value> {
    Err(Error::unsupported("compress: not implemented yet"))
}
