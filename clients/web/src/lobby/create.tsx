/**
 * A new game: the scenario (a shipped one, or a document pasted in), who sits in each other
 * seat (anyone from the lobby, a friend with a link, the server's bot at a level, or this
 * browser: a hot seat), the visibility, the clock, the dice's seed step and takebacks (two
 * seats only). The seat tokens and invitation links the server shows once are kept in this
 * browser.
 */
import type { CreateGame as CreateBody, ScenarioSummary, TimeControl } from "@lorekeeper/client";
import { useEffect, useState } from "preact/hooks";
import { lk } from "../api.js";
import { refusalOf, type Refusal } from "../errors.js";
import { go } from "../router.js";
import { saveGameNotes, type Player } from "../session.js";
import { RefusalNote, scenarioTitle, seatShape } from "../ui.js";

type Opponent = "open" | "invite" | "bot" | "hotseat";
type ClockKind = "none" | "per_turn" | "fischer" | "correspondence";
const CUSTOM = "(custom)";

// The server's bots (docs/bots.md): `battler` first, the default.
const BOTS: [Bot, string][] = [
  ["battler", "Battler: quick and plain"],
  ["search-easy", "Search bot, easy"],
  ["search-medium", "Search bot, medium"],
  ["search-hard", "Search bot, hard"],
];
type Bot = "battler" | "search-easy" | "search-medium" | "search-hard";

const OPPONENTS: [Opponent, string][] = [
  ["open", "Anyone (an open seat in the lobby)"],
  ["invite", "A friend, with a link"],
  ["bot", "The computer (a bot)"],
  ["hotseat", "Someone here (hot seat: this browser plays it too)"],
];

export function CreateGame({ player: _player }: { player: Player }) {
  const [scenarios, setScenarios] = useState<ScenarioSummary[]>([]);
  const [scenario, setScenario] = useState("");
  const [document, setDocument] = useState("");
  const [opponents, setOpponents] = useState<Opponent[]>(["bot"]);
  const [bot, setBot] = useState<Bot>("battler");
  const [visibility, setVisibility] = useState<"public" | "unlisted" | "private">("public");
  const [clock, setClock] = useState<ClockKind>("none");
  const [seconds, setSeconds] = useState({ turn: 120, bank: 600, increment: 10, days: 1 });
  const [seedStep, setSeedStep] = useState(false);
  const [takebacks, setTakebacks] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal>();

  useEffect(() => {
    lk.scenarios().then(
      (list) => {
        setScenarios(list);
        const first = list[0];
        if (first) {
          setScenario((now) => {
            if (now !== "") return now; // the player chose already
            setOpponents(Array.from({ length: first.seats - 1 }, () => "bot" as Opponent));
            return first.name;
          });
        }
      },
      (error: unknown) => setRefusal(refusalOf(error)),
    );
  }, []);

  const seatsOf = (name: string, text: string): number => {
    if (name !== CUSTOM) return scenarios.find((s) => s.name === name)?.seats ?? 2;
    try {
      const players = (JSON.parse(text) as { players?: unknown[] }).players;
      return Array.isArray(players) ? Math.max(2, players.length) : 2;
    } catch {
      return 2;
    }
  };
  const fitSeats = (count: number) =>
    setOpponents((now) => Array.from({ length: count - 1 }, (_, i) => now[i] ?? "bot"));

  const twoSeats = seatsOf(scenario, document) === 2; // TKB-6

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setRefusal(undefined);
    try {
      const clockBody = timeControl(clock, seconds);
      const body = gameBody(scenario, document, opponents, bot, visibility, clockBody);
      if (seedStep) body.options = { ...body.options, seed_step: true };
      if (takebacks && twoSeats) body.options = { ...body.options, takebacks: true };
      const created = await lk.createGame(body);
      const hotSeats = new Set(opponents.flatMap((o, i) => (o === "hotseat" ? [i + 1] : [])));
      const tokens = Object.fromEntries(
        created.seats.filter((s) => hotSeats.has(s.seat)).map((s) => [String(s.seat), s.token]),
      );
      // A hot seat's browser plays both: it keeps this seat's token beside the key.
      if (hotSeats.size > 0) {
        const mine = created.seats.find((s) => s.seat === 0);
        if (mine) tokens["0"] = mine.token;
      }
      const invitations = created.invitations.map((i) => ({ seat: i.seat, token: i.token }));
      saveGameNotes(created.game_id, { tokens, invitations });
      go({ name: "game", id: created.game_id });
    } catch (error) {
      setRefusal(refusalOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section class="card" aria-labelledby="create-title">
      <h1 id="create-title">New game</h1>
      <form onSubmit={submit} class="create">
        <label for="scenario">Scenario</label>
        <select
          id="scenario"
          value={scenario}
          onChange={(e) => {
            setScenario(e.currentTarget.value);
            fitSeats(seatsOf(e.currentTarget.value, document));
          }}
        >
          {scenarios.map((s) => (
            <option key={s.name} value={s.name}>
              {scenarioTitle(s.name)} ({s.seats} players, {s.width}×{s.height})
            </option>
          ))}
          <option value={CUSTOM}>A scenario document of your own…</option>
        </select>
        {scenario !== CUSTOM ? (
          <p class="hint">{scenarios.find((s) => s.name === scenario)?.description}</p>
        ) : (
          <>
            <label for="scenario-document">Scenario document (JSON)</label>
            <textarea
              id="scenario-document"
              rows={8}
              value={document}
              onInput={(e) => {
                setDocument(e.currentTarget.value);
                fitSeats(seatsOf(CUSTOM, e.currentTarget.value));
              }}
            />
          </>
        )}
        <fieldset>
          <legend>Players</legend>
          <p>
            <span aria-hidden="true">{seatShape(0)} </span>Seat 0: you
          </p>
          {opponents.map((choice, i) => (
            <p key={i}>
              <span aria-hidden="true" class="side-shape">
                {seatShape(i + 1)}{" "}
              </span>
              <label for={`seat-${i + 1}`} class="inline">
                Seat {i + 1}
              </label>
              <select
                id={`seat-${i + 1}`}
                value={choice}
                onChange={(e) => {
                  const value = e.currentTarget.value as Opponent;
                  setOpponents((now) => now.map((o, j) => (j === i ? value : o)));
                }}
              >
                {OPPONENTS.map(([value, words]) => (
                  <option key={value} value={value}>
                    {words}
                  </option>
                ))}
              </select>
            </p>
          ))}
          {opponents.includes("bot") && (
            <p>
              <label for="bot-level" class="inline">
                The computer plays as
              </label>
              <select
                id="bot-level"
                value={bot}
                onChange={(e) => setBot(e.currentTarget.value as Bot)}
              >
                {BOTS.map(([value, words]) => (
                  <option key={value} value={value}>
                    {words}
                  </option>
                ))}
              </select>
            </p>
          )}
        </fieldset>
        <fieldset>
          <legend>Who may watch</legend>
          {(
            [
              ["public", "Public: listed in the lobby"],
              ["unlisted", "Unlisted: anyone with its link"],
              ["private", "Private: only its players"],
            ] as const
          ).map(([value, words]) => (
            <label key={value} class="choice">
              <input
                type="radio"
                name="visibility"
                value={value}
                checked={visibility === value}
                onChange={() => setVisibility(value)}
              />
              {words}
            </label>
          ))}
        </fieldset>
        <fieldset>
          <legend>Clock</legend>
          <label for="clock">Time control</label>
          <select
            id="clock"
            value={clock}
            onChange={(e) => setClock(e.currentTarget.value as ClockKind)}
          >
            <option value="none">No clock</option>
            <option value="per_turn">A time for each turn</option>
            <option value="fischer">A bank of time, with an increment</option>
            <option value="correspondence">Days for each turn</option>
          </select>
          {clock === "per_turn" && (
            <Seconds
              label="Seconds per turn"
              value={seconds.turn}
              max={86400}
              onChange={(turn) => setSeconds({ ...seconds, turn })}
            />
          )}
          {clock === "fischer" && (
            <>
              <Seconds
                label="Bank (seconds)"
                value={seconds.bank}
                max={86400}
                onChange={(bank) => setSeconds({ ...seconds, bank })}
              />
              <Seconds
                label="Increment (seconds)"
                value={seconds.increment}
                min={0}
                max={3600}
                onChange={(increment) => setSeconds({ ...seconds, increment })}
              />
            </>
          )}
          {clock === "correspondence" && (
            <Seconds
              label="Days per turn"
              value={seconds.days}
              max={30}
              onChange={(days) => setSeconds({ ...seconds, days })}
            />
          )}
        </fieldset>
        <label class="choice">
          <input
            type="checkbox"
            checked={seedStep}
            onChange={(e) => setSeedStep(e.currentTarget.checked)}
          />
          Each player adds their own randomness to the dice before the first turn
        </label>
        <label class="choice">
          <input
            type="checkbox"
            checked={takebacks && twoSeats}
            disabled={!twoSeats}
            onChange={(e) => setTakebacks(e.currentTarget.checked)}
          />
          Allow takebacks{twoSeats ? "" : " (two-player games only)"}
        </label>
        <button type="submit" class="primary" disabled={busy || scenario === ""}>
          Create the game
        </button>
      </form>
      <RefusalNote refusal={refusal} />
    </section>
  );
}

function Seconds(props: {
  label: string;
  value: number;
  min?: number;
  max: number;
  onChange: (value: number) => void;
}) {
  const id = `field-${props.label.toLowerCase().replace(/[^a-z]+/g, "-")}`;
  return (
    <p>
      <label for={id}>{props.label}</label>
      <input
        id={id}
        type="number"
        min={props.min ?? 1}
        max={props.max}
        value={props.value}
        onInput={(e) => props.onChange(Number(e.currentTarget.value))}
      />
    </p>
  );
}

function timeControl(
  kind: ClockKind,
  s: { turn: number; bank: number; increment: number; days: number },
): TimeControl | undefined {
  switch (kind) {
    case "none":
      return undefined;
    case "per_turn":
      return { kind, turn_s: s.turn };
    case "fischer":
      return { kind, bank_s: s.bank, increment_s: s.increment };
    case "correspondence":
      return { kind, days: s.days };
  }
}

function gameBody(
  scenario: string,
  document: string,
  opponents: Opponent[],
  bot: Bot,
  visibility: CreateBody["visibility"] & string,
  clock: TimeControl | undefined,
): CreateBody {
  const seats: NonNullable<CreateBody["seats"]> = [{ kind: "me" }];
  for (const choice of opponents) {
    if (choice === "bot") seats.push({ kind: "bot", bot });
    else if (choice === "hotseat") seats.push({ kind: "token" });
    else seats.push({ kind: choice });
  }
  const body: CreateBody = {
    scenario: scenario === CUSTOM ? parseDocument(document) : scenario,
    visibility,
    seats,
  };
  if (clock !== undefined) body.options = { clock };
  return body;
}

function parseDocument(text: string): CreateBody["scenario"] {
  try {
    return JSON.parse(text) as CreateBody["scenario"];
  } catch (error) {
    throw new Error(`The scenario document is not JSON: ${String(error)}`);
  }
}
