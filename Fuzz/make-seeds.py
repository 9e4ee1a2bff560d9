#!/usr/bin/env python3
# Writes the fuzz targets' seed corpora into Fuzz/Corpus/<Target>/ (run from the repository root;
# needs fontTools, `pip install fonttools`, for the font seeds). The seeds are committed; this
# script is how they were made, so they can be made again.
#
# Font seeds are subsets of the bundled fonts (a few glyphs, a few kB, same licenses as the
# originals, see Fonts/README.md) so that mutations reach the tables quickly; each seed starts
# with one byte the target reads as the face index.
import json, os, struct
from io import BytesIO

root = "Fuzz/Corpus"

def write(target, name, data):
    if isinstance(data, str):
        data = data.encode("utf-8")
    with open(os.path.join(root, target, name), "wb") as f:
        f.write(data)

# FuzzFontLoading
from fontTools import subset
from fontTools.ttLib import TTFont
for font, text, features in [
    ("DejaVuSans.ttf", "Hamburgefonstiv fi123", ["kern", "liga"]),
    ("DejaVuSans-Bold.ttf", "HOx", ["kern"]),
    ("NotoSansArabic-Regular.ttf", "\u0627\u0644\u0639\u0631\u0628\u064a\u0629", ["*"]),
    ("NotoSansDevanagari-Regular.ttf", "\u0915\u094d\u0937\u093f", ["*"]),
    ("NotoSansHebrew-Regular.ttf", "\u05e9\u05dc\u05d5\u05dd\u05b8", ["*"]),
]:
    options = subset.Options()
    options.layout_features = features
    options.name_IDs = ["*"]
    face = TTFont("Fonts/" + font)
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=text)
    subsetter.subset(face)
    out = BytesIO()
    face.save(out)
    data = out.getvalue()
    stem = font.rsplit(".", 1)[0]
    write("FuzzFontLoading", stem + "-subset", b"\x00" + data)
    write("FuzzFontLoading", stem + "-truncated", b"\x00" + data[: len(data) // 3])
write("FuzzFontLoading", "empty", b"\x00")
write("FuzzFontLoading", "not-a-font", b"\x00" + b"PK\x03\x04 not a font at all")
write("FuzzFontLoading", "ttc-header", b"\x01ttcf\x00\x01\x00\x00\x00\x00\x00\x02\x00\x00\x00\x14\x00\x00\xff\xff")

# FuzzTextMeasurement: parameter bytes, then the text.
texts = {
    "latin": "The quick brown fox jumps over the lazy dog",
    "witch": "Hey, when will the three of us meet up later?\nWhen everything's straightened out.",
    "arabic": "\u0627\u0644\u0633\u0644\u0627\u0645 \u0639\u0644\u064a\u0643\u0645 world 123",
    "hebrew-bidi": "\u05e9\u05dc\u05d5\u05dd (abc) \u202b\u05d0\u202c \u2067x\u2069",
    "thai": "\u0e2a\u0e27\u0e31\u0e2a\u0e14\u0e35\u0e04\u0e23\u0e31\u0e1a\u0e17\u0e38\u0e01\u0e04\u0e19",
    "cjk": "\u4f60\u597d\u4e16\u754c\u3002\u30ab\u30bf\u30ab\u30ca\u3001\u3072\u3089\u304c\u306a",
    "emoji": "\U0001f469\u200d\U0001f469\u200d\U0001f466 \U0001f44d\U0001f3fd \U0001f1eb\U0001f1f7",
    "marks": "a" + "\u0301\u0302\u0303" * 30 + " Z\u0351\u0352",
    "controls": "a\tb\x00c\x0bd\x0ce\u2028f\u2029g\u00adh\u200bi",
    "devanagari": "\u0915\u094d\u0937\u093f \u0928\u092e\u0938\u094d\u0924\u0947",
}
for index, (name, text) in enumerate(texts.items()):
    mode = index % 6
    params = bytes([mode, index % 5, index % 3, index % 5, 1 if index % 2 else 0])
    params += bytes([2, 128, 2, 40, 2, 20, 2, 30, 2, 10, 2, 100, 2, 60, 2, 90, 1, 0])
    params += bytes([index % 8, 2, 100, 1, 2, 200, 1, 1 if name == "latin" else 3])
    write("FuzzTextMeasurement", name, params + text.encode("utf-8"))
write("FuzzTextMeasurement", "utf16", bytes([0] * 20 + [0]) + "Hi \u05d0\ud83d".encode("utf-16-le", "surrogatepass"))

# FuzzLayoutSpec: specs from the README and the tests.
specs = {
    "readme": {"collectionView": {"size": [375, 667]},
               "layout": {"sectionInset": [10, 20, 30, 20], "headerReferenceSize": [100, 25]},
               "sections": [{"itemCount": 2}]},
    "everything": {"collectionView": {"size": [320, 480], "contentInset": [0, 5, 0, 5],
                                      "contentOffset": [0, 100], "safeAreaInsets": [20, 0, 0, 0],
                                      "layoutMargins": [8, 8, 8, 8], "layoutDirection": "rightToLeft"},
                   "layout": {"scrollDirection": "vertical", "itemSize": [50, 50],
                              "estimatedItemSize": [40, 40], "minimumLineSpacing": 10,
                              "minimumInteritemSpacing": 5, "sectionInset": [1, 2, 3, 4],
                              "headerReferenceSize": [0, 30], "footerReferenceSize": [0, 20],
                              "sectionInsetReference": "fromSafeArea",
                              "sectionHeadersPinToVisibleBounds": True,
                              "sectionFootersPinToVisibleBounds": False,
                              "flipsHorizontallyInOppositeLayoutDirection": True,
                              "commonLineAlignment": "leading", "lastLineAlignment": "center",
                              "crossAxisAlignment": "firstBaseline", "centersSingleItemSection": False,
                              "sectionBackground": {"insets": [1, 1, 1, 1], "zIndex": -1},
                              "pixelScale": 2},
                   "sections": [{"items": [{"size": [80, 30], "baselineOffset": 20}, {}, {"size": [10, 10]}],
                                 "minimumLineSpacing": 5, "sectionInset": [0, 0, 0, 0]},
                                {"itemCount": 7, "headerReferenceSize": [0, 0]}]},
    "horizontal": {"collectionView": {"size": [375, 200]},
                   "layout": {"scrollDirection": "horizontal", "itemSize": [60, 40]},
                   "sections": [{"itemCount": 30}, {"itemCount": 0}]},
}
for name, spec in specs.items():
    write("FuzzLayoutSpec", name, json.dumps(spec))
write("FuzzLayoutSpec", "escapes", '{"a": ["\\u00e9\\ud83d\\ude00\\n", -0, 1e-7, 2.5E+3, true, false, null, {}, []]}')

# FuzzFlowGeometry: byte strings that pick ordinary and hostile values.
for index in range(8):
    data = bytes((index * 37 + i * 11) % 256 for i in range(120))
    write("FuzzFlowGeometry", "bytes-%d" % index, data)
write("FuzzFlowGeometry", "ordinary", bytes([2, 200, 2, 250, 1, 0, 3, 0, 5, 9, 1] + [2, 100] * 20))

# FuzzBatchUpdates: a starting model (a section count, then an item count per section), the
# view's height, a batch count, then per batch the fates of sections and items, placements and
# counts (see the target). Deterministic pseudo-random bytes, from small models to full ones.
import random
for index in range(8):
    rng = random.Random(index)
    head = [index % 5] + [3 + (index * 5 + i) % 9 for i in range(index % 5)] + [index * 31 % 256, 15]
    write("FuzzBatchUpdates", "batches-%d" % index, bytes(head + [rng.randrange(256) for _ in range(600)]))
write("FuzzBatchUpdates", "empty", b"")
# Every section and item kept, one batch: the identity batch.
write("FuzzBatchUpdates", "identity", bytes([3, 4, 4, 4, 0, 1] + [0] * 40))
