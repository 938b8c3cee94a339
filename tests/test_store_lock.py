"""The checkpoint lock: removing a checkpoint (delete, prune) holds it, and a lock file
removed while a save waits on it never lets two saves into the critical section at once."""
import os
import threading
import time
from unittest import mock

import checkpoint_mcp
from checkpoint_mcp import CHECKPOINT_DIR
from tests.support import TempDirTestCase, run_main


class LockTestCase(TempDirTestCase):

    def setUp(self):
        super().setUp()
        self.directory = self.project / CHECKPOINT_DIR
        self.directory.mkdir(mode=0o700)
        self.path = str(self.directory / "s.json")
        self.events = []
        self.events_lock = threading.Lock()
        # Set when a taker finds the lock held: from then on it is waiting for it.
        self.someone_waits = threading.Event()
        real_try_lock = checkpoint_mcp.CheckpointLock._try_lock

        def try_lock(lock):
            taken = real_try_lock(lock)
            if not taken:
                self.someone_waits.set()
            return taken
        patch = mock.patch.object(checkpoint_mcp.CheckpointLock, "_try_lock", try_lock)
        patch.start()
        self.addCleanup(patch.stop)

    def note(self, name, edge):
        with self.events_lock:
            self.events.append((name, edge, time.monotonic()))

    def hold(self, name, seconds):
        with checkpoint_mcp.CheckpointLock(self.path):
            self.note(name, "in")
            time.sleep(seconds)
            self.note(name, "out")

    def spans(self):
        spans = {}
        for name, edge, at in self.events:
            spans.setdefault(name, {})[edge] = at
        return spans

    def wait_for_a_waiter(self):
        self.assertTrue(self.someone_waits.wait(10), "nobody waited for the lock")


class LockFileRemovedUnderAWaiterTest(LockTestCase):

    def test_a_waiter_on_a_removed_lock_file_takes_the_new_one(self):
        remover = checkpoint_mcp.CheckpointLock(self.path)
        remover.__enter__()
        waiter = threading.Thread(target=self.hold, args=("waiter", 0.2))
        waiter.start()
        self.wait_for_a_waiter()  # it has opened the old lock file and polls it
        os.unlink(self.path + checkpoint_mcp.LOCK_SUFFIX)
        remover.__exit__(None, None, None)
        newcomer = threading.Thread(target=self.hold, args=("newcomer", 0.2))
        newcomer.start()
        waiter.join(10)
        newcomer.join(10)
        spans = self.spans()
        self.assertEqual(set(spans), {"waiter", "newcomer"}, self.events)
        first, second = sorted(spans.values(), key=lambda span: span["in"])
        self.assertLessEqual(first["out"], second["in"], self.events)

    def test_a_lock_whose_file_stays_is_taken_once(self):
        with checkpoint_mcp.CheckpointLock(self.path) as lock:
            self.assertTrue(lock._names_our_file())
        self.assertTrue(os.path.isfile(self.path + checkpoint_mcp.LOCK_SUFFIX))


class RemovingHoldsTheLockTest(LockTestCase):

    def write_checkpoint(self, age_days=0):
        with open(self.path, "w", encoding="utf-8") as handle:
            handle.write('{"version": 1}')
        if age_days:
            old = time.time() - age_days * 86400
            os.utime(self.path, (old, old))

    def test_delete_waits_for_a_save_in_progress(self):
        self.write_checkpoint()
        saver = threading.Thread(target=self.hold, args=("saver", 0.3))
        saver.start()
        while not self.events:
            time.sleep(0.01)
        result = run_main(["delete", "s"], self.env, cwd=self.project)
        deleted_at = time.monotonic()
        saver.join(10)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertGreaterEqual(deleted_at, self.spans()["saver"]["out"])
        self.assertFalse(os.path.lexists(self.path))

    def test_prune_keeps_a_checkpoint_saved_again_while_it_waited(self):
        self.write_checkpoint(age_days=40)
        holder = checkpoint_mcp.CheckpointLock(self.path)
        holder.__enter__()
        outcome = {}
        pruner = threading.Thread(target=lambda: outcome.setdefault("result", run_main(
            ["prune", "--older-than", "30"], self.env, cwd=self.project)))
        pruner.start()
        self.wait_for_a_waiter()  # prune chose the old file and now waits for its lock
        self.write_checkpoint()  # a save lands meanwhile
        holder.__exit__(None, None, None)
        pruner.join(10)
        result = outcome["result"]
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn(b"kept s: it was saved again while prune waited for it", result.stdout)
        self.assertTrue(os.path.isfile(self.path))

    def test_prune_removes_what_nobody_saved_meanwhile(self):
        self.write_checkpoint(age_days=40)
        result = run_main(["prune", "--older-than", "30"], self.env, cwd=self.project)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertFalse(os.path.lexists(self.path))
        self.assertFalse(os.path.lexists(self.path + checkpoint_mcp.LOCK_SUFFIX))
