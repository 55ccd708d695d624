//! One xhlo op described as text, for the verifier hook of the mlir-opt plugin. The op lives in
//! mlir-opt's MLIR, which this library cannot touch, so the plugin writes down what the
//! catalogue's verifier reads (the same as `xhlo_dialect::reader` reads from our own MLIR):
//!
//! ```text
//! op <TAB> xhlo.reduce
//! operand <TAB> <type>            (one line per operand, in order)
//! result <TAB> <type>
//! attr <TAB> <name> <TAB> <attribute as MLIR prints it>
//! dense <TAB> <name> <TAB> <tensor type>     (a large dense attribute: only its type)
//! region                          (starts a region)
//! block                           (starts a block of the current region)
//! arg <TAB> <type>                (an argument of the current block)
//! yield <TAB> <type>              (an operand of its terminator)
//! callee <TAB> <name>             (the function a call or composite names, when it is a
//! callee-input <TAB> <type>        func.func of the enclosing module: its signature)
//! callee-result <TAB> <type>
//! ```

use std::collections::HashMap;
use xhlo::dialect::verifier::Signatures;
use xhlo::ir::{catalogue, op::BlockSig, verify, Attr, Attrs, RegionSig, Type};

/// The op as the catalogue's verifier sees it.
#[derive(Default)]
struct DescribedOp {
    name: String,
    operands: Vec<Type>,
    results: Vec<Type>,
    attrs: Attrs,
    regions: Vec<RegionSig>,
    callee: Option<(String, Vec<Type>, Vec<Type>)>,
}

fn parse_type(text: &str) -> Result<Type, String> {
    Type::parse(text).map_err(|e| format!("type {text}: {e}"))
}

fn current_block(op: &mut DescribedOp) -> Result<&mut BlockSig, String> {
    op.regions.last_mut().and_then(|r| r.blocks.last_mut()).ok_or_else(|| "a block line before any block".to_string())
}

/// Reads the description; an error names the line or the unsupported type or attribute.
fn read(description: &str) -> Result<DescribedOp, String> {
    let mut op = DescribedOp::default();
    for line in description.lines() {
        let (tag, rest) = line.split_once('\t').unwrap_or((line, ""));
        match tag {
            "op" => op.name = rest.to_string(),
            "operand" => op.operands.push(parse_type(rest)?),
            "result" => op.results.push(parse_type(rest)?),
            "attr" | "dense" => {
                let (key, value) = rest.split_once('\t').ok_or_else(|| format!("attribute line without a value: {line}"))?;
                let attr = if tag == "attr" {
                    Attr::parse(value).map_err(|e| format!("attribute '{key}': attribute {value}: {e}"))?
                } else {
                    match parse_type(value)? {
                        Type::Tensor(ty) => Attr::Dense { body: String::new(), ty },
                        other => return Err(format!("attribute '{key}': dense attribute of type {other}")),
                    }
                };
                op.attrs.insert(key.to_string(), attr);
            }
            "region" => op.regions.push(RegionSig { blocks: vec![] }),
            "block" => op.regions.last_mut().ok_or("a block before any region")?.blocks.push(BlockSig::default()),
            "arg" => {
                let ty = parse_type(rest)?;
                current_block(&mut op)?.args.push(ty);
            }
            "yield" => {
                let ty = parse_type(rest)?;
                current_block(&mut op)?.yields.push(ty);
            }
            "callee" => op.callee = Some((rest.to_string(), vec![], vec![])),
            "callee-input" | "callee-result" => {
                let ty = parse_type(rest)?;
                let (_, inputs, results) = op.callee.as_mut().ok_or("a callee type before the callee")?;
                if tag == "callee-input" { inputs } else { results }.push(ty);
            }
            "" => {}
            other => return Err(format!("unknown line '{other}' in an op description")),
        }
    }
    Ok(op)
}

/// Verifies a described op as `xla-opt` does: `None` when valid or not an xhlo op, else the
/// message `'xhlo.<op>' op <rule broken>`.
pub fn verify_described(description: &str) -> Option<String> {
    let name = description.lines().find_map(|l| l.strip_prefix("op\t")).unwrap_or("?").to_string();
    let bare = name.strip_prefix("xhlo.")?;
    let op_error = |message: &str| Some(format!("'{name}' op {message}"));
    let Some(def) = catalogue::lookup(bare) else { return op_error("is not an xhlo op") };
    let op = match read(description) {
        Ok(op) => op,
        Err(e) => return op_error(&e),
    };
    let instance = verify::OpInstance { operands: &op.operands, attrs: &op.attrs, regions: &op.regions, results: &op.results };
    if let Err(e) = verify::verify(def, &instance) {
        return op_error(&e);
    }
    // A call or composite is checked against the function it names, as `verify_module` does.
    let mut functions: Signatures = HashMap::new();
    if let Some((callee, inputs, results)) = op.callee.clone() {
        functions.insert(callee, (inputs, results));
    }
    xhlo::dialect::verifier::check_symbols(bare, &functions, &op.attrs, &op.operands, &op.results).err().and_then(|e| op_error(&e))
}

