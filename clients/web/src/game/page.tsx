/** A game's page: the board, what the seat to act may do, the dice, the log, the clocks. */
import { useEffect, useMemo, useState } from "preact/hooks";
import type { Command } from "@lorekeeper/client";
import { go } from "../router.js";
import type { Player } from "../session.js";
import { RefusalNote } from "../ui.js";
import { Choices, TakebackAnswer } from "./actions.js";
import { Board, readPicture } from "./board.js";
import { answeringSeat } from "./choices.js";
import { Dice, Log } from "./feed.js";
import { NO_PICK } from "./orders.js";
import { GameStore, type Snapshot } from "./store.js";
import { Resign, Seats, Summary, Waiting } from "./panels.js";
import { marksFor, tapUnit, type Context, type Ui } from "./turn.js";
import { NO_MARKS } from "./marks.js";

const FRESH: Ui = { selected: undefined, pick: NO_PICK, plan: undefined };

function useStore(store: GameStore): Snapshot {
  const [snap, setSnap] = useState(store.state);
  useEffect(() => store.subscribe(() => setSnap(store.state)), [store]);
  return snap;
}

export function GamePage({
  gameId,
  player,
  notifications,
}: {
  gameId: string;
  player: Player;
  notifications: number;
}) {
  const store = useMemo(() => new GameStore(gameId, player), [gameId, player]);
  const snap = useStore(store);
  useEffect(() => {
    void store.start();
    return () => store.stop();
  }, [store]);
  useEffect(() => {
    if (notifications > 0) void store.refreshTable();
  }, [store, notifications]);
  const picture = useMemo(() => (snap.svg ? readPicture(snap.svg) : undefined), [snap.svg]);
  const [ui, setUi] = useState<Ui>(FRESH);
  const version = snap.view?.version;
  useEffect(() => setUi(FRESH), [version, snap.toAct]);

  const seat =
    snap.toAct !== undefined && snap.mySeats.includes(snap.toAct) ? snap.toAct : undefined;
  const legal = seat === undefined ? undefined : snap.legal.get(seat);
  const send = (command: Command) => void store.send(command, seat);
  const ctx: Context | undefined =
    snap.view && seat !== undefined && legal && legal.version === snap.view.version
      ? { view: snap.view, legal, seat, ui, setUi, send }
      : undefined;
  const marks = useMemo(() => (ctx ? marksFor(ctx) : NO_MARKS), [ctx?.view, ctx?.legal, ui, seat]);
  const status = picture?.status;
  const over = snap.view?.phase === "over";
  // TKB-3: the seat that answers a takeback request is the other seat, not the one to act.
  const answering = answeringSeat(snap.legal, snap.mySeats, version);
  const answeringLegal = answering === undefined ? undefined : snap.legal.get(answering);
  const seatName = (s: number | null | undefined) =>
    s === null || s === undefined ? "Your opponent" : (status?.seats[s]?.name ?? `Seat ${s}`);

  return (
    <div class="game" data-game={gameId} data-version={version ?? 0} data-live={snap.live}>
      <div class="game-head">
        <h1>{status?.title ?? "Game"}</h1>
        <p class="headline" aria-live="polite">
          {status?.headline ?? "Loading the game…"}
        </p>
        <p class="live-state" data-state={snap.live}>
          {liveWords(snap.live)}
        </p>
      </div>
      <div class="game-body">
        <Board picture={picture?.svg} marks={marks} onUnit={(unit) => ctx && tapUnit(ctx, unit)} />
        <div class="side">
          <Seats snap={snap} status={status} player={player} />
          <section
            class="actions"
            aria-label="Your move"
            aria-busy={snap.busy ? "true" : "false"}
            data-seat={seat ?? ""}
          >
            <RefusalNote refusal={snap.refusal} />
            {!over && answering !== undefined && answeringLegal && (
              <TakebackAnswer
                legal={answeringLegal}
                asker={seatName(snap.view?.takebacks?.request)}
                answerer={snap.mySeats.length > 1 ? seatName(answering) : undefined}
                send={(command) => void store.send(command, answering)}
              />
            )}
            {over ? (
              <Summary
                snap={snap}
                status={status}
                onRematch={async () => {
                  const id = await store.rematch();
                  if (id) go({ name: "game", id });
                }}
              />
            ) : ctx ? (
              <>
                {snap.mySeats.length > 1 && (
                  <p class="hot-seat" role="status">
                    Hot seat: {status?.seats[ctx.seat]?.name ?? `seat ${ctx.seat}`} to play. Hand
                    over the device.
                  </p>
                )}
                <Choices ctx={ctx} />
              </>
            ) : (
              <Waiting snap={snap} store={store} status={status} />
            )}
          </section>
          <Dice rolls={snap.rolls} />
          <Log lines={snap.log} />
          {!over && snap.mySeats.length > 0 && snap.view && snap.view.turn > 0 && (
            <Resign onResign={() => void store.send({ type: "resign" }, seat ?? snap.mySeats[0])} />
          )}
        </div>
      </div>
    </div>
  );
}

function liveWords(live: Snapshot["live"]): string {
  switch (live) {
    case "connecting":
      return "Connecting…";
    case "live":
      return "Live";
    case "offline":
      return "Offline: reconnecting when the network is back…";
    case "over":
      return "Game over";
    case "lost":
      return "Not connected: the page catches up when the network is back.";
  }
}
