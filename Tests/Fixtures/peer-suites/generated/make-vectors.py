#!/usr/bin/env python3
"""Writes the generated test vectors next to this script, from the reference MurmurHash3 in the
`mmh3` package (python3 -m pip install mmh3==5.3.1):

    python3 make-vectors.py

murmur3-utf8.json    MurmurHash3 x86_32 of UTF-8 strings (tails of 0-3 bytes, multi-byte scalars, seeds)
fractional-v2.json   flagd `fractional` v2 results: bucket = (h * totalWeight) >> 32, h = x86_32(utf8(key), 0),
                     the variant whose cumulative weight range holds the bucket
rollout.json         announcement rollout buckets: (h * 10000) >> 32 of utf8(announcementID + userID)
"""
import json
import os

import mmh3

HERE = os.path.dirname(os.path.abspath(__file__))


def x86_32(data: bytes, seed: int = 0) -> int:
    return mmh3.hash(data, seed, signed=False)


def write(name, value):
    lines = ",\n".join("  " + json.dumps(item, ensure_ascii=False) for item in value)
    with open(os.path.join(HERE, name), "w", encoding="utf-8") as file:
        file.write("[\n" + lines + "\n]\n")


# MurmurHash3 x86_32 over UTF-8.
texts = [
    ("", 0), ("", 1), ("", 0xFFFFFFFF),
    *[("abcdefghijklmnop"[:n], 0) for n in range(1, 17)],
    ("é", 0), ("Zoë", 0), ("naïve café", 0), ("e\u0301", 0), ("Ångström", 7),
    ("日本語", 0), ("中文测试", 42), ("한국어", 0),
    ("😀", 0), ("👩‍👩‍👧‍👦", 0), ("🇩🇪🇦🇹", 123456789), ("a😀b", 0),
    ("maintenance-2026-12-05user-42", 0), ("userId:漢字-𝄞", 2147483648),
    ("\u0000", 0), ("tab\tnew\nline", 0), ("Ωmega " * 10, 99),
]
write("murmur3-utf8.json", [
    {"text": text, "utf8": text.encode("utf-8").hex(), "seed": seed, "x86_32": format(x86_32(text.encode("utf-8"), seed), "08x")}
    for text, seed in texts
])


# flagd fractional v2.
def choose(key: str, weights):
    total = sum(weights)
    if total == 0:
        return None, None, None
    h = x86_32(key.encode("utf-8"))
    bucket = (h * total) >> 32
    end = 0
    for index, weight in enumerate(weights):
        end += weight
        if bucket < end:
            return index, h, bucket
    raise AssertionError("unreachable")


weight_sets = [
    [50, 50], [25, 25, 25, 25], [1, 99], [0, 100, 0], [10, 20, 30, 40], [1], [33, 33, 34], [3, 0, 7],
    [1, 2147483646], [0, 0],
]
keys = ["user@example.com", "", "日本語のユーザー", "😀-emoji-user", "Zoë", "u-" + "x" * 100]
variants = ["clubs", "diamonds", "hearts", "spades"]
cases = []
for weights in weight_sets:
    names = [variants[i] if i < len(variants) else f"v{i}" for i in range(len(weights))]
    entries = [[name, weight] for name, weight in zip(names, weights)]
    for key in keys:
        index, h, bucket = choose(key, weights)
        cases.append({
            "rule": {"fractional": [{"var": "email"}, *entries]},
            "data": {"email": key},
            "expected": None if index is None else names[index],
            "hash": h, "bucket": bucket,
        })
# Without a key expression: $flagd.flagKey + targetingKey; weights default to 1.
for flag, user in [("new-editor", "user-1"), ("new-editor", "user-2"), ("promo-🎉", "ユーザー"), ("", "only-user")]:
    for entries, weights in [([["on", 50], ["off", 50]], [50, 50]), ([["heads"], ["tails", 1]], [1, 1]),
                             ([["a", 1], [True, 1], [7, 1]], [1, 1, 1])]:
        index, h, bucket = choose(flag + user, weights)
        cases.append({
            "rule": {"fractional": entries},
            "data": {"targetingKey": user, "$flagd": {"flagKey": flag, "timestamp": 1767225600}},
            "expected": entries[index][0],
            "hash": h, "bucket": bucket,
        })
# A key built with cat, as flagd's own examples do.
for user in ["alice@example.com", "bob@example.com", "carol@例え.jp"]:
    weights = [20, 30, 50]
    index, h, bucket = choose("banner-7" + user, weights)
    cases.append({
        "rule": {"fractional": [{"cat": [{"var": "$flagd.flagKey"}, {"var": "userId"}]},
                                ["red", 20], ["green", 30], ["blue", 50]]},
        "data": {"userId": user, "$flagd": {"flagKey": "banner-7", "timestamp": 1767225600}},
        "expected": ["red", "green", "blue"][index],
        "hash": h, "bucket": bucket,
    })
write("fractional-v2.json", cases)

# Announcement rollout buckets.
pairs = [("maintenance-2026-12-05", "user-42"), ("new-editor", ""), ("promo-🎉", "ユーザー-1"),
         ("a", "b"), ("feature-x", "3F2504E0-4F89-11D3-9A0C-0305E82C3301")]
write("rollout.json", [
    {"announcementID": a, "userID": u, "hash": x86_32((a + u).encode("utf-8")),
     "bucket": (x86_32((a + u).encode("utf-8")) * 10000) >> 32}
    for a, u in pairs
])
