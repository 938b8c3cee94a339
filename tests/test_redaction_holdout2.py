"""The second hold-out corpus as regression data: its recall per group and its false
positives stay where the redaction brought them (a rule that stops catching a group's
secret, or starts altering a look-alike, fails here)."""
import unittest

import checkpoint_mcp
from tests import redaction_holdout2 as holdout
from tests.support import leaks

# Caught per group, of the group's secrets, as measured when the floors were set. The
# misses left: three secrets beside ids no word names, and five webhook URLs whose public
# prefix (`https://hooks.slack.com/services/`) stays readable by design.
RECALL_FLOORS = {
    "credential-files": (66, 66),
    "generic": (262, 262),
    "id-beside-secret": (87, 90),
    "vendor-named": (125, 127),
    "vendor-unnamed": (224, 227),
}


class SecondHoldoutTest(unittest.TestCase):

    def test_recall_per_group_holds(self):
        found = {}
        for group, _, text, secret, _ in holdout.SECRETS:
            redacted, count = checkpoint_mcp.redact_text(text)
            caught, total = found.get(group, (0, 0))
            found[group] = (caught + (count >= 1 and not leaks(secret, redacted)), total + 1)
        self.assertEqual(sorted(found), sorted(RECALL_FLOORS))
        for group, (floor, total) in RECALL_FLOORS.items():
            with self.subTest(group):
                self.assertEqual(found[group][1], total)
                self.assertGreaterEqual(found[group][0], floor)
        caught = sum(hit for hit, _ in found.values())
        self.assertGreaterEqual(caught / len(holdout.SECRETS), 0.989)

    def test_no_benign_look_alike_is_altered(self):
        self.assertEqual(len(holdout.BENIGN), 550)
        altered = [text for text in holdout.BENIGN if checkpoint_mcp.redact_text(text) != (text, 0)]
        self.assertEqual(altered, [])


if __name__ == "__main__":
    unittest.main()
