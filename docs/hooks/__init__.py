"""The documentation site's build hooks (mkdocs.yml): see site.py."""
