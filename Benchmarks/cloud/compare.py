#!/usr/bin/env python3
"""Packed word clouds side by side: `textflow cloud --layout packed` against Python's wordcloud.

Both get the same words and weights (made up here from syllables, seeded, Zipf-like weights),
the same canvas, the same font (Fonts/DejaVuSans-Bold.ttf) and rotation 0/90 with 10 % of the
words turned (wordcloud's default prefer_horizontal=0.9). Times are medians of wall-clock runs:
for textflow the whole process (start-up, font loading, counting nothing, layout, JSON out); for
wordcloud only generate_from_frequencies (its layout; the image is drawn afterwards). Density is
measured the same way for both: the share of non-white pixels in a PNG of the cloud at one pixel
per point. Then word counting: a seeded Zipf-like text of about 4 MB, `textflow cloud` on it
(the whole process: reading, counting, layout, JSON) against wordcloud's process_text alone
(its counting), without and with two-word phrases (`--phrases`, wordcloud's collocations).
Prints tables and writes JSON (--json).

    python3 Benchmarks/cloud/compare.py [--bench .build/release/textflow-bench]
        [--textflow .build/release/textflow] [--runs 5]
"""
import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FONT = os.path.join(ROOT, "Fonts", "DejaVuSans-Bold.ttf")


def make_words(count, seed=7):
    rng = random.Random(seed)
    syllables = ["ka", "lo", "mi", "ten", "ra", "sul", "vo", "ne", "pri", "sta", "go", "lin",
                 "dor", "fe", "qua", "bel", "mo", "tri", "zen", "ul", "ar", "cos", "wi", "ny"]
    words = {}
    while len(words) < count:
        word = "".join(rng.choice(syllables) for _ in range(rng.randint(1, 4)))
        if word not in words:
            words[word] = round(1000 / (len(words) + 1) ** 0.8, 3)
    return words


def ink_share(path):
    from PIL import Image
    image = Image.open(path).convert("RGB")
    data = image.tobytes()
    white = sum(1 for i in range(0, len(data), 3) if data[i:i + 3] == b"\xff\xff\xff")
    return 1 - white / (image.width * image.height)


def run_textflow(binary, words_file, width, height, out, extra=()):
    command = [binary, "cloud", words_file, "--layout", "packed", "--width", str(width),
               "--height", str(height), "--rotations", "0,90", "--rotate-ratio", "0.1",
               "--max-words", "100000", "--font", FONT, "-o", out, *extra]
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def time_textflow(bench, words_file, width, height, runs):
    output = subprocess.run(
        [bench, "--runs", str(runs), "--cloud", words_file, str(width), str(height)],
        check=True, capture_output=True, text=True, cwd=ROOT).stdout
    return json.loads(output.strip().splitlines()[-1])


def make_text(megabytes, seed=11):
    """Running text of Zipf-like words in sentences of twelve, about `megabytes` MB."""
    rng = random.Random(seed)
    vocabulary = list(make_words(20000, seed).keys())
    weights = [1 / (rank + 1) for rank in range(len(vocabulary))]
    lines = []
    size = 0
    while size < megabytes * 1_000_000:
        line = " ".join(rng.choices(vocabulary, weights=weights, k=12)) + "."
        lines.append(line)
        size += len(line) + 1
    return "\n".join(lines)


def time_counting(binary, wordcloud, folder, runs):
    """Seconds to count a text's words, textflow's whole process against wordcloud's counting."""
    text = make_text(4)
    path = os.path.join(folder, "text.txt")
    with open(path, "w") as handle:
        handle.write(text)
    rows = []
    for phrases in (False, True):
        ours = []
        for _ in range(runs):
            start = time.perf_counter()
            subprocess.run([binary, "cloud", path, "-o", os.path.join(folder, "count.json")]
                           + (["--phrases"] if phrases else []),
                           check=True, capture_output=True, cwd=ROOT)
            ours.append(time.perf_counter() - start)
        row = {"megabytes": round(len(text.encode()) / 1e6, 1), "phrases": phrases,
               "textflow": statistics.median(ours)}
        if wordcloud is not None:
            theirs = []
            for _ in range(runs):
                cloud = wordcloud.WordCloud(collocations=phrases)
                start = time.perf_counter()
                cloud.process_text(text)
                theirs.append(time.perf_counter() - start)
            row["wordcloud"] = statistics.median(theirs)
            row["speedup"] = row["wordcloud"] / row["textflow"]
        rows.append(row)
    return rows


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--textflow", default=os.path.join(ROOT, ".build/release/textflow"))
    parser.add_argument("--bench", default=os.path.join(ROOT, ".build/release/textflow-bench"))
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--json", default=os.path.join(ROOT, "Benchmarks/results/cloud.json"))
    arguments = parser.parse_args()
    try:
        import wordcloud
    except ImportError:
        print("note: Python's wordcloud is not installed: the packed-cloud peer is skipped "
              "(pip install wordcloud to include it).", file=sys.stderr)
        wordcloud = None
    cases = [(200, 800, 400), (1000, 1600, 1200)]
    results = []
    with tempfile.TemporaryDirectory() as folder:
        for count, width, height in cases:
            words = make_words(count)
            words_file = os.path.join(folder, f"words-{count}.txt")
            with open(words_file, "w") as handle:
                for word, weight in words.items():
                    handle.write(f"{word} {weight}\n")
            laid = time_textflow(arguments.bench, words_file, width, height, arguments.runs)
            ours_png = os.path.join(folder, "ours.png")
            run_textflow(arguments.textflow, words_file, width, height, ours_png,
                         ("--scale", "1"))
            row = {
                "words": count, "canvas": [width, height],
                "textflow": {"seconds": laid["seconds"], "placed": laid["placed"],
                             "unplaced": laid["unplaced"],
                             "density": ink_share(ours_png)},
            }
            if wordcloud is not None:
                their_times = []
                for _ in range(max(1, min(arguments.runs, 3 if count > 200 else arguments.runs))):
                    cloud = wordcloud.WordCloud(
                        width=width, height=height, font_path=FONT, prefer_horizontal=0.9,
                        max_words=count, random_state=1, background_color="white")
                    start = time.perf_counter()
                    cloud.generate_from_frequencies(words)
                    their_times.append(time.perf_counter() - start)
                their_png = os.path.join(folder, "theirs.png")
                cloud.to_file(their_png)
                row["wordcloud"] = {"seconds": statistics.median(their_times),
                                    "placed": len(cloud.layout_), "unplaced": count - len(cloud.layout_),
                                    "density": ink_share(their_png),
                                    "version": wordcloud.__version__}
                row["speedup"] = row["wordcloud"]["seconds"] / row["textflow"]["seconds"]
            results.append(row)
    print("| words | canvas | textflow s | placed | density | wordcloud s | placed | density | ×faster |")
    print("|---|---|---|---|---|---|---|---|---|")
    for row in results:
        ours = row["textflow"]
        theirs = row.get("wordcloud")
        line = (f"| {row['words']} | {row['canvas'][0]}×{row['canvas'][1]} | {ours['seconds']:.3f} | "
                f"{ours['placed']} | {ours['density']:.3f} | ")
        if theirs:
            line += (f"{theirs['seconds']:.3f} | {theirs['placed']} | {theirs['density']:.3f} | "
                     f"{row['speedup']:.1f} |")
        else:
            line += "– | – | – | – |"
        print(line)
    with tempfile.TemporaryDirectory() as folder:
        counting = time_counting(arguments.textflow, wordcloud, folder, min(arguments.runs, 3))
    print()
    print("| text | phrases | textflow cloud s (whole process) | wordcloud process_text s | ×faster |")
    print("|---|---|---|---|---|")
    for row in counting:
        theirs = row.get("wordcloud")
        print(f"| {row['megabytes']} MB | {'yes' if row['phrases'] else 'no'} | "
              f"{row['textflow']:.2f} | " + (f"{theirs:.2f} | {row['speedup']:.1f} |"
                                            if theirs is not None else "– | – |"))
    os.makedirs(os.path.dirname(arguments.json), exist_ok=True)
    with open(arguments.json, "w") as handle:
        json.dump({"packed": results, "counting": counting}, handle, indent=2)


if __name__ == "__main__":
    main()
