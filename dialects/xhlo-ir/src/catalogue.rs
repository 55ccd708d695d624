//! The op catalogue: every xhlo op, looked up by name.
//!
//! Each family module under `ops/` lists its ops as data ([`OpDef`]) next to their shape rules;
//! this module joins the families. Everything that needs to know the op set (IRDL generation,
//! verification, import, the e-graph, lowering) asks here.

use crate::op::{Import, OpDef};
use crate::ops;
use rustc_hash::FxHashMap;
use std::sync::LazyLock;

/// The dialect's namespace.
pub const DIALECT: &str = "xhlo";

static BY_NAME: LazyLock<FxHashMap<&'static str, &'static OpDef>> = LazyLock::new(|| {
    let mut map = FxHashMap::default();
    for def in all() {
        let previous = map.insert(def.name, def);
        assert!(previous.is_none(), "xhlo.{} is defined twice in the catalogue", def.name);
    }
    map
});

/// StableHLO/CHLO op name → the op it is renamed to (the [`Import::Stablehlo`] and
/// [`Import::Renamed`] sources; converted ones have a rule of the importer's own).
static BY_SOURCE: LazyLock<FxHashMap<String, &'static OpDef>> = LazyLock::new(|| {
    let mut map = FxHashMap::default();
    for def in all().filter(|d| matches!(d.import, Import::Stablehlo | Import::Renamed(_))) {
        for source in def.import_names() {
            let previous = map.insert(source.clone(), def);
            assert!(previous.is_none(), "{source} is imported as two xhlo ops");
        }
    }
    map
});

/// The op a StableHLO/CHLO op (`stablehlo.add`, `chlo.erf`) is renamed to on import: same
/// operands, results and regions, attributes converted by name.
pub fn renamed_from(source: &str) -> Option<&'static OpDef> {
    BY_SOURCE.get(source).copied()
}

/// The op a StableHLO/CHLO op is imported as, renamed or converted (`stablehlo.rng` is
/// converted to `rng_uniform` or `rng_normal`: the first is returned).
pub fn imported_from(source: &str) -> Option<&'static OpDef> {
    renamed_from(source).or_else(|| all().find(|d| matches!(d.import, Import::Converted(s) if s == source)))
}

/// The StableHLO/CHLO op name the exporter writes for an op: the first of its import names.
pub fn export_name(def: &OpDef) -> Option<String> {
    def.import_names().into_iter().next()
}

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
    fn import_sources_name_their_op() {
        let add = renamed_from("stablehlo.add").unwrap();
        assert_eq!(add.name, "add");
        assert_eq!(renamed_from("chlo.erf").unwrap().name, "erf");
        assert_eq!(renamed_from("chlo.tan").unwrap().name, "tan");
        assert_eq!(renamed_from("stablehlo.create_token").unwrap().name, "after_all");
        assert_eq!(renamed_from("stablehlo.cross-replica-sum").unwrap().name, "cross_replica_sum");
        assert!(renamed_from("stablehlo.compare").is_none(), "compare is converted, not renamed");
        assert_eq!(imported_from("stablehlo.compare").unwrap().name, "compare");
        assert_eq!(imported_from("stablehlo.rng").unwrap().name, "rng_uniform");
        assert!(imported_from("stablehlo.collapse").is_none());
        assert_eq!(export_name(lookup("tan").unwrap()).as_deref(), Some("stablehlo.tan"));
        assert_eq!(export_name(lookup("fusion").unwrap()), None);
    }

    /// The facts later layers read are consistent with each other.
    #[test]
    fn per_op_facts_agree() {
        use crate::op::{Cost, FusionRole, Syntax};
        for def in all() {
            let name = def.name;
            if def.is_elementwise() {
                assert!(def.regions.is_empty() && def.is_pure() && def.results.len() == 1, "{name}: element-wise ops are pure, one result, no regions");
                assert!((1..=3).contains(&def.operands.len()), "{name}");
            }
            if def.syntax == Syntax::Unary {
                assert_eq!(def.operands.len(), 1, "{name}: unary syntax takes one operand");
            }
            if def.syntax == Syntax::Binary {
                assert_eq!(def.operands.len(), 2, "{name}: binary syntax takes two operands");
            }
            if def.fusion == FusionRole::IndexMap {
                assert_eq!(def.cost, Cost::Free, "{name}: data movement costs no flops");
            }
            if def.import == Import::None {
                assert_eq!(def.syntax, Syntax::Generic, "{name}: no StableHLO source, no pretty form");
            }
        }
    }

    #[test]
    fn every_op_has_a_summary() {
        for def in all() {
            assert!(!def.summary.is_empty(), "xhlo.{} has no summary", def.name);
        }
    }
}
