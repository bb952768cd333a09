"""The printed plan form and its photo reader (`plan form`, `plan scan`)."""
