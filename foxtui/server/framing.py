"""Reading the protocol's frames from an asyncio stream (the server's and the client's)."""

from __future__ import annotations

import asyncio

from . import protocol as p


async def _read_frame(reader: asyncio.StreamReader, limit: int) -> bytes | None:
    """One frame's body; None at a clean end of stream."""
    try:
        header = await reader.readexactly(p.HEADER.size)
    except asyncio.IncompleteReadError as exc:
        if exc.partial:
            raise p.ProtocolError("the stream ended inside a frame") from None
        return None
    (size,) = p.HEADER.unpack(header)
    if size > limit:
        raise p.ProtocolError(f"a frame of {size} bytes is over the limit of {limit}")
    try:
        return await reader.readexactly(size)
    except asyncio.IncompleteReadError:
        raise p.ProtocolError("the stream ended inside a frame") from None


async def read_client_message(reader: asyncio.StreamReader) -> p.ClientMessage | None:
    body = await _read_frame(reader, p.MAX_CLIENT_FRAME)
    return None if body is None else p.decode_client_message(body)


async def read_server_message(reader: asyncio.StreamReader) -> p.ServerMessage | None:
    body = await _read_frame(reader, p.MAX_SERVER_FRAME)
    return None if body is None else p.decode_server_message(body)
