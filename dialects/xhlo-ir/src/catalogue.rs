//! The op catalogue: every xhlo op, looked up by name.
//!
//! Each family module under `ops/` lists its ops as data ([`OpDef`]) next to their shape rules;
//! this module joins the families. Everything that needs to know the op set (IRDL generation,
//! verification, import, the e-graph, lowering) asks here.

use crate::op::OpDef;
use crate::ops;
use std::collections::HashMap;
use std::sync::LazyLock;

/// The dialect's namespace.
pub const DIALECT: &str = "xhlo";

static BY_NAME: LazyLock<HashMap<&'static str, &'static OpDef>> = LazyLock::new(|| {
    let mut map = HashMap::new();
    for def in all() {
        let previous = map.insert(def.name, def);
        assert!(previous.is_none(), "xhlo.{} is defined twice in the catalogue", def.name);
    }
    map
});

/// Every op, family by family, in definition order.
pub fn all() -> impl Iterator<Item = &'static OpDef> {
    ops::FAMILIES.iter().flat_map(|family| family.ops.iter())
}

/// The family names, in catalogue order (each is a file name in every layer).
pub fn family_names() -> impl Iterator<Item = &'static str> {
    ops::FAMILIES.iter().map(|family| family.name)
}

/// The family an op (with or without the `xhlo.` prefix) belongs to.
pub fn family_of(name: &str) -> Option<&'static str> {
    let bare = name.strip_prefix("xhlo.").unwrap_or(name);
    ops::FAMILIES.iter().find(|f| f.ops.iter().any(|d| d.name == bare)).map(|f| f.name)
}

/// Looks an op up by its name, with or without the `xhlo.` prefix.
pub fn lookup(name: &str) -> Option<&'static OpDef> {
    let bare = name.strip_prefix("xhlo.").unwrap_or(name);
    BY_NAME.get(bare).copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_found() {
        for def in all() {
            assert!(std::ptr::eq(lookup(def.name).unwrap(), def));
            assert!(lookup(&format!("xhlo.{}", def.name)).is_some());
        }
        assert!(lookup("xhlo.no_such_op").is_none());
    }

    /// IRDL requires operand and result names of one op to be distinct.
    #[test]
    fn slot_names_are_distinct_within_an_op() {
        for def in all() {
            let mut names: Vec<_> = def.operands.iter().chain(def.results).map(|s| s.name).collect();
            names.sort();
            let before = names.len();
            names.dedup();
            assert_eq!(before, names.len(), "xhlo.{} reuses a slot name", def.name);
        }
    }

    #[test]
    fn every_op_has_a_summary() {
        for def in all() {
            assert!(!def.summary.is_empty(), "xhlo.{} has no summary", def.name);
        }
    }
}
