//! xhlo op → lowering, looked up by name. Each family module lists its ops in a table next
//! to the functions that lower them (as the catalogue lists definitions next to shape rules).
//!
//! A family's module has the name of the catalogue's family
//! ([`xhlo_ir::catalogue::family_names`]), as its definitions (`dialects/xhlo-ir/src/ops/`) and
//! its tests (`tests/verify/`, `tests/run/`) do, and every op is lowered in the module of its
//! catalogue family ([`xhlo_ir::catalogue::family_of`]). Helper modules are not families:
//! [`common`] (helpers several families share), and a family's submodules: [`linalg::dot_tiled`]
//! (the tiled dot kernel) and [`random::cipher`] (the counter-based generators).

use crate::convert::Ctx;
use mlir_text::ast::Op;

pub mod collective;
pub mod common;
pub mod communication;
pub mod control_flow;
pub mod data_movement;
pub mod elementwise;
pub mod fusion;
pub mod indexing;
pub mod linalg;
pub mod misc;
pub mod normalization;
pub mod random;
pub mod reduction;
pub mod sorting;

/// Lowers one op; returns the lowered names of its results.
pub type LowerFn = fn(&mut Ctx, &Op) -> Result<Vec<String>, String>;

/// The modules of this directory that are helpers, not families.
pub const HELPER_MODULES: &[&str] = &["common"];

/// The families' tables, keyed by catalogue family name, in catalogue order. Element-wise
/// ops are not listed: they lower through [`elementwise::elementwise`] by their catalogue role.
const FAMILIES: &[(&str, &[(&str, LowerFn)])] = &[
    ("elementwise", elementwise::LOWERINGS),
    ("data_movement", data_movement::LOWERINGS),
    ("reduction", reduction::LOWERINGS),
    ("sorting", sorting::LOWERINGS),
    ("linalg", linalg::LOWERINGS),
    ("indexing", indexing::LOWERINGS),
    ("normalization", normalization::LOWERINGS),
    ("control_flow", control_flow::LOWERINGS),
    ("random", random::LOWERINGS),
    ("collective", collective::LOWERINGS),
    ("communication", communication::LOWERINGS),
    ("misc", misc::LOWERINGS),
    ("fusion", fusion::LOWERINGS),
];

/// Whether `name` (without `xhlo.`) is an element-wise catalogue op, lowered by its scalar
/// semantics ([`crate::scalar`]) alone.
pub fn is_elementwise(name: &str) -> bool {
    xhlo_ir::catalogue::lookup(name).is_some_and(|d| d.is_elementwise())
}

/// The lowering of an xhlo op (name without prefix), if one exists: its family's table, or
/// the element-wise lowering for the catalogue's element-wise ops.
pub fn lowering_for(name: &str) -> Option<LowerFn> {
    let tabled = FAMILIES.iter().flat_map(|(_, f)| f.iter()).find(|(n, _)| *n == name).map(|(_, f)| *f);
    tabled.or_else(|| is_elementwise(name).then_some(elementwise::elementwise as LowerFn))
}

/// Every op with a lowering.
pub fn lowered_ops() -> impl Iterator<Item = &'static str> {
    let tabled = FAMILIES.iter().flat_map(|(_, f)| f.iter()).map(|(n, _)| *n);
    tabled.chain(xhlo_ir::catalogue::all().filter(|d| d.is_elementwise()).map(|d| d.name))
}

/// Why an xhlo op is not lowered, as users are told (`unsupported in lowering: xhlo.<op>: ...`).
pub fn unsupported_message(name: &str) -> String {
    match xhlo_ir::catalogue::lookup(name).map(|d| d.lowering) {
        Some(xhlo_ir::op::Lowering::Unsupported(reason)) => format!("unsupported in lowering: xhlo.{name}: {reason}"),
        _ => format!("unsupported in lowering: xhlo.{name}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use xhlo_ir::catalogue::{family_names, family_of};
    use xhlo_ir::op::Lowering;

    /// Every catalogue op has a lowering, or the catalogue says why not (and then it has none).
    #[test]
    fn every_catalogue_op_is_lowered_or_unsupported_with_a_reason() {
        for def in xhlo_ir::catalogue::all() {
            match def.lowering {
                Lowering::Supported => assert!(lowering_for(def.name).is_some(), "xhlo.{} has no lowering and no reason", def.name),
                Lowering::Unsupported(reason) => {
                    assert!(lowering_for(def.name).is_none(), "xhlo.{} is lowered but marked unsupported", def.name);
                    assert!(!reason.is_empty());
                    assert!(unsupported_message(def.name).ends_with(reason));
                }
            }
        }
        let mut names: Vec<_> = lowered_ops().collect();
        let before = names.len();
        names.sort();
        names.dedup();
        assert_eq!(before, names.len(), "an op is lowered twice");
        assert!(names.iter().all(|n| xhlo_ir::catalogue::lookup(n).is_some()), "a lowering names no catalogue op");
    }

    #[test]
    fn every_table_is_keyed_by_a_catalogue_family() {
        let families: Vec<_> = family_names().collect();
        for (family, _) in FAMILIES {
            assert!(families.contains(family), "lowering table keyed by '{family}', which is not a catalogue family {families:?}");
        }
    }

    #[test]
    fn every_op_is_lowered_in_the_table_of_its_catalogue_family() {
        let mut seen = std::collections::HashSet::new();
        for (family, table) in FAMILIES {
            for (op, _) in table.iter() {
                assert!(seen.insert(*op), "xhlo.{op} is lowered twice");
                let expected = family_of(op).unwrap_or_else(|| panic!("xhlo.{op} is lowered but not in the catalogue"));
                assert_eq!(*family, expected, "xhlo.{op} is lowered in lowering/src/ops/{family}.rs but its catalogue family is {expected}");
            }
        }
    }

    #[test]
    fn every_module_file_is_a_family_or_a_declared_helper() {
        let families: Vec<_> = family_names().collect();
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/ops");
        let mut modules = Vec::new();
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_stem().unwrap().to_str().unwrap().to_string();
            if path.is_dir() {
                // A family's submodules (`linalg/dot_tiled.rs`) or the insta snapshots.
                assert!(name == "snapshots" || families.contains(&name.as_str()), "lowering/src/ops/{name}/ is neither a family's submodules nor snapshots");
                continue;
            }
            if path.extension().and_then(|e| e.to_str()) != Some("rs") || name == "mod" {
                continue;
            }
            assert!(
                families.contains(&name.as_str()) || HELPER_MODULES.contains(&name.as_str()),
                "lowering/src/ops/{name}.rs is neither a catalogue family {families:?} nor a helper module {HELPER_MODULES:?}"
            );
            modules.push(name);
        }
        for family in FAMILIES.iter().map(|(f, _)| *f) {
            assert!(modules.iter().any(|m| m == family), "the lowering table of '{family}' has no file lowering/src/ops/{family}.rs");
        }
    }
}
