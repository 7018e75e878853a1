"""Retiring multi-digit pieces of a SentencePiece model (train/attnseq_train/spm_edit.py)."""
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "train"))
try:
    import sentencepiece as spm
except ImportError:  # pragma: no cover
    spm = None
from attnseq_train.spm_edit import retire_multidigit  # noqa: E402
from attnseq_train.spm_json import UNUSED, tokenizer_json  # noqa: E402


@unittest.skipIf(spm is None, "needs python3-sentencepiece")
class RetireMultiDigit(unittest.TestCase):
    def test_numbers_are_spelled_digit_by_digit_and_ids_keep_their_pieces(self):
        with tempfile.TemporaryDirectory() as d:
            text = os.path.join(d, "t.txt")
            with open(text, "w") as f:
                for i in range(300):
                    f.write(f"in 1987 and 2019 we had {i % 7} cats and 100 dogs at 10:30\n")
            spm.SentencePieceTrainer.train(input=text, model_prefix=os.path.join(d, "m"), vocab_size=34,
                                           model_type="unigram", minloglevel=2, num_threads=1,
                                           pad_id=0, unk_id=1, bos_id=2, eos_id=3)
            path = os.path.join(d, "m.model")
            before = spm.SentencePieceProcessor(model_file=path)
            pieces = [before.id_to_piece(i) for i in range(before.get_piece_size())]
            multi = [p for p in pieces if sum(c.isdigit() for c in p) >= 2]
            self.assertTrue(multi, "the corpus should have produced multi-digit pieces")
            with open(path, "rb") as f:
                data, retired = retire_multidigit(f.read())
            self.assertEqual(sorted(retired), sorted(multi))
            out = os.path.join(d, "r.model")
            with open(out, "wb") as f:
                f.write(data)
            after = spm.SentencePieceProcessor(model_file=out)
            self.assertEqual([after.id_to_piece(i) for i in range(after.get_piece_size())], pieces)
            enc = after.encode("in 1987 and 2019", out_type=str)
            self.assertTrue(all(sum(c.isdigit() for c in p) <= 1 for p in enc), enc)
            self.assertEqual(after.decode(after.encode("in 1987 and 2019")), "in 1987 and 2019")
            # the tokenizer JSON that a model file stores marks them unused (the C++ Viterbi skips them)
            types = {p[0]: p[2] for p in tokenizer_json(out)["pieces"]}
            self.assertTrue(all(types[p] == UNUSED for p in multi))
            # a second pass retires nothing more and changes no byte
            data2, retired2 = retire_multidigit(data)
            self.assertEqual((data2, retired2), (data, []))


if __name__ == "__main__":
    unittest.main()
