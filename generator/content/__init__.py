"""Content: YAML files under content/ read with source positions and validated into models."""
