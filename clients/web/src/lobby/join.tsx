/** An invitation link: accept (take the seat it holds) or decline it. */
import { useState } from "preact/hooks";
import { lk } from "../api.js";
import { refusalOf, type Refusal } from "../errors.js";
import { go } from "../router.js";
import { RefusalNote } from "../ui.js";

export function JoinByLink({ gameId, invitation }: { gameId: string; invitation: string }) {
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string>();
  const [refusal, setRefusal] = useState<Refusal>();
  const act = async (accept: boolean) => {
    setBusy(true);
    setRefusal(undefined);
    try {
      if (accept) {
        await lk.game(gameId).join({ invitation });
        go({ name: "game", id: gameId });
      } else {
        await lk.game(gameId).decline({ invitation });
        setDone("You declined the invitation.");
      }
    } catch (error) {
      const why = refusalOf(error);
      if (why.code === "already_seated") go({ name: "game", id: gameId });
      else setRefusal(why);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="card narrow" aria-labelledby="join-title">
      <h1 id="join-title">An invitation to play</h1>
      <p>
        You are invited to take a seat in game <code>{gameId}</code>.
      </p>
      {done ? (
        <p role="status">{done}</p>
      ) : (
        <p class="buttons">
          <button type="button" class="primary" disabled={busy} onClick={() => void act(true)}>
            Accept and play
          </button>
          <button type="button" disabled={busy} onClick={() => void act(false)}>
            Decline
          </button>
        </p>
      )}
      <RefusalNote refusal={refusal} />
    </section>
  );
}
