/** The page: who plays here (a name, then its key kept in this browser), and the screens. */
import { useEffect, useState } from "preact/hooks";
import { lk } from "./api.js";
import { GamePage } from "./game/page.js";
import { CreateGame } from "./lobby/create.js";
import { JoinByLink } from "./lobby/join.js";
import { Lobby } from "./lobby/lobby.js";
import { SignUp } from "./lobby/signup.js";
import { useNotifications } from "./notifications.js";
import { href, useRoute } from "./router.js";
import { loadPlayer, type Player } from "./session.js";

export function App() {
  const [player, setPlayer] = useState<Player | null>(() => loadPlayer());
  const route = useRoute();
  useEffect(() => lk.useKey(player?.key), [player]);
  if (player !== null) lk.useKey(player.key); // before the first render's calls
  const notes = useNotifications(player?.id);
  return (
    <>
      <header class="top">
        <a class="brand" href={href({ name: "lobby" })}>
          Lorekeeper
        </a>
        {player && (
          <p class="who">
            Playing as <strong>{player.name}</strong>
            <span class="live" data-state={notes.live} title="Your notifications">
              {notes.live === "live" ? " · live" : notes.live === "lost" ? " · offline" : ""}
            </span>
          </p>
        )}
      </header>
      <main id="main">
        {player === null ? (
          <SignUp onDone={setPlayer} />
        ) : route.name === "new" ? (
          <CreateGame player={player} />
        ) : route.name === "game" ? (
          <GamePage key={route.id} gameId={route.id} player={player} notifications={notes.count} />
        ) : route.name === "join" ? (
          <JoinByLink gameId={route.id} invitation={route.invitation} />
        ) : (
          <Lobby player={player} notifications={notes.count} />
        )}
      </main>
    </>
  );
}
