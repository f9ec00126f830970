/**
 * A person's display name, "First Last", as every screen shows it (menus, titles, pickers, aria labels). Empty when
 * both parts are empty, so a caller can fall back: `fullName(u) || u.email`.
 */
export function fullName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`.trim();
}
