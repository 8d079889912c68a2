"""Viking Rules Workbench: exact odds, boards, solvers and balance studies for five games.

Subpackages
-----------
dice     exact distributions and sorted-dice clashes
grids    square, hex and octagon geometry as networkx graphs
play     a small game protocol, agents, solvers, metrics and tournaments
widgets  ipywidgets/anywidget editors and explorers
games    one package per game: rules object, engine, data loading, analysis
"""

__version__ = "0.1.0"
__all__ = ["__version__"]
