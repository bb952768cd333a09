"""Rulebooks: Markdown + Jinja content typeset into PDFs (call build.build_rulebook)."""
