"""Renderers: they know layout, never rules.

ReportLab (exact grids, fast): `cards` (a chart card per table), `chartsheet` (the chart sets'
packing layout), `turnsheet`, `setupsheet`, `sources`, with `page` (paper, bleed, crop marks,
grayscale: the PageSpec every aid takes) and `lines` (text drawn line by line).
WeasyPrint (running text from templates/): `document` (the engine: fonts, kinsoku, print
boxes), `summary` (rule summaries), `glossary_pdf`.
"""
