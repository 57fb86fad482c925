#!/usr/bin/env python3
"""Checks docs/feed.schema.json with a standard JSON Schema validator (python-jsonschema).

Every feed under Examples/ and Tests/Fixtures/feeds/valid/ must validate; every file under
Tests/Fixtures/feeds/schema-invalid/, Tests/Fixtures/feeds/invalid/ and
Tests/Fixtures/feeds/schema-warning/ (what the decoder keeps with a warning, such as a broken image,
which an author still wants flagged) must be rejected (a file that is not JSON at all counts as
rejected). Prints one line per file and exits 1 on any surprise.
"""
import json
import pathlib
import sys

try:
    import jsonschema
except ImportError:
    print("check-feed-schema: python-jsonschema is missing; scripts/test installs it "
          "(python3 -m pip install jsonschema)", file=sys.stderr)
    sys.exit(2)

root = pathlib.Path(__file__).resolve().parent.parent
schema = json.loads((root / "docs" / "feed.schema.json").read_text(encoding="utf-8"))
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)


def load(path):
    try:
        return json.loads(path.read_bytes().decode("utf-8")), None
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        return None, f"not JSON ({error.__class__.__name__})"


failures = 0
checked = 0
valid_files = sorted((root / "Examples").glob("*.json")) + sorted((root / "Tests/Fixtures/feeds/valid").glob("*.json"))
invalid_files = sorted((root / "Tests/Fixtures/feeds/invalid").glob("*.json")) + sorted(
    (root / "Tests/Fixtures/feeds/schema-invalid").glob("*.json")) + sorted(
    (root / "Tests/Fixtures/feeds/schema-warning").glob("*.json"))

for path in valid_files:
    checked += 1
    document, problem = load(path)
    errors = [problem] if problem else [f"{'/'.join(map(str, e.absolute_path))}: {e.message}"
                                        for e in validator.iter_errors(document)]
    if errors:
        failures += 1
        print(f"FAIL {path.relative_to(root)}: expected valid, got: {errors[0]}")
    else:
        print(f"ok   {path.relative_to(root)}: valid")

for path in invalid_files:
    checked += 1
    document, problem = load(path)
    if problem:
        print(f"ok   {path.relative_to(root)}: rejected, {problem}")
        continue
    errors = list(validator.iter_errors(document))
    if errors:
        first = errors[0]
        print(f"ok   {path.relative_to(root)}: rejected at /{'/'.join(map(str, first.absolute_path))}")
    else:
        failures += 1
        print(f"FAIL {path.relative_to(root)}: expected the schema to reject it")

if len(valid_files) == 0 or len(invalid_files) == 0:
    print("FAIL no feeds found to check")
    failures += 1
print(f"{checked - failures} passed, {failures} failed")
sys.exit(1 if failures else 0)
