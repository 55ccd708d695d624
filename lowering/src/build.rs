//! The typed emitter: a lowering builds each op as an [`mlir_text::ast::Op`] from typed
//! [`Value`]s, and the [`Emitter`] names its results, gives it the location of the xhlo op
//! being lowered and writes it with mlir-text's printer, in MLIR's generic form (which MLIR
//! parses as it parses the pretty one). SSA names, types, locations and escaping come from the
//! structure, not from `format!` strings, and one printer writes every built op.
//!
//! Built ops and the string lines of [`Emitter::line`] share one function body, and the
//! regions of a built op may hold either ([`Emitter::open`]), so lowerings move over to it
//! file by file.

use crate::emitter::Emitter;
use crate::scalar;
use crate::types;
use mlir_text::ast::{Attribute, Block, Op, Region, Type, ValueRef};
use mlir_text::print;
use std::fmt;
use xhlo_ir::{ElementType, TensorType};

/// A value of the lowered program: its SSA name and its MLIR type.
#[derive(Clone, Debug, PartialEq)]
pub struct Value {
    pub name: ValueRef,
    pub ty: Type,
}

impl Value {
    /// A value named as string lines spell it (`%x`, `%x#1`).
    pub fn new(name: &str, ty: Type) -> Value {
        Value { name: ValueRef(name.strip_prefix('%').unwrap_or(name).to_string()), ty }
    }

    /// A lowered tensor of xhlo type `ty`.
    pub fn tensor(name: &str, ty: &TensorType) -> Value {
        Value::new(name, types::tensor_type(ty))
    }

    /// The element type of a tensor value, the value's own type otherwise.
    pub fn element(&self) -> Type {
        element(&self.ty)
    }
}

/// `%name`, as string lines use it.
impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.name.fmt(f)
    }
}

/// The element type of a tensor type; `t` itself otherwise.
pub fn element(t: &Type) -> Type {
    match t {
        Type::Tensor { element, .. } => (**element).clone(),
        t => t.clone(),
    }
}

/// An op being built: its name, typed operands, result types, properties and complete regions.
/// The emitter gives it result names and a location when it writes it.
pub struct Build(Op);

impl Build {
    pub fn new(name: &str) -> Build {
        Build(Op::new(name, Default::default()))
    }

    pub fn operand(mut self, v: &Value) -> Build {
        self.0.operands.push(v.name.clone());
        self.0.operand_types.push(v.ty.clone());
        self
    }

    pub fn operands<'a>(self, values: impl IntoIterator<Item = &'a Value>) -> Build {
        values.into_iter().fold(self, Build::operand)
    }

    pub fn result(mut self, ty: Type) -> Build {
        self.0.result_types.push(ty);
        self
    }

    pub fn results(mut self, tys: impl IntoIterator<Item = Type>) -> Build {
        self.0.result_types.extend(tys);
        self
    }

    /// A property (`<{...}>` in the generic form: what the op's own syntax spells inline).
    pub fn prop(mut self, name: &str, value: Attribute) -> Build {
        self.0.properties.push((name.to_string(), value));
        self
    }

    /// A region written whole (the body of `linalg.fill`); see [`Emitter::open`] for regions
    /// whose ops are lowered as they are written.
    pub fn region(mut self, region: Region) -> Build {
        self.0.regions.push(region);
        self
    }
}

/// An `scf.for` being written (see [`Emitter::scf_for`]).
pub struct For {
    pub open: Open,
    pub results: Vec<Value>,
    pub iv: Value,
    /// The values carried into this iteration.
    pub args: Vec<Value>,
}

/// An op whose regions the caller is writing (see [`Emitter::open`]).
#[must_use = "an open op must be closed"]
pub struct Open {
    op: Op,
    indent: usize,
}

// ----- attributes ----------------------------------------------------------------------------

pub fn i64_type() -> Type {
    Type::Integer { width: 64, signedness: "" }
}

pub fn i1_type() -> Type {
    Type::Integer { width: 1, signedness: "" }
}

/// An integer attribute of type `ty`.
pub fn int(v: i64, ty: Type) -> Attribute {
    Attribute::Int(v.to_string(), ty)
}

/// `array<i64: ...>`.
pub fn i64_array(values: &[i64]) -> Attribute {
    Attribute::DenseArray(i64_type(), values.iter().map(|v| v.to_string()).collect())
}

/// `array<i32: ...>` (`operandSegmentSizes`).
pub fn segments(sizes: &[usize]) -> Attribute {
    Attribute::DenseArray(Type::Integer { width: 32, signedness: "" }, sizes.iter().map(|v| v.to_string()).collect())
}

/// `arith.cmpi` predicates in the order of their enum values (MLIR's `CmpIPredicate`).
const CMPI_PREDICATES: [&str; 10] = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"];

/// `arith.cmpf` predicates in the order of their enum values (MLIR's `CmpFPredicate`).
const CMPF_PREDICATES: [&str; 16] = ["false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true"];

/// The `predicate` property of `arith.cmpf` (`"olt"`, `"oeq"`, ...).
pub fn cmpf_predicate(name: &str) -> Attribute {
    let v = CMPF_PREDICATES.iter().position(|p| *p == name).unwrap_or_else(|| panic!("no arith.cmpf predicate '{name}'"));
    int(v as i64, i64_type())
}

/// The `predicate` property of `arith.cmpi` (`"slt"`, `"uge"`, ...).
pub fn cmpi_predicate(name: &str) -> Attribute {
    let v = CMPI_PREDICATES.iter().position(|p| *p == name).unwrap_or_else(|| panic!("no arith.cmpi predicate '{name}'"));
    int(v as i64, i64_type())
}

// ----- emission ------------------------------------------------------------------------------

/// The values `op` defines, in order.
fn results_of(op: &Op) -> Vec<Value> {
    op.result_refs().into_iter().zip(&op.result_types).map(|(name, ty)| Value { name, ty: ty.clone() }).collect()
}

fn set_pos(op: &mut Op, pos: mlir_text::Pos) {
    op.pos = pos;
    for b in op.regions.iter_mut().flat_map(|r| r.blocks.iter_mut()) {
        for o in &mut b.ops {
            set_pos(o, pos);
        }
    }
}

impl Emitter {
    /// The op of `b` with its results named `hint_N` (one group) at the current location.
    fn finish(&mut self, hint: &str, Build(mut op): Build) -> Op {
        set_pos(&mut op, self.loc.pos);
        if !op.result_types.is_empty() {
            op.results = vec![(self.next_name(hint), op.result_types.len())];
        }
        op
    }

    /// Writes the op of `b`, its results named `%hint_N` (`%hint_N#i` for several), at the
    /// current location; returns its results.
    pub fn emit(&mut self, hint: &str, b: Build) -> Vec<Value> {
        let op = self.finish(hint, b);
        let style = print::Style { locations: self.loc.file.as_deref(), func_forms: false };
        print::write_op_with(&mut self.out, &op, self.indent, style);
        results_of(&op)
    }

    /// [`Emitter::emit`] of an op with one result.
    pub fn emit1(&mut self, hint: &str, b: Build) -> Value {
        let mut results = self.emit(hint, b);
        assert_eq!(results.len(), 1, "emit1 of an op with {} results", results.len());
        results.remove(0)
    }

    /// [`Emitter::emit`] of an op without results.
    pub fn emit0(&mut self, b: Build) {
        let results = self.emit("", b);
        assert!(results.is_empty(), "emit0 of an op with {} results", results.len());
    }

    /// Writes the op of `b` up to its first region, whose contents the caller writes next, one
    /// level deeper (built ops or string lines): [`Emitter::block`] starts a block,
    /// [`Emitter::next_region`] goes on to the next region and [`Emitter::close`] ends the op.
    /// Returns the op's results.
    pub fn open(&mut self, hint: &str, b: Build) -> (Open, Vec<Value>) {
        let op = self.finish(hint, b);
        print::write_op_open(&mut self.out, &op, self.indent);
        let results = results_of(&op);
        let open = Open { op, indent: self.indent };
        self.indent += 1;
        (open, results)
    }

    /// Starts block `index` of the current region of `open` with arguments of types `tys`,
    /// named `%hint_N`; returns them. (The entry block without arguments has no header.)
    pub fn block(&mut self, open: &Open, index: usize, hint: &str, tys: &[Type]) -> Vec<Value> {
        let args: Vec<Value> = tys.iter().map(|t| Value { name: ValueRef(self.next_name(hint)), ty: t.clone() }).collect();
        let block = Block { label: None, args: args.iter().map(|v| (v.name.clone(), v.ty.clone())).collect(), ops: vec![] };
        print::write_block_header(&mut self.out, &block, index, open.indent);
        args
    }

    /// Ends the current region of `open` and starts the next.
    pub fn next_region(&mut self, open: &Open) {
        print::write_next_region(&mut self.out, open.indent);
    }

    /// Ends the last region of `open` and the op.
    pub fn close(&mut self, open: Open) {
        self.indent = open.indent;
        let style = print::Style { locations: self.loc.file.as_deref(), func_forms: false };
        print::write_op_close(&mut self.out, &open.op, open.indent, style);
    }

    /// Opens `scf.for %iv = bounds[0] to bounds[1] step bounds[2]` carrying `inits` (block
    /// arguments named `%hint_N`); its body follows, and [`Emitter::end_for`] ends it.
    pub fn scf_for(&mut self, hint: &str, bounds: [&Value; 3], inits: &[Value]) -> For {
        let b = Build::new("scf.for").operands(bounds).operands(inits).results(inits.iter().map(|v| v.ty.clone()));
        let (open, results) = self.open("for", b);
        let tys: Vec<Type> = std::iter::once(Type::Index).chain(inits.iter().map(|v| v.ty.clone())).collect();
        let mut args = self.block(&open, 0, hint, &tys);
        let iv = args.remove(0);
        For { open, results, iv, args }
    }

    /// Ends the body of an `scf.for` (or the last region of any `scf` op) with `scf.yield` of
    /// `yielded`, and the op.
    pub fn end_for(&mut self, open: Open, yielded: &[Value]) {
        self.terminator("scf.yield", yielded);
        self.close(open);
    }

    // ----- ops several lowerings use ---------------------------------------------------------

    /// `arith.constant` of `value`, whose type is the result's.
    pub fn constant(&mut self, hint: &str, value: Attribute, ty: Type) -> Value {
        self.emit1(hint, Build::new("arith.constant").prop("value", value).result(ty))
    }

    /// An `index` constant.
    pub fn index(&mut self, v: i64) -> Value {
        self.constant("c", int(v, Type::Index), Type::Index)
    }

    /// A scalar constant of `t`'s storage type, `value` its literal text.
    pub fn scalar_constant(&mut self, t: ElementType, value: &str) -> Value {
        let ty = types::storage_type(t);
        if t.is_complex() {
            let part = types::storage_type(t.real_part());
            let parts = vec![Attribute::Float(value.into(), part.clone()), Attribute::Float("0.0".into(), part)];
            return self.emit1("cst", Build::new("complex.constant").prop("value", Attribute::Array(parts)).result(ty));
        }
        let attr = if t.is_float() {
            Attribute::Float(value.into(), ty.clone())
        } else if t.is_pred() {
            Attribute::Bool(value == "true")
        } else {
            Attribute::Int(value.into(), ty.clone())
        };
        self.constant("cst", attr, ty)
    }

    /// An op whose result has the type of its last operand (`arith.addi`, `arith.select`).
    pub fn same_type(&mut self, hint: &str, name: &str, operands: &[&Value]) -> Value {
        let ty = operands.last().expect("an operand").ty.clone();
        self.emit1(hint, Build::new(name).operands(operands.iter().copied()).result(ty))
    }

    /// `arith.cmpi` with the predicate named `predicate`.
    pub fn cmpi(&mut self, hint: &str, predicate: &str, a: &Value, b: &Value) -> Value {
        self.emit1(hint, Build::new("arith.cmpi").operand(a).operand(b).prop("predicate", cmpi_predicate(predicate)).result(i1_type()))
    }

    /// `arith.cmpf` with the predicate named `predicate`.
    pub fn cmpf(&mut self, hint: &str, predicate: &str, a: &Value, b: &Value) -> Value {
        self.emit1(hint, Build::new("arith.cmpf").operand(a).operand(b).prop("predicate", cmpf_predicate(predicate)).result(i1_type()))
    }

    /// A cast-like op of `x` to `ty` (`arith.index_cast`, `arith.extsi`).
    pub fn cast(&mut self, hint: &str, name: &str, x: &Value, ty: Type) -> Value {
        self.emit1(hint, Build::new(name).operand(x).result(ty))
    }

    /// A terminator (`scf.yield`, `linalg.yield`) of `values`.
    pub fn terminator(&mut self, name: &str, values: &[Value]) {
        self.emit0(Build::new(name).operands(values));
    }

    /// `tensor.empty` of the lowered type of `ty`.
    pub fn tensor_empty(&mut self, ty: &TensorType) -> Value {
        self.emit1("init", Build::new("tensor.empty").result(types::tensor_type(ty)))
    }

    /// `tensor.extract` of `t` at `indices` (none for a rank-0 tensor).
    pub fn tensor_extract(&mut self, t: &Value, indices: &[Value]) -> Value {
        self.emit1("x", Build::new("tensor.extract").operand(t).operands(indices).result(t.element()))
    }

    /// `linalg.fill` of a tensor of `ty` with the scalar `value` (storage type).
    pub fn linalg_fill(&mut self, ty: &TensorType, value: &Value) -> Value {
        let init = self.tensor_empty(ty);
        let body = self.yield_first(&[value.ty.clone(), value.ty.clone()]);
        let b = Build::new("linalg.fill").operand(value).operand(&init).prop("operandSegmentSizes", segments(&[1, 1]));
        self.emit1("fill", b.region(body).result(init.ty.clone()))
    }

    /// A tensor of `ty` filled with zeros.
    pub fn zeros(&mut self, ty: &TensorType) -> Value {
        let z = self.scalar_constant(ty.element, crate::ops::common::zero_text(ty.element));
        self.linalg_fill(ty, &z)
    }

    /// The region of `linalg.fill` and `linalg.transpose`: a block of arguments of `arg_tys`
    /// that yields the first.
    pub fn yield_first(&mut self, arg_tys: &[Type]) -> Region {
        let args: Vec<(ValueRef, Type)> = arg_tys.iter().map(|t| (ValueRef(self.next_name("a")), t.clone())).collect();
        let Build(mut y) = Build::new("linalg.yield");
        y.operands.push(args[0].0.clone());
        y.operand_types.push(args[0].1.clone());
        Region { blocks: vec![Block { label: None, args, ops: vec![y] }] }
    }

    /// Writes a `linalg.generic` over `iterators.len()` loops: `body` writes the loop body
    /// from the block arguments (the inputs' elements, then the inits') and returns one value
    /// per init to yield; returns the result tensors.
    pub fn linalg_generic(
        &mut self,
        inputs: &[Input],
        inits: &[Input],
        iterators: &[&str],
        body: impl FnOnce(&mut Emitter, &[Value]) -> Result<Vec<Value>, String>,
    ) -> Result<Vec<Value>, String> {
        let dims = crate::emitter::dims(iterators.len());
        let maps = inputs.iter().chain(inits).map(|o| Attribute::Other(format!("affine_map<({dims}) -> ({})>", o.map))).collect();
        let iterator_types = iterators.iter().map(|i| Attribute::Dialect { name: "linalg.iterator_type".into(), body: i.to_string() }).collect();
        let b = Build::new("linalg.generic")
            .operands(inputs.iter().chain(inits).map(|o| &o.value))
            .prop("indexing_maps", Attribute::Array(maps))
            .prop("iterator_types", Attribute::Array(iterator_types))
            .prop("operandSegmentSizes", segments(&[inputs.len(), inits.len()]))
            .results(inits.iter().map(|o| o.value.ty.clone()));
        let (open, results) = self.open("gen", b);
        let arg_tys: Vec<Type> = inputs.iter().chain(inits).map(|o| o.value.element()).collect();
        let args = self.block(&open, 0, "a", &arg_tys);
        let yielded = body(self, &args)?;
        self.terminator("linalg.yield", &yielded);
        self.close(open);
        Ok(results)
    }
}

// ----- scalars of crate::scalar ------------------------------------------------------------

/// A block argument (storage form) as a scalar of element type `t` in compute form.
pub fn load(e: &mut Emitter, arg: &Value, t: ElementType) -> scalar::Value {
    scalar::load(e, &arg.to_string(), t)
}

/// A compute-form scalar back in storage form, typed.
pub fn store(e: &mut Emitter, v: &scalar::Value) -> Value {
    Value::new(&scalar::store(e, v), types::storage_type(v.ty))
}

/// An operand of a `linalg.generic` and how it is indexed.
#[derive(Clone, Debug)]
pub struct Input {
    pub value: Value,
    /// The indexing map's results, e.g. `"d0, d1"`, `""` for a scalar, `"d1"` for a
    /// broadcast along d0.
    pub map: String,
}

impl Input {
    /// An operand read at the loop's own position (identity map over `rank` loops).
    pub fn identity(value: Value, rank: usize) -> Input {
        Input { value, map: crate::emitter::dims(rank) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::emitter::Location;

    /// Built ops, string lines and a streamed region share one body; names, types, locations
    /// (escaped) and indentation come from the emitter.
    #[test]
    fn built_ops_and_string_lines_share_a_body() {
        let mut e = Emitter::new(1);
        e.loc = Location { file: Some("a\"b.mlir".into()), pos: mlir_text::Pos { line: 3, col: 5 } };
        let x = Value::new("%p0", Type::Index);
        let c = e.index(1);
        let s = e.same_type("s", "arith.addi", &[&x, &c]);
        e.line(&format!("%y = arith.muli {s}, {s} : index"));
        let (open, r) = e.open("for", Build::new("scf.for").operands([&c, &c, &c, &s]).result(Type::Index));
        let args = e.block(&open, 0, "iv", &[Type::Index, Type::Index]);
        e.terminator("scf.yield", &args[1..]);
        e.close(open);
        assert_eq!(r, vec![Value::new("%for_3", Type::Index)]);
        let loc = r#"loc("a\"b.mlir":3:5)"#;
        let expected = format!(
            r#"  %c_1 = "arith.constant"() <{{value = 1 : index}}> : () -> index {loc}
  %s_2 = "arith.addi"(%p0, %c_1) : (index, index) -> index {loc}
  %y = arith.muli %s_2, %s_2 : index {loc}
  %for_3 = "scf.for"(%c_1, %c_1, %c_1, %s_2) ({{
  ^bb0(%iv_4: index, %iv_5: index):
    "scf.yield"(%iv_5) : (index) -> () {loc}
  }}) : (index, index, index, index) -> index {loc}
"#
        );
        assert_eq!(e.out, expected);
    }
}
