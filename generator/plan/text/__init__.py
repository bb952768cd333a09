"""The plan's data and its two file forms: cells and walls (`model`), cell codes (`codes`),
the grid text (`cleangrid`, the fast path, and `gridtext`), the structured YAML/JSON form
(`structured`), which comments a sheet shows (`comments`), and atomic writing (`output`).
"""
