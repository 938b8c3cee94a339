"""The test suite. `python3 -m unittest` discovers this package, whose load_tests runs its
modules on every core (see tests/parallel.py); CKPT_TEST_WORKERS=1 runs them all in one
process."""

# Seconds the slowest modules take (CPython 3.11 alone, 2026-12-05): the workers take
# these first, so that all of them end together on small ones. Others count 35 ms a test
# (those above 1 s are here: a module of few slow tests would otherwise come last).
MODULE_SECONDS = {
    "test_bytecode_cache": 8.1,
    "test_redaction_holdouts": 7.0,
    "test_redaction_coverage": 6.5,
    "test_redaction_holdouts_recent": 3.1,
    "test_redaction_holdouts_latest": 12.0,
    "test_redaction_holdouts_newest": 5.2,
    "test_redaction_holdouts_thirty_fourth_on": 6.0,
    "test_redaction_holdouts_forty_first_on": 8.0,
    "test_redaction_holdouts_fiftieth_on": 8.0,
    "test_redaction_holdouts_fifty_ninth_on": 6.0,
    "test_redaction_holdouts_sixty_fifth_on": 6.0,
    "test_redaction_holdouts_seventieth_on": 11.0,
    "test_redaction_holdouts_eightieth_on": 3.5,
    "test_redaction_holdouts_eighty_third_on": 3.5,
    "test_redaction_holdouts_eighty_sixth_on": 4.5,
    "test_redaction_holdouts_eighty_ninth_on": 4.5,
    "test_redaction_holdouts_ninety_second_on": 4.5,
    "test_hostile_store": 4.9,
    "test_reliability_crash": 4.6,
    "test_hostile_git": 3.4,
    "test_hook_deadlines": 2.4,
    "test_platforms": 2.2,
    "test_hooks": 1.7,
    "test_first_hour": 1.7,
    "test_git": 1.7,
    "test_brief_bounds": 1.6,
    "test_checkpoints": 1.5,
    "test_bundle": 1.5,
    "test_reliability_fuzz": 1.5,
    "test_reliability_concurrency": 1.3,
    "test_cli": 1.2,
    "test_trust": 1.2,
}


def _empty_state_folder():
    """A test that calls the module outside a TempDirTestCase (the redaction corpora) runs
    in the process's own environment: point its state folder (where the user's redaction
    patterns live) at an empty one of the run's, never at the real one. Worker processes
    inherit it."""
    import os
    if os.environ.get("CKPT_TEST_STATE_HOME"):
        return
    import atexit
    import shutil
    import tempfile
    folder = tempfile.mkdtemp(prefix="ckpt-test-state-")
    atexit.register(shutil.rmtree, folder, True)
    os.environ["CKPT_TEST_STATE_HOME"] = os.environ["XDG_STATE_HOME"] = folder
    if os.name == "nt":
        os.environ["LOCALAPPDATA"] = folder


_empty_state_folder()


def load_tests(loader, standard_tests, pattern):
    import sys
    from tests.parallel import load_package_tests
    from tests.support import shared_bytecode_cache
    shared_bytecode_cache()  # made before the workers start, for them to share
    return load_package_tests(loader, standard_tests, pattern, sys.modules[__name__],
                              MODULE_SECONDS)
