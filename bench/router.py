"""The cheapest router there can be, for bench/layouts.py: it peeks at a connection's first
request line (where a router would decide), then copies bytes both ways to one upstream.
Two processes on one port (SO_REUSEPORT), as the API's two workers.

    python -m bench.router PORT UPSTREAM_PORT
"""

from gevent import monkey

monkey.patch_all()

import contextlib  # noqa: E402
import os  # noqa: E402
import socket  # noqa: E402
import sys  # noqa: E402

import gevent  # noqa: E402
from gevent.server import StreamServer  # noqa: E402

PROCESSES = 2


def serve(port: int, upstream_port: int) -> None:
    def pump(source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        finally:
            with contextlib.suppress(OSError):
                sink.shutdown(socket.SHUT_WR)

    def handle(client: socket.socket, _address: object) -> None:
        client.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        client.recv(128, socket.MSG_PEEK)  # the request line: where a router would decide
        upstream = socket.create_connection(("127.0.0.1", upstream_port))
        upstream.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        back = gevent.spawn(pump, upstream, client)
        pump(client, upstream)
        back.join()
        client.close()
        upstream.close()

    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    listener.bind(("127.0.0.1", port))
    listener.listen(1024)
    StreamServer(listener, handle).serve_forever()


def main() -> None:
    port, upstream_port = int(sys.argv[1]), int(sys.argv[2])
    parent = os.getpid()
    for _ in range(PROCESSES - 1):
        if os.fork() == 0:
            gevent.spawn(_exit_with, parent)  # the benchmark stops the parent only
            break
    serve(port, upstream_port)


def _exit_with(parent: int) -> None:
    while os.getppid() == parent:
        gevent.sleep(0.5)
    os._exit(0)


if __name__ == "__main__":
    main()
