#!/usr/bin/env bash
# Sequence-level knowledge distillation for one language pair in one go (made for a GPU machine; on a
# CPU it works too, slowly):
#   train/kd_pipeline.sh DATA OUT TEACHER_MIN STUDENT_MIN [DEVICE]
#   e.g. train/kd_pipeline.sh work/data/en-fr work/kd 3 3.5 cuda
# 1. a teacher (train/configs/en-fr-teacher.json: 6+3 layers, d 512, F32, never shipped) trained for
#    TEACHER_MIN minutes of wall clock;
# 2. train/distill.py: the teacher's beam-5 translations of every training source -> DATA-kd, and the
#    ids (OUT/kd.ids.gz) from which train/distill.py --from-ids rebuilds DATA-kd on another machine;
# 3. two students of the shipped en-fr-transformer's size (train/configs/en-fr-transformer-gpu.json),
#    side by side on the same device for STUDENT_MIN minutes each: one on the distilled data (kd), one on
#    the original data (ref, the control);
# 4. per student, best.pt or the average of its last 5 evaluations, whichever scores higher on valid,
#    exported as OUT/{kd,ref}.safetensors (F32; evaluate and export I8 with finish_run's commands).
# Environment: PY (python with torch), CKPT, DISTILL_MAX_MIN (default 3), PICK_THREADS (average.py, default 1).
# Logs: OUT/*.log. Checkpoints: $CKPT (default work/ckpt)/en-fr-{teacher,transformer-kd,transformer-ref}.
set -u
cd "$(dirname "$0")/.."
data=${1:?DATA} out=${2:?OUT} tmin=${3:?TEACHER_MIN} smin=${4:?STUDENT_MIN} dev=${5:-auto}
PY=${PY:-/usr/bin/python3} CKPT=${CKPT:-work/ckpt}
mkdir -p "$out" "$CKPT"
say() { echo "$(date '+%T') kd_pipeline: $*" | tee -a "$out/pipeline.log"; }
train() {  # NAME DATA CONFIG MINUTES
  $PY train/train.py --data "$2" --arch-config "train/configs/$3.json" --out "$CKPT/$1" \
      --budget-min "$4" --device "$dev" --threads 1 --log-every-s 15 > "$out/$1.log" 2>&1
}
pick() {  # RUN -> the better of best.pt and the last-5 average
  $PY train/average.py "$CKPT/$1" --last 5 --pick --threads "${PICK_THREADS:-1}" 2>> "$out/$1.log" || echo "$CKPT/$1/best.pt"
}

say "teacher: $tmin min on $dev"
train en-fr-teacher "$data" en-fr-teacher "$tmin" || say "teacher failed (rc $?)"
teacher=$(pick en-fr-teacher)
say "distill with $teacher"
$PY train/distill.py --ckpt "$teacher" --data "$data" --out "$data-kd" --beam 5 --batch 1000 --device "$dev" \
    --ids-out "$out/kd.ids.gz" --time-limit-min "${DISTILL_MAX_MIN:-3}" >> "$out/distill.log" 2>&1 || say "distill failed (rc $?)"
say "students: $smin min each, side by side"
train en-fr-transformer-kd "$data-kd" en-fr-transformer-gpu "$smin" &
train en-fr-transformer-ref "$data" en-fr-transformer-gpu "$smin" &
wait
for s in kd ref; do
  ck=$(pick en-fr-transformer-$s)
  say "student $s: exporting $ck"
  $PY train/export.py --ckpt "$ck" --out "$out/$s.safetensors" >> "$out/pipeline.log" 2>&1 || say "export $s failed"
done
grep -h "eval step\|budget reached\|average of" "$out"/en-fr-*.log | tail -n 40 >> "$out/pipeline.log"
say "done"
