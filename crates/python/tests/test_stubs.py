"""The type stubs (python/arbiter/_arbiter.pyi) name what the extension module has."""

import ast
import inspect
from pathlib import Path

import arbiter._arbiter as module

STUBS = Path(module.__file__).with_name("_arbiter.pyi")
STUB_ONLY = {"OptionInfo", "GameInfo", "PlayoutSummary", "TableMove", "TableValue"}  # TypedDicts of the returned dicts


def stubbed():
    tree = ast.parse(STUBS.read_text())
    names, members = set(), {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        if isinstance(node, ast.AnnAssign):
            names.add(node.target.id)
        if isinstance(node, ast.ClassDef):
            members[node.name] = {
                item.name if isinstance(item, ast.FunctionDef) else item.target.id
                for item in node.body
                if isinstance(item, (ast.FunctionDef, ast.AnnAssign))
            }
    return names, members


def test_the_stubs_name_every_public_thing_of_the_module():
    names, members = stubbed()
    public = {name for name in dir(module) if not name.startswith("_")}
    assert names - STUB_ONLY == public
    for name in ("Game", "State", "SearchResult", "Solution"):
        runtime = {
            member
            for member, _ in inspect.getmembers(getattr(module, name))
            if not member.startswith("_")
        }
        stub = {member for member in members[name] if not member.startswith("_")}
        assert stub == runtime, name
