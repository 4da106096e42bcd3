/** The panels around the board: the seats and their clocks, what the page waits for (with
 * the seed prompt before the first turn), the end of the game, and resigning. */
import { useEffect, useState } from "preact/hooks";
import { href, invitationLink } from "../router.js";
import { holderName } from "../seats.js";
import { gameNotes, type Player } from "../session.js";
import { seatShape } from "../ui.js";
import type { Status } from "./board.js";
import { formatTime, timeLeft } from "./clock.js";
import type { GameStore, Snapshot } from "./store.js";

export function Seats({
  snap,
  status,
  player,
}: {
  snap: Snapshot;
  status: Status | undefined;
  player: Player;
}) {
  const clock = snap.view?.clock ?? null;
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!clock?.running) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 200);
    return () => clearInterval(timer);
  }, [clock]);
  const left = clock ? timeLeft(clock, snap.receivedAt, now) : undefined;
  return (
    <ul class="seat-cards" aria-label="Players">
      {(status?.seats ?? []).map((seat) => {
        const held = snap.table?.seats.find((s) => s.seat === seat.seat);
        const who = holderName(held, player.id);
        const mine = snap.mySeats.includes(seat.seat);
        const running = clock?.running?.seat === seat.seat;
        const ms = left?.get(seat.seat);
        return (
          <li
            key={seat.seat}
            class={`seat-card seat-${seat.seat}${seat.active ? " active" : ""}${mine ? " mine" : ""}`}
            style={{ borderLeftColor: seat.colour }}
            data-seat={seat.seat}
          >
            <span class="side-shape" style={{ color: seat.colour }} aria-hidden="true">
              {seatShape(seat.seat)}
            </span>
            <span class="seat-name">
              {seat.name}
              {who && <span class="holder"> · {who}</span>}
              {seat.out && <span class="out"> ({seat.out})</span>}
            </span>
            <span class="counts">
              lore {seat.lore} · banners {seat.banners} · blood {seat.blood} · cards {seat.cards}
            </span>
            {ms !== undefined && (
              <span
                class={`clock${running ? " running" : ""}${ms < 10_000 ? " low" : ""}`}
                role="timer"
                aria-label={`${seat.name}'s time`}
              >
                ⏱ {formatTime(ms)}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

export function Waiting({
  snap,
  store,
  status,
}: {
  snap: Snapshot;
  store: GameStore;
  status: Status | undefined;
}) {
  const view = snap.view;
  if (!view) return <p>Loading the board…</p>;
  if (view.turn === 0) return <BeforeTheFirstTurn snap={snap} store={store} />;
  if (view.phase === "breath") {
    return (
      <p class="waiting" role="status">
        The dragons breathe: the server rolls their dice…
      </p>
    );
  }
  const seat = snap.toAct;
  const name = seat === undefined ? "the server" : (status?.seats[seat]?.name ?? `seat ${seat}`);
  const what = view.pending
    ? `${name} to decide (${view.pending.kind.replace("_", " ")})`
    : `${name} to play`;
  if (snap.mySeats.length === 0)
    return <p class="waiting">You are watching this game. Waiting for {what}.</p>;
  return (
    <p class="waiting" role="status">
      Waiting for {what}…
    </p>
  );
}

function BeforeTheFirstTurn({ snap, store }: { snap: Snapshot; store: GameStore }) {
  const gameId = store.gameId;
  const invitations = gameNotes(gameId).invitations;
  const open =
    snap.table?.seats.filter((s) => ["open", "invite", "reserved"].includes(s.kind)) ?? [];
  const seedless = snap.dice?.seat_seeds
    ? snap.mySeats.filter((s) => !snap.seeded.includes(s))
    : [];
  return (
    <div class="prompt">
      {open.length > 0 ? (
        <p role="status">
          Waiting for {open.length === 1 ? "a player" : `${open.length} players`} to take a seat.
        </p>
      ) : (
        <p role="status">Waiting for the first turn.</p>
      )}
      {invitations.length > 0 && open.some((s) => s.kind === "invite") && (
        <div class="invitations">
          <h4>Invite a friend: send them this link</h4>
          {invitations.map((inv) => (
            <p key={inv.token}>
              <label for={`invite-${inv.seat}`}>Seat {inv.seat}</label>
              <input
                id={`invite-${inv.seat}`}
                readOnly
                value={invitationLink(gameId, inv.token)}
                onFocus={(e) => e.currentTarget.select()}
              />
              <button
                type="button"
                onClick={() =>
                  void navigator.clipboard?.writeText(invitationLink(gameId, inv.token))
                }
              >
                Copy the link
              </button>
            </p>
          ))}
        </div>
      )}
      {seedless.map((seat) => (
        <SeedPrompt key={seat} seat={seat} store={store} />
      ))}
    </div>
  );
}

/** SEED-1: a seat may mix its own randomness into the dice before the first turn. */
function SeedPrompt({ seat, store }: { seat: number; store: GameStore }) {
  const [seed, setSeed] = useState("");
  const id = `seed-${seat}`;
  return (
    <form
      class="seed"
      onSubmit={(e) => {
        e.preventDefault();
        void store.send({ type: "client_seed", seed: seed.trim() }, seat);
      }}
    >
      <h4>Seat {seat}: add your own randomness to the dice (SEED-1)</h4>
      <p class="hint">
        Any words. The server mixes them into every die, so it cannot choose the dice alone.
      </p>
      <label for={id}>Your words for seat {seat}</label>
      <input id={id} value={seed} maxLength={128} onInput={(e) => setSeed(e.currentTarget.value)} />
      <p class="buttons">
        <button type="submit" class="primary" disabled={seed.trim() === ""}>
          Add my randomness
        </button>
        <button
          type="button"
          onClick={() => void store.send({ type: "client_seed", seed: null }, seat)}
        >
          No thanks
        </button>
      </p>
    </form>
  );
}

export function Summary(props: {
  snap: Snapshot;
  status: Status | undefined;
  onRematch: () => Promise<void>;
}) {
  const { snap, status } = props;
  const view = snap.view;
  const winner = view?.winner;
  const mine = typeof winner === "number" && snap.mySeats.includes(winner);
  const verdict = snap.audit?.verdict;
  const gameId = snap.table?.game_id ?? "";
  return (
    <div class="summary" role="region" aria-label="Game over">
      <h3>
        {winner === "draw"
          ? "A draw"
          : snap.mySeats.length === 1
            ? mine
              ? "You won"
              : "You lost"
            : (status?.headline ?? "Game over")}
      </h3>
      <p>{status?.headline}</p>
      <p class="audit" data-verdict={verdict ?? ""}>
        Audit:{" "}
        {verdict === undefined
          ? "checking…"
          : verdict === "verified"
            ? "verified: every die and every move checks out"
            : `${verdict}${snap.audit?.reason ? `: ${snap.audit.reason}` : ""}`}
      </p>
      <p class="buttons">
        <a class="button" href={`/viewer/${encodeURIComponent(gameId)}`}>
          Watch it again in the viewer
        </a>
        {snap.mySeats.length > 0 && (
          <button
            type="button"
            class="primary"
            disabled={snap.busy}
            onClick={() => void props.onRematch()}
          >
            {snap.table?.rematch ? "Open the rematch" : "Rematch"}
          </button>
        )}
        <a class="button" href={href({ name: "lobby" })}>
          Back to the lobby
        </a>
      </p>
      {snap.table?.visibility === "private" && (
        <p class="hint">The viewer shows public and unlisted games only.</p>
      )}
    </div>
  );
}

export function Resign({ onResign }: { onResign: () => void }) {
  const [asking, setAsking] = useState(false);
  return (
    <div class="resign">
      {asking ? (
        <p role="alertdialog" aria-label="Resign?">
          Resign this game? Your side loses (R-WIN-4).{" "}
          <button
            type="button"
            class="danger"
            onClick={() => {
              setAsking(false);
              onResign();
            }}
          >
            Yes, resign
          </button>
          <button type="button" onClick={() => setAsking(false)}>
            Keep playing
          </button>
        </p>
      ) : (
        <button type="button" onClick={() => setAsking(true)}>
          Resign…
        </button>
      )}
    </div>
  );
}
