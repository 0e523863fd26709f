"""Where a forked client process's private memory comes from: its pages compared with
its parent's (the fork server's), page by page.

Not a test. For each writable mapping of the client, every resident page is one of:

- shared: the same physical page as the parent's at that address (inherited, untouched);
- copied: the parent has a page there too, but a different one (copy-on-write: the
  client, or the parent after the fork, wrote to it; in CPython 3.11 a reference
  count going up and down again is enough);
- new: the parent has no page there (memory the client mapped or first touched).

    sudo python bench/fork_pages.py PID [PID ...]

Reads /proc/PID/pagemap, whose physical page numbers only root can see (for anyone
else the kernel reports zeros, and every page would look shared). A client's parent is
the fork server, whatever its PID; ``bench/ssh_load.py --lobby`` starts sessions to
look at.
"""

from __future__ import annotations

import struct
import sys
from pathlib import Path

PAGE = 4096


def mappings(pid: int) -> list[tuple[int, int, str, str]]:
    """(start, end, permissions, name) of each mapping of ``pid``."""
    out = []
    for line in Path(f"/proc/{pid}/maps").read_text().splitlines():
        parts = line.split()
        start, end = (int(x, 16) for x in parts[0].split("-"))
        out.append((start, end, parts[1], parts[5] if len(parts) > 5 else "[anon]"))
    return out


def frames(pid: int, start: int, end: int) -> list[int | None]:
    """The physical page number of each page from ``start`` to ``end`` (None: not resident)."""
    with open(f"/proc/{pid}/pagemap", "rb") as pagemap:
        pagemap.seek(start // PAGE * 8)
        data = pagemap.read((end - start) // PAGE * 8)
    return [(v & ((1 << 55) - 1)) if v >> 63 else None for (v,) in struct.iter_unpack("Q", data)]


def parent_of(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("PPid:"):
            return int(line.split()[1])
    raise ValueError(f"no parent for {pid}")


def kind(name: str) -> str:
    if not name.startswith("/"):
        return name  # [anon] (pymalloc's arenas, thread stacks), [heap] (malloc), [stack]
    return "shared libraries" if ".so" in name else "other files"


def compare(child: int, parent: int) -> dict[str, list[int]]:
    """KiB shared, copied and new, per kind of mapping."""
    theirs = mappings(parent)
    totals: dict[str, list[int]] = {}
    for start, end, permissions, name in mappings(child):
        if "w" not in permissions:
            continue
        mine = frames(child, start, end)
        parents: list[int | None] = [None] * len(mine)
        for p_start, p_end, _, _ in theirs:
            if p_start < end and p_end > start:
                a, b = max(p_start, start), min(p_end, end)
                parents[(a - start) // PAGE : (b - start) // PAGE] = frames(parent, a, b)
        counts = totals.setdefault(kind(name), [0, 0, 0])
        for frame, before in zip(mine, parents):
            if frame is None:
                continue
            counts[0 if frame == before else 1 if before is not None else 2] += PAGE // 1024
    return totals


def main(pids: list[int]) -> None:
    for pid in pids:
        parent = parent_of(pid)
        totals = compare(pid, parent)
        print(f"client {pid} against its parent {parent} (KiB): shared / copied / new")
        for name, (shared, copied, new) in sorted(totals.items(), key=lambda kv: -sum(kv[1][1:])):
            if shared + copied + new:
                print(f"  {name:18s} shared {shared:7d}  copied {copied:7d}  new {new:7d}")
        shared, copied, new = (sum(v[i] for v in totals.values()) for i in range(3))
        print(f"  {'all':18s} shared {shared:7d}  copied {copied:7d}  new {new:7d}")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main([int(arg) for arg in sys.argv[1:]])
