#!/usr/bin/env python3
"""Writes Tests/Fixtures/variants/vectors.json: the variant 1,000 user ids get, worked out with an
independent MurmurHash3 (PyPI's mmh3), for the tests to compare Announcement.variant(for:) against.

The formula is the feed format's: h = MurmurHash3 x86_32, seed 0, of the UTF-8 of
id + "/variant/" + user id; v = (h * W) >> 32 with W the sum of the weights; the variant is the
first whose running sum of weights exceeds v. Run it again only to change the vectors:

    pip install mmh3 && scripts/generate-variant-vectors.py
"""
import json
import os

import mmh3

ANNOUNCEMENT_ID = "checkout-copy"
WEIGHTS = [("a", 50), ("b", 30), ("off", 0), ("c", 20)]
OUTPUT = os.path.join(os.path.dirname(__file__), "..", "Tests", "Fixtures", "variants", "vectors.json")


def user_ids():
    """1,000 ids of several shapes: short, long, numeric, with non-ASCII letters and emoji."""
    for index in range(1000):
        shape = index % 5
        if shape == 0:
            yield f"u-{index}"
        elif shape == 1:
            yield f"user-{index:06d}@example.com"
        elif shape == 2:
            yield str(10**12 + index * 7919)
        elif shape == 3:
            yield f"Ünïcödé-{index}-日本"
        else:
            yield f"{index}🙂" + "x" * (index % 13)


def variant(user_id):
    h = mmh3.hash((ANNOUNCEMENT_ID + "/variant/" + user_id).encode("utf-8"), 0, signed=False)
    total = sum(weight for _, weight in WEIGHTS)
    v = (h * total) >> 32
    running = 0
    for index, (_, weight) in enumerate(WEIGHTS):
        running += weight
        if running > v:
            return index, h
    raise AssertionError("no variant")


def main():
    vectors = []
    for user_id in user_ids():
        index, h = variant(user_id)
        vectors.append({"userID": user_id, "hash": h, "variant": index})
    document = {
        "announcementID": ANNOUNCEMENT_ID,
        "variants": [{"id": name, "weight": weight} for name, weight in WEIGHTS],
        "vectors": vectors,
    }
    with open(OUTPUT, "w", encoding="utf-8") as output:
        json.dump(document, output, ensure_ascii=False, indent=1)
        output.write("\n")


if __name__ == "__main__":
    main()
