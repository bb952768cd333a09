"""The rules checker: every rule id of docs/plan-format.md (`rules`, `rivers`, `reach` on
`movement` and `geometry`), the orchestration (`check`), what it reports (`report`), the
messages in ru/en (`messages`), `plan check --explain` (`explain`, `explanations`) and what a
plan holds (`stats`).
"""
