/** The dice as they fall, and the plain-words log beside the board. */
import { useEffect, useRef } from "preact/hooks";
import type { LogLine, Roll } from "./store.js";

/** Each face with a mark of its own (not its colour alone). */
const FACES: Record<string, [string, string]> = {
  green: ["G", "green"],
  blue: ["B", "blue"],
  red: ["R", "red"],
  flag: ["⚑", "flag"],
  bonus_strike: ["✶", "bonus strike"],
  lore: ["✎", "lore"],
};

export function Dice({ rolls }: { rolls: Roll[] }) {
  if (rolls.length === 0) return null;
  const shown = rolls.slice(-3).reverse();
  return (
    <section class="dice" aria-label="Dice" aria-live="polite">
      <h3>Dice</h3>
      {shown.map((roll) => (
        <div key={roll.version} class="roll" data-version={roll.version}>
          <p>{roll.who}</p>
          <p class="faces">
            {roll.faces.map((face, i) => {
              const [mark, words] = FACES[face] ?? ["?", face];
              return (
                <span
                  key={i}
                  class={`die face-${face}`}
                  style={{ animationDelay: `${i * 120}ms` }}
                  role="img"
                  aria-label={words}
                >
                  {mark}
                </span>
              );
            })}
          </p>
          <p class="result">{roll.result}</p>
        </div>
      ))}
    </section>
  );
}

export function Log({ lines }: { lines: LogLine[] }) {
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lines.length]);
  return (
    <section class="log" aria-labelledby="log-title">
      <h3 id="log-title">What happened</h3>
      <ol ref={list} class="log-lines">
        {lines.map((line, i) => (
          <li
            key={i}
            value={line.version}
            data-version={line.version}
            data-source={line.source}
            class={line.type === "TurnStarted" ? "turn-start" : ""}
          >
            {line.text || line.type}
          </li>
        ))}
      </ol>
    </section>
  );
}
