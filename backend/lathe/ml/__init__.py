"""Machine learning on a session's data: the model catalogue, training through the recipe,
evaluation, and progress of long tasks."""
