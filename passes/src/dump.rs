//! `xhlo-dump{file=PATH}`: writes the module to a file (to stderr without `file`) and leaves
//! it unchanged (the `dump-dir` option of `xhlo-jit`).

use crate::pass::{PassInfo, PassOption, PassOptions, XhloPass};
use melior::ir::OperationRef;

#[derive(Clone, Default)]
pub struct Dump {
    pub file: String,
}

impl XhloPass for Dump {
    /// Reads the IR and changes nothing.
    const KEEPS_IR_VALID: bool = true;
    const INFO: PassInfo = PassInfo {
        argument: "xhlo-dump",
        summary: "Write the module as it is at this point of the pipeline to a file (its directory is created) or stderr",
        options: &[PassOption { name: "file", default: "", help: "the file to write (a path without spaces; empty: stderr)" }],
    };

    const ANY_OP: bool = true;

    fn from_options(o: &PassOptions) -> Result<Self, String> {
        Ok(Dump { file: o.get(&Self::INFO, "file") })
    }

    fn run(&mut self, op: OperationRef) -> Result<(), String> {
        if self.file.is_empty() {
            eprintln!("{op}");
            return Ok(());
        }
        let path = std::path::Path::new(&self.file);
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| format!("xhlo-dump: {}: {e}", dir.display()))?;
        }
        std::fs::write(path, op.to_string()).map_err(|e| format!("xhlo-dump: {}: {e}", path.display()))
    }
}
