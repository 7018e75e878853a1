"""The small word lists committed under train/sets/ (cldr_names.json, scowl_names.json): which Debian
package they were read from, and how they are written (one form, so that a list made again diffs cleanly)."""
import json
import subprocess


def debian_package(name):
    """-> "NAME VERSION" of an installed Debian package, or None (not installed, or no dpkg)."""
    try:
        q = subprocess.run(["dpkg-query", "-W", "-f=${Version}", name], capture_output=True, text=True)
    except OSError:
        return None
    return f"{name} {q.stdout}" if q.returncode == 0 else None


def write_lexicon(path, data):
    with open(path, "w", encoding="utf-8") as f:
        json.dump(data, f, ensure_ascii=False, indent=1)
        f.write("\n")
