"""The no-final-stop set (train/nostop_set.py): the test sources with their final stop taken away."""
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "train"))
from nostop_set import without_stop  # noqa: E402


class NoStopTest(unittest.TestCase):
    def test_the_final_mark_goes(self):
        self.assertEqual(without_stop("Je suis désolé."), "Je suis désolé")
        self.assertEqual(without_stop("¿ todavia estan en casa ?"), "¿ todavia estan en casa")
        self.assertEqual(without_stop("Stop!!"), "Stop")
        self.assertEqual(without_stop("我饿了。"), "我饿了")
        self.assertEqual(without_stop("Il a dit « oui. »"), "Il a dit « oui »")
        self.assertEqual(without_stop('He said "hi."'), 'He said "hi"')

    def test_none_without_one(self):
        self.assertIsNone(without_stop("Bonjour"))
        self.assertIsNone(without_stop("Bonjour,"))
        self.assertIsNone(without_stop("..."))


if __name__ == "__main__":
    unittest.main()
