"""The `plan` command group (`cli`, the only part that imports Click, with
`clihelp`, `playhelp` and `pdftarget`) and
the language a plan command speaks (`language`).
"""
