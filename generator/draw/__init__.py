"""Drawing: the only part of the package that imports ReportLab."""
