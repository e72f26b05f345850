//! patches primitives.
#![allow(unused_variables)]

use crate::error::{Error, Result};
use crate::values::Value;

pub fn height(piece: &Value) -> Result<Value> {
    Err(Error::unsupported("height: not implemented yet"))
}

pub fn width(piece: &Value) -> Result<Value> {
    Err(Error::unsupported("width: not implemented yet"))
}

pub fn shape(piece: &Value) -> Result<Value> {
    Err(Error::unsupported("shape: not implemented yet"))
}

pub fn portrait(piece: &Value) -> Result<Value> {
    Err(Error::unsupported("portrait: not implemented yet"))
}

pub fn colorfilter(objs: &Value, value: &Value) -> Result<Value> {
    Err(Error::unsupported("colorfilter: not implemented yet"))
}

pub fn ulcorner(patch: &Value) -> Result<Value> {
    Err(Error::unsupported("ulcorner: not implemented yet"))
}

pub fn urcorner(patch: &Value) -> Result<Value> {
    Err(Error::unsupported("urcorner: not implemented yet"))
}

pub fn llcorner(patch: &Value) -> Result<Value> {
    Err(Error::unsupported("llcorner: not implemented yet"))
}

pub fn lrcorner(patch: &Value) -> Result<Value> {
    Err(Error::unsupported("lrcorner: not implemented yet"))
}

pub fn toindices(patch: &Value) -> Result<Value> {
    Err(Error::unsupported("toindices: not implemented yet"))
}

pub fn recolor(value: &Value, patch: &Value) -> Result<Value> {
    Err(Error::unsupported("recolor: not implemented yet"))
}

pub fn shift(patch: &Value, directions: &Value) -> Result<Value> {
    Err(Error::unsupported("shift: not implemented yet"))
}

pub fn normalize(patch: &Value) -> Result<Value> {
    Err(Error::unsupported("normalize: not implemented yet"))
}

pub fn dneighbors(loc: &Value) -> Result<Value> {
    Err(Error::unsupported("dneighbors: not implemented yet"))
}

pub fn ineighbors(loc: &Value) -> Result<Value> {
    Err(Error::unsupported("ineighbors: not implemented yet"))
}

pub fn neighbors(loc: &Value) -> Result<Value> {
    Err(Error::unsupported("neighbors: not implemented yet"))
}

pub fn uppermost(patch: &Value) -> Result<Value> {
    Err(Error::unsupported("uppermost: not implemented yet"))
}

pub fn lowermost(patch: &Value) -> Result<Value> {
    Err(Error::unsupported("lowermost: not implemented yet"))
}

pub fn leftmost(patch: &Value) -> Result<Value> {
    Err(Error::unsupported("leftmost: not implemented yet"))
}

pub fn rightmost(patch: &Value) -> Result<Value> {
    Err(Error::unsupported("rightmost: not implemented yet"))
}

pub fn square(piece: &Value) -> Result<Value> {
    Err(Error::unsupported("square: not implemented yet"))
}

pub fn vline(patch: &Value) -> Result<Value> {
    Err(Error::unsupported("vline: not implemented yet"))
}

pub fn hline(patch: &Value) -> Result<Value> {
    Err(Error::unsupported("hline: not implemented yet"))
}

pub fn hmatching(a: &Value, b: &Value) -> Result<Value> {
    Err(Error::unsupported("hmatching: not implemented yet"))
}

pub fn vmatching(a: &Value, b: &Value) -> Result<Value> {
    Err(Error::unsupported("vmatching: not implemented yet"))
}

pub fn manhattan(a: &Value, b: &Value) -> Result<Value> {
    Err(Error::unsupported("manhattan: not implemented yet"))
}

pub fn adjacent(a: &Value, b: &Value) -> Result<Value> {
    Err(Error::unsupported("adjacent: not implemented yet"))
}

pub fn bordering(patch: &Value, grid: &Value) -> Result<Value> {
    Err(Error::unsupported("bordering: not implemented yet"))
}

pub fn centerofmass(patch: &Value) -> Result<Value> {
    Err(Error::unsupported("centerofmass: not implemented yet"))
}

pub fn color(obj: &Value) -> Result<Value> {
    Err(Error::unsupported("color: not implemented yet"))
}

pub fn hmirror(piece: &Value) -> Result<Value> {
    Err(Error::unsupported("hmirror: not implemented yet"))
}

pub fn vmirror(piece: &Value) -> Result<Value> {
    Err(Error::unsupported("vmirror: not implemented yet"))
}

pub fn dmirror(piece: &Value) -> Result<Value> {
    Err(Error::unsupported("dmirror: not implemented yet"))
}

pub fn cmirror(piece: &Value) -> Result<Value> {
    Err(Error::unsupported("cmirror: not implemented yet"))
}

pub fn upscale(element: &Value, factor: &Value) -> Result<Value> {
    Err(Error::unsupported("upscale: not implemented yet"))
}

pub fn center(patch: &Value) -> Result<Value> {
    Err(Error::unsupported("center: not implemented yet"))
}

pub fn position(a: &Value, b: &Value) -> Result<Value> {
    Err(Error::unsupported("position: not implemented yet"))
}

pub fn corners(patch: &Value) -> Result<Value> {
    Err(Error::unsupported("corners: not implemented yet"))
}

pub fn connect(a: &Value, b: &Value) -> Result<Value> {
    Err(Error::unsupported("connect: not implemented yet"))
}

pub fn vfrontier(location: &Value) -> Result<Value> {
    Err(Error::unsupported("vfrontier: not implemented yet"))
}

pub fn hfrontier(location: &Value) -> Result<Value> {
    Err(Error::unsupported("hfrontier: not implemented yet"))
}

pub fn backdrop(patch: &Value) -> Result<Value> {
    Err(Error::unsupported("backdrop: not implemented yet"))
}

pub fn delta(patch: &Value) -> Result<Value> {
    Err(Error::unsupported("delta: not implemented yet"))
}

pub fn gravitate(source: &Value, destination: &Value) -> Result<Value> {
    Err(Error::unsupported("gravitate: not implemented yet"))
}

pub fn inbox(patch: &Value) -> Result<Value> {
    Err(Error::unsupported("inbox: not implemented yet"))
}

pub fn outbox(patch: &Value) -> Result<Value> {
    Err(Error::unsupported("outbox: not implemented yet"))
}

pub fn r#box(patch: &Value) -> Result<Value> {
    Err(Error::unsupported("box: not implemented yet"))
}

pub fn shoot(start: &Value, direction: &Value) -> Result<Value> {
    Err(Error::unsupported("shoot: not implemented yet"))
}

pub fn hperiod(obj: &Value) -> Result<Value> {
    Err(Error::unsupported("hperiod: not implemented yet"))
}

pub fn vperiod(obj: &Value) -> Result<Value> {
    Err(Error::unsupported("vperiod: not implemented yet"))
}
