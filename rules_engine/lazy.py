"""Names a game package loads on first use, so that finding a game's ruleset stays cheap."""
from __future__ import annotations

import importlib
import sys
import types


def lazy_exports(package: str, exports: dict[str, str], preload: tuple[str, ...] = ()) -> None:
    """Make `package` load each name in `exports` (name -> submodule) on first access, after
    importing the `preload` submodules.

    An exported name may equal its submodule's (``replay`` the function in ``replay`` the
    module). Importing a submodule sets it as an attribute of its package, which would hide the
    function; the package keeps the function instead, as an eager ``from .replay import replay``
    in ``__init__`` always did.
    """

    class LazyPackage(types.ModuleType):
        def __getattr__(self, name: str) -> object:
            module = exports.get(name)
            if module is None:
                raise AttributeError(f"module {package!r} has no attribute {name!r}")
            for sub in preload:
                importlib.import_module(f"{package}.{sub}")
            value = getattr(importlib.import_module(f"{package}.{module}"), name)
            types.ModuleType.__setattr__(self, name, value)
            return value

        def __setattr__(self, name: str, value: object) -> None:
            if name in exports and isinstance(value, types.ModuleType):
                self.__dict__.pop(name, None)    # the next access loads the exported name
                return
            super().__setattr__(name, value)

    sys.modules[package].__class__ = LazyPackage
