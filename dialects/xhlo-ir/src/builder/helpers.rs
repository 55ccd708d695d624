//! The named builder calls, XlaBuilder's vocabulary (`Add`, `Broadcast`, `Reshape`, `Dot`,
//! `Reduce`, ...) mapped onto xhlo ops. Each one computes attributes (and, where the op cannot
//! infer them, result types) and calls [`Builder::op`], which checks the op against the
//! catalogue. Element-wise ops first make implicit broadcasting explicit (seed 003).

use super::broadcast::broadcast_shapes;
use super::ir::{Function, Region};
use super::{BuildError, BuildResult, Builder, Value};
use crate::attrs::{format_float, Attr, Attrs};
use crate::op::normalize_dim;
use crate::types::{ElementType, TensorType, Type};

/// A Rust scalar type usable in constants, with its XLA element type.
pub trait NativeType: Copy {
    const ELEMENT: ElementType;
    /// The value as an MLIR dense-elements literal.
    fn literal(self) -> String;
}

macro_rules! native_int {
    ($($t:ty => $e:ident),*) => {$(
        impl NativeType for $t {
            const ELEMENT: ElementType = ElementType::$e;
            fn literal(self) -> String {
                self.to_string()
            }
        }
    )*};
}
native_int!(i8 => S8, i16 => S16, i32 => S32, i64 => S64, u8 => U8, u16 => U16, u32 => U32, u64 => U64);

impl NativeType for bool {
    const ELEMENT: ElementType = ElementType::Pred;
    fn literal(self) -> String {
        self.to_string()
    }
}

impl NativeType for f32 {
    const ELEMENT: ElementType = ElementType::F32;
    fn literal(self) -> String {
        if self.is_finite() {
            // The shortest form that reads back as this f32 (`{:e}` of the f32 itself).
            let s = format!("{self:e}");
            let (mantissa, exp) = s.split_once('e').unwrap_or((&s, "0"));
            let mantissa = if mantissa.contains('.') { mantissa.to_string() } else { format!("{mantissa}.0") };
            format!("{mantissa}e{exp}")
        } else {
            // MLIR spells non-finite values as a hex bit pattern of the element's width.
            format!("0x{:08X}", self.to_bits())
        }
    }
}

impl NativeType for f64 {
    const ELEMENT: ElementType = ElementType::F64;
    fn literal(self) -> String {
        format_float(self)
    }
}

/// The direction of a comparison (`comparison_direction`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ComparisonDirection {
    Eq,
    Ne,
    Ge,
    Gt,
    Le,
    Lt,
}

impl ComparisonDirection {
    pub fn as_str(self) -> &'static str {
        match self {
            ComparisonDirection::Eq => "EQ",
            ComparisonDirection::Ne => "NE",
            ComparisonDirection::Ge => "GE",
            ComparisonDirection::Gt => "GT",
            ComparisonDirection::Le => "LE",
            ComparisonDirection::Lt => "LT",
        }
    }
}

/// XLA's `DotDimensionNumbers` (seed 002, DotGeneral). Emitted as the flattened attributes
/// `lhs_batching_dimensions`, `rhs_batching_dimensions`, `lhs_contracting_dimensions`,
/// `rhs_contracting_dimensions`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DotDimensionNumbers {
    pub lhs_contracting_dimensions: Vec<i64>,
    pub rhs_contracting_dimensions: Vec<i64>,
    pub lhs_batch_dimensions: Vec<i64>,
    pub rhs_batch_dimensions: Vec<i64>,
}

/// Named attributes from pairs.
fn attrs<const N: usize>(pairs: [(&str, Attr); N]) -> Attrs {
    pairs.into_iter().map(|(k, v)| (k.to_string(), v)).collect()
}

fn context(op: &str) -> String {
    format!("xhlo.{op}")
}

/// Normalizes negative dimension numbers against `rank` (seed 004); non-negative ones are
/// left for the op's shape rule to check.
fn normalize(op: &str, dims: &[i64], rank: usize, what: &str) -> BuildResult<Vec<i64>> {
    dims.iter()
        .map(|&d| {
            if d >= 0 {
                Ok(d)
            } else {
                normalize_dim(d, rank).map(|n| n as i64).map_err(|e| BuildError::new(context(op), format!("{what}: {e}")))
            }
        })
        .collect()
}

/// An MLIR dense literal body for row-major `values` of shape `dims`.
fn nested_literal(dims: &[i64], values: &[String]) -> String {
    match dims.split_first() {
        None => values.first().cloned().unwrap_or_default(),
        Some((&n, rest)) => {
            let chunk = rest.iter().product::<i64>().max(0) as usize;
            let items: Vec<String> = (0..n.max(0) as usize)
                .map(|i| nested_literal(rest, &values[i * chunk..(i + 1) * chunk]))
                .collect();
            format!("[{}]", items.join(", "))
        }
    }
}

/// The literal for 0 or 1 in any element type.
fn unit_literal(element: ElementType, one: bool) -> String {
    let v = if one { "1" } else { "0" };
    match element {
        ElementType::Pred => if one { "true" } else { "false" }.into(),
        t if t.is_complex() => format!("({v}.0, 0.0)"),
        t if t.is_float() => format!("{v}.0"),
        _ => v.into(),
    }
}

macro_rules! unary_ops {
    ($($method:ident => $op:literal, $xla:literal;)*) => {$(
        #[doc = concat!("XLA `", $xla, "`: `xhlo.", $op, "`.")]
        pub fn $method(&mut self, operand: Value) -> BuildResult<Value> {
            self.unary($op, operand)
        }
    )*};
}

macro_rules! binary_ops {
    ($($method:ident => $op:literal, $xla:literal;)*) => {$(
        #[doc = concat!("XLA `", $xla, "`: `xhlo.", $op, "` after making seed 003 broadcasting explicit ")]
        #[doc = "(`broadcast_dimensions` maps the lower-rank operand into the higher-rank one; empty for"]
        #[doc = "equal ranks or a scalar)."]
        pub fn $method(&mut self, lhs: Value, rhs: Value, broadcast_dimensions: &[i64]) -> BuildResult<Value> {
            self.binary($op, lhs, rhs, broadcast_dimensions)
        }
    )*};
}

impl Builder {
    // ----- Constants -------------------------------------------------------------------------

    /// `xhlo.constant` with `value = dense<body> : ty`: the body is MLIR dense-literal text,
    /// for element types without a Rust counterpart (f16, bf16, complex) or splats.
    pub fn constant_dense(&mut self, ty: TensorType, body: impl Into<String>) -> BuildResult<Value> {
        let ty = TensorType { layout: None, ..ty };
        let value = Attr::Dense { body: body.into(), ty: ty.clone() };
        self.op1("constant", &[], attrs([("value", value)]), vec![], Some(vec![Type::Tensor(ty)]))
    }

    /// A scalar constant (XLA `ConstantR0`).
    pub fn constant_r0<T: NativeType>(&mut self, value: T) -> BuildResult<Value> {
        self.constant_dense(TensorType::scalar(T::ELEMENT), value.literal())
    }

    /// A vector constant (XLA `ConstantR1`).
    pub fn constant_r1<T: NativeType>(&mut self, values: &[T]) -> BuildResult<Value> {
        self.constant_literal(&[values.len() as i64], values)
    }

    /// A matrix constant from rows of equal length (XLA `ConstantR2`).
    pub fn constant_r2<T: NativeType, R: AsRef<[T]>>(&mut self, rows: &[R]) -> BuildResult<Value> {
        let cols = rows.first().map_or(0, |r| r.as_ref().len());
        let mut flat = Vec::with_capacity(rows.len() * cols);
        for (i, row) in rows.iter().enumerate() {
            let row = row.as_ref();
            if row.len() != cols {
                return Err(BuildError::new(
                    context("constant"),
                    format!("row {i} has {} elements but row 0 has {cols}; a matrix is not ragged", row.len()),
                ));
            }
            flat.extend_from_slice(row);
        }
        self.constant_literal(&[rows.len() as i64, cols as i64], &flat)
    }

    /// An array constant of shape `dims` from its elements in row-major order (XLA
    /// `ConstantLiteral`).
    pub fn constant_literal<T: NativeType>(&mut self, dims: &[i64], values: &[T]) -> BuildResult<Value> {
        if let Some(d) = dims.iter().find(|&&d| d < 0) {
            return Err(BuildError::new(context("constant"), format!("dimension sizes must be non-negative, got {d} in {dims:?}")));
        }
        let count: i64 = dims.iter().product();
        if count != values.len() as i64 {
            return Err(BuildError::new(
                context("constant"),
                format!("shape {dims:?} holds {count} elements but {} values were given", values.len()),
            ));
        }
        let body = if count == 0 {
            String::new()
        } else {
            let literals: Vec<String> = values.iter().map(|v| v.literal()).collect();
            nested_literal(dims, &literals)
        };
        self.constant_dense(TensorType::new(dims, T::ELEMENT), body)
    }

    /// A constant of shape `dims` with every element `value` (a splat).
    pub fn constant_splat<T: NativeType>(&mut self, value: T, dims: &[i64]) -> BuildResult<Value> {
        self.constant_dense(TensorType::new(dims, T::ELEMENT), value.literal())
    }

    /// The scalar 0 of `element` (XLA `Zero`): `false`, `0`, `0.0` or `(0.0, 0.0)`.
    pub fn zero(&mut self, element: ElementType) -> BuildResult<Value> {
        self.constant_dense(TensorType::scalar(element), unit_literal(element, false))
    }

    /// The scalar 1 of `element` (XLA `One`).
    pub fn one(&mut self, element: ElementType) -> BuildResult<Value> {
        self.constant_dense(TensorType::scalar(element), unit_literal(element, true))
    }

    // ----- Element-wise ----------------------------------------------------------------------

    /// Any one-operand element-wise op by its xhlo name (`"sqrt"`).
    pub fn unary(&mut self, op: &str, operand: Value) -> BuildResult<Value> {
        self.op1(op, &[operand], Attrs::new(), vec![], None)
    }

    /// Any two-operand element-wise op by its xhlo name, broadcasting as seed 003 says.
    pub fn binary(&mut self, op: &str, lhs: Value, rhs: Value, broadcast_dimensions: &[i64]) -> BuildResult<Value> {
        self.binary_with_attrs(op, lhs, rhs, broadcast_dimensions, Attrs::new())
    }

    /// [`Builder::binary`] with attributes for the element-wise op (a comparison direction).
    pub fn binary_with_attrs(
        &mut self,
        op: &str,
        lhs: Value,
        rhs: Value,
        broadcast_dimensions: &[i64],
        attributes: Attrs,
    ) -> BuildResult<Value> {
        let op = op.strip_prefix("xhlo.").unwrap_or(op);
        self.atomic(|b| {
            let ctx = context(op);
            let (l, r) = (b.tensor_of(&ctx, lhs, "lhs")?, b.tensor_of(&ctx, rhs, "rhs")?);
            let plan = broadcast_shapes(&l.dims, &r.dims, broadcast_dimensions).map_err(|e| BuildError::new(&ctx, e))?;
            let lhs = match &plan.lhs {
                Some(dims) => b.broadcast_in_dim(lhs, &plan.result, dims)?,
                None => lhs,
            };
            let rhs = match &plan.rhs {
                Some(dims) => b.broadcast_in_dim(rhs, &plan.result, dims)?,
                None => rhs,
            };
            b.op1(op, &[lhs, rhs], attributes, vec![], None)
        })
    }

    /// Brings `operands` to one shape with the rules for broadcasting without
    /// `broadcast_dimensions` (scalars, and degenerate dimensions of equal ranks), as XLA's
    /// ternary ops do. Operands flagged `keep_scalar` stay scalars (the op accepts them).
    fn broadcast_together(&mut self, op: &str, operands: &[(Value, &str, bool)]) -> BuildResult<Vec<Value>> {
        let ctx = context(op);
        let mut shapes = Vec::with_capacity(operands.len());
        for &(v, name, _) in operands {
            shapes.push(self.tensor_of(&ctx, v, name)?.dims);
        }
        let mut common: Vec<i64> = vec![];
        let mut first: Option<usize> = None;
        for (i, dims) in shapes.iter().enumerate() {
            if operands[i].2 && dims.is_empty() {
                continue;
            }
            common = match first {
                None => dims.clone(),
                Some(f) => broadcast_shapes(&common, dims, &[])
                    .map_err(|e| {
                        BuildError::new(&ctx, format!("{} and {}: {e}", operands[f].1, operands[i].1))
                    })?
                    .result,
            };
            first.get_or_insert(i);
        }
        let mut out = Vec::with_capacity(operands.len());
        for (i, &(v, _, keep_scalar)) in operands.iter().enumerate() {
            let dims = &shapes[i];
            if (keep_scalar && dims.is_empty()) || dims == &common {
                out.push(v);
                continue;
            }
            let plan = broadcast_shapes(dims, &common, &[]).map_err(|e| BuildError::new(&ctx, e))?;
            out.push(match plan.lhs {
                Some(map) => self.broadcast_in_dim(v, &common, &map)?,
                None => v,
            });
        }
        Ok(out)
    }

    unary_ops! {
        abs => "abs", "Abs";
        neg => "negate", "Neg";
        sign => "sign", "Sign";
        ceil => "ceil", "Ceil";
        floor => "floor", "Floor";
        round => "round_nearest_afz", "Round";
        round_nearest_even => "round_nearest_even", "RoundNearestEven";
        exp => "exponential", "Exp";
        expm1 => "exponential_minus_one", "Expm1";
        log => "log", "Log";
        log1p => "log_plus_one", "Log1p";
        logistic => "logistic", "Logistic";
        sqrt => "sqrt", "Sqrt";
        rsqrt => "rsqrt", "Rsqrt";
        cbrt => "cbrt", "Cbrt";
        cos => "cosine", "Cos";
        sin => "sine", "Sin";
        tan => "tan", "Tan";
        tanh => "tanh", "Tanh";
        erf => "erf", "Erf";
        is_finite => "is_finite", "IsFinite";
        not => "not", "Not";
        popcnt => "popcnt", "PopulationCount";
        clz => "count_leading_zeros", "Clz";
        real => "real", "Real";
        imag => "imag", "Imag";
    }

    binary_ops! {
        add => "add", "Add";
        sub => "subtract", "Sub";
        mul => "multiply", "Mul";
        div => "divide", "Div";
        rem => "remainder", "Rem";
        pow => "power", "Pow";
        max => "maximum", "Max";
        min => "minimum", "Min";
        atan2 => "atan2", "Atan2";
        and => "and", "And";
        or => "or", "Or";
        xor => "xor", "Xor";
        shift_left => "shift_left", "ShiftLeft";
        shift_right_arithmetic => "shift_right_arithmetic", "ShiftRightArithmetic";
        shift_right_logical => "shift_right_logical", "ShiftRightLogical";
        complex => "complex", "Complex";
    }

    /// XLA `Eq`/`Ne`/`Ge`/`Gt`/`Le`/`Lt`: `xhlo.compare` with `comparison_direction`, after
    /// seed 003 broadcasting; the result has element type PRED.
    pub fn compare(
        &mut self,
        lhs: Value,
        rhs: Value,
        direction: ComparisonDirection,
        broadcast_dimensions: &[i64],
    ) -> BuildResult<Value> {
        let a = attrs([("comparison_direction", Attr::str(direction.as_str()))]);
        self.binary_with_attrs("compare", lhs, rhs, broadcast_dimensions, a)
    }

    /// XLA's `EqTotalOrder` family: a comparison with `compare_type = "TOTALORDER"` (floats).
    pub fn compare_total_order(
        &mut self,
        lhs: Value,
        rhs: Value,
        direction: ComparisonDirection,
        broadcast_dimensions: &[i64],
    ) -> BuildResult<Value> {
        let a = attrs([
            ("comparison_direction", Attr::str(direction.as_str())),
            ("compare_type", Attr::str("TOTALORDER")),
        ]);
        self.binary_with_attrs("compare", lhs, rhs, broadcast_dimensions, a)
    }

    /// XLA `Eq`.
    pub fn eq(&mut self, lhs: Value, rhs: Value, broadcast_dimensions: &[i64]) -> BuildResult<Value> {
        self.compare(lhs, rhs, ComparisonDirection::Eq, broadcast_dimensions)
    }
    /// XLA `Ne`.
    pub fn ne(&mut self, lhs: Value, rhs: Value, broadcast_dimensions: &[i64]) -> BuildResult<Value> {
        self.compare(lhs, rhs, ComparisonDirection::Ne, broadcast_dimensions)
    }
    /// XLA `Ge`.
    pub fn ge(&mut self, lhs: Value, rhs: Value, broadcast_dimensions: &[i64]) -> BuildResult<Value> {
        self.compare(lhs, rhs, ComparisonDirection::Ge, broadcast_dimensions)
    }
    /// XLA `Gt`.
    pub fn gt(&mut self, lhs: Value, rhs: Value, broadcast_dimensions: &[i64]) -> BuildResult<Value> {
        self.compare(lhs, rhs, ComparisonDirection::Gt, broadcast_dimensions)
    }
    /// XLA `Le`.
    pub fn le(&mut self, lhs: Value, rhs: Value, broadcast_dimensions: &[i64]) -> BuildResult<Value> {
        self.compare(lhs, rhs, ComparisonDirection::Le, broadcast_dimensions)
    }
    /// XLA `Lt`.
    pub fn lt(&mut self, lhs: Value, rhs: Value, broadcast_dimensions: &[i64]) -> BuildResult<Value> {
        self.compare(lhs, rhs, ComparisonDirection::Lt, broadcast_dimensions)
    }

    /// XLA `Select`: `on_true` where `pred` else `on_false`. Scalar or degenerate
    /// `on_true`/`on_false` (and a non-scalar `pred`) are broadcast to the common shape; a
    /// scalar `pred` stays a scalar, which `xhlo.select` accepts.
    pub fn select(&mut self, pred: Value, on_true: Value, on_false: Value) -> BuildResult<Value> {
        self.atomic(|b| {
            let ops = b.broadcast_together(
                "select",
                &[(pred, "pred", true), (on_true, "on_true", false), (on_false, "on_false", false)],
            )?;
            b.op1("select", &ops, Attrs::new(), vec![], None)
        })
    }

    /// XLA `Clamp`: `min(max(operand, min), max)`. Scalar bounds stay scalars; otherwise the
    /// three are broadcast to a common shape.
    pub fn clamp(&mut self, min: Value, operand: Value, max: Value) -> BuildResult<Value> {
        self.atomic(|b| {
            let ops =
                b.broadcast_together("clamp", &[(min, "min", true), (operand, "operand", false), (max, "max", true)])?;
            b.op1("clamp", &ops, Attrs::new(), vec![], None)
        })
    }

    /// XLA `ConvertElementType`: `xhlo.convert` to `element`.
    pub fn convert(&mut self, operand: Value, element: ElementType) -> BuildResult<Value> {
        let t = self.tensor_of(&context("convert"), operand, "operand")?;
        self.op1("convert", &[operand], Attrs::new(), vec![], Some(vec![Type::Tensor(t.with_element(element))]))
    }

    /// XLA `ReducePrecision`.
    pub fn reduce_precision(&mut self, operand: Value, exponent_bits: i64, mantissa_bits: i64) -> BuildResult<Value> {
        let a = attrs([
            ("exponent_bits", Attr::Int(exponent_bits, "i32".into())),
            ("mantissa_bits", Attr::Int(mantissa_bits, "i32".into())),
        ]);
        self.op1("reduce_precision", &[operand], a, vec![], None)
    }

    /// XLA `Map`: applies the scalar `computation` element-wise over `operands` of one shape.
    /// `dimensions` must list every dimension (negative numbers count from the back).
    pub fn map(&mut self, operands: &[Value], computation: &Function, dimensions: &[i64]) -> BuildResult<Value> {
        let rank = match operands.first() {
            Some(&v) => self.tensor_of(&context("map"), v, "operand #0")?.rank(),
            None => 0,
        };
        let dims = normalize("map", dimensions, rank, "dimensions")?;
        let a = attrs([("dimensions", Attr::I64Array(dims))]);
        self.op1("map", operands, a, vec![Region::from_computation(computation)], None)
    }

    // ----- Shapes ----------------------------------------------------------------------------

    /// XLA `BroadcastInDim`: `xhlo.broadcast_in_dim` to dimensions `out_dims`, operand
    /// dimension `i` going to result dimension `broadcast_dimensions[i]`; a size-1 operand
    /// dimension expands to the result size (seed 002).
    pub fn broadcast_in_dim(&mut self, operand: Value, out_dims: &[i64], broadcast_dimensions: &[i64]) -> BuildResult<Value> {
        let t = self.tensor_of(&context("broadcast_in_dim"), operand, "operand")?;
        let dims = normalize("broadcast_in_dim", broadcast_dimensions, out_dims.len(), "broadcast_dimensions")?;
        let result = Type::Tensor(t.with_dims(out_dims));
        self.op1("broadcast_in_dim", &[operand], attrs([("broadcast_dimensions", Attr::I64Array(dims))]), vec![], Some(vec![result]))
    }

    /// XLA `Broadcast`: new dimensions of sizes `broadcast_sizes` are added on the left
    /// (seed 001: `{a0..aN}` and operand `{b0..bM}` give `{a0..aN, b0..bM}`), emitted as
    /// `xhlo.broadcast_in_dim`.
    pub fn broadcast(&mut self, operand: Value, broadcast_sizes: &[i64]) -> BuildResult<Value> {
        let t = self.tensor_of(&context("broadcast_in_dim"), operand, "operand")?;
        let n = broadcast_sizes.len() as i64;
        let out: Vec<i64> = broadcast_sizes.iter().chain(&t.dims).copied().collect();
        let dims: Vec<i64> = (n..n + t.rank() as i64).collect();
        self.broadcast_in_dim(operand, &out, &dims)
    }

    /// XLA `Reshape(operand, new_sizes)`: `xhlo.reshape` to dimensions `new_sizes`.
    pub fn reshape(&mut self, operand: Value, new_sizes: &[i64]) -> BuildResult<Value> {
        let t = self.tensor_of(&context("reshape"), operand, "operand")?;
        let result = Type::Tensor(t.with_dims(new_sizes));
        self.op1("reshape", &[operand], Attrs::new(), vec![], Some(vec![result]))
    }

    /// XLA `Reshape(operand, dimensions, new_sizes)` (seed 001): the operand is read in the
    /// order `dimensions` (a permutation, most major first) before being refined into
    /// `new_sizes`, i.e. `xhlo.transpose` by `dimensions` (skipped when it is the identity)
    /// then `xhlo.reshape`.
    pub fn reshape_with_order(&mut self, operand: Value, dimensions: &[i64], new_sizes: &[i64]) -> BuildResult<Value> {
        self.atomic(|b| {
            let rank = b.tensor_of(&context("reshape"), operand, "operand")?.rank();
            let perm = normalize("transpose", dimensions, rank, "dimensions")?;
            let identity = perm.iter().enumerate().all(|(i, &d)| d == i as i64) && perm.len() == rank;
            let x = if identity { operand } else { b.transpose(operand, &perm)? };
            b.reshape(x, new_sizes)
        })
    }

    /// XLA `Transpose`: result dimension `i` is operand dimension `permutation[i]`.
    pub fn transpose(&mut self, operand: Value, permutation: &[i64]) -> BuildResult<Value> {
        let rank = self.tensor_of(&context("transpose"), operand, "operand")?.rank();
        let perm = normalize("transpose", permutation, rank, "permutation")?;
        self.op1("transpose", &[operand], attrs([("permutation", Attr::I64Array(perm))]), vec![], None)
    }

    /// XLA `Slice`: the box `[start_indices, limit_indices)` taken every `strides` elements.
    pub fn slice(&mut self, operand: Value, start_indices: &[i64], limit_indices: &[i64], strides: &[i64]) -> BuildResult<Value> {
        let a = attrs([
            ("start_indices", Attr::I64Array(start_indices.to_vec())),
            ("limit_indices", Attr::I64Array(limit_indices.to_vec())),
            ("strides", Attr::I64Array(strides.to_vec())),
        ]);
        self.op1("slice", &[operand], a, vec![], None)
    }

    /// XLA `SliceInDim`: slices dimension `dimno` only, keeping the others whole.
    pub fn slice_in_dim(&mut self, operand: Value, start: i64, limit: i64, stride: i64, dimno: i64) -> BuildResult<Value> {
        let t = self.tensor_of(&context("slice"), operand, "operand")?;
        let d = normalize_dim(dimno, t.rank()).map_err(|e| BuildError::new(context("slice"), format!("dimno: {e}")))?;
        let mut starts = vec![0; t.rank()];
        let mut limits = t.dims.clone();
        let mut strides = vec![1; t.rank()];
        (starts[d], limits[d], strides[d]) = (start, limit, stride);
        self.slice(operand, &starts, &limits, &strides)
    }

    /// XLA `ConcatInDim`: joins `operands` along `dimension`.
    pub fn concat(&mut self, operands: &[Value], dimension: i64) -> BuildResult<Value> {
        let ctx = context("concatenate");
        let Some(&first) = operands.first() else {
            return Err(BuildError::new(ctx, "needs at least one operand"));
        };
        let rank = self.tensor_of(&ctx, first, "operand #0")?.rank();
        let d = normalize("concatenate", &[dimension], rank, "dimension")?[0];
        self.op1("concatenate", operands, attrs([("dimension", Attr::i64(d))]), vec![], None)
    }

    // ----- Linear algebra --------------------------------------------------------------------

    /// XLA `DotGeneral`: `xhlo.dot_general` with the given dimension numbers (negative numbers
    /// count from the back of their operand). Result dimensions: batch, lhs free, rhs free.
    pub fn dot_general(&mut self, lhs: Value, rhs: Value, dims: &DotDimensionNumbers) -> BuildResult<Value> {
        let ctx = context("dot_general");
        let (l, r) = (self.tensor_of(&ctx, lhs, "lhs")?.rank(), self.tensor_of(&ctx, rhs, "rhs")?.rank());
        let a = attrs([
            ("lhs_batching_dimensions", Attr::I64Array(normalize("dot_general", &dims.lhs_batch_dimensions, l, "lhs_batching_dimensions")?)),
            ("rhs_batching_dimensions", Attr::I64Array(normalize("dot_general", &dims.rhs_batch_dimensions, r, "rhs_batching_dimensions")?)),
            ("lhs_contracting_dimensions", Attr::I64Array(normalize("dot_general", &dims.lhs_contracting_dimensions, l, "lhs_contracting_dimensions")?)),
            ("rhs_contracting_dimensions", Attr::I64Array(normalize("dot_general", &dims.rhs_contracting_dimensions, r, "rhs_contracting_dimensions")?)),
        ]);
        self.op1("dot_general", &[lhs, rhs], a, vec![], None)
    }

    /// XLA `Dot` (seeds 001/002): vector·vector, matrix·vector, matrix·matrix; contracts the
    /// last dimension of `lhs` with the first of `rhs`. Emitted as `xhlo.dot_general`.
    pub fn dot(&mut self, lhs: Value, rhs: Value) -> BuildResult<Value> {
        let ctx = context("dot_general");
        let (l, r) = (self.tensor_of(&ctx, lhs, "lhs")?, self.tensor_of(&ctx, rhs, "rhs")?);
        if !(1..=2).contains(&l.rank()) || !(1..=2).contains(&r.rank()) {
            return Err(BuildError::new(
                ctx,
                format!(
                    "Dot takes vectors and matrices, got lhs {:?} (rank {}) and rhs {:?} (rank {}); use dot_general for other ranks",
                    l.dims,
                    l.rank(),
                    r.dims,
                    r.rank()
                ),
            ));
        }
        let dims = DotDimensionNumbers {
            lhs_contracting_dimensions: vec![l.rank() as i64 - 1],
            rhs_contracting_dimensions: vec![0],
            ..Default::default()
        };
        self.dot_general(lhs, rhs, &dims)
    }

    // ----- Reductions ------------------------------------------------------------------------

    /// XLA `Reduce` with several operands: reduces `dimensions` of every operand with
    /// `computation` (parameters: one accumulator per operand, then one element per operand,
    /// all rank-0 tensors; results: one per operand). The catalogue's single variadic slot
    /// takes the operands followed by the init values.
    pub fn reduce_variadic(
        &mut self,
        operands: &[Value],
        init_values: &[Value],
        computation: &Function,
        dimensions: &[i64],
    ) -> BuildResult<Vec<Value>> {
        let ctx = context("reduce");
        if operands.len() != init_values.len() || operands.is_empty() {
            return Err(BuildError::new(
                ctx,
                format!(
                    "reduce takes one init value per operand and at least one operand: got {} operand(s) and {} init value(s)",
                    operands.len(),
                    init_values.len()
                ),
            ));
        }
        let rank = self.tensor_of(&ctx, operands[0], "operand #0")?.rank();
        let dims = normalize("reduce", dimensions, rank, "dimensions")?;
        let all: Vec<Value> = operands.iter().chain(init_values).copied().collect();
        let a = attrs([("dimensions", Attr::I64Array(dims))]);
        self.op("reduce", &all, a, vec![Region::from_computation(computation)], None)
    }

    /// XLA `Reduce(operand, init_value, computation, dimensions)` (seed 001).
    pub fn reduce(&mut self, operand: Value, init_value: Value, computation: &Function, dimensions: &[i64]) -> BuildResult<Value> {
        let results = self.reduce_variadic(&[operand], &[init_value], computation, dimensions)?;
        match results.as_slice() {
            [one] => Ok(*one),
            many => {
                self.ops.pop();
                Err(BuildError::new(context("reduce"), format!("expected one result, the op gives {}", many.len())))
            }
        }
    }
}
