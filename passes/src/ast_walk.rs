//! Walks over the syntax tree the text-rewriting passes share: which values an op uses
//! (its regions included), renaming uses, and visiting every function body of a module.

use mlir_text::ast::{Block, Op};
use std::collections::HashMap;

/// Values an op uses, its regions included (values defined inside are filtered by the caller).
pub fn uses(op: &Op, out: &mut Vec<String>) {
    out.extend(op.operands.iter().map(|v| v.0.clone()));
    for r in &op.regions {
        for b in &r.blocks {
            for o in &b.ops {
                uses(o, out);
            }
        }
    }
}

/// Renames every use of `renames`' keys in `op` (its regions too).
pub fn rename_uses(op: &mut Op, renames: &HashMap<String, String>) {
    for v in &mut op.operands {
        if let Some(new) = renames.get(&v.0) {
            v.0 = new.clone();
        }
    }
    for r in &mut op.regions {
        for b in &mut r.blocks {
            for o in &mut b.ops {
                rename_uses(o, renames);
            }
        }
    }
}

/// Calls `f` on the body of every `func.func` in `ops` (in nested modules too).
pub fn for_each_function_body(ops: &mut [Op], f: &mut impl FnMut(&mut Block)) {
    for op in ops.iter_mut() {
        let function = match op.name.as_str() {
            "builtin.module" => false,
            "func.func" => true,
            _ => continue,
        };
        for r in &mut op.regions {
            for b in &mut r.blocks {
                if function {
                    f(b);
                } else {
                    for_each_function_body(&mut b.ops, f);
                }
            }
        }
    }
}
