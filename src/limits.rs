//! Sizes checked before a program is compiled: every tensor the program declares (function
//! arguments and results, every op's results, inside regions too) must have an element count
//! and byte size that 64 bits can count, and none may be larger than the memory limit. A
//! program that cannot fit is refused with the op, its type and the size named, instead of
//! failing in an allocation while it runs.

use mlir_text::ast::{Op, Type as AstType};
use mlir_text::error::Pos;

/// The machine's memory in bytes (`MemTotal` of `/proc/meminfo`), if it can be read.
pub fn machine_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kb.checked_mul(1024)
}

/// A byte count for messages: `120.0 GB`, `3.2 MB`, `512 bytes`.
pub fn human_bytes(n: u64) -> String {
    match n {
        0..=9_999 => format!("{n} bytes"),
        10_000..=9_999_999 => format!("{:.1} kB", n as f64 / 1e3),
        10_000_000..=9_999_999_999 => format!("{:.1} MB", n as f64 / 1e6),
        _ => format!("{:.1} GB", n as f64 / 1e9),
    }
}

/// Calls `f` with the position, a description (`'xhlo.iota' op result #0`) and the type of
/// every value `ops` declare (results, and block arguments of regions), recursively.
fn each_declared(ops: &[Op], f: &mut impl FnMut(Pos, String, &AstType) -> Result<(), String>) -> Result<(), String> {
    for op in ops {
        for (i, t) in op.result_types.iter().enumerate() {
            f(op.pos, format!("'{}' op result #{i}", op.name), t)?;
        }
        for region in &op.regions {
            for block in &region.blocks {
                for (v, t) in &block.args {
                    f(op.pos, format!("'{}' op argument %{}", op.name, v.0), t)?;
                }
                each_declared(&block.ops, f)?;
            }
        }
    }
    Ok(())
}

/// Checks every tensor type of `ops` (recursively) against `limit` bytes (`None`: only
/// overflow). The error is located (`file:line:col: error: ...`).
pub fn check_sizes(ops: &[Op], limit: Option<u64>, file: &str) -> Result<(), String> {
    each_declared(ops, &mut |pos, what, t| check_type(t, limit, file, pos, &what))
}

/// The byte size of every tensor `ops` declare, each with what declares it
/// (`'xhlo.iota' op result #0 (tensor<8xf32>) at f.mlir:2:8`), sorted by size: what a failed
/// allocation of compiled code is matched with ([`crate::runtime`]).
pub fn declared_sizes(ops: &[Op], file: &str) -> Vec<(u64, String)> {
    let mut out = Vec::new();
    let _ = each_declared(ops, &mut |pos, what, t| {
        if let Ok(ty) = crate::lowering::convert::xtype(t) {
            for t in ty.tensors() {
                if let Some(bytes) = t.checked_bytes() {
                    out.push((bytes as u64, format!("{what} ({t}) at {file}:{pos}")));
                }
            }
        }
        Ok(())
    });
    out.sort_by_key(|(bytes, _)| *bytes);
    out
}

fn check_type(t: &AstType, limit: Option<u64>, file: &str, pos: Pos, what: &str) -> Result<(), String> {
    let Ok(ty) = crate::lowering::convert::xtype(t) else { return Ok(()) };
    for t in ty.tensors() {
        let Some(bytes) = t.checked_bytes() else {
            return Err(format!("{file}:{pos}: error: {what} has type {t}, with more elements or bytes than a 64-bit size can count"));
        };
        if let Some(limit) = limit.filter(|&limit| bytes as u64 > limit) {
            return Err(format!(
                "{file}:{pos}: error: {what} has type {t}, which takes {}: more than the memory limit of {} (the machine's memory unless set: CompileOptions::memory_limit, xla-run --memory-limit)",
                human_bytes(bytes as u64),
                human_bytes(limit)
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_print_in_readable_units() {
        assert_eq!(human_bytes(512), "512 bytes");
        assert_eq!(human_bytes(120_000_000_000), "120.0 GB");
    }
}
