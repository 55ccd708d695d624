//! (being written: see ops/elementwise.rs for the pattern)

use crate::op::OpDef;

pub const OPS: &[OpDef] = &[];
