"""The container files cannot be built here; check they say what `make run` does."""

import json
import re
from pathlib import Path, PurePosixPath
from urllib.parse import urlparse

import yaml
from fastapi.testclient import TestClient

from lathe.config import Settings
from lathe.main import create_app

ROOT = Path(__file__).resolve().parents[2]


def test_compose_runs_one_service_with_a_volume_and_a_healthcheck():
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    (service,) = compose["services"].values()
    assert service["build"] == "."
    assert service["ports"] == ["8000:8000"]
    volume, target = service["volumes"][0].split(":")
    assert volume in compose["volumes"] and target == service["environment"]["LATHE_DATA_DIR"]
    assert "/health/" in " ".join(service["healthcheck"]["test"])


def dockerfile_stages() -> list[list[tuple[str, str]]]:
    """The Dockerfile's stages, each a list of (INSTRUCTION, arguments), continuation
    lines joined."""
    text = re.sub(r"\\\n\s*", " ", (ROOT / "Dockerfile").read_text())
    stages: list[list[tuple[str, str]]] = []
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        instruction, _, arguments = line.strip().partition(" ")
        if instruction.upper() == "FROM":
            stages.append([])
        stages[-1].append((instruction.upper(), arguments.strip()))
    return stages


def arguments(stage: list[tuple[str, str]], instruction: str) -> list[str]:
    return [args for name, args in stage if name == instruction]


def test_the_image_serves_the_built_interface_like_make_run_as_a_non_root_user(
    monkeypatch, tmp_path
):
    interface, server = dockerfile_stages()
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    (service,) = compose["services"].values()

    makefile = (ROOT / "Makefile").read_text()
    run_recipe = re.search(r"^run:.*\n\t(.+)$", makefile, re.MULTILINE)
    assert run_recipe and run_recipe.group(1).endswith("-m lathe")
    assert json.loads(arguments(server, "CMD")[-1]) == ["python", "-m", "lathe"]

    environment = dict(
        pair.split("=", 1) for env in arguments(server, "ENV") for pair in env.split()
    )
    for name, value in {**environment, **service["environment"]}.items():
        monkeypatch.setenv(name, value)
    settings = Settings()
    assert (settings.host, settings.port) == ("0.0.0.0", 8000)
    assert service["ports"] == [f"{settings.port}:{settings.port}"]

    interface_home = PurePosixPath(arguments(interface, "WORKDIR")[-1])
    assert "npm run build" in arguments(interface, "RUN")
    copied = [args.split()[1:] for args in arguments(server, "COPY") if "--from=" in args]
    assert copied == [[str(interface_home / "dist"), str(settings.static_dir)]]

    user = arguments(server, "USER")[-1]
    assert user not in ("root", "0")
    assert any(
        "useradd" in run and f"chown {user} {settings.data_dir}" in run
        for run in arguments(server, "RUN")
    )

    probe = re.search(r"'(http[^']+)'", " ".join(service["healthcheck"]["test"]))
    assert probe
    health = urlparse(probe[1])
    assert health.port == settings.port
    with TestClient(create_app(Settings(data_dir=tmp_path, static_dir=tmp_path))) as client:
        assert client.get(health.path).json() == {"status": "ok"}


def test_ci_script_installs_then_runs_the_readme_test_command():
    ci = (ROOT / ".ci" / "run").read_text()
    readme = (ROOT / "README.md").read_text()
    assert ci.strip().endswith("make test")
    opening = readme.split("\n## ")[0]
    assert "make run" in opening and "make test" in opening
