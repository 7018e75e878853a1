"""Source text as the attention tutorials preprocess it (train/attnseq_train/plain_text.py): their
published examples, byte for byte, and the augmentation that trains on it."""
import os
import sys
import unittest

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "train"))
from attnseq_train.augment import augment  # noqa: E402
from attnseq_train.plain_text import STYLES, plain_rows, restyle  # noqa: E402


def row(en, fr):  # an en -> fr training row: (split, english, raw source, normalized target, other side)
    return ("train", en, en, fr, fr)


def xrow(src, en):  # an X -> en training row
    return ("train", en, src, en, src)


class Styles(unittest.TestCase):
    def test_pytorch_tutorial(self):
        # the sentences its evaluateRandomly() prints, from the written forms
        self.assertEqual(restyle("C'est un jeune directeur plein de talent.", "pytorch"),
                         "c est un jeune directeur plein de talent .")
        self.assertEqual(restyle("Vous êtes trop maigre !", "pytorch"), "vous etes trop maigre !")
        self.assertEqual(restyle("Je n'ai pas peur de mourir.", "pytorch"), "je n ai pas peur de mourir .")
        self.assertEqual(restyle("Er wohnt in der Straße, 12.", "pytorch"), "er wohnt in der stra e .")

    def test_tensorflow_tutorial(self):
        self.assertEqual(restyle("¿Todavía están en casa?", "tensorflow"), "¿ todavia estan en casa ?")
        self.assertEqual(restyle("Hace mucho frío aquí.", "tensorflow"), "hace mucho frio aqui .")
        self.assertEqual(restyle("Sí, «claro».", "tensorflow"), "si , claro .")

    def test_d2l_and_typed(self):
        self.assertEqual(restyle("I'm home.", "d2l"), "i'm home .")
        self.assertEqual(restyle("Go. Now!", "d2l"), "go . now !")
        self.assertEqual(restyle("Élodie a 3,5 kg.", "d2l"), "élodie a 3 ,5 kg .")
        self.assertEqual(restyle("Hace mucho frío aquí.", "unaccented"), "Hace mucho frio aqui.")
        self.assertEqual(restyle("Hace mucho frío aquí.", "lower"), "hace mucho frío aquí.")


class PlainRows(unittest.TestCase):
    def test_sources_restyled_targets_kept(self):
        rows = [xrow(f"Él está aquí {i}.", f"He is here {i}.") for i in range(200)]
        out = plain_rows(rows, 0.25, np.random.default_rng(2), "es")
        self.assertGreater(len(out), 40)
        self.assertLessEqual(len(out), 50)
        by_src = {r[2]: r for r in rows}
        seen = set()
        for r in out:
            self.assertNotIn(r[2], by_src)
            original = next(o for o in rows if o[1] == r[1])
            self.assertEqual((r[0], r[1], r[3], r[4]), original[:2] + original[3:])
            seen |= {s for s in STYLES if restyle(original[2], s) == r[2]}
        self.assertEqual(seen, set(STYLES))

    def test_chinese_sources_none(self):
        self.assertEqual(plain_rows([xrow("我很好。", "I'm fine.")], 1.0, np.random.default_rng(1), "zh"), [])

    def test_drawn_last_other_kinds_unchanged(self):
        rows = [row(f"Tom has {i} cats.", f"Tom a {i} chats.") for i in range(2, 60)]
        before, _ = augment(rows, "en", "fr", seed=4, concat=0.1, numbers=2)
        after, counts = augment(rows, "en", "fr", seed=4, concat=0.1, numbers=2, plain=0.5)
        self.assertEqual(after[:len(before)], before)
        self.assertEqual(counts["plain"], len(after) - len(before))
        self.assertGreater(counts["plain"], 0)


if __name__ == "__main__":
    unittest.main()
