"""The container files cannot be built here; check they say what `make run` does."""

import re
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]


def test_compose_runs_one_service_with_a_volume_and_a_healthcheck():
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    (service,) = compose["services"].values()
    assert service["build"] == "."
    assert service["ports"] == ["8000:8000"]
    volume, target = service["volumes"][0].split(":")
    assert volume in compose["volumes"] and target == service["environment"]["LATHE_DATA_DIR"]
    assert "/health/" in " ".join(service["healthcheck"]["test"])


def test_dockerfile_serves_like_make_run_as_a_non_root_user():
    dockerfile = (ROOT / "Dockerfile").read_text()
    makefile = (ROOT / "Makefile").read_text()
    run_recipe = re.search(r"^run:.*\n\t(.+)$", makefile, re.MULTILINE)
    assert run_recipe and run_recipe.group(1).endswith("-m lathe")
    assert 'CMD ["python", "-m", "lathe"]' in dockerfile
    assert "RUN npm run build" in dockerfile
    assert re.search(r"^USER (?!root)\w+", dockerfile, re.MULTILINE)
    assert "LATHE_PORT=8000" in dockerfile and "LATHE_HOST=0.0.0.0" in dockerfile


def test_ci_script_installs_then_runs_the_readme_test_command():
    ci = (ROOT / ".ci" / "run").read_text()
    readme = (ROOT / "README.md").read_text()
    assert ci.strip().endswith("make test")
    opening = readme.split("\n## ")[0]
    assert "make run" in opening and "make test" in opening
