#!/usr/bin/env bash
# Export and evaluate one finished run (called by run_queue.sh; safe to run by hand):
#   train/finish_run.sh NAME DATA_DIR
# -> work/models/NAME.safetensors (F32) and NAME.i8.safetensors, work/eval/NAME.*.json
# (from best.pt, or from avg.pt, the average of the last 5 evaluations, when that is better)
set -eu
cd "$(dirname "$0")/.."
name=$1 data=$2 PY=/usr/bin/python3
mkdir -p work/models work/eval
# The average of the last evaluations' weights (train/average.py) when it beats best.pt on valid BLEU.
ckpt=work/ckpt/$name/best.pt
if [ -d "work/ckpt/$name/recent" ]; then
  ckpt=$($PY train/average.py "work/ckpt/$name" --last 5 --pick) || ckpt=work/ckpt/$name/best.pt
fi
$PY train/history.py "work/ckpt/$name/last.pt"   # the learning curve: docs/eval/history/NAME.json
echo "exporting $ckpt"
$PY train/export.py --ckpt "$ckpt" --out "work/models/$name.safetensors"
$PY train/export.py --ckpt "$ckpt" --out "work/models/$name.i8.safetensors" --int8
$PY train/evaluate.py --model "work/models/$name.safetensors" --data "$data" --beam 1 --out "work/eval/$name.greedy.json"
$PY train/evaluate.py --model "work/models/$name.i8.safetensors" --data "$data" --beam 1 --out "work/eval/$name.i8.greedy.json"
$PY train/evaluate.py --model "work/models/$name.safetensors" --data "$data" --beam 5 --out "work/eval/$name.beam5.json"
if [ -x build/native/attnseq ]; then  # C++ runtime vs PyTorch, greedy, F32
  $PY train/parity.py --model "work/models/$name.safetensors" --data "$data" --cli build/native/attnseq \
      --out "work/eval/$name.parity.json"
fi
