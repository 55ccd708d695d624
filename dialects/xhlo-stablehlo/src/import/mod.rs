//! StableHLO (and CHLO, and the `check` dialect of StableHLO's tests) to xhlo.
//!
//! Input is the syntax tree of [`mlir_text::parser`] (generic-form shape); output is a tree of
//! `xhlo`, `func`, `check` and `builtin` ops that [`mlir_text::print::print_file`] prints as generic
//! MLIR with a `loc("file":line:col)` of the source op on every op. The importer walks the tree
//! once: every value gets a fresh name (`%N`, `%argN`) bound in a scope stack, each op's types
//! go through [`types`], and the op itself through the table in [`ops`] (a rename with
//! attribute conversion by [`attrs`] for most ops, a function for the few that change shape:
//! `case`, `rng`, the dynamic-shape ops, CHLO decompositions in [`chlo`]). Ops with quantized
//! operands or results go to [`quant`] instead, which rewrites them into integer and float ops
//! on the values' storage integers.
//!
//! Errors never stop the walk: each is located at its source op and names the op and what is
//! unsupported or wrong; `import_file` returns them all.

pub mod attrs;
pub mod chlo;
pub mod lapack;
pub mod ops;
pub mod quant;
pub mod types;

#[cfg(test)]
mod tests;

use mlir_text::ast::{Attribute, Block, File, Op, Region, Type, ValueRef};
use mlir_text::error::{ParseError, Pos};
use std::collections::HashMap;

pub use attrs::Named;

/// Parses StableHLO text (pretty or generic) and imports it.
pub fn import_text(text: &str) -> Result<File, Vec<ParseError>> {
    let file = crate::parse_file(text).map_err(|e| vec![e])?;
    import_file(&file)
}

/// Imports a parsed file; every error is located at the source op it concerns.
pub fn import_file(file: &File) -> Result<File, Vec<ParseError>> {
    let mut imp = Importer::default();
    let mut out = Vec::new();
    for op in &file.ops {
        imp.import_op(op, &mut out);
    }
    if imp.errors.is_empty() {
        Ok(File { ops: out })
    } else {
        Err(imp.errors)
    }
}

/// A value of the output with its (xhlo) type.
#[derive(Clone, Debug, PartialEq)]
pub struct Val {
    pub r: ValueRef,
    pub ty: Type,
}

/// A source op with its operands resolved and its result types converted.
pub struct Src<'a> {
    pub op: &'a Op,
    pub operands: Vec<Val>,
    pub results: Vec<Type>,
    /// The quantization parameters of quantized operands and results (whose `operands` and
    /// `results` are their storage integers); empty or `None` for the others.
    pub operand_quant: Vec<Option<quant::Uniform>>,
    pub result_quant: Vec<Option<quant::Uniform>>,
}

impl Src<'_> {
    pub fn name(&self) -> &str {
        &self.op.name
    }

    /// The single result type (ops with one result).
    pub fn result(&self) -> Result<&Type, String> {
        match self.results.as_slice() {
            [t] => Ok(t),
            other => Err(format!("expected one result, got {}", other.len())),
        }
    }

    /// The quantization parameters of operand `i`, when it is quantized.
    pub fn operand_q(&self, i: usize) -> Option<&quant::Uniform> {
        self.operand_quant.get(i).and_then(Option::as_ref)
    }

    /// The quantization parameters of result `i`, when it is quantized.
    pub fn result_q(&self, i: usize) -> Option<&quant::Uniform> {
        self.result_quant.get(i).and_then(Option::as_ref)
    }

    fn is_quantized(&self) -> bool {
        self.operand_quant.iter().chain(&self.result_quant).any(Option::is_some)
    }

    pub fn operand(&self, i: usize) -> Result<&Val, String> {
        self.operands.get(i).ok_or_else(|| format!("expected at least {} operand(s), got {}", i + 1, self.operands.len()))
    }

    /// Checks the operand count.
    pub fn expect_operands(&self, n: usize) -> Result<(), String> {
        if self.operands.len() == n {
            Ok(())
        } else {
            Err(format!("expected {n} operand(s), got {}", self.operands.len()))
        }
    }
}

/// The name prefix of the placeholder values bound to the results of an op that failed.
const INVALID_PREFIX: &str = "invalid";

#[derive(Default)]
pub struct Importer {
    /// Source value name → output value (with the source value's quantization parameters
    /// when its type is quantized), one map per region being imported.
    scopes: Vec<HashMap<String, (Val, Option<quant::Uniform>)>>,
    next: usize,
    errors: Vec<ParseError>,
    /// Output values defined by `xhlo.constant`: their `value` (to read shape operands).
    constants: HashMap<ValueRef, Attribute>,
}

/// Where a conversion emits its ops.
pub struct Cx<'a> {
    pub imp: &'a mut Importer,
    pub out: &'a mut Vec<Op>,
    pub pos: Pos,
}

impl Cx<'_> {
    /// Emits `name` with the given operands, attributes (all as discardable attributes: IRDL
    /// ops have no properties), result types and regions; returns its results.
    pub fn emit(&mut self, name: &str, operands: &[Val], attrs: Named, results: Vec<Type>, regions: Vec<Region>) -> Vec<Val> {
        let mut op = Op::new(name, self.pos);
        op.operands = operands.iter().map(|v| v.r.clone()).collect();
        op.operand_types = operands.iter().map(|v| v.ty.clone()).collect();
        op.attrs = attrs;
        op.regions = regions;
        let vals = self.imp.fresh_results(&mut op, &results);
        if name == "xhlo.constant" {
            if let (Some(value), [v]) = (op.attr("value"), vals.as_slice()) {
                self.imp.constants.insert(v.r.clone(), value.clone());
            }
        }
        op.result_types = results;
        self.out.push(op);
        vals
    }

    /// [`Cx::emit`] for a one-result op.
    pub fn emit1(&mut self, name: &str, operands: &[Val], attrs: Named, result: Type) -> Val {
        self.emit(name, operands, attrs, vec![result], vec![]).remove(0)
    }

    /// Imports a source region (its ops' errors are recorded where they occur).
    pub fn region(&mut self, r: &Region) -> Region {
        self.imp.import_region(r)
    }

    /// Builds a one-block region: `body` gets the block arguments (of `arg_types`) and emits
    /// the block's ops, returning the values the `gpu.yield` terminator yields.
    pub fn block(&mut self, arg_types: &[Type], body: impl FnOnce(&mut Cx, &[Val]) -> Vec<Val>) -> Region {
        let args: Vec<Val> =
            arg_types.iter().map(|t| Val { r: ValueRef(format!("arg{}", self.imp.fresh())), ty: t.clone() }).collect();
        let mut ops = Vec::new();
        let mut inner = Cx { imp: &mut *self.imp, out: &mut ops, pos: self.pos };
        let yields = body(&mut inner, &args);
        inner.emit(xhlo_ir::op::REGION_TERMINATOR, &yields, vec![], vec![], vec![]);
        Region { blocks: vec![Block { label: None, args: args.into_iter().map(|v| (v.r, v.ty)).collect(), ops }] }
    }

    /// Imports the ops of a one-block source region in place, its block arguments bound to
    /// `args` (for decompositions that inline a region, as `chlo.scan` does): returns the
    /// values its terminator returns. The ops' own errors are recorded where they occur.
    pub fn inline_region(&mut self, r: &Region, args: &[Val]) -> Result<Vec<Val>, String> {
        let [block] = r.blocks.as_slice() else {
            return Err(format!("expected a region of one block, got {} blocks", r.blocks.len()));
        };
        if block.args.len() != args.len() {
            return Err(format!("the region takes {} arguments, expected {}", block.args.len(), args.len()));
        }
        let Some((terminator, ops)) = block.ops.split_last() else {
            return Err("the region's block has no terminator".into());
        };
        for (i, ((_, declared), v)) in block.args.iter().zip(args).enumerate() {
            let declared = types::convert_type(declared).map_err(|e| format!("region argument {i}: {e}"))?;
            if declared != v.ty {
                return Err(format!(
                    "region argument {i} has type {} but the decomposition passes {}",
                    mlir_text::print::type_to_string(&declared),
                    mlir_text::print::type_to_string(&v.ty)
                ));
            }
        }
        self.imp.scopes.push(HashMap::new());
        for ((name, declared), v) in block.args.iter().zip(args) {
            let q = quant::of_type(declared).ok().flatten();
            self.imp.bind(name, v.clone(), q);
        }
        for op in ops {
            self.imp.import_op(op, self.out);
        }
        let returned: Option<Vec<Val>> = terminator.operands.iter().map(|r| self.imp.lookup(r).cloned()).collect();
        self.imp.scopes.pop();
        returned.ok_or_else(|| format!("the region's terminator '{}' uses a value not defined in the region", terminator.name))
    }

    /// The constant value behind an output value, when `xhlo.constant` defined it.
    pub fn constant(&self, v: &Val) -> Option<&Attribute> {
        self.imp.constants.get(&v.r)
    }
}

/// `'op' op message`, as MLIR words its diagnostics.
fn op_error(op: &Op, message: &str) -> ParseError {
    ParseError::new(op.pos, format!("'{}' op {message}", op.name))
}

impl Importer {
    fn error(&mut self, e: ParseError) {
        if !self.errors.contains(&e) {
            self.errors.push(e);
        }
    }

    fn fresh(&mut self) -> usize {
        self.next += 1;
        self.next - 1
    }

    /// Names the results of `op` (one group) and returns them with their types.
    fn fresh_results(&mut self, op: &mut Op, types: &[Type]) -> Vec<Val> {
        if types.is_empty() {
            return vec![];
        }
        let name = self.fresh().to_string();
        op.results = vec![(name, types.len())];
        op.result_refs().into_iter().zip(types).map(|(r, ty)| Val { r, ty: ty.clone() }).collect()
    }

    fn bind(&mut self, source: &ValueRef, v: Val, quant: Option<quant::Uniform>) {
        self.scopes.last_mut().expect("a scope is open while importing ops").insert(source.0.clone(), (v, quant));
    }

    fn lookup(&self, source: &ValueRef) -> Option<&Val> {
        self.lookup_bound(source).map(|(v, _)| v)
    }

    fn lookup_bound(&self, source: &ValueRef) -> Option<&(Val, Option<quant::Uniform>)> {
        self.scopes.iter().rev().find_map(|s| s.get(&source.0))
    }

    /// Imports a region: a scope for its values, block arguments renamed and converted.
    fn import_region(&mut self, r: &Region) -> Region {
        self.scopes.push(HashMap::new());
        let mut region = Region::default();
        for b in &r.blocks {
            let mut block = Block { label: b.label.clone(), ..Block::default() };
            for (v, t) in &b.args {
                let (ty, q) = match types::convert_type(t) {
                    Ok(ty) => (ty, quant::of_type(t).ok().flatten()),
                    Err(e) => {
                        let pos = b.ops.first().map(|o| o.pos).unwrap_or_default();
                        self.error(ParseError::new(pos, format!("block argument {v}: {e}")));
                        (t.clone(), None)
                    }
                };
                let new = ValueRef(format!("arg{}", self.fresh()));
                self.bind(v, Val { r: new.clone(), ty: ty.clone() }, q);
                block.args.push((new, ty));
            }
            region.blocks.push(block);
        }
        for (b, block) in r.blocks.iter().zip(0..) {
            let mut ops = Vec::new();
            for op in &b.ops {
                self.import_op(op, &mut ops);
            }
            region.blocks[block].ops = ops;
        }
        self.scopes.pop();
        region
    }

    /// Imports one op into `out`, binding its results; records errors.
    pub fn import_op(&mut self, op: &Op, out: &mut Vec<Op>) {
        if self.scopes.is_empty() {
            self.scopes.push(HashMap::new());
        }
        let mut operands = Vec::new();
        let mut operand_quant = Vec::new();
        let mut ok = true;
        for (i, r) in op.operands.iter().enumerate() {
            match self.lookup_bound(r).cloned() {
                Some((v, q)) => {
                    // The declared type must be the value's, as MLIR's parser requires
                    // (not checked on the placeholder of an op that already failed).
                    let placeholder = v.r.0.starts_with(INVALID_PREFIX);
                    if let Some(declared) = op.operand_types.get(i).filter(|t| !matches!(t, Type::None) && !placeholder) {
                        // A declared type that does not convert (`tefsor<3xf32>`) cannot be the
                        // value's, whose type converted.
                        if types::convert_type(declared).map_or(true, |d| d != v.ty) {
                            let (d, actual) = (mlir_text::print::type_to_string(declared), mlir_text::print::type_to_string(&v.ty));
                            self.error(op_error(op, &format!("operand #{i} ({r}) is declared as {d}, but {r} is {actual}")));
                            ok = false;
                        }
                    }
                    operands.push(v);
                    operand_quant.push(q);
                }
                None => {
                    self.error(op_error(op, &format!("uses {r}, which is not defined before it")));
                    ok = false;
                    let ty = op.operand_types.get(i).cloned().unwrap_or(Type::None);
                    operands.push(Val { r: r.clone(), ty });
                    operand_quant.push(None);
                }
            }
        }
        let mut results = Vec::new();
        let mut result_quant = Vec::new();
        for t in &op.result_types {
            match types::convert_type(t) {
                Ok(converted) => {
                    results.push(converted);
                    result_quant.push(quant::of_type(t).ok().flatten());
                }
                Err(e) => {
                    self.error(op_error(op, &e));
                    ok = false;
                    results.push(t.clone());
                    result_quant.push(None);
                }
            }
        }
        let src = Src { op, operands, results, operand_quant, result_quant };
        let produced = if ok {
            let mut cx = Cx { imp: self, out, pos: op.pos };
            if src.is_quantized() {
                quant::convert(&mut cx, &src)
            } else {
                ops::convert(&mut cx, &src)
            }
        } else {
            Err(String::new())
        };
        let source_results = op.result_refs();
        match produced {
            Ok(vals) if vals.len() == source_results.len() => {
                for ((s, v), q) in source_results.iter().zip(vals).zip(&src.result_quant) {
                    self.bind(s, v, q.clone());
                }
            }
            other => {
                match other {
                    Ok(vals) => self.error(op_error(
                        op,
                        &format!("import produced {} values for {} results", vals.len(), source_results.len()),
                    )),
                    Err(e) if !e.is_empty() => self.error(op_error(op, &e)),
                    Err(_) => {}
                }
                // Bind placeholders so later uses do not cascade into "undefined value" errors.
                for (s, t) in source_results.iter().zip(&src.results) {
                    let n = self.fresh();
                    self.bind(s, Val { r: ValueRef(format!("{INVALID_PREFIX}{n}")), ty: t.clone() }, None);
                }
            }
        }
    }

    /// An op that passes through with its name (func, builtin, check): operands renamed,
    /// types and attributes converted, regions imported. Properties stay properties unless
    /// `no_properties` (IRDL-defined ops such as `check.*` have none).
    pub fn pass_through(&mut self, cx_out: &mut Vec<Op>, src: &Src, name: &str, no_properties: bool) -> Result<Vec<Val>, String> {
        let op = src.op;
        let mut new = Op::new(name, op.pos);
        new.operands = src.operands.iter().map(|v| v.r.clone()).collect();
        new.operand_types = src.operands.iter().map(|v| v.ty.clone()).collect();
        let convert = |entries: &[(String, Attribute)]| -> Result<Named, String> {
            entries
                .iter()
                .map(|(k, v)| Ok((k.clone(), attrs::convert_value(v).map_err(|e| format!("attribute '{k}': {e}"))?)))
                .collect()
        };
        if no_properties {
            new.attrs = convert(&op.properties)?;
            new.attrs.extend(convert(&op.attrs)?);
        } else {
            new.properties = convert(&op.properties)?;
            new.attrs = convert(&op.attrs)?;
        }
        new.successors = op.successors.clone();
        new.regions = op.regions.iter().map(|r| self.import_region(r)).collect();
        let vals = self.fresh_results(&mut new, &src.results);
        new.result_types = src.results.clone();
        cx_out.push(new);
        Ok(vals)
    }
}
