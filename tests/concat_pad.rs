//! `concatenate` and `pad` fused into loop and input fusions, against a direct reference (a
//! small n-d evaluator below) and the unfused program: along the outer and the innermost
//! dimension, several operands, slices of one operand (rotate-half, as rotary embeddings
//! write it), negative and positive edges, a pad after a concatenate, a concatenate read
//! through a transpose or reversed, a strided slice of a pad, a pad under a reduction, and the ones fusion leaves alone (five
//! operands, interior padding); on 1-3 threads. The loop fusion runs one generic per piece
//! between the operands' boundaries (no select, contiguous reads), with selects and
//! clamped indices past eight pieces and in input fusions.

use crate::support::{compile_stablehlo, compile_with_stages, f32_literal, f32s, on_threads, values, Stages};
use xhlo::runtime::CompileOptions;

/// A dense row-major f64 tensor: the reference's values.
#[derive(Clone)]
struct T {
    dims: Vec<i64>,
    v: Vec<f64>,
}

impl T {
    fn new(dims: &[i64], seed: u64) -> T {
        let n = dims.iter().product::<i64>() as usize;
        T { dims: dims.to_vec(), v: values(n, seed, -50.0, 50.0).iter().map(|x| x.round()).collect() }
    }

    fn coords(&self, mut k: usize) -> Vec<i64> {
        let mut c = vec![0; self.dims.len()];
        for d in (0..self.dims.len()).rev() {
            c[d] = (k as i64) % self.dims[d];
            k /= self.dims[d] as usize;
        }
        c
    }

    fn at(&self, c: &[i64]) -> f64 {
        let mut k = 0i64;
        for (d, &x) in c.iter().enumerate() {
            k = k * self.dims[d] + x;
        }
        self.v[k as usize]
    }

    fn build(dims: Vec<i64>, f: impl Fn(&[i64]) -> f64) -> T {
        let shape = T { dims: dims.clone(), v: vec![] };
        let n = dims.iter().product::<i64>() as usize;
        T { dims, v: (0..n).map(|k| f(&shape.coords(k))).collect() }
    }

    fn map(&self, f: impl Fn(f64) -> f64) -> T {
        T { dims: self.dims.clone(), v: self.v.iter().map(|&x| f(x)).collect() }
    }

    fn zip(&self, o: &T, f: impl Fn(f64, f64) -> f64) -> T {
        T { dims: self.dims.clone(), v: self.v.iter().zip(&o.v).map(|(&a, &b)| f(a, b)).collect() }
    }

    fn concat(parts: &[&T], axis: usize) -> T {
        let mut dims = parts[0].dims.clone();
        dims[axis] = parts.iter().map(|p| p.dims[axis]).sum();
        T::build(dims, |c| {
            let mut c = c.to_vec();
            for p in parts {
                if c[axis] < p.dims[axis] {
                    return p.at(&c);
                }
                c[axis] -= p.dims[axis];
            }
            unreachable!()
        })
    }

    fn pad(&self, low: &[i64], high: &[i64], interior: &[i64], value: f64) -> T {
        let dims: Vec<i64> = (0..self.dims.len()).map(|d| low[d] + high[d] + self.dims[d] + (self.dims[d] - 1).max(0) * interior[d]).collect();
        T::build(dims, |c| {
            let mut src = Vec::new();
            for (d, &x) in c.iter().enumerate() {
                let p = x - low[d];
                if p < 0 || p % (interior[d] + 1) != 0 || p / (interior[d] + 1) >= self.dims[d] {
                    return value;
                }
                src.push(p / (interior[d] + 1));
            }
            self.at(&src)
        })
    }

    fn slice(&self, start: &[i64], limit: &[i64]) -> T {
        let dims: Vec<i64> = start.iter().zip(limit).map(|(s, l)| l - s).collect();
        T::build(dims, |c| self.at(&c.iter().zip(start).map(|(x, s)| x + s).collect::<Vec<_>>()))
    }

    fn ty(&self) -> String {
        format!("tensor<{}f32>", self.dims.iter().map(|d| format!("{d}x")).collect::<String>())
    }
}

fn run(text: &str, inputs: &[&T], threads: usize, eqsat: bool) -> Vec<f64> {
    let program = compile_stablehlo(text, &CompileOptions { eqsat, ..on_threads(threads) });
    let literals: Vec<_> = inputs.iter().map(|t| f32_literal(&t.dims, &t.v)).collect();
    f32s(&program.run(&literals).unwrap()[0])
}

/// `(name, program, inputs, reference)`: each program's arguments are `%a, %b, ...` in order.
type Case = (&'static str, String, Vec<T>, T);

fn cases() -> Vec<Case> {
    let mut out: Vec<Case> = Vec::new();
    // 1. Two operands along the outer dimension, scaled, plus y.
    let (a, b, y) = (T::new(&[5, 37], 1), T::new(&[9, 37], 2), T::new(&[14, 37], 3));
    let want = T::concat(&[&a, &b], 0).map(|x| x * 2.5).zip(&y, |p, q| p + q);
    out.push(("outer, two operands", format!(
        "func.func @main(%a: {}, %b: {}, %y: {}) -> {} {{
  %c = stablehlo.concatenate %a, %b, dim = 0 : ({}, {}) -> {}
  %k = stablehlo.constant dense<2.5> : {}
  %m = stablehlo.multiply %c, %k : {}
  %s = stablehlo.add %m, %y : {}
  return %s : {}
}}", a.ty(), b.ty(), y.ty(), y.ty(), a.ty(), b.ty(), y.ty(), y.ty(), y.ty(), y.ty(), y.ty()), vec![a, b, y], want));
    // 2. Three operands along the innermost dimension, the middle one negated.
    let (a, b, c, y) = (T::new(&[6, 16], 4), T::new(&[6, 5], 5), T::new(&[6, 20], 6), T::new(&[6, 41], 7));
    let want = T::concat(&[&a, &b.map(|x| -x), &c], 1).zip(&y, |p, q| p + q);
    out.push(("innermost, three operands", format!(
        "func.func @main(%a: {}, %b: {}, %c: {}, %y: {}) -> {} {{
  %n = stablehlo.negate %b : {}
  %j = stablehlo.concatenate %a, %n, %c, dim = 1 : ({}, {}, {}) -> {}
  %s = stablehlo.add %j, %y : {}
  return %s : {}
}}", a.ty(), b.ty(), c.ty(), y.ty(), y.ty(), b.ty(), a.ty(), b.ty(), c.ty(), y.ty(), y.ty(), y.ty()), vec![a, b, c, y], want));
    // 3. Rotate-half (rotary embeddings): x * cos + concat(-x[:, 8:], x[:, :8]) * sin.
    let (x, cs, sn) = (T::new(&[33, 16], 8), T::new(&[33, 16], 9), T::new(&[33, 16], 10));
    let rot = T::concat(&[&x.slice(&[0, 8], &[33, 16]).map(|v| -v), &x.slice(&[0, 0], &[33, 8])], 1);
    let want = x.zip(&cs, |p, q| p * q).zip(&rot.zip(&sn, |p, q| p * q), |p, q| p + q);
    let t = x.ty();
    out.push(("rotate half", format!(
        "func.func @main(%x: {t}, %c: {t}, %s: {t}) -> {t} {{
  %hi = stablehlo.slice %x [0:33, 8:16] : ({t}) -> tensor<33x8xf32>
  %lo = stablehlo.slice %x [0:33, 0:8] : ({t}) -> tensor<33x8xf32>
  %n = stablehlo.negate %hi : tensor<33x8xf32>
  %r = stablehlo.concatenate %n, %lo, dim = 1 : (tensor<33x8xf32>, tensor<33x8xf32>) -> {t}
  %xc = stablehlo.multiply %x, %c : {t}
  %rs = stablehlo.multiply %r, %s : {t}
  %o = stablehlo.add %xc, %rs : {t}
  return %o : {t}
}}"), vec![x, cs, sn], want));
    // 4. A pad with a negative edge, scaled, plus y.
    let (a, y) = (T::new(&[20, 30], 11), T::new(&[23, 31], 12));
    let want = a.pad(&[2, -3], &[1, 4], &[0, 0], 7.0).map(|v| v * 2.0).zip(&y, |p, q| p + q);
    out.push(("pad with a negative edge", format!(
        "func.func @main(%a: {}, %y: {}) -> {} {{
  %v = stablehlo.constant dense<7.0> : tensor<f32>
  %p = stablehlo.pad %a, %v, low = [2, -3], high = [1, 4], interior = [0, 0] : ({}, tensor<f32>) -> {}
  %k = stablehlo.constant dense<2.0> : {}
  %m = stablehlo.multiply %p, %k : {}
  %s = stablehlo.add %m, %y : {}
  return %s : {}
}}", a.ty(), y.ty(), y.ty(), a.ty(), y.ty(), y.ty(), y.ty(), y.ty(), y.ty()), vec![a, y], want));
    // 5. A pad of a concatenate (both dimensions split: more than eight pieces, so the outer
    //    one selects), plus y.
    let (a, b, y) = (T::new(&[10, 6], 13), T::new(&[10, 9], 14), T::new(&[14, 18], 15));
    let want = T::concat(&[&a, &b], 1).pad(&[1, 2], &[3, 1], &[0, 0], -1.0).zip(&y, |p, q| p + q);
    out.push(("pad of a concatenate", format!(
        "func.func @main(%a: {}, %b: {}, %y: {}) -> {} {{
  %c = stablehlo.concatenate %a, %b, dim = 1 : ({}, {}) -> tensor<10x15xf32>
  %v = stablehlo.constant dense<-1.0> : tensor<f32>
  %p = stablehlo.pad %c, %v, low = [1, 2], high = [3, 1], interior = [0, 0] : (tensor<10x15xf32>, tensor<f32>) -> {}
  %s = stablehlo.add %p, %y : {}
  return %s : {}
}}", a.ty(), b.ty(), y.ty(), y.ty(), a.ty(), b.ty(), y.ty(), y.ty(), y.ty()), vec![a, b, y], want));
    // 6. A concatenate read through a transpose (its axis is the inner loop), plus y.
    let (a, b, y) = (T::new(&[4, 7], 16), T::new(&[3, 7], 17), T::new(&[7, 7], 18));
    let cat = T::concat(&[&a, &b], 0);
    let want = T::build(vec![7, 7], |c| cat.at(&[c[1], c[0]])).zip(&y, |p, q| p * q);
    out.push(("through a transpose", format!(
        "func.func @main(%a: {}, %b: {}, %y: {}) -> {} {{
  %c = stablehlo.concatenate %a, %b, dim = 0 : ({}, {}) -> {}
  %t = stablehlo.transpose %c, dims = [1, 0] : ({}) -> {}
  %s = stablehlo.multiply %t, %y : {}
  return %s : {}
}}", a.ty(), b.ty(), y.ty(), y.ty(), a.ty(), b.ty(), y.ty(), y.ty(), y.ty(), y.ty(), y.ty()), vec![a, b, y], want));
    // 6b. A reversed concatenate (the position falls as the loop rises) and a strided slice of
    //     a pad (two positions per loop step), plus y.
    let (a, b, y) = (T::new(&[5, 11], 32), T::new(&[5, 6], 33), T::new(&[5, 17], 34));
    let cat = T::concat(&[&a, &b], 1);
    let want = T::build(vec![5, 17], |c| cat.at(&[c[0], 16 - c[1]])).zip(&y, |p, q| p - q);
    out.push(("reversed", format!(
        "func.func @main(%a: {}, %b: {}, %y: {}) -> {} {{
  %c = stablehlo.concatenate %a, %b, dim = 1 : ({}, {}) -> {}
  %r = stablehlo.reverse %c, dims = [1] : {}
  %s = stablehlo.subtract %r, %y : {}
  return %s : {}
}}", a.ty(), b.ty(), y.ty(), y.ty(), a.ty(), b.ty(), y.ty(), y.ty(), y.ty(), y.ty()), vec![a, b, y], want));
    let (a, y) = (T::new(&[6, 9], 35), T::new(&[6, 7], 36));
    let padded = a.pad(&[0, 4], &[0, 1], &[0, 0], 0.5);
    let want = T::build(vec![6, 7], |c| padded.at(&[c[0], 1 + 2 * c[1]])).zip(&y, |p, q| p + q);
    out.push(("strided slice of a pad", format!(
        "func.func @main(%a: {}, %y: {}) -> {} {{
  %v = stablehlo.constant dense<0.5> : tensor<f32>
  %p = stablehlo.pad %a, %v, low = [0, 4], high = [0, 1], interior = [0, 0] : ({}, tensor<f32>) -> tensor<6x14xf32>
  %s = stablehlo.slice %p [0:6, 1:14:2] : (tensor<6x14xf32>) -> {}
  %o = stablehlo.add %s, %y : {}
  return %o : {}
}}", a.ty(), y.ty(), y.ty(), a.ty(), y.ty(), y.ty(), y.ty()), vec![a, y], want));
    // 7. A pad under a reduction (an input fusion: selects and clamped indices).
    let a = T::new(&[12, 40], 19);
    let padded = a.pad(&[0, 3], &[0, 5], &[0, 0], 1.0).map(|v| v * 2.0);
    let want = T::build(vec![12], |c| (0..48).map(|j| padded.at(&[c[0], j])).sum());
    out.push(("pad under a reduction", format!(
        "func.func @main(%a: {}) -> tensor<12xf32> {{
  %v = stablehlo.constant dense<1.0> : tensor<f32>
  %p = stablehlo.pad %a, %v, low = [0, 3], high = [0, 5], interior = [0, 0] : ({}, tensor<f32>) -> tensor<12x48xf32>
  %k = stablehlo.constant dense<2.0> : tensor<12x48xf32>
  %m = stablehlo.multiply %p, %k : tensor<12x48xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %r = stablehlo.reduce(%m init: %z) applies stablehlo.add across dimensions = [1] : (tensor<12x48xf32>, tensor<f32>) -> tensor<12xf32>
  return %r : tensor<12xf32>
}}", a.ty(), a.ty()), vec![a], want));
    // 8. Five operands (left unfused) and 9. interior padding (left unfused), plus y.
    let parts: Vec<T> = (0..5).map(|i| T::new(&[3, 2 + i], 20 + i as u64)).collect();
    let y = T::new(&[3, 20], 25);
    let want = T::concat(&parts.iter().collect::<Vec<_>>(), 1).zip(&y, |p, q| p + q);
    let args: Vec<String> = parts.iter().enumerate().map(|(i, p)| format!("%p{i}: {}", p.ty())).collect();
    let names: Vec<String> = (0..5).map(|i| format!("%p{i}")).collect();
    let types: Vec<String> = parts.iter().map(T::ty).collect();
    let mut inputs = parts.clone();
    inputs.push(y.clone());
    out.push(("five operands", format!(
        "func.func @main({}, %y: {}) -> {} {{
  %c = stablehlo.concatenate {}, dim = 1 : ({}) -> {}
  %s = stablehlo.add %c, %y : {}
  return %s : {}
}}", args.join(", "), y.ty(), y.ty(), names.join(", "), types.join(", "), y.ty(), y.ty(), y.ty()), inputs, want));
    let (a, y) = (T::new(&[5, 6], 26), T::new(&[6, 13], 27));
    let want = a.pad(&[0, 1], &[1, 1], &[0, 1], 3.0).zip(&y, |p, q| p + q);
    out.push(("interior padding", format!(
        "func.func @main(%a: {}, %y: {}) -> {} {{
  %v = stablehlo.constant dense<3.0> : tensor<f32>
  %p = stablehlo.pad %a, %v, low = [0, 1], high = [1, 1], interior = [0, 1] : ({}, tensor<f32>) -> {}
  %s = stablehlo.add %p, %y : {}
  return %s : {}
}}", a.ty(), y.ty(), y.ty(), a.ty(), y.ty(), y.ty(), y.ty()), vec![a, y], want));
    out
}

#[test]
fn concatenates_and_pads_fused_match_a_direct_reference() {
    for (name, text, inputs, want) in cases() {
        let inputs: Vec<&T> = inputs.iter().collect();
        assert_eq!(run(&text, &inputs, 1, false), want.v, "{name}, unfused");
        for threads in [1, 2, 3] {
            assert_eq!(run(&text, &inputs, threads, true), want.v, "{name}, {threads} threads\n{text}");
        }
    }
}

/// Rotate-half as JAX writes it is one kernel of two pieces (the two halves of each row),
/// whose vector stage reads with contiguous loads (no `vector.gather`, no select between
/// the halves), each piece writing its half of the caller's buffer.
#[test]
fn rotate_half_is_one_kernel_in_two_pieces_with_contiguous_reads() {
    let (_, text, inputs, want) = cases().into_iter().find(|c| c.0 == "rotate half").unwrap();
    let (program, Stages { linalg, vector, llvm }) = compile_with_stages(&text, CompileOptions { vector_bytes: 32, threads: 1, ..Default::default() });
    // Both pieces write the caller's buffer (`xhlo-reshape-destinations`): no temporary.
    assert!(!llvm.contains("@malloc(") && !llvm.contains("llvm.intr.memcpy"), "{llvm}");
    assert_eq!(linalg.matches("linalg.generic").count(), 2, "{linalg}");
    assert_eq!(linalg.matches("tensor.insert_slice").count(), 2, "{linalg}");
    assert!(!linalg.contains("tensor.concat") && !linalg.contains("arith.select") && !linalg.contains("tensor.extract "), "{linalg}");
    assert!(!vector.contains("vector.gather"), "{vector}");
    let literals: Vec<_> = inputs.iter().map(|t| f32_literal(&t.dims, &t.v)).collect();
    assert_eq!(f32s(&program.run(&literals).unwrap()[0]), want.v);
}

/// Two results read the same concatenate (a kernel of two yields, or two kernels, each in
/// pieces): both against the reference, on 1 and 3 threads.
#[test]
fn two_results_of_one_concatenate_match_the_reference() {
    let (a, b) = (T::new(&[64, 48], 30), T::new(&[64, 80], 31));
    let cat = T::concat(&[&a, &b], 1);
    let scaled = cat.map(|x| x * 2.0);
    let shifted = cat.zip(&scaled, |c, m| c * c + m);
    let text = format!(
        "func.func @main(%a: {}, %b: {}) -> (tensor<64x128xf32>, tensor<64x128xf32>) {{
  %c = stablehlo.concatenate %a, %b, dim = 1 : ({}, {}) -> tensor<64x128xf32>
  %k = stablehlo.constant dense<2.0> : tensor<64x128xf32>
  %m = stablehlo.multiply %c, %k : tensor<64x128xf32>
  %q = stablehlo.multiply %c, %c : tensor<64x128xf32>
  %s = stablehlo.add %q, %m : tensor<64x128xf32>
  return %m, %s : tensor<64x128xf32>, tensor<64x128xf32>
}}",
        a.ty(),
        b.ty(),
        a.ty(),
        b.ty()
    );
    for threads in [1, 3] {
        let program = compile_stablehlo(&text, &on_threads(threads));
        let out = program.run(&[f32_literal(&a.dims, &a.v), f32_literal(&b.dims, &b.v)]).unwrap();
        assert_eq!(f32s(&out[0]), scaled.v, "{threads} threads");
        assert_eq!(f32s(&out[1]), shifted.v, "{threads} threads");
    }
}
