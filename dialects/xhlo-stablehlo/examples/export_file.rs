//! Exports an xhlo file (generic MLIR text, as `import_file` or `xla-opt` print it) as
//! StableHLO text (errors to stderr, exit 1):
//! `cargo run -p xhlo-stablehlo --example export_file -- input.mlir [--generic-check-ops]`.

fn main() {
    let path = std::env::args().nth(1).expect("usage: export_file FILE [--generic-check-ops]");
    let options = xhlo_stablehlo::export::Options { generic_check_ops: std::env::args().any(|a| a == "--generic-check-ops") };
    let text = std::fs::read_to_string(&path).expect("read the input file");
    let result = xhlo_stablehlo::parse_file(&text)
        .map_err(|e| vec![e])
        .and_then(|file| xhlo_stablehlo::export::export_file_with(&file, &options));
    match result {
        Ok(out) => print!("{out}"),
        Err(errors) => {
            for e in errors {
                eprintln!("{}", e.in_file(&path));
            }
            std::process::exit(1);
        }
    }
}
