//! Scalar semantics of element-wise xhlo ops, written as `arith`/`math`/`complex` ops inside
//! loop bodies. Shared by element-wise ops, `map`, and the bodies of `reduce`-like regions.
//!
//! Values arrive and leave in their storage type ([`crate::types::storage`]); sub-byte
//! integers are narrowed to their width around the arithmetic. Integer edge cases follow
//! XLA and avoid LLVM's undefined behaviour: `x / 0` is all ones (-1 signed), `INT_MIN / -1`
//! is `INT_MIN`, `x % 0` is `x`, shifts by the bit width or more give 0 (or the sign fill).

use crate::emitter::Emitter;
use crate::types::{compute, is_narrowed, storage};
use xhlo_ir::ElementType;

/// A scalar in registers: its SSA name and XLA element type (in compute form).
#[derive(Clone, Debug)]
pub struct Value {
    pub name: String,
    pub ty: ElementType,
}

/// Converts a storage-typed block argument to its compute form.
pub fn load(e: &mut Emitter, name: &str, ty: ElementType) -> Value {
    if is_narrowed(ty) {
        let v = e.op("n", &format!("arith.trunci {name} : {} to {}", storage(ty), compute(ty)));
        Value { name: v, ty }
    } else {
        Value { name: name.to_string(), ty }
    }
}

/// Converts a compute-form value back to storage form.
pub fn store(e: &mut Emitter, v: &Value) -> String {
    if is_narrowed(v.ty) {
        let ext = if v.ty.is_signed_int() { "extsi" } else { "extui" };
        e.op("w", &format!("arith.{ext} {} : {} to {}", v.name, compute(v.ty), storage(v.ty)))
    } else {
        v.name.clone()
    }
}

fn ct(t: ElementType) -> &'static str {
    compute(t)
}

fn constant(e: &mut Emitter, t: ElementType, text: &str) -> String {
    if t.is_complex() {
        let part = ct(t.real_part());
        return e.op("c", &format!("complex.constant [{text} : {part}, 0.0 : {part}] : {}", ct(t)));
    }
    e.op("c", &format!("arith.constant {text} : {}", ct(t)))
}

/// The all-ones / minimum / zero integer constants of `t`.
fn int_const(e: &mut Emitter, t: ElementType, v: i128) -> String {
    constant(e, t, &v.to_string())
}

fn int_min(t: ElementType) -> i128 {
    let w = t.bit_width();
    -(1i128 << (w - 1))
}

/// Emits a unary element-wise op.
pub fn unary(e: &mut Emitter, name: &str, x: &Value, result: ElementType) -> Result<Value, String> {
    let t = x.ty;
    let ty = ct(t);
    let a = &x.name;
    let v = |e: &mut Emitter, rhs: String| e.op("s", &rhs);
    let name_out = if t.is_complex() {
        complex_unary(e, name, x, result)?
    } else if t.is_float() {
        match name {
            "negate" => v(e, format!("arith.negf {a} : {ty}")),
            "abs" => v(e, format!("math.absf {a} : {ty}")),
            "exponential" => v(e, format!("math.exp {a} : {ty}")),
            "exponential_minus_one" => v(e, format!("math.expm1 {a} : {ty}")),
            "log" => v(e, format!("math.log {a} : {ty}")),
            "log_plus_one" => v(e, format!("math.log1p {a} : {ty}")),
            "sqrt" => v(e, format!("math.sqrt {a} : {ty}")),
            "rsqrt" => v(e, format!("math.rsqrt {a} : {ty}")),
            "cbrt" => float_cbrt(e, t, a),
            "cosine" => v(e, format!("math.cos {a} : {ty}")),
            "sine" => v(e, format!("math.sin {a} : {ty}")),
            "tan" => v(e, format!("math.tan {a} : {ty}")),
            "tanh" => v(e, format!("math.tanh {a} : {ty}")),
            "erf" => v(e, format!("math.erf {a} : {ty}")),
            // The C library's erfc (not 1 - erf, which loses every digit where erf(x) is near 1).
            "erfc" => v(e, format!("math.erfc {a} : {ty}")),
            "ceil" => v(e, format!("math.ceil {a} : {ty}")),
            "floor" => v(e, format!("math.floor {a} : {ty}")),
            "round_nearest_afz" => v(e, format!("math.round {a} : {ty}")),
            "round_nearest_even" => v(e, format!("math.roundeven {a} : {ty}")),
            "is_finite" => v(e, format!("math.isfinite {a} : {ty}")),
            "real" => a.clone(),
            "imag" => constant(e, t, "0.0"),
            "logistic" => {
                // 1 / (1 + exp(-x))
                let n = v(e, format!("arith.negf {a} : {ty}"));
                let x = v(e, format!("math.exp {n} : {ty}"));
                let one = constant(e, t, "1.0");
                let d = v(e, format!("arith.addf {one}, {x} : {ty}"));
                v(e, format!("arith.divf {one}, {d} : {ty}"))
            }
            "sign" => {
                // copysign(1, x) for non-zero x; 0 and NaN stay themselves.
                let one = constant(e, t, "1.0");
                let s = v(e, format!("math.copysign {one}, {a} : {ty}"));
                let zero = constant(e, t, "0.0");
                let is_zero = v(e, format!("arith.cmpf oeq, {a}, {zero} : {ty}"));
                let is_nan = v(e, format!("arith.cmpf uno, {a}, {a} : {ty}"));
                let keep = v(e, format!("arith.ori {is_zero}, {is_nan} : i1"));
                v(e, format!("arith.select {keep}, {a}, {s} : {ty}"))
            }
            _ => return Err(format!("unsupported in lowering: xhlo.{name} on {}", t.xla_name())),
        }
    } else {
        match name {
            "negate" => {
                let zero = int_const(e, t, 0);
                v(e, format!("arith.subi {zero}, {a} : {ty}"))
            }
            "abs" => v(e, format!("math.absi {a} : {ty}")),
            "not" => {
                let ones = int_const(e, t, -1);
                v(e, format!("arith.xori {a}, {ones} : {ty}"))
            }
            "popcnt" => v(e, format!("math.ctpop {a} : {ty}")),
            "count_leading_zeros" => v(e, format!("math.ctlz {a} : {ty}")),
            "sign" => {
                let zero = int_const(e, t, 0);
                let pos = v(e, format!("arith.cmpi sgt, {a}, {zero} : {ty}"));
                let neg = v(e, format!("arith.cmpi slt, {a}, {zero} : {ty}"));
                let p = v(e, format!("arith.extui {pos} : i1 to {ty}"));
                let n = v(e, format!("arith.extui {neg} : i1 to {ty}"));
                v(e, format!("arith.subi {p}, {n} : {ty}"))
            }
            _ => return Err(format!("unsupported in lowering: xhlo.{name} on {}", t.xla_name())),
        }
    };
    Ok(Value { name: name_out, ty: result })
}

fn complex_unary(e: &mut Emitter, name: &str, x: &Value, result: ElementType) -> Result<String, String> {
    let ty = ct(x.ty);
    let a = &x.name;
    let op = match name {
        "negate" => "complex.neg",
        "exponential" => "complex.exp",
        "exponential_minus_one" => "complex.expm1",
        "log" => "complex.log",
        "log_plus_one" => "complex.log1p",
        "sqrt" => "complex.sqrt",
        "rsqrt" => "complex.rsqrt",
        "cosine" => "complex.cos",
        "sine" => "complex.sin",
        "tan" => "complex.tan",
        "tanh" => "complex.tanh",
        "sign" => "complex.sign",
        "logistic" => return Ok(complex_logistic(e, x)),
        "cbrt" => return Ok(complex_cbrt(e, x)),
        "abs" => return Ok(e.op("s", &format!("complex.abs {a} : {ty}"))),
        "real" => return Ok(e.op("s", &format!("complex.re {a} : {ty}"))),
        "imag" => return Ok(e.op("s", &format!("complex.im {a} : {ty}"))),
        _ => return Err(format!("unsupported in lowering: xhlo.{name} on {}", x.ty.xla_name())),
    };
    let _ = result;
    Ok(e.op("s", &format!("{op} {a} : {ty}")))
}

/// `cbrt`: the C library's (`convert-math-to-libm`), and for f64 one Newton step after it.
/// XLA's `pow(|x|, 1/3)` is 14 ulp off for tiny f32 arguments (1/3 is not exact); glibc's
/// f64 cbrt is 3 ulp off (cbrt(27) = 3.0000000000000004), and the step
/// `y - (y·y·y - x) / (3y²)`, with the cube's error taken by an FMA, brings it within 1 ulp.
/// Zeros, infinities and NaN keep the library's result.
fn float_cbrt(e: &mut Emitter, t: ElementType, a: &str) -> String {
    let ty = ct(t);
    let y = e.op("s", &format!("math.cbrt {a} : {ty}"));
    if t != ElementType::F64 {
        return y;
    }
    let yy = e.op("s", &format!("arith.mulf {y}, {y} : {ty}"));
    let minus_x = e.op("s", &format!("arith.negf {a} : {ty}"));
    let residual = e.op("s", &format!("math.fma {yy}, {y}, {minus_x} : {ty}"));
    let three = constant(e, t, "3.0");
    let slope = e.op("s", &format!("arith.mulf {three}, {yy} : {ty}"));
    let step = e.op("s", &format!("arith.divf {residual}, {slope} : {ty}"));
    let refined = e.op("s", &format!("arith.subf {y}, {step} : {ty}"));
    let finite = e.op("s", &format!("math.isfinite {step} : {ty}"));
    e.op("s", &format!("arith.select {finite}, {refined}, {y} : {ty}"))
}

/// Complex `logistic`: `1 / (1 + exp(-z))`.
fn complex_logistic(e: &mut Emitter, x: &Value) -> String {
    let ty = ct(x.ty);
    let n = e.op("s", &format!("complex.neg {} : {ty}", x.name));
    let ex = e.op("s", &format!("complex.exp {n} : {ty}"));
    let one = constant(e, x.ty, "1.0");
    let d = e.op("s", &format!("complex.add {one}, {ex} : {ty}"));
    e.op("s", &format!("complex.div {one}, {d} : {ty}"))
}

/// Complex `cbrt`: the principal cube root, `|z|^(1/3) * exp(i * arg(z) / 3)`.
fn complex_cbrt(e: &mut Emitter, x: &Value) -> String {
    let ty = ct(x.ty);
    let part_t = x.ty.real_part();
    let pt = ct(part_t);
    let re = e.op("s", &format!("complex.re {} : {ty}", x.name));
    let im = e.op("s", &format!("complex.im {} : {ty}", x.name));
    let r = e.op("s", &format!("complex.abs {} : {ty}", x.name));
    let root = float_cbrt(e, part_t, &r);
    let arg = e.op("s", &format!("math.atan2 {im}, {re} : {pt}"));
    let three = constant(e, part_t, "3.0");
    let angle = e.op("s", &format!("arith.divf {arg}, {three} : {pt}"));
    let c = e.op("s", &format!("math.cos {angle} : {pt}"));
    let s = e.op("s", &format!("math.sin {angle} : {pt}"));
    let out_re = e.op("s", &format!("arith.mulf {root}, {c} : {pt}"));
    let out_im = e.op("s", &format!("arith.mulf {root}, {s} : {pt}"));
    e.op("s", &format!("complex.create {out_re}, {out_im} : {ty}"))
}

/// Complex `maximum`/`minimum`: lexicographic on (real, imaginary) as StableHLO specifies
/// (XLA:CPU does not define an order on complex numbers). A value with a NaN part wins, as
/// NaN does for real `maximum`/`minimum` (`x` first).
fn complex_max_min(e: &mut Emitter, max: bool, x: &Value, y: &Value) -> String {
    let ty = ct(x.ty);
    let pt = ct(x.ty.real_part());
    let (a, b) = (&x.name, &y.name);
    let ar = e.op("s", &format!("complex.re {a} : {ty}"));
    let ai = e.op("s", &format!("complex.im {a} : {ty}"));
    let br = e.op("s", &format!("complex.re {b} : {ty}"));
    let bi = e.op("s", &format!("complex.im {b} : {ty}"));
    let pred = if max { "ogt" } else { "olt" };
    let re_wins = e.op("s", &format!("arith.cmpf {pred}, {ar}, {br} : {pt}"));
    let re_eq = e.op("s", &format!("arith.cmpf oeq, {ar}, {br} : {pt}"));
    let im_wins = e.op("s", &format!("arith.cmpf {pred}, {ai}, {bi} : {pt}"));
    let tie_wins = e.op("s", &format!("arith.andi {re_eq}, {im_wins} : i1"));
    let a_wins = e.op("s", &format!("arith.ori {re_wins}, {tie_wins} : i1"));
    let a_nan = e.op("s", &format!("arith.cmpf uno, {ar}, {ai} : {pt}"));
    let b_nan = e.op("s", &format!("arith.cmpf uno, {br}, {bi} : {pt}"));
    let t = e.op("s", "arith.constant true");
    let b_ok = e.op("s", &format!("arith.xori {b_nan}, {t} : i1"));
    let a_wins_ordered = e.op("s", &format!("arith.andi {b_ok}, {a_wins} : i1"));
    let pick_a = e.op("s", &format!("arith.ori {a_nan}, {a_wins_ordered} : i1"));
    e.op("s", &format!("arith.select {pick_a}, {a}, {b} : {ty}"))
}

/// Emits a binary element-wise op (operands of one type).
pub fn binary(e: &mut Emitter, name: &str, x: &Value, y: &Value) -> Result<Value, String> {
    let t = x.ty;
    let ty = ct(t);
    let (a, b) = (&x.name, &y.name);
    let v = |e: &mut Emitter, rhs: String| e.op("s", &rhs);
    let out = if t.is_complex() {
        let op = match name {
            "add" => "complex.add",
            "subtract" => "complex.sub",
            "multiply" => "complex.mul",
            "divide" => "complex.div",
            "power" => "complex.pow",
            "atan2" => "complex.atan2",
            "maximum" | "minimum" => return Ok(Value { name: complex_max_min(e, name == "maximum", x, y), ty: t }),
            _ => return Err(format!("unsupported in lowering: xhlo.{name} on {}", t.xla_name())),
        };
        v(e, format!("{op} {a}, {b} : {ty}"))
    } else if t.is_float() {
        match name {
            "add" => v(e, format!("arith.addf {a}, {b} : {ty}")),
            "subtract" => v(e, format!("arith.subf {a}, {b} : {ty}")),
            "multiply" => v(e, format!("arith.mulf {a}, {b} : {ty}")),
            "divide" => v(e, format!("arith.divf {a}, {b} : {ty}")),
            "remainder" => v(e, format!("arith.remf {a}, {b} : {ty}")),
            "maximum" => v(e, format!("arith.maximumf {a}, {b} : {ty}")),
            "minimum" => v(e, format!("arith.minimumf {a}, {b} : {ty}")),
            "power" => v(e, format!("math.powf {a}, {b} : {ty}")),
            "atan2" => v(e, format!("math.atan2 {a}, {b} : {ty}")),
            _ => return Err(format!("unsupported in lowering: xhlo.{name} on {}", t.xla_name())),
        }
    } else if t.is_pred() {
        match name {
            "add" | "or" | "maximum" => v(e, format!("arith.ori {a}, {b} : i1")),
            "multiply" | "and" | "minimum" => v(e, format!("arith.andi {a}, {b} : i1")),
            "xor" => v(e, format!("arith.xori {a}, {b} : i1")),
            "subtract" => v(e, format!("arith.xori {a}, {b} : i1")),
            _ => return Err(format!("unsupported in lowering: xhlo.{name} on PRED")),
        }
    } else {
        let signed = t.is_signed_int();
        let s = |sg: &str, us: &str| if signed { sg.to_string() } else { us.to_string() };
        match name {
            "add" => v(e, format!("arith.addi {a}, {b} : {ty}")),
            "subtract" => v(e, format!("arith.subi {a}, {b} : {ty}")),
            "multiply" => v(e, format!("arith.muli {a}, {b} : {ty}")),
            "and" => v(e, format!("arith.andi {a}, {b} : {ty}")),
            "or" => v(e, format!("arith.ori {a}, {b} : {ty}")),
            "xor" => v(e, format!("arith.xori {a}, {b} : {ty}")),
            "maximum" => v(e, format!("arith.{} {a}, {b} : {ty}", s("maxsi", "maxui"))),
            "minimum" => v(e, format!("arith.{} {a}, {b} : {ty}", s("minsi", "minui"))),
            "divide" | "remainder" => int_div_rem(e, name == "divide", t, a, b),
            "shift_left" | "shift_right_logical" | "shift_right_arithmetic" => shift(e, name, t, a, b),
            "power" => int_power(e, t, a, b),
            _ => return Err(format!("unsupported in lowering: xhlo.{name} on {}", t.xla_name())),
        }
    };
    Ok(Value { name: out, ty: t })
}

/// Division and remainder without undefined behaviour (see the module docs).
fn int_div_rem(e: &mut Emitter, divide: bool, t: ElementType, a: &str, b: &str) -> String {
    let ty = ct(t);
    let zero = int_const(e, t, 0);
    let one = int_const(e, t, 1);
    let is_zero = e.op("s", &format!("arith.cmpi eq, {b}, {zero} : {ty}"));
    let mut bad = is_zero.clone();
    if t.is_signed_int() {
        let min = int_const(e, t, int_min(t));
        let minus_one = int_const(e, t, -1);
        let a_min = e.op("s", &format!("arith.cmpi eq, {a}, {min} : {ty}"));
        let b_m1 = e.op("s", &format!("arith.cmpi eq, {b}, {minus_one} : {ty}"));
        let overflow = e.op("s", &format!("arith.andi {a_min}, {b_m1} : i1"));
        bad = e.op("s", &format!("arith.ori {is_zero}, {overflow} : i1"));
        let safe_b = e.op("s", &format!("arith.select {bad}, {one}, {b} : {ty}"));
        let op = if divide { "divsi" } else { "remsi" };
        let r = e.op("s", &format!("arith.{op} {a}, {safe_b} : {ty}"));
        // x / 0 = -1, INT_MIN / -1 = INT_MIN; x % 0 = x, INT_MIN % -1 = 0.
        let on_zero = if divide { minus_one.clone() } else { a.to_string() };
        let on_overflow = if divide { min } else { zero };
        let fix = e.op("s", &format!("arith.select {overflow}, {on_overflow}, {r} : {ty}"));
        return e.op("s", &format!("arith.select {is_zero}, {on_zero}, {fix} : {ty}"));
    }
    let safe_b = e.op("s", &format!("arith.select {bad}, {one}, {b} : {ty}"));
    let op = if divide { "divui" } else { "remui" };
    let r = e.op("s", &format!("arith.{op} {a}, {safe_b} : {ty}"));
    let on_zero = if divide { int_const(e, t, -1) } else { a.to_string() };
    e.op("s", &format!("arith.select {is_zero}, {on_zero}, {r} : {ty}"))
}

/// Shifts by the bit width or more: 0 for left and logical right shifts, the sign fill for
/// arithmetic right shifts (the count is read as unsigned).
fn shift(e: &mut Emitter, name: &str, t: ElementType, a: &str, b: &str) -> String {
    let ty = ct(t);
    let width = int_const(e, t, t.bit_width() as i128);
    let too_far = e.op("s", &format!("arith.cmpi uge, {b}, {width} : {ty}"));
    match name {
        "shift_left" | "shift_right_logical" => {
            let op = if name == "shift_left" { "shli" } else { "shrui" };
            let r = e.op("s", &format!("arith.{op} {a}, {b} : {ty}"));
            let zero = int_const(e, t, 0);
            e.op("s", &format!("arith.select {too_far}, {zero}, {r} : {ty}"))
        }
        _ => {
            let max_shift = int_const(e, t, t.bit_width() as i128 - 1);
            let clamped = e.op("s", &format!("arith.select {too_far}, {max_shift}, {b} : {ty}"));
            e.op("s", &format!("arith.shrsi {a}, {clamped} : {ty}"))
        }
    }
}

/// Integer power (`math.ipowi`, lowered by `convert-math-to-funcs`), with XLA's rule for
/// negative exponents of signed types: 1 stays 1, -1 alternates by parity, others give 0.
fn int_power(e: &mut Emitter, t: ElementType, a: &str, b: &str) -> String {
    let ty = ct(t);
    let p = e.op("s", &format!("math.ipowi {a}, {b} : {ty}"));
    if !t.is_signed_int() {
        return p;
    }
    let one = int_const(e, t, 1);
    let minus_one = int_const(e, t, -1);
    let zero = int_const(e, t, 0);
    let neg = e.op("s", &format!("arith.cmpi slt, {b}, {zero} : {ty}"));
    let a_one = e.op("s", &format!("arith.cmpi eq, {a}, {one} : {ty}"));
    let a_m1 = e.op("s", &format!("arith.cmpi eq, {a}, {minus_one} : {ty}"));
    let odd_bit = e.op("s", &format!("arith.andi {b}, {one} : {ty}"));
    let odd = e.op("s", &format!("arith.cmpi ne, {odd_bit}, {zero} : {ty}"));
    let m1_pow = e.op("s", &format!("arith.select {odd}, {minus_one}, {one} : {ty}"));
    let neg_value = e.op("s", &format!("arith.select {a_m1}, {m1_pow}, {zero} : {ty}"));
    let neg_value = e.op("s", &format!("arith.select {a_one}, {one}, {neg_value} : {ty}"));
    e.op("s", &format!("arith.select {neg}, {neg_value}, {p} : {ty}"))
}

/// `compare` with its direction and (optional) compare type; result is `i1`.
pub fn compare(e: &mut Emitter, direction: &str, compare_type: Option<&str>, x: &Value, y: &Value) -> Result<Value, String> {
    let t = x.ty;
    let ty = ct(t);
    let (a, b) = (&x.name, &y.name);
    let name = if t.is_complex() {
        match direction {
            "EQ" => e.op("s", &format!("complex.eq {a}, {b} : {ty}")),
            "NE" => e.op("s", &format!("complex.neq {a}, {b} : {ty}")),
            d => return Err(format!("complex values cannot be compared with {d}")),
        }
    } else if t.is_float() && compare_type != Some("TOTALORDER") {
        let pred = match direction {
            "EQ" => "oeq",
            "NE" => "une",
            "LT" => "olt",
            "LE" => "ole",
            "GT" => "ogt",
            "GE" => "oge",
            d => return Err(format!("unknown comparison direction {d}")),
        };
        e.op("s", &format!("arith.cmpf {pred}, {a}, {b} : {ty}"))
    } else if t.is_float() {
        // Total order: compare sign-magnitude bit patterns as two's complement integers.
        let bits = format!("i{}", t.bit_width());
        let ka = total_order_key(e, a, ty, &bits);
        let kb = total_order_key(e, b, ty, &bits);
        e.op("s", &format!("arith.cmpi {}, {ka}, {kb} : {bits}", int_predicate(direction, true)?))
    } else {
        let signed = t.is_signed_int();
        e.op("s", &format!("arith.cmpi {}, {a}, {b} : {ty}", int_predicate(direction, signed)?))
    };
    Ok(Value { name, ty: ElementType::Pred })
}

fn total_order_key(e: &mut Emitter, x: &str, ty: &str, bits: &str) -> String {
    let i = e.op("s", &format!("arith.bitcast {x} : {ty} to {bits}"));
    let width: u32 = bits[1..].parse().unwrap();
    let shift = e.op("s", &format!("arith.constant {} : {bits}", width - 1));
    let sign = e.op("s", &format!("arith.shrsi {i}, {shift} : {bits}"));
    // Negative values: flip the magnitude bits so that larger magnitudes order lower.
    let max = e.op("s", &format!("arith.constant {} : {bits}", (1i128 << (width - 1)) - 1));
    let mask = e.op("s", &format!("arith.andi {sign}, {max} : {bits}"));
    e.op("s", &format!("arith.xori {i}, {mask} : {bits}"))
}

fn int_predicate(direction: &str, signed: bool) -> Result<&'static str, String> {
    Ok(match (direction, signed) {
        ("EQ", _) => "eq",
        ("NE", _) => "ne",
        ("LT", true) => "slt",
        ("LE", true) => "sle",
        ("GT", true) => "sgt",
        ("GE", true) => "sge",
        ("LT", false) => "ult",
        ("LE", false) => "ule",
        ("GT", false) => "ugt",
        ("GE", false) => "uge",
        (d, _) => return Err(format!("unknown comparison direction {d}")),
    })
}

/// `convert` from `x.ty` to `to`, following XLA: float to integer truncates toward zero and
/// saturates (NaN gives 0), integer to PRED is `!= 0`.
pub fn convert(e: &mut Emitter, x: &Value, to: ElementType) -> Result<Value, String> {
    let from = x.ty;
    let (ft, tt) = (ct(from), ct(to));
    let a = &x.name;
    let name = if from == to {
        a.clone()
    } else if to.is_pred() {
        if from.is_complex() {
            // As for every complex to non-complex conversion, the imaginary part is dropped
            // (StableHLO's convert tests and XLA:CPU agree: (0, 1) converts to false).
            let re = e.op("s", &format!("complex.re {a} : {ft}"));
            let part = ct(from.real_part());
            let z = e.op("s", &format!("arith.constant 0.0 : {part}"));
            e.op("s", &format!("arith.cmpf une, {re}, {z} : {part}"))
        } else if from.is_float() {
            let z = constant(e, from, "0.0");
            e.op("s", &format!("arith.cmpf une, {a}, {z} : {ft}"))
        } else {
            let z = int_const(e, from, 0);
            e.op("s", &format!("arith.cmpi ne, {a}, {z} : {ft}"))
        }
    } else if to.is_complex() {
        let part = to.real_part();
        let re = if from.is_complex() {
            let re = e.op("s", &format!("complex.re {a} : {ft}"));
            let im = e.op("s", &format!("complex.im {a} : {ft}"));
            let re = convert(e, &Value { name: re, ty: from.real_part() }, part)?.name;
            let im = convert(e, &Value { name: im, ty: from.real_part() }, part)?.name;
            return Ok(Value { name: e.op("s", &format!("complex.create {re}, {im} : {tt}")), ty: to });
        } else {
            convert(e, x, part)?.name
        };
        let zero = e.op("s", &format!("arith.constant 0.0 : {}", ct(part)));
        e.op("s", &format!("complex.create {re}, {zero} : {tt}"))
    } else if from.is_complex() {
        let re = e.op("s", &format!("complex.re {a} : {ft}"));
        return convert(e, &Value { name: re, ty: from.real_part() }, to);
    } else if from.is_float() && to.is_float() {
        let op = if from.bit_width() < to.bit_width() || (from == ElementType::BF16 && to == ElementType::F16) {
            if from.bit_width() == to.bit_width() {
                // bf16 <-> f16: through f32.
                let w = e.op("s", &format!("arith.extf {a} : {ft} to f32"));
                return Ok(Value { name: e.op("s", &format!("arith.truncf {w} : f32 to {tt}")), ty: to });
            }
            "extf"
        } else if from.bit_width() == to.bit_width() {
            let w = e.op("s", &format!("arith.extf {a} : {ft} to f32"));
            return Ok(Value { name: e.op("s", &format!("arith.truncf {w} : f32 to {tt}")), ty: to });
        } else {
            "truncf"
        };
        e.op("s", &format!("arith.{op} {a} : {ft} to {tt}"))
    } else if !from.is_float() && to.is_float() {
        let op = if from.is_signed_int() { "sitofp" } else { "uitofp" };
        e.op("s", &format!("arith.{op} {a} : {ft} to {tt}"))
    } else if from.is_float() {
        float_to_int(e, a, from, to)
    } else {
        // Integer (or PRED) to integer.
        let (fw, tw) = (from.bit_width(), to.bit_width());
        if fw == tw {
            a.clone()
        } else if fw > tw {
            e.op("s", &format!("arith.trunci {a} : {ft} to {tt}"))
        } else {
            let op = if from.is_signed_int() { "extsi" } else { "extui" };
            e.op("s", &format!("arith.{op} {a} : {ft} to {tt}"))
        }
    };
    Ok(Value { name, ty: to })
}

/// Float to integer: truncation toward zero, saturating at the integer range, NaN → 0.
fn float_to_int(e: &mut Emitter, a: &str, from: ElementType, to: ElementType) -> String {
    let (ft, tt) = (ct(from), ct(to));
    // Work in f64 so that the integer bounds are exact enough for every source width.
    let wide = if from == ElementType::F64 { a.to_string() } else { e.op("s", &format!("arith.extf {a} : {ft} to f64")) };
    let bits = to.bit_width();
    let (lo, hi) = if to.is_signed_int() { (-(2f64.powi(bits as i32 - 1)), 2f64.powi(bits as i32 - 1) - 1.0) } else { (0.0, 2f64.powi(bits as i32) - 1.0) };
    let lo_c = e.op("s", &format!("arith.constant {} : f64", xhlo_ir::attrs::format_float(lo)));
    let hi_c = e.op("s", &format!("arith.constant {} : f64", xhlo_ir::attrs::format_float(hi)));
    let t = e.op("s", &format!("math.trunc {wide} : f64"));
    let c1 = e.op("s", &format!("arith.maximumf {t}, {lo_c} : f64"));
    let c2 = e.op("s", &format!("arith.minimumf {c1}, {hi_c} : f64"));
    let is_nan = e.op("s", &format!("arith.cmpf uno, {wide}, {wide} : f64"));
    let zero = e.op("s", &format!("arith.constant 0.0 : f64"));
    let safe = e.op("s", &format!("arith.select {is_nan}, {zero}, {c2} : f64"));
    // Convert through i64 (or u64) so that the whole clamped range is representable.
    if bits == 64 {
        let op = if to.is_signed_int() { "fptosi" } else { "fptoui" };
        return e.op("s", &format!("arith.{op} {safe} : f64 to {tt}"));
    }
    let i = e.op("s", &format!("arith.fptosi {safe} : f64 to i64"));
    e.op("s", &format!("arith.trunci {i} : i64 to {tt}"))
}

/// `select(pred, on_true, on_false)`.
pub fn select(e: &mut Emitter, p: &Value, a: &Value, b: &Value) -> Value {
    let name = e.op("s", &format!("arith.select {}, {}, {} : {}", p.name, a.name, b.name, ct(a.ty)));
    Value { name, ty: a.ty }
}

/// `clamp(min, x, max)` = `min(max(x, min), max)` with the element type's max/min.
pub fn clamp(e: &mut Emitter, lo: &Value, x: &Value, hi: &Value) -> Result<Value, String> {
    let m = binary(e, "maximum", x, lo)?;
    binary(e, "minimum", &m, hi)
}

/// The storage-form constant for a scalar literal string of type `t` (used by regions).
pub fn literal(e: &mut Emitter, t: ElementType, text: &str) -> Value {
    Value { name: constant(e, t, text), ty: t }
}
