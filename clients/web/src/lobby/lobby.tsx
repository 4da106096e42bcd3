/**
 * The lobby: the player's games ("your turn" marked), the invitations waiting for it (accept
 * or decline), and the open public games to join. It reloads when a notification comes.
 */
import type { LobbyEntry } from "@lorekeeper/client";
import { useCallback, useEffect, useState } from "preact/hooks";
import { lk } from "../api.js";
import { refusalOf, type Refusal } from "../errors.js";
import { go, href } from "../router.js";
import { holderName } from "../seats.js";
import { gameNotes, type Player } from "../session.js";
import { RefusalNote, scenarioTitle, Section, seatShape } from "../ui.js";

interface Lists {
  mine: LobbyEntry[];
  invited: LobbyEntry[];
  open: LobbyEntry[];
}

export function Lobby({ player, notifications }: { player: Player; notifications: number }) {
  const [lists, setLists] = useState<Lists>();
  const [refusal, setRefusal] = useState<Refusal>();
  const [busy, setBusy] = useState(false);
  const load = useCallback(async () => {
    try {
      const [mine, invited, open] = await Promise.all([
        lk.myGames({ limit: 50 }),
        lk.myGames({ status: "invited", limit: 50 }),
        lk.lobby({ status: "open", limit: 50 }),
      ]);
      const taken = new Set(mine.games.map((g) => g.game_id));
      setLists({
        mine: mine.games.filter((g) => g.status !== "expired"),
        invited: invited.games,
        open: open.games.filter((g) => !taken.has(g.game_id)),
      });
    } catch (error) {
      setRefusal(refusalOf(error));
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load, notifications]);

  const act = async (work: () => Promise<unknown>, then?: () => void) => {
    setBusy(true);
    setRefusal(undefined);
    try {
      await work();
      then?.();
    } catch (error) {
      setRefusal(refusalOf(error));
    } finally {
      setBusy(false);
      void load();
    }
  };

  const yours = (lists?.mine ?? []).filter((g) => isMyTurn(g, player));
  return (
    <div class="lobby" aria-busy={lists === undefined || busy ? "true" : "false"}>
      <div class="lobby-head">
        <h1>Lobby</h1>
        <a class="button primary" href={href({ name: "new" })}>
          New game
        </a>
        <button type="button" onClick={() => void load()}>
          Refresh
        </button>
      </div>
      <RefusalNote refusal={refusal} />
      {lists === undefined ? (
        <p>Loading your games…</p>
      ) : (
        <>
          {yours.length > 0 && (
            <p class="your-turn-count" role="status">
              {yours.length === 1
                ? "One game waits for you."
                : `${yours.length} games wait for you.`}
            </p>
          )}
          <Section title="Invitations">
            {lists.invited.length === 0 ? (
              <p class="empty">No invitations.</p>
            ) : (
              <ul class="games">
                {lists.invited.map((g) => (
                  <li key={g.game_id}>
                    <GameLine entry={g} player={player} />
                    <button
                      type="button"
                      disabled={busy}
                      onClick={() =>
                        void act(
                          () => lk.game(g.game_id).join({}),
                          () => go({ name: "game", id: g.game_id }),
                        )
                      }
                    >
                      Accept
                    </button>
                    <button
                      type="button"
                      disabled={busy}
                      onClick={() => void act(() => lk.game(g.game_id).decline())}
                    >
                      Decline
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </Section>
          <Section title="Your games">
            {lists.mine.length === 0 ? (
              <p class="empty">No games yet: start a new one, or join an open one.</p>
            ) : (
              <ul class="games">
                {lists.mine.map((g) => (
                  <li key={g.game_id} class={isMyTurn(g, player) ? "your-turn" : ""}>
                    <GameLine entry={g} player={player} />
                    <a class="button" href={href({ name: "game", id: g.game_id })}>
                      {isMyTurn(g, player) ? "Play" : "Open"}
                      <span class="sr-only"> game {g.game_id}</span>
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </Section>
          <Section title="Open games">
            {lists.open.length === 0 ? (
              <p class="empty">No open games. Start one: others see it here.</p>
            ) : (
              <ul class="games">
                {lists.open.map((g) => (
                  <li key={g.game_id}>
                    <GameLine entry={g} player={player} />
                    <button
                      type="button"
                      disabled={busy}
                      onClick={() =>
                        void act(
                          () => lk.game(g.game_id).join({}),
                          () => go({ name: "game", id: g.game_id }),
                        )
                      }
                    >
                      Join<span class="sr-only"> game {g.game_id}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </Section>
        </>
      )}
    </div>
  );
}

/** The seats this browser plays in a game: the player's own, and those it holds tokens of. */
export function mySeats(entry: LobbyEntry, player: Player): number[] {
  const tokens = Object.keys(gameNotes(entry.game_id).tokens).map(Number);
  const held = (entry.seating ?? []).filter((s) => s.player?.id === player.id).map((s) => s.seat);
  return [...new Set([...held, ...tokens])].sort();
}

function isMyTurn(entry: LobbyEntry, player: Player): boolean {
  return (
    entry.status === "active" &&
    entry.to_act !== null &&
    entry.to_act !== undefined &&
    mySeats(entry, player).includes(entry.to_act)
  );
}

function GameLine({ entry, player }: { entry: LobbyEntry; player: Player }) {
  const seats = (entry.seating ?? []).map(
    (s) => `${seatShape(s.seat)} ${holderName(s, player.id)}`,
  );
  return (
    <span class="game-line" data-game={entry.game_id}>
      <span class="scenario">{scenarioTitle(entry.scenario)}</span>
      <span class="seats">{seats.join(" vs ")}</span>
      <span class="state">{stateWords(entry, player)}</span>
      {isMyTurn(entry, player) && <strong class="badge">Your turn</strong>}
    </span>
  );
}

function stateWords(entry: LobbyEntry, player: Player): string {
  if (entry.status === "open") return "waiting for players";
  if (entry.status === "over") {
    if (entry.winner === "draw") return "over: a draw";
    const won = typeof entry.winner === "number" && mySeats(entry, player).includes(entry.winner);
    return typeof entry.winner === "number" ? (won ? "over: you won" : "over: you lost") : "over";
  }
  return `turn ${entry.turn ?? 0}, ${entry.phase ?? ""} phase`;
}
