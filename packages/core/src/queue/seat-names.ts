// The name a seated viewer types into the game, and how a room's player is matched to it.
// Jackbox takes at most 12 characters and players type names in any case, with or without
// accents or spaces, so both sides are compared as their letters and digits, upper-cased.

const SEAT_NAME_MAX = 12

/** `Zoë la Reine` → `ZOELAREINE`: letters A–Z and digits, accents dropped. */
export function lettersAndDigits(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toUpperCase().replace(/[^A-Z0-9]/g, '')
}

/** The seat name of a viewer: from the display name, else (none of its characters left) from the user. */
export function seatName(name: string, user: string): string {
  return (lettersAndDigits(name) || lettersAndDigits(user)).slice(0, SEAT_NAME_MAX)
}

/** Whether the room's player `playerName` is the viewer seated as `seat`. */
export const isSeatedAs = (playerName: string, seat: string) => lettersAndDigits(playerName).slice(0, SEAT_NAME_MAX) === seat
