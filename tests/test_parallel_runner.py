"""The runner that splits `python3 -m unittest` over worker processes (tests/parallel.py),
run on a small package of throwaway tests: one run, whatever process ran each test."""
import os
import re
import shutil
import subprocess
import sys
import textwrap
import unittest

from tests.support import REPO, make_temp_folder

PACKAGE_INIT = '''
import os
import sys
import time
import unittest

from pkg.parallel import load_package_tests


class GateTest(unittest.TestCase):
    """Runs first, in the top process (the package's own module is not a worker's to
    take), and keeps it busy until a worker has claimed every module: the last one,
    test_z_crash, leaves a file when it starts."""

    def test_the_worker_takes_every_module(self):
        if not os.environ.get("GATE"):
            return
        started = os.path.join(os.environ["MARKERS"], "crash-started")
        deadline = time.time() + 30
        while not os.path.exists(started) and time.time() < deadline:
            time.sleep(0.01)
        self.assertTrue(os.path.exists(started))


def load_tests(loader, tests, pattern):
    with open(os.path.join(os.environ["MARKERS"], "load_tests"), "a") as called:
        called.write("%r\\n" % pattern)
    return load_package_tests(loader, tests, pattern, sys.modules[__name__],
                              {"test_a": 3.0, "test_z_crash": 0.001})
'''

FAILING_MODULE = '''
import unittest


class Outcomes(unittest.TestCase):

    def test_passes(self):
        pass

    def test_fails(self):
        self.assertEqual("expected", "what the worker saw")

    def test_errs(self):
        raise KeyError("a worker's error")

    @unittest.skip("a reason to skip")
    def test_skipped(self):
        pass

    @unittest.expectedFailure
    def test_expected_to_fail(self):
        self.fail("as expected")

    def test_subtests(self):
        for number in range(3):
            with self.subTest(number=number):
                self.assertLess(number, 2)

    def test_prints(self):
        print("printed by a test in a worker")


class BrokenClass(unittest.TestCase):

    @classmethod
    def setUpClass(cls):
        raise RuntimeError("setUpClass broke in a worker")

    def test_never_runs(self):
        pass
'''

CRASHING_MODULE = '''
import os
import unittest


class Crash(unittest.TestCase):

    def test_1_kills_its_process(self):
        open(os.path.join(os.environ["MARKERS"], "crash-started"), "w").close()
        os._exit(3)

    def test_2_never_starts(self):
        pass
'''

PASSING_MODULE = '''
import unittest


class Passing(unittest.TestCase):

    def test_one(self):
        pass

    def test_two(self):
        pass

    @unittest.skip("skipped")
    def test_three(self):
        pass
'''


def ran(tests, skipped):
    """The count in "Ran N tests" of `tests` of which `skipped` are skipped by a decorator:
    CPython 3.12.1 alone leaves those out."""
    @unittest.skip("counted?")
    class Skipped(unittest.TestCase):
        def test_skipped(self):
            pass
    result = unittest.TestResult()
    Skipped("test_skipped").run(result)
    return tests - skipped + skipped * result.testsRun


class ParallelRunnerTest(unittest.TestCase):

    def setUp(self):
        self.top = make_temp_folder("ckpt-test-runner-")
        self.addCleanup(shutil.rmtree, str(self.top), True)
        (self.top / "markers").mkdir()
        package = self.top / "pkg"
        package.mkdir()
        shutil.copy(str(REPO / "tests" / "parallel.py"), str(package / "parallel.py"))
        (package / "__init__.py").write_text(PACKAGE_INIT, encoding="utf-8")

    def write_module(self, name, text):
        (self.top / "pkg" / (name + ".py")).write_text(text, encoding="utf-8")

    def unittest(self, *args, workers=2, gate=False):
        env = {name: value for name, value in os.environ.items()
               if not name.startswith(("CKPT_TEST_", "PYTHON"))}
        env.update(CKPT_TEST_WORKERS=str(workers), MARKERS=str(self.top / "markers"))
        if gate:
            env["GATE"] = "1"
        return subprocess.run([sys.executable, "-m", "unittest"] + list(args),
                              cwd=str(self.top), env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, timeout=60, universal_newlines=True)

    def test_a_worker_s_failures_errors_skips_and_death_are_the_run_s(self):
        self.write_module("test_a", FAILING_MODULE)
        self.write_module("test_z_crash", CRASHING_MODULE)
        run = self.unittest(gate=True)
        self.assertEqual(run.returncode, 1, run.stderr)
        # gate 1, Outcomes 7, Crash 2 (BrokenClass's test never starts: its setUpClass
        # failed, an error of its own)
        self.assertIn("\nRan %d tests in " % ran(10, skipped=1), run.stderr)
        self.assertIn("FAILED (failures=2, errors=4, skipped=1, expected failures=1)",
                      run.stderr)
        failures = re.findall(r"^(?:FAIL|ERROR): (.+)$", run.stderr, re.M)
        self.assertEqual(sorted(failures), sorted([
            "test_fails (pkg.test_a.Outcomes%s)" % self.qualified("test_fails"),
            "test_errs (pkg.test_a.Outcomes%s)" % self.qualified("test_errs"),
            "test_subtests (pkg.test_a.Outcomes%s) (number=2)"
            % self.qualified("test_subtests"),
            "setUpClass (pkg.test_a.BrokenClass)",
            "test_1_kills_its_process (pkg.test_z_crash.Crash%s)"
            % self.qualified("test_1_kills_its_process"),
            "test_2_never_starts (pkg.test_z_crash.Crash%s)"
            % self.qualified("test_2_never_starts"),
        ]))
        # the worker's tracebacks, as it wrote them
        self.assertIn("AssertionError: 'expected' != 'what the worker saw'", run.stderr)
        self.assertIn("KeyError: \"a worker's error\"", run.stderr)
        self.assertIn("RuntimeError: setUpClass broke in a worker", run.stderr)
        self.assertIn('File "%s", line' % (self.top / "pkg" / "test_a.py"), run.stderr)
        # the worker that died, named, and what it left undone
        self.assertRegex(run.stderr, r"This test was running when the test worker 1 "
                                     r"\(pid \d+\) ended with exit code 3")
        self.assertRegex(run.stderr, r"Not run: the test worker 1 \(pid \d+\) ended")
        self.assertEqual(run.stdout, "printed by a test in a worker\n")

    def test_a_passing_run_prints_its_dots_and_summary_only(self):
        self.write_module("test_a", PASSING_MODULE)
        self.write_module("test_z_crash", CRASHING_MODULE.replace("os._exit(3)", "pass"))
        for workers in (2, 1):
            run = self.unittest(workers=workers)
            self.assertEqual(run.returncode, 0, run.stderr)
            self.assertRegex(run.stderr, r"\A[.s]{6}\n-{70}\nRan %d tests in \d+\.\d+s\n\n"
                                         r"OK \(skipped=1\)\n\Z" % ran(6, skipped=1))
            self.assertEqual(run.stdout, "")

    def test_a_module_named_runs_in_one_process_as_without_the_runner(self):
        self.write_module("test_a", FAILING_MODULE)
        run = self.unittest("-v", "pkg.test_a")
        self.assertEqual(run.returncode, 1, run.stderr)
        self.assertIn("\nRan %d tests in " % ran(7, skipped=1), run.stderr)
        self.assertIn("test_fails (pkg.test_a.Outcomes%s) ... FAIL"
                      % self.qualified("test_fails"), run.stderr)
        # (the package's load_tests, which splits a run, is only for its discovery)
        self.assertFalse((self.top / "markers" / "load_tests").exists())

    @staticmethod
    def qualified(method):
        """How unittest names a test after its class: 3.11 and up add the method."""
        return "." + method if sys.version_info >= (3, 11) else ""


if __name__ == "__main__":
    unittest.main()
