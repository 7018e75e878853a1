"""The names a model's pair translates (train/attnseq_train/names_table.py): the words the engine's name
guard leaves to the model (cpp/attnseq/decode/name_guard.h), from CLDR's names, and the metadata entry
train/export.py and train/names_table.py write."""
import json
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "train"))
from attnseq_train.names_table import METADATA_KEY, table_json, translated_names  # noqa: E402

CLDR = {"places": {"002": {"en": "Africa", "fr": "Afrique", "zh": "非洲"},
                   "CA": {"en": "Canada", "fr": "Canada"},
                   "US": {"en": "United States", "fr": "États-Unis"},
                   "ZA": {"en": "South Africa", "fr": "Afrique du Sud"}},
        "months": {"en": ["January"], "fr": ["janvier"], "de": ["Januar"]},
        "days": {"en": ["Monday"], "de": ["Montag"]}}


class NamesTableTest(unittest.TestCase):
    def test_words_written_otherwise_in_the_target(self):
        self.assertEqual(translated_names("fr", "en", CLDR), ["Afrique", "Sud", "Unis", "États"])
        # English names the French write otherwise; "Canada" is written alike
        self.assertEqual(translated_names("en", "fr", CLDR), ["Africa", "January", "South", "States", "United"])
        # German capitalizes its months and days
        self.assertEqual(translated_names("de", "en", CLDR), ["Januar", "Montag"])

    def test_a_language_without_capitals_has_none(self):
        self.assertEqual(translated_names("zh", "en", CLDR), [])

    def test_shipped_cldr_file(self):
        words = translated_names("fr", "en")
        self.assertIn("Afrique", words)
        self.assertIn("Allemagne", words)
        self.assertNotIn("Canada", words)
        self.assertEqual(words, sorted(words))

    def test_metadata_value(self):
        self.assertEqual(METADATA_KEY, "names")
        self.assertEqual(json.loads(table_json(["Afrique", "Égypte"])), {"version": 1, "translated": ["Afrique", "Égypte"]})
        self.assertIn("Égypte", table_json(["Égypte"]))  # UTF-8, not escaped


if __name__ == "__main__":
    unittest.main()
