"""The package list for setuptools (everything else is in pyproject.toml).

Packages are found, not listed: every package under foxtui/, and foxtui.styles, which
pyproject.toml maps to the top-level styles/ folder (discovery cannot see a mapped
package, so it is added by name). tests/test_wheel.py checks the built wheel against
the source tree, so a module added tomorrow is shipped or the tests fail.
"""

from setuptools import find_packages, setup

setup(packages=[*find_packages(include=["foxtui", "foxtui.*"]), "foxtui.styles"])
