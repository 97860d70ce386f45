"""Every help text names only options that exist: each help is parsed for the options it names, and each is tried
on the parser it belongs to. ``bleu-explain --help`` lists its commands, and each command named runs.

The help texts: ``bleu-explain``, ``bleu-explain doctor``, ``bleu-explain-course``, ``python -m bleu_explain.handouts``
and ``python -m bleu_explain.data`` with each of its subcommands. An option named in the "commands" section of
``bleu-explain --help`` belongs to that command's own parser (``--score`` is the doctor's).
"""

from __future__ import annotations

import argparse
import re
from importlib import import_module

import pytest

from bleu_explain.cli import main
from bleu_explain.cli import options as cli_options
from bleu_explain.cli.doctor import parser as doctor_parser
from bleu_explain.coursefiles.installer import parser as course_parser
from bleu_explain.data.__main__ import _parser as data_parser
from bleu_explain.handouts import parser as handouts_parser

#: An option as a help text writes it: one or two dashes, then a letter (not the "-mecab" of "ja-mecab", "-100"...).
OPTION = re.compile(r"(?<![\w/.-])(--?[A-Za-z][A-Za-z0-9-]*)")


def named_options(text: str) -> set[str]:
    """The options a help text names (Python's own ``-m`` in ``python -m bleu_explain.data`` is not one of them).

    >>> sorted(named_options("python -m x: give -sl (or --sentence-level); ja-mecab, 0-100, -f json"))
    ['--sentence-level', '-f', '-sl']
    """
    return set(OPTION.findall(text.replace("python -m ", "")))


def subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    found = {}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            found.update(action.choices)
    return found


def try_option(parser: argparse.ArgumentParser, option: str, before: list[str]) -> None:
    """Parse ``option`` (with a value it takes) and check that it was read as that option."""
    action = parser._option_string_actions.get(option)
    assert action is not None, f"{parser.prog}'s help names {option}, which it does not have"
    if isinstance(action, (argparse._HelpAction, argparse._VersionAction)):
        return  # they print and exit: their own tests run them
    if action.nargs == 0:
        args, extra = parser.parse_known_args([*before, option])
        assert not extra and getattr(args, action.dest) == action.const, option
        return
    value = str(sorted(action.choices)[0]) if action.choices else "1"
    args, extra = parser.parse_known_args([*before, option, value])
    read = getattr(args, action.dest)
    expected = action.type(value) if callable(action.type) else value
    assert not extra and expected in (read if isinstance(read, list) else [read]), (option, read)


def commands_section(help_text: str) -> str:
    return help_text.split("commands:", 1)[1].split("\n\n", 1)[0]


# --------------------------------------------------------------------------- every option named exists and works
HELPS = {
    "bleu-explain": (cli_options.parser, ["ref.txt"]),
    "bleu-explain doctor": (doctor_parser, ["ref.txt"]),
    "bleu-explain-course": (course_parser, []),
    "python -m bleu_explain.handouts": (handouts_parser, ["notebooks", "out"]),
}


@pytest.mark.parametrize("name", sorted(HELPS))
def test_each_option_a_help_names_is_one_of_its_own(name):
    make, before = HELPS[name]
    parser = make()
    text = parser.format_help()
    if name == "bleu-explain":
        text = text.replace(commands_section(text), "")  # the commands' options: next test
    named = named_options(text)
    assert named, "a help that names no option: the pattern is broken"
    for option in sorted(named):
        try_option(parser, option, before)


def test_the_data_commands_name_only_their_own_options():
    parser = data_parser()
    assert named_options(parser.format_help()) <= set(parser._option_string_actions)
    for name, sub in subparsers(parser).items():
        required = [str(sorted(a.choices)[0]) if a.choices else "x" for a in sub._actions
                    if not a.option_strings and a.nargs is None]  # fetch-model's NAME
        for option in sorted(named_options(sub.format_help())):
            try_option(sub, option, required)


def test_the_doctor_help_no_longer_names_sentence_level_scoring():
    text = doctor_parser().format_help()
    assert "-sl" not in named_options(text) and "-sl" in named_options(cli_options.parser().format_help())


# --------------------------------------------------------------------------- the commands section
def test_bleu_explain_help_lists_its_commands_and_each_commands_options_are_its_own():
    text = cli_options.parser().format_help()
    section = commands_section(text)
    for command in cli_options.COMMANDS:
        assert command.usage in section
        parser = cli_options.parser() if command.module is None else import_module(
            f"bleu_explain.cli.{command.module}").parser()
        for option in sorted(named_options(command.usage)):
            try_option(parser, option, ["ref.txt"])
    assert [c.name for c in cli_options.COMMANDS][:2] == [None, "doctor"]
    assert "bleu-explain doctor --help" in " ".join(section.split())


@pytest.mark.parametrize("command", [c for c in cli_options.COMMANDS if c.name], ids=lambda c: c.name)
def test_each_named_command_runs_its_help(command, capsys):
    with pytest.raises(SystemExit) as done:
        main([command.name, "--help"])
    assert done.value.code == 0 and capsys.readouterr().out.startswith(f"usage: bleu-explain {command.name}")


def test_parser_is_split_into_functions_under_sixty_lines():
    import inspect

    for function in (cli_options.parser, cli_options._add_input_options, cli_options._add_test_options,
                     cli_options._add_output_options, cli_options.add_bleu_settings):
        assert len(inspect.getsource(function).splitlines()) < 60, function.__name__
