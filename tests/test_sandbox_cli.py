"""The terminal sandbox, the command line and configuration."""

from __future__ import annotations

import io
import re

import pytest

import games
import renderers
from bot import cli
from bot.platform import sandbox
from bot.platform.config import ConfigError, Settings
from tests.support import translations

REAL_GAMES = sorted(slug for slug in games.REGISTRY if slug != "tiny-duel")


@pytest.mark.parametrize("slug", REAL_GAMES)
def test_unattended_sandbox_game_prints_final_scores(slug, tmp_path):
    rules = games.get(slug)
    players = min(max(rules.min_players, 3), rules.max_players)
    out = io.StringIO()
    code = sandbox.run(slug, players, players, seed=11, out=tmp_path, echo=out)
    text = out.getvalue()
    assert code == 0
    assert "Game over" in text and "(winner)" in text
    assert (tmp_path / "board.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_human_seat_answers_prompts_and_bad_input_is_refused(tmp_path):
    answers = iter(["banana", "99", *["1"] * 5000])
    out = io.StringIO()
    code = sandbox.run("tiny-duel", 2, 1, seed=3, out=tmp_path, ask=lambda _: next(answers), echo=out)
    text = out.getvalue()
    assert code == 0
    assert text.count("Not accepted") >= 2
    assert (tmp_path / "seat1.png").exists()


def test_closed_input_stops_cleanly(tmp_path):
    def closed(_):
        raise EOFError

    assert sandbox.run("tiny-duel", 2, 1, seed=3, out=tmp_path, ask=closed, echo=io.StringIO()) == 1


def test_no_token_explains_how_to_get_one_and_the_sandbox(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.delenv("GAMEHOST_CONFIG", raising=False)
    assert cli.main(["run"]) == 2
    err = capsys.readouterr().err
    assert "DISCORD_TOKEN" in err and "gamehost sandbox" in err


def test_cli_lists_games_and_rejects_unknown_game(capsys, tmp_path):
    assert cli.main(["games"]) == 0
    assert "pocket-mars" in capsys.readouterr().out
    assert cli.main(["sandbox", "no-such-game", "--players", "2", "--out", str(tmp_path)]) == 2


def test_config_file_environment_and_validation(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text('token = "from-file"\ndatabase = "x.db"\nguilds = [1, 2]\nreminder_minutes = 30\n')
    settings = Settings.load(path, environ={})
    assert (settings.token, settings.database, settings.guilds, settings.reminder_minutes) == ("from-file", "x.db", [1, 2], 30)
    assert Settings.load(path, environ={"DISCORD_TOKEN": "env"}).token == "env"
    path.write_text("colour = 'blue'\n")
    with pytest.raises(ConfigError, match="unknown setting"):
        Settings.load(path, environ={})
    path.write_text("afk_hours = -1\n")
    with pytest.raises(ConfigError, match="afk_hours"):
        Settings.load(path, environ={})


def test_example_config_documents_every_setting():
    import tomllib
    from dataclasses import fields
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    example = tomllib.loads((root / "config.example.toml").read_text())
    readme = (root / "README.md").read_text()
    for field in fields(Settings):
        assert field.name in example, f"{field.name} missing from config.example.toml"
        assert f"`{field.name}`" in readme, f"{field.name} missing from README"


def test_sandbox_takes_titles_refuses_nonsense_politely_and_redraws_after_every_change(tmp_path, monkeypatch):
    answers = iter(["abc", "", *["1"] * 5000])
    out = io.StringIO()
    written = []
    original = renderers.render_public

    def counting(slug, view, names, locale="en"):
        written.append(view)
        return original(slug, view, names, locale=locale) if locale != "en" else original(slug, view, names)

    monkeypatch.setattr(renderers, "render_public", counting)
    code = sandbox.run("Tiny Duel", 2, 1, seed=3, out=tmp_path, ask=lambda _: next(answers), echo=out)
    text = out.getvalue()
    assert code == 0
    assert "Not accepted: type the number of an option" in text and "invalid literal" not in text
    drawn = {view["seq"] for view in written}
    assert drawn == set(range(max(drawn) + 1)) and max(drawn) > 5  # redrawn after every change
    assert (tmp_path / "board.png").exists() and (tmp_path / "seat1.png").exists()


def test_cli_explains_bad_options_unknown_games_and_bad_tokens_in_one_line(tmp_path, monkeypatch, capsys):
    assert cli.main(["sandbox", "abc", "--players", "2", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "unknown game 'abc'" in err and "pocket-mars" in err and "Traceback" not in err
    assert cli.main(["sandbox", "tiny-duel", "--players", "2", "--options", "abc", "--out", str(tmp_path)]) == 2
    assert "key=value" in capsys.readouterr().err

    import discord

    from bot.shell import app

    class Refused:
        def run(self, *args, **kwargs):
            raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-token")
    monkeypatch.delenv("GAMEHOST_CONFIG", raising=False)
    monkeypatch.setattr(app, "create_bot", lambda settings, own_process=False: Refused())
    assert cli.main(["run"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "refused the token" in err


def test_required_permissions_are_listed_the_same_everywhere():
    from pathlib import Path

    from bot.shell import messages

    names = [label for _, label in (*messages.REQUIRED_PERMISSIONS, messages.THREAD_PERMISSION)]
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text()
    listed = readme.split("bot permissions **", 1)[1].split("**", 1)[0].replace("\n", " ").split(", ")
    assert sorted(" ".join(p.split()) for p in listed) == sorted(names)
    assert "View Channels" in names and "`guilds`" in readme.split("## Playing in Discord")[0]
    for name in names:
        assert name in " ".join(cli.NO_TOKEN.split())


@pytest.mark.parametrize("slug", games.SHIPPED)
def test_unattended_sandbox_game_reads_wholly_in_traditional_chinese(slug, tmp_path):
    """`sandbox <game> --players 2 --bots 2 --lang zh-TW` plays a whole game whose every printed
    line (the public log of every move, the result) is Chinese but for the game's proper names."""
    rules = games.get(slug)
    out = io.StringIO()
    assert sandbox.run(slug, 2, 2, seed=11, out=tmp_path, echo=out, locale="zh-TW") == 0
    text = re.sub(r"\S*\.png", " ", out.getvalue().replace(str(tmp_path), " "))  # image paths
    domain = translations.domain_of(rules)
    keep = {w.lower() for w in translations.keep_english(domain) | translations.keep_english("games.core")}
    keep |= {w.lower() for w in re.findall(r"[A-Za-z]+", rules.title)} | {"png"}
    left = sorted({w for w in re.findall(r"[A-Za-z][A-Za-z'-]{2,}", text) if w.lower() not in keep})
    assert not left, f"{slug}: English left in a zh-TW sandbox game: {left[:10]}"
    assert "遊戲結束" in text
