"""What a start does before its first line of work: importing the module runs no import
and builds no table that a run may not need, and the pyz compiles its start-up code once.

The speed itself is measured by bench/run.py; these tests pin the structure that it rests
on, so that a change that undoes it fails here rather than only in the benchmark.
"""
import subprocess
import sys
import unittest

from tests.support import PYZ, REPO, TempDirTestCase

# Modules that cost a start milliseconds (`re` alone about as much as the interpreter's own
# start; `json` and `subprocess` import it or much else): the functions that use them
# import them.
EXPENSIVE = ("argparse", "collections", "datetime", "enum", "functools", "hashlib", "json",
             "platform", "queue", "re", "select", "shlex", "shutil", "signal", "subprocess",
             "tempfile", "textwrap", "threading", "traceback", "typing", "uuid", "zlib")

IMPORT_PROBE = (
    "import sys\n"
    "before = set(sys.modules)\n"
    "sys.path.insert(0, sys.argv[1])\n"
    "import checkpoint_mcp\n"
    "print(' '.join(sorted(set(sys.modules) - before)))\n"
    "print(len(checkpoint_mcp._character_tables))\n"
)

# Runs the pyz as the interpreter does, under an audit hook that logs each compile of a file
# in the archive; once it is done, whether the collector is on and what it froze.
START_WATCHER = (
    "import gc, sys\n"
    "log, archive = open(sys.argv[1], 'w'), sys.argv[2]\n"
    "def audit(event, args):\n"
    "    if event == 'compile' and str(args[1]).startswith(archive):\n"
    "        log.write('compile %s\\n' % (args[1],)); log.flush()\n"
    "sys.addaudithook(audit)\n"
    "import runpy\n"
    "sys.argv = [archive, '--version']\n"
    "try:\n"
    "    runpy.run_path(sys.argv[0], run_name='__main__')\n"
    "except SystemExit:\n"
    "    pass\n"
    "log.write('collector %s, frozen %s\\n' % (gc.isenabled(), gc.get_freeze_count() > 0))\n"
    "log.flush()  # (what is frozen is never collected, so this file would not be closed)\n"
)


class ImportTest(unittest.TestCase):

    def test_importing_the_module_imports_nothing_costly_and_builds_no_character_table(self):
        result = subprocess.run([sys.executable, "-I", "-S", "-c", IMPORT_PROBE, str(REPO)],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=30)
        self.assertEqual(result.returncode, 0, result.stderr)
        imported, tables = result.stdout.decode("utf-8").splitlines()
        imported = imported.split()
        self.assertIn("checkpoint_mcp", imported)  # proves the listing works
        for name in EXPENSIVE:
            self.assertNotIn(name, imported)
        self.assertEqual(tables, "0")


class StartTest(TempDirTestCase):

    def start(self):
        """Run `pyz --version` under START_WATCHER; returns its log's lines."""
        log = self.tmp / "audit.log"
        result = subprocess.run(
            [sys.executable, "-I", "-S", "-c", START_WATCHER, str(log), str(PYZ)],
            cwd=str(self.tmp), env=self.env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            timeout=30)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertTrue(result.stdout.startswith(b"session-checkpoint "), result.stdout)
        return log.read_text(encoding="utf-8").splitlines()

    def test_a_start_compiles_only_the_start_up_code_and_that_once(self):
        self.start()  # fills the bytecode cache if this run's is empty
        compiled = [line.rsplit("/", 1)[-1].rsplit("\\", 1)[-1]
                    for line in self.start() if line.startswith("compile ")]
        # runpy compiles __main__.py twice, whatever it holds: it holds one statement.
        self.assertEqual(sorted(set(compiled)), ["__main__.py", "checkpoint_start.py"])
        self.assertEqual(compiled.count("checkpoint_start.py"), 1)

    def test_the_module_runs_with_the_collector_on_and_its_own_objects_frozen(self):
        self.assertIn("collector True, frozen True", self.start())

    def test_the_benchmarks_probe_reads_the_cache_as_the_pyz_writes_it(self):
        import importlib.util
        spec = importlib.util.spec_from_file_location("bench_run", str(REPO / "bench" / "run.py"))
        bench = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(bench)
        self.env["XDG_CACHE_HOME"] = str(self.tmp / "cache")  # (the probe reads its one file)
        self.start()
        result = subprocess.run([sys.executable, "-I", "-S", "-c", bench.MODULE_LOAD_PROBE],
                                cwd=str(self.tmp), env=self.env, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, timeout=30)
        self.assertEqual(result.returncode, 0, result.stderr)
        *seconds, head, whole = result.stdout.split()
        self.assertEqual(len(seconds), 3)
        self.assertLess(int(head), int(whole))


if __name__ == "__main__":
    unittest.main()
