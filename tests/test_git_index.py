"""What a save and the session-start census read of the git index itself, on an index that
another person made: a path that only contains our folder's name is no committed
checkpoint, and no crafted index (an endless path-length varint, a split index naming many
shared indexes) makes the read costly; where the index cannot say for sure, git is asked."""
import os
import shutil
import struct

import checkpoint_mcp as cm
from checkpoint_mcp import CHECKPOINT_DIR, LEGACY_FILE
from tests.support import SAVE, CheckpointTestCase, git, make_git_repo


def index_bytes(version, entries_blob, count, extensions=b""):
    return b"DIRC" + struct.pack(">II", version, count) + entries_blob + extensions


class PathsThatOnlyContainOurNameTest(CheckpointTestCase):

    session_id = None

    def setUp(self):
        super().setUp()
        make_git_repo(self.project, self.env, {
            "docs/" + LEGACY_FILE: "a page about checkpoints\n",
            "examples/%s/main.json" % CHECKPOINT_DIR: "{}\n"})

    def test_the_index_is_not_taken_for_sure_and_git_says_none_is_committed(self):
        committed = cm.CommittedCheckpoints(str(self.project), None)
        self.assertIsNone(committed.in_index())  # found by its name: ask git
        self.assertEqual(committed.tracked()[0], set())

    def test_a_second_save_builds_on_the_first(self):
        server = self.server()
        first = self.ok(server, SAVE, {"session": "main", "goal": "my goal",
                                       "decisions": ["keep it"]})
        second = self.ok(server, SAVE, {"session": "main", "summary": "later",
                                        "mode": "merge"})
        said = " ".join(first["warnings"] + second["warnings"])
        self.assertNotIn("untrusted", said)
        self.assertNotIn("not git-ignored", said)
        folder = self.project / CHECKPOINT_DIR
        self.assertEqual(sorted(name for name in os.listdir(str(folder))
                                if name.endswith(cm.UNTRUSTED_SUFFIX)), [])
        self.assertEqual(self.stored("main")["decisions"], ["keep it"])

    def test_a_clean_index_is_taken_for_sure(self):
        shutil.rmtree(str(self.project / "docs"))
        shutil.rmtree(str(self.project / "examples"))
        git(self.project, "add", "-A", env=self.env)
        git(self.project, "commit", "-q", "-m", "tidy", env=self.env)
        self.assertEqual(cm.CommittedCheckpoints(str(self.project), None).in_index(),
                         frozenset())


class CraftedIndexTest(CheckpointTestCase):

    def setUp(self):
        super().setUp()
        make_git_repo(self.project, self.env)
        self.git_dir = self.project / ".git"

    def test_an_endless_path_length_varint_is_given_up_at_once(self):
        # One version 4 entry whose path begins with 200,000 continuation bytes: each one
        # grew a single integer, which took tens of seconds to read.
        entry = b"\0" * 40 + b"\0" * 20 + b"\0\0" + b"\xff" * 200000 + b"\0a\0"
        (self.git_dir / "index").write_bytes(index_bytes(4, entry, 1))
        self.assertIsNone(cm.git_index_paths(str(self.project), LEGACY_FILE))

    def test_a_split_index_naming_more_than_one_shared_index_is_not_read(self):
        shared = index_bytes(2, b"", 0)
        links = b""
        for number in range(2):
            object_id = bytes([number + 1]) * 20
            (self.git_dir / ("sharedindex." + object_id.hex())).write_bytes(shared)
            links += b"link" + struct.pack(">I", 20) + object_id
        (self.git_dir / "index").write_bytes(index_bytes(2, b"", 0, links))
        self.assertIsNone(cm.git_index_paths(str(self.project), LEGACY_FILE))
        self.assertIsNone(cm.CommittedCheckpoints(str(self.project), None).in_index())

    def test_a_split_index_naming_one_shared_index_is_read(self):
        object_id = b"\x01" * 20
        (self.git_dir / ("sharedindex." + object_id.hex())).write_bytes(index_bytes(2, b"", 0))
        (self.git_dir / "index").write_bytes(
            index_bytes(2, b"", 0, b"link" + struct.pack(">I", 20) + object_id))
        self.assertEqual(cm.git_index_paths(str(self.project), LEGACY_FILE), set())
