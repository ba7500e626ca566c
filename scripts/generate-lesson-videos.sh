#!/usr/bin/env bash
# Generates the demo lesson videos under content/media/lessons/ (committed; run again only to change them).
# Needs ffmpeg with libvpx-vp9, libopus and drawtext (Debian: apt-get install -y ffmpeg).
# Each clip: 640x360, 24 fps, VP9 + Opus in WebM, a slow colour gradient with a title and a soft tone.
set -euo pipefail

cd "$(dirname "$0")/.."
OUT=content/media/lessons
mkdir -p "$OUT"
FONT=${FONT:-/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf}

command -v ffmpeg >/dev/null || { echo "ffmpeg is not installed" >&2; exit 1; }
[ -f "$FONT" ] || { echo "font $FONT not found (set FONT=/path/to/font.ttf)" >&2; exit 1; }

# number  seconds  gradient colours (4)                        tone (Hz)  title
CLIPS=(
  "1 24 0x0f6b63:0x2a9d8f:0xe9c46a:0xf4f1de 220 Welcome to the course"
  "2 30 0x264653:0x2a9d8f:0x8ab17d:0xe9f5db 247 Looking closely"
  "3 36 0x3d405b:0x81b29a:0xf2cc8f:0xf4f1de 262 Trying it yourself"
  "4 28 0x1d3557:0x457b9d:0xa8dadc:0xf1faee 196 Step by step"
  "5 40 0x6d597a:0xb56576:0xe56b6f:0xeaac8b 233 Putting it together"
  "6 22 0x283618:0x606c38:0xdda15e:0xfefae0 208 Looking back"
)

for clip in "${CLIPS[@]}"; do
  read -r n seconds colours tone title <<<"$clip"
  IFS=: read -r c0 c1 c2 c3 <<<"$colours"
  fade_out=$((seconds - 2))
  ffmpeg -hide_banner -loglevel error -y \
    -f lavfi -i "gradients=s=640x360:r=24:d=${seconds}:speed=0.008:type=radial:c0=${c0}:c1=${c1}:c2=${c2}:c3=${c3}:nb_colors=4" \
    -f lavfi -i "sine=frequency=${tone}:sample_rate=48000:duration=${seconds}" \
    -filter_complex "[0:v]drawbox=x=0:y=ih-112:w=iw:h=112:color=black@0.35:t=fill,\
drawtext=fontfile=${FONT}:text='Demo lesson ${n}':fontcolor=white@0.85:fontsize=20:x=40:y=h-96,\
drawtext=fontfile=${FONT}:text='${title}':fontcolor=white:fontsize=34:x=40:y=h-66,\
fade=t=in:st=0:d=1,fade=t=out:st=${fade_out}:d=2[v];\
[1:a]volume=0.06,afade=t=in:st=0:d=2,afade=t=out:st=${fade_out}:d=2[a]" \
    -map "[v]" -map "[a]" \
    -c:v libvpx-vp9 -b:v 0 -crf 45 -deadline good -cpu-used 2 -row-mt 1 -g 48 -pix_fmt yuv420p \
    -c:a libopus -b:a 24k \
    "$OUT/lesson-${n}.webm"
  echo "$OUT/lesson-${n}.webm: $(stat -c %s "$OUT/lesson-${n}.webm") bytes, ${seconds} s"
done
