"""The third hold-out corpus as regression data: its recall per group and its false
positives stay where the redaction brought them (a rule that stops catching a group's
secret, or starts altering another look-alike, fails here)."""
import unittest

import checkpoint_mcp
from tests import redaction_holdout3 as holdout
from tests.support import leaks

# Caught per group, of the group's secrets, as measured when the floors were set. The
# misses left: a markdown table's password column, a key's pair after `-u ID -k`, a prose
# password wrapped mid-token whose first piece reads as an e-mail address, a key in a URL's
# path (a resource's id by design), a short value named only as a URL, and a token split by
# a `!`.
RECALL_FLOORS = {
    "credential-files": (65, 65),
    "generic": (319, 321),
    "id-beside-secret": (67, 68),
    "vendor-named": (248, 249),
    "vendor-unnamed": (306, 308),
}

# The look-alikes still redacted, all placeholders standing where a secret goes (AWS's
# documented example key pair, `api_key: test`, a Django key marked insecure, a Stripe key
# named a placeholder): redacting them costs nothing.
ALTERED = 5


class ThirdHoldoutTest(unittest.TestCase):

    def test_recall_per_group_holds(self):
        found = {}
        for group, _, text, secret, _ in holdout.SECRETS:
            redacted, count = checkpoint_mcp.redact_text(text)
            caught, total = found.get(group, (0, 0))
            found[group] = (caught + (count >= 1 and not leaks(secret, redacted)), total + 1)
        self.assertEqual(sorted(found), sorted(RECALL_FLOORS))
        caught = sum(hit for hit, _ in found.values())
        self.assertGreaterEqual(caught / len(holdout.SECRETS), 0.994)
        for group, (floor, total) in RECALL_FLOORS.items():
            with self.subTest(group):
                self.assertEqual(found[group][1], total)
                self.assertGreaterEqual(found[group][0], floor)

    def test_benign_look_alikes_stay_as_they_were(self):
        self.assertEqual(len(holdout.BENIGN), 672)
        altered = [text for text in holdout.BENIGN if checkpoint_mcp.redact_text(text) != (text, 0)]
        self.assertLessEqual(len(altered), ALTERED, altered)


if __name__ == "__main__":
    unittest.main()
