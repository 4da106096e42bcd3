/**
 * What this browser keeps (localStorage): the player (its key acts for it in every game),
 * and per game the seat tokens and invitation links it was given, which the server shows
 * only once. Nothing here ever goes in a URL.
 */

export interface Player {
  id: string;
  name: string;
  key: string;
}

export interface SavedInvitation {
  seat: number;
  token: string;
}

/** A game as this browser knows it: the tokens of seats it plays (a hot seat), the
 * invitations it may still hand out. */
export interface GameNotes {
  tokens: Record<string, string>;
  invitations: SavedInvitation[];
}

const PLAYER = "lorekeeper.play.player";
const GAME = "lorekeeper.play.game.";

function read<T>(name: string): T | null {
  try {
    const text = localStorage.getItem(name);
    return text === null ? null : (JSON.parse(text) as T);
  } catch {
    return null; // storage off (a private window) or a value this page did not write
  }
}

function write(name: string, value: unknown): void {
  try {
    localStorage.setItem(name, JSON.stringify(value));
  } catch {
    // storage off or full: the page still plays, but forgets on reload
  }
}

export function loadPlayer(): Player | null {
  const player = read<Player>(PLAYER);
  return player && typeof player.key === "string" && typeof player.id === "string" ? player : null;
}

export function savePlayer(player: Player): void {
  write(PLAYER, player);
}

export function forgetPlayer(): void {
  try {
    localStorage.removeItem(PLAYER);
  } catch {
    // nothing kept
  }
}

export function gameNotes(gameId: string): GameNotes {
  const notes = read<GameNotes>(GAME + gameId);
  return { tokens: notes?.tokens ?? {}, invitations: notes?.invitations ?? [] };
}

export function saveGameNotes(gameId: string, notes: GameNotes): void {
  write(GAME + gameId, notes);
}
