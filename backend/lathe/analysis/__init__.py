"""Data profiling for the Analyze step: types, missing patterns, VIF, associations, quality."""
