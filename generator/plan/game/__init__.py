"""The game engine: the program as host of «Лабиринт». Pure state and answers (`state`,
`engine`), the host's words (`answers`), the terminal session (`play`) and scripted games
(`playscript`).
"""
