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

    /// XLA `Collapse`: merges the consecutive, in-order `dimensions` into one.
    pub fn collapse(&mut self, operand: Value, dimensions: &[i64]) -> BuildResult<Value> {
        let rank = self.tensor_of(&context("collapse"), operand, "operand")?.rank();
        let dims = normalize("collapse", dimensions, rank, "dimensions")?;
        self.op1("collapse", &[operand], attrs([("dimensions", Attr::I64Array(dims))]), vec![], None)
    }

    /// XLA `Rev`: reverses the element order along `dimensions` (`xhlo.reverse`).
    pub fn rev(&mut self, operand: Value, dimensions: &[i64]) -> BuildResult<Value> {
        let rank = self.tensor_of(&context("reverse"), operand, "operand")?.rank();
        let dims = normalize("reverse", dimensions, rank, "dimensions")?;
        self.op1("reverse", &[operand], attrs([("dimensions", Attr::I64Array(dims))]), vec![], None)
    }

    /// XLA `Pad` with the padding config as three per-dimension lists: edge padding low and
    /// high (negative removes elements) and interior padding.
    pub fn pad(
        &mut self,
        operand: Value,
        padding_value: Value,
        edge_padding_low: &[i64],
        edge_padding_high: &[i64],
        interior_padding: &[i64],
    ) -> BuildResult<Value> {
        let a = attrs([
            ("edge_padding_low", Attr::I64Array(edge_padding_low.to_vec())),
            ("edge_padding_high", Attr::I64Array(edge_padding_high.to_vec())),
            ("interior_padding", Attr::I64Array(interior_padding.to_vec())),
        ]);
        self.op1("pad", &[operand, padding_value], a, vec![], None)
    }

    /// XLA `Iota`: an array of type `ty` counting 0, 1, 2, ... along `iota_dimension`.
    pub fn iota(&mut self, ty: TensorType, iota_dimension: i64) -> BuildResult<Value> {
        let d = normalize("iota", &[iota_dimension], ty.rank(), "iota_dimension")?[0];
        let result = Type::Tensor(TensorType { layout: None, ..ty });
        self.op1("iota", &[], attrs([("iota_dimension", Attr::i64(d))]), vec![], Some(vec![result]))
    }

    /// XLA `Tuple`.
    pub fn tuple(&mut self, elements: &[Value]) -> BuildResult<Value> {
        self.op1("tuple", elements, Attrs::new(), vec![], None)
    }

    /// XLA `GetTupleElement`.
    pub fn get_tuple_element(&mut self, tuple: Value, index: i64) -> BuildResult<Value> {
        self.op1("get_tuple_element", &[tuple], attrs([("index", Attr::i64(index))]), vec![], None)
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
    /// XLA `Sort`: sorts `operands` (one shape) together along `dimension` with the
    /// `comparator` computation, which takes `(lhs_0, rhs_0, lhs_1, rhs_1, ...)` scalars and
    /// returns a `tensor<i1>`.
    pub fn sort(&mut self, operands: &[Value], comparator: &Function, dimension: i64, is_stable: bool) -> BuildResult<Vec<Value>> {
        let rank = match operands.first() {
            Some(&v) => self.tensor_of(&context("sort"), v, "operand #0")?.rank(),
            None => 0,
        };
        let d = normalize("sort", &[dimension], rank, "dimension")?[0];
        let a = attrs([("dimension", Attr::i64(d)), ("is_stable", Attr::Bool(is_stable))]);
        self.op("sort", operands, a, vec![Region::from_computation(comparator)], None)
    }

    /// XLA `While`: runs `body` while `condition` returns true, on the loop-carried values
    /// starting at `init` (several values instead of XLA's single tuple). Both computations
    /// take the loop-carried values; `condition` returns a `tensor<i1>`.
    pub fn while_loop(&mut self, condition: &Function, body: &Function, init: &[Value]) -> BuildResult<Vec<Value>> {
        let regions = vec![Region::from_computation(condition), Region::from_computation(body)];
        self.op("while", init, Attrs::new(), regions, None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builder::BuildError;
    use crate::types::ElementType::{C64, F32, S32};

    type BinaryFn = fn(&mut Builder, Value, Value, &[i64]) -> BuildResult<Value>;

    /// The op lines of a printed function, without indentation (the `return` excluded).
    fn op_lines(f: &Function) -> Vec<String> {
        f.to_string()
            .lines()
            .map(str::trim)
            .filter(|l| l.starts_with('%') || l.starts_with('"'))
            .map(String::from)
            .collect()
    }

    /// Builds `Add(lhs, rhs, broadcast_dimensions)` over parameters of the given types;
    /// returns the result type and the ops emitted.
    fn add(lhs: &str, rhs: &str, dims: &[i64]) -> Result<(Type, Vec<String>), BuildError> {
        let mut b = Builder::new("main");
        let l = b.parameter(0, lhs)?;
        let r = b.parameter(1, rhs)?;
        let sum = b.add(l, r, dims)?;
        let ty = b.shape(sum)?;
        Ok((ty, op_lines(&b.build(&[sum])?)))
    }

    fn t(text: &str) -> Type {
        Type::parse(text).unwrap()
    }

    fn bid(arg: &str, dims: &str, from: &str, to: &str) -> String {
        format!("\"xhlo.broadcast_in_dim\"({arg}) {{broadcast_dimensions = {dims}}} : ({from}) -> {to}")
    }

    fn add_line(lhs: &str, rhs: &str, ty: &str) -> String {
        format!("\"xhlo.add\"({lhs}, {rhs}) : ({ty}, {ty}) -> {ty}")
    }

    // ----- Seed 003, every example, end to end --------------------------------------------

    // Seed 003 opening example: |1 2 3; 4 5 6| + |7 8 9| broadcasts the vector over the rows
    // (broadcast_dimensions (1)).
    #[test]
    fn seed003_intro_matrix_123_456_plus_vector_789_with_dims_1() {
        let mut b = Builder::new("main");
        let x = b.constant_r2(&[[1, 2, 3], [4, 5, 6]]).unwrap();
        let v = b.constant_r1(&[7, 8, 9]).unwrap();
        let s = b.add(x, v, &[1]).unwrap();
        assert_eq!(b.shape(s).unwrap(), t("tensor<2x3xi32>"));
        let lines = op_lines(&b.build(&[s]).unwrap());
        assert_eq!(
            lines,
            [
                r#"%0 = "xhlo.constant"() {value = dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>"#.to_string(),
                r#"%1 = "xhlo.constant"() {value = dense<[7, 8, 9]> : tensor<3xi32>} : () -> tensor<3xi32>"#.to_string(),
                format!("%2 = {}", bid("%1", "array<i64: 1>", "tensor<3xi32>", "tensor<2x3xi32>")),
                format!("%3 = {}", add_line("%0", "%2", "tensor<2x3xi32>")),
            ]
        );
    }

    // Seed 003: |1 2 3; 4 5 6| + 7, a scalar needs no broadcast_dimensions.
    #[test]
    fn seed003_scalar_7_plus_matrix_123_456() {
        let mut b = Builder::new("main");
        let x = b.constant_r2(&[[1, 2, 3], [4, 5, 6]]).unwrap();
        let seven = b.constant_r0(7).unwrap();
        let s = b.add(x, seven, &[]).unwrap();
        assert_eq!(b.shape(s).unwrap(), t("tensor<2x3xi32>"));
        let lines = op_lines(&b.build(&[s]).unwrap());
        assert_eq!(lines[1], r#"%1 = "xhlo.constant"() {value = dense<7> : tensor<i32>} : () -> tensor<i32>"#);
        assert_eq!(lines[2], format!("%2 = {}", bid("%1", "array<i64>", "tensor<i32>", "tensor<2x3xi32>")));
        assert_eq!(lines[3], format!("%3 = {}", add_line("%0", "%2", "tensor<2x3xi32>")));
        // The scalar may be on either side.
        let (ty, lines) = add("tensor<f32>", "tensor<2x3xf32>", &[]).unwrap();
        assert_eq!(ty, t("tensor<2x3xf32>"));
        assert_eq!(lines[0], format!("%0 = {}", bid("%arg0", "array<i64>", "tensor<f32>", "tensor<2x3xf32>")));
        assert_eq!(lines[1], format!("%1 = {}", add_line("%0", "%arg1", "tensor<2x3xf32>")));
    }

    // Seed 003: a (2,3) matrix plus a (3) vector is invalid without broadcast_dimensions.
    #[test]
    fn seed003_matrix_2x3_plus_vector_3_without_broadcast_dimensions_is_rejected() {
        let e = add("tensor<2x3xf32>", "tensor<3xf32>", &[]).unwrap_err();
        assert_eq!(e.context, "xhlo.add");
        assert!(e.message.contains("rhs [3] has rank 1 and lhs [2, 3] has rank 2"), "{e}");
    }

    // Seed 003: the 3-vector and the 3x3 matrix, (1) repeats the vector for each row,
    // (0) for each column.
    #[test]
    fn seed003_matrix_3x3_plus_vector_3_with_dims_1_and_with_dims_0() {
        for (dims, text) in [(1, "array<i64: 1>"), (0, "array<i64: 0>")] {
            let (ty, lines) = add("tensor<3x3xf32>", "tensor<3xf32>", &[dims]).unwrap();
            assert_eq!(ty, t("tensor<3x3xf32>"));
            assert_eq!(
                lines,
                [
                    format!("%0 = {}", bid("%arg1", text, "tensor<3xf32>", "tensor<3x3xf32>")),
                    format!("%1 = {}", add_line("%arg0", "%0", "tensor<3x3xf32>")),
                ]
            );
        }
    }

    // Seed 003: a 2x3x4 cuboid and a 3x4 matrix with broadcast tuple (1,2).
    #[test]
    fn seed003_cuboid_2x3x4_plus_matrix_3x4_with_dims_1_2() {
        let (ty, lines) = add("tensor<2x3x4xf32>", "tensor<3x4xf32>", &[1, 2]).unwrap();
        assert_eq!(ty, t("tensor<2x3x4xf32>"));
        assert_eq!(
            lines,
            [
                format!("%0 = {}", bid("%arg1", "array<i64: 1, 2>", "tensor<3x4xf32>", "tensor<2x3x4xf32>")),
                format!("%1 = {}", add_line("%arg0", "%0", "tensor<2x3x4xf32>")),
            ]
        );
    }

    // Seed 003 formal definition: a vector T matched with dim 3, 2, 1 or 0 of MxNxPxQ
    // (2x3x4x5 here).
    #[test]
    fn seed003_formal_vector_t_into_mxnxpxq_at_each_dimension() {
        for (d, size) in [(3, 5), (2, 4), (1, 3), (0, 2)] {
            let (ty, lines) = add("tensor<2x3x4x5xf32>", &format!("tensor<{size}xf32>"), &[d]).unwrap();
            assert_eq!(ty, t("tensor<2x3x4x5xf32>"));
            assert_eq!(
                lines[0],
                format!(
                    "%0 = {}",
                    bid("%arg1", &format!("array<i64: {d}>"), &format!("tensor<{size}xf32>"), "tensor<2x3x4x5xf32>")
                )
            );
        }
    }

    // Seed 003 formal definition: a TxV matrix matched with dims (2,3), (1,2), (0,3).
    #[test]
    fn seed003_formal_matrix_txv_into_mxnxpxq_at_dimension_pairs() {
        for (dims, tv) in [([2, 3], "4x5"), ([1, 2], "3x4"), ([0, 3], "2x5")] {
            let (ty, lines) = add("tensor<2x3x4x5xf32>", &format!("tensor<{tv}xf32>"), &dims).unwrap();
            assert_eq!(ty, t("tensor<2x3x4x5xf32>"));
            let attr = format!("array<i64: {}, {}>", dims[0], dims[1]);
            assert_eq!(lines[0], format!("%0 = {}", bid("%arg1", &attr, &format!("tensor<{tv}xf32>"), "tensor<2x3x4x5xf32>")));
            assert_eq!(lines.len(), 2);
        }
    }

    // Seed 003 formal definition: matching V to N and T to P (decreasing order), or V to both
    // P and N, is illegal; nothing is emitted.
    #[test]
    fn seed003_formal_out_of_order_or_repeated_broadcast_dimensions_are_rejected() {
        let e = add("tensor<2x3x4x5xf32>", "tensor<4x3xf32>", &[2, 1]).unwrap_err();
        assert!(e.message.contains("must be strictly increasing: entry 1 (1) does not come after entry 0 (2)"), "{e}");
        let e = add("tensor<2x3x4x5xf32>", "tensor<4x4xf32>", &[2, 2]).unwrap_err();
        assert!(e.message.contains("strictly increasing"), "{e}");
        // T must equal the matched dimension.
        let e = add("tensor<2x3x4x5xf32>", "tensor<6xf32>", &[1]).unwrap_err();
        assert!(e.message.contains("maps rhs dimension 0 (size 6) to lhs dimension 1 (size 3)"), "{e}");
    }

    // Seed 003 degenerate dimensions, example 1: (2,1) and (2,3) broadcast to (2,3).
    #[test]
    fn seed003_degenerate_example1_2x1_and_2x3() {
        let (ty, lines) = add("tensor<2x1xf32>", "tensor<2x3xf32>", &[]).unwrap();
        assert_eq!(ty, t("tensor<2x3xf32>"));
        assert_eq!(
            lines,
            [
                format!("%0 = {}", bid("%arg0", "array<i64: 0, 1>", "tensor<2x1xf32>", "tensor<2x3xf32>")),
                format!("%1 = {}", add_line("%0", "%arg1", "tensor<2x3xf32>")),
            ]
        );
    }

    // Example 2: (1,2,5) and (7,2,5) broadcast to (7,2,5).
    #[test]
    fn seed003_degenerate_example2_1x2x5_and_7x2x5() {
        let (ty, lines) = add("tensor<1x2x5xf32>", "tensor<7x2x5xf32>", &[]).unwrap();
        assert_eq!(ty, t("tensor<7x2x5xf32>"));
        assert_eq!(lines[0], format!("%0 = {}", bid("%arg0", "array<i64: 0, 1, 2>", "tensor<1x2x5xf32>", "tensor<7x2x5xf32>")));
        assert_eq!(lines[1], format!("%1 = {}", add_line("%0", "%arg1", "tensor<7x2x5xf32>")));
    }

    // Example 3: (7,2,5) and (7,1,5) broadcast to (7,2,5).
    #[test]
    fn seed003_degenerate_example3_7x2x5_and_7x1x5() {
        let (ty, lines) = add("tensor<7x2x5xf32>", "tensor<7x1x5xf32>", &[]).unwrap();
        assert_eq!(ty, t("tensor<7x2x5xf32>"));
        assert_eq!(lines[0], format!("%0 = {}", bid("%arg1", "array<i64: 0, 1, 2>", "tensor<7x1x5xf32>", "tensor<7x2x5xf32>")));
        assert_eq!(lines[1], format!("%1 = {}", add_line("%arg0", "%0", "tensor<7x2x5xf32>")));
    }

    // Example 4: (7,2,5) and (7,2,6) are incompatible.
    #[test]
    fn seed003_degenerate_example4_7x2x5_and_7x2x6_are_incompatible() {
        let e = add("tensor<7x2x5xf32>", "tensor<7x2x6xf32>", &[]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "xhlo.add: cannot broadcast lhs [7, 2, 5] with rhs [7, 2, 6]: dimension 2 has size 5 in lhs and 6 in rhs; \
             sizes must be equal or one of them 1"
        );
    }

    // Seed 003: the "outer operation", (2,1) and (1,3) broadcast to (2,3); both sides grow.
    #[test]
    fn seed003_outer_operation_2x1_and_1x3() {
        let (ty, lines) = add("tensor<2x1xf32>", "tensor<1x3xf32>", &[]).unwrap();
        assert_eq!(ty, t("tensor<2x3xf32>"));
        assert_eq!(
            lines,
            [
                format!("%0 = {}", bid("%arg0", "array<i64: 0, 1>", "tensor<2x1xf32>", "tensor<2x3xf32>")),
                format!("%1 = {}", bid("%arg1", "array<i64: 0, 1>", "tensor<1x3xf32>", "tensor<2x3xf32>")),
                format!("%2 = {}", add_line("%0", "%1", "tensor<2x3xf32>")),
            ]
        );
    }

    // Seed 003 composition: |1 2 3 4| + [5 6] (a 1x2 matrix) with broadcast_dimensions (0)
    // gives |6 7; 7 8; 8 9; 9 10|, a 4x2 matrix.
    #[test]
    fn seed003_composition_vector_1234_plus_matrix_56_with_dims_0() {
        let mut b = Builder::new("main");
        let v = b.constant_r1(&[1, 2, 3, 4]).unwrap();
        let m = b.constant_r2(&[[5, 6]]).unwrap();
        let s = b.add(v, m, &[0]).unwrap();
        assert_eq!(b.shape(s).unwrap(), t("tensor<4x2xi32>"));
        let lines = op_lines(&b.build(&[s]).unwrap());
        assert_eq!(
            lines[2..],
            [
                format!("%2 = {}", bid("%0", "array<i64: 0>", "tensor<4xi32>", "tensor<4x2xi32>")),
                format!("%3 = {}", bid("%1", "array<i64: 0, 1>", "tensor<1x2xi32>", "tensor<4x2xi32>")),
                format!("%4 = {}", add_line("%2", "%3", "tensor<4x2xi32>")),
            ]
        );
    }

    // Seed 003 composition: a 1x2 matrix into a 4x3x1 array with (1,2) gives 4x3x2.
    #[test]
    fn seed003_composition_matrix_1x2_into_array_4x3x1_with_dims_1_2() {
        let (ty, lines) = add("tensor<4x3x1xf32>", "tensor<1x2xf32>", &[1, 2]).unwrap();
        assert_eq!(ty, t("tensor<4x3x2xf32>"));
        assert_eq!(
            lines,
            [
                format!("%0 = {}", bid("%arg0", "array<i64: 0, 1, 2>", "tensor<4x3x1xf32>", "tensor<4x3x2xf32>")),
                format!("%1 = {}", bid("%arg1", "array<i64: 1, 2>", "tensor<1x2xf32>", "tensor<4x3x2xf32>")),
                format!("%2 = {}", add_line("%0", "%1", "tensor<4x3x2xf32>")),
            ]
        );
    }

    #[test]
    fn equal_shapes_emit_only_the_element_wise_op() {
        let (_, lines) = add("tensor<2x3xf32>", "tensor<2x3xf32>", &[]).unwrap();
        assert_eq!(lines, [format!("%0 = {}", add_line("%arg0", "%arg1", "tensor<2x3xf32>"))]);
    }

    #[test]
    fn broadcasting_needs_tensor_operands() {
        let e = add("!xhlo.token", "tensor<f32>", &[]).unwrap_err();
        assert_eq!(e.to_string(), "xhlo.add: lhs must be a tensor, got !xhlo.token");
    }

    // ----- Element-wise helpers ----------------------------------------------------------

    #[test]
    fn named_binary_ops_emit_their_stablehlo_names() {
        let mut b = Builder::new("f");
        let x = b.parameter(0, "tensor<2xi32>").unwrap();
        let ops: [(BinaryFn, &str); 15] = [
            (Builder::add, "add"),
            (Builder::sub, "subtract"),
            (Builder::mul, "multiply"),
            (Builder::div, "divide"),
            (Builder::rem, "remainder"),
            (Builder::pow, "power"),
            (Builder::max, "maximum"),
            (Builder::min, "minimum"),
            (Builder::and, "and"),
            (Builder::or, "or"),
            (Builder::xor, "xor"),
            (Builder::shift_left, "shift_left"),
            (Builder::shift_right_arithmetic, "shift_right_arithmetic"),
            (Builder::shift_right_logical, "shift_right_logical"),
            (Builder::add, "add"),
        ];
        for (i, (f, name)) in ops.iter().enumerate() {
            f(&mut b, x, x, &[]).unwrap();
            assert_eq!(b.ops()[i].name, format!("xhlo.{name}"));
        }
        // atan2 and complex need floats.
        let y = b.parameter(1, "tensor<2xf32>").unwrap();
        let a = b.atan2(y, y, &[]).unwrap();
        let c = b.complex(y, y, &[]).unwrap();
        assert_eq!(b.shape(a).unwrap(), t("tensor<2xf32>"));
        assert_eq!(b.shape(c).unwrap(), t("tensor<2xcomplex<f32>>"));
    }

    #[test]
    fn named_unary_ops_emit_their_stablehlo_names_and_check_types() {
        let mut b = Builder::new("f");
        let x = b.parameter(0, "tensor<3xf32>").unwrap();
        let e = b.exp(x).unwrap();
        let l = b.log1p(e).unwrap();
        let fin = b.is_finite(l).unwrap();
        assert_eq!(b.shape(fin).unwrap(), t("tensor<3xi1>"));
        let names: Vec<&str> = b.ops().iter().map(|o| o.name.as_str()).collect();
        assert_eq!(names, ["xhlo.exponential", "xhlo.log_plus_one", "xhlo.is_finite"]);
        let e = b.popcnt(x).unwrap_err();
        assert!(e.to_string().starts_with("xhlo.popcnt: operand has element type f32 (F32) but must be an integer"), "{e}");
    }

    #[test]
    fn compare_sets_the_direction_broadcasts_and_gives_pred() {
        let mut b = Builder::new("f");
        let m = b.parameter(0, "tensor<2x3xf32>").unwrap();
        let v = b.parameter(1, "tensor<3xf32>").unwrap();
        let c = b.gt(m, v, &[1]).unwrap();
        assert_eq!(b.shape(c).unwrap(), t("tensor<2x3xi1>"));
        let lines = op_lines(&b.build(&[c]).unwrap());
        assert_eq!(
            lines[1],
            r#"%1 = "xhlo.compare"(%arg0, %0) {comparison_direction = "GT"} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>"#
        );
        let mut b = Builder::new("f");
        let x = b.parameter(0, "tensor<2xf32>").unwrap();
        for (f, dir) in [
            (Builder::eq as BinaryFn, "EQ"),
            (Builder::ne, "NE"),
            (Builder::ge, "GE"),
            (Builder::le, "LE"),
            (Builder::lt, "LT"),
        ] {
            let r = f(&mut b, x, x, &[]).unwrap();
            let op = &b.ops()[b.ops().len() - 1];
            assert_eq!(op.attrs["comparison_direction"], Attr::str(dir));
            assert_eq!(b.shape(r).unwrap(), t("tensor<2xi1>"));
        }
        let r = b.compare_total_order(x, x, ComparisonDirection::Lt, &[]).unwrap();
        assert_eq!(b.ops().last().unwrap().attrs["compare_type"], Attr::str("TOTALORDER"));
        assert_eq!(b.shape(r).unwrap(), t("tensor<2xi1>"));
        let i = b.parameter(1, "tensor<2xi32>").unwrap();
        let e = b.compare_total_order(i, i, ComparisonDirection::Lt, &[]).unwrap_err();
        assert!(e.message.contains("compare_type TOTALORDER needs float operands"), "{e}");
    }

    #[test]
    fn select_keeps_a_scalar_pred_and_broadcasts_scalar_branches() {
        let mut b = Builder::new("f");
        let p = b.parameter(0, "tensor<i1>").unwrap();
        let x = b.parameter(1, "tensor<2x3xf32>").unwrap();
        let zero = b.parameter(2, "tensor<f32>").unwrap();
        let s = b.select(p, x, zero).unwrap();
        assert_eq!(b.shape(s).unwrap(), t("tensor<2x3xf32>"));
        let lines = op_lines(&b.build(&[s]).unwrap());
        assert_eq!(
            lines,
            [
                format!("%0 = {}", bid("%arg2", "array<i64>", "tensor<f32>", "tensor<2x3xf32>")),
                r#"%1 = "xhlo.select"(%arg0, %arg1, %0) : (tensor<i1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>"#
                    .to_string(),
            ]
        );
    }

    #[test]
    fn select_broadcasts_degenerate_pred_and_rejects_incompatible_branches() {
        let mut b = Builder::new("f");
        let p = b.parameter(0, "tensor<2x1xi1>").unwrap();
        let x = b.parameter(1, "tensor<2x3xf32>").unwrap();
        let s = b.select(p, x, x).unwrap();
        assert_eq!(b.shape(s).unwrap(), t("tensor<2x3xf32>"));
        assert_eq!(b.ops()[0].name, "xhlo.broadcast_in_dim");
        let y = b.parameter(2, "tensor<2x4xf32>").unwrap();
        let e = b.select(p, x, y).unwrap_err();
        assert!(e.message.starts_with("pred and on_false: cannot broadcast"), "{e}");
        assert_eq!(b.ops().len(), 2, "the failed select left nothing behind");
        let q = b.parameter(3, "tensor<2x3xf32>").unwrap();
        let e = b.select(q, x, x).unwrap_err();
        assert!(e.message.contains("pred must have element type i1"), "{e}");
    }

    #[test]
    fn clamp_keeps_scalar_bounds_and_broadcasts_others() {
        let mut b = Builder::new("f");
        let lo = b.constant_r0(0.0f32).unwrap();
        let x = b.parameter(0, "tensor<4xf32>").unwrap();
        let hi = b.parameter(1, "tensor<1xf32>").unwrap();
        let c = b.clamp(lo, x, hi).unwrap();
        assert_eq!(b.shape(c).unwrap(), t("tensor<4xf32>"));
        let names: Vec<&str> = b.ops().iter().map(|o| o.name.as_str()).collect();
        assert_eq!(names, ["xhlo.constant", "xhlo.broadcast_in_dim", "xhlo.clamp"]);
        let i = b.parameter(2, "tensor<i32>").unwrap();
        let e = b.clamp(i, x, hi).unwrap_err();
        assert!(e.message.contains("min has element type i32 (S32) but operand has f32 (F32)"), "{e}");
    }

    // Seed 001 ConvertElementType: s32[3] {0, 1, 2} to f32.
    #[test]
    fn seed001_convert_s32_vector_to_f32() {
        let mut b = Builder::new("f");
        let a = b.constant_r1(&[0i32, 1, 2]).unwrap();
        let c = b.convert(a, F32).unwrap();
        assert_eq!(b.shape(c).unwrap(), t("tensor<3xf32>"));
        assert_eq!(
            op_lines(&b.build(&[c]).unwrap())[1],
            r#"%1 = "xhlo.convert"(%0) : (tensor<3xi32>) -> tensor<3xf32>"#
        );
    }

    #[test]
    fn convert_rejects_tuples() {
        let mut b = Builder::new("f");
        let x = b.parameter(0, "tuple<tensor<f32>>").unwrap();
        let e = b.convert(x, S32).unwrap_err();
        assert_eq!(e.to_string(), "xhlo.convert: operand must be a tensor, got tuple<tensor<f32>>");
    }

    #[test]
    fn reduce_precision_sets_bit_counts_and_checks_them() {
        let mut b = Builder::new("f");
        let x = b.parameter(0, "tensor<4xf32>").unwrap();
        let r = b.reduce_precision(x, 5, 10).unwrap();
        assert_eq!(b.shape(r).unwrap(), t("tensor<4xf32>"));
        assert_eq!(b.ops()[0].attrs["exponent_bits"], Attr::Int(5, "i32".into()));
        let e = b.reduce_precision(x, 0, 10).unwrap_err();
        assert!(e.message.contains("exponent_bits must be at least 1"), "{e}");
    }

    // ----- Constants --------------------------------------------------------------------

    #[test]
    fn constants_print_mlir_dense_literals() {
        let mut b = Builder::new("f");
        let cases: Vec<(BuildResult<Value>, &str)> = vec![
            (b.constant_r0(1.5f32), "dense<1.5e0> : tensor<f32>"),
            (b.constant_r0(0.1f32), "dense<1.0e-1> : tensor<f32>"),
            (b.constant_r0(f32::NAN), "dense<0x7FC00000> : tensor<f32>"),
            (b.constant_r0(-2.0f64), "dense<-2.0e0> : tensor<f64>"),
            (b.constant_r0(true), "dense<true> : tensor<i1>"),
            (b.constant_r0(200u8), "dense<200> : tensor<ui8>"),
            (b.constant_r1::<i64>(&[]), "dense<> : tensor<0xi64>"),
            (b.constant_r1(&[1i16, -2]), "dense<[1, -2]> : tensor<2xi16>"),
            (b.constant_literal(&[2, 1, 2], &[1, 2, 3, 4]), "dense<[[[1, 2]], [[3, 4]]]> : tensor<2x1x2xi32>"),
            (b.constant_splat(0.0f32, &[2, 2]), "dense<0.0e0> : tensor<2x2xf32>"),
            (b.zero(C64), "dense<(0.0, 0.0)> : tensor<complex<f32>>"),
            (b.one(ElementType::Pred), "dense<true> : tensor<i1>"),
            (b.one(F32), "dense<1.0> : tensor<f32>"),
            (b.zero(ElementType::U32), "dense<0> : tensor<ui32>"),
        ];
        for (i, (v, expected)) in cases.into_iter().enumerate() {
            let v = v.unwrap_or_else(|e| panic!("case {i}: {e}"));
            let op = &b.ops()[i];
            assert_eq!(op.name, "xhlo.constant");
            assert_eq!(op.attrs["value"].to_string(), expected, "case {i}");
            let Attr::Dense { ty, .. } = &op.attrs["value"] else { panic!() };
            assert_eq!(b.shape(v).unwrap(), Type::Tensor(ty.clone()));
        }
    }

    #[test]
    fn constants_reject_ragged_rows_and_wrong_element_counts() {
        let mut b = Builder::new("f");
        let e = b.constant_r2(&[vec![1, 2], vec![3]]).unwrap_err();
        assert_eq!(e.to_string(), "xhlo.constant: row 1 has 1 elements but row 0 has 2; a matrix is not ragged");
        let e = b.constant_literal(&[2, 2], &[1.0f32; 3]).unwrap_err();
        assert_eq!(e.to_string(), "xhlo.constant: shape [2, 2] holds 4 elements but 3 values were given");
        let e = b.constant_literal(&[-1], &[1.0f32]).unwrap_err();
        assert!(e.message.contains("non-negative"), "{e}");
        assert!(b.ops().is_empty());
    }

    // ----- Shapes -----------------------------------------------------------------------

    // Seed 001 Broadcast: scalar f32 2.0 with broadcast_sizes {2, 3} gives f32[2, 3].
    #[test]
    fn seed001_broadcast_scalar_to_2x3() {
        let mut b = Builder::new("f");
        let two = b.constant_r0(2.0f32).unwrap();
        let r = b.broadcast(two, &[2, 3]).unwrap();
        assert_eq!(b.shape(r).unwrap(), t("tensor<2x3xf32>"));
        assert_eq!(b.ops()[1].attrs["broadcast_dimensions"], Attr::I64Array(vec![]));
    }

    // Seed 001: {a0..aN} and operand {b0..bM} give {a0..aN, b0..bM}.
    #[test]
    fn broadcast_prepends_new_dimensions() {
        let mut b = Builder::new("f");
        let x = b.parameter(0, "tensor<3x4xi32>").unwrap();
        let r = b.broadcast(x, &[5]).unwrap();
        assert_eq!(b.shape(r).unwrap(), t("tensor<5x3x4xi32>"));
        assert_eq!(b.ops()[0].attrs["broadcast_dimensions"], Attr::I64Array(vec![1, 2]));
    }

    #[test]
    fn broadcast_in_dim_normalizes_negative_dimensions_and_checks_sizes() {
        let mut b = Builder::new("f");
        let x = b.parameter(0, "tensor<3xf32>").unwrap();
        let r = b.broadcast_in_dim(x, &[2, 3], &[-1]).unwrap();
        assert_eq!(b.shape(r).unwrap(), t("tensor<2x3xf32>"));
        assert_eq!(b.ops()[0].attrs["broadcast_dimensions"], Attr::I64Array(vec![1]));
        let e = b.broadcast_in_dim(x, &[2, 3], &[0]).unwrap_err();
        assert_eq!(e.context, "xhlo.broadcast_in_dim");
        let e = b.broadcast_in_dim(x, &[2, 3], &[-3]).unwrap_err();
        assert_eq!(e.to_string(), "xhlo.broadcast_in_dim: broadcast_dimensions: dimension -3 is out of range for rank 2");
    }

    // Seed 001 Reshape special cases: f32[1x1] to a scalar and 5 to f32[1x1].
    #[test]
    fn seed001_reshape_single_element_array_to_scalar_and_back() {
        let mut b = Builder::new("f");
        let m = b.constant_r2(&[[5.0f32]]).unwrap();
        let s = b.reshape_with_order(m, &[0, 1], &[]).unwrap();
        assert_eq!(b.shape(s).unwrap(), t("tensor<f32>"));
        let five = b.constant_r0(5.0f32).unwrap();
        let back = b.reshape_with_order(five, &[], &[1, 1]).unwrap();
        assert_eq!(b.shape(back).unwrap(), t("tensor<1x1xf32>"));
        let names: Vec<&str> = b.ops().iter().map(|o| o.name.as_str()).collect();
        assert_eq!(names, ["xhlo.constant", "xhlo.reshape", "xhlo.constant", "xhlo.reshape"], "no transposes for identity orders");
    }

    // Seed 001 Reshape with dimension order: v = f32[4x2x3], Reshape(v, {1,2,0}, {8,3}) and
    // {2,6,2}: a transpose by {1,2,0} then a reshape.
    #[test]
    fn seed001_reshape_with_order_1_2_0_transposes_first() {
        let mut b = Builder::new("f");
        let v = b.parameter(0, "tensor<4x2x3xf32>").unwrap();
        let r83 = b.reshape_with_order(v, &[1, 2, 0], &[8, 3]).unwrap();
        let r262 = b.reshape_with_order(v, &[1, 2, 0], &[2, 6, 2]).unwrap();
        assert_eq!(b.shape(r83).unwrap(), t("tensor<8x3xf32>"));
        assert_eq!(b.shape(r262).unwrap(), t("tensor<2x6x2xf32>"));
        let lines = op_lines(&b.build(&[r83]).unwrap());
        assert_eq!(
            lines[..2],
            [
                r#"%0 = "xhlo.transpose"(%arg0) {permutation = array<i64: 1, 2, 0>} : (tensor<4x2x3xf32>) -> tensor<2x3x4xf32>"#,
                r#"%1 = "xhlo.reshape"(%0) : (tensor<2x3x4xf32>) -> tensor<8x3xf32>"#,
            ]
        );
    }

    #[test]
    fn reshape_rejects_a_different_element_count_and_rolls_back() {
        let mut b = Builder::new("f");
        let v = b.parameter(0, "tensor<4x2x3xf32>").unwrap();
        let e = b.reshape(v, &[5, 5]).unwrap_err();
        assert_eq!(e.context, "xhlo.reshape");
        let e = b.reshape_with_order(v, &[1, 2, 0], &[5]).unwrap_err();
        assert_eq!(e.context, "xhlo.reshape");
        assert!(b.ops().is_empty(), "the transpose was taken back");
    }

    // Seed 001 Transpose: input_dimensions[permutation[i]] = output_dimensions[i].
    #[test]
    fn transpose_permutes_dimensions_and_accepts_negative_entries() {
        let mut b = Builder::new("f");
        let x = b.parameter(0, "tensor<2x3x4xf32>").unwrap();
        let r = b.transpose(x, &[2, 0, -2]).unwrap();
        assert_eq!(b.shape(r).unwrap(), t("tensor<4x2x3xf32>"));
        assert_eq!(b.ops()[0].attrs["permutation"], Attr::I64Array(vec![2, 0, 1]));
        let e = b.transpose(x, &[0, 0, 1]).unwrap_err();
        assert_eq!(e.context, "xhlo.transpose");
    }

    // Seed 001 Slice: {0,1,2,3,4} sliced {2}..{4} gives 2 elements; the 4x3 b sliced
    // {2,1}..{4,3} gives 2x2.
    #[test]
    fn seed001_slice_examples() {
        let mut b = Builder::new("f");
        let a = b.constant_r1(&[0.0f32, 1.0, 2.0, 3.0, 4.0]).unwrap();
        let s = b.slice(a, &[2], &[4], &[1]).unwrap();
        assert_eq!(b.shape(s).unwrap(), t("tensor<2xf32>"));
        let m = b.parameter(0, "tensor<4x3xf32>").unwrap();
        let s = b.slice(m, &[2, 1], &[4, 3], &[1, 1]).unwrap();
        assert_eq!(b.shape(s).unwrap(), t("tensor<2x2xf32>"));
        let lines = op_lines(&b.build(&[s]).unwrap());
        assert_eq!(
            lines[2],
            r#"%2 = "xhlo.slice"(%arg0) {limit_indices = array<i64: 4, 3>, start_indices = array<i64: 2, 1>, strides = array<i64: 1, 1>} : (tensor<4x3xf32>) -> tensor<2x2xf32>"#
        );
    }

    #[test]
    fn slice_with_strides_and_slice_in_dim() {
        let mut b = Builder::new("f");
        let x = b.parameter(0, "tensor<4x10xf32>").unwrap();
        let s = b.slice(x, &[0, 1], &[4, 10], &[2, 3]).unwrap();
        assert_eq!(b.shape(s).unwrap(), t("tensor<2x3xf32>"));
        let s = b.slice_in_dim(x, 2, 8, 2, -1).unwrap();
        assert_eq!(b.shape(s).unwrap(), t("tensor<4x3xf32>"));
        let e = b.slice(x, &[0, 5], &[4, 11], &[1, 1]).unwrap_err();
        assert_eq!(e.context, "xhlo.slice");
        let e = b.slice_in_dim(x, 0, 1, 1, 2).unwrap_err();
        assert_eq!(e.to_string(), "xhlo.slice: dimno: dimension 2 is out of range for rank 2");
    }

    // Seed 001 Concatenate: {2,3},{4,5},{6,7} along 0 gives 6 elements; a (3x2) and b (1x2)
    // along 0 give 4x2.
    #[test]
    fn seed001_concatenate_examples() {
        let mut b = Builder::new("f");
        let parts: Vec<Value> = [[2, 3], [4, 5], [6, 7]].iter().map(|p| b.constant_r1(p).unwrap()).collect();
        let c = b.concat(&parts, 0).unwrap();
        assert_eq!(b.shape(c).unwrap(), t("tensor<6xi32>"));
        let a = b.constant_r2(&[[1, 2], [3, 4], [5, 6]]).unwrap();
        let bb = b.constant_r2(&[[7, 8]]).unwrap();
        let c = b.concat(&[a, bb], 0).unwrap();
        assert_eq!(b.shape(c).unwrap(), t("tensor<4x2xi32>"));
        assert_eq!(b.ops().last().unwrap().attrs["dimension"], Attr::i64(0));
        let e = b.concat(&[a, bb], -1).unwrap_err();
        assert_eq!(e.context, "xhlo.concatenate");
        let e = b.concat(&[], 0).unwrap_err();
        assert_eq!(e.to_string(), "xhlo.concatenate: needs at least one operand");
    }

    #[test]
    fn collapse_rev_pad_iota_and_tuples() {
        let mut b = Builder::new("f");
        let x = b.parameter(0, "tensor<2x3x4xf32>").unwrap();
        let c = b.collapse(x, &[0, 1]).unwrap();
        assert_eq!(b.shape(c).unwrap(), t("tensor<6x4xf32>"));
        assert!(b.collapse(x, &[0, 2]).is_err());
        let r = b.rev(x, &[-1]).unwrap();
        assert_eq!(b.shape(r).unwrap(), t("tensor<2x3x4xf32>"));
        let zero = b.zero(F32).unwrap();
        let p = b.pad(x, zero, &[1, 0, 0], &[0, 0, -1], &[0, 1, 0]).unwrap();
        assert_eq!(b.shape(p).unwrap(), t("tensor<3x5x3xf32>"));
        let e = b.pad(x, zero, &[1], &[0], &[0]).unwrap_err();
        assert_eq!(e.context, "xhlo.pad");
        let i = b.iota(TensorType::new([2, 3], S32), -1).unwrap();
        assert_eq!(b.ops().last().unwrap().attrs["iota_dimension"], Attr::i64(1));
        assert_eq!(b.shape(i).unwrap(), t("tensor<2x3xi32>"));
        let tup = b.tuple(&[x, i]).unwrap();
        assert_eq!(b.shape(tup).unwrap(), t("tuple<tensor<2x3x4xf32>, tensor<2x3xi32>>"));
        let second = b.get_tuple_element(tup, 1).unwrap();
        assert_eq!(b.shape(second).unwrap(), t("tensor<2x3xi32>"));
        assert!(b.get_tuple_element(tup, 2).is_err());
    }

    // ----- Linear algebra -----------------------------------------------------------------

    // Seeds 001/002 Dot: vector·vector is a scalar, matrix·vector a vector, matrix·matrix a
    // matrix.
    #[test]
    fn seed001_dot_vector_matrix_cases() {
        let mut b = Builder::new("f");
        let v = b.parameter(0, "tensor<3xf32>").unwrap();
        let m = b.parameter(1, "tensor<2x3xf32>").unwrap();
        let n = b.parameter(2, "tensor<3x4xf32>").unwrap();
        let vv = b.dot(v, v).unwrap();
        let mv = b.dot(m, v).unwrap();
        let mm = b.dot(m, n).unwrap();
        assert_eq!(b.shape(vv).unwrap(), t("tensor<f32>"));
        assert_eq!(b.shape(mv).unwrap(), t("tensor<2xf32>"));
        assert_eq!(b.shape(mm).unwrap(), t("tensor<2x4xf32>"));
        let lines = op_lines(&b.build(&[mm]).unwrap());
        assert_eq!(
            lines[2],
            r#"%2 = "xhlo.dot_general"(%arg1, %arg2) {lhs_batching_dimensions = array<i64>, lhs_contracting_dimensions = array<i64: 1>, rhs_batching_dimensions = array<i64>, rhs_contracting_dimensions = array<i64: 0>} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>"#
        );
    }

    #[test]
    fn dot_rejects_other_ranks_and_mismatched_contracting_sizes() {
        let mut b = Builder::new("f");
        let s = b.parameter(0, "tensor<f32>").unwrap();
        let m = b.parameter(1, "tensor<2x3xf32>").unwrap();
        let e = b.dot(s, m).unwrap_err();
        assert!(e.message.starts_with("Dot takes vectors and matrices, got lhs [] (rank 0)"), "{e}");
        let e = b.dot(m, m).unwrap_err();
        assert_eq!(e.context, "xhlo.dot_general");
        assert!(b.ops().is_empty());
    }

    // Seed 002 DotGeneral: lhs 2x3 and rhs 2x3 contracting dimension 1 of each give 2x2.
    #[test]
    fn seed002_dot_general_contracting_dimensions_example() {
        let mut b = Builder::new("f");
        let lhs = b.constant_r2(&[[1.0f32, 2.0, 3.0], [4.0, 5.0, 6.0]]).unwrap();
        let rhs = b.constant_r2(&[[1.0f32, 1.0, 1.0], [2.0, 2.0, 2.0]]).unwrap();
        let dims = DotDimensionNumbers {
            lhs_contracting_dimensions: vec![1],
            rhs_contracting_dimensions: vec![1],
            ..Default::default()
        };
        let r = b.dot_general(lhs, rhs, &dims).unwrap();
        assert_eq!(b.shape(r).unwrap(), t("tensor<2x2xf32>"));
    }

    // Seed 002 DotGeneral: batch size 2 of 2x2 matrices, contracting 2/1, batch 0/0, gives
    // 2x2x2; the result lists batch, lhs free, rhs free dimensions.
    #[test]
    fn seed002_dot_general_batch_dimensions_example() {
        let mut b = Builder::new("f");
        let lhs = b.parameter(0, "tensor<2x2x2xf32>").unwrap();
        let rhs = b.parameter(1, "tensor<2x2x2xf32>").unwrap();
        let dims = DotDimensionNumbers {
            lhs_contracting_dimensions: vec![2],
            rhs_contracting_dimensions: vec![1],
            lhs_batch_dimensions: vec![0],
            rhs_batch_dimensions: vec![0],
        };
        let r = b.dot_general(lhs, rhs, &dims).unwrap();
        assert_eq!(b.shape(r).unwrap(), t("tensor<2x2x2xf32>"));
        // [b0, b1, m, k] dot [b0, b1, k, n] gives [b0, b1, m, n], with negative numbers.
        let l = b.parameter(2, "tensor<5x6x2x3xf32>").unwrap();
        let r4 = b.parameter(3, "tensor<5x6x3x4xf32>").unwrap();
        let dims = DotDimensionNumbers {
            lhs_contracting_dimensions: vec![-1],
            rhs_contracting_dimensions: vec![-2],
            lhs_batch_dimensions: vec![0, 1],
            rhs_batch_dimensions: vec![0, 1],
        };
        let r = b.dot_general(l, r4, &dims).unwrap();
        assert_eq!(b.shape(r).unwrap(), t("tensor<5x6x2x4xf32>"));
        assert_eq!(b.ops().last().unwrap().attrs["rhs_contracting_dimensions"], Attr::I64Array(vec![2]));
    }

    // ----- Reductions and regions ---------------------------------------------------------

    fn adder(element: &str) -> Function {
        let mut b = Builder::new("add");
        let x = b.parameter(0, element).unwrap();
        let y = b.parameter(1, element).unwrap();
        let s = b.add(x, y, &[]).unwrap();
        b.build(&[s]).unwrap()
    }

    // Seed 001 Reduce: a 2x3 matrix reduced over dimension 1 or 0; a 4x2x3 array over 0, over
    // 2, over {0, 1}, and over all dimensions (a scalar).
    #[test]
    fn seed001_reduce_examples_shapes() {
        let add = adder("tensor<f32>");
        let mut b = Builder::new("f");
        let m = b.parameter(0, "tensor<2x3xf32>").unwrap();
        let a = b.parameter(1, "tensor<4x2x3xf32>").unwrap();
        let zero = b.zero(F32).unwrap();
        for (x, dims, expected) in [
            (m, vec![1], "tensor<2xf32>"),
            (m, vec![0], "tensor<3xf32>"),
            (a, vec![0], "tensor<2x3xf32>"),
            (a, vec![2], "tensor<4x2xf32>"),
            (a, vec![0, 1], "tensor<3xf32>"),
            (a, vec![0, 1, 2], "tensor<f32>"),
        ] {
            let r = b.reduce(x, zero, &add, &dims).unwrap();
            assert_eq!(b.shape(r).unwrap(), t(expected), "dims {dims:?}");
        }
    }

    #[test]
    fn reduce_prints_its_body_region_and_dimensions() {
        let add = adder("tensor<f32>");
        let mut b = Builder::new("f");
        let m = b.parameter(0, "tensor<2x3xf32>").unwrap();
        let zero = b.constant_r0(0.0f32).unwrap();
        let r = b.reduce(m, zero, &add, &[1]).unwrap();
        let text = b.build(&[r]).unwrap().to_string();
        let expected = r#"func.func @f(%arg0: tensor<2x3xf32>) -> tensor<2xf32> {
  %0 = "xhlo.constant"() {value = dense<0.0e0> : tensor<f32>} : () -> tensor<f32>
  %1 = "xhlo.reduce"(%arg0, %0) ({
  ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
    %2 = "xhlo.add"(%arg1, %arg2) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%2) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}
"#;
        assert_eq!(text, expected);
    }

    #[test]
    fn reduce_rejects_mismatched_computations_and_init_counts() {
        let add_i32 = adder("tensor<i32>");
        let add_f32 = adder("tensor<f32>");
        let mut b = Builder::new("f");
        let m = b.parameter(0, "tensor<2x3xf32>").unwrap();
        let zero = b.zero(F32).unwrap();
        let e = b.reduce(m, zero, &add_i32, &[1]).unwrap_err();
        assert_eq!(e.context, "xhlo.reduce");
        let e = b.reduce_variadic(&[m, m], &[zero], &add_f32, &[1]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "xhlo.reduce: reduce takes one init value per operand and at least one operand: got 2 operand(s) and 1 init value(s)"
        );
        let e = b.reduce(m, zero, &add_f32, &[2]).unwrap_err();
        assert_eq!(e.context, "xhlo.reduce");
        let e = b.reduce(m, zero, &add_f32, &[-3]).unwrap_err();
        assert_eq!(e.to_string(), "xhlo.reduce: dimensions: dimension -3 is out of range for rank 2");
    }

    // Seed 002 variadic Reduce: two inputs (values and indices) folded together; the body
    // takes (acc_0, acc_1, x_0, x_1).
    #[test]
    fn seed002_variadic_reduce_argmax_style() {
        let mut body = Builder::new("argmax");
        let (av, ai) = (body.parameter(0, "tensor<f32>").unwrap(), body.parameter(1, "tensor<i32>").unwrap());
        let (xv, xi) = (body.parameter(2, "tensor<f32>").unwrap(), body.parameter(3, "tensor<i32>").unwrap());
        let keep = body.ge(av, xv, &[]).unwrap();
        let v = body.select(keep, av, xv).unwrap();
        let i = body.select(keep, ai, xi).unwrap();
        let body = body.build(&[v, i]).unwrap();
        let mut b = Builder::new("f");
        let x = b.parameter(0, "tensor<4x5xf32>").unwrap();
        let idx = b.iota(TensorType::new([4, 5], S32), 1).unwrap();
        let lowest = b.constant_r0(f32::NEG_INFINITY).unwrap();
        let zero = b.zero(S32).unwrap();
        let r = b.reduce_variadic(&[x, idx], &[lowest, zero], &body, &[1]).unwrap();
        assert_eq!(r.len(), 2);
        assert_eq!(b.shape(r[0]).unwrap(), t("tensor<4xf32>"));
        assert_eq!(b.shape(r[1]).unwrap(), t("tensor<4xi32>"));
        let text = b.build(&r).unwrap().to_string();
        assert!(text.contains("%3:2 = \"xhlo.reduce\"(%arg0, %0, %1, %2) ({"), "{text}");
        assert!(text.contains("^bb0(%arg1: tensor<f32>, %arg2: tensor<i32>, %arg3: tensor<f32>, %arg4: tensor<i32>):"), "{text}");
        assert!(text.contains("return %3#0, %3#1 : tensor<4xf32>, tensor<4xi32>"), "{text}");
        // The reduce helper for one result refuses the two-result body.
        let mut b2 = Builder::new("g");
        let y = b2.parameter(0, "tensor<4xf32>").unwrap();
        let z = b2.zero(F32).unwrap();
        assert!(b2.reduce(y, z, &body, &[0]).is_err());
    }

    #[test]
    fn sort_with_a_comparator_and_while_loop_with_condition_and_body() {
        let mut cmp = Builder::new("lt");
        let (l, r) = (cmp.parameter(0, "tensor<f32>").unwrap(), cmp.parameter(1, "tensor<f32>").unwrap());
        let lt = cmp.lt(l, r, &[]).unwrap();
        let cmp = cmp.build(&[lt]).unwrap();
        let mut b = Builder::new("f");
        let x = b.parameter(0, "tensor<3x4xf32>").unwrap();
        let sorted = b.sort(&[x], &cmp, -1, true).unwrap();
        assert_eq!(b.shape(sorted[0]).unwrap(), t("tensor<3x4xf32>"));
        assert_eq!(b.ops()[0].attrs["dimension"], Attr::i64(1));
        let e = b.sort(&[x], &adder("tensor<f32>"), 0, false).unwrap_err();
        assert_eq!(e.context, "xhlo.sort");

        // while (i < 10) i = i + 1
        let mut cond = Builder::new("cond");
        let i = cond.parameter(0, "tensor<i32>").unwrap();
        let ten = cond.constant_r0(10).unwrap();
        let c = cond.lt(i, ten, &[]).unwrap();
        let cond = cond.build(&[c]).unwrap();
        let mut body = Builder::new("body");
        let i = body.parameter(0, "tensor<i32>").unwrap();
        let one = body.one(S32).unwrap();
        let next = body.add(i, one, &[]).unwrap();
        let body = body.build(&[next]).unwrap();
        let zero = b.zero(S32).unwrap();
        let out = b.while_loop(&cond, &body, &[zero]).unwrap();
        assert_eq!(b.shape(out[0]).unwrap(), t("tensor<i32>"));
        let e = b.while_loop(&body, &body, &[zero]).unwrap_err();
        assert!(e.message.contains("region 'cond' must yield one tensor<i1>"), "{e}");
    }

    // The brief's example, end to end through the builder.
    #[test]
    fn builds_and_prints_the_explicit_broadcast_example_module() {
        let mut b = Builder::new("main");
        let x = b.parameter(0, Type::tensor([2, 3], F32)).unwrap();
        let v = b.parameter(1, Type::tensor([3], F32)).unwrap();
        let s = b.add(x, v, &[1]).unwrap();
        let text = b.build(&[s]).unwrap().into_module().to_string();
        let expected = r#"module {
  func.func @main(%arg0: tensor<2x3xf32>, %arg1: tensor<3xf32>) -> tensor<2x3xf32> {
    %0 = "xhlo.broadcast_in_dim"(%arg1) {broadcast_dimensions = array<i64: 1>} : (tensor<3xf32>) -> tensor<2x3xf32>
    %1 = "xhlo.add"(%arg0, %0) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    return %1 : tensor<2x3xf32>
  }
}
"#;
        assert_eq!(text, expected);
    }

    #[test]
    fn nested_literal_and_unit_literals() {
        let vals: Vec<String> = (1..=6).map(|i| i.to_string()).collect();
        assert_eq!(nested_literal(&[2, 3], &vals), "[[1, 2, 3], [4, 5, 6]]");
        assert_eq!(nested_literal(&[3, 2], &vals), "[[1, 2], [3, 4], [5, 6]]");
        assert_eq!(nested_literal(&[], &vals[..1]), "1");
        assert_eq!(unit_literal(ElementType::BF16, true), "1.0");
        assert_eq!(unit_literal(ElementType::C128, true), "(1.0, 0.0)");
    }
}
