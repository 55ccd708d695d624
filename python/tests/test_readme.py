"""The README's opening Python example ("Three ways in"), run as written: the fenced block
after `<!-- tested: python -->` must print the block after `<!-- output: python -->`
(tests/readme_examples.rs runs the `cli` ones the same way)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def fenced_after(lines, marker):
    """The fenced block after the line `marker` (blank lines between allowed); fails when the
    marker or its block is missing, so a broken marker cannot hide the example."""
    starts = [i for i, line in enumerate(lines) if line.strip() == marker]
    assert len(starts) == 1, f"README.md should have one {marker!r}, has {len(starts)}"
    i = starts[0] + 1
    while i < len(lines) and not lines[i].strip():
        i += 1
    assert i < len(lines) and lines[i].startswith("```"), f"README.md:{starts[0] + 1}: {marker} is not followed by a fenced block"
    end = next(j for j in range(i + 1, len(lines)) if lines[j].startswith("```"))
    return "".join(line + "\n" for line in lines[i + 1 : end])


def test_three_ways_in_python_example_prints_what_the_readme_shows():
    lines = (ROOT / "README.md").read_text().splitlines()
    code = fenced_after(lines, "<!-- tested: python -->")
    expected = fenced_after(lines, "<!-- output: python -->")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout == expected
