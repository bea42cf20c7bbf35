#!/bin/sh
# Rebuilds NotoSansCJKjp-Bold-subset.otf from Debian's Noto Sans CJK Bold
# (render-notes.md §2 recipe). Needs: apt-get install -y fonts-noto-cjk python3-fonttools
# Keep TEXT in step with drawnText in ../font.go (TestFontHasEveryGlyph checks it).
set -eu
cd "$(dirname "$0")"
TTC="$(dpkg -L fonts-noto-cjk | grep 'SansCJK-Bold.ttc$')"
TEXT="王玉飛角金銀桂香歩と成龍竜馬杏圭全一二三四五六七八九先後手持駒なし☗☖▲△反則目番勝負引分×・がきくけせたちっでにのみるれを上中了入切判制千取合宣対将局影意投指数断日時棋止武理相管終続者言詰連間限兵車行開始面（）"
# Debian's python3-fonttools lives under /usr/bin/python3 (pyftsubset may not be on PATH).
/usr/bin/python3 -m fontTools.subset "$TTC" --font-number=0 \
  --text="$TEXT" \
  --unicodes=U+0020-007E --layout-features='' --no-hinting --desubroutinize \
  --name-IDs='*' --notdef-outline --output-file=NotoSansCJKjp-Bold-subset.otf
