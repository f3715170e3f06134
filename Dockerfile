# Lathe for a team server: the interface built with Node, served with the API by Python.
# The same image runs the Dask scheduler and workers (docker-compose.yml).
FROM node:20-slim AS interface
WORKDIR /src/frontend
COPY frontend/package.json frontend/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY openapi.yaml /src/openapi.yaml
COPY frontend/ ./
RUN npm run build

FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 \
    LATHE_HOST=0.0.0.0 LATHE_PORT=8000 \
    LATHE_DATA_DIR=/data LATHE_STATIC_DIR=/app/frontend/dist
RUN useradd --create-home --uid 10001 lathe && mkdir /data && chown lathe /data
WORKDIR /app/backend
COPY backend/pyproject.toml ./
COPY backend/lathe ./lathe
RUN pip install --no-cache-dir ".[dashboard]"
COPY --from=interface /src/frontend/dist /app/frontend/dist
USER lathe
EXPOSE 8000
CMD ["python", "-m", "lathe"]
