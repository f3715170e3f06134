"""The transforming steps (missing values, outliers, encoding, correlation, scaling) as
pure functions and refittable sklearn estimators, and the recipe that replays them."""
