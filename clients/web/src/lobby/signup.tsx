/** The first visit: pick a name. The server makes a player and its key, kept in this browser. */
import { useState } from "preact/hooks";
import { lk } from "../api.js";
import { refusalOf, type Refusal } from "../errors.js";
import { savePlayer, type Player } from "../session.js";
import { RefusalNote } from "../ui.js";

export function SignUp({ onDone }: { onDone: (player: Player) => void }) {
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal>();
  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setRefusal(undefined);
    try {
      const made = await lk.signUp(name.trim());
      const player = { id: made.id, name: made.name, key: made.key };
      savePlayer(player);
      onDone(player);
    } catch (error) {
      setRefusal(refusalOf(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="card narrow" aria-labelledby="signup-title">
      <h1 id="signup-title">Play Lorekeeper</h1>
      <p>Dragons and armies on a hex board. Pick a name to start.</p>
      <form onSubmit={submit}>
        <label for="player-name">Your name</label>
        <input
          id="player-name"
          value={name}
          maxLength={40}
          required
          autocomplete="nickname"
          onInput={(e) => setName(e.currentTarget.value)}
        />
        <button type="submit" disabled={busy || name.trim() === ""}>
          Start playing
        </button>
      </form>
      <p class="hint">
        This browser keeps your player's key. Anyone who uses this browser plays as you.
      </p>
      <RefusalNote refusal={refusal} />
    </section>
  );
}
