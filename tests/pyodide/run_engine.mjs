// Runs Python code against the engine inside Pyodide under Node (no network):
//   node run_engine.mjs <project root> <msgpack wheel> <python file> [<pyodide folder>]
// The Python file's stdout is passed through; a Python exception exits non-zero. With a Pyodide
// folder (dist/pyodide: the site's own runtime and trimmed standard library), that one runs
// instead of node_modules/pyodide.
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [root, wheel, script, runtime] = process.argv.slice(2);
const { loadPyodide } = runtime
  ? await import(pathToFileURL(path.resolve(runtime, "pyodide.mjs")).href)
  : await import("pyodide");
const pyodide = await loadPyodide({
  stdout: (s) => console.log(s), stderr: (s) => console.error(s),
  ...(runtime ? { indexURL: path.resolve(runtime) + "/" } : {}),
});
pyodide.FS.mkdirTree("/project");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: path.resolve(root) }, "/project");
pyodide.FS.mkdirTree("/wheels");
pyodide.FS.writeFile("/wheels/msgpack.whl", readFileSync(wheel));
pyodide.runPython(`
import sys, zipfile
zipfile.ZipFile("/wheels/msgpack.whl").extractall("/site")
sys.path[:0] = ["/site", "/project"]
`);
try {
  pyodide.runPython(readFileSync(script, "utf8"));
} catch (err) {
  console.error(String(err));
  process.exit(1);
}
