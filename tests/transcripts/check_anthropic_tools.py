"""Checks the Anthropic export with the pinned SDK's own tool type (issue 34).

Each exported file (every tool the page may declare, in English and in
Traditional Chinese) is read as a list of `anthropic.types.ToolParam`
through pydantic, which the SDK uses: a field the TypedDict does not
declare, or a value of the wrong type, is an error. Nothing is sent.

    tests/transcripts/.venv/bin/python tests/transcripts/check_anthropic_tools.py \
        > tests/transcripts/check_anthropic_tools.txt

The output is committed beside this script; CI does not need the SDK (the
Rust test `provider_names.rs` checks the same files against a JSON Schema
of the shape).
"""

import json
import pathlib
import re
import sys

import anthropic
import pydantic
from anthropic.types import ToolParam

EXPORTS = pathlib.Path(__file__).resolve().parents[2] / "crates/gateway-core/exports/every-tool"
NAME = re.compile(r"^[a-zA-Z0-9_-]{1,64}$")


def main():
    adapter = pydantic.TypeAdapter(list[ToolParam])
    declared = set(ToolParam.__annotations__)
    failed = False
    print(f"anthropic {anthropic.__version__}, pydantic {pydantic.VERSION}")
    for path in sorted([EXPORTS / "anthropic-tools.json", EXPORTS / "zh-TW/anthropic-tools.json"]):
        tools = json.loads(path.read_text(encoding="utf-8"))
        adapter.validate_python(tools, strict=True)
        problems = []
        for tool in tools:
            extra = set(tool) - declared
            if extra:
                problems.append(f"{tool.get('name')}: fields ToolParam lacks: {sorted(extra)}")
            if not NAME.match(tool["name"]):
                problems.append(f"{tool['name']}: not ^[a-zA-Z0-9_-]{{1,64}}$")
            if tool["input_schema"].get("type") != "object":
                problems.append(f"{tool['name']}: input_schema is not an object schema")
        rel = path.relative_to(EXPORTS.parents[3])
        if problems:
            failed = True
            print(f"{rel}: {len(tools)} tools, {len(problems)} problems")
            for p in problems:
                print(f"  {p}")
        else:
            names = ", ".join(t["name"] for t in tools)
            print(f"{rel}: {len(tools)} tools, each a valid ToolParam: {names}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
