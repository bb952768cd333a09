"""Translation in translators' own tools: gettext PO export and import, and the record of
which source text each translation was made from (see docs/translating.md)."""
