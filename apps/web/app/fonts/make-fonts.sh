#!/bin/sh
# Regenerates the two Inter files the pages load (decision 032) from @fontsource-variable/inter, with fontTools
# (Debian: apt-get install python3-fonttools python3-brotli; run with /usr/bin/python3):
#   - inter-latin: fontsource's latin slice, weight axis cut to 400–800 (the weights the CSS uses);
#   - inter-pl: the 18 Polish letters outside Latin-1 (ą ć ę ł ń ś ź ż and capitals) from the latin-ext slice, same axis.
# Everything else (other latin-ext letters, Cyrillic, Greek…) still comes from fontsource's slices, on demand.
set -e
cd "$(dirname "$0")"
F=../../../../node_modules/@fontsource-variable/inter/files
PY=${PYTHON:-/usr/bin/python3}
T=$(mktemp -d)
$PY -m fontTools.subset "$F/inter-latin-ext-wght-normal.woff2" --unicodes="U+0104-0107,U+0118-0119,U+0141-0144,U+015A-015B,U+0179-017C" \
  --layout-features='*' --output-file="$T/pl.ttf"
$PY -m fontTools.varLib.instancer "$F/inter-latin-wght-normal.woff2" wght=400:800 -o "$T/latin.ttf"
$PY -m fontTools.varLib.instancer "$T/pl.ttf" wght=400:800 -o "$T/pl-cut.ttf"
$PY -m fontTools.ttLib.woff2 compress "$T/latin.ttf" -o inter-latin-wght-400-800.woff2
$PY -m fontTools.ttLib.woff2 compress "$T/pl-cut.ttf" -o inter-pl-wght-400-800.woff2
rm -r "$T"
