"""Write the committed openapi.yaml from the application: `python -m lathe.openapi_document`."""

import sys
from pathlib import Path

import yaml

from lathe.config import Settings
from lathe.main import create_app


def openapi_yaml() -> str:
    settings = Settings(static_dir=Path("/nonexistent"))
    document = create_app(settings).openapi()
    return yaml.safe_dump(document, sort_keys=False, allow_unicode=True)


if __name__ == "__main__":
    sys.stdout.write(openapi_yaml())
