"""playaids: print-ready play aids from board-wargame rules."""

__version__ = "0.1.0"
