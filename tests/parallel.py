"""Run a discovered test package on every core, for plain `python3 -m unittest`.

The package's `load_tests` hands its tests to `load_package_tests`, which returns a
ParallelSuite: when unittest runs it, this process starts a few worker processes
(`python -m unittest <package>`, told by an environment variable which run they serve),
and all of them take the package's test modules one at a time, the costliest first, from
a shared list, so that they end together whatever the machine. Every worker writes what
happens to its tests to a report file, and this process replays each report into its own
unittest result as it goes: the dots, "Ran N tests", the failures with their tracebacks
and the exit status are those of one run. A worker that dies is an error that names it.

Standard library only, Python 3.8 and up; CKPT_TEST_WORKERS=1 runs everything in this
process as unittest alone would.
"""
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import unittest

WORKERS_VARIABLE = "CKPT_TEST_WORKERS"  # how many processes run the tests; 1: this one only
WORKER_VARIABLE = "CKPT_TEST_WORKER"  # in a worker: "<number> <plan file>"
MAX_WORKERS = 4  # past this the longest module, not the core count, bounds the run
# Workers per core: many tests wait on a process they started (git, the pyz), so a core
# has time for a second worker (on 2 cores, 2026-12-04: 31-32 s with 4 workers, 37 s with 2).
WORKERS_PER_CORE = 2
DEFAULT_TEST_SECONDS = 0.035  # what a test costs where the package names no cost
POLL_SECONDS = 0.05  # how often this process looks at its workers once its own work is done
STDERR_TAIL_LINES = 20  # of a dead worker's stderr, in the error that reports it


def load_package_tests(loader, standard_tests, pattern, package, costs=None):
    """What a package's `load_tests` returns: its tests as discovery would find them, in a
    ParallelSuite when more than one worker should run them. In a worker, its share.
    `costs` maps a module's last name to the seconds its tests take (the slow ones)."""
    worker = os.environ.pop(WORKER_VARIABLE, None)
    if worker:
        number, plan_path = worker.split(" ", 1)
        with open(plan_path, encoding="utf-8") as plan_file:
            plan = json.load(plan_file)
        if plan["package"] == package.__name__:
            return WorkerSuite(loader, plan, int(number))
    if pattern is None:
        # Loaded by name (`python -m unittest tests`), not by discovery: as without us.
        return standard_tests
    tests = loader.discover(start_dir=os.path.dirname(package.__file__), pattern=pattern)
    standard_tests.addTests(tests)
    workers = worker_count()
    if workers <= 1:
        return standard_tests
    return ParallelSuite(standard_tests, package.__name__, workers, costs or {})


def worker_count():
    value = os.environ.get(WORKERS_VARIABLE, "").strip()
    if value:
        return max(1, int(value))
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return max(1, min(cores * WORKERS_PER_CORE, MAX_WORKERS))


# The plan: the tests by module, the costliest first ####################################

def flattened(suite):
    """The tests of `suite` in order; a suite of a kind of its own stays whole."""
    for item in suite:
        if type(item) is unittest.TestSuite:
            yield from flattened(item)
        else:
            yield item


def loadable_module(test, package):
    """The module another process can load `test` from by its id, or None (an import
    failure, a suite of its own, a case made on the fly)."""
    if not isinstance(test, unittest.TestCase):
        return None
    cls = type(test)
    module = sys.modules.get(cls.__module__)
    if module is None or not cls.__module__.startswith(package + "."):
        return None
    found = module
    for part in cls.__qualname__.split("."):
        found = getattr(found, part, None)
    method = getattr(test, "_testMethodName", None)
    if found is not cls or not method or test.id() != "%s.%s.%s" % (
            cls.__module__, cls.__qualname__, method):
        return None
    return cls.__module__


def plan_units(tests, package, costs):
    """(the tests only this process can run, the other tests as units of one module each,
    the costliest first)."""
    local = []
    modules = {}
    for test in tests:
        module = loadable_module(test, package)
        if module is None:
            local.append(test)
        else:
            modules.setdefault(module, []).append(test)

    def cost(item):
        module, module_tests = item
        return costs.get(module.rsplit(".", 1)[-1], DEFAULT_TEST_SECONDS * len(module_tests))
    units = [module_tests for module, module_tests in
             sorted(modules.items(), key=cost, reverse=True)]
    return local, units


def claims(plan):
    """The indexes of the plan's units this process is first to claim, one at a time:
    a claim is a file made only if it does not exist yet, so each unit has one owner."""
    folder = os.path.join(plan["folder"], "claims")
    for index in range(len(plan["units"])):
        try:
            os.close(os.open(os.path.join(folder, str(index)),
                             os.O_CREAT | os.O_EXCL | os.O_WRONLY))
        except FileExistsError:
            continue
        yield index


class LazySuite(unittest.TestSuite):
    """A suite whose tests come from `source` only as unittest runs them (iterate once)."""

    def __init__(self, source):
        unittest.TestSuite.__init__(self)
        self._source = source

    def __iter__(self):
        for test in self._source:
            self._tests.append(test)  # where TestSuite.run drops it once run
            yield test


# In a worker: run claimed units, report each outcome ####################################

class WorkerSuite(unittest.TestSuite):
    """A worker's share: the units it claims, run here, each outcome written to its report
    for the process that started it. Its own runner prints nothing: that process does."""

    def __init__(self, loader, plan, number):
        unittest.TestSuite.__init__(self)
        self.loader = loader
        self.plan = plan
        self.number = number

    def claimed_tests(self, report):
        parent = os.getppid()
        for index in claims(self.plan):
            report.write({"claim": index})
            for test_id in self.plan["units"][index]:
                if os.getppid() != parent:
                    return  # killed, it no longer reads us
                yield from self.loader.loadTestsFromName(test_id)
            # (asked for the next test, the suite is done with this unit's: run, or passed
            # over when their setUpClass failed)
            report.write({"unit done": index})

    def run(self, result, debug=False):
        stream = getattr(result, "stream", None)
        if stream is not None and hasattr(stream, "stream"):
            # (the runner's summary goes to the same stream, after the run)
            stream.stream = open(os.devnull, "w")
        report_path = os.path.join(self.plan["folder"], "worker-%d.jsonl" % self.number)
        with open(report_path, "a", encoding="utf-8") as report_file:
            report = Report(report_file)
            LazySuite(self.claimed_tests(report)).run(ReportingResult(result, report))
            report.write({"done": True})
        return result


class Report:
    """One JSON object a line, flushed at once: a worker killed mid-test loses nothing."""

    def __init__(self, stream):
        self.stream = stream

    def write(self, event):
        self.stream.write(json.dumps(event) + "\n")
        self.stream.flush()


class ReportingResult:
    """The worker's unittest result, writing every outcome to the report as well. The
    suite's own bookkeeping (the class and module last set up) stays here, so the last
    tearDownClass runs, and is reported, within the worker's share."""

    def __init__(self, result, report):
        self._result = result
        self._report = report
        self._testRunEntered = False
        self._previousTestClass = None
        self._moduleSetUpFailed = False

    def __getattr__(self, name):
        return getattr(self._result, name)

    def _text(self, err, test):
        format_error = getattr(self._result, "_exc_info_to_string", None)
        if format_error is not None:
            return format_error(err, test)
        import traceback
        return "".join(traceback.format_exception(*err))

    def _add(self, kind, case, **fields):
        fields.update(add=kind, id=case.id(), desc=str(case), short=case.shortDescription())
        self._report.write(fields)

    def startTest(self, test):
        self._report.write({"start": test.id()})
        self._result.startTest(test)

    def stopTest(self, test):
        self._result.stopTest(test)
        self._report.write({"stop": test.id()})

    def addSuccess(self, test):
        self._add("success", test)
        self._result.addSuccess(test)

    def addFailure(self, test, err):
        self._add("failure", test, text=self._text(err, test))
        self._result.addFailure(test, err)

    def addError(self, test, err):
        self._add("error", test, text=self._text(err, test))
        self._result.addError(test, err)

    def addSkip(self, test, reason):
        self._add("skip", test, text=reason)
        self._result.addSkip(test, reason)

    def addExpectedFailure(self, test, err):
        self._add("expectedFailure", test, text=self._text(err, test))
        self._result.addExpectedFailure(test, err)

    def addUnexpectedSuccess(self, test):
        self._add("unexpectedSuccess", test)
        self._result.addUnexpectedSuccess(test)

    def addSubTest(self, test, subtest, err):
        if err is not None:
            failed = issubclass(err[0], test.failureException)
            self._add("subfailure" if failed else "suberror", subtest, test=test.id(),
                      text=self._text(err, test))
        self._result.addSubTest(test, subtest, err)

    def addDuration(self, test, elapsed):
        self._report.write({"duration": test.id(), "elapsed": elapsed})
        add_duration = getattr(self._result, "addDuration", None)
        if add_duration is not None:
            add_duration(test, elapsed)


# In the process that started them: the workers, replayed ###############################

class WorkerFailure(AssertionError):
    """A test's failure in a worker (its text is the worker's traceback)."""


class WorkerError(Exception):
    """A test's error in a worker, or the worker's death."""


class ReportedTest:
    """What a worker reported that this process has no test object for: a setUpClass
    that failed, a subtest, a dead worker. It reads as the worker's object did."""
    failureException = AssertionError

    def __init__(self, test_id, description, short=None):
        self._id = test_id
        self._description = description
        self._short = short

    def id(self):
        return self._id

    def __str__(self):
        return self._description

    def shortDescription(self):
        return self._short

    def countTestCases(self):
        return 0


def add_with_text(add, result, test, text, kind):
    """Call the result's `add` (addFailure, addError, ...) for `test` with the traceback
    text a worker wrote, as if the result had formatted it here."""
    err = (kind, kind(text), None)
    try:
        # The result formats the error with this method; the worker already did.
        result._exc_info_to_string = lambda err, test: text
    except AttributeError:
        add(test, err)
        return
    try:
        add(test, err)
    finally:
        del result._exc_info_to_string


def exit_description(returncode):
    if returncode is not None and returncode < 0:
        try:
            return "signal %s" % signal.Signals(-returncode).name
        except ValueError:
            return "signal %d" % -returncode
    return "exit code %s" % returncode


class Worker:
    """One worker process, its report and its output as this process has read them."""

    def __init__(self, number, folder, command, env, cwd):
        self.number = number
        self.report_path = os.path.join(folder, "worker-%d.jsonl" % number)
        open(self.report_path, "w").close()
        self.outputs = []
        files = []
        for name, stream in (("stdout", sys.stdout), ("stderr", sys.stderr)):
            path = os.path.join(folder, "worker-%d.%s" % (number, name))
            files.append(open(path, "wb"))
            self.outputs.append((open(path, "rb"), stream))
        self.process = subprocess.Popen(command, cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                                        stdout=files[0], stderr=files[1])
        for written in files:
            written.close()
        self.report = open(self.report_path, "rb")
        self.pending = b""
        self.unstarted = []  # the ids of its claimed unit's tests not started yet
        self.current = None  # the test it is running now
        self.done = False
        self.stderr_tail = b""

    def events(self):
        self.pending += self.report.read()
        lines = self.pending.split(b"\n")
        self.pending = lines.pop()  # a line still being written
        return [json.loads(line.decode("utf-8")) for line in lines if line]

    def relay_output(self):
        for source, stream in self.outputs:
            data = source.read()
            if not data:
                continue
            if stream is sys.stderr:
                self.stderr_tail = (self.stderr_tail + data)[-20000:]
            target = getattr(stream, "buffer", None)
            if target is not None:
                stream.flush()
                target.write(data)
                target.flush()
            else:
                stream.write(data.decode("utf-8", "replace"))
                stream.flush()

    def describe(self):
        return "test worker %d (pid %d)" % (self.number, self.process.pid)

    def close(self):
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()
        self.report.close()
        for source, stream in self.outputs:
            source.close()


class ParallelSuite(unittest.TestSuite):
    """The package's tests, run by this process and `workers - 1` worker processes."""

    def __init__(self, tests, package, workers, costs):
        unittest.TestSuite.__init__(self, tests)
        self.package = package
        self.workers = workers
        self.costs = costs

    def run(self, result, debug=False):
        if debug:
            return unittest.TestSuite.run(self, result, debug)
        local, units = plan_units(list(flattened(self)), self.package, self.costs)
        folder = tempfile.mkdtemp(prefix="ckpt-test-workers-")
        workers = []
        try:
            os.mkdir(os.path.join(folder, "claims"))
            plan = {"package": self.package, "folder": folder,
                    "units": [[test.id() for test in unit] for unit in units]}
            plan_path = os.path.join(folder, "plan.json")
            with open(plan_path, "w", encoding="utf-8") as plan_file:
                json.dump(plan, plan_file)
            by_id = {}
            for unit in units:
                for test in unit:
                    by_id.setdefault(test.id(), []).append(test)
            replay = Replay(result, by_id, plan["units"])
            if units:
                workers = self.start_workers(result, folder, plan_path, self.workers - 1)
            own = self.own_tests(result, replay, workers, local, units, plan)
            LazySuite(own).run(result)
            self.wait_for(result, replay, workers)
        finally:
            for worker in workers:
                worker.close()
            shutil.rmtree(folder, ignore_errors=True)
        return result

    def start_workers(self, result, folder, plan_path, count):
        top = os.path.dirname(os.path.dirname(os.path.abspath(
            sys.modules[self.package].__file__)))
        try:
            flags = subprocess._args_from_interpreter_flags()  # -W, -X, -O ... as given here
        except AttributeError:
            flags = []
        # (-u: what a test prints reaches us even if its worker dies next)
        command = [sys.executable] + flags + ["-u", "-m", "unittest"]
        if getattr(result, "failfast", False):
            command.append("-f")
        if getattr(result, "buffer", False):
            command.append("-b")
        if getattr(result, "tb_locals", False):
            command.append("--locals")
        command.append(self.package)
        workers = []
        for number in range(1, count + 1):
            env = dict(os.environ)
            env[WORKER_VARIABLE] = "%d %s" % (number, plan_path)
            workers.append(Worker(number, folder, command, env, top))
        return workers

    def own_tests(self, result, replay, workers, local, units, plan):
        """This process's share: the tests only it can run, then the units it claims;
        between two tests, what the workers did meanwhile goes into the result."""
        for test in local:
            replay.catch_up(workers)
            yield test
        for index in claims(plan):
            for test in units[index]:
                replay.catch_up(workers)
                if result.shouldStop:
                    return
                yield test
        replay.catch_up(workers)

    def wait_for(self, result, replay, workers):
        running = list(workers)
        while running and not result.shouldStop:
            finished = [worker for worker in running if worker.process.poll() is not None]
            replay.catch_up(running)
            for worker in finished:
                running.remove(worker)
                replay.worker_ended(worker)
            if running:
                time.sleep(POLL_SECONDS)


class Replay:
    """Puts what the workers report into this process's unittest result."""

    def __init__(self, result, by_id, units):
        self.result = result
        self.by_id = by_id  # test id: the tests of that id that no worker has started
        self.units = units  # the test ids of each unit

    def catch_up(self, workers):
        for worker in workers:
            worker.relay_output()
            for event in worker.events():
                if self.result.shouldStop:
                    return  # failfast: nothing after the first failure
                self.replay(worker, event)

    def test_for(self, worker, test_id):
        candidates = self.by_id.get(test_id)
        if candidates:
            return candidates.pop(0)
        return ReportedTest(test_id, test_id)

    def replay(self, worker, event):
        result = self.result
        if "claim" in event:
            worker.unstarted = list(self.units[event["claim"]])
        elif "unit done" in event:
            worker.unstarted = []
        elif "start" in event:
            if event["start"] in worker.unstarted:
                worker.unstarted.remove(event["start"])
            worker.current = self.test_for(worker, event["start"])
            result.startTest(worker.current)
        elif "stop" in event:
            if worker.current is not None:
                result.stopTest(worker.current)
            worker.current = None
        elif "duration" in event:
            add_duration = getattr(result, "addDuration", None)
            if add_duration is not None and worker.current is not None:
                add_duration(worker.current, event["elapsed"])
        elif "add" in event:
            self.replay_outcome(worker, event)
        elif event.get("done"):
            worker.done = True

    def replay_outcome(self, worker, event):
        result = self.result
        kind = event["add"]
        current = worker.current
        if kind in ("subfailure", "suberror"):
            subtest = ReportedTest(event["id"], event["desc"], event.get("short"))
            test = current if current is not None else ReportedTest(event["test"],
                                                                    event["test"])
            error = WorkerFailure if kind == "subfailure" else WorkerError
            add_with_text(lambda _, err: result.addSubTest(test, subtest, err), result,
                          subtest, event["text"], error)
            return
        if current is not None and current.id() == event["id"]:
            test = current
        elif event["id"] in worker.unstarted:  # skipped without a start (3.12.1)
            worker.unstarted.remove(event["id"])
            test = self.test_for(worker, event["id"])
        else:  # outside any test: a setUpClass or tearDownModule that failed
            test = ReportedTest(event["id"], event["desc"], event.get("short"))
        if kind == "success":
            result.addSuccess(test)
        elif kind == "skip":
            result.addSkip(test, event["text"])
        elif kind == "unexpectedSuccess":
            result.addUnexpectedSuccess(test)
        elif kind == "failure":
            add_with_text(result.addFailure, result, test, event["text"], WorkerFailure)
        elif kind == "expectedFailure":
            add_with_text(result.addExpectedFailure, result, test, event["text"],
                          WorkerFailure)
        else:
            add_with_text(result.addError, result, test, event["text"], WorkerError)

    def worker_ended(self, worker):
        """A worker that ended without saying it was done died: the test it was running and
        those it had claimed but not started are errors that name it."""
        worker.relay_output()
        if worker.done or self.result.shouldStop:
            return
        tail = b"\n".join(worker.stderr_tail.splitlines()[-STDERR_TAIL_LINES:])
        death = "%s ended with %s before its tests did.%s" % (
            worker.describe(), exit_description(worker.process.returncode),
            "\nThe end of its stderr:\n" + tail.decode("utf-8", "replace") if tail else "")
        death += "\n"  # (as a traceback ends)
        result = self.result
        if worker.current is not None:
            add_with_text(result.addError, result, worker.current,
                          "This test was running when the " + death, WorkerError)
            result.stopTest(worker.current)
            worker.current = None
        elif not worker.unstarted:
            add_with_text(result.addError, result, ReportedTest(
                worker.describe(), worker.describe()), "The " + death, WorkerError)
        for test_id in worker.unstarted:
            test = self.test_for(worker, test_id)
            result.startTest(test)
            add_with_text(result.addError, result, test,
                          "Not run: the " + death, WorkerError)
            result.stopTest(test)
        worker.unstarted = []
