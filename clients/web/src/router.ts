/** Where the page is, kept in the URL's fragment (`/play#/game/<id>`): the server serves
 * one page, and a fragment never reaches it (an invitation token in a link stays here). */
import { useEffect, useState } from "preact/hooks";

export type Route =
  | { name: "lobby" }
  | { name: "new" }
  | { name: "game"; id: string }
  | { name: "join"; id: string; invitation: string };

export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, "").split("/").map(decodeURIComponent);
  if (parts[0] === "new") return { name: "new" };
  if (parts[0] === "game" && parts[1]) return { name: "game", id: parts[1] };
  if (parts[0] === "join" && parts[1] && parts[2]) {
    return { name: "join", id: parts[1], invitation: parts[2] };
  }
  return { name: "lobby" };
}

export function href(route: Route): string {
  switch (route.name) {
    case "lobby":
      return "#/";
    case "new":
      return "#/new";
    case "game":
      return `#/game/${encodeURIComponent(route.id)}`;
    case "join":
      return `#/join/${encodeURIComponent(route.id)}/${encodeURIComponent(route.invitation)}`;
  }
}

export function go(route: Route): void {
  location.hash = href(route);
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.hash));
  useEffect(() => {
    const changed = () => setRoute(parseRoute(location.hash));
    addEventListener("hashchange", changed);
    return () => removeEventListener("hashchange", changed);
  }, []);
  return route;
}

/** The link that hands an invitation to a friend. */
export function invitationLink(gameId: string, token: string): string {
  return `${location.origin}/play${href({ name: "join", id: gameId, invitation: token })}`;
}
