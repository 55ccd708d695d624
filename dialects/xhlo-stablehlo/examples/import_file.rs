//! Imports a StableHLO file and prints the xhlo generic form (errors to stderr, exit 1):
//! `cargo run -p xhlo-stablehlo --example import_file -- input.mlir`.

fn main() {
    let path = std::env::args().nth(1).expect("usage: import_file FILE");
    let text = std::fs::read_to_string(&path).expect("read the input file");
    match xhlo_stablehlo::import::import_text(&text) {
        Ok(file) => print!("{}", mlir_text::print::print_file(&file, &path)),
        Err(errors) => {
            for e in errors {
                eprintln!("{}", e.in_file(&path));
            }
            std::process::exit(1);
        }
    }
}
