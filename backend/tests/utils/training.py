"""Uploads and trainings through the API: a frame as CSV, a training request, and the
session's stored models."""

import io

import pandas as pd

from lathe.store.session_store import SessionStore
from tests.utils.client import session_id_of


def csv_bytes(frame: pd.DataFrame) -> bytes:
    buffer = io.StringIO()
    frame.to_csv(buffer, index=False)
    return buffer.getvalue().encode()


def parquet_bytes(frame: pd.DataFrame) -> bytes:
    buffer = io.BytesIO()
    frame.to_parquet(buffer, index=False)
    return buffer.getvalue()


def trained_on(client, *model_names: str):
    """The uploaded customers' missing values handled and text encoded, then `model_names`
    trained on them (a train/test split)."""
    for path, body in [
        ("/api/handle-missing/", {}),
        ("/api/encode-features/", {"target_column": "label"}),
        ("/api/train-models/", train_body(model_names=list(model_names))),
    ]:
        response = client.post(path, json=body)
        assert response.status_code == 200, response.text
    return client


def train_body(**changes):
    return {
        "model_names": ["LogisticRegression", "RandomForestClassifier"],
        "target_column": "label",
        "problem_type": "classification",
        "validation_method": "train_test",
        "test_size": 0.2,
        "cv_folds": 5,
        **changes,
    }


def session_folder(client, settings):
    store = SessionStore(settings.data_dir, ttl_hours=1, cache_size=0)
    with store.reading(session_id_of(client)) as session:
        return session.folder


def trained_pipeline(client, model, optimized=False):
    with client.app.state.store.reading(session_id_of(client)) as session:
        return session.models.pipeline(model, optimized)
