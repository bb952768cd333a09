"""The games the tool knows: their content loaders and printable parts."""
