"""Long work as jobs on a Dask cluster: the web process submits, workers run and commit."""
