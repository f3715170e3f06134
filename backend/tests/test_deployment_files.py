"""The container files cannot be built here; check they say what `make run` does."""

import json
import re
from pathlib import Path, PurePosixPath
from urllib.parse import urlparse

import yaml
from fastapi.testclient import TestClient

from lathe.config import Settings
from lathe.main import create_app
from tests.utils.dask_cluster import COMPOSE_SCHEDULER, compose_commands, localized

ROOT = Path(__file__).resolve().parents[2]
SERVICE_KEYS = {
    "build",
    "image",
    "command",
    "ports",
    "environment",
    "volumes",
    "depends_on",
    "healthcheck",
    "restart",
}


def compose_file() -> dict:
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    assert set(compose) == {"services", "volumes"}
    for name, service in compose["services"].items():
        assert set(service) <= SERVICE_KEYS, name
        assert service["image"] == "lathe:latest", name
        assert all(isinstance(word, str) for word in service.get("command", [])), name
        assert all(isinstance(value, str) for value in service.get("environment", {}).values())
        ports = service.get("ports", [])
        assert all(re.fullmatch(r"(127\.0\.0\.1:)?\d+:\d+", port) for port in ports), name
        assert set(service.get("depends_on", [])) <= set(compose["services"]), name
        for volume in service.get("volumes", []):
            assert volume.split(":")[0] in compose["volumes"], name
    return compose


def option(command: list[str], name: str) -> str:
    return command[command.index(name) + 1]


def test_compose_runs_lathe_a_scheduler_and_scalable_workers_on_one_volume():
    compose = compose_file()
    services = compose["services"]
    assert set(services) == {"lathe", "dask-scheduler", "dask-worker"}
    lathe, scheduler = services["lathe"], services["dask-scheduler"]
    worker = services["dask-worker"]
    assert lathe["build"] == "."
    assert lathe["ports"] == ["8000:8000"]
    assert "/ready/" in " ".join(lathe["healthcheck"]["test"])

    data_dir = lathe["environment"]["LATHE_DATA_DIR"]
    assert lathe["volumes"] == worker["volumes"] == [f"lathe-data:{data_dir}"]
    assert worker["environment"]["LATHE_DATA_DIR"] == data_dir

    port = option(scheduler["command"], "--port")
    assert lathe["environment"]["LATHE_DASK_SCHEDULER"] == COMPOSE_SCHEDULER
    assert f"tcp://dask-scheduler:{port}" == COMPOSE_SCHEDULER
    assert worker["command"][:3] == ["dask", "worker", COMPOSE_SCHEDULER]
    assert option(worker["command"], "--nthreads") == "1"
    dashboard = option(scheduler["command"], "--dashboard-address").rsplit(":", 1)[1]
    # the dashboard has no password: only the host itself reaches it
    assert scheduler["ports"] == [f"127.0.0.1:{dashboard}:{dashboard}"]
    # --scale needs workers without a fixed host port or name
    assert "ports" not in worker and "container_name" not in worker


def without_addresses(command: list[str]) -> list[str]:
    """`command` with the values of its address options and its scheduler address left
    out."""
    shape: list[str] = []
    words = iter(command)
    for word in words:
        shape.append("<scheduler>" if word.startswith("tcp://") else word)
        if word in ("--host", "--port", "--dashboard-address"):
            next(words)
    return shape


def test_the_tests_run_the_compose_commands_on_local_addresses():
    for name, command in compose_commands().items():
        local = localized(command, "tcp://127.0.0.1:1234")
        assert Path(local[0]).name == command[0] == "dask"
        # workers in containers listen on the container's address; here on 127.0.0.1
        added = ["--host"] if name == "dask-worker" else []
        assert without_addresses(local[1:]) == without_addresses(command[1:]) + added, name
        for flag in ("--host", "--dashboard-address"):
            assert flag not in local or option(local, flag).startswith("127.0.0.1"), name
        assert "--host" in local
        assert ("tcp://127.0.0.1:1234" in local) == (name == "dask-worker")


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
    monkeypatch, tmp_path, settings: Settings
):
    settings_of_tests = settings
    interface, server = dockerfile_stages()
    service = compose_file()["services"]["lathe"]

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
    local = Settings(
        data_dir=tmp_path, static_dir=tmp_path, dask_scheduler=settings_of_tests.dask_scheduler
    )
    with TestClient(create_app(local)) as client:
        assert client.get(health.path).json() == {"status": "ok", "ready": True}


def test_ci_script_installs_then_runs_the_readme_test_command():
    ci = (ROOT / ".ci" / "run").read_text()
    readme = (ROOT / "README.md").read_text()
    assert ci.strip().endswith("make test")
    opening = readme.split("\n## ")[0]
    assert "make run" in opening and "make test" in opening
