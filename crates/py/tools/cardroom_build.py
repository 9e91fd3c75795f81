"""The package's build backend: maturin's own, with cargo's progress shown on the terminal.

pip captures a build backend's output and shows only a spinner unless it runs with `-v`; the
Rust extension takes minutes to compile, so a person running `pip install ./crates/py` would
wait in silence. While a wheel is built, this sends the build's error stream (where cargo writes
its progress) to the terminal, when there is one; without one (CI, a log file) nothing changes.
Everything else is maturin's backend unchanged."""

from __future__ import annotations

import contextlib
import os

import maturin
from maturin import *  # noqa: F401,F403 (the rest of the PEP 517 interface, unchanged)


@contextlib.contextmanager
def _progress_to_terminal():
    try:
        tty = os.open("/dev/tty", os.O_WRONLY)
    except OSError:
        yield
        return
    saved = os.dup(2)
    try:
        os.write(tty, b"cardroom: building the Rust extension (cargo's progress follows)\n")
        os.dup2(tty, 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(tty)


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    with _progress_to_terminal():
        return maturin.build_wheel(wheel_directory, config_settings, metadata_directory)


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    with _progress_to_terminal():
        return maturin.build_editable(wheel_directory, config_settings, metadata_directory)
