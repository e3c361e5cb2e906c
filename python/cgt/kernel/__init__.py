"""A Jupyter kernel for the cgt language.

Install it with ``python -m cgt.kernel install --user`` (or ``--sys-prefix`` inside a
virtual environment); then pick "cgt" as a notebook's kernel. Cells are cgt source, and
bindings persist from cell to cell; pictures (boards, thermographs, sums of positions)
show inline as SVG; ``:help`` lists the built-ins and ``:help name`` explains one; Tab
completes names; errors show cgt's caret report; the stop button interrupts.
"""

from .kernel import CgtKernel

__all__ = ["CgtKernel"]
