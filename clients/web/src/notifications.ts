/**
 * The player's notifications, live: one stream for the whole page (the SDK resumes it after
 * a dropped network; each connection opens with a fresh single-use ticket). Every screen
 * that lists games reloads when `count` changes: nothing polls. If the stream gives up (the
 * network stayed down through all its reconnections), it starts again when the browser is
 * back online.
 */
import type { Notification } from "@lorekeeper/client";
import { useEffect, useRef, useState } from "preact/hooks";
import { lk } from "./api.js";

export type Live = "connecting" | "live" | "lost";

export interface Notifications {
  /** Grows with every notification (and with a reset, when some may have been missed). */
  count: number;
  last: Notification | undefined;
  live: Live;
}

export function useNotifications(playerId: string | undefined): Notifications {
  const [state, setState] = useState<Notifications>({
    count: 0,
    last: undefined,
    live: "connecting",
  });
  const [attempt, setAttempt] = useState(0);
  const position = useRef<string | undefined>(undefined); // where a restarted stream goes on
  useEffect(() => {
    if (playerId === undefined) return undefined;
    const subscription = lk.subscribeNotifications(
      {
        onItem: (item) => {
          if (item.type === "notification") position.current = item.position;
          setState((s) => ({
            count: s.count + 1,
            last: item.type === "notification" ? item.notification : s.last,
            live: "live",
          }));
        },
        onError: () => {
          setState((s) => ({ ...s, live: "lost" }));
          addEventListener("online", () => setAttempt((n) => n + 1), { once: true });
        },
      },
      {
        ...(position.current === undefined ? {} : { after: position.current }),
        ticket: async () => {
          const ticket = await lk.streamTicket();
          setState((s) => ({ ...s, live: "live" }));
          return ticket;
        },
      },
    );
    return () => subscription.close();
  }, [playerId, attempt]);
  return state;
}
