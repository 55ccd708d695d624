//! xhlo op → lowering, looked up by name. Each family module lists its ops in a table next
//! to the functions that lower them (as the catalogue lists definitions next to shape rules).
//!
//! A family's module has the name of the catalogue's family
//! ([`xhlo_ir::catalogue::family_names`]), as its definitions (`dialects/xhlo-ir/src/ops/`) and
//! its tests (`tests/verify/`, `tests/run/`) do, and every op is lowered in the module of its
//! catalogue family ([`xhlo_ir::catalogue::family_of`]). Helper modules are not families:
//! [`common`] (helpers several families share) and [`linalg::dot_tiled`] (the tiled dot kernel,
//! a submodule of its family).

use crate::convert::Ctx;
use xhlo_stablehlo::ast::Op;

pub mod common;
pub mod control_flow;
pub mod data_movement;
pub mod elementwise;
pub mod fusion;
pub mod indexing;
pub mod linalg;
pub mod misc;
pub mod normalization;
pub mod reduction;
pub mod sorting;

/// Lowers one op; returns the lowered names of its results.
pub type LowerFn = fn(&mut Ctx, &Op) -> Result<Vec<String>, String>;

/// The modules of this directory that are helpers, not families.
pub const HELPER_MODULES: &[&str] = &["common"];

/// The families' tables, keyed by catalogue family name, in catalogue order (a family may
/// have more than one table).
const FAMILIES: &[(&str, &[(&str, LowerFn)])] = &[
    ("elementwise", elementwise::LOWERINGS),
    ("elementwise", elementwise::OTHER_LOWERINGS),
    ("data_movement", data_movement::LOWERINGS),
    ("reduction", reduction::LOWERINGS),
    ("sorting", sorting::LOWERINGS),
    ("linalg", linalg::LOWERINGS),
    ("indexing", indexing::LOWERINGS),
    ("normalization", normalization::LOWERINGS),
    ("control_flow", control_flow::LOWERINGS),
    ("misc", misc::LOWERINGS),
    ("fusion", fusion::LOWERINGS),
];

/// The lowering of an xhlo op (name without prefix), if one exists.
pub fn lowering_for(name: &str) -> Option<LowerFn> {
    FAMILIES.iter().flat_map(|(_, f)| f.iter()).find(|(n, _)| *n == name).map(|(_, f)| *f)
}

/// Every op with a lowering.
pub fn lowered_ops() -> impl Iterator<Item = &'static str> {
    FAMILIES.iter().flat_map(|(_, f)| f.iter()).map(|(n, _)| *n)
}

#[cfg(test)]
mod tests {
    use super::{FAMILIES, HELPER_MODULES};
    use xhlo_ir::catalogue::{family_names, family_of};

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
