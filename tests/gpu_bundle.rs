//! GPU bundles written here (no GPU needed): the launch plan read from the GPU pipeline's host
//! function, its buffers, constants and kernels, the file's round trip, and the refusals.
//! Running them is `xhlo-gpu-run`'s (on a GPU machine; `bench/gpu/`).

use crate::support::repo_root;
use xhlo::gpu_bundle::compile_text;
use xhlo_gpu_bundle::{Arg, BufferKind, Bundle, Launch, Step};

fn workload(name: &str) -> (String, String) {
    let file = format!("{name}.mlir");
    let text = std::fs::read_to_string(repo_root().join("../shared/workloads/stablehlo").join(&file)).unwrap();
    (text, file)
}

fn launches(b: &Bundle) -> Vec<&xhlo_gpu_bundle::Launch> {
    b.steps.iter().filter_map(|s| if let Step::Launch(l) = s { Some(l) } else { None }).collect()
}

#[test]
fn a_matmul_bundle_has_its_types_buffers_and_a_block_per_64x64_output_tile() {
    let (text, file) = workload("matmul_256");
    let b = compile_text(&text, &file, None).unwrap();
    assert_eq!((b.chip.as_str(), b.entry.as_str()), ("sm_90", "main"));
    assert_eq!(b.inputs.iter().map(|i| i.ty.as_str()).collect::<Vec<_>>(), ["tensor<256x256xf32>", "tensor<256x256xf32>"]);
    assert_eq!(b.outputs.len(), 1);
    assert_eq!(b.outputs[0].ty, "tensor<256x256xf32>");
    assert!(matches!(b.buffers[b.outputs[0].view.buffer].kind, BufferKind::Temporary));
    assert_eq!(b.buffers[b.outputs[0].view.buffer].bytes, 256 * 256 * 4);
    // The dot reads both inputs; a block of 16x16 threads computes each 64x64 tile of it.
    let dot = launches(&b).into_iter().find(|l| l.args.iter().any(|a| matches!(a, Arg::Memref(v) if v.buffer == 1))).expect("a kernel reading the second input");
    assert_eq!((dot.grid, dot.block), ([4, 4, 1], [16, 16, 1]), "{dot:?}");
    for l in launches(&b) {
        assert!(b.modules[l.module].ptx.contains(&format!(".entry {}", l.kernel)), "{}", l.kernel);
    }
    assert_eq!(Bundle::from_bytes(&b.to_bytes()).unwrap(), b);
}

#[test]
fn every_reduction_stage_is_spread_over_threads() {
    let (text, file) = workload("reduce_sum_4096x4096");
    let b = compile_text(&text, &file, None).unwrap();
    let ls = launches(&b);
    // The first stage reads 16M elements: at least the threads `xhlo-gpu-split-reductions`
    // aims for (65536), not one per chunk or row.
    let first = ls.iter().find(|l| l.args.iter().any(|a| matches!(a, Arg::Memref(v) if v.buffer == 0))).unwrap();
    assert!(first.grid[0] as u64 * first.block[0] as u64 >= 65536, "{first:?}");
    // No stage leaves a few threads long serial chains: each launch's largest operand is at
    // most 256 elements per thread (the CPU's chunked order, kept for the GPU, ended in 16
    // threads of 1,024 steps each and ran a quarter as fast on an H200).
    for l in &ls {
        let threads: u64 = l.grid.iter().chain(&l.block).map(|&n| n as u64).product();
        let largest = l.args.iter().filter_map(|a| if let Arg::Memref(v) = a { Some(v.sizes.iter().product::<i64>() as u64) } else { None }).max().unwrap_or(0);
        assert!(largest <= 256 * threads, "{} reads {largest} elements on {threads} threads", l.kernel);
    }
    assert_eq!(b.outputs[0].ty, "tensor<f32>");
}

#[test]
fn constants_become_buffers_with_their_bytes() {
    let text = r#"func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = stablehlo.constant dense<[1.0, 2.0, 3.0, 4.5]> : tensor<4xf32>
  %0 = stablehlo.multiply %x, %c : tensor<4xf32>
  return %0 : tensor<4xf32>
}"#;
    let b = compile_text(text, "c.mlir", None).unwrap();
    let constant: Vec<u8> = [1.0f32, 2.0, 3.0, 4.5].iter().flat_map(|v| v.to_le_bytes()).collect();
    assert!(b.buffers.iter().any(|buf| buf.kind == BufferKind::Constant(constant.clone())), "{:?}", b.buffers);
}

#[test]
fn a_program_returning_its_argument_aliases_the_input_buffer() {
    let text = "func.func @main(%x: tensor<3xi32>) -> tensor<3xi32> {\n  return %x : tensor<3xi32>\n}";
    let b = compile_text(text, "id.mlir", None).unwrap();
    assert!(b.steps.is_empty());
    assert_eq!(b.outputs[0].view.buffer, b.inputs[0].buffer);
}

#[test]
fn scalar_work_left_on_the_host_runs_in_a_kernel() {
    // A 0-d computation has no loop: it becomes a one-thread kernel, not host code.
    let text = "func.func @main(%x: tensor<f32>, %y: tensor<f32>) -> tensor<f32> {\n  %0 = stablehlo.add %x, %y : tensor<f32>\n  return %0 : tensor<f32>\n}";
    let b = compile_text(text, "s.mlir", None).unwrap();
    let ls = launches(&b);
    assert_eq!(ls.len(), 1);
    assert_eq!((ls[0].grid, ls[0].block), ([1, 1, 1], [1, 1, 1]));
}

#[test]
fn dynamic_and_libdevice_programs_are_refused_as_unsupported() {
    let text = "func.func @main(%x: tensor<4xf64>, %y: tensor<4xf64>) -> tensor<4xf64> {\n  %0 = stablehlo.atan2 %x, %y : tensor<4xf64>\n  return %0 : tensor<4xf64>\n}";
    let e = compile_text(text, "a.mlir", None).unwrap_err();
    assert!(e.contains("unsupported on the GPU path: atan2 on f64 (__nv_atan2)") && e.contains("libdevice"), "{e}");
}

#[test]
fn the_dot_loops_put_parallel_dimensions_outside_the_reduction() {
    let (text, file) = workload("matmul_256");
    let options = xhlo::opt::Options {
        pipeline: Some("builtin.module(xhlo-verify,convert-xhlo-to-linalg{tile-dots=false},xhlo-gpu-parallel-dims-outer)".into()),
        ..Default::default()
    };
    let out = xhlo::opt::run(&options, &text, &file);
    assert!(out.success, "{}", out.errors.join("\n"));
    assert!(out.ir.contains(r#"iterator_types = ["parallel", "parallel", "reduction"]"#), "{}", out.ir);
    assert!(out.ir.contains("affine_map<(d0, d1, d2) -> (d0, d2)>") && out.ir.contains("affine_map<(d0, d1, d2) -> (d2, d1)>"), "{}", out.ir);
}

/// The GPU pipeline's loop structure (`GPU_LOOPS`: loop order, split reductions, one thread
/// per iteration, single-thread kernels, copies of device results) compiled for the CPU.
fn gpu_loops_on_cpu() -> xhlo::runtime::CompileOptions {
    xhlo::runtime::CompileOptions { gpu_loops: true, threads: 1, ..Default::default() }
}

#[test]
fn the_gpu_loop_structure_passes_the_stablehlo_tests_on_the_cpu() {
    let ctx = xhlo::dialect::XhloContext::new();
    let options = gpu_loops_on_cpu();
    let (mut passed, mut failed) = (0, Vec::new());
    for t in xhlo::check::suite_tests(&repo_root().join("../shared/stablehlo-tests"), 2).unwrap() {
        match xhlo::check::run_chunk_options(&ctx, &t.text, &t.file, &options) {
            Ok(()) => passed += 1,
            Err(e) => failed.push(format!("{} #{}: {}", t.file, t.chunk, e.lines().next().unwrap_or(""))),
        }
    }
    assert!(failed.is_empty(), "{passed} pass; failing:\n  {}", failed.join("\n  "));
}

#[test]
fn every_workload_bundles() {
    for dir in [repo_root().join("../shared/workloads"), repo_root().join("bench/workloads")] {
        for w in xhlo::workloads::load(&dir).unwrap() {
            let path = w.source(&dir);
            let text = std::fs::read_to_string(&path).unwrap();
            let b = compile_text(&text, &path.file_name().unwrap().to_string_lossy(), None).unwrap_or_else(|e| panic!("{}: {e}", w.name));
            assert_eq!(b.inputs.len(), w.args.len(), "{}", w.name);
        }
    }
}

#[test]
fn the_gpu_loop_structure_computes_every_workload_on_the_cpu() {
    let ctx = xhlo::dialect::XhloContext::new();
    let mut failed = Vec::new();
    for dir in [repo_root().join("../shared/workloads"), repo_root().join("bench/workloads")] {
        for w in xhlo::workloads::load(&dir).unwrap() {
            let path = w.source(&dir);
            let text = std::fs::read_to_string(&path).unwrap();
            let file = path.file_name().unwrap().to_string_lossy().to_string();
            let module = xhlo::dialect::source::parse_and_verify(&ctx, &xhlo::import::to_xhlo_text(&text, &file).unwrap(), &file).unwrap();
            let program = xhlo::runtime::compile(&ctx, &module, &gpu_loops_on_cpu(), &file).unwrap();
            let out = program.run(&w.inputs()).unwrap();
            if let Err(e) = xhlo::workloads::compare(&xhlo::workloads::checksum(&out[0]), &w.expected_f64) {
                failed.push(format!("{}: {e}", w.name));
            }
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

/// The launches that compute a product in shared-memory tiles (`xhlo-gpu-tile-dots`: blocks
/// of 16x16 threads), each checked to stage its tiles in shared memory between barriers.
fn tiled_dots(b: &Bundle) -> Vec<&Launch> {
    let tiled: Vec<&Launch> = launches(b).into_iter().filter(|l| l.block == [16, 16, 1]).collect();
    for l in &tiled {
        let ptx = &b.modules[l.module].ptx;
        for needle in [".shared .align 4 .b8", "bar.sync", "st.shared", "ld.shared"] {
            assert!(ptx.contains(needle), "{}: no {needle} in its PTX:\n{ptx}", l.kernel);
        }
        assert_eq!(l.shared_bytes, 0, "the tiles are static shared memory");
    }
    tiled
}

#[test]
fn matmul_1024_is_one_block_per_64x64_tile_staged_through_shared_memory() {
    let (text, file) = workload("matmul_1024");
    let b = compile_text(&text, &file, None).unwrap();
    let tiled = tiled_dots(&b);
    assert_eq!(tiled.len(), 1, "{:?}", launches(&b));
    assert_eq!(tiled[0].grid, [16, 16, 1]);
    // Output, then both operands; the tile sizes are constants inside the kernel.
    let buffers: Vec<usize> = tiled[0].args.iter().map(|a| if let Arg::Memref(v) = a { v.buffer } else { usize::MAX }).collect();
    assert_eq!(buffers.len(), 3, "{:?}", tiled[0].args);
    assert!(buffers.contains(&b.inputs[0].buffer) && buffers.contains(&b.inputs[1].buffer) && buffers.contains(&b.outputs[0].view.buffer), "{buffers:?}");
}

#[test]
fn a_batched_matmul_puts_its_batch_on_grid_z() {
    let file = "batched_matmul_32x128x256x128.mlir";
    let text = std::fs::read_to_string(repo_root().join("bench/workloads/stablehlo").join(file)).unwrap();
    let b = compile_text(&text, file, None).unwrap();
    let tiled = tiled_dots(&b);
    assert_eq!(tiled.len(), 1, "{:?}", launches(&b));
    assert_eq!(tiled[0].grid, [2, 2, 32]);
}

#[test]
fn a_product_off_the_tile_sizes_clamps_its_loads_and_keeps_its_stores_inside() {
    // 100x70 @ 70x65: the last row and column tiles are partial, and k ends inside a step.
    let text = "func.func @main(%a: tensor<100x70xf32>, %b: tensor<70x65xf32>) -> tensor<100x65xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<100x70xf32>, tensor<70x65xf32>) -> tensor<100x65xf32>
  return %0 : tensor<100x65xf32>
}";
    let b = compile_text(text, "odd.mlir", None).unwrap();
    let tiled = tiled_dots(&b);
    assert_eq!(tiled.len(), 1, "{:?}", launches(&b));
    assert_eq!(tiled[0].grid, [2, 2, 1]);
    let ptx = &b.modules[tiled[0].module].ptx;
    assert!(ptx.contains("min.u64"), "no clamped load:\n{ptx}");
}

#[test]
fn mlp2s_hidden_layer_is_tiled_with_its_bias_and_relu_and_the_narrow_output_layer_is_not() {
    let (text, file) = workload("mlp2_b256");
    let b = compile_text(&text, &file, None).unwrap();
    let tiled = tiled_dots(&b);
    // 256x784 @ 784x1024 (bias and ReLU fused at the last k): 16 column tiles, 4 row tiles.
    // 256x1024 @ 1024x10 has 10 columns, too few for a tile: one thread per output.
    assert_eq!(tiled.iter().map(|l| l.grid).collect::<Vec<_>>(), [[16, 4, 1]], "{:?}", launches(&b));
    assert!(b.modules[tiled[0].module].ptx.contains("max.NaN.f32"), "the ReLU is not in the tiled kernel");
}

/// The tier 1 and 2 tests the GPU path compiles (all of them ran and passed on an H100,
/// `bench/results/gpu/`): every one but f64 transcendental functions, which need libdevice.
#[test]
fn the_stablehlo_tests_all_bundle_but_f64_transcendentals() {
    let dir = std::env::temp_dir().join(format!("xhlo-gpu-suite-{}", std::process::id()));
    let (bundled, refused) = xhlo::gpu_suite::prepare(&repo_root().join("../shared/stablehlo-tests"), &dir).unwrap();
    let manifest: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(dir.join("manifest.json")).unwrap()).unwrap();
    std::fs::remove_dir_all(&dir).ok();
    let reasons: Vec<String> = manifest["tests"].as_array().unwrap().iter().filter_map(|t| t["error"].as_str().map(str::to_string)).collect();
    assert!(reasons.iter().all(|r| r.contains("on f64") && r.contains("libdevice")), "{reasons:#?}");
    assert_eq!((bundled, refused), (350, 13), "{reasons:#?}");
}
