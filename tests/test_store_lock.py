"""The checkpoint lock: a lock file removed (by delete or prune) while a save waits on it
must not let two saves into the critical section at once."""
import os
import threading
import time

import checkpoint_mcp
from tests.support import TempDirTestCase


class LockFileRemovedUnderAWaiterTest(TempDirTestCase):

    def setUp(self):
        super().setUp()
        self.path = str(self.project / "s.json")
        self.events = []
        self.events_lock = threading.Lock()

    def hold(self, name, seconds):
        with checkpoint_mcp.CheckpointLock(self.path):
            with self.events_lock:
                self.events.append((name, "in", time.monotonic()))
            time.sleep(seconds)
            with self.events_lock:
                self.events.append((name, "out", time.monotonic()))

    def test_a_waiter_on_a_removed_lock_file_takes_the_new_one(self):
        remover = checkpoint_mcp.CheckpointLock(self.path)
        remover.__enter__()
        waiter = threading.Thread(target=self.hold, args=("waiter", 0.3))
        waiter.start()
        time.sleep(0.2)  # the waiter has opened the old lock file and polls it
        os.unlink(self.path + checkpoint_mcp.LOCK_SUFFIX)
        remover.__exit__(None, None, None)
        newcomer = threading.Thread(target=self.hold, args=("newcomer", 0.3))
        newcomer.start()
        waiter.join(10)
        newcomer.join(10)
        spans = {}
        for name, edge, at in self.events:
            spans.setdefault(name, {})[edge] = at
        self.assertEqual(set(spans), {"waiter", "newcomer"}, self.events)
        first, second = sorted(spans.values(), key=lambda span: span["in"])
        self.assertLessEqual(first["out"], second["in"], self.events)

    def test_a_lock_whose_file_stays_is_taken_once(self):
        with checkpoint_mcp.CheckpointLock(self.path) as lock:
            self.assertTrue(lock._names_our_file())
        self.assertTrue(os.path.isfile(self.path + checkpoint_mcp.LOCK_SUFFIX))
