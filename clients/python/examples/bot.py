"""A bot account that plays whole games, told when to act by its player stream.

    python bot.py http://127.0.0.1:8000            plays the server's bot
    python bot.py http://127.0.0.1:8000 --wait     waits to be challenged

It signs up as a new bot account. It prints the game's id (with `--wait`, first its own
player id, for a challenger to name), then the winner. Its moves are random; it battles
when it can.
"""

import random
import sys

from lorekeeper_sdk import Client

# A notification's type, a board's phase: plain strings (a server may add new ones).
ACT = ("your_turn", "decision_requested")
PREFERENCE = ("battle", "battle_back", "choose_retreat", "pass", "order", "move", "fly",
              "end_movement", "end_turn")  # fmt: skip


def choose(legal):
    """A command: battle first, then order units (no breath), move, end the phase."""
    actions = [a.to_dict() for a in legal.actions]
    for kind in PREFERENCE:
        found = [a for a in actions if a["type"] == kind and not a.get("breath")
                 and not a.get("roost") and not a.get("remove_tokens")]  # fmt: skip
        if kind == "order" and found:  # one order of as many units as allowed
            units = [a["units"][0] for a in found if a["units"]]
            return {"type": "order", "units": units[: legal.order.max_units]}
        if found:
            return random.choice(found)
    return None  # only `resign` is left: the game waits on the other seat


def play(client, game_id):
    """Send commands until the game waits on the other seat."""
    while True:
        legal = client.legal_actions(game_id)
        if (command := choose(legal)) is not None:
            client.send(game_id, command)
            continue
        board = client.game(game_id, min_version=legal.version)
        if board.phase == "over" or board.active_seat != legal.seat:
            return  # the other seat's turn: the stream says when to act again
        client.game(game_id, min_version=legal.version + 1)  # its decision, or breath


def challenged(client, notes):
    """Wait for a challenge (a seat reserved for this bot), accept it: the game's id."""
    for note in notes:
        if note.type_ == "invitation_received":
            client.join(note.game_id)
            return note.game_id
    raise SystemExit("the stream ended")


def main(url, wait=False):
    client = Client.sign_up(url, "sdk-bot", bot=True)
    with client.notifications(after="0-0") as notes:  # a new player: every note it gets
        if wait:
            print(client.me().id, flush=True)
            game_id = challenged(client, notes)
        else:
            seats = [{"kind": "me"}, {"kind": "bot", "bot": "battler"}]
            game_id = client.create_game("river_crossing", seats=seats).game_id
        print(game_id, flush=True)
        for note in notes:
            if note.game_id == game_id and note.type_ in ACT:
                play(client, game_id)
            elif note.game_id == game_id and note.type_ == "game_over":
                print("winner:", note["winner"])
                return


if __name__ == "__main__":
    main(sys.argv[1], wait="--wait" in sys.argv[2:])
