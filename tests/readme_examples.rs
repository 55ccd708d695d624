//! The README's examples run as written. A fenced block after `<!-- tested: TAG -->` is an
//! example; a fenced block after `<!-- output: TAG -->` is what the one before prints. Here the
//! `cli` examples run in bash against the binaries of this build, and each line of their output
//! block must be a line of what they print, in that order (the tools also print times, which
//! change from run to run); `python/tests/test_readme.py` runs the `python` one, whose output
//! must be exactly its block. A README that drifts from the tools fails here.

use crate::support::repo_root;
use std::path::Path;
use std::process::Command;

/// A tested example: its code and, when the README shows it, its output.
#[derive(Debug, PartialEq)]
pub struct Example {
    pub code: String,
    pub output: Option<String>,
}

/// The fenced block that starts on the first line of `lines` after a marker line (blank lines
/// between are allowed), and the index of the line after its closing fence.
fn fenced(lines: &[&str], from: usize) -> Option<(String, usize)> {
    let start = (from..lines.len()).find(|&i| !lines[i].trim().is_empty())?;
    if !lines[start].starts_with("```") {
        return None;
    }
    let end = (start + 1..lines.len()).find(|&i| lines[i].starts_with("```"))?;
    let body: Vec<&str> = lines[start + 1..end].to_vec();
    Some((body.join("\n") + "\n", end + 1))
}

/// The examples tagged `tag`, in order. A marker without a fenced block after it is an error,
/// so a broken marker cannot hide an example.
pub fn examples(readme: &str, tag: &str) -> Result<Vec<Example>, String> {
    let lines: Vec<&str> = readme.lines().collect();
    let tested = format!("<!-- tested: {tag} -->");
    let output = format!("<!-- output: {tag} -->");
    let mut out: Vec<Example> = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let marker = line.trim();
        if marker == tested {
            let (code, _) = fenced(&lines, i + 1).ok_or(format!("README.md:{}: {tested} is not followed by a fenced block", i + 1))?;
            out.push(Example { code, output: None });
        } else if marker == output {
            let (text, _) = fenced(&lines, i + 1).ok_or(format!("README.md:{}: {output} is not followed by a fenced block", i + 1))?;
            let last = out.last_mut().ok_or(format!("README.md:{}: {output} before any {tested}", i + 1))?;
            last.output = Some(text);
        }
    }
    Ok(out)
}

/// A directory laid out as the repository is after `make build` for what the examples touch:
/// `examples/` and `target/release/xla-{opt,run}` (links to this build's binaries).
fn sandbox() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("xhlo-readme-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("target/release")).unwrap();
    std::os::unix::fs::symlink(repo_root().join("examples"), dir.join("examples")).unwrap();
    for (name, path) in [("xla-opt", env!("CARGO_BIN_EXE_xla-opt")), ("xla-run", env!("CARGO_BIN_EXE_xla-run"))] {
        std::os::unix::fs::symlink(Path::new(path), dir.join("target/release").join(name)).unwrap();
    }
    dir
}

/// Whether every line of `expected` is a line of `printed`, in order; else the first that is
/// not.
fn lines_in_order<'a>(printed: &str, expected: &'a str) -> Result<(), &'a str> {
    let mut printed = printed.lines();
    for want in expected.lines() {
        if !printed.any(|line| line == want) {
            return Err(want);
        }
    }
    Ok(())
}

#[test]
fn the_cli_examples_run_as_written_and_print_what_the_readme_shows() {
    let readme = std::fs::read_to_string(repo_root().join("README.md")).unwrap();
    let cli = examples(&readme, "cli").unwrap();
    assert!(!cli.is_empty(), "README.md has no <!-- tested: cli --> example");
    let dir = sandbox();
    for example in &cli {
        let out = Command::new("bash").args(["-e", "-o", "pipefail", "-c", &example.code]).current_dir(&dir).output().unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "README example failed ({}):\n{}\nstdout:\n{stdout}\nstderr:\n{}", out.status, example.code, String::from_utf8_lossy(&out.stderr));
        if let Some(expected) = &example.output {
            if let Err(missing) = lines_in_order(&stdout, expected) {
                panic!("README example did not print {missing:?} (in the README's order):\n{}\nstdout:\n{stdout}", example.code);
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_python_example_is_there_for_its_pytest() {
    let readme = std::fs::read_to_string(repo_root().join("README.md")).unwrap();
    let python = examples(&readme, "python").unwrap();
    assert_eq!(python.len(), 1, "README.md should have one <!-- tested: python --> example (python/tests/test_readme.py runs it)");
    assert!(python[0].code.contains("import xhlo") && python[0].output.is_some());
}

#[test]
fn markers_find_their_blocks_and_a_marker_without_one_is_an_error() {
    let text = "# t\n<!-- tested: cli -->\n```sh\necho hi\n```\nprints:\n<!-- output: cli -->\n```\nhi\n```\n";
    assert_eq!(examples(text, "cli").unwrap(), [Example { code: "echo hi\n".into(), output: Some("hi\n".into()) }]);
    assert!(examples(text, "python").unwrap().is_empty());
    assert!(examples("<!-- tested: cli -->\ntext\n", "cli").unwrap_err().contains("README.md:1:"));
    assert!(examples("<!-- output: cli -->\n```\nx\n```\n", "cli").unwrap_err().contains("before any"));
    assert_eq!(lines_in_order("time 1.2 s\nresult\nother\nplan\n", "result\nplan\n"), Ok(()));
    assert_eq!(lines_in_order("plan\nresult\n", "result\nplan\n"), Err("plan"));
}
