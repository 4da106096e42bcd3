"""The site's build hooks (mkdocs.yml, `hooks:`): what the pages get from the code.

- the board pictures of the Play pages, drawn by the server's code (docs/hooks/boards.py);
- the API reference's openapi.yaml, copied from the top of the repository;
- the SDKs' pages, from their READMEs (docs/hooks/sdk_pages.py);
- the Settings page's table, made from `Settings` (docs/hooks/settings_table.py);
- rule IDs: an anchor on each rule of RULES.md, a link on each mention (rule_links.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from docs.hooks import boards, rule_links, sdk_pages, settings_table

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "openapi.yaml"
SPEC_PAGE = "client/openapi.yaml"
BOARDS = "play/boards"
SETTINGS_PAGE = "run/settings.md"
SETTINGS_MARK = "<!-- settings-table -->"


def on_files(files: Files, config: Any) -> Files:
    for picture in boards.PICTURES:
        path = f"{BOARDS}/{picture.name}.svg"
        files.append(File.generated(config, path, content=boards.draw(picture)))
    files.append(File.generated(config, SPEC_PAGE, content=SPEC.read_text(encoding="utf-8")))
    for path, readme in sdk_pages.PAGES.items():
        files.append(File.generated(config, path, content=sdk_pages.page(readme)))
    return files


def on_page_markdown(markdown: str, page: Page, config: Any, files: Files) -> str:
    path = page.file.src_uri
    if path == rule_links.RULES_PAGE:
        return rule_links.anchor_rules(markdown)
    if path == SETTINGS_PAGE:
        markdown = _with_settings_table(markdown)
    return rule_links.link_rules(markdown, path)


def _with_settings_table(markdown: str) -> str:
    if SETTINGS_MARK not in markdown:
        raise PluginError(f"{SETTINGS_PAGE} has lost its mark {SETTINGS_MARK}")
    try:
        table = settings_table.settings_table()
    except settings_table.SettingsTableError as exc:
        raise PluginError(str(exc)) from exc
    return markdown.replace(SETTINGS_MARK, table)
