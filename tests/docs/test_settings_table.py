"""The Settings page's table is made from `Settings`: every setting is in it, with its
variable and its default, and a setting without words (or words for no setting) fails."""

from __future__ import annotations

import pytest
from pydantic import Field

from docs.hooks import settings_table
from docs.hooks.settings_table import SettingsTableError, default_text
from lorekeeper import settings as settings_module
from lorekeeper.settings import Settings, env_name


def test_every_setting_is_in_the_table_with_its_variable_and_default() -> None:
    table = settings_table.settings_table()
    rows = [line for line in table.splitlines() if line.startswith("| `")]
    assert len(rows) == len(Settings.model_fields)
    for name, field in Settings.model_fields.items():
        row = next(r for r in rows if f"<small>{name}</small>" in r)
        assert f"`{env_name(name)}`" in row
        assert default_text(field.default) in row


def test_the_redis_url_is_read_from_its_own_variable() -> None:
    assert "`REDIS_URL`<br><small>redis_url</small>" in settings_table.settings_table()


def test_defaults_read_as_a_person_types_them() -> None:
    assert default_text(None) == "unset"
    assert default_text(True) == "`true`"
    assert default_text("") == "empty"
    assert default_text(20.0) == "`20`"
    assert default_text(1.5) == "`1.5`"
    assert default_text("rq") == "`rq`"


def test_a_setting_without_words_fails_naming_it() -> None:
    descriptions = {
        group: {n: w for n, w in words.items() if n != "rate_burst"}
        for group, words in settings_table.DESCRIPTIONS.items()
    }
    with pytest.raises(SettingsTableError, match="no description: rate_burst"):
        settings_table.settings_table(descriptions)


def test_words_for_a_setting_that_does_not_exist_fail() -> None:
    descriptions = {**settings_table.DESCRIPTIONS, "Gone": {"old_setting": "Was here."}}
    with pytest.raises(SettingsTableError, match="descriptions of no setting: old_setting"):
        settings_table.settings_table(descriptions)


def test_a_new_setting_fails_until_described(monkeypatch: pytest.MonkeyPatch) -> None:
    class Grown(Settings):
        brand_new_s: float = 1.0

    monkeypatch.setattr(settings_table, "Settings", Grown)
    with pytest.raises(SettingsTableError, match="brand_new_s"):
        settings_table.settings_table()
    assert settings_module.Settings is Settings  # the real class is untouched


def test_a_description_given_in_the_code_is_used(monkeypatch: pytest.MonkeyPatch) -> None:
    class Described(Settings):
        brand_new_s: float = Field(default=1.0, description="Words kept beside the field.")

    monkeypatch.setattr(settings_table, "Settings", Described)
    table = settings_table.settings_table()
    assert "## Other settings" in table
    assert "| `LOREKEEPER_BRAND_NEW_S`<br><small>brand_new_s</small> | `1` | Words kept" in table
