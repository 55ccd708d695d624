//! Convolutions on the implicit-GEMM path (`lowering/src/ops/linalg/conv_gemm.rs`) give the
//! numbers of a direct evaluation of the convolution's definition in Rust (float64, or exact
//! wrapping integers), on shapes large enough to reach the dot kernel's row and K blocks and
//! edge tiles, in several layouts, with groups, strides, dilations and padding. (Small cases
//! with constants from an independent Python evaluation are in `tests/run/linalg.mlir`.)

use crate::dot_tiled::{compare, inputs, lowered, lowered_with, run, run_with};

/// A convolution: shapes, dimension numbers (input, kernel, output: batch/feature dimension,
/// spatial dimensions), window.
struct Conv {
    x: Vec<i64>,
    k: Vec<i64>,
    /// (batch, feature, spatial) of the input.
    xd: (usize, usize, Vec<usize>),
    /// (input feature, output feature, spatial) of the kernel.
    kd: (usize, usize, Vec<usize>),
    /// (batch, feature, spatial) of the output.
    od: (usize, usize, Vec<usize>),
    stride: Vec<i64>,
    pad: Vec<(i64, i64)>,
    lhs_dil: Vec<i64>,
    rhs_dil: Vec<i64>,
    reverse: Vec<bool>,
    fg: i64,
    bg: i64,
    elem: &'static str,
    out_elem: &'static str,
}

/// NHWC input, HWIO kernel, NHWC output.
fn nhwc(x: &[i64], k: &[i64]) -> Conv {
    let n = x.len() - 2;
    let sp: Vec<usize> = (1..=n).collect();
    Conv {
        x: x.to_vec(),
        k: k.to_vec(),
        xd: (0, n + 1, sp.clone()),
        kd: (n, n + 1, (0..n).collect()),
        od: (0, n + 1, sp),
        stride: vec![1; n],
        pad: vec![(0, 0); n],
        lhs_dil: vec![1; n],
        rhs_dil: vec![1; n],
        reverse: vec![false; n],
        fg: 1,
        bg: 1,
        elem: "f32",
        out_elem: "f32",
    }
}

fn strides(s: &[i64]) -> Vec<i64> {
    let mut st = vec![1i64; s.len()];
    for i in (0..s.len().saturating_sub(1)).rev() {
        st[i] = st[i + 1] * s[i + 1];
    }
    st
}

fn ty(shape: &[i64], elem: &str) -> String {
    format!("tensor<{}{elem}>", shape.iter().map(|d| format!("{d}x")).collect::<String>())
}

fn arr<T: ToString>(v: &[T]) -> String {
    format!("array<i64: {}>", v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", "))
}

impl Conv {
    fn n(&self) -> usize {
        self.x.len() - 2
    }

    fn padded(&self, i: usize) -> i64 {
        let size = self.x[self.xd.2[i]];
        self.pad[i].0 + (size - 1) * self.lhs_dil[i] + 1 + self.pad[i].1
    }

    fn out_shape(&self) -> Vec<i64> {
        let mut o = vec![0; self.x.len()];
        o[self.od.0] = self.x[self.xd.0] / self.bg;
        o[self.od.1] = self.k[self.kd.1];
        for i in 0..self.n() {
            let window = (self.k[self.kd.2[i]] - 1) * self.rhs_dil[i] + 1;
            o[self.od.2[i]] = (self.padded(i) - window) / self.stride[i] + 1;
        }
        o
    }

    fn text(&self) -> String {
        let (tx, tk, to) = (ty(&self.x, self.elem), ty(&self.k, self.elem), ty(&self.out_shape(), self.out_elem));
        let pad: Vec<i64> = self.pad.iter().flat_map(|&(l, h)| [l, h]).collect();
        let rev: Vec<&str> = self.reverse.iter().map(|&r| if r { "true" } else { "false" }).collect();
        format!(
            "func.func @main(%x: {tx}, %k: {tk}) -> {to} {{\n  %r = \"xhlo.convolution\"(%x, %k) {{input_batch_dimension = {} : i64, input_feature_dimension = {} : i64, input_spatial_dimensions = {}, kernel_input_feature_dimension = {} : i64, kernel_output_feature_dimension = {} : i64, kernel_spatial_dimensions = {}, output_batch_dimension = {} : i64, output_feature_dimension = {} : i64, output_spatial_dimensions = {}, window_strides = {}, padding = {}, lhs_dilation = {}, rhs_dilation = {}, window_reversal = array<i1: {}>, feature_group_count = {} : i64, batch_group_count = {} : i64}} : ({tx}, {tk}) -> {to}\n  return %r : {to}\n}}\n",
            self.xd.0,
            self.xd.1,
            arr(&self.xd.2),
            self.kd.0,
            self.kd.1,
            arr(&self.kd.2),
            self.od.0,
            self.od.1,
            arr(&self.od.2),
            arr(&self.stride),
            arr(&pad),
            arr(&self.lhs_dil),
            arr(&self.rhs_dil),
            rev.join(", "),
            self.fg,
            self.bg
        )
    }

    /// The definition, element by element: out[b, o, y] = Σ_{c, w} x'[b', g·Cg + c, y·s + w·d]
    /// · k[c, o, w] over the padded, dilated input x' (zero outside the input).
    fn reference(&self, x: &[f64], k: &[f64]) -> Vec<f64> {
        let n = self.n();
        let out = self.out_shape();
        let (xs, ks, os) = (strides(&self.x), strides(&self.k), strides(&out));
        let (o_total, cg) = (self.k[self.kd.1], self.k[self.kd.0]);
        let nb = out[self.od.0];
        let window: Vec<i64> = (0..n).map(|i| self.k[self.kd.2[i]]).collect();
        let wtotal: i64 = window.iter().product();
        let mut result = vec![0.0; out.iter().product::<i64>() as usize];
        for (flat, r) in result.iter_mut().enumerate() {
            let idx: Vec<i64> = (0..out.len()).map(|d| (flat as i64 / os[d]) % out[d]).collect();
            let (b, o) = (idx[self.od.0], idx[self.od.1]);
            let batch = (o / (o_total / self.bg)) * nb + b;
            let feature0 = (o / (o_total / self.fg)) * cg;
            let mut sum = 0.0;
            for c in 0..cg {
                'window: for wf in 0..wtotal {
                    let mut xo = batch * xs[self.xd.0] + (feature0 + c) * xs[self.xd.1];
                    let mut ko = c * ks[self.kd.0] + o * ks[self.kd.1];
                    let mut rem = wf;
                    for i in (0..n).rev() {
                        let w = rem % window[i];
                        rem /= window[i];
                        let p = idx[self.od.2[i]] * self.stride[i] + w * self.rhs_dil[i] - self.pad[i].0;
                        if p < 0 || p % self.lhs_dil[i] != 0 || p / self.lhs_dil[i] >= self.x[self.xd.2[i]] {
                            continue 'window;
                        }
                        xo += p / self.lhs_dil[i] * xs[self.xd.2[i]];
                        let kw = if self.reverse[i] { window[i] - 1 - w } else { w };
                        ko += kw * ks[self.kd.2[i]];
                    }
                    sum += x[xo as usize] * k[ko as usize];
                }
            }
            *r = sum;
        }
        result
    }

    fn contraction(&self) -> i64 {
        self.k[self.kd.0] * (0..self.n()).map(|i| self.k[self.kd.2[i]]).product::<i64>()
    }
}

/// Runs the convolution and checks it against the reference; checks that it took the tiled
/// path (the kernel's vector loop reading the flat input through the offset tables).
fn check(name: &str, c: &Conv) {
    let text = c.text();
    let l = lowered(&text);
    assert!(l.contains("vector.transfer_read") && l.contains("%flat_"), "{name}: the convolution did not take the implicit GEMM path\n{l}");
    let (lx, x) = inputs(&c.x, c.elem, 1);
    let (lk, k) = inputs(&c.k, c.elem, 2);
    let got = run(&text, &[lx, lk]);
    let abs = |v: &[f64]| v.iter().map(|a| a.abs()).collect::<Vec<_>>();
    compare(name, &got[0], &c.reference(&x, &k), &c.reference(&abs(&x), &abs(&k)), c.contraction());
    // The same convolution through the dot library, where it takes it.
    if library_takes(c) {
        check_library(name, c);
    }
}

/// Whether the dot library takes `c`: f32/f64 of one type, no feature or batch groups.
fn library_takes(c: &Conv) -> bool {
    c.elem == c.out_elem && matches!(c.elem, "f32" | "f64") && c.fg == 1 && c.bg == 1
}

#[test]
fn nhwc_with_row_blocks_k_blocks_and_edge_tiles() {
    // 400 rows (66 row tiles in two blocks, 4 edge rows), K = 288 (two blocks), 24 columns
    // (one panel, 8 edge columns); SAME padding.
    let c = Conv { pad: vec![(1, 1); 2], ..nhwc(&[1, 20, 20, 32], &[3, 3, 32, 24]) };
    check("nhwc 20x20x32 -> 24", &c);
}

#[test]
fn nchw_oihw_batch_feature_groups_stride_and_dilation() {
    let mut c = Conv {
        xd: (0, 1, vec![2, 3]),
        kd: (1, 0, vec![2, 3]),
        od: (0, 1, vec![2, 3]),
        stride: vec![2, 2],
        pad: vec![(1, 1), (2, 0)],
        rhs_dil: vec![1, 2],
        fg: 4,
        ..nhwc(&[3, 16, 21, 17], &[12, 4, 3, 3])
    };
    check("nchw fg 4", &c);
    // The output in yet another order: [f, h, b, w].
    c.od = (2, 0, vec![1, 3]);
    check("nchw fg 4 -> fhbw", &c);
}

#[test]
fn batch_groups_on_integers() {
    let c = Conv { bg: 3, elem: "i32", out_elem: "i32", pad: vec![(0, 1); 2], ..nhwc(&[6, 11, 9, 5], &[2, 3, 5, 12]) };
    check("i32 bg 3", &c);
}

#[test]
fn depthwise_with_a_channel_multiplier() {
    let c = Conv { fg: 32, pad: vec![(1, 1); 2], stride: vec![1, 2], ..nhwc(&[2, 20, 21, 32], &[3, 3, 1, 64]) };
    check("depthwise", &c);
}

#[test]
fn three_spatial_dimensions_in_f64_with_lhs_dilation_and_reversal() {
    let c = Conv {
        elem: "f64",
        out_elem: "f64",
        stride: vec![1, 2, 1],
        lhs_dil: vec![1, 1, 2],
        reverse: vec![true, false, true],
        pad: vec![(0, 0), (1, 1), (1, -1)],
        ..nhwc(&[1, 6, 7, 8, 4], &[2, 3, 3, 4, 10])
    };
    check("3-D f64", &c);
}

#[test]
fn depthwise_vectorized_over_the_features() {
    // Multiplier 1: the direct path. 36 features = 4 vectors of 8 and a masked edge of 4;
    // 2 x 20 x 11 positions = 55 tiles of 8.
    let c = Conv { fg: 36, pad: vec![(1, 1), (0, 2)], stride: vec![1, 2], rhs_dil: vec![2, 1], ..nhwc(&[2, 20, 21, 36], &[3, 3, 1, 36]) };
    assert!(!lowered(&c.text()).contains("vector.broadcast"), "not the direct depthwise path");
    check("depthwise 36", &c);
    // f64 (4 lanes), 1-D, window reversal; integers.
    let c = Conv { fg: 10, elem: "f64", out_elem: "f64", reverse: vec![true], pad: vec![(2, 2)], ..nhwc(&[3, 50, 10], &[5, 1, 10]) };
    check("depthwise f64 1-D", &c);
    let c = Conv { fg: 12, elem: "i32", out_elem: "i32", lhs_dil: vec![2, 1], ..nhwc(&[1, 15, 16, 12], &[3, 2, 1, 12]) };
    check("depthwise i32", &c);
}

/// `c` followed by a bias on the output features and a ReLU: as one output fusion (explicit
/// `xhlo.fusion`) and as the same ops unfused; and the bias's size.
fn fused_texts(c: &Conv) -> (String, String, i64) {
    let plain = c.text();
    let (tx, tk, to) = (ty(&c.x, c.elem), ty(&c.k, c.elem), ty(&c.out_shape(), c.out_elem));
    let features = c.out_shape()[c.od.1];
    let tb = ty(&[features], c.out_elem);
    let conv_line = plain.lines().find(|l| l.contains("xhlo.convolution")).unwrap().trim().to_string();
    let epilogue = |x: &str, k: &str, b: &str| {
        format!(
            "{}\n    %bb = \"xhlo.broadcast_in_dim\"({b}) {{broadcast_dimensions = array<i64: {}>}} : ({tb}) -> {to}\n    %s = \"xhlo.add\"(%r, %bb) : ({to}, {to}) -> {to}\n    %z = \"xhlo.constant\"() {{value = dense<0.0> : {to}}} : () -> {to}\n    %y = \"xhlo.maximum\"(%s, %z) : ({to}, {to}) -> {to}",
            conv_line.replace("(%x, %k)", &format!("({x}, {k})")),
            c.od.1
        )
    };
    let fused = format!(
        "func.func @main(%x: {tx}, %k: {tk}, %b: {tb}) -> {to} {{\n  %f = \"xhlo.fusion\"(%x, %k, %b) ({{\n  ^bb0(%fx: {tx}, %fk: {tk}, %fb: {tb}):\n    {}\n    \"gpu.yield\"(%y) : ({to}) -> ()\n  }}) {{kind = \"output\"}} : ({tx}, {tk}, {tb}) -> {to}\n  return %f : {to}\n}}\n",
        epilogue("%fx", "%fk", "%fb")
    );
    let unfused = format!("func.func @main(%x: {tx}, %k: {tk}, %b: {tb}) -> {to} {{\n  {}\n  return %y : {to}\n}}\n", epilogue("%x", "%k", "%b"));
    (fused, unfused, features)
}

/// The reference of [`fused_texts`]' program and the magnitudes of its terms.
fn fused_reference(c: &Conv, x: &[f64], k: &[f64], b: &[f64]) -> (Vec<f64>, Vec<f64>) {
    let out = c.out_shape();
    let os = strides(&out);
    let sums = c.reference(x, k);
    let want: Vec<f64> = sums.iter().enumerate().map(|(f, s)| (s + b[((f as i64 / os[c.od.1]) % out[c.od.1]) as usize]).max(0.0)).collect();
    let abs = |v: &[f64]| v.iter().map(|a| a.abs()).collect::<Vec<_>>();
    let mags: Vec<f64> = c.reference(&abs(x), &abs(k)).iter().zip(&want).map(|(m, w)| m + 4.0 * w.abs()).collect();
    (want, mags)
}

/// `c` followed by a bias on the output features and a ReLU, as one output fusion (explicit
/// `xhlo.fusion`): the epilogue runs on the implicit GEMM's tiles where the convolution takes
/// that path. Checked bit for bit against the same ops unfused, and against the reference.
fn check_fused(name: &str, c: &Conv, on_tiles: bool) {
    let (fused, unfused, features) = fused_texts(c);
    let l = lowered(&fused);
    assert_eq!(l.contains("tensor.insert_slice") && l.contains("%flat_"), on_tiles, "{name}: epilogue on the GEMM's tiles expected {on_tiles}\n{l}");
    let (lx, x) = inputs(&c.x, c.elem, 1);
    let (lk, k) = inputs(&c.k, c.elem, 2);
    let (lb, b) = inputs(&[features], c.out_elem, 3);
    let got = run(&fused, &[lx.clone(), lk.clone(), lb.clone()]);
    assert_eq!(got[0], run(&unfused, &[lx, lk, lb])[0], "{name}: the fused result differs from the unfused one");
    let (want, mags) = fused_reference(c, &x, &k, &b);
    compare(name, &got[0], &want, &mags, c.contraction());
    // The same fusion on the dot library's product, where it takes the convolution.
    if library_takes(c) {
        check_fused_library(name, c);
    }
}

#[test]
fn bias_and_relu_fused_on_the_implicit_gemm_tiles() {
    // NHWC (C is the output): 400 rows in row blocks with edge rows, 24 columns (an edge
    // panel), K = 288 in two blocks, so the epilogue runs once, after the last.
    check_fused("nhwc bias relu", &Conv { pad: vec![(1, 1); 2], ..nhwc(&[1, 20, 20, 32], &[3, 3, 32, 24]) }, true);
    // NCHW with feature groups: C is [g, m, n], transposed into the output after the
    // epilogue, which reads the bias at feature g · 3 + n.
    let c = Conv { xd: (0, 1, vec![2, 3]), kd: (1, 0, vec![2, 3]), od: (0, 1, vec![2, 3]), stride: vec![2, 1], pad: vec![(1, 1), (0, 2)], fg: 4, ..nhwc(&[2, 16, 21, 17], &[12, 4, 3, 3]) };
    check_fused("nchw fg 4 bias relu", &c, true);
}

/// Depthwise convolutions run the epilogue on their own tiles (8 positions x one vector of
/// features): full vectors, a masked edge of features (36), edge rows, and an output whose
/// features are not its minor dimension (C is transposed into it after the epilogue).
#[test]
fn bias_and_relu_fused_on_the_depthwise_tiles() {
    check_fused("depthwise bias relu", &Conv { fg: 16, pad: vec![(1, 1); 2], ..nhwc(&[1, 20, 20, 16], &[3, 3, 1, 16]) }, true);
    let c = Conv { fg: 36, pad: vec![(1, 1), (0, 2)], stride: vec![1, 2], rhs_dil: vec![2, 1], ..nhwc(&[2, 19, 21, 36], &[3, 3, 1, 36]) };
    check_fused("depthwise 36 bias relu", &c, true);
    let c = Conv { fg: 12, od: (0, 1, vec![2, 3]), pad: vec![(1, 1); 2], ..nhwc(&[2, 9, 10, 12], &[3, 3, 1, 12]) };
    check_fused("depthwise nchw-out bias relu", &c, true);
}

// ----- the dot library ---------------------------------------------------------------------

/// Runs the convolution with f32/f64 products handed to the dot library (`xhlo-gemm-calls`
/// turning the plain loop nest into calls inside its other loops), on one thread and on
/// three, and checks both against the reference; checks that it went to the library.
fn check_library(name: &str, c: &Conv) {
    let text = c.text();
    let l = lowered_with(&text, true);
    assert!(l.contains("library_call = \"xhlo_gemm\""), "{name}: the convolution did not go to the library\n{l}");
    let (lx, x) = inputs(&c.x, c.elem, 1);
    let (lk, k) = inputs(&c.k, c.elem, 2);
    let abs = |v: &[f64]| v.iter().map(|a| a.abs()).collect::<Vec<_>>();
    let (want, mags) = (c.reference(&x, &k), c.reference(&abs(&x), &abs(&k)));
    for (threads, got) in [1, 3].iter().zip(run_with(&text, &[lx, lk], true)) {
        compare(&format!("{name} (library, {threads} threads)"), &got[0], &want, &mags, c.contraction());
    }
}

/// [`check_fused`] on the dot library: the product, then the epilogue as one element-wise
/// kernel; against the reference on one thread and three.
fn check_fused_library(name: &str, c: &Conv) {
    let (fused, _, features) = fused_texts(c);
    let l = lowered_with(&fused, true);
    assert!(l.contains("library_call = \"xhlo_gemm\""), "{name}: the fusion's convolution did not go to the library\n{l}");
    let (lx, x) = inputs(&c.x, c.elem, 1);
    let (lk, k) = inputs(&c.k, c.elem, 2);
    let (lb, b) = inputs(&[features], c.out_elem, 3);
    let (want, mags) = fused_reference(c, &x, &k, &b);
    for (threads, got) in [1, 3].iter().zip(run_with(&fused, &[lx, lk, lb], true)) {
        compare(&format!("{name} (library, {threads} threads)"), &got[0], &want, &mags, c.contraction());
    }
}

#[test]
fn library_nhwc_hwio_with_padding() {
    // (The SAME-padded 20x20x32 case goes through the library in `check` too.)
    // Batch 2, stride 2, rhs dilation 2, uneven padding.
    let c = Conv { stride: vec![2, 2], rhs_dil: vec![2, 1], pad: vec![(2, 1), (0, 2)], ..nhwc(&[2, 17, 15, 8], &[3, 3, 8, 12]) };
    check_library("library nhwc stride 2 dilation", &c);
}

#[test]
fn library_nchw_oihw_stride_and_dilation() {
    let mut c = Conv {
        xd: (0, 1, vec![2, 3]),
        kd: (1, 0, vec![2, 3]),
        od: (0, 1, vec![2, 3]),
        stride: vec![2, 2],
        pad: vec![(1, 1), (2, 0)],
        rhs_dil: vec![1, 2],
        ..nhwc(&[3, 16, 21, 17], &[12, 16, 3, 3])
    };
    check_library("library nchw", &c);
    // The output in yet another order: [f, h, b, w].
    c.od = (2, 0, vec![1, 3]);
    check_library("library nchw -> fhbw", &c);
}

#[test]
fn library_one_spatial_dimension_with_stride_3_and_a_one_wide_window() {
    // (The 3-D f64 case with lhs dilation and reversal goes through the library in `check`.)
    // 1-D, stride 3, a 1-wide window (no reduction loop around the calls).
    check_library("library 1-D", &Conv { stride: vec![3], ..nhwc(&[4, 50, 6], &[1, 6, 9]) });
}

#[test]
fn library_leaves_groups_and_depthwise_convolutions_to_their_kernels() {
    let grouped = Conv { fg: 4, ..nhwc(&[1, 8, 8, 16], &[3, 3, 4, 8]) };
    assert!(!lowered_with(&grouped.text(), true).contains("xhlo_gemm"), "feature groups went to the library");
    let depthwise = Conv { fg: 16, pad: vec![(1, 1); 2], ..nhwc(&[1, 20, 20, 16], &[3, 3, 1, 16]) };
    assert!(!lowered_with(&depthwise.text(), true).contains("xhlo_gemm"), "a depthwise convolution went to the library");
    let ints = Conv { elem: "i32", out_elem: "i32", ..nhwc(&[1, 8, 8, 4], &[3, 3, 4, 8]) };
    assert!(!lowered_with(&ints.text(), true).contains("xhlo_gemm"), "an integer convolution went to the library");
}

#[test]
fn library_bias_and_relu_fused_after_the_product() {
    // (The SAME-padded NHWC case goes through the library in `check_fused` too.)
    let c = Conv { xd: (0, 1, vec![2, 3]), kd: (1, 0, vec![2, 3]), od: (0, 1, vec![2, 3]), stride: vec![2, 1], pad: vec![(1, 1), (0, 2)], ..nhwc(&[2, 16, 21, 17], &[12, 16, 3, 3]) };
    check_fused_library("library nchw bias relu", &c);
}
